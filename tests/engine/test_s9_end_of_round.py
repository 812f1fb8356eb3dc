"""Rules §9: the end of a round and its scoring."""

from __future__ import annotations

from canasta.engine import Phase, Reason, Seat, legal_actions
from canasta.engine.actions import DrawStock, TakePile
from canasta.engine.events import RedThreeLaid, RoundScored, StockExhausted, WentOut

from .helpers import A, act, cards, events_of, position, refused

STOCK = "c12 c11 d11 h11"
CANASTA = "8: c8 c8 d8 d8 h8 h8 s8"


# --------------------------------------------------------------------------- §9.1


def test_s9_1_the_round_ends_when_a_player_goes_out() -> None:
    state = position(south="c9 d9 h9 h4", ns_melds=[CANASTA], phase="play", stock=STOCK)
    state, events = events_of(state, "meld c9 d9 h9")
    assert state.phase is Phase.PLAY
    state, events = events_of(state, "discard h4")
    assert state.phase is Phase.ROUND_OVER
    assert any(isinstance(e, WentOut) for e in events)
    assert any(isinstance(e, RoundScored) for e in events)
    assert legal_actions(state) == [A("next")]


def test_s9_1_the_round_ends_when_a_turn_ends_with_the_stock_empty() -> None:
    state = position(south="c9 d9 c4", west="c5 c6 c7", stock="h10", rest_to="East")
    state = act(state, "draw")
    assert state.stock == ()
    assert state.phase is Phase.PLAY
    state, events = events_of(state, "discard c4")
    assert StockExhausted() in events
    assert state.phase is Phase.ROUND_OVER
    assert state.went_out is None
    assert state.history[-1][0].going_out == 0
    assert state.history[-1][1].going_out == 0


def test_s9_1_empty_stock_at_the_draw_the_player_must_take_the_pile() -> None:
    # Decision b: West's red-three replacement takes the last stock card.
    state = position(
        south="d10 c5 c6",
        west="h3 c10 s10 c11",
        pile="d9",
        ew_melds=["12: c12 d12 h12"],
        phase="play",
        stock="h9",
        rest_to="North",
    )
    state, events = events_of(state, "discard d10")
    assert state.turn == Seat.WEST
    assert state.phase is Phase.DRAW
    assert state.stock == ()
    assert RedThreeLaid(Seat.WEST, cards("h3")[0], True) in events
    assert state.hands[Seat.WEST] == cards("c10 s10 c11 h9")
    refused(state, DrawStock(), Reason.STOCK_EMPTY, "9.1")
    assert legal_actions(state) == [TakePile(cards("c10 s10"))]
    state = act(state, "take c10 s10")
    assert state.hands[Seat.WEST] == cards("c11 h9 d9")
    # The stock is still empty when West's turn ends: the round ends (§9.1).
    state, events = events_of(state, "discard c11")
    assert StockExhausted() in events
    assert state.phase is Phase.ROUND_OVER


def test_s9_1_empty_stock_at_the_draw_and_no_legal_take_ends_the_round() -> None:
    state = position(
        south="c4 c5 c6",
        west="h3 c9 c10 c11",
        pile="d9",
        ew_melds=["12: c12 d12 h12"],
        phase="play",
        stock="h10",
        rest_to="North",
    )
    state, events = events_of(state, "discard c4")
    assert StockExhausted() in events
    assert state.phase is Phase.ROUND_OVER
    assert state.went_out is None


def test_s9_1_a_red_three_drawn_as_the_last_stock_card_is_laid_out_unreplaced() -> None:
    state = position(south="c9 c10 c11", stock="h3", rest_to="East")
    state, events = events_of(state, "draw")
    assert RedThreeLaid(Seat.SOUTH, cards("h3")[0], False) in events
    assert state.red_threes[0] == cards("h3")
    assert state.hands[Seat.SOUTH] == cards("c9 c10 c11")
    assert state.phase is Phase.PLAY
    state, events = events_of(state, "discard c9")
    assert StockExhausted() in events
    assert state.phase is Phase.ROUND_OVER


def test_s9_1_red_three_last_card_with_one_card_and_no_canasta_ends_the_round() -> None:
    # Decision c: one card left and no canasta: no legal discard, the round ends.
    state = position(south="c9", stock="h3", rest_to="East")
    state, events = events_of(state, "draw")
    assert StockExhausted() in events
    assert state.phase is Phase.ROUND_OVER
    assert state.red_threes[0] == cards("h3")
    assert state.went_out is None


