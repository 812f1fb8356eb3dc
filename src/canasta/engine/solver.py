"""The combinatorics of melding, on card counts rather than permutations.

Every question the rules ask of a hand is a search over a multiset of at most a few dozen
cards: can these cards reach the initial-meld minimum, can this player go out this turn.
Suits never matter to them (red threes are never in a hand when a player decides), so a hand
is summarised by the count of naturals of each meld rank, jokers, twos and black threes
(:class:`~canasta.engine.counts.HandCounts`).

The answers are exact:

* :func:`max_meld_value` is the best value placeable with no limit on cards left. With every
  natural of a rank used when it melds at all, the only choice is where wild cards go; one
  wild unlocks a natural pair, every wild adds its own value, so a greedy placement (jokers
  first, pairs of the highest value first) is optimal.
* :func:`can_reach` adds the rule that at least two cards stay in hand (unless the player
  goes out): a solution leaves some two cards in hand, so it is a solution of the hand less
  those two cards with no limit. Trying each pair of card kinds is exact.
* :func:`can_go_out` tries each card (or none) as the final discard and asks whether every
  other card can be placed, with the canastas going out needs and enough value. The
  team's canastas are counted from its melds (``table``).
"""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from collections.abc import Container, Mapping

from canasta.engine.cards import (
    MELD_RANKS,
    THREE,
    Card,
)
from canasta.engine.counts import (
    BLACK_THREE_VALUE,
    JOKER_VALUE,
    RANK_VALUE,
    TWO_VALUE,
    HandCounts,
    hand_groups,
)
from canasta.engine.memo import slots
from canasta.engine.rules import RuleSet

__all__ = [
    "can_go_out",
    "can_reach",
    "canastas_short",
    "max_meld_value",
    "two_stranded",
]

_MELD_RANK_SET = frozenset(MELD_RANKS)

#: ``(naturals, wilds)`` of each of the team's melds, by rank.
TableCounts = Mapping[int, tuple[int, int]]


def _wild_rooms(rules: RuleSet) -> tuple[int, ...]:
    """How many wild cards a meld with ``n`` naturals may hold, by ``n`` (up to every card
    of the deck); a meld holding ``w`` can take ``max(0, rooms[n] - w)`` more. Tabled once
    per rule set."""
    last_rules, rooms = _last_rooms[0]
    if last_rules is rules:
        return rooms
    lead = rules.natural_lead
    rooms = tuple(
        min(rules.max_wilds, rules.meld_max_size - n, *(() if lead is None else (n - lead,)))
        for n in range(rules.deck_size + 1)
    )
    _last_rooms[0] = (rules, rooms)
    return rooms


#: The rule set whose rooms were tabled last, and its table.
_last_rooms: list[tuple[RuleSet | None, tuple[int, ...]]] = slots((None, ()))


def max_meld_value(hand: HandCounts, table: TableCounts, rules: RuleSet) -> tuple[int, int]:
    """The most value ``hand`` can place on melds (new, or the team's in ``table``), with no
    limit on the cards left, and how many cards that placement uses.

    Black threes are never placed here (they only go down when going out).
    """
    rooms = _wild_rooms(rules)
    smallest = rules.meld_min_size
    few = rules.min_naturals
    value = 0
    used = 0
    capacity = 0
    short_ranks: list[tuple[int, int]] = []  # (value of its naturals, how many)
    # The ranks of the team's melds that the hand holds: the table's others add their room
    # below.
    ranks_in_hand = set()
    wild_count = hand.jokers + hand.twos
    # Rooms are clamped at zero by comparisons: the builtin ``max`` is a slow call.
    for rank, n in hand.naturals:
        existing = table.get(rank)
        if existing is not None:
            ranks_in_hand.add(rank)
            value += n * RANK_VALUE[rank]
            used += n
            room = rooms[existing[0] + n] - existing[1]
            if room > 0:
                capacity += room
        elif n >= smallest:
            value += n * RANK_VALUE[rank]
            used += n
            if rooms[n] > 0:
                capacity += rooms[n]
        elif n >= few and smallest - n <= wild_count and smallest - n <= rooms[n]:
            # A short rank needing more wild cards than the hand holds is never unlocked.
            short_ranks.append((n * RANK_VALUE[rank], n))
    for rank, (naturals, wilds) in table.items():
        if rank not in ranks_in_hand and rank != THREE:
            room = rooms[naturals] - wilds
            if room > 0:
                capacity += room
    # Short ranks (a natural pair) each need wilds to reach the minimum size; unlock the
    # most valuable first. Each unlocked rank then also offers its remaining capacity (its
    # room is at least the wilds it needs).
    short_ranks.sort(reverse=True)
    spare = wild_count
    for naturals_value, n in short_ranks:
        need = smallest - n
        if need > spare:
            continue
        spare -= need
        value += naturals_value
        used += n
        capacity += rooms[n] - need
    placed = wild_count - spare + (spare if spare < capacity else capacity)
    jokers = hand.jokers if hand.jokers < placed else placed
    value += jokers * JOKER_VALUE + (placed - jokers) * TWO_VALUE
    used += placed
    return value, used


