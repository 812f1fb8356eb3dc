"""Rules §4: taking the discard pile, with the four worked examples of the rules brief."""

from __future__ import annotations

from canasta.engine import Phase, Reason, Seat, legal_actions
from canasta.engine.actions import TakePile
from canasta.engine.events import PileTaken, RedThreeLaid, WentOut

from .helpers import A, act, acts, cards, events_of, listed, meld_texts, position, refused

STOCK = "c12 c11 d11 h11"


# --------------------------------------------------------------------------- worked examples


def test_s4_example_1_open_pile_take_with_a_pair_of_sixes() -> None:
    state = position(
        south="c6 c6 h7 d8", pile="s4 h9 d6", ns_melds=["10: c10 d10 h10"], stock=STOCK
    )
    assert not state.pile_frozen
    assert A("take c6 c6") in listed(state)
    state, events = events_of(state, "take c6 c6")
    assert "6: c6 c6 d6" in meld_texts(state, 0)
    assert state.hands[Seat.SOUTH] == cards("h7 d8 s4 h9")
    assert state.pile == ()
    assert state.phase is Phase.PLAY
    assert PileTaken(Seat.SOUTH, cards("d6")[0], cards("c6 c6"), 3) in events


def test_s4_example_2_frozen_pile_needs_a_natural_pair_one_five_is_not_enough() -> None:
    state = position(
        south="h5 d2 d2 s12 d12",
        pile="c9 jk h8 s5",
        ns_melds=["10: c10 d10 h10"],
        stock=STOCK,
    )
    assert state.pile_frozen
    refused(state, "take h5 d2", Reason.PILE_FROZEN, "4.3")
    refused(state, "take h5 d2 d2", None)
    assert [str(a) for a in legal_actions(state)] == ["draw"]


def test_s4_example_3_open_pile_top_king_laid_off_on_the_teams_kings() -> None:
    state = position(
        south="c5 h7 d8 s9",
        pile="s4 h13",
        ns_melds=["13: d13 d13 c13 h2"],
        stock=STOCK,
    )
    assert A("take") in listed(state)
    state = act(state, "take")
    assert "13: h2 c13 d13 d13 h13" in meld_texts(state, 0)
    assert state.hands[Seat.SOUTH] == cards("c5 h7 d8 s9 s4")


def test_s4_example_4_frozen_pile_top_king_cannot_go_on_the_teams_kings() -> None:
    state = position(
        south="c13 d2 h7 d8 s9",
        pile="s4 jk c7 h13",
        ns_melds=["13: d13 d13 c13 h2"],
        stock=STOCK,
    )
    assert state.pile_frozen
    refused(state, "take", Reason.PILE_FROZEN, "4.3")
    refused(state, "take c13 d2", Reason.PILE_FROZEN, "4.3")
    refused(state, "take c13", Reason.PILE_FROZEN, "4.3")
    assert [str(a) for a in legal_actions(state)] == ["draw"]


# --------------------------------------------------------------------------- §4.1


def test_s4_1_top_card_must_be_melded_with_cards_of_its_rank() -> None:
    state = position(
        south="c6 c6 h7 d8 c2", pile="s4 d6", ns_melds=["10: c10 d10 h10"], stock=STOCK
    )
    refused(state, "take h7 d8", Reason.PILE_TOP_UNUSABLE, "4.1")
    refused(state, "take c6 h7", Reason.PILE_TOP_UNUSABLE, "4.1")


def test_s4_1_one_card_from_hand_is_not_enough_without_a_meld_to_add_to() -> None:
    state = position(south="c6 h7 d8 c9", pile="s4 d6", ns_melds=["10: c10 d10 h10"], stock=STOCK)
    refused(state, "take c6", Reason.PILE_TOP_UNUSABLE, "4.1")
    refused(state, "take", Reason.PILE_TOP_UNUSABLE, "4.1")
    assert listed(state) == acts("draw")


