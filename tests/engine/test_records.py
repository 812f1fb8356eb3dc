"""Game records and positions (docs/notation.md): replay, determinism, JSON errors."""

from __future__ import annotations

import json

import pytest

from canasta.engine import GameState, NotationError, Phase, new_game
from canasta.engine.cards import cards_text
from canasta.engine.record import (
    GameRecord,
    load_position,
    load_record,
    make_record,
    position_of,
    replay,
)

from .helpers import cards, random_actions, random_play, stacked_deck


def _comparable(state: GameState) -> GameState:
    """The fields a position holds (it stores neither the decks nor who went out)."""
    return state._replace(deck=(), stacked=(), went_out=None)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_record_replays_every_state(seed: int) -> None:
    initial, actions = random_actions(seed, steps=600, rounds=2)
    record = make_record(initial, actions)
    states = replay(load_record(record.to_json()))
    # Replayed states carry the record's decks as stacked decks; nothing else differs.
    played = random_play(seed, steps=600, rounds=2)
    assert [s._replace(stacked=()) for s in states] == played
    assert len(states) == len(actions) + 1


def test_record_of_several_rounds_stores_each_deck() -> None:
    initial, actions = random_actions(4, steps=900, rounds=3)
    record = make_record(initial, actions)
    final = replay(record)[-1]
    assert len(record.decks) == final.round_no
    assert record.decks[0] == cards_text(initial.deck)


def test_same_seed_same_game() -> None:
    assert new_game(seed=7) == new_game(seed=7)
    assert random_play(7, steps=200) == random_play(7, steps=200)
    assert new_game(seed=7).deck != new_game(seed=8).deck


def test_stacked_deck_gives_the_chosen_deal_and_replays() -> None:
    deck = stacked_deck(south="c1 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13", up="s9")
    initial = new_game(deck=deck)
    assert initial.hands[0] == cards("c1 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13")
    record = make_record(initial, [])
    assert record.decks == [cards_text(deck)]
    assert replay(load_record(record.to_json())) == [initial]


def test_record_json_format() -> None:
    initial, actions = random_actions(5, steps=10)
    data = json.loads(make_record(initial, actions).to_json())
    assert data["format"] == "canasta-record"
    assert data["schema_version"] == 1
    assert data["first_dealer"] == "East"
    assert data["rules"]["name"] == "classic"
    assert data["actions"] == [str(a) for a in actions]
    assert len(data["decks"][0].split()) == 108


def _record_data() -> dict:  # type: ignore[type-arg]
    initial, actions = random_actions(6, steps=20)
    return json.loads(make_record(initial, actions).to_json())  # type: ignore[no-any-return]


def _one_sentence(error: Exception) -> None:
    message = str(error)
    assert message.strip()
    assert "\n" not in message
    assert "Traceback" not in message


@pytest.mark.parametrize(
    "text",
    ["", "{", "not json", "[1, 2", b"\xff\xfe{"],
)
def test_load_record_invalid_json(text: str | bytes) -> None:
    with pytest.raises(NotationError) as caught:
        load_record(text)
    _one_sentence(caught.value)


def test_load_record_wrong_schema_version() -> None:
    data = _record_data()
    data["schema_version"] = 2
    with pytest.raises(NotationError) as caught:
        load_record(json.dumps(data))
    assert "2" in str(caught.value)
    _one_sentence(caught.value)


def test_load_record_wrong_shape() -> None:
    for change in ({"seed": "x"}, {"actions": "draw"}, {"extra": 1}, {"first_dealer": "Up"}):
        data = _record_data()
        data.update(change)
        with pytest.raises(NotationError) as caught:
            load_record(json.dumps(data))
        _one_sentence(caught.value)
    with pytest.raises(NotationError):
        load_record("[]")


def test_load_record_a_position_is_not_a_record() -> None:
    text = position_of(new_game(seed=1)).to_json()
    with pytest.raises(NotationError):
        load_record(text)
    with pytest.raises(NotationError):
        load_position(make_record(new_game(seed=1), []).to_json())


