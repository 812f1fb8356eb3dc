"""The engine's memos, registered in one place so that :func:`clear_caches` starts cold.

Hot paths remember what they computed last: the facts of the last position, the last
listing, tables built once per rule set, and the solver's answers. None of them changes an
answer; a benchmark clears them all to time the first call a fresh process makes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["clear_caches", "forget_with", "slots"]

T = TypeVar("T")

_resets: list[Callable[[], None]] = []


def slots(*initial: T) -> list[T]:
    """A list of memo slots holding ``initial``, put back by :func:`clear_caches` (an
    initial value is never filled in place: each slot is replaced, not changed)."""
    held = list(initial)
    _resets.append(lambda: held.__setitem__(slice(None), initial))
    return held


def forget_with(clear: Callable[[], None]) -> None:
    """Have :func:`clear_caches` call ``clear`` (an ``lru_cache``'s ``cache_clear``)."""
    _resets.append(clear)


def clear_caches() -> None:
    """Forget everything the engine remembers, as in a fresh interpreter."""
    for reset in _resets:
        reset()
