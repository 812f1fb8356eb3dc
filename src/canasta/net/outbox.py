"""What a table sends, and when: each connection's messages in order, each only once the
table's files hold the change it tells of.

A connection is an :class:`Outbox` (queue a frame, close) that the server or a test
provides; the :class:`Attendee` numbers its messages (``seq``). The :class:`Publisher`
keeps the table file and its journal (:mod:`canasta.persist.journal`): a change of the
game is one line appended to the journal, on the event loop, before the change's messages
go; a deal or a new game, which the journal cannot hold, is a whole write of the table
file in a worker thread, and the messages behind it wait for it. So what any client has
seen is in the files (in the kernel's page cache at least) and a server killed with
``kill -9`` loses nothing anyone saw. Each journal is synced in the background at most once
a second: a power cut loses at most about the last second.
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
from canasta.persist.journal import Change, Journal

__all__ = ["Attendee", "Delivery", "Outbox", "Publisher"]

logger = logging.getLogger(__name__)

#: The threads that write table files whole: their own, so that bots thinking in the
#: loop's default threads never hold up a deal's messages (threads start only when needed).
_WRITERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="canasta-table-file")
#: The threads that sync journals, apart so that a hundred tables' syncs never queue
#: before a deal's write.
_SYNCERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="canasta-journal-sync")
#: Seconds a journal's lines may wait for their sync (what a power cut may lose).
SYNC_SECONDS = 1.0
#: Lines after which the table file is written whole again and the journal emptied.
COMPACT_LINES = 200


class Outbox(Protocol):
    """Where a connection's frames go: both calls return at once (the sending happens
    elsewhere, in order)."""

    def send(self, text: str) -> None:
        """Queue one text frame."""

    def close(self, reason: str, code: int = 1000) -> None:
        """Close the connection after the frames already queued, with ``reason`` and the
        WebSocket close ``code``."""


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
    """A table's messages, each sent once the table's files hold what it tells.

    Args:
        file: the table file (``None``: nothing is written).
        current: whether an attendee is still its seat's connection (a message for one
            that was replaced or left is dropped).
        snapshot: the table as it is now, to write whole (its ``changes`` is
            :attr:`changes`).
        changes: the number of the last change the table file holds.

    Attributes:
        changes: the number of the table's last change (each action or undo is one).
        writes: how many times the table file was written whole, and ``write_seconds``
            how long that took in all (in the worker threads).
        lines: how many lines were appended to the journal.
    """

    def __init__(
        self,
        file: Path | None,
        current: Callable[[Attendee], bool],
        snapshot: Callable[[], TableFile],
        changes: int = 0,
    ) -> None:
        self.changes = changes
        self.writes = 0
        self.write_seconds = 0.0
        self.lines = 0
        self._current = current
        self._snapshot = snapshot
        self._file = file
        self._journal = None if file is None else Journal(file)
        #: Messages waiting for a whole write, each with the change it tells of (a change
        #: made meanwhile is journaled once the table file it follows is written).
        self._held: list[tuple[Change | _Whole | None, list[Delivery]]] = []
        self._compact = False
        #: A whole write failed: the journal follows no table file until one succeeds.
        self._stale = False
        self._pump: asyncio.Task[None] | None = None
        self._sync_timer: asyncio.TimerHandle | None = None
        self._syncing: asyncio.Future[None] | None = None
        self._closed = False

    @property
    def file(self) -> Path | None:
        """The table file (``None``: nothing is written)."""
        return self._file

    @file.setter
    def file(self, path: Path | None) -> None:
        if self._journal is not None:
            self._journal.close()
        self._file = path
        self._journal = None if path is None else Journal(path)

    @property
    def synced(self) -> bool:
        """Whether every journal line written is synced to the disk."""
        return self._journal is None or not self._journal.unsynced

    def save(self, *, new: bool = False) -> None:
        """Write the table file whole now, and empty the journal it then holds.

        Args:
            new: the table is new in this file: a journal found beside it is another
                table's, and goes first.

        Raises:
            WriteError: the file could not be written.
        """
        assert self._file is not None and self._journal is not None, "the table has no file"
        snapshot = self._snapshot()
        if new:
            self._journal.keep_after(snapshot.changes)
        save_table(self._file, snapshot)
        self._journal.keep_after(snapshot.changes)

    def emit(self, deliveries: list[Delivery]) -> None:
        """Send ``deliveries``, which tell of no change of the game (in the order emitted:
        after the messages waiting for a write)."""
        if self._held:
            self._held.append((None, deliveries))
        else:
            self._deliver(deliveries)

    def changed(self, deliveries: list[Delivery], *, at: int, action: str | None) -> None:
        """The game's actions were cut to ``at`` and ``action`` appended (``None``: an
        undo): journal it, then send ``deliveries``."""
        if self._journal is None:
            self.emit(deliveries)
            return
        self.changes += 1
        change = Change(self.changes, at, action)
        if self._held:
            self._held.append((change, deliveries))
            return
        if self._stale:
            self._start(compact=True)  # a new try; meanwhile the table plays on unsaved
        else:
            self._append(change)
        self._deliver(deliveries)

    def rewritten(self, deliveries: list[Delivery]) -> None:
        """The game changed as no journal line can say (a deal, a new game): write the
        table file whole, then send ``deliveries``."""
        if self._journal is None:
            self.emit(deliveries)
            return
        self._held.append((_WHOLE, deliveries))
        self._start()

    async def flush(self) -> None:
        """Wait until everything emitted is written and sent."""
        if self._pump is not None:
            await self._pump

    async def close(self) -> None:
        """Write and send what is waiting, sync the journal and close it."""
        await self.flush()
        self._closed = True
        if self._sync_timer is not None:
            self._sync_timer.cancel()
        if self._syncing is not None:
            await asyncio.wait([self._syncing])
        if self._journal is not None:
            if self._journal.unsynced:
                await self._sync()
            self._journal.close()

    # ------------------------------------------------------------ writing

    def _start(self, *, compact: bool = False) -> None:
        self._compact = self._compact or compact
        if self._pump is None:
            self._pump = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        try:
            while self._held or self._compact:
                count = len(self._held)
                written = None
                if self._compact or any(what is _WHOLE for what, _ in self._held):
                    self._compact = False
                    written = await self._write_whole()
                    if written is not None and self._journal is not None:
                        # Lines journaled during the write asked for a compaction the write
                        # has made: only what it left in the journal counts now.
                        self._compact = len(self._journal) >= COMPACT_LINES
                batch, self._held = self._held[:count], self._held[count:]
                for what, deliveries in batch:
                    # A change the whole write holds already is not journaled again.
                    held = (
                        written is not None and isinstance(what, Change) and what.number <= written
                    )
                    if isinstance(what, Change) and not self._stale and not held:
                        self._append(what)
                    self._deliver(deliveries)
        finally:
            self._pump = None

    async def _write_whole(self) -> int | None:
        """Write the table as it is now; the number of its last change, or ``None`` when
        the write failed."""
        assert self._file is not None and self._journal is not None
        snapshot = self._snapshot()
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(_WRITERS, self._write, self._file, snapshot)
        except WriteError as error:
            logger.error("%s The table plays on unsaved.", error.sentence)
            self._stale = True
            return None
        self._stale = False
        try:
            self._journal.keep_after(snapshot.changes)
        except WriteError as error:  # the old journal stays: its lines follow the file too
            logger.error("%s", error.sentence)
        self._schedule_sync()
        return snapshot.changes

    def _write(self, file: Path, snapshot: TableFile) -> None:
        started = time.perf_counter()
        try:
            save_table(file, snapshot)
        finally:
            self.writes += 1
            self.write_seconds += time.perf_counter() - started

    def _append(self, change: Change) -> None:
        assert self._journal is not None
        try:
            self._journal.append(change)
        except WriteError as error:
            logger.error("%s The table plays on unsaved.", error.sentence)
            self._stale = True
            self._start(compact=True)
            return
        self.lines += 1
        if len(self._journal) >= COMPACT_LINES:
            self._start(compact=True)
        self._schedule_sync()

    # ------------------------------------------------------------ syncing

    def _schedule_sync(self) -> None:
        """Sync the journal in a second, unless a sync is waiting or running."""
        assert self._journal is not None
        if self._closed or self._sync_timer is not None or self._syncing is not None:
            return
        if self._journal.unsynced:
            loop = asyncio.get_running_loop()
            self._sync_timer = loop.call_later(SYNC_SECONDS, self._start_sync)

    def _start_sync(self) -> None:
        self._sync_timer = None
        self._syncing = asyncio.ensure_future(self._sync())
        self._syncing.add_done_callback(self._synced)

    def _synced(self, _: asyncio.Future[None]) -> None:
        self._syncing = None
        self._schedule_sync()  # lines appended while it ran

    async def _sync(self) -> None:
        assert self._journal is not None
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(_SYNCERS, self._journal.sync)
        except WriteError as error:
            logger.error("%s", error.sentence)

    def _deliver(self, deliveries: list[Delivery]) -> None:
        for attendee, kind, fields in deliveries:
            if self._current(attendee):
                attendee.post(kind, fields)


class _Whole:
    """The mark of messages that wait for a whole write of the table file."""


_WHOLE = _Whole()
