"""Rules §7: the initial meld minimum, with the four worked examples of the rules brief.

The hands are after the draw (phase ``play``).
"""

from __future__ import annotations

import pytest

from canasta.engine import Reason, classic
from canasta.engine.actions import Meld

from .helpers import A, act, cards, listed, position, refused

STOCK = "c12 c11 d11 h11"


# --------------------------------------------------------------------------- worked examples


def test_s7_example_1_score_1100_only_the_aces_with_the_deuce_reach_50() -> None:
    state = position(
        south="h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13", ns_score=1100, phase="play", stock=STOCK
    )
    assert state.minimums[0] == 50
    error = refused(state, "meld c4 c4 d4 d2", Reason.MINIMUM_UNREACHABLE, "7.3")
    # The sentence counts what the refused meld would have made (15 + 20).
    assert "would make 35 of your minimum of 50" in str(error)
    assert A("meld c4 c4 d4 d2") not in listed(state)
    assert A("meld h1 c1 d2") in listed(state)
    state = act(state, "meld h1 c1 d2")
    assert state.melded[0]
    state = act(state, "meld c4 c4 d4")
    assert state.hands[0] == cards("c5 h6 h7 c8 c11 d13")


def test_s7_example_2_score_1500_aces_alone_are_not_enough_with_nines_they_are() -> None:
    state = position(
        south="h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", ns_score=1500, phase="play", stock=STOCK
    )
    assert state.minimums[0] == 90
    state = act(state, "meld h1 c1 d2")
    assert not state.melded[0]
    assert state.turn_value == 60
    refused(state, "discard c5", Reason.BELOW_MINIMUM, "7.3")
    state = act(state, "meld c9 c9 d9")
    assert state.melded[0]
    state = act(state, "discard c5")
    assert state.turn == 1


def test_s7_example_3_score_3000_no_combination_reaches_120() -> None:
    state = position(
        south="h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13",
        ns_score=3000,
        phase="play",
        stock=STOCK,
    )
    assert state.minimums[0] == 120
    for text in ("meld h1 c1 d2", "meld c4 c4 d4 h4 d2 h2", "meld c4 c4 d4"):
        refused(state, text, Reason.MINIMUM_UNREACHABLE, "7.3")
    assert not any(isinstance(action, Meld) for action in listed(state))


def test_s7_example_4_score_1800_exactly_90_but_one_card_left_without_a_canasta() -> None:
    # The brief writes h5 h5 h5 h5 and d9 d9 d9; a deck holds two of each card, so two of
    # the fives are c5 and one nine is c9 (same values).
    state = position(
        south="h5 h5 c5 c5 c9 d9 d9 h13 d13 d13 c13 s3",
        ns_score=1800,
        phase="play",
        stock=STOCK,
    )
    assert state.minimums[0] == 90
    for text in ("meld c5 c5 h5 h5", "meld c9 d9 d9", "meld h13 d13 d13 c13"):
        refused(state, text, Reason.MINIMUM_UNREACHABLE, "7.3")
    assert not any(isinstance(action, Meld) for action in listed(state))


# --------------------------------------------------------------------------- §7.1


