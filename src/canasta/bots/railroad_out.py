"""How near a railroad hand is to going out (docs/rules.md §13.10): the chance that it goes
out with the next turn's draw, and the cards it keeps after that turn on average, for each
discard the player may make now (the railroad plan keeps the hand whose outlook is best once
every kind of canasta is down, or late in the round with one kind missing).

Going out places every card but one, which may not be a seven, and the next turn brings two
cards from the stock; the cards the player cannot see stand for the stock's, near enough. A
hand is read by kind: wild cards, sevens, black threes (melded three or more, only to go
out) and each natural rank; the table by the room left on the player's open meld of each
rank (and the wild cards it may still take): a rank without an open meld needs three cards,
or two and a wild card, to meld again. Counted, not searched: a decision reads a few hundred
hands of five cards or so, each draw's by the one or two kinds it changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from canasta.engine import Card, PlayerView, RuleSet, TableMeld
from canasta.engine.cards import (
    BLACK_THREES,
    KING,
    RANK_OF,
    SEVEN,
    THREE,
    TWO,
    WILD_CARDS,
    WILD_RANK,
)

__all__ = ["Ending", "Outlook"]

#: How a card counts here: its rank, but wild cards are one kind and threes split by colour
#: (a red three drawn is laid out and brings nothing to place).
_RED = -1


def _kind(card: Card) -> int:
    """``card``'s kind (:data:`_RED` for a red three)."""
    if card in WILD_CARDS:
        return WILD_RANK
    if RANK_OF[card] == THREE and card not in BLACK_THREES:
        return _RED
    return RANK_OF[card]


#: The kinds that are no natural rank but threes and sevens: each plays its own way.
_SPECIAL = frozenset({WILD_RANK, SEVEN, THREE, _RED})

#: A rank's room on the table: cards its open meld may still take, and wild cards of them.
Room = tuple[int, int]
#: The rooms of a player's open melds, by kind, in order.
Rooms = tuple[tuple[int, Room], ...]


def _rooms(melds: Sequence[TableMeld], rules: RuleSet) -> dict[int, Room]:
    """The room on each open meld of ``melds`` (black threes meld only to go out)."""
    rooms: dict[int, Room] = {}
    size = rules.meld_max_size
    for meld in melds:
        if len(meld) >= size or meld.rank == THREE:
            continue
        room = size - len(meld)
        if meld.rank == WILD_RANK:
            rooms[WILD_RANK] = (room, room)
        elif meld.rank == SEVEN:
            rooms[SEVEN] = (room, 0)
        else:
            rooms[meld.rank] = (room, min(room, rules.max_wilds - meld.wilds))
    return rooms


#: What one kind's cards add to a hand's placing (:func:`_share`): places for wild cards
#: on the open melds of natural ranks, pairs waiting for a wild card, cards stranded, wild
#: cards, black threes (melded three or more, only to go out).
Share = tuple[int, int, int, int, int]
_NONE: Share = (0, 0, 0, 0, 0)
#: The room of a rank with no open meld.
_NO_ROOM: Room = (0, 0)


@lru_cache(maxsize=4096)
def _share(kind: int, count: int, room: Room, shape: tuple[int, int]) -> Share:
    """What ``count`` cards of ``kind`` (one or more), with ``room`` on its open meld, add to
    a hand's placing, melds holding at most ``shape`` = (cards, wild cards): a rank fills its
    open meld and gives back the wild-card places it leaves, starts a new meld with three
    or more (which takes wild cards too), waits for a wild card with a pair, or is
    stranded; black threes count apart (they stay in hand unless all else is placed)."""
    if kind == WILD_RANK:
        return (0, 0, 0, count, 0)
    if kind == THREE:
        return (0, 0, 0, 0, count) if count >= 3 else (0, 0, count, 0, 0)
    size, max_wilds = shape
    space, wild_space = room
    over = count - space
    if over <= 0:
        return (min(wild_space, -over) - wild_space, 0, 0, 0, 0)
    if over >= 3:
        # The open meld is filled and a new one started.
        extra = 0 if kind == SEVEN else max(0, min(max_wilds, size - over))
        return (extra - wild_space, 0, 0, 0, 0)
    if over == 2 and kind != SEVEN:
        return (-wild_space, 1, 0, 0, 0)
    return (-wild_space, 0, over, 0, 0)


