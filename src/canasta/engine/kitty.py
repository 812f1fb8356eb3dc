"""Railroad's kitties (docs/rules.md §13.2, §13.6, §13.12): dealt face down, looked at
once the owner completes a canasta that is not black, taken into the hand with that turn's
discard, and counted against the owner if still untaken when the round ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from canasta.engine.cards import RED_THREES, Card
from canasta.engine.events import Event, KittyTaken, RedThreeLaid
from canasta.engine.kinds import kinds_of
from canasta.engine.melds import Meld
from canasta.engine.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from canasta.engine.state import GameState, replace_at, with_cards

__all__ = [
    "KittyStatus",
    "deal_kitties",
    "kitty_status",
    "kitty_statuses",
    "may_take_kitty",
    "take_kitty",
]

#: ``none``: the rule set has no kitties; ``untouched``: face down, not yet earned;
#: ``may_take``: its owner completed a canasta that is not black, may look at it, and takes
#: it with this turn's discard; ``taken``: in the owner's hand.
KittyStatus = Literal["none", "untouched", "may_take", "taken"]
_NO_KITTY: KittyStatus = "none"
#: Every seat's status at a table without kitties, by the number of players.
_NONE: dict[int, tuple[KittyStatus, ...]] = {
    n: (_NO_KITTY,) * n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def may_take_kitty(melds: Sequence[Meld], rules: RuleSet) -> bool:
    """Whether a player with ``melds`` has completed a canasta that is not black (§13.6)."""
    return bool(kinds_of(melds, rules) - {"black"})


def kitty_status(rules: RuleSet, melds: Sequence[Meld], *, taken: bool, size: int) -> KittyStatus:
    """The status of one player's kitty, from their melds and whether it was taken."""
    if not rules.kitty_size:
        return _NO_KITTY
    if taken:
        return "taken"
    return "may_take" if size and may_take_kitty(melds, rules) else "untouched"


def kitty_statuses(state: GameState) -> tuple[KittyStatus, ...]:
    """Every seat's kitty status (each player is a team of one in railroad)."""
    rules = state.rules
    if not rules.kitty_size:  # no kitties at this table: a bot's every view asks
        return _NONE[rules.players]
    return tuple(
        kitty_status(
            rules,
            state.melds[rules.team_of(seat)],
            taken=state.kitty_taken[seat],
            size=len(state.kitties[seat]),
        )
        for seat in range(rules.players)
    )


def deal_kitties(
    rules: RuleSet, deck: Sequence[Card], position: int, dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """After the hands, each player's kitty, one card at a time from the dealer's left
    (§13.2); returns the kitties and the deck position after them."""
    kitties: list[list[Card]] = [[] for _ in range(rules.players)]
    for _ in range(rules.kitty_size):
        seat = dealer
        for _ in range(rules.players):
            seat = rules.next_seat(seat)
            kitties[seat].append(deck[position])
            position += 1
    return tuple(tuple(sorted(kitty)) for kitty in kitties), position


def take_kitty(state: GameState, seat: int, events: list[Event]) -> GameState:
    """``seat`` takes its kitty into the hand; its red threes are laid out at once, with no
    replacement (§13.5, §13.6)."""
    kitty = state.kitties[seat]
    team = state.rules.team_of(seat)
    reds = tuple(card for card in kitty if card in RED_THREES)
    rest = tuple(card for card in kitty if card not in RED_THREES)
    events.append(KittyTaken(seat, len(kitty)))
    events.extend(RedThreeLaid(seat, card, False) for card in reds)
    return state.evolve(
        hands=replace_at(state.hands, seat, with_cards(state.hands[seat], rest)),
        red_threes=replace_at(state.red_threes, team, state.red_threes[team] + reds),
        kitties=replace_at(state.kitties, seat, ()),
        kitty_taken=replace_at(state.kitty_taken, seat, True),
    )
