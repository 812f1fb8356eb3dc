"""The listing of every legal meld and lay-off (§5), each passed by the guard that
:func:`~canasta.engine.placement.validate_meld` runs.

Most plays lie in the guard's free region (they leave the hand big enough that no rule of
the turn can refuse them): their listing depends only on the rank, the naturals of it held,
the team's meld of it, the wild cards held and the rule set, and the same hand parts come
back turn after turn, so it is remembered.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.actions import LayOff, sorted_lay_off, sorted_meld
from canasta.engine.actions import Meld as MeldAction
from canasta.engine.cards import (
    ACE,
    JOKER,
    NATURAL_RANKS,
    RED_THREES,
    THREE,
    Card,
    cards_value,
)
from canasta.engine.counts import hand_counts, hand_groups
from canasta.engine.errors import IllegalActionError
from canasta.engine.facts import turn_facts
from canasta.engine.melds import valid_shapes
from canasta.engine.memo import BoundedMemo, slots
from canasta.engine.multisets import sub_multisets, sub_multisets_by_size
from canasta.engine.placement import black_threes_too_soon, placement_error, validate_meld
from canasta.engine.rules import RuleSet
from canasta.engine.solver import max_meld_value
from canasta.engine.state import GameState

__all__ = ["meld_candidates"]

#: What may go onto one meld: its rank, the naturals of it held, the meld's ``(naturals,
#: wilds)`` before (``(0, 0)`` for a new meld), whether it is a lay-off, the wilds held.
Offer = tuple[int, tuple[Card, ...], tuple[int, int], bool, tuple[Card, ...]]

#: The free plays of each offer.
FreePlays = dict[Offer, tuple[MeldAction | LayOff, ...]]
#: Plays by their cards.
PlaysByCards = dict[tuple[Card, ...], MeldAction | LayOff]

#: The free plays of each offer met, in two generations of 512 offers. The memo's plays are
#: most of what the young generations hold, and every collection of them walks each one,
#: inside whichever call it falls: with 16,384 offers a collection took up to 7 ms, with
#: 2,048 up to 6 ms in 300 random hands (``python benchmarks/engine.py --stalls``). With
#: 512 (and the pile's memo at 128) the largest collection of 1,800 random hands walks
#: 8,257 objects, against 13,215 with 1,024 (and 256); the memo answers 54.0% of the
#: lookups of 1,500 random hands against 57.4%, for 1.2% more instructions in random play
#: (``python benchmarks/instructions.py``: 16.99 M a hand against 16.79 M).
_memo: BoundedMemo[Offer, tuple[MeldAction | LayOff, ...]] = BoundedMemo(512)

#: Each play the memo holds, by its cards, under the rank it lays off on (0 for a new
#: meld): offers share most of their plays, so the memo holds each play once and the garbage
#: collector walks a few objects per offer, not a few per play. The pool belongs to one
#: memo table and starts empty with the next (it holds one table per rank, never more).
_pool: BoundedMemo[int, PlaysByCards] = BoundedMemo(len(NATURAL_RANKS) + 1)


def _shapes(rules: RuleSet, offer: Offer) -> Shapes:
    """The shapes of the plays of ``offer``: a play of shape ``(n, w, ...)`` in the sizes
    places one of the naturals' choices of ``n`` cards and one of the wild cards' of ``w``
    (a new meld takes at least the fewest naturals, a play at most the wild-card cap)."""
    _, mine, base, lay_off, wilds = offer
    low = 0 if lay_off else rules.min_naturals
    most = _wild_cap(rules, wilds)
    return (
        _counts(rules, base, low, len(mine), most),
        sub_multisets_by_size(mine, low, len(mine)),
        sub_multisets_by_size(wilds, 0, most),
    )


def _wild_cap(rules: RuleSet, wilds: tuple[Card, ...]) -> int:
    """The most of the wild cards held, ``wilds``, that one play places."""
    # A comparison: the builtin min is a slow call.
    return len(wilds) if len(wilds) < rules.max_wilds else rules.max_wilds


#: Sizes of a shape: the naturals and the wild cards it places, and the meld's after.
Counts = tuple[tuple[int, int, int, int], ...]
#: The shapes of an offer's plays: the sizes of each, and the choices of naturals and of
#: wild cards, each grouped by how many cards it takes.
Shapes = tuple[
    Counts, tuple[tuple[tuple[Card, ...], ...], ...], tuple[tuple[tuple[Card, ...], ...], ...]
]


def _counts(rules: RuleSet, base: tuple[int, int], low: int, held: int, most: int) -> Counts:
    """The sizes of every legal shape placing ``low`` to ``held`` naturals and up to ``most``
    wild cards onto a meld of ``base`` (``(naturals, wilds)``), in listing order: counts
    alone decide them, so they are tabled by counts (ints, which the collector skips)."""
    last_rules, table = _last_counts[0]
    if last_rules is not rules:
        table = {}
        _last_counts[0] = (rules, table)
    key = (base, low, held, most)
    known = table.get(key)
    if known is None:
        fits = _fits(rules)
        base_naturals, base_wilds = base
        known = table[key] = tuple(
            (n, w, base_naturals + n, base_wilds + w)
            for n in range(low, held + 1)
            if base_naturals + n < len(fits)
            for w in range(most + 1)
            if (n or w)
            and base_wilds + w < len(fits[base_naturals + n])
            and fits[base_naturals + n][base_wilds + w]
        )
    return known


#: The rule set whose shape sizes were tabled last, and that table.
_last_counts: list[tuple[RuleSet | None, dict[tuple[tuple[int, int], int, int, int], Counts]]] = (
    slots((None, {}))
)


def _fits(rules: RuleSet) -> tuple[tuple[bool, ...], ...]:
    """:func:`valid_shapes` as a table: ``fits[naturals][wilds]``, tabled once per rule set."""
    last_rules, fits = _last_fits[0]
    if last_rules is not rules:
        shapes = valid_shapes(rules)
        size = rules.meld_max_size + 1
        fits = tuple(tuple((n, w) in shapes for w in range(size)) for n in range(size))
        _last_fits[0] = (rules, fits)
    return fits


#: The rule set whose shapes were tabled last, and its table.
_last_fits: list[tuple[RuleSet | None, tuple[tuple[bool, ...], ...]]] = slots((None, ()))


def meld_candidates(state: GameState) -> list[MeldAction | LayOff]:
    """Every legal meld and lay-off (a meld of a rank the team has is offered once, as the
    lay-off, §5.3), each passed by the guard that :func:`validate_meld` runs."""
    rules = state.rules
    facts = turn_facts(state)
    table = facts.table
    if THREE in table:
        return []  # after the black threes only the discard may follow (§5.5)
    hand = facts.hand
    naturals, wilds = hand_groups(hand)
    if not facts.melded:
        # No placement can reach the minimum if everything meldable together falls short.
        # The black threes held are worth the hand's threes (a red three is worth nothing).
        blacks = cards_value(naturals.get(THREE, ()))
        if max_meld_value(hand_counts(hand), table, rules)[0] + blacks < facts.need:
            return []
    memo = _memo.table(rules)
    most_wilds = _wild_cap(rules, wilds)
    few = rules.min_naturals
    smallest = rules.meld_min_size - most_wilds
    # An offer whose plays take at most this many naturals lies wholly in the guard's free
    # region, where its plays are remembered.
    reach = facts.unguarded - most_wilds
    out: list[MeldAction | LayOff] = []
    # New melds by rank (black threes among them, §5.5), then lay-offs on the team's melds.
    # An offer that ``memo`` holds is read here; _plays finds the others.
    for rank, cards in naturals.items():
        if len(cards) < few or rank in table:
            continue
        if rank == THREE:  # black threes: never on the table here
            if cards[0] not in RED_THREES:
                out.extend(_black_three_melds(state, cards))
        elif len(cards) >= smallest:
            offer = (rank, cards, _NEW, False, wilds)
            known = memo.get(offer) if len(cards) <= reach else None
            out.extend(_plays(state, memo, offer, reach) if known is None else known)
    for rank, base in table.items():
        mine = naturals.get(rank, ())
        if mine or wilds:
            offer = (rank, mine, base, True, wilds)
            known = memo.get(offer) if len(mine) <= reach else None
            out.extend(_plays(state, memo, offer, reach) if known is None else known)
    return out


def _plays(
    state: GameState, memo: FreePlays, offer: Offer, reach: int
) -> Sequence[MeldAction | LayOff]:
    """The legal plays of ``offer``, which ``memo`` does not hold: remembered in the guard's
    free region (at most ``reach`` naturals), weighed one by one beyond it."""
    if len(offer[1]) > reach:
        return _guarded_plays(state, offer)
    known = _memo.recall(offer)
    if known is None:
        known = _free_plays(state.rules, offer, _pool.table(memo))
    memo[offer] = known
    return known


#: The shape of the meld before a new meld's cards: none.
_NEW = (0, 0)


def _black_three_melds(state: GameState, cards: tuple[Card, ...]) -> list[MeldAction]:
    """Every legal meld of the black threes ``cards`` (only when going out, §5.5)."""
    # Melding them all leaves the fewest cards: if even that is too soon, every meld is.
    left = len(state.hands[state.turn]) - len(cards)
    if black_threes_too_soon(state, state.rules.team_of(state.turn), left):
        return []
    out = []
    fewest = min(state.rules.black_three_meld_sizes, default=len(cards) + 1)
    for nat in sub_multisets(cards, fewest, len(cards)):
        play = sorted_meld(nat)
        try:
            validate_meld(state, play)
        except IllegalActionError:
            continue
        out.append(play)
    return out


def _free_plays(
    rules: RuleSet, offer: Offer, pool: dict[int, PlaysByCards]
) -> tuple[MeldAction | LayOff, ...]:
    """Every play of ``offer``, in the guard's free region (nothing to weigh), each taken
    from ``pool`` when it is there."""
    rank, _, _, lay_off, _ = offer
    # Only aces sort below the twos.
    ace = rank == ACE
    plays = pool.setdefault(rank if lay_off else 0, {})
    sizes, nat_groups, wild_groups = _shapes(rules, offer)
    out: list[MeldAction | LayOff] = []
    for n, w, _, _ in sizes:
        wild_group = wild_groups[w]
        for nat in nat_groups[n]:
            for wild in wild_group:
                cards = tuple(sorted(nat + wild)) if ace else wild + nat
                play = plays.get(cards)
                if play is None:
                    play = plays[cards] = (
                        sorted_lay_off(rank, cards) if lay_off else sorted_meld(cards)
                    )
                out.append(play)
    return tuple(out)


def _guarded_plays(state: GameState, offer: Offer) -> list[MeldAction | LayOff]:
    """The plays of ``offer`` that the guard passes."""
    facts = turn_facts(state)
    free = facts.unguarded
    rank, _, _, lay_off, _ = offer
    ace = rank == ACE
    sizes, nat_groups, wild_groups = _shapes(state.rules, offer)
    out: list[MeldAction | LayOff] = []
    # The guard weighs counts and values, never suits: plays of one shape with as many
    # jokers get one verdict.
    verdicts: dict[tuple[int, int, int], bool] = {}
    for n, w, naturals_after, wilds_after in sizes:
        wild_group = wild_groups[w]
        for nat in nat_groups[n]:
            for wild in wild_group:
                cards = tuple(sorted(nat + wild)) if ace else wild + nat
                if len(cards) > free:
                    kind = (naturals_after, wilds_after, wild.count(JOKER))
                    passed = verdicts.get(kind)
                    if passed is None:
                        passed = verdicts[kind] = not placement_error(
                            state,
                            facts,
                            rank=rank,
                            cards=cards,
                            naturals_after=naturals_after,
                            wilds_after=wilds_after,
                            value=0 if facts.melded else cards_value(cards),
                        )
                    if not passed:
                        continue
                out.append(sorted_lay_off(rank, cards) if lay_off else sorted_meld(cards))
    return out
