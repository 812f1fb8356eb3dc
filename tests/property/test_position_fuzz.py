"""Any position a player can write down is analysed without a crash: it either loads and
lists its legal actions, or it is refused with one NotationError sentence."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from canasta.analyze import describe_state
from canasta.engine import NotationError, apply, full_deck, is_legal, legal_actions
from canasta.engine.cards import cards_text
from canasta.engine.record import Position

SEATS = ("South", "West", "North", "East")
PHASES = ("draw", "play", "answer", "round_over", "game_over")


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A random split of the deck into hands, pile and stock, in any phase."""
    deck = list(full_deck())
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(deck)
    sizes = [draw(st.one_of(st.just(0), st.just(1), st.integers(0, 15))) for _ in SEATS]
    hands = {}
    for seat, size in zip(SEATS, sizes, strict=True):
        hands[seat] = cards_text(deck[:size])
        del deck[:size]
    pile_size = draw(st.integers(0, 6))
    pile = cards_text(deck[:pile_size])
    del deck[:pile_size]
    return Position(
        hands=hands,
        pile=pile,
        stock=cards_text(deck[: draw(st.integers(0, len(deck)))]) if draw(st.booleans()) else None,
        phase=draw(st.sampled_from(PHASES)),
        turn=draw(st.sampled_from(SEATS)),
        scores=(draw(st.integers(-500, 6000)), draw(st.integers(-500, 6000))),
    )


@given(position=positions())
def test_any_position_is_analysed_or_refused_in_one_sentence(position: Position) -> None:
    try:
        state = position.to_state()
    except NotationError as error:
        assert str(error).strip().count("\n") == 0
        return
    describe_state(state)
    for action in legal_actions(state):
        assert is_legal(state, action)
        apply(state, action)
