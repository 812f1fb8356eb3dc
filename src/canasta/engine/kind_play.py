"""Railroad's plays (docs/rules.md §13): melds and lay-offs with several melds of a rank,
taking the pile, and their listings.

Each validator builds the play's :class:`~canasta.engine.placement.Placement` and runs
:func:`~canasta.engine.kind_guard.kind_guard`; each listing offers the candidates whose
shape is legal and runs the same guard, so a play is listed exactly when it applies.
"""

from __future__ import annotations

from functools import lru_cache

from canasta.engine.actions import (
    Action,
    LayOff,
    TakePile,
    sorted_lay_off,
    sorted_meld,
    sorted_take,
)
from canasta.engine.actions import Meld as MeldAction
from canasta.engine.cards import (
    ACE,
    MELD_RANKS,
    RANK_OF,
    RED_THREES,
    SEVEN,
    THREE,
    WILD_CARDS,
    WILD_RANK,
    Card,
    card_name,
    cards_value,
    rank_name,
)
from canasta.engine.counts import hand_groups
from canasta.engine.errors import IllegalActionError, Reason, raise_refusal
from canasta.engine.events import CanastaCompleted, Event
from canasta.engine.kind_guard import kind_facts, kind_guard
from canasta.engine.kinds import canasta_kind, kind_shape_error, open_meld, sort_melds
from canasta.engine.melds import Meld, split_rank
from canasta.engine.memo import forget_with, slots
from canasta.engine.multisets import sub_multisets, sub_multisets_by_size
from canasta.engine.placement import Placement, take_refusal
from canasta.engine.rules import RuleSet
from canasta.engine.state import GameState, not_in_hand, without_cards

#: Sub-multisets of cards grouped by size (see :func:`sub_multisets_by_size`).
_BySize = tuple[tuple[tuple[Card, ...], ...], ...]

__all__ = [
    "kind_canasta_events",
    "kind_canonical",
    "kind_meld_candidates",
    "kind_take_candidates",
    "validate_kind_meld",
    "validate_kind_take",
]


def _rank_words(rank: int) -> str:
    return "wild cards" if rank == WILD_RANK else rank_name(rank, plural=True)


#: The rule set whose legal shapes were asked last, and its table of them.
_last_shapes: list[tuple[RuleSet | None, frozenset[tuple[int, int, int]]]] = slots(
    (None, frozenset())
)


def _shape_ok(rules: RuleSet, rank: int, naturals: int, wilds: int) -> bool:
    """Whether a meld of ``rank`` may hold ``naturals`` + ``wilds`` cards (tabled once per
    rule set: hashing a rule set costs more than the question)."""
    last = _last_shapes[0]
    if last[0] is not rules:
        last = _last_shapes[0] = (rules, _shapes(rules))
    return (rank, naturals, wilds) in last[1]


@lru_cache(maxsize=8)
def _shapes(rules: RuleSet) -> frozenset[tuple[int, int, int]]:
    size = rules.meld_max_size
    return frozenset(
        (rank, n, w)
        for rank in (WILD_RANK, *MELD_RANKS)
        for n in range(size + 1)
        for w in range(size + 1 - n)
        if (n == 0) == (rank == WILD_RANK) and kind_shape_error(rank, n, w, rules) is None
    )


forget_with(_shapes.cache_clear)


def _placement(
    state: GameState,
    *,
    rank: int,
    cards: tuple[Card, ...],
    target: Meld | None,
    extra: tuple[Card, ...] = (),
) -> tuple[Meld, tuple[Meld, ...]]:
    """The meld once ``cards`` (and the pile's top, ``extra``) join ``target`` or start a
    new one, and the player's melds after; refused when its shape is illegal."""
    rules = state.rules
    placed = (*cards, *extra)
    meld = target.added(placed) if target is not None else Meld.build(rank, placed)
    raise_refusal(kind_shape_error(rank, meld.naturals, meld.wilds, rules))
    melds = state.melds[rules.team_of(state.turn)]
    if target is not None:
        # The melds are in table order (:func:`sort_melds`), where the meld grown keeps the
        # place of the open meld it was: sorting them again would give the same order.
        return meld, tuple(meld if m is target else m for m in melds)
    return meld, sort_melds((*melds, meld), rules)