def can_reach(
    need: int,
    hand: HandCounts,
    table: TableCounts,
    rules: RuleSet,
    *,
    held_elsewhere: int = 0,
    may_go_out: bool = True,
) -> bool:
    """Whether ``hand`` can still place melds worth ``need`` more points this turn.

    At least two cards must stay with the player (``held_elsewhere`` counts cards the player
    holds outside ``hand``, such as a taken pile waiting for the minimum), unless the player
    goes out, which needs the canastas of §6.1 and everything placed.
    """
    if need <= 0:
        return True
    value, used = max_meld_value(hand, table, rules)
    if value >= need and _can_keep_two(
        need, hand, table, rules, left=hand.size - used, held=held_elsewhere
    ):
        return True
    if not may_go_out:
        return False
    if held_elsewhere == 1:
        # Every hand card placed with a canasta: the one waiting card then joins the hand
        # and goes out (discarded or laid off).
        return hand.value >= need and _can_place_all(
            hand, table, rules, canastas_short(table, rules)
        )
    # Going out places black threes too, which the count above leaves out.
    if held_elsewhere == 0:
        return can_go_out(hand, table, rules, need=need)
    return False


def _can_keep_two(
    need: int, hand: HandCounts, table: TableCounts, rules: RuleSet, *, left: int, held: int
) -> bool:
    """Whether melds worth ``need`` leave two cards with the player (``held`` elsewhere)."""
    keep = 2 - held
    if left >= keep:
        return True
    kinds = hand.kinds()
    if keep == 1:
        for kind in kinds:
            rest = hand.without(kind)
            if rest is not None and max_meld_value(rest, table, rules)[0] >= need:
                return True
        return False
    for i, first in enumerate(kinds):
        rest = hand.without(first)
        if rest is None:
            continue
        for second in kinds[i:]:
            rest2 = rest.without(second)
            if rest2 is not None and max_meld_value(rest2, table, rules)[0] >= need:
                return True
    return False


def two_stranded(hand: tuple[Card, ...], table: Container[int], rules: RuleSet) -> bool:
    """Whether two or more natural cards of the sorted ``hand`` fit no meld: their rank has
    fewer cards than a new meld needs and no meld in ``table``. Such a hand cannot go out,
    since one card at most is discarded; this is :func:`can_go_out`'s first test, read off the
    hand's groups (which the meld listing of the same hand has just made) before any
    counting."""
    few = rules.min_naturals
    stranded = 0
    for rank, cards in hand_groups(hand)[0].items():
        if len(cards) < few and rank in _MELD_RANK_SET and rank not in table:
            stranded += len(cards)
            if stranded >= 2:
                return True
    return False


def can_go_out(
    hand: HandCounts,
    table: TableCounts,
    rules: RuleSet,
    *,
    need: int = 0,
) -> bool:
    """Whether the player can place every card of ``hand`` this turn, or all but one and
    discard it, with the team holding the canastas it needs to go out (§6.1) at the end
    (its melds are ``table``) and the placed cards worth
    at least ``need`` (the rest of an unmet initial minimum)."""
    if not (hand.naturals or hand.jokers or hand.twos or hand.black_threes):
        return canastas_short(table, rules) == 0 and need <= 0
    # Cards that cannot go onto any meld must be the one discard: most hands have two such
    # cards at once, so the count comes first and stops there.
    stuck: tuple[str, int] | None = None
    few = rules.min_naturals
    room = rules.meld_max_size
    crowded = False
    for rank, n in hand.naturals:
        existing = table.get(rank)
        if existing is None:
            if n < few:
                if n > 1 or stuck is not None:
                    return False
                stuck = ("n", rank)
            crowded = crowded or n > room
        else:
            crowded = crowded or n + existing[0] + existing[1] > room
    threes = hand.black_threes
    if threes and threes not in rules.black_three_meld_sizes:
        if stuck is not None or threes - 1 not in (0, *rules.black_three_meld_sizes):
            return False
        stuck = ("b", 0)
    short = canastas_short(table, rules)
    if short and not _canastas_in_reach(hand, table, rules, short):
        return False
    # Every card is worth something: the placed cards' value matters only with a need.
    total_value = hand.value if need > 0 else 0
    if stuck is not None:
        discards: list[tuple[str, int] | None] = [stuck]
    elif crowded:
        discards = [None, *hand.kinds()]
    else:
        # Discarding a natural card or a black three never helps when every rank fits one
        # meld: its meld takes fewer wild cards and needs more, and the placed cards are
        # worth less. Only a wild card too many may have to be the discard.
        discards = [None, *(kind for kind in hand.kinds() if kind[0] in _WILD_KINDS)]
    for kind in discards:
        rest = hand if kind is None else hand.without(kind)
        if rest is None:
            continue
        if need > 0 and total_value - (0 if kind is None else _kind_value(kind)) < need:
            continue
        if _can_place_all(rest, table, rules, short):
            return True
    return False


