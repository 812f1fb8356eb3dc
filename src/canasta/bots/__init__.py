"""Bots: players that see only a :class:`~canasta.engine.PlayerView`.

The registry :data:`BOTS` has a factory for each level of :data:`canasta.choices.LEVELS`,
weakest first (see each module, and docs/bots.md).
"""

from canasta.bots.base import (
    BOTS,
    DEFAULT_PLAYOUTS,
    SAFETY_CAP,
    Bot,
    Decision,
    Effort,
    RandomBot,
    make_bot,
    register,
)
from canasta.bots.easy import EasyBot
from canasta.bots.hard import HardBot
from canasta.bots.normal import NormalBot

register("easy", lambda effort: EasyBot())
register("normal", lambda effort: NormalBot())
register("hard", HardBot)

__all__ = [
    "BOTS",
    "DEFAULT_PLAYOUTS",
    "SAFETY_CAP",
    "Bot",
    "Decision",
    "EasyBot",
    "Effort",
    "HardBot",
    "NormalBot",
    "RandomBot",
    "make_bot",
    "register",
]
