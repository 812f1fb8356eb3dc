"""Bots: players that see only a :class:`~canasta.engine.PlayerView`.

The registry :data:`BOTS` has a factory for each level of :data:`canasta.choices.LEVELS`,
weakest first (see each module).
"""

from canasta.bots.base import BOTS, DEFAULT_BUDGET, Bot, Decision, RandomBot, make_bot, register
from canasta.bots.easy import EasyBot
from canasta.bots.hard import HardBot
from canasta.bots.normal import NormalBot

register("easy", lambda budget: EasyBot())
register("normal", lambda budget: NormalBot())
register("hard", HardBot)

__all__ = [
    "BOTS",
    "DEFAULT_BUDGET",
    "Bot",
    "Decision",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "RandomBot",
    "make_bot",
    "register",
]
