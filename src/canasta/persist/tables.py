"""A shared table's file (``canasta host``): its game and who may sit where.

The game is stored as the autosave stores it (:class:`~canasta.persist.SavedGame`: the
record, the names); the table adds its id, each human seat's secret token, every seat's
kind (an outside bot's ``cmd:`` command, which the saved game keeps only as its fallback
level), the away timeout, where it was served (so that it is served there again, its
join links unchanged) and, between rounds, who is ready for the next deal.

The host writes the file whole, atomically and with ``fsync`` (:func:`save_table`), when
the table opens, when a round is dealt or a game starts, when a person says ready for the
next deal, and when the journal beside it has grown long; every other change of the game
is one line appended to that journal (:mod:`canasta.persist.journal`) before any client
hears of it. :func:`load_table` reads both. So a server killed with ``kill -9`` starts
again from the last action any client saw; a power cut or a crash of the operating system
loses at most about the last second.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import Field, model_validator

from canasta.engine import CanastaError
from canasta.engine.record import GameRecord, replay
from canasta.persist.files import (
    MAX_BYTES,
    clip,
    read_document,
    refuse,
    validate_document,
    write_text_atomic,
)
from canasta.persist.journal import replay_journal
from canasta.persist.models import FileModel
from canasta.persist.saves import SavedGame, read_saved_game

__all__ = ["TABLE_VERSION", "Address", "TableFile", "held_record", "load_table", "save_table"]

TABLE_VERSION: Final = 1
WHAT = "table file"

#: ``human``, a bot level or ``cmd:COMMAND``.
SeatKind = Annotated[str, Field(pattern=r"^([a-z][a-z0-9_-]{0,19}|cmd:.{1,1000})$")]
#: A table's id, as it appears in the join links' path.
TableId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]


class Address(FileModel):
    """Where a table was served, and the start of the join links that this gave."""

    #: The address it listened on (``127.0.0.1``, ``0.0.0.0``, ...).
    host: Annotated[str, Field(max_length=255)]
    port: int = Field(ge=1, le=65535)
    #: The public URL the links named (a TLS reverse proxy's), if one was given.
    public_url: Annotated[str, Field(max_length=2000)] | None = None
    #: The start of every join link: ``ws://HOST:PORT`` or the public URL.
    links: Annotated[str, Field(min_length=1, max_length=2000)]


class TableFile(FileModel):
    """One shared table as stored on disk."""

    format: Literal["canasta-table"] = "canasta-table"
    schema_version: Literal[1] = TABLE_VERSION
    table: TableId
    #: Each human seat's token (``null`` for a bot seat), in turn order from South.
    tokens: tuple[Annotated[str, Field(min_length=16, max_length=128)] | None, ...]
    #: Each seat's kind: ``human``, a bot level or ``cmd:COMMAND``.
    kinds: tuple[SeatKind, ...]
    #: Seconds a human seat may be away before a bot plays it (``null``: the table waits).
    away_timeout: float | None = Field(ge=0)
    #: The number of the last change of the game the file holds: the journal's lines up
    #: to it are in the file already (0 in a file written before there was a journal).
    changes: int = Field(default=0, ge=0)
    #: Where the table was served last (``null`` in a file written before tables kept it).
    address: Address | None = None
    #: Between rounds, the human seats that have read the score sheet and said ``ready``
    #: (empty in a file written before tables kept it).
    ready: tuple[int, ...] = ()
    game: SavedGame

    @model_validator(mode="after")
    def _seats_agree(self) -> TableFile:
        players = self.game.rules.players
        if len(self.tokens) != players or len(self.kinds) != players:
            raise ValueError(f"the table needs one token and one kind for each of {players} seats")
        for seat, (kind, token) in enumerate(zip(self.kinds, self.tokens, strict=True)):
            if (kind == "human") != (token is not None):
                raise ValueError(f"seat {seat} needs a token if and only if a person plays it")
        if len(set(self.ready)) != len(self.ready) or any(
            not 0 <= seat < players or self.kinds[seat] != "human" for seat in self.ready
        ):
            raise ValueError("the seats ready for the next deal must be distinct human seats")
        return self

    def to_json(self) -> str:
        """The table as compact JSON."""
        return self.model_dump_json() + "\n"


def save_table(path: Path, table: TableFile) -> None:
    """Write the table file whole, atomically and durably; then the journal's lines it
    holds may go (:meth:`~canasta.persist.journal.Journal.keep_after`).

    Raises:
        WriteError: the file could not be written.
    """
    write_text_atomic(path, table.to_json(), what=WHAT)


def load_table(path: Path) -> TableFile | None:
    """The table stored in ``path`` and its journal's changes, its game replayed to check
    it; ``None`` when there is no such file. The file is never moved aside: the host named
    it.

    Raises:
        LoadError: one sentence naming what is wrong with the file.
    """
    data = read_document(
        path, what=WHAT, file_format="canasta-table", version=TABLE_VERSION, move_aside=False
    )
    if data is None:
        return None
    table = validate_document(TableFile, data, path, what=WHAT, move_aside=False)
    actions, changes = replay_journal(path, table.game.record.actions, table.changes)
    if changes != table.changes:
        record = table.game.record.model_copy(update={"actions": actions})
        game = table.game.model_copy(update={"record": record})
        table = table.model_copy(update={"changes": changes, "game": game})
    try:
        replay(table.game.record)
    except CanastaError as error:
        raise refuse(
            path, WHAT, f"does not replay ({clip(str(error), 160)})", move_aside=False
        ) from None
    return table


def held_record(path: Path) -> GameRecord | None:
    """The game in ``path`` when it is one of canasta's files that hold a game beside a
    record: a shared table's (its journal included) or a saved game; ``None`` for any other
    file (or none). The file is never moved aside: the user named it.

    Raises:
        LoadError: it is one of those, and cannot be used.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        kind = json.loads(raw).get("format") if len(raw) <= MAX_BYTES else None
    except (OSError, ValueError, AttributeError, RecursionError):
        return None  # not one of them: the caller's own reader says what is wrong
    if kind == "canasta-table":
        table = load_table(path)
        return None if table is None else table.game.record
    if kind == "canasta-save":
        saved = read_saved_game(path, move_aside=False)
        return None if saved is None else saved.record
    return None
