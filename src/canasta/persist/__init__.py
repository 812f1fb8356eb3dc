"""Canasta's files: autosave and resume, settings, statistics, and the records archive.

Pydantic validates everything read from disk; every write is atomic. A file that cannot be
used is reported in one sentence (:class:`LoadError`) and moved aside, never a crash::

    from canasta.persist import Paths, load_game, load_settings
    paths = Paths.from_environment()
    settings = load_settings(paths)      # .value, and .problems to show
    saved = load_game(paths)             # None, a SavedGame, or LoadError
"""

from __future__ import annotations

from canasta.persist.files import LoadError, PersistError, WriteError, write_text_atomic
from canasta.persist.finish import Finished, finish_game
from canasta.persist.models import Loaded
from canasta.persist.paths import Paths
from canasta.persist.records import (
    RecordEntry,
    archive_record,
    list_records,
    load_record_file,
    record_path,
)
from canasta.persist.saves import (
    SavedGame,
    SeatInfo,
    SessionInfo,
    clear_game,
    load_game,
    save_game,
    session_info,
)
from canasta.persist.settings import Names, Settings, load_settings, save_settings
from canasta.persist.stats import GameResult, Stats, Tally, load_stats, summarize, update_stats
from canasta.persist.tables import TableFile, load_table, save_table

__all__ = [
    "Finished",
    "GameResult",
    "LoadError",
    "Loaded",
    "Names",
    "Paths",
    "PersistError",
    "RecordEntry",
    "SavedGame",
    "SeatInfo",
    "SessionInfo",
    "Settings",
    "Stats",
    "TableFile",
    "Tally",
    "WriteError",
    "archive_record",
    "clear_game",
    "finish_game",
    "list_records",
    "load_game",
    "load_record_file",
    "load_settings",
    "load_stats",
    "load_table",
    "record_path",
    "save_game",
    "save_settings",
    "save_table",
    "session_info",
    "summarize",
    "update_stats",
    "write_text_atomic",
]
