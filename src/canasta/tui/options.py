"""Play options from the command line: seed, bot levels and outside bots, pace, ASCII mode,
theme, hot seat."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from canasta.choices import BOT_TIMEOUT, LEVELS
from canasta.engine import CanastaError, seat_name
from canasta.tui.session import HUMAN

if TYPE_CHECKING:
    from canasta.persist import Settings

__all__ = ["PACE_SECONDS", "Options", "best_level", "is_utf8"]

#: Seconds a bot's move takes at least, by pace (the last move stays highlighted meanwhile).
PACE_SECONDS = {"instant": 0.0, "fast": 0.2, "normal": 0.6}
_BOT_SEATS = ("West", "North", "East")


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
    #: The bot level (or ``cmd:COMMAND``, an outside bot) of West, North and East.
    levels: tuple[str, str, str] = ("normal", "normal", "normal")
    #: Who plays South: the person at the keyboard, or (hot seat only) a bot.
    south: str = HUMAN
    #: Seconds an outside bot may take to answer.
    bot_timeout: float = BOT_TIMEOUT
    pace: str = "normal"
    ascii: bool = False
    theme: str = "canasta"
    #: Open the seating screen first (humans and bots at any seat, one keyboard).
    hotseat: bool = False
    #: The players' names, South, West, North, East (from the settings).
    names: tuple[str, str, str, str] = ("You", "West", "North", "East")
    #: Sort hands by suit (else by rank).
    by_suit: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace, defaults: Settings | None = None) -> Options:
        """Options from the parsed ``canasta`` command line; what it leaves out comes from
        the player's settings (``defaults``), else from the built-in defaults.

        Raises:
            CanastaError: a difficulty that names an unknown level or the wrong number.
        """
        if defaults is None:
            from canasta.persist import Settings

            defaults = Settings()
        settings = defaults
        level = settings.difficulty
        levels: tuple[str, str, str] = (level, level, level)
        if args.difficulty:
            parts = [part.strip().lower() for part in args.difficulty.split(",")]
            if len(parts) == 1:
                levels = (parts[0], parts[0], parts[0])
            elif len(parts) == 3:
                levels = (parts[0], parts[1], parts[2])
            else:
                raise CanastaError(
                    f"--difficulty {args.difficulty!r}: give one level, or three separated by "
                    f"commas for {', '.join(_BOT_SEATS)}."
                )
            unknown = [part for part in levels if part not in LEVELS]
            if unknown:
                raise CanastaError(
                    f"--difficulty: {unknown[0]!r} is not a bot level; choose one of "
                    f"{', '.join(LEVELS)}."
                )
        south, levels = _seated(args, levels)
        ascii_mode = bool(args.ascii) or settings.ascii or not is_utf8(sys.__stderr__)
        names = settings.names
        return cls(
            seed=args.seed,
            levels=levels,
            pace=args.pace or settings.pace,
            ascii=ascii_mode,
            theme=args.theme or settings.theme,
            names=(names.south, names.west, names.north, names.east),
            by_suit=settings.hand_order == "suit",
            hotseat=bool(args.hotseat),
            south=south,
            bot_timeout=getattr(args, "bot_timeout", BOT_TIMEOUT),
        )


def _seated(
    args: argparse.Namespace, levels: tuple[str, str, str]
) -> tuple[str, tuple[str, str, str]]:
    """South's kind and the bot seats' after ``--seat SEAT=KIND`` (repeatable).

    Raises:
        CanastaError: a malformed ``--seat``, or a bot at South without ``--hotseat``.
    """
    kinds = [HUMAN, *levels]
    given = getattr(args, "seat_kinds", None) or []
    if given:
        from canasta.protocol import parse_seat_option

        seats = [seat_name(seat) for seat in range(len(kinds))]
        for text in given:
            seat, kind = parse_seat_option(text, seats=seats, levels=LEVELS)
            if seat == 0 and not args.hotseat:
                raise CanastaError(
                    f"--seat {text!r}: South is the player at the keyboard; add --hotseat "
                    "to seat a bot there."
                )
            kinds[seat] = kind
    return kinds[0], (kinds[1], kinds[2], kinds[3])