def _load_and_replay(data: dict) -> list[GameState]:  # type: ignore[type-arg]
    return replay(load_record(json.dumps(data)))


def test_record_with_a_bad_card_raises_notation_error() -> None:
    data = _record_data()
    data["decks"][0] = data["decks"][0].replace("jk", "zz", 1)
    with pytest.raises(NotationError) as caught:
        _load_and_replay(data)
    assert "zz" in str(caught.value)
    _one_sentence(caught.value)


def test_record_with_a_bad_action_raises_notation_error() -> None:
    data = _record_data()
    data["actions"][0] = "fly away"
    with pytest.raises(NotationError) as caught:
        _load_and_replay(data)
    assert "fly away" in str(caught.value)
    _one_sentence(caught.value)


def test_record_with_impossible_card_counts_raises_notation_error() -> None:
    data = _record_data()
    # Three of the same card: the deck no longer holds exactly the game's 108 cards.
    deck = data["decks"][0].split()
    deck[deck.index("jk")] = "h13"
    data["decks"][0] = " ".join(deck)
    with pytest.raises(NotationError) as caught:
        _load_and_replay(data)
    _one_sentence(caught.value)


def test_record_with_invalid_rules_raises_notation_error() -> None:
    data = _record_data()
    data["rules"]["hand_size"] = "many"
    with pytest.raises(NotationError) as caught:
        _load_and_replay(data)
    _one_sentence(caught.value)


def test_record_with_an_illegal_action_names_it() -> None:
    data = _record_data()
    data["actions"].insert(0, "discard jk")
    with pytest.raises(Exception) as caught:
        _load_and_replay(data)
    assert "Action 1" in str(caught.value)


