"""Bots: players that see only a :class:`~canasta.engine.PlayerView`."""

from canasta.bots.base import BOTS, Bot, Decision, RandomBot, make_bot, register

__all__ = ["BOTS", "Bot", "Decision", "RandomBot", "make_bot", "register"]