def _completes(target: Meld | None, meld: Meld, rules: RuleSet) -> bool:
    return meld.is_canasta(rules) and (target is None or not target.is_canasta(rules))


def validate_kind_meld(state: GameState, action: MeldAction | LayOff) -> Placement:
    """Check a railroad meld or lay-off from the hand; return what it will do (§13.3,
    §13.4). A meld of a rank with an open meld joins that meld."""
    rules = state.rules
    cards = action.cards
    if any(card in RED_THREES for card in cards):
        raise IllegalActionError(
            Reason.RED_THREE, "Red threes are never melded: they are laid out as they come.", "13.5"
        )
    rank = split_rank(cards)
    if rank is None:
        raise IllegalActionError(
            Reason.MIXED_RANKS,
            "A meld holds natural cards of one rank only (plus wild cards), or wild cards alone.",
            "13.4",
        )
    hand_after = without_cards(state.hands[state.turn], cards)
    if hand_after is None:
        raise not_in_hand(cards)
    facts = kind_facts(state)
    melds = state.melds[facts.team]
    if isinstance(action, LayOff):
        if rank and rank != action.rank:
            raise IllegalActionError(
                Reason.MIXED_RANKS,
                f"Those cards do not belong on the meld of {_rank_words(action.rank)}.",
                "13.4",
            )
        rank = action.rank
        target = open_meld(melds, rank, rules) if rank != THREE else None
        if target is None:
            raise IllegalActionError(
                Reason.NO_SUCH_MELD,
                f"You have no open meld of {_rank_words(rank)} to lay off on (a meld closes "
                "when it is a canasta of seven).",
                "13.4",
            )
    else:
        target = open_meld(melds, rank, rules) if rank != THREE else None
    value = 0 if facts.melded else cards_value(cards)
    meld, melds_after = _placement(state, rank=rank, cards=cards, target=target)
    placement = Placement(rank, cards, hand_after, melds_after, meld, target, value)
    if rank == THREE:
        _check_black_threes(state, hand_after, value)
    else:
        raise_refusal(_guarded(state, placement, _released(state, value)))
    return placement


def _guarded(
    state: GameState, placement: Placement, received: tuple[Card, ...]
) -> IllegalActionError | None:
    """Why the guard refuses ``placement`` (the player then receiving ``received``), or
    ``None``."""
    return kind_guard(
        state,
        hand_after=placement.hand_after,
        melds_after=placement.melds_after,
        value=placement.value,
        completes=_completes(placement.before, placement.meld, state.rules),
        received=received,
    )


def _released(state: GameState, value: int) -> tuple[Card, ...]:
    """The rest of a taken pile that joins the hand if a play worth ``value`` meets the
    minimum (red threes go to the table)."""
    facts = kind_facts(state)
    if not state.pending or facts.need - value > 0:
        return ()
    return tuple(card for card in state.pending if card not in RED_THREES)


def _black_threes_refused(state: GameState, hand_after: tuple[Card, ...], value: int) -> bool:
    """Whether a meld of black threes worth ``value``, leaving ``hand_after``, is refused:
    they are melded only as the play before the discard that goes out (§13.3)."""
    facts = kind_facts(state)
    return bool(
        facts.missing
        or state.pending
        or facts.need - value > 0
        or len(hand_after) != 1
        or RANK_OF[hand_after[0]] == SEVEN
    )


def _check_black_threes(state: GameState, hand_after: tuple[Card, ...], value: int) -> None:
    """Raise unless black threes may be melded now (:func:`_black_threes_refused`)."""
    if _black_threes_refused(state, hand_after, value):
        raise IllegalActionError(
            Reason.BLACK_THREES,
            "Black threes may only be melded as your last play before you go out, with a "
            "canasta of each kind and one card left to discard that is not a seven.",
            "13.3",
        )


