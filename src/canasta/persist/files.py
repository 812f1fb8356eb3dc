"""Reading and writing canasta's files: atomic writes, and reads that never crash.

Every file is a JSON object with a ``format`` and a ``schema_version``. A write goes to a
temporary file in the same directory, is flushed to the disk, and replaces the old file in
one step, so a crash or a killed terminal leaves either the old file or the new one. A read
that finds an empty, binary, truncated, invalid or foreign file raises :class:`LoadError`
with one sentence, after moving the file aside (``NAME.corrupt-YYYYmmdd-HHMMSS``) so that
the next write cannot destroy it and the next start does not stumble over it again.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from canasta.engine import CanastaError

__all__ = [
    "MAX_BYTES",
    "LoadError",
    "PersistError",
    "WriteError",
    "clip",
    "first_problem",
    "read_document",
    "refuse",
    "sync_directory",
    "validate_document",
    "write_text_atomic",
]

#: No canasta file comes near this size; a bigger one is not ours.
MAX_BYTES = 8 * 1024 * 1024

#: What each format is called in a sentence.
KINDS = {
    "canasta-save": "saved game",
    "canasta-settings": "settings file",
    "canasta-stats": "statistics file",
    "canasta-record": "game record",
    "canasta-position": "position",
    "canasta-lessons": "lessons file",
    "canasta-table": "table file",
}

_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)")

ModelT = TypeVar("ModelT", bound=BaseModel)


class PersistError(CanastaError):
    """A file canasta could not read or write, in one sentence.

    Attributes:
        path: the file.
        sentence: what went wrong, for the player.
    """

    def __init__(self, sentence: str, path: Path) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.path = path


class LoadError(PersistError):
    """A file that could not be used.

    Attributes:
        moved_to: where the file was moved aside, or ``None`` when it was left in place.
    """

    def __init__(self, sentence: str, path: Path, moved_to: Path | None) -> None:
        super().__init__(sentence, path)
        self.moved_to = moved_to


class WriteError(PersistError):
    """A file that could not be written (disk full, no permission, ...)."""


def clip(text: str, limit: int = 60) -> str:
    """``text`` as a phrase to go inside a sentence: one line, no full stops, at most
    ``limit`` characters (it may come from an untrusted file)."""
    flat = _SENTENCE_END.sub("", " ".join(text.split()))
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


#: The longest tag of a moved-aside file's name.
_TAG_LIMIT = 20


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _move_aside(path: Path, tag: str) -> Path | None:
    """Rename ``path`` to ``NAME.TAG-STAMP`` (never over another file); ``None`` on failure.

    The tag is clipped: it may come from the file (a schema version of a thousand digits
    made a name too long for the file system)."""
    base = f"{path.name}.{tag[:_TAG_LIMIT]}-{_stamp()}"
    target = path.with_name(base)
    number = 1
    try:
        while target.exists():
            number += 1
            target = path.with_name(f"{base}-{number}")
        path.rename(target)
    except OSError:
        return None
    return target


def refuse(
    path: Path, what: str, problem: str, *, tag: str = "corrupt", move_aside: bool = True
) -> LoadError:
    """The error for a file that cannot be used, after moving it aside.

    Args:
        path: the file.
        what: what the file is ("saved game").
        problem: the rest of the sentence after "The saved game PATH" ("is empty").
        tag: the word in the moved-aside name (``corrupt``; ``v2`` for a newer version).
        move_aside: rename the file out of the way (not for files the player named).
    """
    moved = _move_aside(path, tag) if move_aside else None
    sentence = f"The {what} {path} {problem}"
    if moved is not None:
        sentence += f"; it was moved aside as {moved.name}"
    return LoadError(sentence + ".", path, moved)


def read_document(
    path: Path, *, what: str, file_format: str, version: int, move_aside: bool = True
) -> dict[str, Any] | None:
    """The JSON object in ``path``, checked for its format and schema version.

    Returns:
        The object, or ``None`` when there is no such file.

    Raises:
        LoadError: the file is unreadable, empty, too large, not UTF-8, not JSON, not an
            object, another kind of file, or of another schema version.
    """

    def fail(problem: str, tag: str = "corrupt") -> LoadError:
        return refuse(path, what, problem, tag=tag, move_aside=move_aside)

    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise fail(f"could not be read ({clip(error.strerror or str(error))})") from None
    if not raw.strip():
        raise fail("is empty")
    if len(raw) > MAX_BYTES:
        raise fail(f"is larger than {MAX_BYTES // (1024 * 1024)} MB, too large to be canasta's")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise fail("is not UTF-8 text (it is binary or damaged)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if not text[error.pos :].strip() or error.msg.startswith("Unterminated string"):
            raise fail("ends too early (it was probably cut short)") from None
        raise fail(
            f"is not valid JSON (line {error.lineno}, column {error.colno}: {clip(error.msg)})"
        ) from None
    except RecursionError:
        raise fail("is nested too deeply to be canasta's") from None
    except ValueError as error:  # e.g. an integer with more digits than Python allows
        raise fail(f"is not valid JSON ({clip(str(error))})") from None
    if not isinstance(data, dict):
        raise fail("does not hold a JSON object")
    found = data.get("format")
    if found != file_format:
        if isinstance(found, str) and found in KINDS:
            raise fail(f"is a {KINDS[found]}, not a {KINDS[file_format]}")
        raise fail(f"is not a {KINDS[file_format]} (its format is {clip(repr(found), 40)})")
    found_version = data.get("schema_version")
    if not isinstance(found_version, int) or isinstance(found_version, bool):
        raise fail("has no valid schema_version")
    shown = clip(str(found_version), 20)  # a number from the file: maybe a thousand digits
    if found_version > version:
        raise fail(
            f"was written by a newer canasta (schema version {shown}; this one reads "
            f"version {version}): upgrade canasta to use it",
            tag=f"v{found_version}",
        )
    if found_version != version:
        raise fail(
            f"has schema version {shown}, which this canasta cannot read (it reads "
            f"version {version})",
            tag=f"v{found_version}",
        )
    return data


def first_problem(error: ValidationError) -> str:
    """The first problem pydantic found, as ``where: what`` on one line."""
    problem = error.errors()[0]
    where = ".".join(clip(str(part), 30) for part in problem["loc"]) or "the top level"
    return f"{where}: {clip(problem['msg'], 120)}"


def validate_document(
    model: type[ModelT], data: dict[str, Any], path: Path, *, what: str, move_aside: bool = True
) -> ModelT:
    """``data`` validated as ``model``.

    Raises:
        LoadError: naming the first invalid field (the file is moved aside).
    """
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise refuse(
            path, what, f"is invalid ({first_problem(error)})", move_aside=move_aside
        ) from None


def sync_directory(directory: Path) -> None:
    """Flush the directory entry of a replaced file (POSIX; elsewhere a no-op)."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_text_atomic(path: Path, text: str, *, what: str) -> None:
    """Replace ``path`` with ``text`` atomically: temporary file, fsync, rename.

    Raises:
        WriteError: the directory or the file could not be written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(text.encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        sync_directory(path.parent)
    except OSError as error:
        raise WriteError(
            f"The {what} could not be written to {path} ({clip(error.strerror or str(error))}).",
            path,
        ) from None