def test_s4_1_open_pile_may_be_taken_with_one_natural_and_a_wild_card() -> None:
    state = position(south="c6 d2 h7 d8", pile="s4 d6", ns_melds=["10: c10 d10 h10"], stock=STOCK)
    assert A("take c6 d2") in listed(state)
    state = act(state, "take c6 d2")
    assert "6: d2 c6 d6" in meld_texts(state, 0)


def test_s4_1_the_top_cards_meld_comes_before_the_rest_reaches_the_hand() -> None:
    # The pile's sixes cannot help meld the top six: the hand alone must supply two cards.
    state = position(
        south="c6 h7 d8 c9", pile="h6 s6 d6", ns_melds=["10: c10 d10 h10"], stock=STOCK
    )
    refused(state, "take c6", Reason.PILE_TOP_UNUSABLE, "4.1")


# --------------------------------------------------------------------------- §4.2


def test_s4_2_black_three_on_top_blocks_the_pile() -> None:
    state = position(south="c3 s3 h7 d8", pile="c9 s3", ns_melds=["10: c10 d10 h10"], stock=STOCK)
    assert state.pile_blocked
    refused(state, "take c3", Reason.PILE_BLOCKED, "4.2")
    refused(state, "take c3 s3", Reason.PILE_BLOCKED, "4.2")
    assert listed(state) == acts("draw")


def test_s4_2_wild_card_on_top_blocks_the_pile() -> None:
    for top in ("jk", "c2", "h2"):
        state = (
            position(
                south="c2 jk h7 d8", pile=f"c9 {top}", ns_melds=["10: c10 d10 h10"], stock=STOCK
            )
            if top != "c2"
            else position(
                south="d2 jk h7 d8", pile=f"c9 {top}", ns_melds=["10: c10 d10 h10"], stock=STOCK
            )
        )
        assert state.pile_blocked
        refused(state, "take", Reason.PILE_BLOCKED, "4.2")
        assert listed(state) == acts("draw")


def test_s4_2_red_three_on_top_blocks_the_pile() -> None:
    state = position(south="h7 d8 s9", pile="c9 h3", ns_melds=["10: c10 d10 h10"], stock=STOCK)
    refused(state, "take", Reason.PILE_BLOCKED, "4.2")


def test_s4_2_a_discarded_black_three_blocks_the_next_player() -> None:
    state = position(
        south="s3 c5 c6 c7",
        west="c9 c9 h7",
        pile="d9",
        ew_melds=["10: c10 d10 h10"],
        phase="play",
        stock=STOCK,
    )
    state = act(state, "discard s3")
    assert state.turn == Seat.WEST
    refused(state, "take c9 c9", Reason.PILE_BLOCKED, "4.2")


# --------------------------------------------------------------------------- §4.3


def test_s4_3_frozen_pile_needs_natural_pair_from_hand() -> None:
    state = position(
        south="c6 c6 d2 h7", pile="jk s4 d6", ns_melds=["10: c10 d10 h10"], stock=STOCK
    )
    assert state.pile_frozen
    refused(state, "take c6 d2", Reason.PILE_FROZEN, "4.3")
    refused(state, "take c6 c6 d2", Reason.PILE_FROZEN, "4.3")
    assert listed(state) == acts("draw", "take c6 c6")
    state = act(state, "take c6 c6")
    assert "6: c6 c6 d6" in meld_texts(state, 0)
    assert state.hands[Seat.SOUTH] == cards("d2 h7 jk s4")
    assert not state.pile_frozen
    assert state.pile == ()


def test_s4_3_a_red_three_inside_freezes_the_pile() -> None:
    state = position(south="c6 d2 h7", pile="h3 s4 d6", ns_melds=["10: c10 d10 h10"], stock=STOCK)
    assert state.pile_frozen
    refused(state, "take c6 d2", Reason.PILE_FROZEN, "4.3")


