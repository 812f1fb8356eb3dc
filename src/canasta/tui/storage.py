"""The glue between the table's session and :mod:`canasta.persist`.

After every change the app calls :meth:`GameStore.sync`: the store extends its game record by
the new actions (or cuts it back after an undo) and hands the save to :class:`AutoSaver`,
a thread of its own that writes it, so the table never waits for the disk. When the game
is over the same thread finishes it (statistics, archive, autosave cleared). Problems come
back to the app as messages (:class:`SaveFailed`, :class:`GameArchived`).

At start-up :func:`look_for_saved_game` reads the autosave of the table asked for (or the
latest of any table): an unfinished game is offered for resuming, one that had already
ended is finished there and then, and a file that cannot be used is reported in one
sentence (the persistence layer has moved it aside). The other tables' games are kept.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual.message import Message

from canasta.bots import BOTS
from canasta.engine import CanastaError, Phase, RuleSet
from canasta.engine.record import GameRecord, make_record
from canasta.persist import (
    Finished,
    LoadError,
    Paths,
    SavedGame,
    SessionInfo,
    WriteError,
    finish_game,
    load_game,
    save_game,
    saved_tables,
    session_info,
)
from canasta.session import HUMAN, Session
from canasta.tui.options import best_level
from canasta.tui.seats import table_names

__all__ = [
    "AutoSaver",
    "GameArchived",
    "GameStore",
    "SaveFailed",
    "Startup",
    "kept_note",
    "look_at_start",
    "look_for_saved_game",
    "resumed_session",
    "session_info",
    "table_command",
]


class SaveFailed(Message):
    """The autosave (or finishing a game) went wrong: one sentence for the player."""

    def __init__(self, sentence: str) -> None:
        super().__init__()
        self.sentence = sentence


class GameArchived(Message):
    """A finished game was counted in the statistics and archived (``finished`` says
    where, and what went wrong on the way)."""

    def __init__(self, finished: Finished) -> None:
        super().__init__()
        self.finished = finished


def resumed_session(saved: SavedGame) -> Session:
    """The saved game as a session: its record replayed action by action, so the state,
    the record and what may be undone are exactly as they were.

    Raises:
        CanastaError: the record does not replay.
    """
    seats = [
        HUMAN if info.kind == "human" else best_level(info.level or "normal", BOTS)
        for info in saved.session.seats
    ]
    initial = saved.record.initial_state()
    # A save keeps the settings' "You" for South, which the resume screen reads.
    names = table_names([info.name for info in saved.session.seats], initial.rules)
    session = Session(initial, seats=seats, names=names)
    for action in saved.record.parsed_actions():
        session.apply(action)
    return session


@dataclass(frozen=True, slots=True)
class Startup:
    """What the autosave held at start-up.

    Attributes:
        saved: an unfinished game, or ``None``.
        session: that game, replayed (``None`` with ``saved``).
        notes: sentences to show (a file moved aside, problems finishing an ended game).
        kept: the other tables with an unfinished game saved (rule system, player count),
            the latest saved first.
    """

    saved: SavedGame | None = None
    session: Session | None = None
    notes: tuple[str, ...] = ()
    kept: tuple[tuple[str, int], ...] = ()


def look_at_start(paths: Paths, *, rules: RuleSet | None, resume: bool) -> Startup:
    """What the app starts with (see :func:`look_for_saved_game`), and its notes: with
    ``resume`` and no saved game, that a new game is dealt; with ``rules`` (a table asked
    for), that the other tables' games are kept."""
    startup = look_for_saved_game(paths, rules)
    notes = startup.notes
    if resume and startup.saved is None:
        notes = (*notes, "There is no unfinished game to resume: a new game is dealt.")
    if rules is not None and startup.kept:
        notes = (*notes, kept_note(startup.kept))
    return dataclasses.replace(startup, notes=notes)


def kept_note(kept: Sequence[tuple[str, int]]) -> str:
    """One sentence saying that the unfinished games of the ``kept`` tables (rule system,
    player count) are kept, and how to go back to each."""
    labels = " and ".join(f"{system}, {players} players" for system, players in kept)
    commands = " or ".join(table_command(system, players) for system, players in kept)
    if len(kept) == 1:
        return f"Your unfinished game of {labels} is kept: {commands} goes back to it."
    return f"Your unfinished games of {labels} are kept: {commands} goes back to one."


def table_command(system: str, players: int) -> str:
    """The command that plays ``system`` for ``players`` (and so offers its saved game)."""
    return f"canasta --rules {system} --players {players}"


def look_for_saved_game(paths: Paths, rules: RuleSet | None = None) -> Startup:
    """Read the autosave of ``rules``' table (``None``: the latest saved of any table);
    never raises.

    A game that had already ended (the app stopped while finishing it) is finished now.
    """
    startup = _saved_game(paths, rules)
    table = rules if startup.saved is None else startup.saved.rules
    others = [
        saved
        for saved in saved_tables(paths)
        if table is None or saved != (table.name, table.players)
    ]
    return dataclasses.replace(startup, kept=tuple(others))


