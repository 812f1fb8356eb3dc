"""Events: what an action caused, in the order it happened (past participles).

Events are named tuples (cheap to build and to import);
:func:`~canasta.engine.tuples.distinct` makes events of different kinds unequal even when
their fields are equal. A card is a plain ``int``, so :data:`CARD_FIELDS` names the fields
that hold cards, and an event's ``repr`` shows them in notation.
"""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from typing import Any, NamedTuple, TypeAlias, get_args

from canasta.engine.cards import Card, card_text
from canasta.engine.scoring import RoundScore
from canasta.engine.tuples import distinct

__all__ = [
    "CARD_FIELDS",
    "CanastaCompleted",
    "CardsLaidOff",
    "Discarded",
    "Event",
    "GameWon",
    "KittyTaken",
    "Melded",
    "PartnerAnswered",
    "PartnerAsked",
    "PileTaken",
    "RedThreeLaid",
    "RoundDealt",
    "RoundScored",
    "StockDrawn",
    "StockExhausted",
    "Stuck",
    "UpCardTurned",
    "WentOut",
]


@distinct
class RoundDealt(NamedTuple):
    """A round was dealt; ``dealer`` dealt, the seat to the dealer's left plays first."""

    round_no: int
    dealer: int


@distinct
class UpCardTurned(NamedTuple):
    """A stock card was turned onto the pile; ``frozen`` when it froze the pile, ``covered``
    when another up-card is turned onto it (§2.3)."""

    card: Card
    frozen: bool
    covered: bool = False


@distinct
class RedThreeLaid(NamedTuple):
    """A red three went to the team's area; ``replaced`` when a stock card replaced it.

    The replacement card itself is private to the seat and not in the event.
    """

    seat: int
    card: Card
    replaced: bool


@distinct
class StockDrawn(NamedTuple):
    """``seat`` drew ``card`` from the stock (private to that seat)."""

    seat: int
    card: Card


@distinct
class PileTaken(NamedTuple):
    """``seat`` took the pile: its top card with ``cards`` from the hand, ``size`` cards in
    all (the rest goes to the hand once any initial minimum is met)."""

    seat: int
    top: Card
    cards: tuple[Card, ...]
    size: int


@distinct
class Melded(NamedTuple):
    """``seat`` melded ``cards`` of ``rank``; ``merged`` when they joined the team's meld."""

    seat: int
    rank: int
    cards: tuple[Card, ...]
    merged: bool


@distinct
class CardsLaidOff(NamedTuple):
    """``seat`` laid ``cards`` off on the team's meld of ``rank``."""

    seat: int
    rank: int
    cards: tuple[Card, ...]


@distinct
class CanastaCompleted(NamedTuple):
    """A meld of ``rank`` of ``team`` became a canasta (``natural`` or mixed; ``concealed``
    when it went down whole, §9.2)."""

    team: int
    rank: int
    natural: bool
    concealed: bool = False
    #: Railroad's kind of canasta (``red``, ``black``, ``wild``, ``sevens``; §13.4).
    kind: str | None = None


@distinct
class Discarded(NamedTuple):
    """``seat`` discarded ``card``, ending the turn."""

    seat: int
    card: Card


@distinct
class PartnerAsked(NamedTuple):
    """``seat`` asked partner "may I go out?"."""

    seat: int


@distinct
class PartnerAnswered(NamedTuple):
    """``seat`` answered partner's question; the answer binds for this turn."""

    seat: int
    yes: bool


@distinct
class WentOut(NamedTuple):
    """``seat`` went out, ending the round; ``concealed`` for the concealed bonus."""

    seat: int
    concealed: bool


@distinct
class StockExhausted(NamedTuple):
    """The round ended because the stock is empty."""


@distinct
class KittyTaken(NamedTuple):
    """``seat`` took its kitty of ``size`` cards into the hand with its discard (§13.6)."""

    seat: int
    size: int


@distinct
class Stuck(NamedTuple):
    """The round ended because ``seat`` holds no card it may discard, only sevens while
    they are locked (§13.11)."""

    seat: int


@distinct
class RoundScored(NamedTuple):
    """The round's score sheet (see :class:`canasta.engine.scoring.RoundScore`)."""

    round_no: int
    scores: tuple[RoundScore, ...]
    totals: tuple[int, ...]


@distinct
class GameWon(NamedTuple):
    """The game ended; ``team`` won with ``totals``."""

    team: int
    totals: tuple[int, ...]


Event: TypeAlias = (
    RoundDealt
    | UpCardTurned
    | RedThreeLaid
    | StockDrawn
    | PileTaken
    | Melded
    | CardsLaidOff
    | CanastaCompleted
    | Discarded
    | PartnerAsked
    | PartnerAnswered
    | WentOut
    | StockExhausted
    | KittyTaken
    | Stuck
    | RoundScored
    | GameWon
)


def _card_fields(kind: type[Event]) -> dict[str, bool]:
    hints = kind.__annotations__
    return {name: hint != Card for name, hint in hints.items() if hint in (Card, tuple[Card, ...])}


#: The fields of each kind of event that hold cards: ``True`` for a tuple of cards, ``False``
#: for one card (only the field's type tells a card from a count).
CARD_FIELDS: dict[type[Event], dict[str, bool]] = {
    kind: _card_fields(kind) for kind in get_args(Event)
}


def _in_notation(value: Any, several: bool | None) -> str:
    if several is None:
        return repr(value)
    if several:
        return f"({', '.join(map(card_text, value))})"
    return card_text(value)


def _repr(event: Any) -> str:
    """``StockDrawn(seat=0, card=h13)``: the event with its cards in notation."""
    fields = CARD_FIELDS[type(event)]
    told = ", ".join(
        f"{name}={_in_notation(value, fields.get(name))}"
        for name, value in zip(event._fields, event, strict=True)
    )
    return f"{type(event).__name__}({told})"


for _kind, _fields in CARD_FIELDS.items():
    if _fields:
        _kind.__repr__ = _repr  # type: ignore[method-assign]
