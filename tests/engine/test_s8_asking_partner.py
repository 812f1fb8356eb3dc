"""Rules §8: asking partner "may I go out?"."""

from __future__ import annotations

import pytest

from canasta.engine import IllegalActionError, Phase, Reason, Seat, check
from canasta.engine.actions import Answer, AskPartner
from canasta.engine.events import PartnerAnswered, PartnerAsked

from .helpers import A, act, acts, events_of, listed, position, refused

STOCK = "c12 c11 d11 h11"
CANASTA = "8: c8 c8 d8 d8 h8 h8 s8"


def _ready(**changes: object):  # type: ignore[no-untyped-def]
    """South, after the draw, can go out: meld the nines and discard the four."""
    fields: dict[str, object] = {
        "south": "c9 d9 h9 h4",
        "ns_melds": [CANASTA],
        "phase": "play",
        "stock": STOCK,
    }
    fields.update(changes)
    return position(**fields)  # type: ignore[arg-type]


def test_s8_1_ask_is_offered_after_drawing_when_the_player_can_go_out() -> None:
    state = _ready()
    assert AskPartner() in listed(state)
    state, events = events_of(state, "ask")
    assert PartnerAsked(Seat.SOUTH) in events
    assert state.phase is Phase.ANSWER


def test_s8_1_not_when_the_player_cannot_go_out() -> None:
    state = _ready(south="c9 d9 c4 h5")
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")
    assert AskPartner() not in listed(state)
    state = _ready(ns_melds=["12: c12 d12 h12"], stock="c11 d11 h11")
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")


def test_s8_1_not_before_drawing() -> None:
    state = _ready(phase="draw")
    refused(state, "ask", Reason.WRONG_PHASE)


def test_s8_1_not_after_melding_or_laying_off() -> None:
    state = _ready(south="c9 d9 h9 c5 c5 d5 h4")
    state = act(state, "meld c5 c5 d5")
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")
    assert AskPartner() not in listed(state)


def test_s8_1_at_most_once_a_turn() -> None:
    state = act(_ready(), "ask", "no")
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")
    assert AskPartner() not in listed(state)


def test_s8_1_allowed_after_taking_the_pile() -> None:
    # Decision d: the pile's top-card meld is part of taking it.
    state = _ready(phase="draw", south="c6 c6 c9 d9 h9", pile="h4 d6")
    state = act(state, "take c6 c6")
    assert AskPartner() in listed(state)
    state = act(state, "ask")
    assert state.phase is Phase.ANSWER


def test_s8_1_not_while_a_taken_pile_waits_for_the_minimum() -> None:
    state = position(
        south="c13 s13 h1 d1 c2 c7 c7 d7 d7 h7 h7", pile="c4 h13", ns_score=0, stock=STOCK
    )
    state = act(state, "take c13 s13")
    assert state.pending
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")


def test_s8_1_not_with_a_single_card() -> None:
    state = _ready(south="h4")
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")
    assert listed(state) == acts("discard h4")


def test_s8_2_after_yes_the_player_must_go_out() -> None:
    state = act(_ready(south="c9 d9 h9 h4 h5", ns_melds=[CANASTA, "5: c5 d5 s5"]), "ask")
    state, events = events_of(state, "yes")
    assert PartnerAnswered(Seat.NORTH, True) in events
    assert state.phase is Phase.PLAY
    assert state.permission is True
    refused(state, "discard h4", Reason.MUST_GO_OUT, "8.2")
    # Melding the nines and the four would leave only h5... fine; laying off h5 first too.
    assert A("discard h4") not in listed(state)
    state = act(state, "meld c9 d9 h9", "layoff 5: h5", "discard h4")
    assert state.went_out == Seat.SOUTH


def test_s8_2_after_yes_a_play_that_makes_going_out_impossible_is_refused() -> None:
    state = _ready(south="c9 d9 h9 s9 h4 h5", ns_melds=[CANASTA, "5: c5 d5 s5"])
    state = act(state, "ask", "yes")
    # Melding three nines is fine (s9 can still be laid off), but the hand must empty.
    refused(state, "discard h4", Reason.MUST_GO_OUT, "8.2")
    state = act(state, "meld c9 d9 h9")
    state = act(state, "layoff 9: s9", "layoff 5: h5", "discard h4")
    assert state.went_out == Seat.SOUTH


