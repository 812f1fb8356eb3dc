"""The bot protocol, the registry of levels, and the floor: ``random``.

A bot sees only :class:`~canasta.engine.PlayerView` (never the state) and the legal actions
of the decision, and draws every random choice from the ``rng`` it is given, so a seeded
game replays exactly. It decides every kind of decision, answering partner's
"may I go out?" included (the legal actions are then ``yes`` and ``no``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from canasta.choices import DEFAULT_PLAYOUTS
from canasta.engine import Action, CanastaError, PlayerView, TakePile

__all__ = [
    "BOTS",
    "DEFAULT_PLAYOUTS",
    "ON_THE_WAY_OUT",
    "SAFETY_CAP",
    "Bot",
    "BotFactory",
    "Decision",
    "Effort",
    "RandomBot",
    "draw_reason",
    "make_bot",
    "register",
]


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's choice and one sentence saying why (shown as a hint, so it speaks to the
    player in the seat: "Your last card: going out.")."""

    action: Action
    reason: str


def draw_reason(legal: Iterable[Action]) -> str:
    """Why a bot draws from the stock rather than take the pile: the pile is not worth it,
    or (no take among ``legal``: blocked, frozen, or not fitting the hand) it cannot be
    taken."""
    if any(isinstance(action, TakePile) for action in legal):
        return "The pile is not worth taking."
    return "The pile cannot be taken now."


#: The reason for a play of a turn that goes out (a reason says why, never the move: the
#: hint shows the move, then this). Every level that plans a way out gives it.
ON_THE_WAY_OUT = "On the way out this turn."


class Bot(Protocol):
    """A player that chooses from what its seat may see."""

    name: str

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        """Choose one of ``legal`` (never empty: a list or the engine's lazy
        :class:`~canasta.engine.LegalActions`) and say why."""
        ...


class RandomBot:
    """Uniform over the legal actions: the floor every other level must beat."""

    name = "random"

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        """Pick any legal action."""
        return Decision(rng.choice(list(legal)), "Chosen at random.")


#: Seconds after which a searching bot stops sampling and decides on what it has: a safety
#: bound for the app on an overloaded machine, never reached at the default effort. Without
#: it (``None``) the decision depends on the seed alone.
SAFETY_CAP = 3.0


@dataclass(frozen=True, slots=True)
class Effort:
    """How hard a level that searches may think: the deals it samples per searched
    decision, and the wall-clock safety bound (``None``: none, for reproducible matches)."""

    playouts: int = DEFAULT_PLAYOUTS
    cap: float | None = SAFETY_CAP


#: A level's factory: builds a bot for an effort (levels that do not search ignore it).
BotFactory = Callable[[Effort], Bot]

BOTS: dict[str, BotFactory] = {"random": lambda effort: RandomBot()}


def register(name: str, factory: BotFactory) -> None:
    """Make ``factory`` available as level ``name``."""
    BOTS[name] = factory


def make_bot(name: str, *, effort: Effort | None = None) -> Bot:
    """A new bot of level ``name`` (searching levels think with ``effort``, by default
    :data:`DEFAULT_PLAYOUTS` deals per decision with the app's :data:`SAFETY_CAP`).

    Raises:
        CanastaError: naming the unknown level and the known ones.
    """
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        known = ", ".join(BOTS)
        raise CanastaError(f"There is no bot level {name!r}; choose one of: {known}.") from None
    return factory(effort or Effort())
