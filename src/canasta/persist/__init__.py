"""Canasta's files: autosave and resume, settings, statistics, and the records archive.

Pydantic validates everything read from disk; every write is atomic (a shared table's
journal, :mod:`canasta.persist.journal`, is appended a whole line at a time). A file that cannot be
used is reported in one sentence (:class:`LoadError`) and moved aside, never a crash::

    from canasta.persist import Paths, load_game, load_settings
    paths = Paths.from_environment()
    settings = load_settings(paths)      # .value, and .problems to show
    saved = load_game(paths)             # the latest saved table's game: None, a SavedGame,
                                         # or LoadError (load_game(paths, rules): that table's)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.lazy import lazy_names

if TYPE_CHECKING:
    from canasta.persist.device import device_name
    from canasta.persist.files import LoadError, PersistError, WriteError, write_text_atomic
    from canasta.persist.finish import Finished, finish_game
    from canasta.persist.lessons import LessonProgress, load_progress, save_progress
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
        read_saved_game,
        save_game,
        saved_tables,
        session_info,
    )
    from canasta.persist.settings import (
        Names,
        Settings,
        StartSettings,
        load_settings,
        save_settings,
        settings_at_start,
        settle_settings,
        validate_settings,
    )
    from canasta.persist.stats import GameResult, Stats, Tally, load_stats, summarize, update_stats
    from canasta.persist.tables import Address, TableFile, held_record, load_table, save_table

#: Where each name lives: a module loads when one of its names is first used, so that
#: reading the settings at start does not load the records, the statistics and the rest.
_HOMES = {
    "Address": "canasta.persist.tables",
    "Finished": "canasta.persist.finish",
    "GameResult": "canasta.persist.stats",
    "LessonProgress": "canasta.persist.lessons",
    "LoadError": "canasta.persist.files",
    "Loaded": "canasta.persist.models",
    "Names": "canasta.persist.settings",
    "Paths": "canasta.persist.paths",
    "PersistError": "canasta.persist.files",
    "RecordEntry": "canasta.persist.records",
    "SavedGame": "canasta.persist.saves",
    "SeatInfo": "canasta.persist.saves",
    "SessionInfo": "canasta.persist.saves",
    "Settings": "canasta.persist.settings",
    "StartSettings": "canasta.persist.settings",
    "Stats": "canasta.persist.stats",
    "TableFile": "canasta.persist.tables",
    "Tally": "canasta.persist.stats",
    "WriteError": "canasta.persist.files",
    "archive_record": "canasta.persist.records",
    "clear_game": "canasta.persist.saves",
    "device_name": "canasta.persist.device",
    "finish_game": "canasta.persist.finish",
    "held_record": "canasta.persist.tables",
    "list_records": "canasta.persist.records",
    "load_game": "canasta.persist.saves",
    "load_progress": "canasta.persist.lessons",
    "load_record_file": "canasta.persist.records",
    "load_settings": "canasta.persist.settings",
    "load_stats": "canasta.persist.stats",
    "load_table": "canasta.persist.tables",
    "read_saved_game": "canasta.persist.saves",
    "record_path": "canasta.persist.records",
    "save_game": "canasta.persist.saves",
    "save_progress": "canasta.persist.lessons",
    "save_settings": "canasta.persist.settings",
    "save_table": "canasta.persist.tables",
    "saved_tables": "canasta.persist.saves",
    "session_info": "canasta.persist.saves",
    "settings_at_start": "canasta.persist.settings",
    "settle_settings": "canasta.persist.settings",
    "summarize": "canasta.persist.stats",
    "update_stats": "canasta.persist.stats",
    "validate_settings": "canasta.persist.settings",
    "write_text_atomic": "canasta.persist.files",
}

__all__ = [
    "Address",
    "Finished",
    "GameResult",
    "LessonProgress",
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
    "StartSettings",
    "Stats",
    "TableFile",
    "Tally",
    "WriteError",
    "archive_record",
    "clear_game",
    "device_name",
    "finish_game",
    "held_record",
    "list_records",
    "load_game",
    "load_progress",
    "load_record_file",
    "load_settings",
    "load_stats",
    "load_table",
    "read_saved_game",
    "record_path",
    "save_game",
    "save_progress",
    "save_settings",
    "save_table",
    "saved_tables",
    "session_info",
    "settings_at_start",
    "settle_settings",
    "summarize",
    "update_stats",
    "validate_settings",
    "write_text_atomic",
]


__getattr__ = lazy_names(__name__, _HOMES)
