"""Railroad's turn (docs/rules.md §13.5-§13.11): the draw of two, the discard and the
kitty taken with it, applying melds and takes, and the two railroad ends of a round (a
draw from the empty stock; a hand of locked sevens)."""

from __future__ import annotations

from canasta.engine.actions import Discard
from canasta.engine.cards import RED_THREES, Card
from canasta.engine.errors import IllegalActionError, Reason, raise_refusal
from canasta.engine.events import (
    CardsLaidOff,
    Event,
    Melded,
    PileTaken,
    RedThreeLaid,
    StockDrawn,
    StockExhausted,
    Stuck,
    WentOut,
)
from canasta.engine.kind_guard import KindFacts, discard_refusal, kind_facts
from canasta.engine.kind_play import kind_canasta_events, kind_meld_candidates
from canasta.engine.kitty import kitty_statuses, take_kitty
from canasta.engine.placement import Placement, commit_placement
from canasta.engine.round_end import end_round
from canasta.engine.state import (
    GameState,
    Phase,
    not_in_hand,
    replace_at,
    with_cards,
    without_cards,
)
from canasta.engine.turns import put_on_pile, start_turn

__all__ = [
    "apply_kind_placement",
    "apply_kind_take",
    "kind_discard",
    "kind_discards",
    "kind_draw",
    "validate_kind_discard",
]


def kind_draw(state: GameState, events: list[Event]) -> GameState:
    """Draw two cards (the last one alone); a red three among them is laid out and not
    replaced (§13.5). A draw from the empty stock ends the round (§13.11)."""
    if not state.stock:
        events.append(StockExhausted())
        return end_round(state, None, events)
    seat = state.turn
    team = state.rules.team_of(seat)
    drawn = state.stock[: state.rules.draw_count]
    kept: list[Card] = []
    red = state.red_threes[team]
    for card in drawn:
        events.append(StockDrawn(seat, card))
        if card in RED_THREES:
            red = (*red, card)
            events.append(RedThreeLaid(seat, card, False))
        else:
            kept.append(card)
    new = state.evolve(
        stock=state.stock[len(drawn) :],
        hands=replace_at(state.hands, seat, with_cards(state.hands[seat], kept)),
        red_threes=replace_at(state.red_threes, team, red),
        phase=Phase.PLAY,
    )
    return _settle(new, events)


def _settle(state: GameState, events: list[Event]) -> GameState:
    """A player holding no card to discard and with no play left ends the round (§13.11)."""
    if state.phase is Phase.PLAY and kind_facts(state).stuck and not kind_meld_candidates(state):
        events.append(Stuck(state.turn))
        return end_round(state, None, events)
    return state


def validate_kind_discard(state: GameState, action: Discard) -> tuple[Card, ...]:
    """Check a railroad discard; return the hand after it (§13.7, §13.8, §13.10)."""
    hand_after = without_cards(state.hands[state.turn], (action.card,))
    if hand_after is None:
        raise not_in_hand((action.card,))
    facts = kind_facts(state)
    raise_refusal(
        _turn_refusal(state, facts)
        or discard_refusal(
            action.card, len(hand_after), state.rules, locked=facts.locked, missing=facts.missing
        )
    )
    return hand_after


def kind_discards(state: GameState) -> list[Discard]:
    """Every legal railroad discard. The refusals are asked for, not raised: a raised one
    would be caught in a cycle (its traceback, the raising frame, the error) that only the
    garbage collector frees, with every frame of the listing and all they hold."""
    facts = kind_facts(state)
    if _turn_refusal(state, facts) is not None:
        return []
    rules = state.rules
    hand = state.hands[state.turn]
    left = len(hand) - 1
    return [
        Discard(card)
        for card in dict.fromkeys(hand)
        if discard_refusal(card, left, rules, locked=facts.locked, missing=facts.missing) is None
    ]


def _turn_refusal(state: GameState, facts: KindFacts) -> IllegalActionError | None:
    """Why no card may be discarded yet, the initial meld unfinished (§13.7), or ``None``."""
    minimum = state.minimums[facts.team]
    if state.pending:
        return IllegalActionError(
            Reason.BELOW_MINIMUM,
            f"Finish your initial meld first: your melds make {state.turn_value} of "
            f"{minimum}, and the rest of the pile is yours only after that.",
            "13.7",
        )
    if not facts.melded and state.turn_value:
        return IllegalActionError(
            Reason.BELOW_MINIMUM,
            f"Your melds this turn make {state.turn_value}, below your minimum of {minimum}: "
            "meld more before you discard.",
            "13.7",
        )
    return None


def kind_discard(
    state: GameState, card: Card, hand_after: tuple[Card, ...], events: list[Event]
) -> GameState:
    """Apply a validated discard: going out with the last card, or the kitty taken if the
    player has earned it (§13.6), and the next player's turn."""
    seat = state.turn
    new = put_on_pile(state, card, hand_after, events)
    if not hand_after:
        events.append(WentOut(seat, False))
        return end_round(new, seat, events)
    if state.placed and not state.has_played[seat]:
        new = new.evolve(has_played=replace_at(state.has_played, seat, True))
    if kitty_statuses(new)[seat] == "may_take":
        new = take_kitty(new, seat, events)
    return start_turn(new, state.rules.next_seat(seat), events)


def apply_kind_placement(
    state: GameState, placement: Placement, events: list[Event], *, lay_off: bool
) -> GameState:
    """Apply a validated railroad meld or lay-off."""
    seat = state.turn
    rules = state.rules
    team = rules.team_of(seat)
    before = placement.before
    if lay_off:
        events.append(CardsLaidOff(seat, placement.rank, placement.cards))
    else:
        events.append(Melded(seat, placement.rank, placement.cards, before is not None))
    events.extend(kind_canasta_events(before, placement.meld, team, rules))
    draft = state.draft()
    draft.played = True
    new = commit_placement(
        state, placement, draft, team=team, top=(), rest=state.pending, events=events
    )
    return _settle(new, events)


def apply_kind_take(state: GameState, placement: Placement, events: list[Event]) -> GameState:
    """Apply a validated railroad take: the top card's meld, then the rest of the pile
    (waiting until the initial minimum is met)."""
    seat = state.turn
    rules = state.rules
    team = rules.team_of(seat)
    top = state.pile[-1]
    rest = state.pile[:-1]
    before = placement.before
    events.append(PileTaken(seat, top, placement.cards, len(state.pile)))
    events.extend(kind_canasta_events(before, placement.meld, team, rules))
    draft = state.draft()
    draft.pile = ()
    draft.pile_frozen = False
    draft.phase = Phase.PLAY
    new = commit_placement(
        state,
        placement,
        draft,
        team=team,
        top=(top,),
        rest=rest,
        events=events,
    )
    return _settle(new, events)
