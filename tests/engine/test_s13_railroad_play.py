"""Rules §13.7-§13.12: railroad's minimum, the sevens lock, taking the pile, going out, the
ends of a round and scoring (seed 004)."""

from __future__ import annotations

import pytest

from canasta.engine import (
    Discard,
    Phase,
    Reason,
    apply,
    legal_actions,
    parse_action,
    preset,
    view,
)
from canasta.engine.events import StockExhausted, Stuck

from .helpers import act, cards, refused
from .rail import BLACK, RED, SEVENS, WILD, rail


@pytest.mark.parametrize(
    ("score", "minimum"),
    [
        (-5, 15),
        (0, 50),
        (4995, 50),
        (5000, 90),
        (9995, 90),
        (10000, 120),
        (14995, 120),
        (15000, 150),
        (19995, 150),
    ],
)
def test_s13_7_the_minimum_by_score(score: int, minimum: int) -> None:
    assert preset("railroad", 3).minimum_for(score) == minimum


def test_s13_7_several_melds_make_the_minimum_and_the_discard_waits_for_it() -> None:
    state = rail(hands={"South": "c13 d13 h13 c12 d12 h12 c4 h5 s6"}, phase="play")
    assert state.minimums == (50, 50, 50)
    state = act(state, "meld c13 d13 h13")
    assert state.turn_value == 30 and not state.melded[0]
    refused(state, "discard h5", Reason.BELOW_MINIMUM, "13.7")
    state = act(state, "meld c12 d12 h12")
    assert state.melded[0]
    act(state, "discard h5")


def test_s13_7_a_play_must_leave_a_sure_way_to_the_minimum() -> None:
    state = rail(hands={"South": "c13 d13 h13 c4 d4 h5"}, phase="play")
    # 30 from the kings, and the fours and five can never make 20 more.
    error = refused(state, "meld c13 d13 h13", Reason.MINIMUM_UNREACHABLE, "13.7")
    assert "would make 30 of your minimum of 50" in str(error)
    assert not [a for a in legal_actions(state) if not isinstance(a, Discard)]


def test_s13_8_sevens_may_not_be_discarded_until_everyone_has_a_sevens_canasta() -> None:
    state = rail(
        hands={"South": "c7 h5 h6"}, melds={"South": [SEVENS]}, phase="play", melded=[True] * 3
    )
    assert view(state, 0).sevens_locked
    refused(state, "discard c7", Reason.SEVENS_LOCKED, "13.8")
    unlocked = rail(
        hands={"South": "s7 h5 h6"},
        melds={"South": [SEVENS], "West": [SEVENS], "East": [SEVENS]},
        phase="play",
    )
    assert not view(unlocked, 1).sevens_locked
    assert act(unlocked, "discard s7").pile[-1] == cards("s7")[0]


def test_s13_9_two_naturals_take_even_a_frozen_pile() -> None:
    state = rail(
        hands={"South": "c9 d9 c9 h5 h6"},
        pile="jk c4 d9",
        melded=[True, True, True],
    )
    assert state.pile_frozen
    refused(state, "take c9", Reason.PILE_TOP_UNUSABLE, "13.9")
    state = act(state, "take c9 c9")
    assert state.pile == () and state.melds[0][0].cards == cards("c9 c9 d9")
    assert cards("jk c4") == tuple(c for c in state.hands[0] if c in cards("jk c4"))


def test_s13_9_the_top_card_alone_onto_an_open_meld_when_not_frozen() -> None:
    state = rail(hands={"South": "h5 h6 h8"}, melds={"South": ["9: c9 d9 h9"]}, pile="c4 d9")
    state = act(state, "take")
    assert state.melds[0][0].cards == cards("c9 d9 h9 d9") and cards("c4")[0] in state.hands[0]
    frozen = rail(hands={"South": "h5 h6 h8"}, melds={"South": ["9: c9 d9 h9"]}, pile="jk c4 d9")
    refused(frozen, "take", Reason.PILE_FROZEN, "13.9")


def test_s13_9_one_natural_and_a_wild_card_do_not_take_the_pile() -> None:
    state = rail(hands={"South": "c9 jk h5 h6"}, pile="c4 d9", melded=[True] * 3)
    refused(state, "take c9 jk", Reason.PILE_TOP_UNUSABLE, "13.9")
    blocked = rail(hands={"South": "c9 c9 h5"}, pile="c9 d2", melded=[True] * 3)
    refused(blocked, "take c9 c9", Reason.PILE_BLOCKED, "13.9")