def test_s9_1_red_three_last_card_with_one_card_and_a_canasta_goes_out() -> None:
    state = position(south="c9", ns_melds=[CANASTA], stock="h3", rest_to="East")
    state = act(state, "draw")
    assert state.phase is Phase.PLAY
    state, events = events_of(state, "discard c9")
    assert WentOut(Seat.SOUTH, False) in events


# --------------------------------------------------------------------------- §9.2


def _scored_round():  # type: ignore[no-untyped-def]
    state = position(
        south="c9 c9 d9 h4",
        north="c13 c2",
        west="c10 jk",
        east="s1",
        ns_melds=[CANASTA, "5: c5 d5 jk"],
        ew_melds=["7: c7 d7 h7 s7 c7 d7 h2"],
        ns_red="h3",
        ew_red="d3 d3 h3",
        phase="play",
    )
    state = act(state, "meld c9 c9 d9")
    return events_of(state, "discard h4")


def test_s9_2_each_part_of_the_round_score() -> None:
    state, events = _scored_round()
    ns, ew = state.history[-1]
    assert (ns.melds, ns.hands) == (70 + 60 + 30, -30)
    assert (ns.natural_canastas, ns.natural_canasta_points) == (1, 500)
    assert (ns.mixed_canastas, ns.mixed_canasta_points) == (0, 0)
    assert (ns.red_threes, ns.red_three_points) == (1, 100)
    assert (ns.going_out, ns.concealed) == (100, 0)
    assert ns.total == 160 - 30 + 500 + 100 + 100
    assert (ew.melds, ew.hands) == (50, -80)
    assert (ew.mixed_canastas, ew.mixed_canasta_points) == (1, 300)
    assert (ew.red_threes, ew.red_three_points) == (3, 300)
    assert (ew.going_out, ew.concealed) == (0, 0)
    assert ew.total == 50 - 80 + 300 + 300
    assert state.scores == (ns.total, ew.total)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert scored and scored[0].totals == state.scores


def test_s9_2_the_total_is_the_sum_of_the_parts() -> None:
    state, _ = _scored_round()
    for score in state.history[-1]:
        assert score.total == sum(points for _, points in score.parts())


def test_s9_2_all_four_red_threes_score_800() -> None:
    state = position(south="c9 d9 h9 h4", ns_melds=[CANASTA], ns_red="d3 d3 h3 h3", phase="play")
    state = act(state, "meld c9 d9 h9", "discard h4")
    ns = state.history[-1][0]
    assert (ns.red_threes, ns.red_three_points) == (4, 800)


def test_s9_2_running_totals_add_up_across_rounds() -> None:
    state = position(
        south="c9 d9 h9 h4", ns_melds=[CANASTA], phase="play", ns_score=1000, ew_score=-200
    )
    state = act(state, "meld c9 d9 h9", "discard h4")
    ns, ew = state.history[-1]
    assert state.scores == (1000 + ns.total, -200 + ew.total)


# --------------------------------------------------------------------------- §9.3


def test_s9_3_red_threes_count_against_a_team_that_melded_nothing() -> None:
    state = position(south="c9 d9 h9 h4", ns_melds=[CANASTA], ew_red="d3", phase="play")
    state = act(state, "meld c9 d9 h9", "discard h4")
    ew = state.history[-1][1]
    assert (ew.red_threes, ew.red_three_points) == (1, -100)
    assert ew.melds == 0


def test_s9_3_all_four_red_threes_of_a_team_that_melded_nothing_score_minus_800() -> None:
    state = position(
        south="c9 d9 h9 h4",
        ns_melds=[CANASTA],
        ew_red="d3 d3 h3 h3",
        phase="play",
    )
    state = act(state, "meld c9 d9 h9", "discard h4")
    assert state.history[-1][1].red_three_points == -800


# --------------------------------------------------------------------------- §9.4


def test_s9_4_red_threes_still_in_a_hand_count_in_the_teams_area() -> None:
    # North and West still hold the red threes dealt to them (no turn since the deal).
    state = position(
        south="c9 d9 h9 h4",
        north="h3 c5 c6",
        west="d3 c10",
        ns_melds=[CANASTA],
        ns_red="h3",
        phase="play",
    )
    state = act(state, "meld c9 d9 h9", "discard h4")
    ns, ew = state.history[-1]
    assert (ns.red_threes, ns.red_three_points) == (2, 200)
    assert ns.hands == -10
    # East-West melded nothing: their red three counts against them.
    assert (ew.red_threes, ew.red_three_points) == (1, -100)
    assert sorted(state.red_threes[0]) == sorted(cards("h3 h3"))
    assert state.red_threes[1] == cards("d3")
