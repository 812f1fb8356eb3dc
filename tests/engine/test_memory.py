"""What the engine keeps between positions: its memos stay small for the garbage collector.

A card is an instance of an ``int`` subclass, which the collector tracks, so every tuple of
cards stays tracked; a memo of card tuples makes each full collection, and the listing it
lands in, slower.
"""

from __future__ import annotations

import gc
import random

from canasta.engine import Phase, apply, legal_actions, new_game
from canasta.engine.cards import parse_cards
from canasta.engine.solver import sub_multisets, sub_multisets_by_size


def _play(hands: int, first_seed: int) -> None:
    rng = random.Random(first_seed)
    for seed in range(first_seed, first_seed + hands):
        state = new_game(seed=seed)
        while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            state = apply(state, rng.choice(legal_actions(state))).state


def _tracked() -> int:
    gc.collect()
    return len(gc.get_objects())


def test_random_play_leaves_few_objects_for_the_collector() -> None:
    _play(2, 10_000)
    before = _tracked()
    _play(120, 0)
    assert _tracked() - before < 3_000


def test_sub_multisets_walk_each_kind_zero_or_more_times_in_order() -> None:
    cards = parse_cards("c5 c5 d5")
    c5, _, d5 = cards
    assert sub_multisets(cards, 0, 3) == ((), (d5,), (c5,), (c5, d5), (c5, c5), (c5, c5, d5))
    assert sub_multisets(cards, 2, 2) == ((c5, d5), (c5, c5))
    assert sub_multisets_by_size(cards, 1, 2) == ((), ((d5,), (c5,)), ((c5, d5), (c5, c5)))