def test_s4_3_a_discarded_wild_card_freezes_the_pile_once_covered() -> None:
    state = position(
        south="jk c5 c6 c7",
        west="c9 h7 d8",
        pile="d9",
        ns_melds=["10: c10 d10 h10"],
        phase="play",
        stock=STOCK,
    )
    state = act(state, "discard jk")
    assert state.pile_blocked
    state = act(state, "draw", "discard h7")
    assert state.pile_frozen
    assert not state.pile_blocked


def test_s4_3_frozen_pile_pair_may_merge_into_the_teams_meld() -> None:
    # Decision h: the natural pair with the top card joins the team's meld of that rank.
    state = position(
        south="c13 s13 h7 d8",
        pile="jk s4 h13",
        ns_melds=["13: d13 d13 c13 h2"],
        stock=STOCK,
    )
    assert A("take c13 s13") in listed(state)
    state = act(state, "take c13 s13")
    assert meld_texts(state, 0) == ["13: h2 c13 c13 d13 d13 h13 s13"]
    assert state.has_canasta(0)


def test_s4_3_pile_is_frozen_for_a_team_without_its_initial_meld() -> None:
    state = position(south="c6 d2 c5 c5 h1 c1", pile="s4 d6", ns_melds=[], stock=STOCK)
    assert not state.pile_frozen
    assert state.is_frozen_for(0)
    refused(state, "take c6 d2", Reason.PILE_FROZEN, "4.3")


def test_s4_3_frozen_for_the_unmelded_team_only() -> None:
    # East-West have melded: for West the open pile is not frozen.
    state = position(
        west="c6 d2 h7 d8",
        pile="s4 d6",
        ew_melds=["10: c10 d10 h10"],
        turn="West",
        stock=STOCK,
        rest_to="North",
    )
    assert not state.is_frozen_for(1)
    assert state.is_frozen_for(0)
    assert A("take c6 d2") in listed(state)


# --------------------------------------------------------------------------- §4.4


def test_s4_4_initial_meld_by_the_pile_must_reach_the_minimum() -> None:
    # Minimum 50: the kings make 30; the jokers and aces below in the pile do not count.
    state = position(south="c13 s13 h7 d8", pile="jk jk c1 c1 h13", ns_score=0, stock=STOCK)
    refused(state, "take c13 s13", Reason.BELOW_MINIMUM, "4.4")
    assert listed(state) == acts("draw")


def test_s4_4_top_card_and_hand_together_reach_the_minimum() -> None:
    state = position(south="c13 s13 h1 d1 c2 h7", pile="jk c4 h13", ns_score=0, stock=STOCK)
    assert A("take c13 s13") in listed(state)
    state = act(state, "take c13 s13")
    # The rest of the pile waits until the minimum is met.
    assert not state.melded[0]
    assert state.pending == cards("jk c4")
    assert state.hands[Seat.SOUTH] == cards("h1 d1 c2 h7")
    refused(state, "discard h7", Reason.BELOW_MINIMUM, "7.3")
    state = act(state, "meld h1 d1 c2")
    assert state.melded[0]
    assert state.pending == ()
    assert state.hands[Seat.SOUTH] == cards("h7 jk c4")


def test_s4_4_pile_cards_cannot_be_melded_before_the_minimum_is_met() -> None:
    state = position(south="c13 s13 h1 d1 c2 h7", pile="c1 c4 h13", ns_score=0, stock=STOCK)
    state = act(state, "take c13 s13")
    refused(state, "meld h1 d1 c1", Reason.NOT_IN_HAND)


def test_s4_4_the_top_card_counts_toward_the_minimum() -> None:
    # Minimum 50: c1 d1 + top h1 = 60.
    state = position(south="c1 d1 h7 d8", pile="c4 h1", ns_score=0, stock=STOCK)
    state = act(state, "take c1 d1")
    assert state.melded[0]
    assert state.hands[Seat.SOUTH] == cards("h7 d8 c4")


# --------------------------------------------------------------------------- §4.5


