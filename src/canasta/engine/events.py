"""Events: what an action caused, in the order it happened (past participles)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from canasta.engine.cards import Card
from canasta.engine.scoring import RoundScore

__all__ = [
    "CanastaCompleted",
    "CardsLaidOff",
    "Discarded",
    "Event",
    "GameWon",
    "Melded",
    "PartnerAnswered",
    "PartnerAsked",
    "PileTaken",
    "RedThreeLaid",
    "RoundDealt",
    "RoundScored",
    "StockDrawn",
    "StockExhausted",
    "UpCardTurned",
    "WentOut",
]


@dataclass(frozen=True, slots=True)
class RoundDealt:
    """A round was dealt; ``dealer`` dealt, the seat to the dealer's left plays first."""

    round_no: int
    dealer: int


@dataclass(frozen=True, slots=True)
class UpCardTurned:
    """A stock card was turned onto the pile; ``frozen`` when it froze the pile."""

    card: Card
    frozen: bool


@dataclass(frozen=True, slots=True)
class RedThreeLaid:
    """A red three went to the team's area; ``replaced`` when a stock card replaced it.

    The replacement card itself is private to the seat and not in the event.
    """

    seat: int
    card: Card
    replaced: bool


@dataclass(frozen=True, slots=True)
class StockDrawn:
    """``seat`` drew ``card`` from the stock (private to that seat)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PileTaken:
    """``seat`` took the pile: its top card with ``cards`` from the hand, ``size`` cards in
    all (the rest goes to the hand once any initial minimum is met)."""

    seat: int
    top: Card
    cards: tuple[Card, ...]
    size: int


@dataclass(frozen=True, slots=True)
class Melded:
    """``seat`` melded ``cards`` of ``rank``; ``merged`` when they joined the team's meld."""

    seat: int
    rank: int
    cards: tuple[Card, ...]
    merged: bool


@dataclass(frozen=True, slots=True)
class CardsLaidOff:
    """``seat`` laid ``cards`` off on the team's meld of ``rank``."""

    seat: int
    rank: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CanastaCompleted:
    """A meld of ``rank`` of ``team`` became a canasta (``natural`` or mixed)."""

    team: int
    rank: int
    natural: bool


@dataclass(frozen=True, slots=True)
class Discarded:
    """``seat`` discarded ``card``, ending the turn."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PartnerAsked:
    """``seat`` asked partner "may I go out?"."""

    seat: int


@dataclass(frozen=True, slots=True)
class PartnerAnswered:
    """``seat`` answered partner's question; the answer binds for this turn."""

    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class WentOut:
    """``seat`` went out, ending the round; ``concealed`` for the concealed bonus."""

    seat: int
    concealed: bool


@dataclass(frozen=True, slots=True)
class StockExhausted:
    """The round ended because the stock is empty."""


@dataclass(frozen=True, slots=True)
class RoundScored:
    """The round's score sheet (see :class:`canasta.engine.scoring.RoundScore`)."""

    round_no: int
    scores: tuple[RoundScore, RoundScore]
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class GameWon:
    """The game ended; ``team`` won with ``totals``."""

    team: int
    totals: tuple[int, int]


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
    | RoundScored
    | GameWon
)
