"""Rules §11.5-§11.8: two, three and six players, for classic and traditional alike."""

from __future__ import annotations

from collections import Counter

import pytest

from canasta.engine import (
    PLAYER_COUNTS,
    Answer,
    AskPartner,
    CanastaError,
    IllegalActionError,
    Phase,
    Reason,
    apply,
    check,
    full_deck,
    legal_actions,
    new_game,
    preset,
)
from canasta.engine.events import StockDrawn
from canasta.engine.scoring import score_team

from .helpers import act, cards, count_all, refused
from .tables import table_position

SYSTEMS = ("classic", "traditional")


def test_s11_every_system_is_played_by_two_three_four_or_six() -> None:
    assert PLAYER_COUNTS["classic"] == PLAYER_COUNTS["traditional"] == (4, 2, 3, 6)
    assert preset("classic") is preset("Classic", 4)
    with pytest.raises(CanastaError, match=r"played by 2, 3, 4 or 6 players, not 5"):
        preset("classic", 5)
    with pytest.raises(CanastaError, match=r"choose one of: classic, traditional, railroad\.$"):
        preset("samba")


@pytest.mark.parametrize("system", SYSTEMS)
def test_s11_5_two_players_each_alone_with_fifteen_cards(system: str) -> None:
    rules = preset(system, 2)
    assert rules.seat_names == ("South", "North")
    assert rules.team_names == ("South", "North")
    assert rules.partner(0) is rules.partner(1) is None
    state = new_game(rules, seed=4)
    assert [len(hand) for hand in state.hands] == [15, 15]
    assert count_all(state) == sorted(full_deck())
    assert (state.dealer, state.turn) == (1, 0)


def _two(**given):  # type: ignore[no-untyped-def]
    return table_position(preset("classic", 2), **given)


def test_s11_5_a_draw_takes_two_cards_and_the_turn_ends_with_one_discard() -> None:
    state = _two(hands={"South": "c5 c6", "North": "d5 d6"}, stock="c9 d10 h11")
    state = act(state, "draw")
    assert state.hands[0] == cards("c5 c6 c9 d10")
    assert state.stock == cards("h11")
    state = act(state, "discard c5")
    assert (state.turn, state.phase) == (1, Phase.DRAW)


def test_s11_5_red_threes_among_the_two_cards_are_laid_out_and_replaced() -> None:
    state = _two(hands={"South": "c5 c6", "North": "d5 d6"}, stock="h3 c9 d3 d10 h11")
    step = apply(state, legal_actions(state)[0])
    assert step.state.hands[0] == cards("c5 c6 c9 d10")
    assert step.state.red_threes[0] == (*cards("h3"), *cards("d3"))
    assert sum(isinstance(event, StockDrawn) for event in step.events) == 4


def test_s11_5_with_one_stock_card_left_the_draw_takes_it_alone() -> None:
    state = _two(hands={"South": "c5 c6", "North": "d5 d6"}, stock="c9")
    state = act(state, "draw")
    assert state.hands[0] == cards("c5 c6 c9")
    assert state.stock == ()


def test_s11_5_going_out_needs_two_canastas() -> None:
    one = ["13: c13 c13 d13 d13 h13 h13 s13", "1: c1 d1 h1"]
    state = _two(hands={"South": "c5", "North": "d5 d6"}, melds={"South": one}, phase="play")
    error = refused(state, "discard c5", Reason.NO_CANASTA, "6.1")
    assert "you need two canastas to go out" in error.sentence
    two = [*one[:1], "12: c12 c12 d12 d12 h12 h12 s12"]
    state = _two(hands={"South": "c5", "North": "d5 d6"}, melds={"South": two}, phase="play")
    state = act(state, "discard c5")
    assert state.phase is Phase.ROUND_OVER
    assert state.went_out == 0


def test_s11_5_one_canasta_does_not_free_the_last_two_cards() -> None:
    one = ["13: c13 c13 d13 d13 h13 h13 s13"]
    state = _two(
        hands={"South": "c12 d12 h12 c5", "North": "d5 d6"}, melds={"South": one}, phase="play"
    )
    refused(state, "meld c12 d12 h12", Reason.HAND_TOO_SMALL, "3.3")
    assert not any(isinstance(action, AskPartner) for action in legal_actions(state))


def test_s11_5_the_last_two_cards_may_each_complete_a_canasta_to_go_out() -> None:
    melds = ["13: c13 c13 d13 d13 h13 h13", "12: c12 c12 d12 d12 h12 h12"]
    state = _two(hands={"South": "s13 s12", "North": "d5 d6"}, melds={"South": melds}, phase="play")
    # One card left is allowed: it can still go out, completing the second canasta.
    state = act(state, "layoff 13: s13", "layoff 12: s12")
    assert (state.phase, state.went_out) == (Phase.ROUND_OVER, 0)
    state = _two(hands={"South": "s13 s5", "North": "d5 d6"}, melds={"South": melds}, phase="play")
    refused(state, "layoff 13: s13", Reason.HAND_TOO_SMALL, "3.3")


