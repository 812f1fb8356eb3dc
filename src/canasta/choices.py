"""The names a player picks before a game: bot levels, their effort, outside bots and paces.

The command line, the settings file, the screens and the bots' registry share this one
spelling. It imports nothing, so ``canasta --help`` lists the levels without loading the
bots, and the settings model validates them without depending on the bots' layer.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "BOT_TIMEOUT",
    "COMMAND_PREFIX",
    "DEFAULT_PLAYOUTS",
    "FALLBACK_LEVEL",
    "LEVELS",
    "PACES",
    "Level",
    "Pace",
    "is_command",
]

#: A bot level's name (each has a factory in :data:`canasta.bots.BOTS`).
Level = Literal["random", "easy", "normal", "hard"]

#: The bot levels, weakest first.
LEVELS: tuple[Level, ...] = get_args(Level)

#: Deals the ``hard`` level samples per searched decision, when nobody says otherwise: what
#: keeps its slowest turn well under a second on a slow core (docs/bots.md).
DEFAULT_PLAYOUTS = 16

#: How fast bots play.
Pace = Literal["instant", "fast", "normal"]

#: The paces, fastest first.
PACES: tuple[Pace, ...] = get_args(Pace)

#: The level that decides for an outside bot when it faults, and that a save file keeps for
#: an outside bot's seat.
FALLBACK_LEVEL: Level = "normal"

#: Seconds an outside bot may take to answer, unless ``--bot-timeout`` says otherwise.
BOT_TIMEOUT = 5.0

#: The start of a seat value that names an outside bot's command (``cmd:python my_bot.py``,
#: see ``docs/protocol.md``).
COMMAND_PREFIX = "cmd:"


def is_command(kind: str) -> bool:
    """Whether the seat value ``kind`` is an outside bot's ``cmd:COMMAND``."""
    return kind.startswith(COMMAND_PREFIX)
