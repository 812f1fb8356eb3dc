"""Melds and lay-offs (§5), and the rules every placement keeps (§3.3, §6, §7, §8).

:func:`placement_error` is the one guard that every meld, lay-off and pile take passes: the
validators below and in :mod:`canasta.engine.pile` call it, and so do the listings, so that
an action is listed exactly when applying it would succeed.
"""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from bisect import bisect_left
from operator import attrgetter
from typing import NamedTuple

from canasta.engine.actions import LayOff
from canasta.engine.actions import Meld as MeldAction
from canasta.engine.cards import (
    RED_THREES,
    THREE,
    Card,
    cards_value,
    rank_name,
)
from canasta.engine.counts import HandCounts, count_hand, count_hand_less, hand_counts
from canasta.engine.errors import IllegalActionError, Reason, raise_refusal
from canasta.engine.events import CanastaCompleted, CardsLaidOff, Event, Melded, RedThreeLaid
from canasta.engine.facts import TurnFacts, remember_table, turn_facts
from canasta.engine.going_out import canastas_needed, go_out
from canasta.engine.melds import Meld, meld_error, split_rank, valid_shapes
from canasta.engine.rules import RuleSet
from canasta.engine.solver import can_go_out, can_reach
from canasta.engine.state import (
    GameState,
    finished,
    forget_cards,
    not_in_hand,
    replace_at,
    with_cards,
    without_cards,
)
from canasta.engine.tuples import make
from canasta.engine.words import your_side

__all__ = [
    "Placement",
    "canasta_events",
    "commit_placement",
    "meld",
    "place_cards",
    "placement_error",
    "take_refusal",
    "validate_meld",
]


def placement_error(
    state: GameState,
    facts: TurnFacts,
    *,
    rank: int,
    cards: tuple[Card, ...],
    naturals_after: int,
    wilds_after: int,
    value: int,
    received: tuple[Card, ...] = (),
    held: int | None = None,
) -> IllegalActionError | None:
    """Why placing ``cards`` from the hand on the team's meld of ``rank`` (which then holds
    ``naturals_after`` natural and ``wilds_after`` wild cards) breaks a rule of the turn, or
    ``None``.

    ``value`` counts toward an unmet initial minimum; ``received`` are cards that join the
    hand with the play (the rest of a taken pile) and ``held`` cards still waiting for the
    minimum (by default those of the turn).
    """
    if held is None:
        held = facts.held
        if len(cards) - len(received) <= facts.unguarded:
            return None
    rules = state.rules
    left = len(facts.hand) - len(cards) + len(received) + held
    permission = facts.permission
    if left >= 2 and facts.melded and permission is None:
        return None
    need = facts.need - value
    # Canastas matter only to a play that leaves fewer than two cards.
    if left < 2:
        size = rules.canasta_size
        completes = naturals_after + wilds_after >= size > sum(facts.table.get(rank, (0, 0)))
        enough = facts.canastas + completes >= rules.canastas_to_go_out
        if left == 0:
            if not enough:
                return IllegalActionError(
                    Reason.NO_CANASTA,
                    f"That would leave you no cards, and {canastas_needed(rules, state.turn)}.",
                    "6.1",
                )
            if permission is False:
                return IllegalActionError(
                    Reason.GOING_OUT_FORBIDDEN,
                    "Your partner said no: you may not go out this turn.",
                    "8.2",
                )
            if need > 0:
                return IllegalActionError(
                    Reason.BELOW_MINIMUM,
                    f"Your melds this turn make {state.turn_value + value}, below your minimum "
                    f"of {state.minimums[facts.team]}.",
                    "7.1",
                )
            return None
        if not enough and (
            held
            or not _last_card_goes_out(
                facts,
                rank,
                cards,
                received,
                naturals_after=naturals_after,
                wilds_after=wilds_after,
                need=need,
                rules=rules,
            )
        ):
            return IllegalActionError(
                Reason.HAND_TOO_SMALL,
                "That would leave you fewer than two cards (one left means going out), and "
                f"{canastas_needed(rules, state.turn)}.",
                "3.3",
            )
        if permission is False:
            return IllegalActionError(
                Reason.GOING_OUT_FORBIDDEN,
                "Your partner said no: keep at least two cards, since one card left means "
                "going out.",
                "8.2",
            )
    if need <= 0 and permission is None:
        return None
    hand_after = _hand_after(facts.hand, cards, received)
    table = {**facts.table, rank: (naturals_after, wilds_after)}
    if need > 0 and not can_reach(
        need,
        hand_after,
        table,
        rules,
        held_elsewhere=held,
        may_go_out=permission is not False,
    ):
        minimum = state.minimums[facts.team]
        return IllegalActionError(
            Reason.MINIMUM_UNREACHABLE,
            f"After that your melds this turn would make {state.turn_value + value} of your "
            f"minimum of {minimum}, and the cards you would have left could not make the rest.",
            "7.3",
        )
    if permission is True and not can_go_out(hand_after, table, rules, need=max(0, need)):
        return IllegalActionError(
            Reason.MUST_GO_OUT,
            "Your partner said yes, so you must go out this turn, and after that play "
            "you could not.",
            "8.2",
        )
    return None


