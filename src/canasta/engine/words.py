"""Words for the sentences players read: a count with its noun (``1 card``, ``2 cards``), a
list of names (``North, East and West``), whose melds and minimum a player's are (``your
team's`` in a partnership, ``your`` alone), and what a player's name may be."""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from collections.abc import Sequence
from typing import NamedTuple

from canasta.engine.rules import RuleSet

__all__ = ["MAX_NAME_LENGTH", "Side", "counted", "listed", "player_name", "your_side"]

#: The most characters of a player's name, in every file that names players.
MAX_NAME_LENGTH = 20


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural unless the count is one (``plural`` where it
    is not the noun and an s)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def listed(words: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def player_name(name: str) -> str:
    """``name`` without the spaces around it, if it is a player's name.

    Raises:
        ValueError: it is not 1 to :data:`MAX_NAME_LENGTH` printable characters.
    """
    stripped = name.strip()
    if not stripped or len(stripped) > MAX_NAME_LENGTH or not stripped.isprintable():
        raise ValueError(f"a player name has 1 to {MAX_NAME_LENGTH} printable characters")
    return stripped


class Side(NamedTuple):
    """A player's side, said to that player: ``f"{side.who} {side.has} no meld"``,
    ``f"before {side.whose} initial meld"``, ``f"{side.who} {side.has} not made {side.own}
    initial meld"``."""

    who: str
    has: str
    whose: str
    #: ``whose`` after ``who`` in the same sentence.
    own: str


_ALONE = Side("you", "have", "your", "your")
_TEAM = Side("your team", "has", "your team's", "its")


def your_side(rules: RuleSet, seat: int) -> Side:
    """The side of ``seat``: its team in a partnership, the player alone otherwise."""
    return _ALONE if rules.partner(seat) is None else _TEAM
