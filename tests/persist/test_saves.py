"""Autosave and resume: a game saved mid-turn comes back exactly as it was."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from canasta.engine import Phase, apply, classic, legal_actions
from canasta.engine.record import make_record
from canasta.persist import (
    LoadError,
    Paths,
    SavedGame,
    SeatInfo,
    clear_game,
    load_game,
    save_game,
)

from .helpers import Played, assert_one_sentence, same_game, saved_game, session


def test_a_game_saved_mid_turn_resumes_to_the_identical_state(
    paths: Paths, mid_turn: Played
) -> None:
    live = mid_turn.final
    assert live.phase is Phase.PLAY and live.played  # melded, not yet discarded
    save_game(paths, saved_game(mid_turn))

    resumed = load_game(paths)

    assert resumed is not None
    assert resumed.session == session()
    assert same_game(resumed.states()[-1], live)
    assert len(resumed.states()) == len(mid_turn.states)
    assert all(map(same_game, resumed.states(), mid_turn.states))


def test_a_resumed_game_plays_on_exactly_like_the_live_one(paths: Paths, mid_turn: Played) -> None:
    save_game(paths, saved_game(mid_turn))
    saved = load_game(paths)
    assert saved is not None
    live, resumed = mid_turn.final, saved.states()[-1]
    rng = random.Random(5)

    while live.phase is not Phase.GAME_OVER:  # through later deals, which come from the seed
        action = rng.choice(legal_actions(live))
        live, resumed = apply(live, action).state, apply(resumed, action).state
        assert same_game(live, resumed)


def test_extending_the_record_action_by_action_equals_make_record(finished: Played) -> None:
    record = make_record(finished.initial, [])
    for action, after in zip(finished.actions, finished.states[1:], strict=True):
        record = record.extended(action, after)

    assert record == finished.record()
    assert len(record.decks) == finished.final.round_no


def test_every_action_saved_then_the_last_one_loads(paths: Paths, mid_turn: Played) -> None:
    record = make_record(mid_turn.initial, [])
    for action, after in zip(mid_turn.actions, mid_turn.states[1:], strict=True):
        record = record.extended(action, after)
        save_game(paths, SavedGame(session=session(), record=record))

    saved = load_game(paths)

    assert saved is not None and saved.record == mid_turn.record()
    assert [entry.name for entry in paths.state_dir.iterdir()] == ["autosave.json"]


def test_no_save_and_clearing(paths: Paths, mid_turn: Played) -> None:
    assert load_game(paths) is None
    clear_game(paths, classic)  # nothing to clear is fine

    save_game(paths, saved_game(mid_turn))
    clear_game(paths, classic)

    assert load_game(paths) is None


def test_a_save_whose_actions_do_not_replay_is_refused(paths: Paths, mid_turn: Played) -> None:
    save_game(paths, saved_game(mid_turn))
    data = json.loads(paths.save_file.read_text())
    data["record"]["actions"][0] = "discard jk"  # nobody discards before drawing
    paths.save_file.write_text(json.dumps(data))

    with pytest.raises(LoadError) as caught:
        load_game(paths)

    assert "does not replay" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)
    assert caught.value.moved_to is not None and caught.value.moved_to.exists()


def test_a_save_file_says_what_it_is(paths: Paths, mid_turn: Played) -> None:
    save_game(paths, saved_game(mid_turn))

    data = json.loads(paths.save_file.read_text())

    assert (data["format"], data["schema_version"]) == ("canasta-save", 1)
    assert data["record"]["format"] == "canasta-record"
    assert data["session"]["seats"][1] == {"kind": "bot", "name": "West", "level": "normal"}


@pytest.mark.parametrize(
    "seat",
    [
        {"kind": "bot", "name": "West"},
        {"kind": "human", "name": "Ada", "level": "hard"},
        {"kind": "human", "name": "   "},
        {"kind": "human", "name": "x" * 21},
        {"kind": "robot", "name": "R2", "level": "normal"},
        {"kind": "bot", "name": "West", "level": "Normal!"},
    ],
)
def test_seat_info_is_validated(seat: dict[str, str]) -> None:
    with pytest.raises(ValidationError):
        SeatInfo.model_validate(seat)
