"""Sub-multisets of a sorted tuple of cards: every choice of cards a meld or take may place,
remembered (the same few rank groups and wild cards come back hand after hand)."""

from __future__ import annotations

from functools import lru_cache

from canasta.engine.cards import Card
from canasta.engine.memo import forget_with

__all__ = ["sub_multisets", "sub_multisets_by_size"]


@lru_cache(maxsize=65536)
def sub_multisets(cards: tuple[Card, ...], low: int, high: int) -> tuple[tuple[Card, ...], ...]:
    """Every distinct sub-multiset of sorted ``cards`` with ``low`` to ``high`` cards, in the
    order of their counts of each kind of card (the first kind's count varies slowest)."""
    chosen: list[tuple[Card, ...]] = [()]
    start = 0
    while start < len(cards):
        card = cards[start]
        stop = start + 1
        while stop < len(cards) and cards[stop] == card:
            stop += 1
        chosen = [
            prefix + (card,) * k
            for prefix in chosen
            for k in range(stop - start + 1)
            if len(prefix) + k <= high
        ]
        start = stop
    return tuple(subset for subset in chosen if len(subset) >= low)


forget_with(sub_multisets.cache_clear)


@lru_cache(maxsize=65536)
def sub_multisets_by_size(
    cards: tuple[Card, ...], low: int, high: int
) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """:func:`sub_multisets` grouped by size: item ``n`` holds those of ``n`` cards."""
    groups: list[list[tuple[Card, ...]]] = [[] for _ in range(high + 1)]
    for subset in sub_multisets(cards, low, high):
        groups[len(subset)].append(subset)
    return tuple(tuple(group) for group in groups)


forget_with(sub_multisets_by_size.cache_clear)
