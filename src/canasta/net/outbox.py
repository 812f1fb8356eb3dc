"""What a table sends, and when: each connection's messages in order, each only once the
table file holds the change it tells of.

A connection is an :class:`Outbox` (queue a frame, close) that the server or a test
provides; the :class:`Attendee` numbers its messages (``seq``). The :class:`Publisher`
writes the table file in a worker thread of its own pool, so the event loop serves
other tables meanwhile, and releases the messages of a change only after its write: what
any client has seen is on disk, and a server killed with ``kill -9`` loses nothing anyone
saw. Snapshots that queue up during one write are written once, as the newest of them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from canasta.persist import TableFile, WriteError, save_table

__all__ = ["Attendee", "Delivery", "Outbox", "Publisher"]

logger = logging.getLogger(__name__)

#: The threads that write table files: their own, so that bots thinking in the loop's
#: default threads never hold a write up (threads start only when needed).
_WRITERS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="canasta-table-file")


class Outbox(Protocol):
    """Where a connection's frames go: both calls return at once (the sending happens
    elsewhere, in order)."""

    def send(self, text: str) -> None:
        """Queue one text frame."""

    def close(self, reason: str) -> None:
        """Close the connection after the frames already queued."""


class Attendee:
    """One connection joined to a seat: its outbox and the sequence of what it was sent.

    Args:
        outbox: where its frames go.
        seat: the seat it joined.
        device: the device's name from its :class:`~canasta.net.wire.Join`.
    """

    def __init__(self, outbox: Outbox, *, seat: int, device: str) -> None:
        self.outbox = outbox
        self.seat = seat
        self.device = device
        #: The ``seq`` of the last message sent.
        self.seq = 0

    def post(self, kind: type[BaseModel], fields: dict[str, Any]) -> None:
        """Send a message of ``kind`` with ``fields`` and the next ``seq``."""
        self.seq += 1
        self.outbox.send(kind(seq=self.seq, **fields).model_dump_json())


#: A message for one connection: its kind and its fields but the ``seq``.
Delivery = tuple[Attendee, type[BaseModel], dict[str, Any]]


class Publisher:
    """A table's messages, each sent after the table file holds what it tells.

    Args:
        file: the table file (``None``: nothing is written).
        current: whether an attendee is still its seat's connection (a message for one
            that was replaced or left is dropped).

    Attributes:
        writes: how many times the file was written, and ``write_seconds`` how long that
            took in all (in the worker thread).
    """

    def __init__(self, file: Path | None, current: Callable[[Attendee], bool]) -> None:
        self.file = file
        self.writes = 0
        self.write_seconds = 0.0
        self._current = current
        self._backlog: list[tuple[TableFile | None, list[Delivery]]] = []
        self._pump: asyncio.Task[None] | None = None

    def emit(self, snapshot: TableFile | None, deliveries: list[Delivery]) -> None:
        """Send ``deliveries`` once ``snapshot`` (and every snapshot before it) is written;
        messages leave in the order they were emitted."""
        if snapshot is None and self._pump is None:
            self._deliver(deliveries)
            return
        self._backlog.append((snapshot, deliveries))
        if self._pump is None:
            self._pump = asyncio.create_task(self._drain())

    async def flush(self) -> None:
        """Wait until everything emitted is written and sent."""
        if self._pump is not None:
            await self._pump

    async def _drain(self) -> None:
        try:
            while self._backlog:
                batch, self._backlog = self._backlog, []
                newest = next((snap for snap, _ in reversed(batch) if snap is not None), None)
                if newest is not None:
                    loop = asyncio.get_running_loop()
                    await loop.run_in_executor(_WRITERS, self._write, newest)
                for _, deliveries in batch:
                    self._deliver(deliveries)
        finally:
            self._pump = None

    def _write(self, snapshot: TableFile) -> None:
        assert self.file is not None
        started = time.perf_counter()
        try:
            save_table(self.file, snapshot)
        except WriteError as error:
            logger.error("%s The table plays on unsaved.", error.sentence)
        self.writes += 1
        self.write_seconds += time.perf_counter() - started

    def _deliver(self, deliveries: list[Delivery]) -> None:
        for attendee, kind, fields in deliveries:
            if self._current(attendee):
                attendee.post(kind, fields)
