"""The turn (§3): its start, the discard that ends it, and passing play to the left."""

from __future__ import annotations

from canasta.engine.actions import Discard
from canasta.engine.cards import RED_THREES, Card
from canasta.engine.errors import IllegalActionError, Reason, raise_refusal
from canasta.engine.events import Discarded, Event, RedThreeLaid, StockExhausted
from canasta.engine.going_out import canastas_needed, go_out
from canasta.engine.pile import discard_onto_pile, take_candidates
from canasta.engine.round_end import end_round
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

__all__ = ["discard", "discard_error", "put_on_pile", "start_turn", "validate_discard"]


def start_turn(
    state: GameState, seat: int, events: list[Event], draft: GameState | None = None
) -> GameState:
    """Begin ``seat``'s turn: lay out red threes from the hand, replaced from the stock (§2).

    ``draft`` (a :meth:`GameState.draft` of ``state``, never changing ``seat``'s hand) ends
    the turn before, in the same copy. With the stock empty and the pile out of reach, the
    round ends (§9.1).
    """
    if not RED_THREES.isdisjoint(state.hands[seat]):
        if draft is not None:
            state = finished(draft)
            draft = None
        state = _lay_out_red_threes(state, seat, events)
    state = state.turn_begins(seat, draft)
    if (
        not state.stock
        and not state.rules.empty_stock_draw_ends
        and not any(True for _ in take_candidates(state))
    ):
        events.append(StockExhausted())
        return end_round(state, None, events)
    return state


def _lay_out_red_threes(state: GameState, seat: int, events: list[Event]) -> GameState:
    """The red threes in ``seat``'s hand laid out, each replaced from the stock (§2)."""
    hand = state.hands[seat]
    stock = state.stock
    team = state.rules.team_of(seat)
    red = state.red_threes[team]
    waiting = [card for card in hand if card in RED_THREES]
    while waiting:
        card = waiting.pop()
        hand = without_cards(hand, (card,)) or ()
        red = (*red, card)
        replaced = state.rules.red_threes_replaced and bool(stock)
        events.append(RedThreeLaid(seat, card, replaced))
        if replaced:
            replacement = stock[0]
            stock = stock[1:]
            hand = with_cards(hand, (replacement,))
            if replacement in RED_THREES:
                waiting.append(replacement)
    return state.evolve(
        hands=replace_at(state.hands, seat, hand),
        stock=stock,
        red_threes=replace_at(state.red_threes, team, red),
    )


def validate_discard(state: GameState, action: Discard) -> tuple[Card, ...]:
    """Check the discard; return the hand after it. Which card it is never matters beyond
    holding it (§3, §7.3, §8.2)."""
    hand_after = without_cards(state.hands[state.turn], (action.card,))
    if hand_after is None:
        raise not_in_hand((action.card,))
    raise_refusal(discard_error(state, hand_after))
    return hand_after


def discard_error(state: GameState, hand_after: tuple[Card, ...]) -> IllegalActionError | None:
    """Why a discard of a held card, leaving ``hand_after``, is refused now, or ``None``."""
    if not (state.pending or state.turn_value or state.permission is not None) and hand_after:
        return None  # the usual discard: no meld under way, partner not asked, cards kept
    team = state.rules.team_of(state.turn)
    if state.pending:
        return IllegalActionError(
            Reason.BELOW_MINIMUM,
            f"Finish your initial meld first: your melds make {state.turn_value} of "
            f"{state.minimums[team]}, and the rest of the pile is yours only after that.",
            "7.3",
        )
    if not state.melded[team] and state.turn_value:
        return IllegalActionError(
            Reason.BELOW_MINIMUM,
            f"Your melds this turn make {state.turn_value}, below your minimum of "
            f"{state.minimums[team]}: meld more before you discard.",
            "7.3",
        )
    if not hand_after:
        if not state.has_canastas_to_go_out(team):
            return IllegalActionError(
                Reason.NO_CANASTA,
                f"That is your last card, and {canastas_needed(state.rules, state.turn)}.",
                "6.1",
            )
        if state.permission is False:
            return IllegalActionError(
                Reason.GOING_OUT_FORBIDDEN,
                "Your partner said no: you may not go out this turn.",
                "8.2",
            )
    elif state.permission is True:
        return IllegalActionError(
            Reason.MUST_GO_OUT,
            "Your partner said yes, so you must go out this turn: meld until one card is left.",
            "8.2",
        )
    return None


def put_on_pile(
    state: GameState, card: Card, hand_after: tuple[Card, ...], events: list[Event]
) -> GameState:
    """The state once the player's discard ``card`` is on the pile and ``hand_after`` is
    the hand; every rule system then decides what follows."""
    return finished(_discarded(state, card, hand_after, events))


def _discarded(
    state: GameState, card: Card, hand_after: tuple[Card, ...], events: list[Event]
) -> GameState:
    """:func:`put_on_pile`'s state as a :meth:`GameState.draft`, for a caller that makes
    more changes in the same copy."""
    seat = state.turn
    events.append(make(Discarded, (seat, card)))
    pile, frozen = discard_onto_pile(state, card)
    new = state.draft()
    new.hands = replace_at(state.hands, seat, hand_after)
    new.pile = pile
    new.pile_frozen = frozen
    known = state.known[seat]
    if known:
        new.known = replace_at(state.known, seat, forget_cards(known, (card,)))
    return new


def discard(
    state: GameState, action: Discard, hand_after: tuple[Card, ...], events: list[Event]
) -> GameState:
    """Apply a discard, validated as leaving ``hand_after``: the turn ends, or the round if
    that was the last card or the stock is empty. The usual discard and the next turn's
    start make one copy."""
    seat = state.turn
    new = _discarded(state, action.card, hand_after, events)
    if not hand_after:
        return go_out(finished(new), state, events)
    if state.placed and not state.has_played[seat]:
        new.has_played = replace_at(state.has_played, seat, True)
    if not state.stock:
        events.append(StockExhausted())
        return end_round(finished(new), None, events)
    return start_turn(state, state.rules.next_seat(seat), events, new)
