"""The bots at a shared table: the host's bot seats (levels and outside programs) and the
stand-ins that play for people who are away.

One bot decides at a time, in a worker thread (``asyncio.to_thread``), so the event loop
serves the table's people and the server's other tables meanwhile. The table says whose
move it is and checks the choice against the game as it then stands (:mod:`.table`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import Callable, Iterable, Sequence

from canasta.bots import Bot, make_bot
from canasta.choices import FALLBACK_LEVEL
from canasta.engine import Action, GameState, legal_actions, view
from canasta.engine.events import Event
from canasta.protocol import close_bots, seat_bot, tell
from canasta.session import HUMAN

__all__ = ["Chosen", "TableBots"]

logger = logging.getLogger(__name__)

#: Called with the seat, the state it decided in and its choice.
Chosen = Callable[[int, GameState, Action], None]


class TableBots:
    """The bots of a table whose seats are ``kinds`` (``human``, a level or ``cmd:...``).

    Args:
        kinds: every seat's kind, in turn order from South.
        pause: seconds a bot waits before each of its actions, so people can follow.
    """

    def __init__(self, kinds: Sequence[str], *, pause: float) -> None:
        self.kinds = tuple(kinds)
        self.pause = pause
        self._seated = self._seat()
        self._stand_ins: dict[int, Bot] = {}
        self._task: asyncio.Task[None] | None = None
        #: Outside bots of finished games being ended (in a worker thread).
        self._retiring: set[asyncio.Future[list[str]]] = set()

    @property
    def deciding(self) -> bool:
        """Whether a bot is choosing a move now."""
        return self._task is not None

    def tell(self, events: Iterable[Event]) -> None:
        """Tell the seated bots what happened (outside bots hear every event)."""
        tell(self._seated.values(), list(events))

    def play(self, seat: int, state: GameState, *, seed: str, then: Chosen) -> None:
        """Let the bot of ``seat`` (or, for a person's seat, a stand-in) choose its move in
        ``state`` with a random generator seeded by ``seed``; ``then`` gets the choice."""
        self._task = asyncio.create_task(self._decide(seat, state, seed, then))

    async def _decide(self, seat: int, state: GameState, seed: str, then: Chosen) -> None:
        bot = self._seated.get(seat)
        if bot is None:
            bot = self._stand_ins.setdefault(seat, make_bot(FALLBACK_LEVEL))
        actions = legal_actions(state)
        try:
            if self.pause:
                await asyncio.sleep(self.pause)
            decision = await asyncio.to_thread(
                bot.decide, view(state, seat), actions, random.Random(seed)
            )
            action = decision.action
        except Exception:
            # A bot's bug must not stop the table: the seat plays its first legal action.
            logger.exception("The bot at seat %d failed; it plays %s instead.", seat, actions[0])
            action = actions[0]
        finally:
            self._task = None
        then(seat, state, action)

    def new_game(self, events: Iterable[Event]) -> None:
        """Seat fresh bots for a new game (the outside programs of the last one end) and
        tell them its deal."""
        self._retire(reason="a new game starts")
        self._seated = self._seat()
        self.tell(events)

    async def close(self) -> None:
        """Stop deciding and end the outside bots' programs."""
        if self._task is not None:
            self._task.cancel()
        self._retire(reason="the table closed")
        await asyncio.gather(*self._retiring)

    def _seat(self) -> dict[int, Bot]:
        return {
            seat: seat_bot(kind, seat=seat, local=make_bot)
            for seat, kind in enumerate(self.kinds)
            if kind != HUMAN
        }

    def _retire(self, *, reason: str) -> None:
        """End the outside bots' programs in a worker thread (each may take a second to
        exit), so the loop goes on meanwhile."""
        bots = list(self._seated.values())
        ending = asyncio.get_running_loop().run_in_executor(
            None, functools.partial(close_bots, bots, reason=reason)
        )
        self._retiring.add(ending)
        ending.add_done_callback(self._retiring.discard)
