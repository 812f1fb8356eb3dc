"""Cards, their text notation and the 108-card deck.

A card is a plain ``int``, its code: ``rank * 4 + suit`` for the 52 standard cards (ranks
1 = ace to 13 = king, suits clubs, diamonds, hearts, spades) and ``0`` for the joker. The two
physical copies of a card are the same value, so a hand is a sorted tuple of cards and
"identical cards" compare equal. Functions read a card: its rank, suit, value, notation.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from enum import IntEnum
from typing import NewType

from canasta.engine.errors import NotationError

__all__ = [
    "ACE",
    "BLACK_THREES",
    "CARD_CODES",
    "JOKER",
    "KING",
    "MELD_RANKS",
    "NATURAL_RANKS",
    "RANK_OF",
    "RED_THREES",
    "SEVEN",
    "THREE",
    "TWO",
    "WILD_CARDS",
    "WILD_RANK",
    "Card",
    "Suit",
    "card_label",
    "card_name",
    "card_of",
    "card_text",
    "card_value",
    "cards_of_rank",
    "cards_text",
    "cards_value",
    "full_deck",
    "is_red_three",
    "is_wild",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "rank_name",
    "rank_of",
    "suit_of",
    "wild_cards_in",
]


class Suit(IntEnum):
    """The four suits, in notation order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


ACE = 1
KING = 13
#: Ranks that form ordinary melds: ace, then four to king (threes are special).
MELD_RANKS: tuple[int, ...] = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
#: Every rank that is not wild (threes included).
NATURAL_RANKS: tuple[int, ...] = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)

_RANK_WORDS = {
    1: ("ace", "aces"),
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
}


def rank_name(rank: int, *, plural: bool = False) -> str:
    """The English word for a rank (``13`` -> ``king``; plural ``kings``)."""
    if rank == 0:
        return "jokers" if plural else "joker"
    return _RANK_WORDS[rank][1 if plural else 0]


#: A card is its code, a plain ``int``: ``rank * 4 + suit`` for the 52 standard cards, ``0``
#: for the joker. Plain ints keep hands, melds and every cache of card tuples cheap: the
#: interpreter's int fast paths apply to them, and tuples of ints are not followed by the
#: garbage collector. The functions below read a card (``rank_of``, ``card_label``, ...),
#: as python-chess reads its integer squares.
Card = NewType("Card", int)

#: Every card code, joker first.
CARD_CODES: tuple[Card, ...] = (Card(0), *(Card(code) for code in range(4, 56)))
_RANK_LABELS = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def card_of(rank: int, suit: Suit | int | None = None) -> Card:
    """The card of ``rank`` (1-13, or 0 for the joker) and ``suit``."""
    if rank == 0:
        return JOKER
    if suit is None or not 1 <= rank <= 13 or not 0 <= int(suit) <= 3:
        raise NotationError(f"There is no card of rank {rank!r} and suit {suit!r}.")
    return Card(rank * 4 + int(suit))


def rank_of(card: Card) -> int:
    """1 = ace ... 13 = king; 0 for the joker."""
    return RANK_OF[card]


def suit_of(card: Card) -> Suit | None:
    """The suit, or ``None`` for the joker."""
    return None if card == 0 else Suit(card & 3)


def is_wild(card: Card) -> bool:
    """Jokers and twos are wild."""
    return card in WILD_CARDS


def is_red_three(card: Card) -> bool:
    """The three of diamonds or of hearts."""
    return card in RED_THREES


def card_text(card: Card) -> str:
    """The card in the rules' notation: ``h13``, ``c1``, ``jk``."""
    return _TEXTS[card]


def card_label(card: Card) -> str:
    """The card's face in letters: ``KH``, ``10D``, ``JK``."""
    if card == 0:
        return "JK"
    return f"{_RANK_LABELS[RANK_OF[card]]}{'CDHS'[card & 3]}"


def card_name(card: Card) -> str:
    """The card in words: ``king of hearts``, ``joker``."""
    if card == 0:
        return "joker"
    return f"{rank_name(RANK_OF[card])} of {_SUIT_NAMES[card & 3]}"


