"""Bots: players that see only a :class:`~canasta.engine.PlayerView`.

The registry :data:`BOTS` has a factory for each level of :data:`canasta.choices.LEVELS`,
weakest first (see each module, and docs/bots.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from canasta.lazy import lazy_names

if TYPE_CHECKING:
    from canasta.bots.easy import EasyBot
    from canasta.bots.hard import HardBot
    from canasta.bots.normal import NormalBot

#: Each level's module and class: a level's module loads when its first bot is made (or
#: its class is named), so that a table starts without loading every bot's tables.
_LEVELS = {
    "EasyBot": "canasta.bots.easy",
    "NormalBot": "canasta.bots.normal",
    "HardBot": "canasta.bots.hard",
}


__getattr__ = lazy_names(__name__, _LEVELS)


register("easy", lambda effort: __getattr__("EasyBot")())
register("normal", lambda effort: __getattr__("NormalBot")())
# A lambda, not the class: naming the class here would load its module now.
register("hard", lambda effort: __getattr__("HardBot")(effort))  # noqa: PLW0108

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
