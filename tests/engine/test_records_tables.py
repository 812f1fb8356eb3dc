"""Records and positions carry the rule system and table; files written before that read
as classic four-player games."""

from __future__ import annotations

import json
import random

import pytest

from canasta.engine import NotationError, apply, classic, legal_actions, new_game, preset
from canasta.engine.position import load_position, position_of
from canasta.engine.record import load_record, make_record, replay

#: A schema-1 position as canasta wrote them before positions named their table: four seats,
#: pairs for the per-team fields, and no rules beyond the classic ones.
V1_POSITION = {
    "format": "canasta-position",
    "schema_version": 1,
    "rules": {"name": "classic", "strict_naturals": True, "all_red_threes_bonus": 800},
    "dealer": "East",
    "turn": "South",
    "hands": {"South": "c5 c6", "West": "d5 d6", "North": "h5 h6", "East": "s5 s6"},
    "melds": {"North-South": ["13: c13 d13 h13"], "East-West": []},
    "melded": [True, False],
    "scores": [1200, 300],
    "has_played": [False, False, False, False],
}


def test_a_schema_1_position_reads_as_a_classic_four_player_game() -> None:
    state = load_position(json.dumps(V1_POSITION)).to_state()
    assert state.rules == classic
    assert (state.dealer, state.turn) == (3, 0)
    assert state.minimums == (50, 50)
    assert state.scores == (1200, 300)


def test_old_rule_fields_map_to_today_s() -> None:
    data = {**V1_POSITION, "rules": {"strict_naturals": False, "all_red_threes_bonus": 1000}}
    rules = load_position(json.dumps(data)).to_state().rules
    assert rules.wild_limit == "capped"
    assert rules.red_three_scale == ((4, 1000),)


@pytest.mark.parametrize(
    ("system", "players"), [("classic", 2), ("traditional", 3), ("classic", 6)]
)
def test_positions_and_records_of_every_table_round_trip(system: str, players: int) -> None:
    rules = preset(system, players)
    rng = random.Random(players)
    initial = state = new_game(rules, seed=players)
    actions = []
    for _ in range(40):
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action).state
    data = json.loads(position_of(state).to_json())
    assert (data["rules"]["name"], data["rules"]["players"]) == (system, players)
    assert list(data["hands"]) == list(rules.seat_names)
    back = load_position(position_of(state).to_json()).to_state()
    assert back.hands == state.hands
    assert back.melds == state.melds
    assert (back.scores, back.melded, back.has_played) == (
        state.scores,
        state.melded,
        state.has_played,
    )
    record = load_record(make_record(initial, actions).to_json())
    assert record.first_dealer == rules.seat_names[-1]
    assert replay(record)[-1] == state


def test_a_seat_or_team_the_table_does_not_have_is_refused_in_one_sentence() -> None:
    two = json.loads(position_of(new_game(preset("classic", 2), seed=1)).to_json())
    two["hands"]["West"] = "c4"
    with pytest.raises(NotationError, match=r"'West' is not a seat of classic, 2 players"):
        load_position(json.dumps(two))
    six = json.loads(position_of(new_game(preset("classic", 6), seed=1)).to_json())
    six["melds"] = {"North-South": []}
    with pytest.raises(NotationError, match=r"'North-South' is not a team of classic, 6"):
        load_position(json.dumps(six))
    six = json.loads(position_of(new_game(preset("classic", 6), seed=1)).to_json())
    six["scores"] = [0, 0, 0]
    with pytest.raises(NotationError, match=r"scores must hold 2 values; it holds 3"):
        load_position(json.dumps(six)).to_state()


def test_a_record_s_first_dealer_must_sit_at_its_table() -> None:
    record = json.loads(make_record(new_game(preset("classic", 3), seed=1), []).to_json())
    record["first_dealer"] = "North"
    with pytest.raises(NotationError, match=r"first_dealer must be one of South, West, East"):
        load_record(json.dumps(record))