def test_s4_5_red_three_in_the_taken_pile_is_laid_out_unreplaced() -> None:
    state = position(
        south="c9 c9 h7 d8", pile="h3 c5 d9", ns_melds=["10: c10 d10 h10"], stock=STOCK
    )
    state, events = events_of(state, "take c9 c9")
    assert state.red_threes[0] == cards("h3")
    assert state.hands[Seat.SOUTH] == cards("h7 d8 c5")
    assert len(state.stock) == len(STOCK.split())
    assert RedThreeLaid(Seat.SOUTH, cards("h3")[0], False) in events


def test_s4_5_take_pile_action_keeps_hand_cards_sorted() -> None:
    assert TakePile(cards("c6 c6")) == TakePile(tuple(reversed(cards("c6 c6"))))


def test_s4_4_initial_take_may_need_every_hand_card_when_that_makes_a_canasta() -> None:
    # Minimum 120: the nines taken with the top card make 30; the eight fives and the joker
    # (90, a canasta) make 120 but use the whole hand. The one waiting pile card then joins
    # the hand (§3.3 allows one card with a canasta), and South can discard it to go out.
    state = position(
        south="c9 c9 c5 c5 d5 d5 h5 h5 s5 s5 jk",
        pile="c4 d9",
        ns_score=3000,
        stock=STOCK,
    )
    assert A("take c9 c9") in listed(state)
    state = act(state, "take c9 c9")
    assert state.pending == cards("c4")
    state = act(state, "meld c5 c5 d5 d5 h5 h5 s5 s5 jk")
    assert state.melded[0]
    assert state.hands[Seat.SOUTH] == cards("c4")
    state = act(state, "discard c4")
    assert state.went_out == Seat.SOUTH


def test_s4_4_a_take_that_meets_the_minimum_gives_the_rest_of_the_pile_at_once() -> None:
    state = position(south="c1 d1 h7 d8", pile="jk c4 h1", ns_score=0, stock=STOCK)
    state = act(state, "take c1 d1")
    assert state.pending == ()
    assert state.hands[Seat.SOUTH] == cards("h7 d8 jk c4")


def test_s4_5_red_three_in_a_pile_waiting_for_the_minimum_is_laid_out_when_it_arrives() -> None:
    state = position(south="c9 c9 h1 d1 c2 h7", pile="h3 c5 d9", ns_score=0, stock=STOCK)
    state = act(state, "take c9 c9")
    assert state.pending == cards("h3 c5")
    assert state.red_threes[0] == ()
    state = act(state, "meld h1 d1 c2")
    assert state.red_threes[0] == cards("h3")
    assert state.hands[Seat.SOUTH] == cards("h7 c5")
    assert len(state.stock) == len(STOCK.split())


def test_s4_1_taking_the_pile_with_every_hand_card_goes_out() -> None:
    state = position(south="c6 c6", pile="d6", ns_melds=["8: c8 c8 d8 d8 h8 h8 s8"], stock=STOCK)
    state, events = events_of(state, "take c6 c6")
    assert WentOut(Seat.SOUTH, False) in events
    assert state.went_out == Seat.SOUTH
    assert state.phase is Phase.ROUND_OVER


def test_s4_5_a_red_three_in_the_taken_pile_is_not_a_card_held() -> None:
    # The red three is laid out (not kept), so taking the pile here would leave South one
    # card, h7, without a canasta: §3.3 forbids it, and South could never discard h7.
    state = position(south="c9 c9 h7", pile="h3 d9", ns_melds=["12: c12 d12 h12"], stock=STOCK)
    refused(state, "take c9 c9", Reason.HAND_TOO_SMALL, "3.3")
    assert listed(state) == acts("draw")


def test_s4_5_a_red_three_waiting_for_the_minimum_is_not_a_card_held() -> None:
    # Minimum 50: the nines (30) and then h13 d13 c13 (30) would leave only h7 in hand once
    # the waiting red three is laid out: the take cannot lead to a legal initial meld.
    state = position(south="c9 c9 h13 d13 c13 h7", pile="h3 d9", ns_score=0, stock=STOCK)
    assert listed(state) == acts("draw")
    refused(state, "take c9 c9")
