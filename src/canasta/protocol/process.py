"""One outside bot's process: lines in and out through its pipes, answers awaited with a
timeout, and an end that takes its children along.

Two small threads do the blocking: one writes the lines the game sends (so a bot that stops
reading cannot stall the game), one reads the bot's lines into a queue (so the game waits
for an answer with a timeout). The bot runs in a session of its own (POSIX), so ending it
ends every process it started. Its standard error goes to a temporary file, whose last line
explains a crash.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import weakref
from collections.abc import Sequence
from typing import IO

__all__ = ["MAX_LINE", "BotError", "BotProcess"]

#: The longest line a bot may send (bytes); a longer one is a fault.
MAX_LINE = 1 << 20
#: What the reader thread queues when the bot's standard output closes.
_CLOSED = b""
#: Seconds a bot may take to exit by itself once its input is closed.
_GRACE = 1.0

_running: weakref.WeakSet[BotProcess] = weakref.WeakSet()


class BotError(Exception):
    """What a bot did wrong, worded to follow the bot's name: ``"did not answer in 5 s"``."""


def _shorten(text: str, limit: int = 80) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


class BotProcess:
    """A running outside bot.

    Args:
        argv: the program and its arguments (no shell runs them).

    Raises:
        BotError: the program cannot be started.
    """

    def __init__(self, argv: Sequence[str]) -> None:
        # Open for the bot's whole life (closed by kill), so not in a with block.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self._process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                start_new_session=sys.platform != "win32",
                creationflags=_NEW_GROUP,
            )
        except OSError as error:
            self._stderr.close()
            raise BotError(f"could not be started ({error.strerror or error})") from None
        _running.add(self)
        self._lines: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        assert self._process.stdin is not None and self._process.stdout is not None
        stdin, stdout = self._process.stdin, self._process.stdout
        threading.Thread(target=self._write, args=(stdin,), daemon=True).start()
        threading.Thread(target=self._read, args=(stdout,), daemon=True).start()
        self.ended = False

    @property
    def pid(self) -> int:
        """The bot's process id (also its process group's, on POSIX)."""
        return self._process.pid

    def _write(self, stdin: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):  # the bot is gone: its reader says so
            while (line := self._outbox.get()) is not None:
                stdin.write(line)
                stdin.flush()
        with contextlib.suppress(OSError, ValueError):
            stdin.close()

    def _read(self, stdout: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while line := stdout.readline(MAX_LINE):
                self._lines.put(line)
        self._lines.put(_CLOSED)

    def send(self, line: str) -> None:
        """Write ``line`` (without its newline) to the bot's standard input."""
        self._outbox.put(line.encode("utf-8") + b"\n")

    def ask(self, line: str, *, timeout: float) -> str:
        """Send ``line`` and return the bot's answer (one line, without its newline).

        Raises:
            BotError: the bot sent a line nobody asked for, exited, sent no answer within
                ``timeout`` seconds, or sent a line that is too long or not UTF-8.
        """
        with contextlib.suppress(queue.Empty):
            early = self._lines.get_nowait()
            if early == _CLOSED:
                raise BotError(self._exited("before it was asked"))
            raise BotError(
                f"sent a line nobody asked for: {_shorten(early.decode(errors='replace'))!r}"
            )
        self.send(line)
        try:
            answer = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise BotError(f"did not answer within {timeout:g} s") from None
        if answer == _CLOSED:
            raise BotError(self._exited("without answering"))
        if not answer.endswith(b"\n") and len(answer) >= MAX_LINE:
            raise BotError(f"sent a line longer than {MAX_LINE} bytes")
        try:
            return answer.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            raise BotError("sent a line that is not UTF-8 text") from None

    def _exited(self, when: str) -> str:
        """How the bot ended ``when`` (its exit status and its last line of errors)."""
        try:
            code = self._process.wait(timeout=_GRACE)
        except subprocess.TimeoutExpired:
            return f"closed its output {when}"
        said = self._last_error_line()
        return f"exited with status {code} {when}" + (f" ({said})" if said else "")

    def _last_error_line(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - 4096))
            lines = self._stderr.read().decode("utf-8", errors="replace").splitlines()
            for text in reversed(lines):
                if text.strip():
                    return _shorten(text, 160)
        return ""

    def close(self, last: str | None = None) -> None:
        """Send ``last`` (if given), close the bot's input, give it a moment to exit, then
        end it and every process it started."""
        if self.ended:
            return
        if last is not None:
            self.send(last)
        self._outbox.put(None)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=_GRACE)
        self.kill()

    def kill(self) -> None:
        """End the bot and every process it started, now."""
        if self.ended:
            return
        self.ended = True
        _end_group(self._process)
        self._outbox.put(None)
        self._process.wait()
        for stream in (self._process.stdout, self._process.stdin):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._stderr.close()
        _running.discard(self)


if sys.platform == "win32":
    _NEW_GROUP = subprocess.CREATE_NEW_PROCESS_GROUP

    def _end_group(process: subprocess.Popen[bytes]) -> None:
        # Windows has no process groups to signal: the bot alone is ended.
        with contextlib.suppress(OSError):
            process.kill()

else:
    _NEW_GROUP = 0

    def _end_group(process: subprocess.Popen[bytes]) -> None:
        # The bot leads its own session and process group (start_new_session): signal the
        # whole group, its children included, even after the bot itself has exited.
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            process.kill()


@atexit.register
def _end_all() -> None:
    """No bot outlives the game that started it, even one that stopped on an error."""
    for process in list(_running):
        process.kill()
