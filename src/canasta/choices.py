"""The names a player picks before a game: bot levels, their effort, and paces.

The command line, the settings file, the screens and the bots' registry share this one
spelling. It imports nothing, so ``canasta --help`` lists the levels without loading the
bots, and the settings model validates them without depending on the bots' layer.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["DEFAULT_PLAYOUTS", "LEVELS", "PACES", "Level", "Pace"]

#: A bot level's name (each has a factory in :data:`canasta.bots.BOTS`).
Level = Literal["random", "easy", "normal", "hard"]

#: The bot levels, weakest first.
LEVELS: tuple[Level, ...] = get_args(Level)

#: Deals the ``hard`` level samples per searched decision, when nobody says otherwise: what
#: keeps its slowest turn well under a second on a slow core (docs/bots.md).
DEFAULT_PLAYOUTS = 8

#: How fast bots play.
Pace = Literal["instant", "fast", "normal"]

#: The paces, fastest first.
PACES: tuple[Pace, ...] = get_args(Pace)
