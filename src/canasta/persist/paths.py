"""Where canasta keeps its files: the user's config, data and state directories.

The directories come from platformdirs, which honours ``XDG_CONFIG_HOME``,
``XDG_DATA_HOME`` and ``XDG_STATE_HOME`` on Linux; ``CANASTA_STATE_DIR`` names the state
directory itself (``canasta serve`` gives each browser session its own). Tests build a
:class:`Paths` of their own (``Paths.under(tmp_path)``) so that nothing touches the real home
directory.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import platformdirs

__all__ = ["APP_NAME", "STATE_DIR_VARIABLE", "Paths"]

APP_NAME = "canasta"
#: The name of a table's autosave other than classic for four (``autosave-railroad-3.json``).
_TABLE_SAVE = re.compile(r"autosave-([a-z0-9-]+)-(\d)\.json")


def _modified(path: Path) -> float:
    """When ``path`` was last written (0 if it has gone meanwhile)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


#: The environment variable that names the state directory, overriding the platform's.
STATE_DIR_VARIABLE = "CANASTA_STATE_DIR"


@dataclass(frozen=True, slots=True)
class Paths:
    """The three base directories and the files canasta keeps in them.

    Attributes:
        config_dir: settings (``settings.json``).
        data_dir: statistics (``stats.json``) and the archive of finished games
            (``records/``).
        state_dir: the autosave of each table's unfinished game (``autosave.json`` for
            classic with four players, ``autosave-railroad-3.json`` and the like) where
            the lessons stand (``lessons.json``), the name ``canasta join`` gives this
            device (``device``), and which settings file was last checked
            (``settings-checked.json``).
    """

    config_dir: Path
    data_dir: Path
    state_dir: Path

    @classmethod
    def from_environment(cls) -> Paths:
        """The platform's directories for canasta (the XDG variables on Linux), the state
        directory replaced by ``CANASTA_STATE_DIR`` when it is set."""
        state = os.environ.get(STATE_DIR_VARIABLE)
        return cls(
            config_dir=platformdirs.user_config_path(APP_NAME, appauthor=False),
            data_dir=platformdirs.user_data_path(APP_NAME, appauthor=False),
            state_dir=Path(state)
            if state
            else platformdirs.user_state_path(APP_NAME, appauthor=False),
        )

    @classmethod
    def under(cls, root: Path) -> Paths:
        """Directories ``config``, ``data`` and ``state`` below ``root`` (for tests)."""
        return cls(config_dir=root / "config", data_dir=root / "data", state_dir=root / "state")

    @property
    def settings_file(self) -> Path:
        """The settings."""
        return self.config_dir / "settings.json"

    @property
    def settings_checked_file(self) -> Path:
        """Which settings file this canasta last found valid as written (its digest), so
        that a start reads that file without validating it first."""
        return self.state_dir / "settings-checked.json"

    @property
    def save_file(self) -> Path:
        """The autosave of the unfinished classic four-player game (and, written before
        there was a save per table, of any table's)."""
        return self.state_dir / "autosave.json"

    def table_save_file(self, system: str, players: int) -> Path:
        """The autosave of the unfinished game of ``system`` for ``players`` (one per
        table: ``autosave-railroad-3.json``; classic for four: :attr:`save_file`)."""
        if (system, players) == ("classic", 4):
            return self.save_file
        slug = re.sub(r"[^a-z0-9]+", "-", system.lower()).strip("-") or "rules"
        return self.state_dir / f"autosave-{slug}-{players}.json"

    def table_saves(self) -> list[tuple[Path, str, int]]:
        """Every table's autosave on disk, newest first: the file, the system and the
        player count its name gives (see :meth:`table_save_file`)."""
        found = []
        for path in self.state_dir.glob("autosave*.json"):
            if path == self.save_file:
                found.append((path, "classic", 4))
            elif match := _TABLE_SAVE.fullmatch(path.name):
                found.append((path, match[1], int(match[2])))
        return sorted(found, key=lambda item: _modified(item[0]), reverse=True)

    @property
    def lessons_file(self) -> Path:
        """The lessons finished, and the lesson left unfinished with its step."""
        return self.state_dir / "lessons.json"

    @property
    def device_file(self) -> Path:
        """The name this installation joins shared tables as (``canasta join``)."""
        return self.state_dir / "device"

    @property
    def stats_file(self) -> Path:
        """The statistics across finished games."""
        return self.data_dir / "stats.json"

    @property
    def records_dir(self) -> Path:
        """The archive of finished games, one engine record per file."""
        return self.data_dir / "records"
