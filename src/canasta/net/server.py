"""The table server: many :class:`~canasta.net.table.Table` s behind one WebSocket port.

A device connects to ``ws://HOST:PORT/table/<id>`` and sends a :class:`~canasta.net.wire.Join`
with its seat's token first (within :data:`JOIN_TIMEOUT` seconds); any other first message,
a wrong token or a seat held by another device gets one :class:`~canasta.net.wire.Refused`
and the connection is closed. After that every frame is one message for the table. A client
can hurt only itself: a frame over :data:`~canasta.net.wire.MAX_MESSAGE_BYTES` is answered
with an error and dropped (one over :data:`HARD_LIMIT` closes the connection), messages
beyond a rate (a token bucket per connection) are answered with ``rate`` and dropped, and a
connection that keeps flooding is closed. Idle connections are pinged and dropped when
they stop answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from canasta.engine import CanastaError, RuleSet
from canasta.engine.memo import freeze_loaded
from canasta.net.outbox import Attendee
from canasta.net.table import AWAY_TIMEOUT, Table
from canasta.net.wire import (
    MAX_MESSAGE_BYTES,
    Join,
    Refused,
    parse_client_message,
    public_base,
)
from canasta.persist import Address, LoadError, TableFile, load_table

__all__ = ["HARD_LIMIT", "JOIN_TIMEOUT", "TableServer"]

logger = logging.getLogger(__name__)

#: Seconds a new connection has to send its join.
JOIN_TIMEOUT = 5.0
#: The largest frame read at all: a larger one closes the connection (code 1009).
HARD_LIMIT = 64 * 1024
#: Messages a connection may send per second, and in one burst.
RATE = 20.0
BURST = 40
#: Messages dropped in a row for the rate after which the connection is closed.
FLOOD_LIMIT = 2 * BURST
#: Frames queued for a connection that reads none of them: it is closed as too slow.
BACKLOG_LIMIT = 1000
_POLICY = 1008  # the WebSocket close code for a client that broke the rules


def _link_host(host: str) -> str:
    """The address a join link names for a server bound to ``host``: for every interface,
    the one this machine reaches the network through."""
    if host in ("", "0.0.0.0", "::"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: no packet is sent
            return str(s.getsockname()[0])
        return socket.gethostname()
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]"
    return host


class _Outbox:
    """A connection's frames, sent in order by a task of its own (a slow reader never
    holds the table up)."""

    def __init__(self, connection: ServerConnection) -> None:
        self._connection = connection
        self._queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self._open = True
        self._task = asyncio.create_task(self._pump())

    def send(self, text: str) -> None:
        if not self._open:
            return
        if self._queue.qsize() >= BACKLOG_LIMIT:
            self.close("This connection reads too slowly.")
            return
        self._queue.put_nowait(text)

    def close(self, reason: str, code: int = 1000) -> None:
        if self._open:
            self._open = False
            self._queue.put_nowait((code, reason))

    async def _pump(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                item = await self._queue.get()
                if isinstance(item, tuple):
                    await self._connection.close(*item)
                    return
                await self._connection.send(item)

    async def finish(self) -> None:
        """Send what is queued and stop (the connection has closed or is closing)."""
        self.close("bye")
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


class _Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._tokens = float(burst)
        self._loop = asyncio.get_running_loop()
        self._last = self._loop.time()

    def take(self) -> bool:
        now = self._loop.time()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class TableServer:
    """A WebSocket server of shared tables; use it as an async context manager::

        async with TableServer(port=0) as server:
            table = server.open_table(rules=preset("classic"), seats=["human"] * 4)
            print(table.links)
            await server.wait_closed()

    Args:
        host: the address to listen on (``127.0.0.1``: this machine only).
        port: the port (``0``: any free one; see :attr:`port`).
        ping_interval: seconds between pings of each connection (``None``: no pings).
        ping_timeout: seconds a ping may go unanswered before the connection is dropped.
        rate: messages a second each connection may send (``burst`` at once).
        burst: see ``rate``.
        join_timeout: seconds a new connection has to send its join.
        public_url: the start of the join links when people reach the server another way
            (a TLS reverse proxy: ``wss://cards.example.org``); by default ``ws://HOST:PORT``.
        compression: ``"deflate"`` to compress frames when a client offers it (less to
            send, more to compute: a view is about 2 KB of JSON); by default none.
    """

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        ping_interval: float | None = 20.0,
        ping_timeout: float | None = 20.0,
        rate: float = RATE,
        burst: int = BURST,
        join_timeout: float = JOIN_TIMEOUT,
        compression: str | None = None,
        public_url: str | None = None,
    ) -> None:
        self.host = host
        self._public_url = None if public_url is None else public_base(public_url)
        self._port = port
        self._ping = (ping_interval, ping_timeout)
        self._rate = (rate, burst)
        self._join_timeout = join_timeout
        self._compression = compression
        self._server: Server | None = None
        #: The tables, by id.
        self.tables: dict[str, Table] = {}

    async def __aenter__(self) -> TableServer:
        await self.start()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.close()

    async def start(self) -> None:
        """Listen (``async with`` does it)."""
        # The server's modules are in now: a full collection walking them would stall
        # every table's updates meanwhile.
        freeze_loaded("table server")
        self._server = await serve(
            self._handle,
            self.host,
            self._port,
            max_size=HARD_LIMIT,
            compression=self._compression,
            ping_interval=self._ping[0],
            ping_timeout=self._ping[1],
            # A peer that stopped answering will not answer the closing handshake either:
            # its seat is away after the ping timeout, not ten seconds more.
            close_timeout=self._ping[1] if self._ping[1] is not None else 10.0,
        )

    @property
    def port(self) -> int:
        """The port the server listens on."""
        assert self._server is not None, "the server is not started"
        return int(next(iter(self._server.sockets)).getsockname()[1])

    @property
    def address(self) -> Address:
        """Where the server listens, and the start of its join links: ``ws://HOST:PORT``,
        or the public URL it was given (a TLS reverse proxy's ``wss://cards.example.org``)."""
        public = self._public_url
        links = public if public is not None else f"ws://{_link_host(self.host)}:{self.port}"
        return Address(host=self.host, port=self.port, public_url=public, links=links)

    def open_table(
        self,
        *,
        rules: RuleSet,
        seats: Sequence[str],
        names: Sequence[str] | None = None,
        seed: int | None = None,
        away_timeout: float | None = AWAY_TIMEOUT,
        table_file: Path | None = None,
        bot_pause: float = 0.0,
    ) -> Table:
        """Open a table with a new game (see :meth:`Table.open`).

        Raises:
            CanastaError: a seat kind or a name is wrong, or the file cannot be written.
        """
        table = Table.open(
            rules=rules,
            seats=seats,
            names=names,
            seed=seed,
            away_timeout=away_timeout,
            file=table_file,
            address=self.address,
            bot_pause=bot_pause,
        )
        self.tables[table.id] = table
        return table

    def resume_table(
        self, path: Path, *, bot_pause: float = 0.0, stored: TableFile | None = None
    ) -> Table:
        """Open the table written to ``path`` (and its journal) before: same id, same
        tokens, same game; the file is written whole again, its journal emptied.
        ``stored`` is the file's table when the caller has read it already.

        Raises:
            CanastaError: one sentence: the file is missing or cannot be used
                (:class:`~canasta.persist.LoadError`) or written
                (:class:`~canasta.persist.WriteError`), or its table is open here already.
        """
        if stored is None:
            stored = load_table(path)
        if stored is None:
            raise LoadError(f"There is no table file {path}.", path, None)
        if stored.table in self.tables:
            raise CanastaError(f"The table {stored.table} of {path} is open here already.")
        table = Table.resume(stored, file=path, address=self.address, bot_pause=bot_pause)
        self.tables[table.id] = table
        return table

    async def close(self) -> None:
        """Close every table and stop listening."""
        for table in self.tables.values():
            await table.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def wait_closed(self) -> None:
        """Wait until the server has stopped."""
        assert self._server is not None, "the server is not started"
        await self._server.wait_closed()

    # ------------------------------------------------------------ one connection

    async def _handle(self, connection: ServerConnection) -> None:
        # A peer that vanishes is normal: nothing of it is logged as a traceback.
        with contextlib.suppress(ConnectionClosed):
            await self._serve(connection)

    async def _serve(self, connection: ServerConnection) -> None:
        path = connection.request.path if connection.request is not None else ""
        table = self.tables.get(path.split("?", 1)[0].removeprefix("/table/"))
        if table is None or not path.startswith("/table/"):
            await _refuse(
                connection,
                f"There is no table at {path[:80]!r} here: use the whole link the host printed.",
            )
            return
        try:
            first = await asyncio.wait_for(connection.recv(), self._join_timeout)
        except TimeoutError:
            await _refuse(
                connection,
                f"No join came within {self._join_timeout:g} seconds: send "
                '{"type": "join", "token": ..., "device": ...} first.',
            )
            return
        try:
            join = parse_client_message(first)
        except CanastaError as error:
            await _refuse(connection, str(error))
            return
        if not isinstance(join, Join):
            await _refuse(
                connection,
                f"The first message must be a join, not {join.type}: send your seat's token first.",
            )
            return
        outbox = _Outbox(connection)
        seated = table.join(join, outbox)
        if isinstance(seated, str):
            await _refuse(connection, seated)
            await outbox.finish()
            return
        try:
            await self._listen(connection, table, seated, outbox)
        finally:
            table.leave(seated)
            await outbox.finish()

    async def _listen(
        self, connection: ServerConnection, table: Table, attendee: Attendee, outbox: _Outbox
    ) -> None:
        bucket = _Bucket(*self._rate)
        dropped = 0
        async for frame in connection:
            if not bucket.take():
                dropped += 1
                if dropped == 1:
                    table.reject(
                        attendee,
                        "rate",
                        f"Too many messages: send at most {self._rate[0]:g} a second; this "
                        "one was dropped.",
                    )
                elif dropped >= FLOOD_LIMIT:
                    outbox.close("Too many messages.", _POLICY)
                continue
            dropped = 0
            if _size(frame) > MAX_MESSAGE_BYTES:
                table.reject(
                    attendee,
                    "malformed",
                    f"That message is larger than {MAX_MESSAGE_BYTES} bytes: send one action "
                    "at a time.",
                )
                continue
            try:
                message = parse_client_message(frame)
            except CanastaError as error:
                table.reject(attendee, "malformed", str(error))
                continue
            table.receive(attendee, message)


def _size(frame: str | bytes) -> int:
    """A frame's size in bytes (a text frame's characters take one to four)."""
    if isinstance(frame, bytes) or len(frame) * 4 <= MAX_MESSAGE_BYTES:
        return len(frame)
    return len(frame.encode())


async def _refuse(connection: ServerConnection, sentence: str) -> None:
    await connection.send(Refused(message=sentence).model_dump_json())
    await connection.close(_POLICY, "refused")
