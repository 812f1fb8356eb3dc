"""Autosave and resume: the unfinished game of each table, saved after every action.

One game is kept per table, a rule system with a player count (``autosave.json`` for classic
with four players, ``autosave-railroad-3.json`` and the like; see
:meth:`~canasta.persist.Paths.table_save_file`), so that starting another table never
loses an unfinished game. A save written before, when one file held any table's game, is
moved to its table's file when saves are next looked for.

The save is the engine's :class:`~canasta.engine.record.GameRecord` (rules, decks, actions)
plus what the table needs to go on (who sits where, bot levels, names, pace). The record's
rules name the rule system and the player count; a save written before there were other
systems holds classic rules without the seating fields, and loads as classic with four
players. Replaying the record rebuilds the very state the game was in, mid-turn included.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Final, Literal

from pydantic import AwareDatetime, Field, model_validator

from canasta.choices import FALLBACK_LEVEL, Pace, is_command
from canasta.engine import CanastaError, GameState, RuleSet
from canasta.engine.record import GameRecord, replay
from canasta.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from canasta.persist.checks import PlayerName
from canasta.persist.files import (
    WriteError,
    clip,
    read_document,
    refuse,
    validate_document,
    write_text_atomic,
)
from canasta.persist.models import FileModel, LevelName
from canasta.persist.paths import Paths

__all__ = [
    "SAVE_VERSION",
    "SavedGame",
    "SeatInfo",
    "SessionInfo",
    "clear_game",
    "load_game",
    "read_saved_game",
    "save_game",
    "saved_tables",
    "session_info",
]

SAVE_VERSION: Final = 1
WHAT = "saved game"


def _now() -> datetime:
    return datetime.now().astimezone()


class SeatInfo(FileModel):
    """Who plays one seat: a human, or a bot of some level."""

    kind: Literal["human", "bot"]
    name: PlayerName
    level: LevelName | None = None

    @model_validator(mode="after")
    def _level_only_for_bots(self) -> SeatInfo:
        if (self.kind == "bot") != (self.level is not None):
            raise ValueError("a bot seat needs a level, and a human seat has none")
        return self


class SessionInfo(FileModel):
    """What a game needs besides its record: the seats in turn order from South, the pace
    and when it started (which names the game in the archive and the statistics)."""

    seats: tuple[SeatInfo, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    pace: Pace = "normal"
    started_at: AwareDatetime = Field(default_factory=_now)

    def home_team(self, rules: RuleSet) -> int:
        """The team whose games the statistics count: the first human's, else South's."""
        for seat, info in enumerate(self.seats):
            if info.kind == "human":
                return rules.team_of(seat)
        return rules.team_of(0)


class SavedGame(FileModel):
    """The unfinished game as stored in the state directory."""

    format: Literal["canasta-save"] = "canasta-save"
    schema_version: Literal[1] = SAVE_VERSION
    saved_at: AwareDatetime = Field(default_factory=_now)
    session: SessionInfo
    record: GameRecord

    @model_validator(mode="after")
    def _a_seat_for_every_player(self) -> SavedGame:
        players = self.rules.players
        if len(self.session.seats) != players:
            raise ValueError(
                f"the session seats {len(self.session.seats)} players where the rules have "
                f"{players}"
            )
        return self

    @property
    def rules(self) -> RuleSet:
        """The game's rule set: its system and its table (classic, four players, for a save
        written before there were others).

        Raises:
            NotationError: the record's rules are invalid.
        """
        return self.record.rule_set()

    def states(self) -> list[GameState]:
        """Every state of the game so far, the initial one first (the last is the table).

        Raises:
            CanastaError: naming the first action that does not apply.
        """
        return replay(self.record)

    def to_json(self) -> str:
        """The save as indented JSON."""
        return self.model_dump_json(indent=2) + "\n"


def session_info(
    seats: Sequence[str], *, names: Sequence[str], pace: str, started: SessionInfo | None = None
) -> SessionInfo:
    """Who plays each seat (``human`` or a bot level) under ``names``, at ``pace``; the start
    time is ``started``'s when given (a resumed game), else now.

    An outside bot is saved as its fallback level: a save file never starts a program.
    """
    data: dict[str, object] = {
        "seats": [
            {"kind": "human", "name": name}
            if kind == "human"
            else {
                "kind": "bot",
                "name": name,
                "level": FALLBACK_LEVEL if is_command(kind) else kind,
            }
            for kind, name in zip(seats, names, strict=True)
        ],
        "pace": pace,
    }
    if started is not None:
        data["started_at"] = started.started_at
    return SessionInfo.model_validate(data)


def _save_path(paths: Paths, rules: RuleSet) -> Path:
    return paths.table_save_file(rules.name, rules.players)


def save_game(paths: Paths, saved: SavedGame) -> None:
    """Write the autosave of the game's table atomically.

    Raises:
        WriteError: the file could not be written.
    """
    write_text_atomic(_save_path(paths, saved.rules), saved.to_json(), what=WHAT)


def saved_tables(paths: Paths) -> list[tuple[str, int]]:
    """The tables with an unfinished game saved, the latest saved first: each its rule
    system and player count."""
    _file_old_save(paths)
    return [(system, players) for _, system, players in paths.table_saves()]


def load_game(paths: Paths, rules: RuleSet | None = None) -> SavedGame | None:
    """The autosaved game of ``rules``' table (``None``: the latest saved of any table), or
    ``None`` when there is none.

    The record is replayed to check it, so ``saved.states()`` will succeed. A game that has
    already finished is returned too (the app was stopped while finishing it): hand it to
    :func:`canasta.persist.finish_game`.

    Raises:
        LoadError: one sentence (also for a save that seats no human); the file has been
            moved aside.
    """
    _file_old_save(paths)
    if rules is not None:
        path = _save_path(paths, rules)
    else:
        # With none on disk, the classic file is read all the same: an unreadable state
        # directory is then said at start, not at the first save.
        path = next((found for found, _, _ in paths.table_saves()), paths.save_file)
    saved = read_saved_game(path)
    # The app always seats someone at the keyboard (a table file may seat only bots).
    if saved is not None and all(seat.kind != "human" for seat in saved.session.seats):
        raise refuse(path, WHAT, "seats no human player")
    return saved


def read_saved_game(path: Path, *, move_aside: bool = True) -> SavedGame | None:
    """The saved game in ``path``, its record replayed to check it; ``None`` when there is
    no such file.

    Raises:
        LoadError: one sentence; the file has been moved aside (with ``move_aside``: the
            autosave, not a file a person named).
    """
    data = read_document(
        path, what=WHAT, file_format="canasta-save", version=SAVE_VERSION, move_aside=move_aside
    )
    if data is None:
        return None
    saved = validate_document(SavedGame, data, path, what=WHAT, move_aside=move_aside)
    try:
        replay(saved.record)
    except CanastaError as error:
        raise refuse(
            path, WHAT, f"does not replay ({clip(str(error), 160)})", move_aside=move_aside
        ) from None
    return saved


def clear_game(paths: Paths, rules: RuleSet) -> None:
    """Delete the autosave of ``rules``' table (its game finished); no error when absent.

    Raises:
        WriteError: the file exists but could not be deleted.
    """
    path = _save_path(paths, rules)
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        raise WriteError(
            f"The {WHAT} {path} could not be deleted ({clip(str(error))}).", path
        ) from None


def _file_old_save(paths: Paths) -> None:
    """Move a save of another table than classic for four out of :attr:`Paths.save_file`
    (where every table's game was saved before there was a file per table) to its table's
    file, unless that table has one."""
    try:
        rules = SavedGame.model_validate_json(paths.save_file.read_bytes()).rules
    except (OSError, ValueError):
        return  # no such file, or one whose load will say what is wrong with it
    target = _save_path(paths, rules)
    if target != paths.save_file and not target.exists():
        with contextlib.suppress(OSError):  # then it stays, and is read where it is
            paths.save_file.replace(target)
