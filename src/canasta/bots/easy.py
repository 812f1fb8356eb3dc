"""The ``easy`` level: the ``normal`` player with human-like slips at a fixed, seeded rate.

On a slip it ignores a pile it could take, discards a card without melding first (a card it
picked without much thought, never a wild card), or answers partner on a whim. Every
decision draws exactly one number from ``rng`` to decide whether it slips, so a seeded game
replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from canasta.bots.base import Decision
from canasta.bots.normal import NormalBot
from canasta.engine import Action, Answer, Discard, DrawStock, Phase, PlayerView, TakePile, is_wild

__all__ = ["EasyBot"]


class EasyBot:
    """Plays like ``normal`` but slips on a share ``rate`` of its decisions."""

    name = "easy"

    def __init__(self, rate: float = 0.3) -> None:
        self.rate = rate
        self._normal = NormalBot()

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        """Decide like ``normal``, except on a slip."""
        actions = list(legal)
        if rng.random() < self.rate:
            slip = self._slip(seen, actions, rng)
            if slip is not None:
                return slip
        return self._normal.decide(seen, actions, rng)

    @staticmethod
    def _slip(seen: PlayerView, legal: list[Action], rng: random.Random) -> Decision | None:
        if seen.phase is Phase.ANSWER:
            yes = rng.random() < 0.5
            return Decision(Answer(yes), "Yes, go ahead." if yes else "No, not yet.")
        if seen.phase is Phase.DRAW:
            if any(isinstance(a, TakePile) for a in legal) and DrawStock() in legal:
                return Decision(DrawStock(), "A slip: the pile goes by.")
            return None
        if seen.permission is True:
            return None
        careless = [a for a in legal if isinstance(a, Discard) and not is_wild(a.card)]
        if len(careless) > 1 and len(seen.hand) > 2:
            choice = careless[rng.randrange(len(careless))]
            return Decision(choice, "A slip: a discard without melding first.")
        return None