@pytest.mark.parametrize(
    ("score", "minimum"),
    [
        (-2000, 15),
        (-5, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (4995, 120),
    ],
)
def test_s7_1_the_minimum_by_score(score: int, minimum: int) -> None:
    assert classic.minimum_for(score) == minimum
    state = position(south="c4 c5", ns_score=score, ew_score=score)
    assert state.minimums == (minimum, minimum)


def test_s7_1_next_round_uses_the_cumulative_score() -> None:
    state = position(
        south="c4 c5", phase="round_over", ns_score=1500, ew_score=-10, melded=(True, True)
    )
    state = act(state, "next")
    assert state.round_no == 2
    assert state.minimums == (90, 15)


def test_s7_1_below_the_minimum_is_refused_at_minus_score_only_15_needed() -> None:
    state = position(south="c4 d4 h4 c9 h10", ns_score=-5, phase="play", stock=STOCK)
    state = act(state, "meld c4 d4 h4")
    assert state.melded[0]


# --------------------------------------------------------------------------- §7.2


def test_s7_2_canasta_bonus_does_not_count() -> None:
    # A natural canasta of fives is worth 35 in cards: below 50 despite its bonus.
    state = position(south="c5 c5 d5 d5 h5 h5 s5 c9 h10 s11", ns_score=0, phase="play", stock=STOCK)
    refused(state, "meld c5 c5 d5 d5 h5 h5 s5", Reason.MINIMUM_UNREACHABLE, "7.3")


def test_s7_2_red_threes_do_not_count() -> None:
    state = position(
        south="c9 d9 h9 c4 c5 c6",
        ns_red="h3 d3 h3 d3",
        ns_score=0,
        phase="play",
        stock=STOCK,
    )
    refused(state, "meld c9 d9 h9", Reason.MINIMUM_UNREACHABLE, "7.3")


def test_s7_2_several_melds_in_one_turn_combine() -> None:
    state = position(south="c9 d9 h9 c10 d10 h10 c4 c5", ns_score=0, phase="play", stock=STOCK)
    state = act(state, "meld c9 d9 h9")
    assert not state.melded[0]
    state = act(state, "meld c10 d10 h10")
    assert state.melded[0]
    assert state.turn_value == 60


def test_s7_2_lay_offs_onto_this_turns_melds_count() -> None:
    # Decision m: 30 for the nines, then a joker laid off on them makes 80.
    state = position(south="c9 d9 h9 jk c4 c5", ns_score=0, phase="play", stock=STOCK)
    state = act(state, "meld c9 d9 h9")
    assert not state.melded[0]
    state = act(state, "layoff 9: jk")
    assert state.melded[0]
    state = act(state, "discard c4")
    assert state.turn == 1


def test_s7_2_only_hand_cards_and_the_pile_top_count() -> None:
    # Decision m: the aces under the top card do not count toward the minimum.
    state = position(south="c13 d13 c4 c5", pile="c1 d1 h1 h13", ns_score=0, stock=STOCK)
    refused(state, "take c13 d13", Reason.BELOW_MINIMUM, "4.4")


# --------------------------------------------------------------------------- §7.3


def test_s7_3_first_meld_refused_unless_a_combination_reaches_the_minimum() -> None:
    state = position(south="c9 d9 h9 c4 c5 c6", ns_score=0, phase="play", stock=STOCK)
    refused(state, "meld c9 d9 h9", Reason.MINIMUM_UNREACHABLE, "7.3")


def test_s7_3_no_discard_until_the_minimum_is_reached() -> None:
    state = position(south="c9 d9 h9 jk c4 c5", ns_score=0, phase="play", stock=STOCK)
    state = act(state, "meld c9 d9 h9")
    refused(state, "discard c4", Reason.BELOW_MINIMUM, "7.3")


def test_s7_3_a_meld_that_makes_the_minimum_unreachable_is_refused() -> None:
    # Minimum 90: the nines (30) need the aces with the deuce (60) to reach it; spending
    # the deuce on the fours would leave the aces unmeldable.
    state = position(
        south="h1 c1 d2 c9 c9 d9 c4 d4 h6 h7", ns_score=1500, phase="play", stock=STOCK
    )
    state = act(state, "meld c9 c9 d9")
    refused(state, "meld c4 d4 d2", Reason.MINIMUM_UNREACHABLE, "7.3")
    assert A("meld c4 d4 d2") not in listed(state)
    state = act(state, "meld h1 c1 d2")
    assert state.melded[0]


def test_s7_3_once_melded_no_minimum_applies_for_the_rest_of_the_round() -> None:
    state = position(
        south="c4 d4 h4 c5 c6", ns_melds=["9: c9 d9 h9"], ns_score=3000, phase="play", stock=STOCK
    )
    state = act(state, "meld c4 d4 h4")
    assert state.turn_value == 0
