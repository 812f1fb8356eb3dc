"""Recorded games replay to the same states and scores (tests/golden/data)."""

from __future__ import annotations

import json

import pytest

from canasta.engine.record import load_record, replay

from .golden import DATA, GAMES, digest, scores_of


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_to_the_same_states_and_scores(name: str) -> None:
    record = load_record((DATA / f"{name}.record.json").read_bytes())
    expected = json.loads((DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    states = replay(record)
    assert len(states) == expected["states"]
    final = states[-1]
    assert final.phase.value == expected["phase"]
    assert list(final.scores) == expected["final_scores"]
    assert scores_of(final) == expected["rounds"]
    assert digest(states) == expected["digest"]


def test_golden_whole_game_ends_with_a_winner() -> None:
    record = load_record((DATA / "seed1_whole_game.record.json").read_bytes())
    final = replay(record)[-1]
    assert final.phase.value == "game_over"
    assert final.winner is not None
    assert max(final.scores) >= 5000
    assert final.scores[final.winner] > final.scores[1 - final.winner]
