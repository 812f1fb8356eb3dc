"""The archive of finished games: one engine record per file in the data directory.

A file is named after the game's start and seed, ``records/YYYYmmdd-HHMMSS-SEED.json``, and
holds exactly the engine's record, so ``canasta analyze`` reads it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from canasta.engine import CanastaError
from canasta.engine.record import RECORD_VERSION, GameRecord, replay
from canasta.persist.files import (
    clip,
    read_document,
    refuse,
    validate_document,
    write_text_atomic,
)
from canasta.persist.paths import Paths

__all__ = [
    "RecordEntry",
    "archive_record",
    "list_records",
    "load_record_file",
    "record_path",
]

WHAT = "game record"
_NAME = re.compile(r"^(\d{8}-\d{6})-(-?\d+)\.json$")
_STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True, slots=True)
class RecordEntry:
    """One archived game, as its file name tells (the file itself is read on demand).

    Attributes:
        path: the record file.
        started_at: when the game started (local time).
        seed: the game's seed.
    """

    path: Path
    started_at: datetime
    seed: int


def record_path(paths: Paths, *, started_at: datetime, seed: int) -> Path:
    """Where the archive keeps the game that started at ``started_at`` with ``seed``."""
    return paths.records_dir / f"{started_at.astimezone().strftime(_STAMP)}-{seed}.json"


def archive_record(paths: Paths, record: GameRecord, *, started_at: datetime) -> Path:
    """Keep a finished game's record; archiving the same game again rewrites the same file.

    Returns:
        The record file.

    Raises:
        WriteError: the file could not be written.
    """
    path = record_path(paths, started_at=started_at, seed=record.seed)
    write_text_atomic(path, record.to_json(), what=WHAT)
    return path


def list_records(paths: Paths) -> list[RecordEntry]:
    """The archived games, newest first (files not named like records are skipped)."""
    try:
        names = [entry.name for entry in paths.records_dir.iterdir() if entry.is_file()]
    except OSError:
        return []
    entries = []
    for name in names:
        match = _NAME.match(name)
        if match is None:
            continue
        try:
            started = datetime.strptime(match[1], _STAMP)
        except ValueError:
            continue
        entries.append(RecordEntry(paths.records_dir / name, started, int(match[2])))
    return sorted(entries, key=lambda entry: (entry.started_at, entry.seed), reverse=True)


def load_record_file(path: Path, *, move_aside: bool = False) -> GameRecord:
    """The record in ``path``, checked by replaying it.

    Args:
        path: a record file.
        move_aside: move a bad file out of the way (for the archive's own files; a file the
            player named on the command line stays where it is).

    Raises:
        LoadError: one sentence naming what is wrong (also for a missing file).
    """
    data = read_document(
        path, what=WHAT, file_format="canasta-record", version=RECORD_VERSION, move_aside=move_aside
    )
    if data is None:
        raise refuse(path, WHAT, "does not exist", move_aside=False)
    record = validate_document(GameRecord, data, path, what=WHAT, move_aside=move_aside)
    try:
        replay(record)
    except CanastaError as error:
        raise refuse(
            path, WHAT, f"does not replay ({clip(str(error), 160)})", move_aside=move_aside
        ) from None
    return record
