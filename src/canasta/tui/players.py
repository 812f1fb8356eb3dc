"""The bots at the table, without Textual: one per bot seat (made on its first decision, in
the app's worker thread), and the randomness of each of their decisions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta.bots import BOTS, Bot, Decision, make_bot
from canasta.engine import GameState, legal_actions, view
from canasta.tui.options import best_level
from canasta.tui.session import HUMAN, Session

__all__ = ["Players"]

#: The level that gives hints.
_HINT_LEVEL = "normal"


class Players:
    """Who plays the bot seats, and with which randomness.

    Args:
        kinds: ``HUMAN`` or a bot level for every seat in turn order from South (a level
            that is not available yet plays the strongest one that is: see :attr:`notes`).
        names: the seats' names, for the notes.
        bots: bots to play the seats after South instead of those of ``kinds`` (tests).
        bot_seed: one seeded random stream per bot; without it each decision's randomness
            comes from the game's seed and the number of actions so far, so that a resumed
            game goes on exactly as it would have.
    """

    def __init__(
        self,
        kinds: Sequence[str],
        *,
        names: Sequence[str],
        bots: Sequence[Bot] | None = None,
        bot_seed: int | None = None,
    ) -> None:
        available = BOTS
        self.kinds = tuple(kind if kind == HUMAN else best_level(kind, available) for kind in kinds)
        #: A sentence for each seat that plays another level than the one asked for.
        self.notes = [
            f"The {wanted} bot is not available yet: {name} plays {got}."
            for name, wanted, got in zip(names, kinds, self.kinds, strict=True)
            if wanted != got
        ]
        self._bots: dict[int, Bot] = dict(enumerate(bots, start=1)) if bots is not None else {}
        self._bot_seed = bot_seed
        self._rngs: dict[int, random.Random] = {}

    def seat(self, kinds: Sequence[str]) -> None:
        """Seat new players: ``HUMAN`` or a bot level for every seat from South."""
        available = BOTS
        self.kinds = tuple(kind if kind == HUMAN else best_level(kind, available) for kind in kinds)
        self._bots = {}

    def decide(self, seat: int, session: Session, state: GameState) -> Decision:
        """The choice of the bot in ``seat`` in ``state``, the session's current state."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.kinds[seat])
        return bot.decide(view(state, seat), legal_actions(state), self._rng(seat, session))

    def hint(self, seat: int, state: GameState, *, actions: int) -> Decision:
        """What the hint level would do in ``seat``'s place (``actions``: played so far)."""
        bot = make_bot(best_level(_HINT_LEVEL, BOTS))
        return bot.decide(view(state, seat), legal_actions(state), random.Random(actions))

    def _rng(self, seat: int, session: Session) -> random.Random:
        if self._bot_seed is None:
            return random.Random(f"{session.initial.seed}:{len(session.actions)}")
        rng = self._rngs.get(seat)
        if rng is None:
            rng = self._rngs[seat] = random.Random(f"canasta-bot:{self._bot_seed}:{seat}")
        return rng
