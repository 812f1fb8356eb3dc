"""Melds: validity with a reason, canasta kinds and values (rules §5)."""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from functools import lru_cache
from typing import NamedTuple

from canasta.engine.cards import (
    MELD_RANKS,
    RANK_OF,
    WILD_CARDS,
    Card,
    card_text,
    cards_text,
    cards_value,
    rank_name,
)
from canasta.engine.errors import IllegalActionError, Reason
from canasta.engine.rules import RuleSet
from canasta.engine.tuples import distinct, make

__all__ = ["Meld", "meld_error", "split_rank", "valid_shapes"]


@distinct
class Meld(NamedTuple):
    """A team's meld of one rank: its cards (sorted), how many are natural or wild, and
    whether it went down whole as a concealed canasta (§9.2).

    An immutable named tuple, equal only to an equal meld. ``len`` counts its cards, so the
    named tuple's ``_make`` and ``_replace`` do not apply: build a meld with :meth:`build`.
    """

    rank: int
    cards: tuple[Card, ...]
    naturals: int
    wilds: int
    concealed: bool = False

    @classmethod
    def build(cls, rank: int, cards: tuple[Card, ...], *, concealed: bool = False) -> "Meld":
        """A meld of ``rank`` holding ``cards`` (not checked: see :func:`meld_error`)."""
        ordered = tuple(sorted(cards))
        wilds = _wilds_in(ordered)
        return make(cls, (rank, ordered, len(ordered) - wilds, wilds, concealed))

    def __len__(self) -> int:
        return len(self.cards)

    def is_canasta(self, rules: RuleSet) -> bool:
        """Seven or more cards (§5)."""
        return len(self.cards) >= rules.canasta_size

    @property
    def is_natural(self) -> bool:
        """No wild card in the meld."""
        return self.wilds == 0

    @property
    def value(self) -> int:
        """Sum of the card values (§1)."""
        return cards_value(self.cards)

    def added(self, cards: tuple[Card, ...]) -> "Meld":
        """This meld with ``cards`` laid off on it (a concealed canasta stays one)."""
        ordered = tuple(sorted(self.cards + cards))
        wilds = self.wilds + _wilds_in(cards)
        return make(Meld, (self.rank, ordered, len(ordered) - wilds, wilds, self.concealed))

    def __str__(self) -> str:
        return f"{self.rank}: {cards_text(self.cards)}"

    def __repr__(self) -> str:
        cards = ", ".join(map(card_text, self.cards))
        return (
            f"Meld(rank={self.rank}, cards=({cards}), naturals={self.naturals}, "
            f"wilds={self.wilds}, concealed={self.concealed})"
        )


def _wilds_in(cards: tuple[Card, ...]) -> int:
    """How many of ``cards`` are wild."""
    wilds = 0
    for card in cards:
        if card in WILD_CARDS:
            wilds += 1
    return wilds


def split_rank(cards: tuple[Card, ...]) -> int | None:
    """The single natural rank of ``cards``, ``0`` if all are wild, ``None`` if mixed."""
    rank = 0
    for card in cards:
        if card in WILD_CARDS:
            continue
        card_rank = RANK_OF[card]
        if rank and card_rank != rank:
            return None
        rank = card_rank
    return rank


#: The rule set whose shapes were asked last, and its table: the hot path's one lookup.
_last_shapes: list[tuple[RuleSet, frozenset[tuple[int, int]]]] = []


def valid_shapes(rules: RuleSet) -> frozenset[tuple[int, int]]:
    """Every legal ``(naturals, wilds)`` of an ordinary meld: those :func:`meld_error`
    accepts, tabled once per rule set."""
    last = _last_shapes[0] if _last_shapes else None
    if last is None or last[0] is not rules:
        last = (rules, _shapes_of(rules))
        _last_shapes[:] = [last]
    return last[1]


@lru_cache(maxsize=32)
def _shapes_of(rules: RuleSet) -> frozenset[tuple[int, int]]:
    """:func:`valid_shapes` by the rule set's value (equal rule sets share one table, and
    no rule set is kept beyond the last few)."""
    return frozenset(
        (n, w)
        for n in range(rules.meld_max_size + 1)
        for w in range(rules.meld_max_size + 1 - n)
        if meld_error(n, w, rank=MELD_RANKS[0], rules=rules) is None
    )


def meld_error(
    naturals: int, wilds: int, *, rank: int, rules: RuleSet, black_threes: bool = False
) -> IllegalActionError | None:
    """Why a meld of ``naturals`` + ``wilds`` cards of ``rank`` is illegal, or ``None``."""
    name = rank_name(rank, plural=True)
    size = naturals + wilds
    if black_threes:
        if wilds:
            return IllegalActionError(
                Reason.BLACK_THREES,
                "Black threes may only be melded alone, with no wild card.",
                "5.5",
            )
        if size not in rules.black_three_meld_sizes:
            allowed = " or ".join(str(n) for n in rules.black_three_meld_sizes)
            return IllegalActionError(
                Reason.BLACK_THREES,
                f"A meld of black threes needs {allowed} of them.",
                "5.5",
            )
        return None
    if size < rules.meld_min_size:
        return IllegalActionError(
            Reason.TOO_FEW_CARDS,
            f"A meld needs at least {rules.meld_min_size} cards; these {name} make {size}.",
            "5.1",
        )
    if size > rules.meld_max_size:
        return IllegalActionError(
            Reason.TOO_MANY_CARDS,
            f"A meld holds at most {rules.meld_max_size} cards; these {name} would make {size}.",
            "5.1",
        )
    if naturals < rules.min_naturals:
        return IllegalActionError(
            Reason.TOO_FEW_NATURALS,
            f"A meld needs at least {rules.min_naturals} natural cards; "
            f"these {name} have {naturals}.",
            "5.1",
        )
    if wilds > rules.max_wilds:
        return IllegalActionError(
            Reason.TOO_MANY_WILDS,
            f"A meld may hold at most {rules.max_wilds} wild cards; these {name} have {wilds}.",
            "5.1",
        )
    lead = rules.natural_lead
    if lead is not None and wilds > naturals - lead:
        need = (
            "more natural cards than wild cards"
            if lead
            else "no more wild cards than natural cards"
        )
        return IllegalActionError(
            Reason.TOO_MANY_WILDS,
            f"A meld needs {need}; these {name} have {naturals} natural and {wilds} wild.",
            "5.1",
        )
    return None
