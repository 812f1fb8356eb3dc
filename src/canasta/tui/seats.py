"""Who sits at each seat (:class:`Seating`) and how the screens name seats, players and
teams at any table, without Textual.

A player alone (two or three players) is their own team, so the team is called by the
player's name; a partnership by the rule set's team name (``North-South``), or, where room is
short, by its seats' initials (``NS``, ``NE-NW-S``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.engine import COMPASS, RuleSet
from canasta.engine.narrate import YOU
from canasta.session import HUMAN

__all__ = [
    "Seating",
    "scores_text",
    "short_labels",
    "short_name",
    "shown_names",
    "table_names",
    "team_label",
    "team_labels",
]

#: Compass seats in a few letters.
_COMPASS = dict(zip(COMPASS, ("S", "SW", "W", "NW", "N", "NE", "E", "SE"), strict=True))
#: The most letters of a player's own name where room is short.
_SHORT_NAME = 4


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays each seat in turn order from South: ``HUMAN`` or a bot level, and a name
    (no names: the seats' own)."""

    kinds: tuple[str, ...]
    names: tuple[str, ...] = ()

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play, in turn order from South."""
        return tuple(seat for seat, kind in enumerate(self.kinds) if kind == HUMAN)


def shown_names(names: Sequence[str], you: int | None) -> tuple[str, ...]:
    """The players' names as the table shows them: the player at the keyboard (seat
    ``you``; ``None`` while no hand is shown) is "You"."""
    return tuple(YOU if seat == you else name for seat, name in enumerate(names))


def table_names(names: Sequence[str], rules: RuleSet) -> tuple[str, ...]:
    """The players' names of a game, from ``names`` as the settings or a save give them:
    "You" there is the word for whoever holds the keyboard (:func:`shown_names`), never a
    player's name, so that seat is called by its own (at a hot seat South is South)."""
    return tuple(
        seat if name == YOU else name for name, seat in zip(names, rules.seat_names, strict=True)
    )


def short_name(name: str) -> str:
    """A seat's initials (``SW``), or the first letters of a player's own name."""
    return _COMPASS.get(name, name[:_SHORT_NAME])


def team_label(rules: RuleSet, team: int, names: Sequence[str], *, short: bool = False) -> str:
    """What the screens call ``team``: the name of a player alone (from ``names``, by
    seat; with ``short`` a name of their own cut to a few letters), else the rule set's team
    name, or with ``short`` its seats' initials (``NS``; hyphens between initials of two
    letters: ``NE-NW-S``)."""
    seats = rules.partnerships[team]
    if len(seats) == 1:
        name = names[seats[0]]
        return short_name(name) if short and name not in _COMPASS else name
    full = rules.team_name(team)
    if not short:
        return full
    parts = [short_name(part) for part in full.split("-")]
    return ("" if all(len(part) == 1 for part in parts) else "-").join(parts)


def team_labels(rules: RuleSet, names: Sequence[str], *, short: bool = False) -> tuple[str, ...]:
    """Every team's :func:`team_label`."""
    return tuple(team_label(rules, team, names, short=short) for team in range(rules.teams))


def short_labels(rules: RuleSet, names: Sequence[str]) -> tuple[str, ...]:
    """Every team in a few letters (for a table of many columns): a player alone by seat
    initials or the first letters of a name, a partnership by its seats' initials."""
    return tuple(
        short_name(label) if len(rules.partnerships[team]) == 1 else label
        for team, label in enumerate(team_labels(rules, names, short=True))
    )


def scores_text(rules: RuleSet, scores: Sequence[int], names: Sequence[str]) -> str:
    """The totals in a phrase: ``North-South 120, East-West 90``."""
    return ", ".join(
        f"{label} {score}" for label, score in zip(team_labels(rules, names), scores, strict=True)
    )
