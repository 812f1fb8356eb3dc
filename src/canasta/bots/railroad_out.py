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
hands of five cards or so.
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
#: A hand as (kind, count) pairs, in order of kind.
Counts = tuple[tuple[int, int], ...]


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


@lru_cache(maxsize=8192)
def _stranded(hand: Counts, rooms: Rooms, shape: tuple[int, int]) -> int:
    """How many cards of ``hand`` find no place this turn, melds holding at most ``shape``
    = (cards, wild cards): wild cards go to pairs first (two naturals and a wild card meld),
    then wherever a meld takes them; black threes meld only to go out, so they stay in hand
    unless every other card finds a place."""
    size, max_wilds = shape
    room_of = dict(rooms)
    wilds = pairs = stranded = threes = 0
    # The wild cards the open melds of natural ranks could still take.
    slots = sum(wild for kind, (_, wild) in rooms if kind not in (WILD_RANK, SEVEN))
    for kind, count in hand:
        if kind == WILD_RANK:
            wilds = count
        elif kind == THREE and count >= 3:
            threes = count
        elif kind == THREE:
            stranded += count
        else:
            room, wild_room = room_of.get(kind, (0, 0))
            slots -= wild_room
            over = count - room
            if over <= 0:
                slots += min(wild_room, -over)
            elif over >= 3:
                # The open meld is filled and a new one started.
                slots += 0 if kind == SEVEN else max(0, min(max_wilds, size - over))
            elif over == 2 and kind != SEVEN:
                pairs += 1
            else:
                stranded += over
    paired = min(pairs, wilds)
    stranded += 2 * (pairs - paired)
    extra = wilds - paired
    slots += (max_wilds - 1) * paired
    wild_room = room_of.get(WILD_RANK, (0, 0))[0]
    if extra > slots + wild_room and (wild_room or extra < 3):
        stranded += extra - slots - wild_room
    return stranded + threes if stranded else 0


@lru_cache(maxsize=8192)
def _left(hand: Counts, rooms: Rooms, shape: tuple[int, int]) -> int:
    """The fewest cards ``hand`` keeps after placing what it can and one discard, which is
    not a seven (0: it goes out)."""
    best = sum(count for _, count in hand)
    for i, (kind, count) in enumerate(hand):
        if kind != SEVEN:
            rest = hand[:i] + (((kind, count - 1),) if count > 1 else ()) + hand[i + 1 :]
            best = min(best, _stranded(rest, rooms, shape))
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
        counts = tuple(sorted((k, n) for k, n in hand.items() if n > 0))
        return _left(counts, self.rooms, self.shape)

    def outlook(self, hand: Hand) -> Outlook:
        """The outlook of ``hand`` (kept to the next turn, which draws two stock cards)."""
        total = sum(self.unseen.values())
        if total < 2:
            return 0.0, float(sum(hand.values()))
        out = left = 0.0
        for weight, first, second in self._draws(hand):
            drawn = hand.copy()
            drawn[first] = drawn.get(first, 0) + 1
            drawn[second] = drawn.get(second, 0) + 1
            drawn[_RED] = 0
            cards = self.left(drawn)
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