@pytest.mark.parametrize("system", SYSTEMS)
def test_s11_6_three_players_each_alone_with_thirteen_cards(system: str) -> None:
    rules = preset(system, 3)
    assert rules.seat_names == ("South", "West", "East")
    assert rules.teams == 3
    assert (rules.draw_count, rules.canastas_to_go_out) == (1, 1)
    state = new_game(rules, seed=8)
    assert [len(hand) for hand in state.hands] == [13, 13, 13]
    assert count_all(state) == sorted(full_deck())


def test_s11_6_play_passes_south_west_east_and_each_player_scores_alone() -> None:
    rules = preset("classic", 3)
    state = table_position(
        rules,
        hands={"South": "c5 c6", "West": "d5 d6", "East": "h5 h6"},
        melds={"West": ["13: c13 c13 d13 d13 h13 h13 s13"]},
    )
    state = act(state, "draw", "discard c5")
    assert state.turn == 1
    state = act(state, "draw", "discard d5")
    assert state.turn == 2
    state = act(state, "draw", "discard h5")
    assert state.turn == 0
    state = table_position(
        rules,
        hands={"South": "c5 c6", "West": "d5", "East": "h5 h6"},
        melds={"West": ["13: c13 c13 d13 d13 h13 h13 s13"]},
        phase="play",
        turn="West",
    )
    state = act(state, "discard d5")
    assert state.phase is Phase.ROUND_OVER
    scores = [score.total for score in state.history[-1]]
    assert len(scores) == 3
    assert scores[1] == 7 * 10 + 500 + 100
    assert scores[0] == -10 and scores[2] == -10


@pytest.mark.parametrize("system", SYSTEMS)
def test_s11_7_six_players_in_two_teams_of_three_seated_alternately(system: str) -> None:
    rules = preset(system, 6)
    assert rules.partnerships == ((0, 2, 4), (1, 3, 5))
    assert [rules.team_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    assert (rules.decks, rules.jokers, rules.deck_size) == (3, 6, 162)
    state = new_game(rules, seed=2)
    assert [len(hand) for hand in state.hands] == [13] * 6
    deck = Counter(count_all(state))
    assert deck == Counter(full_deck(decks=3, jokers=6))


def test_s11_7_six_players_need_two_canastas_and_play_to_10000() -> None:
    rules = preset("classic", 6)
    assert (rules.canastas_to_go_out, rules.target_score) == (2, 10000)
    assert [rules.minimum_for(score) for score in (-5, 0, 3000, 7495, 7500)] == [
        15,
        50,
        120,
        120,
        150,
    ]


def test_s11_7_six_players_score_red_threes_on_their_own_scale() -> None:
    rules = preset("classic", 6)

    def red(count: int) -> int:
        return score_team(
            rules, team=0, melds=(), red_threes=count, hands=(), went_out=False, concealed=False
        ).red_three_points

    # A team that melded nothing scores them as minus (§9.3).
    assert [red(n) for n in range(7)] == [0, -100, -200, -300, -400, -1000, -1200]
    assert preset("classic", 4).red_three_points(4) == 800


def test_s11_7_a_meld_may_hold_all_twelve_naturals_of_a_rank() -> None:
    rules = preset("classic", 6)
    twelve = "c7 c7 c7 d7 d7 d7 h7 h7 h7 s7 s7"
    state = table_position(
        rules,
        hands={"South": "s7 c5 c6", "Southwest": "d5"},
        melds={"Northeast-Northwest-South": [f"7: {twelve}"]},
        phase="play",
    )
    state = act(state, "layoff 7: s7")
    assert len(state.melds[0][0].cards) == 12


def test_s11_8_six_players_ask_the_next_partner_in_turn_order() -> None:
    rules = preset("classic", 6)
    assert [rules.partner(seat) for seat in range(6)] == [2, 3, 4, 5, 0, 1]
    two = ["13: c13 c13 d13 d13 h13 h13 s13", "12: c12 c12 d12 d12 h12 h12 s12"]
    state = table_position(
        rules,
        hands={"South": "c5 c5 d5", "Northwest": "h4 h6"},
        melds={"Northeast-Northwest-South": two},
        phase="play",
    )
    state = act(state, "ask")
    assert (state.phase, state.to_move) == (Phase.ANSWER, 2)
    with pytest.raises(IllegalActionError) as caught:
        check(state, Answer(True), seat=4)
    assert caught.value.reason is Reason.NOT_YOUR_TURN
    state = apply(state, Answer(True), seat=2).state
    assert state.permission is True


@pytest.mark.parametrize("players", [2, 3])
def test_s11_8_a_player_alone_has_no_partner_to_ask(players: int) -> None:
    rules = preset("traditional", players)
    two = ["13: c13 c13 d13 d13 h13 h13 s13", "12: c12 c12 d12 d12 h12 h12 s12"]
    state = table_position(
        rules,
        hands={"South": "c5 c5 d5", "West" if players == 3 else "North": "h4 h6"},
        melds={"South": two},
        phase="play",
    )
    refused(state, "ask", Reason.CANNOT_ASK, "8.1")
