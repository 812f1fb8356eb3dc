"""The end of a game: count it, archive it, and drop the autosave."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from canasta.persist.files import WriteError
from canasta.persist.paths import Paths
from canasta.persist.records import archive_record
from canasta.persist.saves import SavedGame, clear_game
from canasta.persist.stats import Stats, update_stats

__all__ = ["Finished", "finish_game"]


@dataclass(frozen=True, slots=True)
class Finished:
    """What finishing a game did.

    Attributes:
        record_path: the archived record, or ``None`` when it could not be written (the
            autosave is then kept, so the game is not lost).
        stats: the statistics with this game counted.
        problems: one sentence per thing that went wrong.
    """

    record_path: Path | None
    stats: Stats
    problems: tuple[str, ...]


def finish_game(paths: Paths, saved: SavedGame, *, finished_at: datetime | None = None) -> Finished:
    """Count a finished game in the statistics, archive its record, and clear the autosave.

    Safe to call again for the same game (after a crash half-way): it is counted and
    archived once.

    Raises:
        CanastaError: the game is not finished (nothing is written then).
    """
    update = update_stats(paths, saved.record, saved.session, finished_at=finished_at)
    problems = list(update.problems)
    try:
        record_path: Path | None = archive_record(
            paths, saved.record, started_at=saved.session.started_at
        )
    except WriteError as error:
        problems.append(error.sentence)
        record_path = None
    if record_path is not None:
        try:
            clear_game(paths, saved.rules)
        except WriteError as error:
            problems.append(error.sentence)
    return Finished(record_path, update.value, tuple(problems))
