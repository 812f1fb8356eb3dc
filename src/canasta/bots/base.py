"""The bot protocol, the registry of levels, and the floor: ``random``.

A bot sees only :class:`~canasta.engine.PlayerView` (never the state) and the legal actions
of the decision, and draws every random choice from the ``rng`` it is given, so a seeded
game replays exactly. It decides every kind of decision, answering partner's
"may I go out?" included (the legal actions are then ``yes`` and ``no``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from canasta.engine import Action, CanastaError, PlayerView

__all__ = [
    "BOTS",
    "DEFAULT_BUDGET",
    "Bot",
    "BotFactory",
    "Decision",
    "RandomBot",
    "make_bot",
    "register",
]


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's choice and one sentence saying why (shown as a hint)."""

    action: Action
    reason: str


class Bot(Protocol):
    """A player that chooses from what its seat may see."""

    name: str

    def decide(self, seen: PlayerView, legal: Sequence[Action], rng: random.Random) -> Decision:
        """Choose one of ``legal`` (never empty) and say why."""
        ...


class RandomBot:
    """Uniform over the legal actions: the floor every other level must beat."""

    name = "random"

    def decide(self, seen: PlayerView, legal: Sequence[Action], rng: random.Random) -> Decision:
        """Pick any legal action."""
        return Decision(rng.choice(list(legal)), "Chosen at random.")


#: Seconds of thought per turn for levels that search, when nobody says otherwise.
DEFAULT_BUDGET = 1.0

#: A level's factory: builds a bot given the seconds of thought it may spend per turn
#: (levels that do not search ignore it).
BotFactory = Callable[[float], Bot]

BOTS: dict[str, BotFactory] = {"random": lambda budget: RandomBot()}


def register(name: str, factory: BotFactory) -> None:
    """Make ``factory`` available as level ``name``."""
    BOTS[name] = factory


def make_bot(name: str, *, budget: float = DEFAULT_BUDGET) -> Bot:
    """A new bot of level ``name`` that thinks at most ``budget`` seconds per turn.

    Raises:
        CanastaError: naming the unknown level and the known ones.
    """
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        known = ", ".join(BOTS)
        raise CanastaError(f"There is no bot level {name!r}; choose one of: {known}.") from None
    return factory(budget)
