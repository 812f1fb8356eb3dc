"""Actions: small values with a one-line text form that parses back (``docs/notation.md``).

=============================  =====================================================
text                           action
=============================  =====================================================
``draw``                       :class:`DrawStock`
``take h6 c6`` / ``take``      :class:`TakePile` (hand cards melded with the top card)
``meld h1 c1 d2``              :class:`Meld`
``layoff 13: h13 d2``          :class:`LayOff` (onto the team's meld of kings; ``0``:
                               railroad's meld of wild cards)
``discard s4``                 :class:`Discard`
``ask``                        :class:`AskPartner`
``yes`` / ``no``               :class:`Answer`
``next``                       :class:`NextRound`
=============================  =====================================================
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar, TypeAlias

from canasta.engine.cards import (
    MELD_RANKS,
    THREE,
    WILD_RANK,
    Card,
    card_text,
    cards_text,
    parse_card,
    parse_cards,
    parse_rank,
)
from canasta.engine.errors import NotationError

__all__ = [
    "Action",
    "Answer",
    "AskPartner",
    "Discard",
    "DrawStock",
    "LayOff",
    "Meld",
    "NextRound",
    "TakePile",
    "parse_action",
]


_new = object.__new__
_set = object.__setattr__


class _Action:
    """Immutable, slotted, compared by kind and fields; ``repr`` is the notation."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._key()))

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[type[_Action], tuple[object, ...]]:
        return (type(self), self._key())


class DrawStock(_Action):
    """Draw the top card of the stock."""

    __slots__ = ()

    def __str__(self) -> str:
        return "draw"


class TakePile(_Action):
    """Take the discard pile, melding its top card with ``cards`` from the hand.

    With no cards, the top card is laid off on the team's meld of its rank.
    """

    __slots__ = ("cards",)
    __match_args__ = ("cards",)
    cards: tuple[Card, ...]

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        _set(self, "cards", tuple(sorted(cards)))

    def __str__(self) -> str:
        return " ".join(["take", *map(card_text, self.cards)])


class Meld(_Action):
    """Meld ``cards`` from the hand as a meld of one rank (merging into the team's meld
    of that rank if there is one)."""

    __slots__ = ("cards",)
    __match_args__ = ("cards",)
    cards: tuple[Card, ...]

    def __init__(self, cards: Iterable[Card]) -> None:
        _set(self, "cards", tuple(sorted(cards)))

    def __str__(self) -> str:
        return " ".join(["meld", *map(card_text, self.cards)])


class LayOff(_Action):
    """Add ``cards`` from the hand to the team's meld of ``rank``."""

    __slots__ = ("cards", "rank")
    __match_args__ = ("rank", "cards")
    rank: int
    cards: tuple[Card, ...]

    def __init__(self, rank: int, cards: Iterable[Card]) -> None:
        _set(self, "rank", rank)
        _set(self, "cards", tuple(sorted(cards)))

    def __str__(self) -> str:
        return f"layoff {self.rank}: {cards_text(self.cards)}"


class Discard(_Action):
    """Discard ``card``, ending the turn."""

    __slots__ = ("card",)
    __match_args__ = ("card",)
    card: Card

    def __init__(self, card: Card) -> None:
        _set(self, "card", card)

    def __str__(self) -> str:
        return f"discard {card_text(self.card)}"


class AskPartner(_Action):
    """Ask partner "may I go out?"."""

    __slots__ = ()

    def __str__(self) -> str:
        return "ask"


class Answer(_Action):
    """Partner's binding answer to "may I go out?"."""

    __slots__ = ("yes",)
    __match_args__ = ("yes",)
    yes: bool

    def __init__(self, yes: bool) -> None:
        _set(self, "yes", yes)

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


class NextRound(_Action):
    """Deal the next round after the score sheet."""

    __slots__ = ()

    def __str__(self) -> str:
        return "next"