def test_s13_9_a_take_before_the_initial_meld_needs_melds_worth_the_minimum() -> None:
    short = rail(hands={"South": "c9 d9 h4 s5 c6"}, pile="c4 d9")
    # The nines make 30 of the 50, and the four, five and six can never make the rest.
    error = refused(short, "take c9 d9", Reason.BELOW_MINIMUM, "4.4")
    assert str(error).startswith("To take the pile before your initial meld")
    enough = rail(hands={"South": "c9 d9 c13 d13 h13 s5 c6"}, pile="c4 d9")
    state = act(enough, "take c9 d9")
    assert state.melds[0][0].cards == cards("c9 d9 d9")


def test_s13_10_going_out_needs_a_canasta_of_each_kind() -> None:
    three = rail(hands={"South": "h5"}, melds={"South": [RED, BLACK, WILD]}, phase="play")
    refused(three, "discard h5", Reason.NO_CANASTA, "13.10")
    four = rail(hands={"South": "h5"}, melds={"South": [RED, BLACK, WILD, SEVENS]}, phase="play")
    step = apply(four, parse_action("discard h5"))
    assert step.state.went_out == 0 and step.state.history[-1][0].going_out == 100


def test_s13_10_the_last_discard_is_not_a_seven_and_no_play_empties_the_hand() -> None:
    everyone = {"South": [RED, BLACK, WILD, SEVENS], "West": [SEVENS], "East": [SEVENS]}
    state = rail(hands={"South": "s7"}, melds=everyone, phase="play")
    refused(state, "discard s7", Reason.SEVENS_LOCKED, "13.10")
    hand = rail(hands={"South": "c5 d5 h5"}, melds={"South": [RED]}, phase="play")
    refused(hand, "meld c5 d5 h5", Reason.HAND_TOO_SMALL, "13.10")


def test_s13_11_a_draw_from_the_empty_stock_ends_the_round() -> None:
    state = rail(
        2, hands={"South": "c9 c9 h5", "North": "h6"}, pile="c4 d9", stock="", melded=[True, True]
    )
    assert parse_action("take c9 c9") in legal_actions(state)
    step = apply(state, parse_action("draw"))
    assert StockExhausted() in step.events
    assert step.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert step.state.went_out is None


def test_s13_11_a_hand_of_locked_sevens_ends_the_round() -> None:
    state = rail(2, hands={"South": "c7", "North": "h6"}, stock="d7 h7 s5")
    step = apply(state, parse_action("draw"))
    assert Stuck(0) in step.events
    assert step.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert step.state.history[-1][0].going_out == 0


def test_s13_12_the_score_sheet_of_the_kinds_and_the_kitty() -> None:
    state = rail(
        hands={"South": "h5"},
        melds={"South": [RED, BLACK, WILD, SEVENS]},
        kitties={"West": "c4 d4 h4 s4 c6 d6 h6 s6 c8 d8 h3"},
        phase="play",
    )
    after = act(state, "discard h5")
    south, west, _ = after.history[-1]
    assert (south.natural_canasta_points, south.mixed_canasta_points) == (500, 300)
    assert (south.wild_canasta_points, south.sevens_canasta_points) == (1000, 1500)
    assert south.going_out == 100 and south.kitty == 0
    assert west.kitty == -(4 * 5 + 4 * 5 + 2 * 10)  # the red three in it scores nothing
    labels = [label for label, _ in west.parts()]
    assert "Cards left in the kitty" in labels and "Sevens canastas (0)" in labels
    assert sum(points for _, points in south.parts()) == south.total


def test_s13_12_the_game_goes_to_twenty_thousand_and_a_tie_plays_on() -> None:
    melds = {"South": [RED, BLACK, WILD, SEVENS]}
    won = rail(hands={"South": "h5", "West": "c4"}, melds=melds, phase="play", scores=[17000, 0, 0])
    after = act(won, "discard h5")
    assert after.phase is Phase.GAME_OVER and after.winner == 0
    south, west, _ = (score.total for score in after.history[-1])
    tie = rail(
        hands={"South": "h5", "West": "c4"},
        melds=melds,
        phase="play",
        scores=[17000, 17000 + south - west, 0],
    )
    after = act(tie, "discard h5")
    assert after.scores[0] == after.scores[1] >= 20000
    assert after.phase is Phase.ROUND_OVER and after.winner is None