def kind_canonical(state: GameState, action: Action) -> Action:
    """The listed spelling: a meld of a rank with an open meld is the lay-off onto it."""
    if isinstance(action, MeldAction):
        rank = split_rank(action.cards)
        if rank is not None and rank != THREE:
            team = state.rules.team_of(state.turn)
            if open_meld(state.melds[team], rank, state.rules) is not None:
                return sorted_lay_off(rank, action.cards)
    return action


def kind_meld_candidates(state: GameState) -> list[MeldAction | LayOff]:
    """Every legal railroad meld and lay-off (a rank with an open meld offered as the
    lay-off), each passed by the guard of :func:`validate_kind_meld`."""
    rules = state.rules
    facts = kind_facts(state)
    hand = facts.hand
    if not facts.melded and cards_value(hand) < facts.need:
        return []
    melds = state.melds[facts.team]
    naturals, wilds = hand_groups(hand)
    # Once melded, a play that keeps two cards, one a legal discard now, passes the guard
    # (the lock and the kinds a player lacks only ease as the round goes on).
    quick = facts.melded and not facts.stuck and not state.pending
    discardable = sum(1 for c in hand if not (facts.locked and RANK_OF[c] == SEVEN))
    mixed_wilds = sub_multisets_by_size(wilds, 0, min(rules.max_wilds, len(wilds)))
    out: list[MeldAction | LayOff] = []

    def offer(rank: int, mine: tuple[Card, ...], by_size: _BySize) -> None:
        target = open_meld(melds, rank, rules)
        base = (target.naturals, target.wilds) if target is not None else (0, 0)
        low = 0 if target is not None else (0 if rank == WILD_RANK else rules.min_naturals)
        # Only aces sort below the twos; the naturals placed are all of ``rank``, so they are
        # locked sevens all or none (wild cards never are).
        ace = rank == ACE
        locked_rank = facts.locked and rank == SEVEN
        for n, nats in enumerate(sub_multisets_by_size(mine, low, len(mine))):
            for w, wild_group in enumerate(by_size):
                if not n + w or not _shape_ok(rules, rank, base[0] + n, base[1] + w):
                    continue
                # The cards placed that the player may discard.
                free = w if locked_rank else n + w
                if quick and len(hand) - n - w >= 2 and discardable > free:
                    # Every play of this shape passes the guard: listed without a check.
                    for nat in nats:
                        for wild in wild_group:
                            placed = tuple(sorted(nat + wild)) if ace else wild + nat
                            out.append(
                                sorted_lay_off(rank, placed) if target else sorted_meld(placed)
                            )
                    continue
                for nat in nats:
                    for wild in wild_group:
                        placed = tuple(sorted(nat + wild)) if ace else wild + nat
                        hand_after = without_cards(hand, placed)
                        assert hand_after is not None
                        meld, melds_after = _placement(
                            state, rank=rank, cards=placed, target=target
                        )
                        value = 0 if facts.melded else cards_value(placed)
                        if kind_guard(
                            state,
                            hand_after=hand_after,
                            melds_after=melds_after,
                            value=value,
                            completes=_completes(target, meld, rules),
                            received=_released(state, value),
                        ):
                            continue
                        action = sorted_lay_off(rank, placed) if target else sorted_meld(placed)
                        out.append(action)

    ranks = {rank for rank in naturals if rank != THREE}
    ranks |= {
        m.rank for m in melds if m.rank not in (THREE, WILD_RANK) and len(m) < rules.meld_max_size
    }
    for rank in sorted(ranks):
        offer(rank, naturals.get(rank, ()), mixed_wilds)
    if wilds and rules.wild_canasta_bonus:
        offer(WILD_RANK, (), sub_multisets_by_size(wilds, 0, min(rules.meld_max_size, len(wilds))))
    threes = naturals.get(THREE, ())
    for nat in sub_multisets(threes, rules.meld_min_size, len(threes)) if len(threes) >= 3 else ():
        # Asked before the whole check, which raises: most turns may not meld them, and a
        # raised refusal costs far more than the question (as ``kind_turns.kind_discards`` says).
        hand_after = without_cards(hand, nat)
        assert hand_after is not None
        if _black_threes_refused(state, hand_after, 0 if facts.melded else cards_value(nat)):
            continue
        try:
            validate_kind_meld(state, sorted_meld(nat))
        except IllegalActionError:
            continue
        out.append(sorted_meld(nat))
    return out


