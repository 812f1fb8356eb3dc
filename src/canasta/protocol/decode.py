"""The protocol's messages read back: a seat's view and its events as the engine's own.

The inverse of :func:`~canasta.protocol.messages.view_message` and
:func:`~canasta.protocol.messages.event_message`, for a program that plays a seat in
Python (the shared table's terminal client): what it gets over the wire becomes the same
:class:`~canasta.engine.PlayerView` and events a local game hands its screens and bots.

A card the seat was not shown (another seat's draw from the stock) comes back as
:data:`UNSEEN`; the narration never tells that card to the seat, since it was not the
seat's own draw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, get_type_hints

from canasta.engine import (
    CanastaError,
    Card,
    NotationError,
    Phase,
    PlayerView,
    RoundScore,
    RuleSet,
    TableMeld,
    parse_card,
)
from canasta.engine.events import CARD_FIELDS, Event, StockDrawn
from canasta.protocol.messages import EVENT_TYPES, ViewMessage

__all__ = ["UNSEEN", "event_from_message", "view_from_message"]

#: The card of an event that its seat was not shown (another seat's draw from the stock).
#: No card has this code: nothing may read it as a card.
UNSEEN = Card(-1)

#: Each kind of event by its name on the wire.
_KINDS: dict[str, type[Any]] = {name: kind for kind, name in EVENT_TYPES.items()}


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def _score(parts: dict[str, int]) -> RoundScore:
    """A team's round score from its wire form (the parts, which leave out those the rule
    set does not score, and the ``total``, which is checked)."""
    fields = {name: value for name, value in parts.items() if name != "total"}
    score = RoundScore(**fields)
    if "total" in parts and parts["total"] != score.total:
        raise NotationError(
            f"A round score's total {parts['total']} is not the sum of its parts ({score.total})."
        )
    return score


def view_from_message(message: ViewMessage, rules: RuleSet) -> PlayerView:
    """The engine's view that ``message`` is the wire form of, at a table of ``rules``.

    Raises:
        CanastaError: a card, a phase or a score in ``message`` that is not one.
    """
    try:
        return _view(message, rules)
    except (CanastaError, KeyError, TypeError, ValueError) as error:
        raise CanastaError(
            f"The table sent a view this client cannot read ({error}): update canasta on both "
            "sides."
        ) from None


def _view(message: ViewMessage, rules: RuleSet) -> PlayerView:
    seats = sorted(message.seats, key=lambda seat: seat.seat)
    teams = sorted(message.teams, key=lambda team: team.team)
    turn = message.turn_state
    return PlayerView(
        seat=message.seat,
        rules=rules,
        round_no=message.round,
        dealer=message.dealer,
        phase=Phase(message.phase),
        turn=message.turn,
        to_move=message.to_move,
        hand=_cards(message.hand),
        hand_sizes=tuple(seat.hand_size for seat in seats),
        known=tuple(_cards(seat.known) for seat in seats),
        melds=tuple(
            tuple(
                TableMeld.build(meld.rank, _cards(meld.cards), concealed=meld.concealed)
                for meld in team.melds
            )
            for team in teams
        ),
        red_threes=tuple(_cards(team.red_threes) for team in teams),
        pile=_cards(message.pile),
        pile_frozen=message.pile_frozen,
        pile_blocked=message.pile_blocked,
        stock_size=message.stock_size,
        melded=tuple(team.melded for team in teams),
        minimums=tuple(team.minimum for team in teams),
        scores=tuple(team.score for team in teams),
        history=tuple(tuple(_score(score) for score in scores) for scores in message.history),
        played=turn.played,
        turn_value=turn.value,
        placed=tuple((rank, parse_card(card)) for rank, card in turn.placed),
        pending=_cards(turn.pending),
        asked=turn.asked,
        permission=turn.permission,
        has_played=tuple(seat.has_played for seat in seats),
        winner=message.winner,
        kitty_sizes=tuple(seat.kitty_size for seat in seats),
        kitty_status=tuple(seat.kitty_status for seat in seats),
        kitty=_cards(message.kitty),
        sevens_locked=message.sevens_locked,
    )


def _plain(hint: Any) -> Callable[[Any], Any]:
    """How to read back a field that holds no card, by its type: score sheets from
    objects, tuples from lists."""
    if hint == tuple[RoundScore, ...]:
        return lambda value: tuple(_score(item) for item in value)
    if getattr(hint, "__origin__", None) is tuple:
        return tuple
    return lambda value: value


#: For each kind of event, how to read each field back.
_READERS: dict[type[Any], dict[str, Callable[[Any], Any]]] = {
    kind: {
        name: (
            (_cards if CARD_FIELDS[kind][name] else parse_card)
            if name in CARD_FIELDS[kind]
            else _plain(hint)
        )
        for name, hint in get_type_hints(kind).items()
    }
    for kind in EVENT_TYPES
}


def event_from_message(told: dict[str, Any]) -> Event:
    """The event that ``told`` (an event as :func:`event_message` wrote it for a seat)
    tells; another seat's card drawn from the stock is :data:`UNSEEN`.

    Raises:
        CanastaError: ``told`` is not an event of the protocol.
    """
    kind = _KINDS.get(str(told.get("type")))
    if kind is None:
        raise CanastaError(
            f"The table told an event of a kind this client does not know ({told.get('type')!r}):"
            " update canasta on both sides."
        )
    readers = _READERS[kind]
    if kind is StockDrawn and told.get("card") is None:
        readers = {**readers, "card": lambda _: UNSEEN}
    try:
        fields = {name: read(told[name]) for name, read in readers.items() if name in told}
        event: Event = kind(**fields)
    except (CanastaError, KeyError, TypeError, ValueError) as error:
        raise CanastaError(
            f"The table told a {told['type']} event this client cannot read ({error}): update "
            "canasta on both sides."
        ) from None
    return event
