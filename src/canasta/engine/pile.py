"""The discard pile (§4): taking it, and when it is blocked or frozen."""

from __future__ import annotations

from canasta.engine.actions import TakePile, sorted_take
from canasta.engine.cards import (
    ACE,
    RANK_OF,
    RED_THREES,
    WILD_CARDS,
    Card,
    card_name,
    card_value,
    cards_of_rank,
    cards_value,
    rank_name,
    wild_cards_in,
)
from canasta.engine.counts import count_hand
from canasta.engine.errors import IllegalActionError, Reason, raise_refusal
from canasta.engine.events import Event, PileTaken
from canasta.engine.facts import TurnFacts, turn_facts
from canasta.engine.going_out import go_out
from canasta.engine.melds import valid_shapes
from canasta.engine.memo import BoundedMemo
from canasta.engine.multisets import sub_multisets
from canasta.engine.placement import (
    Placement,
    canasta_events,
    commit_placement,
    place_cards,
    placement_error,
    take_refusal,
)
from canasta.engine.rules import RuleSet
from canasta.engine.solver import max_meld_value
from canasta.engine.state import PLAY_PHASE, GameState, not_in_hand, without_cards
from canasta.engine.tuples import make
from canasta.engine.words import your_side

__all__ = ["discard_onto_pile", "take", "take_candidates", "validate_take"]

#: Cards that freeze the pile once another card covers them (§4.3).
FREEZING_CARDS: frozenset[Card] = WILD_CARDS | RED_THREES


def discard_onto_pile(state: GameState, card: Card) -> tuple[tuple[Card, ...], bool]:
    """The pile, and whether it is frozen, once ``card`` is discarded onto it."""
    pile = state.pile
    frozen = state.pile_frozen or (bool(pile) and pile[-1] in FREEZING_CARDS)
    return (*pile, card), frozen


def _take_error(
    state: GameState,
    facts: TurnFacts,
    cards: tuple[Card, ...],
    *,
    naturals: int,
    wilds: int,
    rest: tuple[Card, ...] | None = None,
) -> IllegalActionError | None:
    """The guard of a take whose cards are already known to be allowed by §4.1-§4.3, and
    whose meld (top card included) holds ``naturals`` + ``wilds`` cards; ``rest`` is
    :func:`_rest_of_pile`, when the caller has it."""
    pile = state.pile
    melded = facts.melded
    value = 0
    if not melded:
        value = card_value(pile[-1]) + cards_value(cards)
    # Before the initial meld the rest of the pile waits until the minimum is met (§4.4).
    waits = not melded and value < facts.need
    if rest is None:
        rest = _rest_of_pile(pile)
    return take_refusal(
        state,
        facts.team,
        placement_error(
            state,
            facts,
            rank=RANK_OF[pile[-1]],
            cards=cards,
            naturals_after=naturals,
            wilds_after=wilds,
            value=value,
            received=() if waits else rest,
            held=len(rest) if waits else 0,
        ),
    )


def _rest_of_pile(pile: tuple[Card, ...]) -> tuple[Card, ...]:
    """What a take brings into the hand besides the top card: red threes are laid out."""
    rest = pile[:-1]
    if RED_THREES.isdisjoint(rest):
        return rest
    return tuple(card for card in rest if card not in RED_THREES)


def validate_take(state: GameState, action: TakePile) -> Placement:
    """Check taking the pile with ``action.cards`` from the hand; return what it will do."""
    pile = state.pile
    if not pile:
        raise IllegalActionError(
            Reason.PILE_EMPTY, "The discard pile is empty: draw from the stock.", "4"
        )
    top = pile[-1]
    if state.pile_blocked:
        raise IllegalActionError(
            Reason.PILE_BLOCKED,
            f"The pile is blocked by the {card_name(top)} on top: nobody may take it now.",
            "4.2",
        )
    rank = RANK_OF[top]
    cards = action.cards
    hand = state.hands[state.turn]
    hand_after = without_cards(hand, cards)
    if hand_after is None:
        raise not_in_hand(cards)
    team = state.rules.team_of(state.turn)
    naturals = 0
    for card in cards:
        if card in WILD_CARDS:
            continue
        if RANK_OF[card] != rank:
            raise IllegalActionError(
                Reason.PILE_TOP_UNUSABLE,
                f"To take the pile, meld its top card, the {card_name(top)}, only with "
                f"{rank_name(rank, plural=True)} and wild cards from your hand.",
                "4.1",
            )
        naturals += 1
    if state.is_frozen_for(team):
        if naturals < 2 or naturals != len(cards):
            side = your_side(state.rules, state.turn)
            why = (
                "The pile is frozen"
                if state.pile_frozen
                else f"{side.who.capitalize()} {side.has} not made {side.own} initial meld, so "
                "the pile is frozen for you"
            )
            raise IllegalActionError(
                Reason.PILE_FROZEN,
                f"{why}: to take it you need two natural {rank_name(rank, plural=True)} from "
                "your hand, with no wild cards.",
                "4.3",
            )
    elif len(cards) < 2 and state.team_meld(team, rank) is None:
        side = your_side(state.rules, state.turn)
        raise IllegalActionError(
            Reason.PILE_TOP_UNUSABLE,
            f"To take the pile, meld its top card, the {card_name(top)}, with at least two cards "
            f"from your hand ({side.who} {side.has} no meld of {rank_name(rank, plural=True)} to "
            "add it to).",
            "4.1",
        )
    meld, before, melds_after = place_cards(
        state, team=team, rank=rank, cards=(*cards, top), need_existing=False
    )
    melded = state.melded[team]
    rest = _rest_of_pile(pile)
    # As in the listing, a take in the guard's free region (TurnFacts.unguarded: once melded,
    # two cards kept besides the rest of the pile, since in the draw phase nothing is
    # pending and partner has not answered) needs neither the guard nor the turn's facts.
    if not melded or len(cards) > len(hand) - 2 + len(rest):
        raise_refusal(
            _take_error(
                state, turn_facts(state), cards, naturals=meld.naturals, wilds=meld.wilds, rest=rest
            )
        )
    value = 0 if melded else meld.value
    return make(Placement, (rank, cards, hand_after, melds_after, meld, before, value))


