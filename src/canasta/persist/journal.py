"""A table file's journal: every change of the game since the file was written, one line
each, appended beside it (``<table file>.journal``).

Writing a whole table file takes two ``fsync`` calls and a rename, milliseconds on a real
disk: too slow for every action of a busy server. So the host writes the table file whole
only now and then (:mod:`canasta.persist.tables`) and, after each action or undo, appends
one line to the journal with a single ``write``, without a sync::

    {"n": 18, "at": 17, "action": "meld h13 d13 s13"}    cut the actions to 17, append this
    {"n": 19, "at": 17}                                    cut the actions to 17 (an undo)

``n`` numbers the table's changes one by one; the table file says the number of the last
change it holds, so a line it holds already is skipped (the host writes the table file
first and empties the journal after, and a crash between the two is harmless).

What ``write`` has written is in the kernel's page cache: it survives the death of the
process (``kill -9``) and is on disk within seconds. A power cut or a crash of the
operating system loses what was not synced: the host syncs each journal in the background
at most once a second, so such a cut loses at most about the last second of play. A line
cut short by it (the journal's last) is dropped when the table is loaded.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from canasta.persist.files import MAX_BYTES, LoadError, WriteError, clip, refuse, sync_directory

__all__ = ["Change", "Journal", "journal_path", "replay_journal"]

WHAT = "table file"
#: The longest action text a line may hold (notation is a few dozen characters).
_MAX_ACTION = 200


def journal_path(table_file: Path) -> Path:
    """Where the journal of ``table_file`` is: beside it, ``NAME.journal``."""
    return table_file.with_name(table_file.name + ".journal")


@dataclass(frozen=True)
class Change:
    """One change of the game: cut the record's actions to ``at``, then append ``action``
    (``None``: an undo, the cut alone).

    Attributes:
        number: the change's number at its table, one more than the change before.
        at: how many of the actions are kept.
        action: the action appended, in notation.
    """

    number: int
    at: int
    action: str | None = None

    def line(self) -> bytes:
        """The change as one line of the journal."""
        fields: dict[str, object] = {"n": self.number, "at": self.at}
        if self.action is not None:
            fields["action"] = self.action
        return (json.dumps(fields, separators=(",", ":")) + "\n").encode()


class Journal:
    """The journal of one table file, open for appending.

    Every call but :meth:`sync` belongs to one thread (the server's event loop); ``sync``
    may run in a worker thread meanwhile.

    Args:
        table_file: the table file the journal follows.
    """

    def __init__(self, table_file: Path) -> None:
        self.path = journal_path(table_file)
        self._fd: int | None = None
        #: The lines in the journal file now, with their changes' numbers.
        self._lines: list[tuple[int, bytes]] = []
        self._lock = threading.Lock()
        self._file_unsynced = False
        self._directory_unsynced = False

    def __len__(self) -> int:
        """The lines in the journal (since the table file was last written)."""
        return len(self._lines)

    @property
    def unsynced(self) -> bool:
        """Whether something was written since the last :meth:`sync`."""
        return self._file_unsynced or self._directory_unsynced

    def append(self, change: Change) -> None:
        """Append ``change`` with one ``write`` (no sync: see the module).

        Raises:
            WriteError: the journal could not be written.
        """
        line = change.line()
        try:
            if self._fd is None:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                self._directory_unsynced = True
            written = os.write(self._fd, line)
            if written != len(line):  # a full disk; the line's start is dropped at load
                raise OSError(0, "the disk took only part of the line")
        except OSError as error:
            raise self._failed(error) from None
        self._lines.append((change.number, line))
        self._file_unsynced = True

    def keep_after(self, number: int) -> None:
        """Keep only the lines of the changes after ``number``: a table file holding every
        change up to it was just written. The journal is replaced in one step (a new file
        renamed over it), so a crash meanwhile leaves the old journal or the new one.

        Raises:
            WriteError: the journal could not be replaced (it is left as it was).
        """
        kept = [(n, line) for n, line in self._lines if n > number]
        if kept == self._lines and self._fd is not None:
            return
        try:
            if kept:
                fd, temp = tempfile.mkstemp(
                    dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp"
                )
                try:
                    with os.fdopen(fd, "wb") as handle:
                        handle.write(b"".join(line for _, line in kept))
                    self._close()  # Windows renames no file that is open
                    os.replace(temp, self.path)
                except BaseException:
                    with contextlib.suppress(OSError):
                        os.unlink(temp)
                    raise
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
                self._file_unsynced = self._directory_unsynced = True
            else:
                self._close()
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.path)  # a table file holding all of it was written
        except OSError as error:
            raise self._failed(error) from None
        self._lines = kept

    def sync(self) -> None:
        """Flush the journal to the disk (``fsync``; a worker thread may call it).

        Raises:
            WriteError: the disk refused.
        """
        with self._lock:
            fd = None if self._fd is None else os.dup(self._fd)
            file, directory = self._file_unsynced, self._directory_unsynced
            self._file_unsynced = self._directory_unsynced = False
        try:
            if fd is not None and file:
                os.fsync(fd)
            if directory:
                sync_directory(self.path.parent)
        except OSError as error:
            raise self._failed(error) from None
        finally:
            if fd is not None:
                os.close(fd)

    def close(self) -> None:
        """Close the journal's file (it stays on disk)."""
        self._close()

    def _close(self) -> None:
        with self._lock:
            fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def _failed(self, error: OSError) -> WriteError:
        return WriteError(
            f"The journal {self.path} could not be written ({clip(error.strerror or str(error))}).",
            self.path,
        )


def _change(raw: bytes) -> Change:
    """The change a journal line holds.

    Raises:
        ValueError: the line is not a change.
    """
    fields = json.loads(raw)
    if not isinstance(fields, dict) or not set(fields) <= {"n", "at", "action"}:
        raise ValueError("it is not an object of n, at and action")
    number, at, action = fields.get("n"), fields.get("at"), fields.get("action")
    for name, value in (("n", number), ("at", at)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"its {name} is not a number of 0 or more")
    if action is not None and (not isinstance(action, str) or not 0 < len(action) <= _MAX_ACTION):
        raise ValueError("its action is not a text of notation")
    assert isinstance(number, int) and isinstance(at, int)
    return Change(number, at, action)


def replay_journal(table_file: Path, actions: list[str], number: int) -> tuple[list[str], int]:
    """The record's ``actions`` after the changes of the journal of ``table_file`` that
    came after change ``number`` (the table file's), and the last change's number.

    A last line cut short (a power cut while it was written) is dropped; no journal is no
    change.

    Raises:
        LoadError: one sentence naming the journal's first line that cannot be used.
    """
    path = journal_path(table_file)

    def fail(problem: str) -> LoadError:
        sentence = f"has a journal {path.name} that {problem}"
        return refuse(table_file, WHAT, sentence, move_aside=False)

    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return actions, number
    except OSError as error:
        raise fail(f"could not be read ({clip(error.strerror or str(error))})") from None
    if len(raw) > MAX_BYTES:
        raise fail(f"is larger than {MAX_BYTES // (1024 * 1024)} MB")
    lines = raw.split(b"\n")  # the last part: empty, or a line cut short
    complete = lines[:-1]
    actions = list(actions)
    for index, line in enumerate(complete, start=1):
        try:
            change = _change(line)
        except (ValueError, RecursionError) as error:  # JSON's errors are ValueErrors
            if index == len(complete) and not lines[-1]:
                break  # the last line, unreadable: torn by a power cut
            raise fail(f"cannot be used at line {index} ({clip(str(error))})") from None
        if change.number <= number:
            continue  # the table file holds it already
        if change.number != number + 1:
            raise fail(f"skips from change {number} to {change.number} at line {index}")
        if change.at > len(actions):
            raise fail(f"keeps {change.at} actions where there are {len(actions)} at line {index}")
        del actions[change.at :]
        if change.action is not None:
            actions.append(change.action)
        number = change.number
    return actions, number
