"""Play options from the command line: rule system and table, seed, bot levels, pace, ASCII
mode, theme, hot seat."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from canasta.choices import LEVELS
from canasta.engine import CanastaError, RuleSet, classic
from canasta.tui.session import HUMAN

if TYPE_CHECKING:
    from canasta.persist import Settings

__all__ = ["PACE_SECONDS", "Options", "best_level", "is_utf8"]

#: Seconds a bot's move takes at least, by pace (the last move stays highlighted meanwhile).
PACE_SECONDS = {"instant": 0.0, "fast": 0.2, "normal": 0.6}


def is_utf8(stream: TextIO | None) -> bool:
    """Whether ``stream`` (the terminal Textual draws on) takes UTF-8."""
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return encoding in ("utf8", "utf8sig")


def best_level(level: str, available: Mapping[str, object]) -> str:
    """``level`` if that bot is available, else the strongest one that is."""
    if level in available:
        return level
    return "normal" if "normal" in available else "random"


@dataclass(frozen=True, slots=True)
class Options:
    """How a game is played: chosen on the command line, later also in settings."""

    seed: int | None = None
    #: The rule system and the table of a new game.
    rules: RuleSet = classic
    #: The bot levels of the seats after South in turn order: one for all, or one each.
    levels: tuple[str, ...] = ("normal",)
    pace: str = "normal"
    ascii: bool = False
    theme: str = "canasta"
    #: Open the seating screen first (humans and bots at any seat, one keyboard).
    hotseat: bool = False
    #: The players' names at the classic table's seats, South, West, North, East (from
    #: the settings; see :meth:`player_names`).
    names: tuple[str, str, str, str] = ("You", "West", "North", "East")
    #: Sort hands by suit (else by rank).
    by_suit: bool = False

    def kinds(self, rules: RuleSet) -> tuple[str, ...]:
        """Who plays each seat at ``rules``'s table: South a human, the others bots of
        :attr:`levels` (the first level for all when there is not one per seat)."""
        others = rules.players - 1
        levels = self.levels if len(self.levels) == others else (self.levels[0],) * others
        return (HUMAN, *levels)

    def player_names(self, rules: RuleSet) -> tuple[str, ...]:
        """The players' names at ``rules``'s table: a seat named like one of the classic
        table's gets that seat's name in :attr:`names`, any other its own (``Southwest``)."""
        chosen = dict(zip(classic.seat_names, self.names, strict=True))
        return tuple(chosen.get(seat, seat) for seat in rules.seat_names)

    @classmethod
    def from_args(cls, args: argparse.Namespace, defaults: Settings | None = None) -> Options:
        """Options from the parsed ``canasta`` command line; what it leaves out comes from
        the player's settings (``defaults``), else from the built-in defaults. The rule set
        is ``args.rules`` (what ``--rules`` and ``--players`` chose), else the settings'.

        Raises:
            CanastaError: a difficulty that names an unknown level or the wrong number.
        """
        if defaults is None:
            from canasta.persist import Settings

            defaults = Settings()
        settings = defaults
        rules: RuleSet = getattr(args, "rules", None) or settings.rule_set()
        levels: tuple[str, ...] = (settings.difficulty,)
        if args.difficulty:
            levels = tuple(part.strip().lower() for part in args.difficulty.split(","))
            others = rules.seat_names[1:]
            if len(levels) not in (1, len(others)):
                raise CanastaError(
                    f"--difficulty {args.difficulty!r}: give one level, or {len(others)} "
                    f"separated by commas for {', '.join(others)}."
                )
            unknown = [part for part in levels if part not in LEVELS]
            if unknown:
                raise CanastaError(
                    f"--difficulty: {unknown[0]!r} is not a bot level; choose one of "
                    f"{', '.join(LEVELS)}."
                )
        ascii_mode = bool(args.ascii) or settings.ascii or not is_utf8(sys.__stderr__)
        names = settings.names
        return cls(
            seed=args.seed,
            rules=rules,
            levels=levels,
            pace=args.pace or settings.pace,
            ascii=ascii_mode,
            theme=args.theme or settings.theme,
            names=(names.south, names.west, names.north, names.east),
            by_suit=settings.hand_order == "suit",
            hotseat=bool(args.hotseat),
        )
