"""Bots decide from their seat's view only: dealing the cards hidden from a seat anew
(other hands' unknown cards and the stock) never changes its decision, with the same rng."""

from __future__ import annotations

import random

import pytest

from canasta.choices import LEVELS
from canasta.engine import GameState, Phase, legal_actions, view

from .helpers import bot, play, shuffle_hidden


def _positions() -> list[GameState]:
    """Decision positions of every phase from a few seeded games."""
    picked: list[GameState] = []
    answers = 0
    for seed in range(8):
        for index, state in enumerate(
            play(("normal", "easy", "normal", "easy"), seed=seed, rounds=1)
        ):
            if state.phase is Phase.ANSWER and answers < 6:
                answers += 1
                picked.append(state)
            elif (index % 37 == 5 and state.known[(state.turn + 1) & 3]) or index % 53 == 11:
                picked.append(state)
    return picked


POSITIONS = _positions()


def test_positions_cover_every_phase() -> None:
    phases = {state.phase for state in POSITIONS}
    assert {Phase.DRAW, Phase.PLAY, Phase.ANSWER} <= phases


@pytest.mark.parametrize("level", LEVELS)
def test_permuting_hidden_cards_never_changes_the_decision(level: str) -> None:
    shuffler = random.Random(99)
    for index, state in enumerate(POSITIONS):
        seat = state.to_move
        assert seat is not None
        legal = legal_actions(state)
        first = bot(level).decide(view(state, seat), legal, random.Random(index))
        for _ in range(2):
            other = shuffle_hidden(state, seat, shuffler)
            assert other != state or not state.stock
            assert view(other, seat) == view(state, seat)
            again = bot(level).decide(view(other, seat), legal_actions(other), random.Random(index))
            assert again == first, f"{level} changed its mind at position {index}"
