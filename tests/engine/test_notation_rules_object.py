"""docs/notation.md, "The rules object": a record's or position's ``rules`` names its preset
(``name`` and ``players``), and the fields it gives override the preset's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from canasta.engine import NotationError, classic, new_game, preset
from canasta.engine.position import load_position, position_of
from canasta.engine.record import load_record, make_record


def _position(rules: dict[str, Any]) -> str:
    """A position of the first deal of ``rules``' preset, its rules object replaced."""
    data = json.loads(
        position_of(new_game(preset(rules["name"], rules["players"]), seed=5)).to_json()
    )
    return json.dumps({**data, "rules": rules})


def test_the_rules_object_names_railroad_for_three_players() -> None:
    state = load_position(_position({"name": "railroad", "players": 3})).to_state()
    assert state.rules == preset("railroad", 3)


@pytest.mark.parametrize(
    ("system", "players"),
    [("classic", 2), ("classic", 3), ("classic", 6), ("traditional", 4), ("railroad", 5)],
)
def test_the_rules_object_reads_every_preset_by_its_name(system: str, players: int) -> None:
    rules = {"name": system, "players": players}
    assert load_position(_position(rules)).to_state().rules == preset(system, players)
    record = json.loads(make_record(new_game(preset(system, players), seed=3), []).to_json())
    record["rules"] = rules
    assert load_record(json.dumps(record)).rule_set() == preset(system, players)


def test_the_rules_object_fields_given_override_the_preset() -> None:
    rules = {"name": "classic", "players": 2, "target_score": 3000}
    assert load_position(_position(rules)).to_state().rules == preset("classic", 2)._replace(
        target_score=3000
    )


def test_the_rules_object_without_players_is_the_system_s_default_table() -> None:
    record = json.loads(make_record(new_game(preset("railroad"), seed=3), []).to_json())
    record["rules"] = {"name": "railroad"}
    assert load_record(json.dumps(record)).rule_set() == preset("railroad", 3)


def test_the_rules_object_refuses_a_count_the_system_does_not_allow() -> None:
    record = json.loads(make_record(new_game(classic, seed=3), []).to_json())
    record["rules"] = {"name": "classic", "players": 5}
    with pytest.raises(NotationError, match=r"players: Classic canasta is played by 2, 3, 4 or 6"):
        load_record(json.dumps(record)).rule_set()


def test_the_rules_object_of_a_table_of_its_own_takes_classic_values() -> None:
    """A name that is no preset, or a count the system lacks with its own partnerships:
    the fields left out are classic's, as before presets were read."""
    record = json.loads(make_record(new_game(classic, seed=3), []).to_json())
    record["rules"] = {"name": "house", "hand_size": 13}
    assert load_record(json.dumps(record)).rule_set() == classic._replace(
        name="house", hand_size=13
    )
    record["rules"] = {"name": "classic", "players": 5, "partnerships": [[0], [1], [2], [3], [4]]}
    del record["first_dealer"]  # East: not a seat of five
    rules = load_record(json.dumps(record)).rule_set()
    assert rules == classic._replace(players=5, partnerships=((0,), (1,), (2,), (3,), (4,)))


@pytest.mark.parametrize(
    ("system", "players"), [("classic", 4), ("traditional", 6), ("railroad", 2)]
)
def test_the_rules_object_written_in_full_reads_the_same(system: str, players: int) -> None:
    rules = preset(system, players)._replace(target_score=7000, hand_size=12)
    text = position_of(new_game(rules, seed=9)).to_json()
    assert load_position(text).to_state().rules == rules
