"""Play options from the command line: rule system and table, seed, bot levels and outside
bots, pace, ASCII mode, theme, hot seat."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from canasta.choices import BOT_TIMEOUT, FALLBACK_LEVEL, LEVELS, is_command
from canasta.engine import CanastaError, RuleSet, classic
from canasta.session import HUMAN

if TYPE_CHECKING:
    import argparse

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
    #: The bot levels (or ``cmd:COMMAND``, an outside bot) of the seats after South in turn
    #: order: one for all, or one each.
    levels: tuple[str, ...] = ("normal",)
    #: Who plays South: the person at the keyboard, or (hot seat only) a bot.
    south: str = HUMAN
    #: Seconds an outside bot may take to answer.
    bot_timeout: float = BOT_TIMEOUT
    pace: str = "normal"
    ascii: bool = False
    theme: str = "canasta"
    #: Open the seating screen first (humans and bots at any seat, one keyboard).
    hotseat: bool = False
    #: The players' names by their seats' names (from the settings; a seat missing here
    #: is called by its name, see :meth:`player_names`).
    names: Mapping[str, str] = field(default_factory=lambda: {"South": "You"})
    #: Sort hands by suit (else by rank).
    by_suit: bool = False

    def kinds(self, rules: RuleSet) -> tuple[str, ...]:
        """Who plays each seat at ``rules``'s table: South :attr:`south`, the others bots of
        :attr:`levels` (when there is not one per seat, the first of them that is a level,
        never an outside bot, for all)."""
        others = rules.players - 1
        if len(self.levels) == others:
            return (self.south, *self.levels)
        level = next((level for level in self.levels if not is_command(level)), FALLBACK_LEVEL)
        return (self.south, *(level,) * others)

    def player_names(self, rules: RuleSet, given: Sequence[str] = ()) -> tuple[str, ...]:
        """The players' names at ``rules``'s table: a name of its own in ``given`` (chosen
        at the seating screen) stays; any other seat gets its name in :attr:`names`, else
        its own (``Southwest``)."""
        seats = rules.seat_names
        return tuple(
            name if name != seat else self.names.get(seat, seat)
            for name, seat in zip(given or seats, seats, strict=True)
        )

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
        south, levels = _seated(args, rules, levels)
        ascii_mode = bool(args.ascii) or settings.ascii or not is_utf8(sys.__stderr__)
        return cls(
            seed=args.seed,
            rules=rules,
            levels=levels,
            pace=args.pace or settings.pace,
            ascii=ascii_mode,
            theme=args.theme or settings.theme,
            names=settings.names.by_seat(),
            by_suit=settings.hand_order == "suit",
            hotseat=bool(args.hotseat),
            south=south,
            bot_timeout=getattr(args, "bot_timeout", BOT_TIMEOUT),
        )


def _seated(
    args: argparse.Namespace, rules: RuleSet, levels: tuple[str, ...]
) -> tuple[str, tuple[str, ...]]:
    """South's kind and the other seats' after ``--seat SEAT=KIND`` (repeatable), at
    ``rules``'s table (``levels``: one for all, or one each, as :attr:`Options.levels`).

    Raises:
        CanastaError: a malformed ``--seat``, or a bot at South without ``--hotseat``.
    """
    given = getattr(args, "seat_kinds", None) or []
    if not given:
        return HUMAN, levels
    from canasta.protocol import parse_seat_option

    others = rules.players - 1
    kinds = [HUMAN, *(levels if len(levels) == others else (levels[0],) * others)]
    for text in given:
        seat, kind = parse_seat_option(text, seats=list(rules.seat_names), levels=LEVELS)
        if seat == 0 and not args.hotseat:
            raise CanastaError(
                f"--seat {text!r}: South is the player at the keyboard; add --hotseat "
                "to seat a bot there."
            )
        kinds[seat] = kind
    return kinds[0], tuple(kinds[1:])
