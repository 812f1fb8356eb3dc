"""The fast listing ``legal_actions`` equals the candidate actions ``is_legal`` accepts:
it neither misses nor adds an action."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from canasta.engine import (
    GameState,
    Phase,
    apply,
    check,
    is_legal,
    legal_actions,
    multisets,
    new_game,
)
from canasta.engine.legality import canonical
from canasta.engine.memo import clear_caches
from canasta.engine.rules import preset

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


@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    rng=st.randoms(use_true_random=False),
    system=st.sampled_from(["classic", "traditional", "railroad"]),
)
def test_a_listing_with_every_memo_cleared_is_the_same_listing(
    seed: int, rng: random.Random, system: str
) -> None:
    """The engine's memos change no answer: each position lists the same actions, in the
    same order, warm and after :func:`clear_caches` put every memo back to empty."""
    rules = preset(system)
    state = new_game(rules, seed=seed)
    while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        warm = legal_actions(state)
        clear_caches()
        assert multisets.sub_multisets.cache_info().currsize == 0
        assert legal_actions(state) == warm
        state = apply(state, rng.choice(warm)).state