def validate_kind_take(state: GameState, action: TakePile) -> Placement:
    """Check a railroad take (§13.9): the top card onto the player's open meld of its rank
    (the pile not frozen), or melded with exactly two natural cards of its rank."""
    pile = state.pile
    if not pile:
        raise IllegalActionError(
            Reason.PILE_EMPTY, "The discard pile is empty: draw from the stock.", "13.9"
        )
    top = pile[-1]
    if state.pile_blocked:
        raise IllegalActionError(
            Reason.PILE_BLOCKED,
            f"The pile is blocked by the {card_name(top)} on top: nobody may take it now.",
            "13.9",
        )
    rules = state.rules
    rank = RANK_OF[top]
    cards = action.cards
    hand_after = without_cards(state.hands[state.turn], cards)
    if hand_after is None:
        raise not_in_hand(cards)
    facts = kind_facts(state)
    target = open_meld(state.melds[facts.team], rank, rules)
    name = rank_name(rank, plural=True)
    if not cards:
        if target is None:
            raise IllegalActionError(
                Reason.PILE_TOP_UNUSABLE,
                f"To take the pile, meld its top card with two natural {name} from your hand: "
                f"you have no open meld of {name} to add it to.",
                "13.9",
            )
        if state.pile_frozen:
            raise IllegalActionError(
                Reason.PILE_FROZEN,
                f"The pile is frozen: take it only with two natural {name} from your hand.",
                "13.9",
            )
    elif len(cards) != 2 or any(c in WILD_CARDS or RANK_OF[c] != rank for c in cards):
        raise IllegalActionError(
            Reason.PILE_TOP_UNUSABLE,
            f"To take the pile, meld its top card with exactly two natural {name} from your "
            f"hand, or add it alone to your open meld of {name}.",
            "13.9",
        )
    meld, melds_after = _placement(state, rank=rank, cards=cards, target=target, extra=(top,))
    value = 0 if facts.melded else cards_value((*cards, top))
    rest = tuple(card for card in pile[:-1] if card not in RED_THREES)
    placement = Placement(rank, cards, hand_after, melds_after, meld, target, value)
    received = rest if facts.need - value <= 0 else ()
    raise_refusal(take_refusal(state, facts.team, _guarded(state, placement, received)))
    return placement


def kind_take_candidates(state: GameState) -> list[TakePile]:
    """Every legal railroad take."""
    if not state.pile or state.pile_blocked:
        return []
    rank = RANK_OF[state.pile[-1]]
    mine = tuple(c for c in state.hands[state.turn] if c not in WILD_CARDS and RANK_OF[c] == rank)
    out = []
    for cards in ((), *sub_multisets(mine, 2, 2)):
        try:
            validate_kind_take(state, sorted_take(cards))
        except IllegalActionError:
            continue
        out.append(sorted_take(cards))
    return out


def kind_canasta_events(before: Meld | None, after: Meld, team: int, rules: RuleSet) -> list[Event]:
    """A :class:`CanastaCompleted` event, with its kind, if ``after`` became a canasta."""
    kind = canasta_kind(after, rules)
    if kind is not None and (before is None or not before.is_canasta(rules)):
        return [CanastaCompleted(team, after.rank, after.is_natural, False, kind)]
    return []
