"""A seat's connection to a shared table: join with the seat's token, hand every message of
the server to the program that plays the seat, and come back by itself after any drop.

:class:`TableClient` is what ``canasta join`` runs under its screens (and what tests use as
a scripted player): it speaks :mod:`canasta.net.wire` over the ``websockets`` library. A
refusal ends it for good, and so does the seat taken over by another join of the same
device (close code :data:`~canasta.net.wire.TAKEN_OVER`, handed on as a refusal); anything
else (the server restarting, the network gone, a lid closed) only pauses it: it
reconnects with backoff (0.2 s doubling to 5 s, with jitter), with the same token and
device, so the server hands the seat straight back.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from canasta.engine import CanastaError
from canasta.net.wire import (
    TAKEN_OVER,
    Act,
    Join,
    JoinLink,
    Ready,
    Refused,
    ServerMessage,
    Undo,
    Welcome,
    parse_server_message,
)

__all__ = ["FIRST_DELAY", "MAX_DELAY", "TableClient"]

#: Seconds before the first attempt to reconnect; each failed attempt doubles it, up to
#: :data:`MAX_DELAY`.
FIRST_DELAY = 0.2
MAX_DELAY = 5.0
#: Seconds a connection may take to open (a server that does not answer is a drop).
_OPEN_TIMEOUT = 10.0


class _OutOfStepError(Exception):
    """The connection can no longer be trusted (a message missing or repeated): rejoin."""


class TableClient:
    """One seat's connection to a table, kept up until :meth:`close` or a refusal.

    Args:
        link: the seat's join link (its table's address and the seat's token).
        device: the name this client gives itself when it joins, the same for every
            reconnect (by default a random one, made once).
        rng: the randomness of the backoff's jitter (tests).
    """

    def __init__(
        self, link: JoinLink, device: str | None = None, *, rng: random.Random | None = None
    ) -> None:
        self.link = link
        self.device = device or secrets.token_urlsafe(12)
        #: Joined: a :class:`~canasta.net.wire.Welcome` came on the open connection.
        self.connected = False
        self._rng = rng or random.Random()
        self._socket: ClientConnection | None = None
        self._stopped = False
        self._wake = asyncio.Event()

    async def run(
        self,
        on_message: Callable[[ServerMessage], None],
        on_drop: Callable[[str], None] | None = None,
    ) -> None:
        """Join the table and call ``on_message`` with each message of the server, until
        :meth:`close` or a :class:`~canasta.net.wire.Refused` (which ``on_message`` gets
        too, as it does a sentence saying why this client cannot go on).

        After a drop ``on_drop`` (if given) gets a sentence saying what happened, and the
        client joins again after a pause; the server's next
        :class:`~canasta.net.wire.Welcome` and update bring the seat back whole.
        """
        delay = FIRST_DELAY
        while not self._stopped:
            try:
                if await self._session(on_message):
                    return
                problem = "The table closed the connection"
            except _OutOfStepError:
                problem = "A message from the table went missing"
            except InvalidStatus as error:
                status = error.response.status_code
                if status in (403, 404, 410):
                    on_message(Refused(message=self._no_table(status)))
                    return
                problem = f"The table's server answered HTTP {status}"
            except InvalidURI:
                on_message(Refused(message=f"{self.link.url} is not a table's address."))
                return
            except CanastaError as error:
                on_message(Refused(message=str(error)))
                return
            except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as error:
                problem = f"The table cannot be reached ({type(error).__name__})"
            finally:
                self._socket = None
                if self.connected:
                    delay = FIRST_DELAY  # the last connection worked: start the backoff anew
                self.connected = False
            if self._stopped:
                return
            pause = delay * (0.5 + self._rng.random() / 2)
            if on_drop is not None:
                on_drop(f"{problem}: joining again in {pause:.1f} s.")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), pause)
            delay = min(MAX_DELAY, delay * 2)

    async def _session(self, on_message: Callable[[ServerMessage], None]) -> bool:
        """One connection, from the join to its end; whether the client stops for good."""
        async with connect(self.link.url, open_timeout=_OPEN_TIMEOUT) as socket:
            self._socket = socket
            if self._stopped:
                return True
            await socket.send(Join(token=self.link.token, device=self.device).model_dump_json())
            seq = 0
            try:
                async for frame in socket:
                    message = parse_server_message(frame)
                    if isinstance(message, Refused):
                        self._stopped = True
                        on_message(message)
                        return True
                    if message.seq != seq + 1:
                        raise _OutOfStepError
                    seq = message.seq
                    if isinstance(message, Welcome):
                        self.connected = True
                    on_message(message)
            except ConnectionClosed:
                if socket.close_code != TAKEN_OVER:
                    raise
            if socket.close_code == TAKEN_OVER:
                # Another join of this device plays the seat now: joining again would take
                # it back, and that one would too. Stop, saying so.
                self._stopped = True
                on_message(Refused(message=socket.close_reason or "The seat was joined again."))
                return True
        return self._stopped

    def _no_table(self, status: int) -> str:
        return (
            f"The server at {self.link.url.rsplit('/table/', 1)[0]} has no table "
            f"{self.link.table} (HTTP {status}): ask the host for a new link."
        )

    async def send(self, message: Act | Undo | Ready) -> bool:
        """Send ``message`` to the table; ``False`` (nothing sent) while not joined."""
        socket = self._socket
        if socket is None or not self.connected:
            return False
        try:
            await socket.send(message.model_dump_json())
        except ConnectionClosed:
            return False
        return True

    async def close(self) -> None:
        """Leave the table for good: the connection closes and :meth:`run` returns."""
        self._stopped = True
        self._wake.set()
        socket = self._socket
        if socket is not None:
            await socket.close()
