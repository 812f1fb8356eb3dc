"""The listing of every legal meld and lay-off (§5), each passed by the guard that
:func:`~canasta.engine.placement.validate_meld` runs.

Most plays lie in the guard's free region (they leave the hand big enough that no rule of
the turn can refuse them): their listing depends only on the rank, the naturals of it held,
the team's meld of it, the wild cards held and the rule set, and the same hand parts come
back turn after turn, so it is remembered.
"""

from __future__ import annotations

from canasta.engine.actions import LayOff, sorted_lay_off, sorted_meld
from canasta.engine.actions import Meld as MeldAction
from canasta.engine.cards import ACE, BLACK_THREES, RED_THREES, THREE, Card, card_value
from canasta.engine.errors import IllegalActionError
from canasta.engine.melds import valid_shapes
from canasta.engine.placement import placement_error, turn_facts, validate_meld
from canasta.engine.rules import RuleSet
from canasta.engine.solver import (
    count_hand,
    hand_groups,
    max_meld_value,
    sub_multisets,
    sub_multisets_by_size,
)
from canasta.engine.state import GameState

__all__ = ["meld_candidates"]

#: A play: the cards placed, and the naturals and wild cards of the meld after it.
Play = tuple[tuple[Card, ...], int, int]
#: The free plays of one rank, by ``(rank, naturals held, meld base, lay-off?, wilds held)``.
FreePlays = dict[
    tuple[int, tuple[Card, ...], tuple[int, int], bool, tuple[Card, ...]],
    tuple[MeldAction | LayOff, ...],
]

#: The rule set whose free plays are remembered, and those plays (a few hundred hands'
#: worth: the memo is emptied when it grows past :data:`_MEMO_SIZE`).
_memo: list[tuple[RuleSet | None, FreePlays]] = [(None, {})]
_MEMO_SIZE = 1024


def _in_order(rank: int, naturals: tuple[Card, ...], wilds: tuple[Card, ...]) -> tuple[Card, ...]:
    """Naturals and wilds as one sorted tuple (only aces sort below the twos)."""
    return tuple(sorted(naturals + wilds)) if rank == ACE else wilds + naturals


def _plays(
    rank: int,
    mine: tuple[Card, ...],
    base: tuple[int, int],
    low: int,
    *,
    by_size: tuple[tuple[tuple[Card, ...], ...], ...],
    shapes: frozenset[tuple[int, int]],
) -> list[Play]:
    """Every play of ``low`` or more naturals of ``mine`` with wild cards (``by_size``, by
    count) on a meld of ``rank`` holding ``base`` that makes a legal shape, in listing
    order."""
    out: list[Play] = []
    for n, nats in enumerate(sub_multisets_by_size(mine, low, len(mine))):
        naturals_after = base[0] + n
        for w, wild_group in enumerate(by_size):
            wilds_after = base[1] + w
            if not n + w or (naturals_after, wilds_after) not in shapes:
                continue
            for nat in nats:
                for wild in wild_group:
                    out.append((_in_order(rank, nat, wild), naturals_after, wilds_after))
    return out


def meld_candidates(state: GameState) -> list[MeldAction | LayOff]:
    """Every legal meld and lay-off (a meld of a rank the team has is offered once, as the
    lay-off, §5.3), each passed by the guard that :func:`validate_meld` runs."""
    rules = state.rules
    facts = turn_facts(state)
    if THREE in facts.table:
        return []  # after the black threes only the discard may follow (§5.5)
    hand = facts.hand
    naturals, wilds = hand_groups(hand)
    melded = facts.melded
    if not melded:
        # No placement can reach the minimum if everything meldable together falls short.
        blacks = sum(card_value(card) for card in hand if card in BLACK_THREES)
        if max_meld_value(count_hand(hand), facts.table, rules)[0] + blacks < facts.need:
            return []
    shapes = valid_shapes(rules)
    most_wilds = min(rules.max_wilds, len(wilds))
    by_size = sub_multisets_by_size(wilds, 0, most_wilds)
    free = facts.unguarded
    memo_rules, memo = _memo[0]
    if memo_rules is not rules or len(memo) > _MEMO_SIZE:
        memo = {}
        _memo[0] = (rules, memo)
    out: list[MeldAction | LayOff] = []

    def offer(rank: int, mine: tuple[Card, ...], base: tuple[int, int], lay_off: bool) -> None:
        """Every play of naturals of ``mine`` (two at least for a new meld) with wild cards
        that makes a legal shape and that the guard passes."""
        low = 0 if lay_off else rules.min_naturals
        if len(mine) + most_wilds <= free:
            key = (rank, mine, base, lay_off, wilds)
            known = memo.get(key)
            if known is None:
                plays = _plays(rank, mine, base, low, by_size=by_size, shapes=shapes)
                known = memo[key] = tuple(
                    sorted_lay_off(rank, cards) if lay_off else sorted_meld(cards)
                    for cards, _, _ in plays
                )
            out.extend(known)
            return
        for cards, naturals_after, wilds_after in _plays(
            rank, mine, base, low, by_size=by_size, shapes=shapes
        ):
            if len(cards) > free and placement_error(
                state,
                facts,
                rank=rank,
                cards=cards,
                naturals_after=naturals_after,
                wilds_after=wilds_after,
                value=0 if melded else sum(card_value(c) for c in cards),
            ):
                continue
            out.append(sorted_lay_off(rank, cards) if lay_off else sorted_meld(cards))

    few = rules.min_naturals
    smallest = rules.meld_min_size
    for rank, cards in naturals.items():
        if len(cards) < few or rank in facts.table or cards[0] in RED_THREES:
            continue
        if rank == THREE:
            fewest = min(rules.black_three_meld_sizes, default=len(cards) + 1)
            for nat in sub_multisets(cards, fewest, len(cards)):
                try:
                    validate_meld(state, sorted_meld(nat))
                except IllegalActionError:
                    continue
                out.append(sorted_meld(nat))
            continue
        if len(cards) + most_wilds >= smallest:
            offer(rank, cards, (0, 0), False)
    for rank, base in facts.table.items():
        mine = naturals.get(rank, ())
        if mine or wilds:
            offer(rank, mine, base, True)
    return out