#: Each fast path's slot setters: a slot's own descriptor sets it without the attribute
#: lookup by name that ``object.__setattr__`` makes (a quarter of building an action).
_set_meld_cards = Meld.__dict__["cards"].__set__
_set_take_cards = TakePile.__dict__["cards"].__set__
_set_lay_off_rank = LayOff.__dict__["rank"].__set__
_set_lay_off_cards = LayOff.__dict__["cards"].__set__


def sorted_meld(cards: tuple[Card, ...]) -> Meld:
    """A :class:`Meld` of cards already in sorted order (the engine's fast path)."""
    action: Meld = _new(Meld)
    _set_meld_cards(action, cards)
    return action


def sorted_take(cards: tuple[Card, ...]) -> TakePile:
    """A :class:`TakePile` with cards already in sorted order (the engine's fast path)."""
    action: TakePile = _new(TakePile)
    _set_take_cards(action, cards)
    return action


def sorted_lay_off(rank: int, cards: tuple[Card, ...]) -> LayOff:
    """A :class:`LayOff` of cards already in sorted order (the engine's fast path)."""
    action: LayOff = _new(LayOff)
    _set_lay_off_rank(action, rank)
    _set_lay_off_cards(action, cards)
    return action


Action: TypeAlias = DrawStock | TakePile | Meld | LayOff | Discard | AskPartner | Answer | NextRound

_SIMPLE: dict[str, Action] = {
    "draw": DrawStock(),
    "ask": AskPartner(),
    "yes": Answer(True),
    "no": Answer(False),
    "next": NextRound(),
}
_USAGE = (
    "write one of: draw, take [cards], meld CARDS, layoff RANK: CARDS, discard CARD, "
    "ask, yes, no, next"
)


def _parse_meld_rank(text: str, whole: str) -> int:
    token = text.strip().lower()
    if token in _WILD_WORDS:
        return WILD_RANK  # railroad's meld of wild cards alone (rules §13.4)
    rank = parse_rank(token)
    if rank is None or not (rank in MELD_RANKS or rank == THREE):
        raise NotationError(
            f"{whole!r}: {text.strip()!r} is not a meld rank (1, 3-13, a, j, q, k; 0 or "
            "wild for railroad's wild meld)."
        )
    return rank


_WILD_WORDS = frozenset({"0", "w", "wild"})


def parse_action(text: str) -> Action:
    """Read an action from its text form, case-insensitively.

    Raises:
        NotationError: naming the text and what is wrong with it.
    """
    stripped = text.strip()
    if not stripped:
        raise NotationError(f"An empty action: {_USAGE}.")
    verb, _, rest = stripped.partition(" ")
    verb = verb.lower()
    rest = rest.strip()
    if verb in _SIMPLE:
        if rest:
            raise NotationError(f"{text!r}: {verb!r} takes nothing after it.")
        return _SIMPLE[verb]
    try:
        if verb == "take":
            return TakePile(parse_cards(rest))
        if verb == "meld":
            cards = parse_cards(rest)
            if not cards:
                raise NotationError(f"{text!r}: name the cards to meld, like 'meld h1 c1 d2'.")
            return Meld(cards)
        if verb in ("layoff", "lay"):
            match = re.match(r"^(?:off\s+)?([^:\s]+)\s*:\s*(.*)$", rest, re.IGNORECASE)
            if match is None:
                raise NotationError(f"{text!r}: write 'layoff RANK: CARDS', like 'layoff 13: h13'.")
            cards = parse_cards(match.group(2))
            if not cards:
                raise NotationError(f"{text!r}: name the cards to lay off after the colon.")
            return LayOff(_parse_meld_rank(match.group(1), text), cards)
        if verb == "discard":
            if not rest or len(rest.split()) != 1:
                raise NotationError(f"{text!r}: discard exactly one card, like 'discard s4'.")
            return Discard(parse_card(rest))
    except NotationError as error:
        if str(error).startswith(repr(text)):
            raise
        raise NotationError(f"{text!r}: {error}") from None
    raise NotationError(f"{text!r} is not an action: {_USAGE}.")