def _canastas_in_reach(hand: HandCounts, table: TableCounts, rules: RuleSet, short: int) -> bool:
    """Whether ``short`` melds could each become a canasta if every wild card of ``hand``
    went onto it: a test that :func:`_can_place_all` never passes when this fails (it needs
    ``short`` canastas among the melds after), made before any hand is taken apart."""
    size = rules.canasta_size
    wilds = hand.jokers + hand.twos
    held = dict(hand.naturals)
    within = 0
    for rank, (naturals, wild) in table.items():
        before = naturals + wild
        if rank != THREE and before < size <= before + held.get(rank, 0) + wilds:
            within += 1
    for rank, n in hand.naturals:
        if rank not in table and n + wilds >= size:
            within += 1
    return within >= short


#: The kinds of :meth:`HandCounts.kinds` that are wild cards.
_WILD_KINDS = ("j", "t")


def _kind_value(kind: tuple[str, int]) -> int:
    tag, rank = kind
    if tag == "n":
        return RANK_VALUE[rank]
    return {"j": JOKER_VALUE, "t": TWO_VALUE, "b": BLACK_THREE_VALUE}[tag]


def canastas_short(table: TableCounts, rules: RuleSet) -> int:
    """How many more canastas the team whose melds are ``table`` needs to go out (§6.1)."""
    size = rules.canasta_size
    short = rules.canastas_to_go_out
    for naturals, wilds in table.values():
        if naturals + wilds >= size:
            short -= 1
    return max(0, short)


def _can_place_all(hand: HandCounts, table: TableCounts, rules: RuleSet, short: int) -> bool:
    """Whether every card of ``hand`` can go onto melds with the ``short`` more canastas
    going out needs (:func:`canastas_short` of ``table``) on the table after. Jokers and twos
    count alike here, as wild cards."""
    naturals, jokers, twos, threes = hand
    if threes and threes not in rules.black_three_meld_sizes:
        return False
    rooms = _wild_rooms(rules)
    size = rules.canasta_size
    required = 0  # wild cards the new melds must take to reach the smallest meld
    capacity = 0  # wild cards all the melds may take
    # Each meld that is not yet a canasta may become one with wild cards of its own, beyond
    # those it must take anyway: what that costs, when canastas are short and it can.
    costs = []
    # The team's melds take the hand's naturals of their rank; the rest make new melds.
    held = dict(naturals)
    for rank, (on_table, wild) in table.items():
        if rank == THREE:
            continue
        n = on_table + held.pop(rank, 0)
        room = rooms[n] - wild
        if room > 0:  # a comparison costs less than a call of max()
            capacity += room
        else:
            room = 0
        if short and on_table + wild < size and size - n - wild <= room:
            costs.append(max(0, size - n - wild))
    smallest = rules.meld_min_size
    few = rules.min_naturals
    for n in held.values():
        room = rooms[n]
        if room > 0:
            capacity += room
        else:
            room = 0
        must = smallest - n if n < smallest else 0
        if n < few or must > room:
            return False
        required += must
        if short:
            most = max(must, size - n)
            if most <= room:
                costs.append(most - must)
    wilds = jokers + twos
    if not required <= wilds <= capacity:
        return False
    if not short:
        return True
    # Complete the cheapest ``short`` of them.
    costs.sort()
    return len(costs) >= short and required + sum(costs[:short]) <= wilds
