"""``RuleSet``: an immutable value that checks itself, and its ``rules`` object in files."""

from __future__ import annotations

import json
import pickle

import pytest

from canasta.engine import (
    COMPASS,
    PLAYER_COUNTS,
    CanastaError,
    NotationError,
    RuleSet,
    classic,
    preset,
)
from canasta.engine.documents import rules_dict, validate_rules


def test_a_rule_set_checks_itself_when_built_and_when_changed() -> None:
    with pytest.raises(CanastaError, match=r"^Rule set 'x' is invalid: a game seats 2 to 6"):
        RuleSet(name="x", players=9)
    with pytest.raises(CanastaError, match=r"invalid: hand_size must be 2 to 30;"):
        classic._replace(hand_size=31)
    short = preset("classic", 3)._replace(target_score=300)
    assert short == RuleSet(**{**preset("classic", 3)._asdict(), "target_score": 300})


def test_a_rule_set_is_an_immutable_value_equal_only_to_rule_sets() -> None:
    assert RuleSet() == classic and hash(RuleSet()) == hash(classic)
    assert classic != tuple(classic)
    assert classic != classic._replace(target_score=300)
    assert pickle.loads(pickle.dumps(preset("railroad", 5))) == preset("railroad", 5)
    with pytest.raises(AttributeError):
        classic.players = 3  # type: ignore[misc]
    assert repr(classic).startswith("RuleSet(name='classic', players=4, partnerships=((0, 2),")


def test_the_rules_object_lists_every_field_in_order_as_json() -> None:
    data = rules_dict(preset("classic", 6))
    assert list(data) == list(RuleSet._fields)
    assert data["partnerships"] == [[0, 2, 4], [1, 3, 5]]
    assert data["minimum_table"][-1] == [None, 15]
    assert validate_rules(json.loads(json.dumps(data))) == preset("classic", 6)


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (
            {"players": "four"},
            "The rules are invalid: players: Input should be a valid integer, unable to parse "
            "string as an integer.",
        ),
        (
            {"wild_limit": "some"},
            "The rules are invalid: wild_limit: Input should be 'fewer', 'no_more' or 'capped'.",
        ),
        (
            {"minimum_table": [[0, 50], [None, "x"]]},
            "The rules are invalid: minimum_table.1.1: Input should be a valid integer, unable "
            "to parse string as an integer.",
        ),
        (
            {"players": 9},
            "The rules are invalid: Rule set 'classic' is invalid: a game seats 2 to 6 players.",
        ),
    ],
)
def test_a_bad_rules_object_is_named_in_one_sentence(
    change: dict[str, object], sentence: str
) -> None:
    with pytest.raises(NotationError) as caught:
        validate_rules({**rules_dict(classic), "unknown": 1, **change})
    assert str(caught.value) == sentence


def test_every_tables_seats_are_named_in_turn_order_clockwise_from_south() -> None:
    for system, counts in PLAYER_COUNTS.items():
        for players in counts:
            seats = preset(system, players).seat_names
            assert seats[0] == "South"
            assert list(seats) == sorted(seats, key=COMPASS.index), (system, players)