def _saved_game(paths: Paths, rules: RuleSet | None) -> Startup:
    try:
        saved = load_game(paths, rules)
    except LoadError as error:
        return Startup(notes=(error.sentence,))
    if saved is None:
        return Startup()
    try:
        session = resumed_session(saved)
        if session.state.phase is Phase.GAME_OVER:
            return Startup(notes=finish_game(paths, saved).problems)
    except CanastaError as error:  # load_game replayed it already: not expected
        return Startup(notes=(str(error),))
    return Startup(saved, session)


class AutoSaver:
    """Writes saves and finishes games in a thread of its own, in the order asked.

    Only the latest save waiting is written (an older one is outdated by then). ``report``
    receives a :class:`SaveFailed` or :class:`GameArchived` in the writer's thread (the
    app passes its thread-safe ``post_message``). A failure is reported once, not again
    until a write has succeeded.
    """

    def __init__(self, paths: Paths, report: Callable[[Message], object]) -> None:
        self.paths = paths
        self._report = report
        self._ready = threading.Condition()
        self._save: SavedGame | None = None
        self._finishes: list[SavedGame] = []
        self._busy = False
        self._closed = False
        self._failing = False
        self._thread: threading.Thread | None = None

    def save(self, saved: SavedGame) -> None:
        """Write ``saved`` as the autosave soon."""
        self._queue(saved, finish=False)

    def finish(self, saved: SavedGame) -> None:
        """Finish the ended game ``saved`` soon (see :func:`canasta.persist.finish_game`)."""
        self._queue(saved, finish=True)

    def _queue(self, saved: SavedGame, *, finish: bool) -> None:
        with self._ready:
            if self._closed:
                return
            if finish:
                self._save = None  # the game's last save is replaced by its finishing
                self._finishes.append(saved)
            else:
                self._save = saved
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="canasta-autosave", daemon=True
                )
                self._thread.start()
            self._ready.notify_all()

    def flush(self) -> None:
        """Wait until everything asked so far is written."""
        with self._ready:
            self._ready.wait_for(
                lambda: not self._busy and self._save is None and not self._finishes
            )

    def close(self) -> None:
        """Write what is waiting, then stop the thread."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        while True:
            with self._ready:
                self._ready.wait_for(
                    lambda: self._closed or self._save is not None or bool(self._finishes)
                )
                if self._finishes:
                    job, finish = self._finishes.pop(0), True
                elif self._save is not None:
                    job, finish = self._save, False
                    self._save = None
                else:
                    return  # closed, and nothing left to write
                self._busy = True
            try:
                self._write(job, finish=finish)
            finally:
                with self._ready:
                    self._busy = False
                    self._ready.notify_all()

    def _write(self, saved: SavedGame, *, finish: bool) -> None:
        try:
            if finish:
                self._report(GameArchived(finish_game(self.paths, saved)))
            else:
                save_game(self.paths, saved)
        except (WriteError, CanastaError) as error:
            if not self._failing:
                self._report(SaveFailed(getattr(error, "sentence", str(error))))
            self._failing = True
        else:
            self._failing = False


class GameStore:
    """The game being saved: its session's details and record, kept in step with the
    session by :meth:`sync`."""

    def __init__(self, saver: AutoSaver) -> None:
        self.saver = saver
        self.session: Session | None = None
        self.info: SessionInfo | None = None
        self.record: GameRecord | None = None

    def start(
        self, session: Session, info: SessionInfo, *, record: GameRecord | None = None
    ) -> None:
        """Save ``session`` from now on (``record``: its record, when already at hand),
        its record naming the session's players."""
        self.session = session
        self.info = info
        if record is None:
            self.record = make_record(session.initial, session.actions, names=session.names)
        else:  # named again: a save written before records held names has none
            self.record = record.named(session.names)
        self._write(session)

    def sync(self, session: Session, info: Callable[[], SessionInfo]) -> None:
        """Bring the record up to the session's actions (after new actions or an undo) and
        save it; an ended game is finished instead. A session not seen before is a new
        game, played by ``info()``."""
        if session is not self.session:
            self.start(session, info())
            return
        if self.record is None:
            return  # finished
        done = len(self.record.actions)
        actions = session.actions
        if len(actions) < done:
            self.record = self.record.model_copy(
                update={"actions": self.record.actions[: len(actions)]}
            )
        for action in actions[done:]:
            # Only a deal changes the round, and a deal is always played on its own.
            self.record = self.record.extended(action, session.state)
        if len(actions) != done:
            self._write(session)

    def _write(self, session: Session) -> None:
        assert self.info is not None and self.record is not None
        saved = SavedGame(session=self.info, record=self.record)
        if session.state.phase is Phase.GAME_OVER:
            self.saver.finish(saved)
            self.record = None  # nothing more to save for this game
        else:
            self.saver.save(saved)
