"""The engine's memos, registered in one place so that :func:`clear_caches` starts cold.

Hot paths remember what they computed last: the facts of the last position, the last
listing, tables built once per rule set, and the solver's answers. None of them changes an
answer; a benchmark clears them all to time the first call a fresh process makes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["BoundedMemo", "clear_caches", "forget_with", "slots"]

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

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


class BoundedMemo(Generic[K, V]):
    """Answers for one rule set at a time, about ``size`` at most: :meth:`table` starts an
    empty one for another rule set, or once more than ``size`` are held (the hands of a long
    run keep bringing new keys, and every entry is more for the garbage collector to walk).
    """

    __slots__ = ("_owner", "_size", "_table")

    def __init__(self, size: int) -> None:
        self._size = size
        self._owner: object = None
        self._table: dict[K, V] = {}
        _resets.append(self._forget)

    def table(self, owner: object) -> dict[K, V]:
        """The answers for ``owner`` (a rule set), to read and fill in."""
        table = self._table
        if owner is not self._owner or len(table) > self._size:
            table = self._table = {}
            self._owner = owner
        return table

    def _forget(self) -> None:
        self._owner = None
        self._table = {}


def clear_caches() -> None:
    """Forget everything the engine remembers, as in a fresh interpreter."""
    for reset in _resets:
        reset()
