"""Drawing from the stock (§3.2), red threes laid out and replaced as they come (§2)."""

from __future__ import annotations

from canasta.engine.cards import RED_THREES, Card
from canasta.engine.counts import count_hand
from canasta.engine.errors import IllegalActionError, Reason
from canasta.engine.events import Event, RedThreeLaid, StockDrawn, StockExhausted
from canasta.engine.round_end import end_round
from canasta.engine.solver import can_go_out
from canasta.engine.state import PLAY_PHASE, GameState, finished, replace_at, with_cards
from canasta.engine.tuples import make

__all__ = ["draw", "validate_draw"]


def validate_draw(state: GameState) -> None:
    """Drawing is always allowed while the stock lasts."""
    if not state.stock:
        raise IllegalActionError(
            Reason.STOCK_EMPTY, "The stock is empty: take the pile if you can.", "9.1"
        )


def draw(state: GameState, events: list[Event]) -> GameState:
    """The player draws the rule set's count of cards (fewer if the stock runs out); each
    red three is laid out and replaced by the next card."""
    seat = state.turn
    rules = state.rules
    stock = state.stock
    count = rules.draw_count
    taken = 0
    reds: list[Card] = []
    drawn: list[Card] = []
    # The stock is read in place and cut once, after the draw.
    for card in stock:
        taken += 1
        events.append(make(StockDrawn, (seat, card)))
        if card in RED_THREES:
            reds.append(card)
            events.append(RedThreeLaid(seat, card, taken < len(stock)))
        else:
            drawn.append(card)
            if len(drawn) == count:
                break
    hand = with_cards(state.hands[seat], drawn)
    new = state.draft()
    new.stock = stock[taken:]
    new.hands = replace_at(state.hands, seat, hand)
    new.phase = PLAY_PHASE
    # The red threes change only when one was drawn.
    if reds:
        team = rules.team_of(seat)
        new.red_threes = replace_at(state.red_threes, team, (*state.red_threes[team], *reds))
    new = finished(new)
    if len(hand) < 2 and not _can_go_out(new, rules.team_of(seat), hand):
        # A red three was the last stock card and the player holds one card, which must go
        # out and cannot: the round ends (docs/rules.md §9.1).
        events.append(StockExhausted())
        return end_round(new, None, events)
    return new


def _can_go_out(state: GameState, team: int, hand: tuple[Card, ...]) -> bool:
    """Whether the player of ``team`` can go out with ``hand`` (discarded or laid off)."""
    table = {meld.rank: (meld.naturals, meld.wilds) for meld in state.melds[team]}
    need = 0 if state.melded[team] else state.minimums[team] - state.turn_value
    return can_go_out(count_hand(hand), table, state.rules, need=need)
