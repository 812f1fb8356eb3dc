"""Mutations of valid files, shared by the fuzzers (``tests/persist/test_fuzz.py``,
``tests/property/test_loader_fuzz.py``) and ``benchmarks/loader_fuzz.py``.

A mutation damages the bytes (flips, swaps, deletions, insertions, cuts) or replaces JSON
values with the wrong kind of value: null, lists, objects, huge and negative numbers,
floats, booleans, strings, or raw JSON text that Python's own decoder stumbles on.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st

from canasta.engine import Action, GameState, Phase, RuleSet, apply, legal_actions, new_game
from canasta.engine.errors import CanastaError
from canasta.engine.record import load_position, load_record, make_record, position_of, replay


@st.composite
def damaged(draw: st.DrawFn, raw: bytes) -> bytes:
    """``raw`` with a few bytes flipped, swapped, deleted, inserted, or the end cut off."""
    data = bytearray(raw)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        operation = draw(st.sampled_from(["flip", "swap", "delete", "insert", "truncate"]))
        if operation == "flip" and at < len(data):
            data[at] ^= draw(st.integers(1, 255))
        elif operation == "swap" and at < len(data):
            other = draw(st.integers(0, len(data) - 1))
            data[at], data[other] = data[other], data[at]
        elif operation == "delete":
            del data[at : at + draw(st.integers(1, 16))]
        elif operation == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif operation == "truncate":
            del data[at:]
    return bytes(data)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)

#: Numbers that overflow a counter, a range or ``str(int)`` (over 4,300 digits).
HUGE_NUMBERS = st.sampled_from([2**31, 2**63, -(2**63), 10**30, -(10**30), 10**4000])

#: JSON text that a value is replaced with verbatim (``json.dumps`` cannot write it).
RAW_JSON = st.sampled_from(
    ["1" + "0" * 5000, "1e999", "-1e999", "NaN", "[" * 50_000 + "]" * 50_000]
)

#: Text made of card and action notation, so that it sometimes parses.
NOTATION = st.text(alphabet="cdhsjk0123456789 :", max_size=30)

_RAW = "\x00raw\x00"


def locations(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, the value itself first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += locations(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += locations(item, (*path, index))
    return found


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """``value`` with the item at ``path`` replaced by ``new``."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], rest, new)}
    return [*value[:head], replaced(value[head], rest, new), *value[head + 1 :]]


@st.composite
def with_values_replaced(draw: st.DrawFn, raw: bytes) -> bytes:
    """The JSON document ``raw`` with one to three values replaced by wrong ones."""
    document = json.loads(raw)
    raw_text = None
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(locations(document)))
        new = draw(
            st.none()
            | st.just([])
            | st.just({})
            | HUGE_NUMBERS
            | st.integers(-(10**6), -1)
            | st.integers(0, 500)
            | JSON_VALUES
            | NOTATION
            | st.just(_RAW)
        )
        if new == _RAW:
            raw_text = draw(RAW_JSON)
        document = replaced(document, place, new)
    text = json.dumps(document)
    if raw_text is not None:
        text = text.replace(json.dumps(_RAW), raw_text)
    return text.encode()


def mutated(raw: bytes) -> st.SearchStrategy[bytes]:
    """Random bytes, or ``raw`` damaged, or ``raw`` with values replaced."""
    return st.binary(max_size=300) | damaged(raw) | with_values_replaced(raw)


# --------------------------------------------------------------------------- engine files


def _played(seed: int, steps: int, rules: RuleSet) -> tuple[GameState, list[Action]]:
    """A seeded deal and ``steps`` random legal actions (fewer if the game ends)."""
    rng = random.Random(seed)
    initial = state = new_game(rules, seed=seed)
    actions: list[Action] = []
    while len(actions) < steps and state.phase is not Phase.GAME_OVER:
        action = rng.choice(legal_actions(state))
        state = apply(state, action).state
        actions.append(action)
    return initial, actions


def engine_files() -> dict[str, list[bytes]]:
    """Valid records and positions of seeded random games: a fresh deal, a turn under way,
    and a game played to its end (melds, canastas, a score sheet)."""
    records: list[bytes] = []
    positions: list[bytes] = []
    games = ((1, 0, RuleSet()), (2, 40, RuleSet()), (3, 10**4, RuleSet(target_score=300)))
    for seed, steps, rules in games:
        initial, actions = _played(seed, steps, rules)
        record = make_record(initial, actions)
        records.append(record.to_json().encode())
        states = replay(record)
        for index in sorted({0, len(states) // 2, len(states) - 1}):
            positions.append(position_of(states[index]).to_json().encode())
    return {"record": records, "position": positions}


def exercise(kind: str, content: bytes, choice: int) -> bool:
    """Load ``content`` as a ``kind`` ("record" or "position"), then list the legal actions
    of its state and apply one of them (``choice``, modulo their number).

    Returns:
        Whether it loaded (``False``: refused with a :class:`CanastaError`); any other
        exception propagates.
    """
    try:
        if kind == "record":
            state = replay(load_record(content))[-1]
        else:
            state = load_position(content).to_state()
    except CanastaError as error:
        message = str(error)
        assert message and "\n" not in message, message
        return False
    actions = legal_actions(state)
    if actions:
        apply(state, actions[choice % len(actions)])
    return True
