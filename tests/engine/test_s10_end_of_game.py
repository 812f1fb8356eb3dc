"""Rules §10: the end of the game."""

from __future__ import annotations

from canasta.engine import Phase, Reason
from canasta.engine.events import GameWon

from .helpers import A, act, events_of, listed, position, refused

STOCK = "c12 c11 d11 h11"
CANASTA = "8: c8 c8 d8 d8 h8 h8 s8"


def _last_round(ns_score: int, ew_score: int):  # type: ignore[no-untyped-def]
    """South goes out: North-South +800 (melds 100, canasta 500, going out 100, red three
    100), East-West 0."""
    state = position(
        south="c9 d9 h9 h4",
        ns_melds=[CANASTA],
        ns_red="h3",
        ns_score=ns_score,
        ew_score=ew_score,
        phase="play",
    )
    state = act(state, "meld c9 d9 h9")
    return events_of(state, "discard h4")


def test_s10_the_last_round_of_these_tests_scores_800_to_0() -> None:
    state, _ = _last_round(0, 0)
    assert tuple(score.total for score in state.history[-1]) == (800, 0)


def test_s10_game_ends_when_a_team_reaches_5000() -> None:
    state, events = _last_round(4200, 3000)
    assert state.scores == (5000, 3000)
    assert state.phase is Phase.GAME_OVER
    assert state.winner == 0
    assert GameWon(0, (5000, 3000)) in events
    assert listed(state) == set()
    refused(state, "next", Reason.GAME_OVER)


def test_s10_below_5000_another_round_is_dealt() -> None:
    state, _ = _last_round(4195, 3000)
    assert state.scores == (4995, 3000)
    assert state.phase is Phase.ROUND_OVER
    assert state.winner is None
    assert listed(state) == {A("next")}


def test_s10_the_higher_total_wins_when_both_pass_5000() -> None:
    state, _ = _last_round(4300, 5050)
    assert state.scores == (5100, 5050)
    assert state.phase is Phase.GAME_OVER
    assert state.winner == 0


def test_s10_the_team_that_did_not_score_this_round_can_win() -> None:
    state, _ = _last_round(4000, 5100)
    assert state.scores == (4800, 5100)
    assert state.winner == 1


def test_s10_a_tie_at_5000_or_more_plays_another_round() -> None:
    state, events = _last_round(4400, 5200)
    assert state.scores == (5200, 5200)
    assert state.phase is Phase.ROUND_OVER
    assert state.winner is None
    assert not any(isinstance(e, GameWon) for e in events)
    state = act(state, "next")
    assert state.round_no == 2
    assert state.phase is Phase.DRAW
