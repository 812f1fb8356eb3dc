"""Random legal play from random deals: the invariants of the rules hold at every step."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from canasta.engine import GameState, Phase, apply, check, new_game
from canasta.engine.events import RoundScored

from .support import (
    MAX_STEPS_PER_ROUND,
    assert_invariants,
    expected_round_scores,
    listed,
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def play_round(state: GameState, rng: random.Random, *, check_all: bool) -> tuple:  # type: ignore[type-arg]
    """Play one round at random; return the final state, its events and the step count."""
    assert_invariants(state)
    events: list = []  # type: ignore[type-arg]
    for step in range(1, MAX_STEPS_PER_ROUND + 1):
        actions = sorted(listed(state), key=str)
        assert actions, f"no legal action in phase {state.phase}"
        if check_all:
            for action in actions:
                check(state, action)
                check(state, action, seat=state.to_move)
        result = apply(state, rng.choice(actions))
        state = result.state
        events = list(result.events)
        assert_invariants(state)
        if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return state, events, step
    raise AssertionError(f"the round did not end within {MAX_STEPS_PER_ROUND} actions")


@given(seed=seeds, rng=st.randoms(use_true_random=False))
def test_random_round_keeps_108_cards_legal_melds_and_ends(seed: int, rng: random.Random) -> None:
    state, _, steps = play_round(new_game(seed=seed), rng, check_all=True)
    assert state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert steps < MAX_STEPS_PER_ROUND


@given(seed=seeds, rng=st.randoms(use_true_random=False))
def test_round_scores_are_the_sum_of_parts_recomputed_from_the_final_state(
    seed: int, rng: random.Random
) -> None:
    start = new_game(seed=seed)
    state, events, _ = play_round(start, rng, check_all=False)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(scored) == 1
    pair = state.history[-1]
    assert scored[0].scores == pair
    expected = expected_round_scores(state)
    for team, score in enumerate(pair):
        assert score.team == team
        parts = {name: getattr(score, name) for name in expected[team]}
        assert parts == expected[team]
        assert score.total == sum(points for _, points in score.parts())
        assert score.total == (
            score.melds
            + score.hands
            + score.natural_canasta_points
            + score.mixed_canasta_points
            + score.red_three_points
            + score.going_out
            + score.concealed
        )
        assert score.concealed in (0, 100)
        if score.concealed:
            assert score.going_out == 100
    assert state.scores == (pair[0].total, pair[1].total)
    if state.went_out is None:
        assert state.stock == () or all(len(h) > 0 for h in state.hands)


@given(seed=seeds, rng=st.randoms(use_true_random=False))
def test_a_few_rounds_in_a_row_keep_the_invariants(seed: int, rng: random.Random) -> None:
    state = new_game(seed=seed)
    totals = (0, 0)
    for round_no in range(1, 4):
        assert state.round_no == round_no
        state, _, _ = play_round(state, rng, check_all=False)
        pair = state.history[-1]
        totals = (totals[0] + pair[0].total, totals[1] + pair[1].total)
        assert state.scores == totals
        if state.phase is Phase.GAME_OVER:
            break
        state = apply(state, rng.choice(sorted(listed(state), key=str))).state
        assert state.minimums == (
            state.rules.minimum_for(totals[0]),
            state.rules.minimum_for(totals[1]),
        )