#: What a take may place: the naturals of the top card's rank held, the wild cards held
#: (none when the pile is frozen), the team's meld of that rank as ``(naturals, wilds)``
#: (``None`` without one), and whether the pile is frozen for the team.
Offer = tuple[tuple[Card, ...], tuple[Card, ...], tuple[int, int] | None, bool]

#: The takes of each offer met, before the guard, in two generations of 128 offers (kept
#: small for the garbage collector, as the meld listing's memo is).
_memo: BoundedMemo[Offer, tuple[TakePile, ...]] = BoundedMemo(128)


def take_candidates(state: GameState) -> list[TakePile]:
    """Every legal way to take the pile: the hand cards that go with the top card, each
    passed by the checks of :func:`validate_take` (they hold by construction up to the
    meld's shape, then the same guard). The takes of an offer are remembered, so listings
    share the action values."""
    pile = state.pile
    if not pile or state.pile_blocked:
        return []
    rank = RANK_OF[pile[-1]]
    rules = state.rules
    hand = state.hands[state.turn]
    mine = cards_of_rank(hand, rank)
    team = rules.team_of(state.turn)
    melded = state.melded[team]
    frozen = state.is_frozen_for(team)
    if frozen and len(mine) < 2:
        return []
    wilds = () if frozen else wild_cards_in(hand)
    meld = state.team_meld(team, rank)
    base = None if meld is None else (meld.naturals, meld.wilds)
    memo = _memo.table(rules)
    offer = (mine, wilds, base, frozen)
    takes = memo.get(offer)
    if takes is None:
        takes = _memo.recall(offer)
        if takes is None:
            takes = _takes_of(rules, offer)
        memo[offer] = takes
    # Once melded, takes that leave two cards in the hand (before the pile comes in) lie in
    # the guard's free region (TurnFacts.unguarded: in the draw phase nothing is pending
    # and partner has not answered), so they need no weighing.
    if melded and len(mine) + len(wilds) + 2 <= len(hand):
        return list(takes)
    if not takes:
        return []
    facts = turn_facts(state)
    if not facts.melded:
        # The top card and every meldable hand card together must reach the minimum.
        best, _ = max_meld_value(count_hand((*hand, pile[-1])), {}, rules)
        if best < facts.need:
            return []
    rest = _rest_of_pile(pile)
    free = len(rest) + facts.unguarded if facts.unguarded >= 0 else -1
    base_n, base_w = (0, 0) if base is None else base
    out = []
    for take in takes:
        cards = take.cards
        if len(cards) > free:
            wild = sum(1 for card in cards if card in WILD_CARDS)
            naturals = base_n + 1 + len(cards) - wild
            if _take_error(state, facts, cards, naturals=naturals, wilds=base_w + wild, rest=rest):
                continue
        out.append(take)
    return out


def _takes_of(rules: RuleSet, offer: Offer) -> tuple[TakePile, ...]:
    """Every take of ``offer`` that §4.1-§4.3 and the meld's shape allow, in listing order:
    the guard is left to the caller."""
    mine, wilds, base, frozen = offer
    base_n, base_w = (0, 0) if base is None else base
    # Without a meld of the rank, the top card needs two cards from the hand.
    least = 2 if base is None else 0
    shapes = valid_shapes(rules)
    wild_sets = sub_multisets(wilds, 0, rules.max_wilds)
    # Only aces sort below the twos.
    ace = bool(mine) and RANK_OF[mine[0]] == ACE
    out = []
    for nat in sub_multisets(mine, 2 if frozen else 0, len(mine)):
        naturals = base_n + 1 + len(nat)
        for wild in wild_sets:
            if len(nat) + len(wild) >= least and (naturals, base_w + len(wild)) in shapes:
                out.append(sorted_take(tuple(sorted(nat + wild)) if ace else wild + nat))
    return tuple(out)


def take(state: GameState, placement: Placement, events: list[Event]) -> GameState:
    """Apply a validated take: the top card's meld first, then the rest of the pile."""
    seat = state.turn
    team = state.rules.team_of(seat)
    top = state.pile[-1]
    rest = state.pile[:-1]
    before = placement.before
    events.append(make(PileTaken, (seat, top, placement.cards, len(state.pile))))
    events.extend(canasta_events(before, placement.meld, team, state.rules))
    draft = state.draft()
    draft.pile = ()
    draft.pile_frozen = False
    draft.phase = PLAY_PHASE
    new = commit_placement(
        state,
        placement,
        draft,
        team=team,
        top=(top,),
        rest=rest,
        events=events,
    )
    if not new.hands[seat] and not new.pending:
        return go_out(new, state, events)
    return new