def _stranded(totals: Share, change: Share, wild_room: int, most: int) -> int:
    """How many cards of a hand find no place this turn, its kinds' shares adding up to
    ``totals`` plus ``change``, with ``wild_room`` on the meld of wild cards and ``most``
    wild cards a meld: wild cards go to pairs first (two naturals and a wild card meld),
    then wherever a meld takes them; black threes stay unless every other card is placed."""
    free = totals[0] + change[0]
    pairs = totals[1] + change[1]
    wilds = totals[3] + change[3]
    paired = pairs if pairs < wilds else wilds
    stranded = totals[2] + change[2] + 2 * (pairs - paired)
    extra = wilds - paired
    free += (most - 1) * paired
    if extra > free + wild_room and (wild_room or extra < 3):
        stranded += extra - free - wild_room
    return stranded + totals[4] + change[4] if stranded else 0


@lru_cache(maxsize=4096)
def _discarded(kind: int, count: int, room: Room, shape: tuple[int, int]) -> Share:
    """The change to a hand's totals when one of its ``count`` cards of ``kind`` goes."""
    share = _share(kind, count, room, shape)
    return _plus(_share(kind, count - 1, room, shape) if count > 1 else _NONE, share, _NONE)


def _plus(totals: Share, less: Share, more: Share) -> Share:
    """``totals`` with the share ``less`` taken out and ``more`` put in."""
    return (
        totals[0] - less[0] + more[0],
        totals[1] - less[1] + more[1],
        totals[2] - less[2] + more[2],
        totals[3] - less[3] + more[3],
        totals[4] - less[4] + more[4],
    )


class _Placing:
    """How a hand places its cards this turn, read once so that each draw's hand is weighed
    by the kinds the draw changes: the kinds' shares and their totals, and the change each
    possible discard (not a seven) makes, one entry per distinct change."""

    __slots__ = (
        "cards",
        "counts",
        "discards",
        "most",
        "room_of",
        "shape",
        "shares",
        "totals",
        "wild_room",
    )

    def __init__(self, hand: Hand, rooms: Rooms, shape: tuple[int, int]) -> None:
        room_of = dict(rooms)
        self.room_of = room_of
        self.shape = shape
        self.most = shape[1]
        self.wild_room = room_of.get(WILD_RANK, _NO_ROOM)[0]
        self.counts = {kind: n for kind, n in hand.items() if n > 0 and kind != _RED}
        self.cards = sum(self.counts.values())
        # The wild cards the open melds of natural ranks could still take.
        free = sum(wild for kind, (_, wild) in rooms if kind not in (WILD_RANK, SEVEN))
        totals: Share = (free, 0, 0, 0, 0)
        self.shares: dict[int, Share] = {}
        self.discards: dict[Share, list[int]] = {}
        for kind, count in self.counts.items():
            room = room_of.get(kind, _NO_ROOM)
            share = self.shares[kind] = _share(kind, count, room, shape)
            totals = _plus(totals, _NONE, share)
            if kind != SEVEN:
                self.discards.setdefault(_discarded(kind, count, room, shape), []).append(kind)
        self.totals = totals

    def left(self, *drawn: int) -> int:
        """The fewest cards the hand, with cards of the kinds ``drawn`` added, keeps after
        placing what it can and one discard (0: it goes out); a red three drawn is laid out
        and adds nothing."""
        counts = self.counts
        added: dict[int, int] = {}
        for kind in drawn:
            if kind != _RED:
                added[kind] = added.get(kind, counts.get(kind, 0)) + 1
        totals = self.totals
        cards = self.cards
        changes: list[Share] = []
        for kind, count in added.items():
            room = self.room_of.get(kind, _NO_ROOM)
            totals = _plus(
                totals, self.shares.get(kind, _NONE), _share(kind, count, room, self.shape)
            )
            cards += count - counts.get(kind, 0)
            if kind != SEVEN:
                changes.append(_discarded(kind, count, room, self.shape))
        for change, kinds in self.discards.items():
            for kind in kinds:
                if kind not in added:
                    changes.append(change)
                    break
        best = cards
        wild_room, most = self.wild_room, self.most
        for change in changes:
            best = min(best, _stranded(totals, change, wild_room, most))
        return best