def take_refusal(
    state: GameState, team: int, error: IllegalActionError | None
) -> IllegalActionError | None:
    """The guard's refusal ``error`` of the cards a take places, said of the take: a take
    before ``team``'s initial meld whose melds could not reach the minimum (§4.4) is refused
    in a sentence about the take, where the guard's own speaks of a play."""
    if error is None or error.reason is not Reason.MINIMUM_UNREACHABLE:
        return error
    whose = your_side(state.rules, state.turn).whose
    return IllegalActionError(
        Reason.BELOW_MINIMUM,
        f"To take the pile before {whose} initial meld, the top card and cards "
        f"from your hand must make melds worth {state.minimums[team]}; these cannot.",
        "4.4",
    )


def _last_card_goes_out(
    facts: TurnFacts,
    rank: int,
    cards: tuple[Card, ...],
    received: tuple[Card, ...],
    *,
    naturals_after: int,
    wilds_after: int,
    need: int,
    rules: RuleSet,
) -> bool:
    """Whether the one card a play leaves can still go out (§3.3): laid off so that the team
    has the canastas it needs, or discarded once it has them."""
    last = _hand_after(facts.hand, cards, received)
    table = {**facts.table, rank: (naturals_after, wilds_after)}
    return can_go_out(last, table, rules, need=max(0, need))


def _hand_after(
    hand: tuple[Card, ...], cards: tuple[Card, ...], received: tuple[Card, ...]
) -> HandCounts:
    """The counts of ``hand`` once ``cards`` leave it and ``received`` join it."""
    if received:
        return count_hand((*(without_cards(hand, cards) or ()), *received))
    # Most plays bring no card in: the hand is counted once for all its plays.
    return count_hand_less(hand_counts(hand), cards)


_RANK = attrgetter("rank")


class Placement(NamedTuple):
    """What a validated meld, lay-off or pile take will do."""

    rank: int
    #: The cards from the hand.
    cards: tuple[Card, ...]
    hand_after: tuple[Card, ...]
    melds_after: tuple[Meld, ...]
    meld: Meld
    #: The team's meld that the cards join (``None`` when they start one).
    before: Meld | None
    #: Points counted toward the initial minimum.
    value: int


def place_cards(
    state: GameState,
    *,
    team: int,
    rank: int,
    cards: tuple[Card, ...],
    need_existing: bool,
    black_threes: bool = False,
) -> tuple[Meld, Meld | None, tuple[Meld, ...]]:
    """The meld of ``rank`` of ``team`` (the player's) once ``cards`` join it, the meld
    before (``None`` if there was none), and the team's melds after; refused when the meld
    would break §5.1 or §5.4."""
    rules = state.rules
    melds = state.melds[team]
    # A team's melds lie by rank, one of each (§5.3): ``rank``'s is found, or goes, here.
    index = bisect_left(melds, rank, key=_RANK)
    existing = melds[index] if index < len(melds) and melds[index].rank == rank else None
    if existing is None:
        if need_existing:
            side = your_side(rules, state.turn)
            raise IllegalActionError(
                Reason.NO_SUCH_MELD,
                f"{side.who.capitalize()} {side.has} no meld of "
                f"{rank_name(rank, plural=True)} to lay off on.",
                "5.4",
            )
        # A canasta that goes down whole in one play (the pile's top card may be among its
        # cards) is a concealed canasta (§9.2).
        concealed = len(cards) >= rules.canasta_size and rules.has_concealed_canastas
        meld = Meld.build(rank, cards, concealed=concealed)
        melds_after = (*melds[:index], meld, *melds[index:])
    else:
        meld = existing.added(cards)
        melds_after = replace_at(melds, index, meld)
    # The table of legal shapes answers first; only a refusal needs its reason.
    if black_threes or (meld.naturals, meld.wilds) not in valid_shapes(rules):
        raise_refusal(
            meld_error(meld.naturals, meld.wilds, rank=rank, rules=rules, black_threes=black_threes)
        )
    return meld, existing, melds_after


def black_threes_too_soon(state: GameState, team: int, left: int) -> bool:
    """Whether a meld of black threes leaving ``left`` cards in the hand is refused: they go
    down only as the last play of a player going out (§5.5), with one card at most left and
    the team holding the canastas that going out needs."""
    return left > 1 or not state.has_canastas_to_go_out(team)


