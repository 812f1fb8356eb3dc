"""The bots at the table, without Textual: one per bot seat (made on its first decision, in
the app's worker thread), and the randomness of each of their decisions.

An outside bot (``cmd:COMMAND``, ``docs/protocol.md``) hears every event of the game as its
seat may, reports its faults here for the app to show, and is ended with the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta.bots import BOTS, Bot, Decision, make_bot
from canasta.choices import BOT_TIMEOUT, is_command
from canasta.engine import GameState, legal_actions, view
from canasta.engine.events import Event
from canasta.session import HUMAN, Session
from canasta.tui.options import best_level

if TYPE_CHECKING:
    from canasta.protocol import ExternalBot

__all__ = ["Players", "hint_for"]

#: The level that gives hints.
_HINT_LEVEL = "normal"


class Players:
    """Who plays the bot seats, and with which randomness.

    Args:
        kinds: ``HUMAN``, a bot level or ``cmd:COMMAND`` for every seat in turn order from
            South (a level that is not available yet plays the strongest one that is: see
            :attr:`notes`).
        names: the seats' names, for the notes.
        bots: bots to play the seats after South instead of those of ``kinds`` (tests).
        bot_seed: one seeded random stream per bot; without it each decision's randomness
            comes from the game's seed and the number of actions so far, so that a resumed
            game goes on exactly as it would have.
        timeout: seconds an outside bot may take to answer.
    """

    def __init__(
        self,
        kinds: Sequence[str],
        *,
        names: Sequence[str],
        bots: Sequence[Bot] | None = None,
        bot_seed: int | None = None,
        timeout: float = BOT_TIMEOUT,
    ) -> None:
        self.timeout = timeout
        self.kinds = _available(kinds)
        #: A sentence for each seat that plays another level than the one asked for.
        self.notes = [
            f"The {wanted} bot is not available yet: {name} plays {got}."
            for name, wanted, got in zip(names, kinds, self.kinds, strict=True)
            if wanted != got
        ]
        self._bots: dict[int, Bot] = dict(enumerate(bots, start=1)) if bots is not None else {}
        self._bot_seed = bot_seed
        self._rngs: dict[int, random.Random] = {}
        self._outside = self._outside_bots()
        #: How many of each outside bot's faults :meth:`new_faults` has returned.
        self._told: dict[int, int] = {}

    def seat(self, kinds: Sequence[str]) -> None:
        """Seat new players: ``HUMAN``, a bot level or ``cmd:COMMAND`` for every seat from
        South."""
        self.close()
        self.kinds = _available(kinds)
        self._bots = {}
        self._outside = self._outside_bots()

    def new_game(self) -> None:
        """A new game at the same table: each outside bot gets its end and a new program
        (and a clean slate of faults)."""
        self.close()
        self._outside = self._outside_bots()
        self._bots = {seat: bot for seat, bot in self._bots.items() if seat not in self._outside}

    def decide(self, seat: int, session: Session, state: GameState) -> Decision:
        """The choice of the bot in ``seat`` in ``state``, the session's current state."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self._make(seat)
        return bot.decide(view(state, seat), legal_actions(state), self._rng(seat, session))

    def _make(self, seat: int) -> Bot:
        outside = self._outside.get(seat)
        return outside if outside is not None else make_bot(self.kinds[seat])

    def _outside_bots(self) -> dict[int, ExternalBot]:
        """An outside bot for each ``cmd:`` seat, from the start: it hears the whole game
        (its program starts at its first decision)."""
        seats = [seat for seat, kind in enumerate(self.kinds) if is_command(kind)]
        if not seats:
            return {}
        from canasta.protocol import ExternalBot

        return {
            seat: ExternalBot(self.kinds[seat], seat=seat, timeout=self.timeout) for seat in seats
        }

    def observe(self, events: Sequence[Event]) -> None:
        """Tell the outside bots what happened (as each seat may hear it)."""
        for bot in self._outside.values():
            bot.observe(events)

    def new_faults(self) -> list[str]:
        """The outside bots' faults not yet asked for, one sentence each."""
        fresh: list[str] = []
        for seat, bot in self._outside.items():
            fresh.extend(bot.faults[self._told.get(seat, 0) :])
            self._told[seat] = len(bot.faults)
        return fresh

    def close(self) -> None:
        """End the outside bots' programs (the table closes or is seated anew)."""
        for bot in self._outside.values():
            bot.close()
        self._told = {}

    def _rng(self, seat: int, session: Session) -> random.Random:
        if self._bot_seed is None:
            return random.Random(f"{session.initial.seed}:{len(session.actions)}")
        rng = self._rngs.get(seat)
        if rng is None:
            rng = self._rngs[seat] = random.Random(f"canasta-bot:{self._bot_seed}:{seat}")
        return rng


def hint_for(seat: int, state: GameState, *, actions: int) -> Decision:
    """What the hint level would do in ``seat``'s place (``actions``: played so far).

    It sees only ``seat``'s view of ``state``, so a state that only agrees with that view
    (a remote seat's stand-in) gets the same hint.
    """
    bot = make_bot(best_level(_HINT_LEVEL, BOTS))
    return bot.decide(view(state, seat), legal_actions(state), random.Random(actions))


def _available(kinds: Sequence[str]) -> tuple[str, ...]:
    """``kinds`` with each bot level that is not available yet replaced by the strongest one
    that is (people and outside bots stay)."""
    return tuple(
        kind if kind == HUMAN or is_command(kind) else best_level(kind, BOTS) for kind in kinds
    )
