"""How cards, melds and actions are written on screen.

Suits are told apart without colour: a glyph whose shape differs (Unicode mode) or the suit
letter (ASCII mode). Colour is only an extra.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from canasta.engine import (
    Action,
    Answer,
    AskPartner,
    Card,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    TakePile,
    is_wild,
    rank_of,
    suit_of,
)
from canasta.engine.narrate import meld_name

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["CardStyle", "hand_order", "rank_label"]

_RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_GLYPHS = "♣♦♥♠"
_LETTERS = "CDHS"


def rank_label(rank: int) -> str:
    """``A``, ``4`` ... ``K``: a meld's rank as a player reads it."""
    return _RANKS[rank]


@dataclass(frozen=True, slots=True)
class CardStyle:
    """Card labels in Unicode (``K♥``) or ASCII (``KH``)."""

    ascii: bool = False

    def label(self, card: Card) -> str:
        """The card's short label: rank then suit glyph or letter; jokers are ``JK``."""
        suit = suit_of(card)
        if suit is None:
            return "JK"
        return _RANKS[rank_of(card)] + (_LETTERS if self.ascii else _GLYPHS)[suit]

    def styled(self, card: Card) -> Text:
        """The label with the suit's colour class (red or black) and wilds marked."""
        from rich.text import Text  # here: the labels alone serve the Textual-free flow

        suit = suit_of(card)
        if is_wild(card):
            style = "bold magenta"
        elif suit is not None and suit.is_red:
            style = "bold red"
        else:
            style = "bold"
        return Text(self.label(card), style=style)

    def labels(self, cards: Iterable[Card]) -> str:
        """Several labels separated by spaces."""
        return " ".join(self.label(card) for card in cards)

    def action(self, action: Action) -> str:
        """An action as a short imperative sentence (for hints)."""
        if isinstance(action, DrawStock):
            return "Draw from the stock"
        if isinstance(action, TakePile):
            if action.cards:
                return f"Take the pile with {self.labels(action.cards)}"
            return "Take the pile, laying its top card on your meld"
        if isinstance(action, Meld):
            return f"Meld {self.labels(action.cards)}"
        if isinstance(action, LayOff):
            return f"Lay off {self.labels(action.cards)} on the meld of {meld_name(action.rank)}"
        if isinstance(action, Discard):
            return f"Discard {self.label(action.card)}"
        if isinstance(action, AskPartner):
            return 'Ask partner "may I go out?"'
        if isinstance(action, Answer):
            return "Answer yes" if action.yes else "Answer no"
        assert isinstance(action, NextRound)
        return "Deal the next round"

    def hint(self, action: Action, reason: str) -> str:
        """A bot's advice: the move as :meth:`action` writes it, then the bot's ``reason``,
        which says why and never names the move again (the bots' rule)."""
        return f"{self.action(action)}. {reason}"


def _rank_key(card: Card) -> tuple[int, int, int]:
    # Naturals by rank (4 ... K, A, then threes), wild cards at the right end.
    if is_wild(card):
        return (2, rank_of(card), card)
    rank = rank_of(card)
    order = 14 if rank == 1 else 15 if rank == 3 else rank
    return (1, order, card)


def _suit_key(card: Card) -> tuple[int, int, int]:
    suit = suit_of(card)
    if is_wild(card):
        return (5, rank_of(card), card)
    assert suit is not None
    rank = rank_of(card)
    return (int(suit), 14 if rank == 1 else rank, card)


def hand_order(cards: Iterable[Card], *, by_suit: bool = False) -> list[Card]:
    """The hand as shown: by rank with wilds at the right end, or by suit."""
    return sorted(cards, key=_suit_key if by_suit else _rank_key)
