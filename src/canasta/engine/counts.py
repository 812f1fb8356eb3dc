"""A hand as counts: how many naturals of each meld rank, jokers, twos and black threes.

Suits never matter to the questions the rules ask of a hand (can it reach the initial-meld
minimum, can it go out), so :mod:`canasta.engine.solver` and the placement guard work on
:class:`HandCounts`; :func:`hand_groups` keeps the cards themselves, by rank, for the
listing of melds.
"""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from typing import NamedTuple

from canasta.engine.cards import (
    BLACK_THREES,
    JOKER,
    KING,
    MELD_RANKS,
    RANK_OF,
    THREE,
    TWO,
    Card,
    card_of,
    card_value,
)
from canasta.engine.memo import slots
from canasta.engine.tuples import make

__all__ = [
    "BLACK_THREE_VALUE",
    "JOKER_VALUE",
    "RANK_VALUE",
    "TWO_VALUE",
    "HandCounts",
    "count_hand",
    "count_hand_less",
    "hand_counts",
    "hand_groups",
]

#: The point values of one natural of each meld rank, a joker, a two and a black three.
RANK_VALUE = {rank: card_value(card_of(rank, 0)) for rank in MELD_RANKS}
JOKER_VALUE = card_value(JOKER)
TWO_VALUE = card_value(card_of(TWO, 0))
BLACK_THREE_VALUE = card_value(min(BLACK_THREES))


class HandCounts(NamedTuple):
    """A hand as counts: naturals by meld rank, jokers, twos and black threes (a named tuple:
    the solver makes many, and a tuple is built in half the time of a frozen dataclass)."""

    naturals: tuple[tuple[int, int], ...]  # (rank, count), ranks ascending, counts > 0
    jokers: int
    twos: int
    black_threes: int

    @property
    def size(self) -> int:
        """How many cards."""
        size = self.jokers + self.twos + self.black_threes
        for _, n in self.naturals:
            size += n
        return size

    @property
    def value(self) -> int:
        """Sum of the card values."""
        value = (
            self.jokers * JOKER_VALUE
            + self.twos * TWO_VALUE
            + self.black_threes * BLACK_THREE_VALUE
        )
        for rank, n in self.naturals:
            value += RANK_VALUE[rank] * n
        return value

    def kinds(self) -> list[tuple[str, int]]:
        """Each kind of card present: ``("n", rank)``, ``("j", 0)``, ``("t", 0)``, ``("b", 0)``."""
        out: list[tuple[str, int]] = [("n", rank) for rank, _ in self.naturals]
        if self.jokers:
            out.append(("j", 0))
        if self.twos:
            out.append(("t", 0))
        if self.black_threes:
            out.append(("b", 0))
        return out

    def without(self, kind: tuple[str, int]) -> "HandCounts | None":
        """This hand less one card of ``kind``, or ``None`` if it has none."""
        tag, rank = kind
        if tag == "n":
            naturals = []
            found = False
            for r, n in self.naturals:
                if r == rank:
                    found = True
                    if n > 1:
                        naturals.append((r, n - 1))
                else:
                    naturals.append((r, n))
            if not found:
                return None
            return _counts(tuple(naturals), self.jokers, self.twos, self.black_threes)
        if tag == "j":
            return (
                _counts(self.naturals, self.jokers - 1, self.twos, self.black_threes)
                if self.jokers
                else None
            )
        if tag == "t":
            return (
                _counts(self.naturals, self.jokers, self.twos - 1, self.black_threes)
                if self.twos
                else None
            )
        return (
            _counts(self.naturals, self.jokers, self.twos, self.black_threes - 1)
            if self.black_threes
            else None
        )


def _counts(
    naturals: tuple[tuple[int, int], ...], jokers: int, twos: int, black_threes: int
) -> HandCounts:
    """A :class:`HandCounts`, built without the named tuple's keyword-handling ``__new__``."""
    return make(HandCounts, (naturals, jokers, twos, black_threes))


def count_hand(cards: tuple[Card, ...]) -> HandCounts:
    """Summarise cards (no red threes) as :class:`HandCounts`."""
    # Counted by rank in a list, which the interpreter indexes faster than a dict.
    counts = [0] * (KING + 1)
    for card in cards:
        counts[RANK_OF[card]] += 1
    naturals = []
    for rank in MELD_RANKS:
        if counts[rank]:
            naturals.append((rank, counts[rank]))
    return _counts(tuple(naturals), counts[RANK_OF[JOKER]], counts[TWO], counts[THREE])


def hand_counts(hand: tuple[Card, ...]) -> HandCounts:
    """:func:`count_hand` of ``hand``, remembered for the last hand counted: the listing and
    the guard weigh many plays from one hand."""
    known, counts = _last_hand[0]
    if known is not hand:
        counts = count_hand(hand)
        _last_hand[0] = (hand, counts)
    return counts


#: The hand counted last, and its counts (the slot holds the hand itself, so ``is`` never
#: matches a different hand).
_last_hand: list[tuple[tuple[Card, ...] | None, HandCounts]] = slots((None, _counts((), 0, 0, 0)))


def count_hand_less(hand: HandCounts, cards: tuple[Card, ...]) -> HandCounts:
    """``hand`` less ``cards`` (which it holds), as :func:`count_hand` would count what is
    left: a play takes a few cards, and the hand need not be counted again card by card."""
    taken = [0] * (KING + 1)
    for card in cards:
        taken[RANK_OF[card]] += 1
    naturals = []
    for rank, n in hand.naturals:
        if n > taken[rank]:
            naturals.append((rank, n - taken[rank]))
    return _counts(
        tuple(naturals),
        hand.jokers - taken[RANK_OF[JOKER]],
        hand.twos - taken[TWO],
        hand.black_threes - taken[THREE],
    )


def hand_groups(hand: tuple[Card, ...]) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
    """A sorted hand's naturals by rank (ascending), and its wild cards, remembered for the
    last hand grouped: the meld listing groups it, then asking partner reads the groups
    (shared: read them, never change them)."""
    known, grouped = _last_groups[0]
    if known is hand:
        return grouped
    grouped = _group(hand)
    _last_groups[0] = (hand, grouped)
    return grouped


#: The hand grouped last, and its groups (the slot holds the hand itself, so ``is`` never
#: matches a different hand).
_last_groups: list[
    tuple[tuple[Card, ...] | None, tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]]
] = slots((None, ({}, ())))


def _group(hand: tuple[Card, ...]) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
    groups: dict[int, tuple[Card, ...]] = {}
    # A sorted hand holds each rank's cards together: each card extends its rank's run or
    # starts the next, and the run so far is filed under its rank.
    rank = -1
    run: tuple[Card, ...] = ()
    for card in hand:
        if RANK_OF[card] == rank:
            run += (card,)
        else:
            rank = RANK_OF[card]
            run = (card,)
        groups[rank] = run
    # Wild cards are the jokers and the twos.
    wilds = groups.pop(RANK_OF[JOKER], ()) + groups.pop(TWO, ())
    return groups, wilds
