"""Named tuples that compare by kind: the engine's records (events, rule sets, melds).

A named tuple is cheap to build and to import (a frozen dataclass would load the
``dataclasses`` and ``inspect`` modules, a quarter of ``import canasta.engine``); but it
equals any tuple of equal fields. :func:`distinct` makes it equal only to its own kind, as a
dataclass is, and keeps the tuple's hash.
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["distinct", "make"]

_T = TypeVar("_T", bound=type)

#: ``make(cls, values)``: the named tuple ``cls`` of the field ``values``, built without the
#: ``__new__`` that ``NamedTuple`` writes (a Python call handling keywords and defaults);
#: the hot paths' constructor.
make = tuple.__new__


def _equal(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _unequal(self: tuple[Any, ...], other: object) -> bool:
    return not _equal(self, other)


def distinct(cls: _T) -> _T:
    """``cls``, a named tuple, equal only to its own kind (tuples of equal fields would be)."""
    cls.__eq__ = _equal  # type: ignore[assignment]
    cls.__ne__ = _unequal  # type: ignore[assignment]
    return cls
