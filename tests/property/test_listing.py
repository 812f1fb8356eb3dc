"""The fast listing ``legal_actions`` equals the candidate actions ``is_legal`` accepts:
it neither misses nor adds an action."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from canasta.engine import GameState, Phase, apply, check, is_legal, legal_actions, new_game
from canasta.engine.legality import canonical

from .support import candidate_actions, listed


def _positions(seed: int, rng: random.Random, count: int) -> list[GameState]:
    """``count`` states of one random round, spread over it (play phase mostly)."""
    state = new_game(seed=seed)
    states = [state]
    while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        state = apply(state, rng.choice(legal_actions(state))).state
        states.append(state)
    picks = rng.sample(states, min(count, len(states)))
    return picks


def assert_listing_is_exact(state: GameState) -> None:
    expected = set()
    for action in candidate_actions(state):
        if is_legal(state, action):
            expected.add(canonical(state, action))
    actual = listed(state)
    missing = {str(a) for a in expected - actual}
    extra = {str(a) for a in actual - expected}
    assert not missing and not extra, (
        f"phase {state.phase.value}, hand {state.hands[state.turn]}: "
        f"missing {sorted(missing)}, extra {sorted(extra)}"
    )
    for action in actual:
        check(state, action)


@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rng=st.randoms(use_true_random=False))
def test_legal_actions_equals_the_legal_candidates(seed: int, rng: random.Random) -> None:
    for state in _positions(seed, rng, 6):
        assert_listing_is_exact(state)