def validate_meld(state: GameState, action: MeldAction | LayOff) -> Placement:
    """Check a meld or lay-off from the hand; return what it will do."""
    cards = action.cards
    if not RED_THREES.isdisjoint(cards):
        raise IllegalActionError(Reason.RED_THREE, "Red threes are never melded.", "5.6")
    rank = split_rank(cards)
    if rank is None:
        raise IllegalActionError(
            Reason.MIXED_RANKS,
            "A meld holds natural cards of one rank only (plus wild cards).",
            "5.1",
        )
    hand_after = without_cards(state.hands[state.turn], cards)
    if hand_after is None:
        raise not_in_hand(cards)
    black = rank == THREE
    if isinstance(action, LayOff):
        if rank and rank != action.rank:
            raise IllegalActionError(
                Reason.MIXED_RANKS,
                f"Those cards do not belong on the meld of {rank_name(action.rank, plural=True)}.",
                "5.4",
            )
        rank = action.rank
    elif not rank:
        raise IllegalActionError(
            Reason.NO_NATURALS,
            "Wild cards cannot be melded on their own: add natural cards of one rank.",
            "5.7",
        )
    facts = turn_facts(state)
    team = facts.team
    if THREE in facts.table:
        raise IllegalActionError(
            Reason.BLACK_THREES,
            "Your black threes were your last play: discard your last card to go out.",
            "5.5",
        )
    meld, before, melds_after = place_cards(
        state,
        team=team,
        rank=rank,
        cards=cards,
        need_existing=isinstance(action, LayOff),
        black_threes=black,
    )
    if black and black_threes_too_soon(state, team, len(hand_after)):
        raise IllegalActionError(
            Reason.BLACK_THREES,
            "Black threes may only be melded as your last play when you go out.",
            "5.5",
        )
    value = 0 if facts.melded else cards_value(cards)
    if len(cards) > facts.unguarded:  # beyond the guard's free region, weigh the play
        raise_refusal(
            placement_error(
                state,
                facts,
                rank=rank,
                cards=cards,
                naturals_after=meld.naturals,
                wilds_after=meld.wilds,
                value=value,
            )
        )
    return make(Placement, (rank, cards, hand_after, melds_after, meld, before, value))


def commit_placement(
    state: GameState,
    placement: Placement,
    draft: GameState,
    *,
    team: int,
    top: tuple[Card, ...],
    rest: tuple[Card, ...],
    events: list[Event],
) -> GameState:
    """The state once ``placement`` (with the pile's ``top`` card, when taking) is on the
    table of ``team`` (the player's), made from ``draft`` (a :meth:`GameState.draft` of
    ``state`` with the caller's own changes, which this completes).

    ``rest`` is the rest of a taken pile: it joins the hand once the team has melded (a red
    three in it is laid out, unreplaced), and waits until then (§4.4). Placing and receiving
    make one copy of the state.
    """
    seat = state.turn
    rank = placement.rank
    rules = state.rules
    # The next decision finds the team's table ready (railroad's hold several melds of a
    # rank, in an order of their own, and are left to the turn facts).
    if placement.before is not None and not rules.several_melds:
        remember_table(
            state.melds[team], placement.melds_after, rank, placement.meld, rules.canasta_size
        )
    draft.melds = replace_at(state.melds, team, placement.melds_after)
    draft.placed = (*state.placed, *[(rank, card) for card in (*placement.cards, *top)])
    # What else may change is set only when it does.
    turn_value = state.turn_value + placement.value
    if placement.value:
        draft.turn_value = turn_value
    melded = state.melded[team]
    if not melded and turn_value >= state.minimums[team]:
        melded = True
        draft.melded = replace_at(state.melded, team, True)
    hand = placement.hand_after
    known = state.known[seat]
    if known:
        known = forget_cards(known, placement.cards)
    if rest and not melded:
        draft.pending = rest
    elif rest:
        if not RED_THREES.isdisjoint(rest):
            reds = tuple(card for card in rest if card in RED_THREES)
            rest = tuple(card for card in rest if card not in RED_THREES)
            for card in reds:
                events.append(RedThreeLaid(seat, card, False))
            red_threes = state.red_threes
            draft.red_threes = replace_at(red_threes, team, red_threes[team] + reds)
        hand = with_cards(hand, rest)
        known = tuple(sorted((*known, *rest)))
        draft.pending = ()
    draft.hands = replace_at(state.hands, seat, hand)
    if known is not state.known[seat]:
        draft.known = replace_at(state.known, seat, known)
    return finished(draft)


def canasta_events(before: Meld | None, after: Meld, team: int, rules: RuleSet) -> list[Event]:
    """A :class:`CanastaCompleted` event if ``after`` is a canasta that ``before`` was not."""
    if after.is_canasta(rules) and (before is None or not before.is_canasta(rules)):
        return [CanastaCompleted(team, after.rank, after.is_natural, after.concealed)]
    return []


def meld(
    state: GameState, action: MeldAction | LayOff, placement: Placement, events: list[Event]
) -> GameState:
    """Apply a meld or lay-off, validated as ``placement``."""
    seat = state.turn
    team = state.rules.team_of(seat)
    before = placement.before
    if type(action) is LayOff:
        events.append(make(CardsLaidOff, (seat, placement.rank, placement.cards)))
    else:
        merged = before is not None
        events.append(make(Melded, (seat, placement.rank, placement.cards, merged)))
    events.extend(canasta_events(before, placement.meld, team, state.rules))
    draft = state.draft()
    draft.played = True
    new = commit_placement(
        state, placement, draft, team=team, top=(), rest=state.pending, events=events
    )
    if not new.hands[seat] and not new.pending:
        return go_out(new, state, events)
    return new
