"""Rules §6: going out."""

from __future__ import annotations

from canasta.engine import Phase, Reason, Seat, card_text
from canasta.engine.events import WentOut

from .helpers import act, events_of, position, refused

STOCK = "c12 c11 d11 h11"
CANASTA = "8: c8 c8 d8 d8 h8 h8 s8"


def test_s6_1_going_out_needs_a_canasta() -> None:
    state = position(south="c9", ns_melds=["12: c12 d12 h12"], phase="play", stock=STOCK)
    refused(state, "discard c9", Reason.NO_CANASTA, "6.1")
    state = position(south="c9 d9 h9", ns_melds=["12: c12 d12 h12"], phase="play", stock=STOCK)
    refused(state, "meld c9 d9 h9", Reason.NO_CANASTA, "6.1")


def test_s6_1_going_out_by_discarding_the_last_card() -> None:
    state = position(south="c9 d9 h9 h4", ns_melds=[CANASTA], phase="play", stock=STOCK)
    state = act(state, "meld c9 d9 h9")
    state, events = events_of(state, "discard h4")
    assert WentOut(Seat.SOUTH, False) in events
    assert state.went_out == Seat.SOUTH
    assert state.phase is Phase.ROUND_OVER
    assert state.hands[Seat.SOUTH] == ()
    assert state.history[-1][0].going_out == 100
    assert state.history[-1][1].going_out == 0


def test_s6_1_going_out_by_melding_every_card() -> None:
    state = position(south="c9 d9 h9", ns_melds=[CANASTA], phase="play", stock=STOCK)
    state, events = events_of(state, "meld c9 d9 h9")
    assert WentOut(Seat.SOUTH, False) in events
    assert state.phase is Phase.ROUND_OVER


def test_s6_1_the_canasta_may_be_completed_in_the_same_turn() -> None:
    state = position(south="c8 d8 h4", ns_melds=["8: c8 d8 h8 h8 s8"], phase="play", stock=STOCK)
    state = act(state, "layoff 8: c8 d8", "discard h4")
    assert state.went_out == Seat.SOUTH


def test_s6_2_concealed_going_out_scores_the_extra_bonus() -> None:
    state = position(
        south="c7 c7 d7 d7 h7 h7 s7 c5 c5 d5 h9", ns_score=0, phase="play", stock=STOCK
    )
    state = act(state, "meld c7 c7 d7 d7 h7 h7 s7", "meld c5 c5 d5")
    state, events = events_of(state, "discard h9")
    assert WentOut(Seat.SOUTH, True) in events
    ns = state.history[-1][0]
    assert ns.going_out == 100
    assert ns.concealed == 100


def test_s6_2_no_concealed_bonus_after_melding_in_an_earlier_turn() -> None:
    state = position(
        south="c7 c7 d7 d7 h7 h7 s7 c5 c5 d5 h9",
        ns_melds=["12: c12 d12 h12"],
        has_played=(True, False, False, False),
        phase="play",
        stock=STOCK,
    )
    state = act(state, "meld c7 c7 d7 d7 h7 h7 s7", "meld c5 c5 d5")
    state, events = events_of(state, "discard h9")
    assert WentOut(Seat.SOUTH, False) in events
    assert state.history[-1][0].concealed == 0


def test_s6_2_an_earlier_turns_meld_spoils_the_bonus_in_play() -> None:
    state = position(
        south="c1 d1 h1 c4 c7 c7 d7 d7 h7 h7 s7",
        west="c6 c6 d6",
        north="c10 c10 d10",
        east="c9 c9 d9",
        phase="play",
    )
    state = act(state, "meld c1 d1 h1", "discard c4")
    assert state.has_played[Seat.SOUTH]
    for _ in range(3):
        state = act(state, "draw")
        state = act(state, f"discard {card_text(state.hands[state.turn][0])}")
    assert state.turn == Seat.SOUTH
    state = act(state, "draw", "meld c7 c7 d7 d7 h7 h7 s7")
    (last,) = state.hands[Seat.SOUTH]
    state, events = events_of(state, f"discard {card_text(last)}")
    assert WentOut(Seat.SOUTH, False) in events
    assert state.history[-1][0].concealed == 0


def test_s6_2_concealed_bonus_when_adding_to_partners_meld() -> None:
    # Decision f (the seed's leniency): South's cards alone form a canasta of kings.
    state = position(
        south="c13 d13 h13 s13 s13 jk c2 h9",
        ns_melds=["13: c13 d13 h13"],
        has_played=(False, False, True, False),
        phase="play",
        stock=STOCK,
    )
    state = act(state, "meld c13 d13 h13 s13 s13 jk c2")
    state, events = events_of(state, "discard h9")
    assert WentOut(Seat.SOUTH, True) in events
    assert state.history[-1][0].concealed == 100


def test_s6_2_no_concealed_bonus_for_single_cards_added_to_partners_meld() -> None:
    state = position(
        south="c5 c5 d5 d5 h5 h5 s5 h13 h9",
        ns_melds=["13: c13 c13 d13 d13 s13 s13 d2"],
        has_played=(False, False, True, False),
        phase="play",
        stock=STOCK,
    )
    state = act(state, "meld c5 c5 d5 d5 h5 h5 s5", "layoff 13: h13")
    state, events = events_of(state, "discard h9")
    assert WentOut(Seat.SOUTH, False) in events
    assert state.history[-1][0].concealed == 0


def test_s6_2_concealed_with_the_pile_top_card_counts_it() -> None:
    # Decision f: the pile's top card taken into the canasta is part of the cards placed.
    state = position(south="c13 c13 d13 d13 s13 s13 h4", pile="h13", ns_score=0, stock=STOCK)
    state = act(state, "take c13 c13 d13 d13 s13 s13")
    assert state.has_canasta(0)
    state, events = events_of(state, "discard h4")
    assert WentOut(Seat.SOUTH, True) in events


def test_s6_2_concealed_going_out_still_needs_the_initial_minimum() -> None:
    state = position(south="c5 c5 d5 d5 h5 h5 s5 h9", ns_score=3000, phase="play", stock=STOCK)
    refused(state, "meld c5 c5 d5 d5 h5 h5 s5", None, "7.3")
