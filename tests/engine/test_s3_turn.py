"""Rules §3: a turn."""

from __future__ import annotations

import pytest

from canasta.engine import (
    IllegalActionError,
    Phase,
    Reason,
    Seat,
    apply,
    check,
    legal_actions,
    parse_action,
    parse_cards,
)
from canasta.engine.actions import Discard, DrawStock, TakePile
from canasta.engine.events import RedThreeLaid, StockDrawn

from .helpers import A, act, acts, cards, events_of, listed, position, refused


def test_s3_1_a_turn_is_draw_then_plays_then_one_discard() -> None:
    state = position(south="c1 h1 d2 c5 c6 h9", west="c7 c8 c10", stock="s9 c11 c12", ns_score=0)
    refused(state, "meld c1 h1 d2", Reason.WRONG_PHASE)
    refused(state, "discard c5", Reason.WRONG_PHASE)
    state = act(state, "draw")
    assert state.phase is Phase.PLAY
    assert state.hands[Seat.SOUTH] == cards("c1 h1 d2 c5 c6 h9 s9")
    refused(state, "draw", Reason.WRONG_PHASE)
    state = act(state, "meld c1 h1 d2", "discard c5")
    assert state.turn == Seat.WEST
    assert state.phase is Phase.DRAW
    assert state.pile[-1] == cards("c5")[0]


def test_s3_1_only_the_player_to_move_may_act() -> None:
    state = position(south="c5 c6 c7", west="d5 d6 d7", stock="c12 c11")
    check(state, DrawStock(), seat=Seat.SOUTH)
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        with pytest.raises(IllegalActionError) as caught:
            check(state, DrawStock(), seat=seat)
        assert caught.value.reason is Reason.NOT_YOUR_TURN


def test_s3_2_drawing_from_the_stock_is_always_allowed() -> None:
    # Even when the pile could be taken, the stock is a choice.
    state = position(south="c6 c6 h7 d8", pile="s4 d6", ns_melds=["9: c9 d9 h9"], stock="c12 c11")
    assert acts("draw", "take c6 c6") <= listed(state)
    state = act(state, "draw")
    assert state.hands[Seat.SOUTH] == cards("c6 c6 h7 d8 c12")
    assert state.pile == parse_cards("s4 d6")


def test_s3_2_a_drawn_red_three_is_laid_out_and_replaced() -> None:
    state = position(south="c5 c6 c9", stock="h3 c12 c11")
    state, events = events_of(state, "draw")
    assert state.red_threes[0] == cards("h3")
    assert state.hands[Seat.SOUTH] == cards("c5 c6 c9 c12")
    assert state.stock == cards("c11")
    assert StockDrawn(Seat.SOUTH, cards("h3")[0]) in events
    assert RedThreeLaid(Seat.SOUTH, cards("h3")[0], True) in events


def test_s3_3_meld_leaving_one_card_needs_a_canasta() -> None:
    state = position(south="c5 c5 d5 h9", ns_melds=["8: c8 d8 h8"], phase="play", stock="c12 c11")
    refused(state, "meld c5 c5 d5", Reason.HAND_TOO_SMALL, "3.3")
    assert A("meld c5 c5 d5") not in listed(state)


def test_s3_3_meld_leaving_one_card_allowed_with_a_canasta() -> None:
    state = position(
        south="c5 c5 d5 h9",
        ns_melds=["8: c8 d8 h8 s8 c8 d8 h8"],
        phase="play",
        stock="c12 c11",
    )
    assert A("meld c5 c5 d5") in listed(state)
    state = act(state, "meld c5 c5 d5")
    assert state.hands[Seat.SOUTH] == cards("h9")


def test_s3_3_the_canasta_may_be_completed_by_that_very_play() -> None:
    state = position(
        south="c8 d8 h9", ns_melds=["8: c8 d8 h8 s8 h8"], phase="play", stock="c12 c11"
    )
    state = act(state, "layoff 8: c8 d8")
    assert state.hands[Seat.SOUTH] == cards("h9")
    assert state.has_canasta(0)


def test_s3_3_cannot_meld_every_card_without_a_canasta() -> None:
    state = position(south="c5 c5 d5", ns_melds=["8: c8 d8 h8"], phase="play", stock="c12")
    refused(state, "meld c5 c5 d5", Reason.NO_CANASTA, "6.1")


def test_s3_3_a_taken_pile_waiting_for_the_minimum_counts_as_cards_held() -> None:
    # Decision i: the rest of the pile waits until the minimum is met; it counts as held.
    state = position(south="c9 c9 h1 c1 d1", pile="s5 s6 d9", stock="c12 c11", ns_score=0)
    state = act(state, "take c9 c9")
    assert state.pending == cards("s5 s6")
    assert state.hands[Seat.SOUTH] == cards("h1 c1 d1")
    # Melding the three aces empties the hand, but the waiting pile is still held.
    state = act(state, "meld h1 c1 d1")
    assert state.melded[0]
    assert state.pending == ()
    assert state.hands[Seat.SOUTH] == cards("s5 s6")
    assert state.phase is Phase.PLAY


def test_s3_4_a_draw_cannot_be_undone_nor_followed_by_taking_the_pile() -> None:
    state = position(south="c6 c6 h7 d8", pile="s4 d6", ns_melds=["9: c9 d9 h9"], stock="c12 c11")
    state = act(state, "draw")
    refused(state, TakePile(cards("c6 c6")), Reason.WRONG_PHASE)
    refused(state, DrawStock(), Reason.WRONG_PHASE)


def test_s3_4_melded_cards_stay_on_the_table() -> None:
    state = position(
        south="c5 c5 d5 h9 h10 c11", ns_melds=["8: c8 d8 h8"], phase="play", stock="c12"
    )
    state = act(state, "meld c5 c5 d5")
    # No action can take the fives back: every legal action keeps the meld.
    for action in legal_actions(state):
        after = apply(state, action).state
        fives = [m for m in after.melds[0] if m.rank == 5]
        assert fives and set(cards("c5 c5 d5")) <= set(fives[0].cards)
    refused(state, Discard(cards("c5")[0]), Reason.NOT_IN_HAND)
    assert parse_action("discard c5") == Discard(cards("c5")[0])