def test_s8_2_after_yes_a_meld_that_strands_cards_is_refused() -> None:
    state = _ready(south="c9 d9 h9 jk c4 d4", ns_melds=[CANASTA])
    state = act(state, "ask", "yes")
    # The joker belongs to the fours; laying it on the nines would strand c4 d4.
    refused(state, "layoff 8: jk", Reason.MUST_GO_OUT, "8.2")


def test_s8_2_after_no_the_player_may_not_go_out() -> None:
    state = act(_ready(), "ask")
    state, events = events_of(state, "no")
    assert PartnerAnswered(Seat.NORTH, False) in events
    assert state.permission is False
    assert state.phase is Phase.PLAY
    refused(state, "meld c9 d9 h9", Reason.GOING_OUT_FORBIDDEN, "8.2")
    state = act(state, "discard h4")
    assert state.turn == Seat.WEST
    assert state.hands[Seat.SOUTH] == tuple(sorted(A("meld c9 d9 h9").cards))  # type: ignore[union-attr]


def test_s8_2_after_no_a_lay_off_down_to_one_card_is_refused() -> None:
    state = _ready(south="h4 h5", ns_melds=[CANASTA, "5: c5 d5 s5"])
    state = act(state, "ask", "no")
    refused(state, "layoff 5: h5", Reason.GOING_OUT_FORBIDDEN, "8.2")
    state = _ready(south="h4", ns_melds=[CANASTA])
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")


def test_s8_2_after_no_keep_two_cards_after_every_meld() -> None:
    # Decision e: one card left would force going out.
    state = _ready(south="c9 d9 h9 h4 h5", ns_melds=[CANASTA, "5: c5 d5 s5"])
    state = act(state, "ask", "no", "meld c9 d9 h9")
    assert state.hands[Seat.SOUTH] == tuple(sorted(A("meld h4 h5").cards))  # type: ignore[union-attr]
    refused(state, "layoff 5: h5", Reason.GOING_OUT_FORBIDDEN, "8.2")
    assert A("layoff 5: h5") not in listed(state)
    state = act(state, "discard h4")
    assert state.turn == Seat.WEST


def test_s8_3_asking_is_optional() -> None:
    state = act(_ready(), "meld c9 d9 h9", "discard h4")
    assert state.went_out == Seat.SOUTH


@pytest.mark.parametrize("seat", list(Seat))
def test_s8_4_every_seat_asks_and_its_partner_answers(seat: Seat) -> None:
    hand = "c9 d9 h9 h4"
    hands = {s.label.lower(): f"{'cdhs'[s]}5 {'cdhs'[s]}6" for s in Seat}
    hands[seat.label.lower()] = hand
    team_melds = {"ns_melds" if seat % 2 == 0 else "ew_melds": [CANASTA]}
    state = position(
        **hands,
        **team_melds,
        phase="play",
        turn=seat.label,
        stock=STOCK,  # type: ignore[arg-type]
    )
    state = act(state, "ask")
    assert state.to_move == state.rules.partner(seat)
    assert listed(state) == {Answer(True), Answer(False)}
    with pytest.raises(IllegalActionError) as caught:
        check(state, Answer(True), seat=seat)
    assert caught.value.reason is Reason.NOT_YOUR_TURN
    refused(state, "discard h4", Reason.WRONG_PHASE, "8")
    check(state, Answer(True), seat=state.rules.partner(seat))
    state = act(state, "yes")
    assert state.to_move == seat
    state = act(state, "meld c9 d9 h9", "discard h4")
    assert state.went_out == seat


def test_s8_4_no_answer_without_a_question() -> None:
    refused(_ready(), "yes", Reason.WRONG_PHASE, "8")
    refused(_ready(), "no", Reason.WRONG_PHASE, "8")


def test_s8_1_a_player_on_their_own_has_nobody_to_ask() -> None:
    from canasta.engine import RuleSet, apply, legal_actions, new_game

    alone = RuleSet(partnerships=((0,), (1,), (2,), (3,)))
    state = new_game(alone, seed=1)
    state = apply(state, legal_actions(state)[0]).state
    with pytest.raises(IllegalActionError) as refusal:
        check(state, AskPartner())
    assert refusal.value.reason is Reason.CANNOT_ASK
    assert "no partner" in refusal.value.sentence
    assert AskPartner() not in legal_actions(state)