# --------------------------------------------------------------------------- positions


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_position_round_trips_states_from_random_play(seed: int) -> None:
    states = random_play(seed, steps=500, rounds=2)
    for state in [*states[:: max(1, len(states) // 40)], states[-1]]:
        text = position_of(state).to_json()
        loaded = load_position(text).to_state()
        assert loaded == _comparable(state), state.phase


def test_position_json_format() -> None:
    data = json.loads(position_of(new_game(seed=3)).to_json())
    assert data["format"] == "canasta-position"
    assert data["schema_version"] == 3
    assert data["phase"] == "draw"
    assert data["turn"] == "South"
    assert set(data["hands"]) == {"South", "West", "North", "East"}


def _position_data() -> dict:  # type: ignore[type-arg]
    return json.loads(position_of(new_game(seed=3)).to_json())  # type: ignore[no-any-return]


def _load_state(data: dict) -> GameState:  # type: ignore[type-arg]
    return load_position(json.dumps(data)).to_state()


@pytest.mark.parametrize("text", ["", "{", "nope", b"\xff"])
def test_load_position_invalid_json(text: str | bytes) -> None:
    with pytest.raises(NotationError) as caught:
        load_position(text)
    _one_sentence(caught.value)


def test_load_position_wrong_schema_version() -> None:
    data = _position_data()
    data["schema_version"] = 99
    with pytest.raises(NotationError) as caught:
        load_position(json.dumps(data))
    _one_sentence(caught.value)


def test_load_position_bad_card() -> None:
    data = _position_data()
    data["hands"]["South"] += " q99"
    with pytest.raises(NotationError) as caught:
        _load_state(data)
    assert "q99" in str(caught.value)
    _one_sentence(caught.value)


def test_load_position_too_many_copies_of_a_card() -> None:
    data = _position_data()
    data["hands"]["South"] += " jk jk jk jk jk"
    with pytest.raises(NotationError) as caught:
        _load_state(data)
    _one_sentence(caught.value)


def test_load_position_stock_must_hold_the_rest() -> None:
    data = _position_data()
    data["stock"] = " ".join(data["stock"].split()[1:])
    with pytest.raises(NotationError) as caught:
        _load_state(data)
    _one_sentence(caught.value)


def test_load_position_illegal_meld() -> None:
    data = _position_data()
    data["melds"]["North-South"] = ["5: jk jk c2"]
    with pytest.raises(NotationError) as caught:
        _load_state(data)
    _one_sentence(caught.value)


def test_load_position_bad_phase_and_seat() -> None:
    for change in ({"phase": "lunch"}, {"turn": "Up"}, {"hands": "c4"}):
        data = _position_data()
        data.update(change)
        with pytest.raises(NotationError) as caught:
            load_position(json.dumps(data))
        _one_sentence(caught.value)


def test_position_without_stock_fills_it_with_the_rest() -> None:
    data = _position_data()
    del data["stock"]
    state = _load_state(data)
    assert len(state.stock) == len(new_game(seed=3).stock)
    assert state.phase is Phase.DRAW


def test_record_model_defaults() -> None:
    record = GameRecord(rules={}, seed=1, decks=[], actions=[])
    assert record.initial_state().round_no == 1


_DAMAGED = {
    "format-list": ('{"format": ["canasta-position"], "hands": {}}', '"format"'),
    "format-object": ('{"format": {}, "hands": {}}', '"format"'),
    "a-list": ("[1, 2]", "JSON object"),
    "a-string": ('"canasta-position"', "JSON object"),
    "5000-digits": ('{"hands": {}, "seed": 1' + "0" * 5000 + "}", "number too long"),
    "deep-nesting": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "huge-meld-size": ('{"hands": {}, "rules": {"meld_max_size": 1000000000}}', "meld_max_size"),
    "meld-rank-400": ('{"hands": {}, "melds": {"East-West": ["400: c4 c4 c4"]}}', "rank"),
    "placed-rank-400": ('{"hands": {}, "current": {"placed": ["400: c4"]}}', "rank"),
    "placed-two-cards": ('{"hands": {}, "current": {"placed": ["4: c4 c4"]}}', "RANK: CARD"),
    "huge-score": ('{"hands": {}, "scores": [1' + "0" * 4000 + ", 0]}", "scores.0"),
    "huge-seed": ('{"hands": {}, "seed": 1' + "0" * 30 + "}", "seed"),
    "newline-key": ('{"hands": {}, "current": {"a\\nb": 1}}', "Extra inputs"),
}


@pytest.mark.parametrize(("text", "names"), _DAMAGED.values(), ids=_DAMAGED.keys())
def test_load_position_refuses_every_damaged_shape_in_one_sentence(text: str, names: str) -> None:
    with pytest.raises(NotationError) as caught:
        load_position(text).to_state()
    _one_sentence(caught.value)
    assert names in str(caught.value)


def test_load_record_refuses_a_format_that_is_not_a_string() -> None:
    data = _record_data()
    data["format"] = ["canasta-record"]
    with pytest.raises(NotationError) as caught:
        load_record(json.dumps(data))
    _one_sentence(caught.value)
    assert '"format" must be "canasta-record"' in str(caught.value)


def test_a_record_written_before_the_seating_fields_loads_as_four_players() -> None:
    # Records of schema version 1 were written before RuleSet had players and partnerships.
    data = json.loads(make_record(new_game(seed=5), []).to_json())
    for name in ("players", "partnerships"):
        del data["rules"][name]
    state = load_record(json.dumps(data)).initial_state()
    assert state.rules.players == 4
    assert state.rules.partnerships == ((0, 2), (1, 3))
    assert state == new_game(seed=5)


def test_loading_many_positions_keeps_no_rule_set_alive() -> None:
    # Each loaded position brings its own RuleSet; the engine's memos must not keep them all
    # (the soak run grew to 8 GB when they did).
    import gc

    from canasta.engine import RuleSet, apply, legal_actions

    state = new_game(seed=1)
    state = apply(state, legal_actions(state)[0]).state
    text = position_of(state).to_json()

    def alive() -> int:
        gc.collect()
        return sum(1 for thing in gc.get_objects() if isinstance(thing, RuleSet))

    before = alive()
    for _ in range(200):
        legal_actions(load_position(text).to_state())
    assert alive() - before <= 2
