"""Every level returns only legal actions, over many seeded games, asking and answering
partner included."""

from __future__ import annotations

import pytest

from canasta.choices import LEVELS
from canasta.engine import PLAYER_COUNTS, Answer, AskPartner, Phase, legal_actions, preset

from .helpers import play

TABLES = [
    ("random", "random", "random", "random"),
    ("easy", "random", "easy", "random"),
    ("normal", "easy", "normal", "easy"),
    ("normal", "normal", "normal", "normal"),
    ("easy", "normal", "random", "normal"),
]


@pytest.mark.parametrize("seats", TABLES, ids=["-".join(t) for t in TABLES])
def test_levels_play_only_legal_actions(seats: tuple[str, str, str, str]) -> None:
    decisions = 0
    for seed in range(6):
        for _ in play(seats, seed=seed, rounds=3):
            decisions += 1
    assert decisions > 500


def test_hard_plays_only_legal_actions() -> None:
    decisions = 0
    for seed in range(2):
        for _ in play(("hard", "normal", "hard", "easy"), seed=seed, rounds=1):
            decisions += 1
    assert decisions > 50


def test_ask_and_answer_decisions_occur_and_stay_legal() -> None:
    asked = answered = 0
    for seed in range(12):
        for state in play(("normal", "easy", "normal", "easy"), seed=seed, rounds=2):
            legal = legal_actions(state)
            if state.phase is Phase.ANSWER:
                answered += 1
                assert legal == [Answer(True), Answer(False)]
            elif AskPartner() in legal:
                asked += 1
    assert asked > 0
    assert answered > 0


OTHER_TABLES = [
    (system, players)
    for system, counts in PLAYER_COUNTS.items()
    for players in counts
    if (system, players) != ("classic", 4)
]


@pytest.mark.parametrize(("system", "players"), OTHER_TABLES)
def test_every_level_plays_every_table_legally(system: str, players: int) -> None:
    rules = preset(system, players)
    strongest_first = LEVELS[::-1]
    seats = tuple(strongest_first[seat % len(LEVELS)] for seat in range(players))
    decisions = 0
    for state in play(seats, seed=players, rounds=1, rules=rules):
        decisions += 1
        assert len(state.hands) == players
    assert decisions > 30


def test_the_registry_builds_exactly_the_levels_a_player_can_choose() -> None:
    from canasta.bots import BOTS

    assert tuple(BOTS) == LEVELS