def _unseen(seen: PlayerView) -> dict[int, int]:
    """The cards of each kind the player cannot see (the stock and the other hands)."""
    rules = seen.rules
    suits = rules.decks * 4
    left = {rank: suits for rank in range(1, KING + 1) if rank not in (TWO, THREE)}
    left[WILD_RANK] = suits + rules.jokers
    left[THREE] = left[_RED] = suits // 2
    seen_cards: list[Card] = list(seen.hand) + list(seen.pile)
    for known in seen.known:
        seen_cards.extend(known)
    for team_melds in seen.melds:
        for meld in team_melds:
            seen_cards.extend(meld.cards)
    for threes in seen.red_threes:
        seen_cards.extend(threes)
    for card in seen_cards:
        left[_kind(card)] -= 1
    return {kind: count for kind, count in left.items() if count > 0}


#: The outlook of a hand: the chance that it goes out with the next turn's two stock cards,
#: and the cards it keeps after that turn on average.
Outlook = tuple[float, float]


#: A hand by kind (:func:`_kind`): how many cards of each, red threes left out.
Hand = dict[int, int]


def _hand(cards: Sequence[Card]) -> Hand:
    """``cards`` by kind."""
    hand: Hand = {}
    for card in cards:
        kind = _kind(card)
        if kind != _RED:
            hand[kind] = hand.get(kind, 0) + 1
    return hand


@dataclass(frozen=True, slots=True)
class Ending:
    """What the outlook of a railroad hand is read from, once per decision: the hand, the
    room on the player's open melds, and the cards it cannot see by kind."""

    hand: Hand
    rooms: Rooms
    #: A meld's most cards and most wild cards.
    shape: tuple[int, int]
    unseen: dict[int, int]

    @classmethod
    def of(cls, seen: PlayerView, melds: Sequence[TableMeld]) -> Ending:
        """Read ``seen``, the player's ``melds`` on the table."""
        rules = seen.rules
        rooms = tuple(sorted(_rooms(melds, rules).items()))
        shape = (rules.meld_max_size, rules.max_wilds)
        return cls(_hand(seen.hand), rooms, shape, _unseen(seen))

    def left(self, hand: Hand) -> int:
        """The fewest cards ``hand`` keeps after placing what it can and one discard."""
        return _Placing(hand, self.rooms, self.shape).left()

    def outlook(self, hand: Hand) -> Outlook:
        """The outlook of ``hand`` (kept to the next turn, which draws two stock cards)."""
        total = sum(self.unseen.values())
        if total < 2:
            return 0.0, float(sum(hand.values()))
        placing = _Placing(hand, self.rooms, self.shape)
        out = left = 0.0
        for weight, first, second in self._draws(hand):
            cards = placing.left(first, second)
            left += weight * cards
            if not cards:
                out += weight
        pairs = total * (total - 1)
        return out / pairs, left / pairs

    def _draws(self, hand: Hand) -> list[tuple[int, int, int]]:
        """The two cards a draw may bring, as (weight, kind, kind): natural ranks held as
        often, with the same room on the table, play alike, so one of them (and a second,
        for two different ones) stands for them all."""
        unseen = self.unseen
        rooms = dict(self.rooms)
        alike: dict[tuple[int | Room | None, ...], list[int]] = {}
        for kind in unseen:
            like = (kind,) if kind in _SPECIAL else (hand.get(kind, 0), rooms.get(kind))
            alike.setdefault(like, []).append(kind)
        groups = [(group, sum(unseen[kind] for kind in group)) for group in alike.values()]
        draws: list[tuple[int, int, int]] = []
        for i, (group, count) in enumerate(groups):
            same = sum(unseen[kind] ** 2 for kind in group)
            draws.append((same - count, group[0], group[0]))
            if len(group) > 1:
                draws.append((count * count - same, group[0], group[1]))
            draws.extend((2 * count * n, group[0], other[0]) for other, n in groups[i + 1 :])
        return [draw for draw in draws if draw[0]]

    def after_discards(self, cards: Sequence[Card]) -> dict[Card, Outlook]:
        """The outlook of the hand left by each of ``cards`` (discards the player may make),
        or none when they are all of one kind (they leave the same hand)."""
        kinds = {_kind(card) for card in cards}
        if len(kinds) < 2:
            return {}
        by_kind: dict[int, Outlook] = {}
        for kind in kinds:
            kept = self.hand.copy()
            kept[kind] -= 1
            by_kind[kind] = self.outlook(kept)
        return {card: by_kind[_kind(card)] for card in cards}
