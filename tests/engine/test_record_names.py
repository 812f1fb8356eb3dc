"""A record names its players (docs/notation.md, ``names``): named games keep their names
through JSON, and records of unnamed games read and write as they did before."""

from __future__ import annotations

import json

import pytest

from canasta.engine import NotationError, new_game, preset
from canasta.engine.record import load_record, make_record, replay

from .helpers import random_actions

NAMES = ["Ann", "West", "Bob", "East"]


def test_a_record_with_names_round_trips_through_json() -> None:
    initial, actions = random_actions(5, steps=30)
    record = make_record(initial, actions, names=NAMES)
    text = record.to_json()
    assert json.loads(text)["names"] == NAMES
    loaded = load_record(text)
    assert loaded == record and loaded.to_json() == text
    assert loaded.player_names() == tuple(NAMES)
    assert replay(loaded) == replay(make_record(initial, actions))
    # A session extends its record action by action: the names go along.
    state = replay(loaded)[-1]
    assert loaded.extended(actions[-1], state).names == NAMES


def test_a_record_without_names_loads_and_dumps_as_before() -> None:
    initial, actions = random_actions(6, steps=20)
    text = make_record(initial, actions).to_json()
    assert "names" not in json.loads(text)
    loaded = load_record(text)
    assert loaded.names is None and loaded.to_json() == text
    assert loaded.player_names() == ("South", "West", "North", "East")
    # Players called by their seats are not written as names.
    assert make_record(initial, actions, names=initial.rules.seat_names).to_json() == text
    assert loaded.named(initial.rules.seat_names).to_json() == text
    assert loaded.named(NAMES).names == NAMES


@pytest.mark.parametrize(
    ("names", "says"),
    [
        (["Ann", "Bob"], "names must give 3 names, one per seat in the order South, West, East"),
        (["Ann", "Bob", "Cy", "Di"], "names must give 3 names, one per seat in the order"),
        (["Ann", "", "Cy"], r"names\.1: a player name has 1 to 20 printable characters"),
        (["Ann", "   ", "Cy"], r"names\.1: a player name has 1 to 20 printable characters"),
        (["A" * 21, "Bob", "Cy"], r"names\.0: a player name has 1 to 20 printable characters"),
    ],
)
def test_names_that_are_not_one_per_seat_are_refused_in_one_sentence(
    names: list[str], says: str
) -> None:
    data = json.loads(make_record(new_game(preset("classic", 3), seed=1), []).to_json())
    data["names"] = names
    with pytest.raises(NotationError, match=says) as caught:
        load_record(json.dumps(data))
    message = str(caught.value)
    assert "\n" not in message and message.count(". ") == 0 and message.endswith(".")
