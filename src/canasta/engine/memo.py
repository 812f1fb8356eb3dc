"""The engine's memos, registered in one place so that :func:`clear_caches` starts cold.

Hot paths remember what they computed last: the facts of the last position, the last
listing, tables built once per rule set, and the solver's answers. None of them changes an
answer; a benchmark clears them all to time the first call a fresh process makes.

Every entry is more for the garbage collector to walk at each full collection, which lands
inside whatever call allocates at that moment: the memos stay small, what the modules
loaded is left out of the collections for good, and full collections come a tenth as often
as CPython's default (:func:`freeze_loaded`).
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = [
    "FULL_COLLECTION_EVERY",
    "BoundedMemo",
    "clear_caches",
    "forget_with",
    "freeze_loaded",
    "slots",
]

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
    """Answers for one rule set at a time, in two generations of about ``size`` each:
    once the current one holds more than ``size``, :meth:`table` starts an empty one and
    the full one becomes the previous generation, whose answers :meth:`recall` hands back
    (the caller files them in the current one), so the answers still asked for live on
    and the rest go with it at the next turn. Another rule set starts both empty.
    """

    __slots__ = ("_older", "_owner", "_size", "_table")

    def __init__(self, size: int) -> None:
        self._size = size
        self._owner: object = None
        self._table: dict[K, V] = {}
        self._older: dict[K, V] = {}
        _resets.append(self._forget)

    def table(self, owner: object) -> dict[K, V]:
        """The current answers for ``owner`` (a rule set), to read and fill in."""
        table = self._table
        if owner is not self._owner:
            self._forget()
            self._owner = owner
            table = self._table
        elif len(table) > self._size:
            self._older = table
            table = self._table = {}
        return table

    def recall(self, key: K) -> V | None:
        """The previous generation's answer for ``key``, if it has one."""
        return self._older.get(key)

    def _forget(self) -> None:
        self._owner = None
        self._table = {}
        self._older = {}


#: Who has frozen what the process had loaded (see :func:`freeze_loaded`).
_frozen_by: set[str] = set()

#: Collections of the middle generation between two full collections, at least (CPython's
#: default is 10). Once the modules are frozen, the objects that live long are few, so
#: CPython's other brake on full collections (the objects grown old since the last one
#: must number a quarter of those it kept) hardly holds them back; yet every one empties the
#: interpreter's free lists, some 1-2 ms when play has filled them with tuples, whatever
#: it finds. A tenth as many full collections: in 300 random railroad hands the longest
#: collection went from 3.1 ms to 0.4-0.6 ms (``python benchmarks/engine.py --stalls``).
FULL_COLLECTION_EVERY = 100


def freeze_loaded(by: str) -> None:
    """Leave everything the process holds now out of every later garbage collection
    (``gc.freeze``), once a process for each ``by``: what modules load lives as long as the
    process, and a full collection that walks it (some 5 ms once play has pushed it out of
    the processor's caches) stalls whichever call it lands in. The engine does it once
    imported; the table app and the table server again once their own modules are in.
    Full collections come at most a tenth as often as CPython's default
    (:data:`FULL_COLLECTION_EVERY`); the other thresholds are left as the process set them.
    """
    if by not in _frozen_by:
        _frozen_by.add(by)
        gc.freeze()
        young, middle, full = gc.get_threshold()
        gc.set_threshold(young, middle, max(full, FULL_COLLECTION_EVERY))


def clear_caches() -> None:
    """Forget everything the engine remembers, as in a fresh interpreter."""
    for reset in _resets:
        reset()
