"""Partner play a club player accepts: each case of ``cases.toml`` is a ``canasta analyze``
position (``NAME.json`` beside it), the decision expected of the bot to move, and why."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from canasta.bots import Effort, make_bot
from canasta.engine import canonical, legal, load_position, parse_action, view

HERE = Path(__file__).parent
CASES: dict[str, dict[str, object]] = tomllib.loads((HERE / "cases.toml").read_text())
LEVELS = ("normal", "hard")


def _runs() -> list[tuple[str, str]]:
    return [
        (name, level)
        for name, case in CASES.items()
        for level in case.get("levels", LEVELS)  # type: ignore[attr-defined]
    ]


def test_there_are_at_least_twenty_cases_each_with_its_position_and_reason() -> None:
    assert len(CASES) >= 20
    assert sorted(CASES) == sorted(path.stem for path in HERE.glob("*.json"))
    for name, case in CASES.items():
        assert case.get("why"), name
        assert case.get("expect") or case.get("avoid"), name


@pytest.mark.parametrize(("name", "level"), _runs(), ids=[f"{n}-{lv}" for n, lv in _runs()])
def test_position(name: str, level: str) -> None:
    case = CASES[name]
    state = load_position((HERE / f"{name}.json").read_text()).to_state()
    seat = state.to_move
    assert seat is not None
    choices = legal(state)
    wanted = [canonical(state, parse_action(text)) for text in case.get("expect", [])]  # type: ignore[attr-defined]
    banned = [canonical(state, parse_action(text)) for text in case.get("avoid", [])]  # type: ignore[attr-defined]
    for action in (*wanted, *banned):
        assert action in choices, f"{name}: {action} is not legal here"
    bot = make_bot(level, effort=Effort(cap=None))
    decision = bot.decide(view(state, seat), choices, random.Random(name))
    why = case["why"]
    if wanted:
        assert decision.action in wanted, f"{level} chose {decision.action}: {why}"
    assert decision.action not in banned, f"{level} chose {decision.action}: {why}"