JOKER = Card(0)
TWO = 2
THREE = 3
#: Railroad's sevens (their own kind of canasta, and locked in the hand, §13).
SEVEN = 7
#: The rank a meld of wild cards alone is filed under (railroad's wild canasta, §13.4).
WILD_RANK = 0
#: The card sets the rules name (§1): jokers and twos are wild; threes are special.
WILD_CARDS: frozenset[Card] = frozenset({JOKER, *(card_of(TWO, suit) for suit in Suit)})
RED_THREES: frozenset[Card] = frozenset(card_of(THREE, s) for s in (Suit.DIAMONDS, Suit.HEARTS))
BLACK_THREES: frozenset[Card] = frozenset(card_of(THREE, s) for s in (Suit.CLUBS, Suit.SPADES))
#: ``RANK_OF[card]`` is the card's rank (0 for the joker), by code: the hot paths' lookup.
RANK_OF: tuple[int, ...] = tuple(code >> 2 for code in range(56))
#: Each card in notation, by code.
_TEXTS: dict[int, str] = {
    code: "jk" if code == 0 else f"{'cdhs'[code & 3]}{RANK_OF[code]}" for code in CARD_CODES
}


def cards_of_rank(hand: tuple[Card, ...], rank: int) -> tuple[Card, ...]:
    """The cards of ``rank`` in the sorted ``hand`` (a sorted hand holds them together, at
    codes ``rank * 4`` to ``rank * 4 + 3``)."""
    start = bisect_left(hand, rank << 2)
    return hand[start : bisect_left(hand, (rank + 1) << 2, start)]


def wild_cards_in(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The jokers and twos of the sorted ``hand``, in its order (the aces lie between)."""
    twos = bisect_left(hand, TWO << 2)
    return (
        hand[: bisect_left(hand, ACE << 2, 0, twos)]
        + hand[twos : bisect_left(hand, THREE << 2, twos)]
    )


def _value_of(code: int) -> int:
    rank = code >> 2
    if code == 0:
        return 50
    if rank in (1, 2):
        return 20
    if rank == 3:
        return 0 if code in (13, 14) else 5
    return 5 if rank <= 7 else 10


_VALUES: dict[int, int] = {code: _value_of(code) for code in CARD_CODES}


def card_value(card: int) -> int:
    """Point value when melded or left in a hand (red threes have none)."""
    return _VALUES[card]


def cards_value(cards: Iterable[int]) -> int:
    """The point values of ``cards``, summed (a meld's, a hand's)."""
    return sum(map(_VALUES.__getitem__, cards))


_SUIT_LETTERS = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_RANK_TOKENS = {"a": 1, "ace": 1, "j": 11, "q": 12, "k": 13, "t": 10}
#: Compiled by the first card that is not in plain notation (``re`` keeps it), not by the
#: import: compiling it costs more than a tenth of a millisecond.
_CARD_PATTERN = r"^(?:([cdhs♣♦♥♠])(\d{1,2}|[ajqkt])|(\d{1,2}|[ajqkt])([cdhs♣♦♥♠]))$"
_JOKER_WORDS = frozenset({"jk", "jo", "joker", "jkr", "*"})


def parse_rank(token: str) -> int | None:
    """A rank from ``1``-``13`` or a letter (``a``, ``j``, ``q``, ``k``, ``t``), or ``None``."""
    if token.isdigit():
        rank = int(token)
        return rank if 1 <= rank <= 13 else None
    return _RANK_TOKENS.get(token)


def parse_card(text: str) -> Card:
    """Read one card, case-insensitively.

    Accepts the rules' notation (``h13``, ``c1``, ``d2``, ``jk``) and the common
    rank-then-suit forms (``KH``, ``10d``, ``as``, ``joker``).

    Raises:
        NotationError: naming the text when it is not a card.
    """
    known = _NOTATION.get(text)
    if known is not None:
        return known
    token = text.strip().lower()
    if token in _JOKER_WORDS:
        return JOKER
    match = re.match(_CARD_PATTERN, token)
    if match is not None:
        suit_text, rank_text = (
            (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
        )
        rank = parse_rank(rank_text)
        if rank is not None:
            return Card(rank * 4 + _SUIT_LETTERS[suit_text])
    raise NotationError(
        f"{text!r} is not a card: write a suit letter (c, d, h, s) and a rank 1-13, "
        "like h13 or c1, or jk for a joker."
    )


#: Each card's own notation (``h13``, ``jk``): the one lookup a position's thousands of
#: cards need (railroad deals up to twelve decks).
_NOTATION: dict[str, Card] = {text: Card(code) for code, text in _TEXTS.items()}


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas (or an iterable of card texts)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else [t for t in text if t]
    # Positions and records write each card in its own notation: one lookup each.
    try:
        return tuple(map(_NOTATION.__getitem__, tokens))
    except KeyError:
        return tuple(map(parse_card, tokens))


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(map(_TEXTS.__getitem__, cards))


def full_deck(*, decks: int = 2, jokers: int = 4) -> tuple[Card, ...]:
    """Every physical card: ``decks`` standard 52-card decks plus ``jokers`` jokers, sorted."""
    standard = CARD_CODES[1:]
    return tuple(sorted([*standard * decks, *[JOKER] * jokers]))
