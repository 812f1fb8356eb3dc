"""One shared table: its game, who sits where, and what each seat is told.

A :class:`Table` holds the one authoritative game in a :class:`~canasta.session.Session`:
every action of a seat goes through the session (``seat=`` the sender), so the engine
checks it. After each change every joined seat gets an :class:`~canasta.net.wire.Update`:
the events as that seat may hear them and its own view, both built by the outside-bot
protocol (:mod:`canasta.protocol.messages`), so a seat is never sent a card it may not see.

The table knows nothing of sockets: a connection is an :class:`Outbox` (queue a frame,
close) that the server (:mod:`.server`) or a test provides. Bots decide in a worker thread
(:mod:`.table_bots`), so the event loop never waits for them. A human seat that is away
is waited for; after the table's away timeout a bot (:data:`~canasta.choices.FALLBACK_LEVEL`)
plays it until the person joins again. With a table file, every change of the game is in
the file or its journal before anyone is told of it (:mod:`.outbox`), so what a client has
seen is on disk (in the kernel's page cache at least).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

from canasta.engine import (
    Action,
    CanastaError,
    GameState,
    IllegalActionError,
    NextRound,
    NotationError,
    Phase,
    RuleSet,
    legal_actions,
    parse_action,
    start_game,
    view,
)
from canasta.engine.events import Event
from canasta.engine.record import GameRecord, make_record
from canasta.net.outbox import Attendee, Delivery, Outbox, Publisher
from canasta.net.seating import Seating, seated
from canasta.net.table_bots import TableBots
from canasta.net.wire import (
    TABLE_PROTOCOL,
    TAKEN_OVER,
    Act,
    Error,
    Join,
    JoinLink,
    Ready,
    SeatStatus,
    TableStatus,
    Undo,
    Update,
    Welcome,
)
from canasta.persist import (
    Address,
    SavedGame,
    SessionInfo,
    TableFile,
    session_info,
)
from canasta.protocol.messages import Question, event_message, view_message
from canasta.session import HUMAN, Session

__all__ = ["AWAY_TIMEOUT", "Table"]

#: Seconds a new table waits for a person who is away before a bot plays their seat.
AWAY_TIMEOUT = 60.0
#: Bytes of randomness in a seat's token (``secrets.token_urlsafe``).
TOKEN_BYTES = 16
_BETWEEN_ROUNDS = (Phase.ROUND_OVER, Phase.GAME_OVER)


class Table:
    """A table and its game (build one with :meth:`open` or :meth:`resume`, inside the
    running event loop).

    Attributes:
        id: the table's id, the last part of its join links' path.
        session: the game.
        kinds: every seat's kind: ``human``, a bot level or ``cmd:COMMAND``.
        away_timeout: seconds an away human seat is waited for before a bot plays it
            (``None``: waited for until the person is back).
        file: where the table is written, its journal beside it (``None``: nowhere).
        bots: the bot seats' bots and the stand-ins for people away (:mod:`.table_bots`),
            each waiting ``bot_pause`` seconds before its action, so people can follow.
        publisher: sends the table's messages, each once the file or its journal holds
            its change (its ``writes``, ``write_seconds`` and ``lines`` say what the
            writing cost).
    """

    def __init__(
        self,
        *,
        table_id: str,
        session: Session,
        record: GameRecord,
        info: SessionInfo,
        tokens: Sequence[str | None],
        away_timeout: float | None,
        address: Address,
        file: Path | None,
        bot_pause: float = 0.0,
        changes: int = 0,
        ready: Collection[int] = (),
    ) -> None:
        self.id = table_id
        self.session = session
        self.kinds: tuple[str, ...] = session.seats
        self.away_timeout = away_timeout
        self.address = address
        self._record = record
        self._info = info
        self.seating = Seating(
            self.kinds, tokens, away_timeout=away_timeout, taken_over=self._taken_over
        )
        self.bots = TableBots(self.kinds, pause=bot_pause)
        self._ready: set[int] = set(ready)
        self.publisher = Publisher(file, self._current, self._snapshot, changes)
        #: Called with every seat's status each time a person comes or goes, or a bot
        #: takes an away seat over (the host's terminal tells who).
        self.on_seats: Callable[[list[SeatStatus]], None] | None = None
        self._closed = False

    # ------------------------------------------------------------ making a table

    @classmethod
    def open(
        cls,
        *,
        rules: RuleSet,
        seats: Sequence[str],
        address: Address,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        away_timeout: float | None = AWAY_TIMEOUT,
        file: Path | None = None,
        bot_pause: float = 0.0,
    ) -> Table:
        """A new table with a new game, written to ``file`` at once (when given).

        Args:
            rules: the rule set.
            seats: ``human``, a bot level or ``cmd:COMMAND`` for every seat from South.
            address: where the server listens, and the start of the join links.
            names: the players' names (by default the seats').
            seed: the first game's seed (by default a random one); each new game at the
                table takes the next.
            away_timeout: see the class.
            file: see the class.
            bot_pause: see the class.

        Raises:
            CanastaError: a seat kind, a name or the number of seats is wrong; or
                (:class:`~canasta.persist.WriteError`) the file could not be written.
        """
        kinds, info = seated(rules, seats, names)
        if away_timeout is not None and away_timeout < 0:
            raise CanastaError(
                f"An away timeout of {away_timeout:g} s is impossible: give 0 or more."
            )
        names = tuple(seat.name for seat in info.seats)  # as the table file keeps them
        step = start_game(rules, seed=secrets.randbits(31) if seed is None else seed)
        table = cls(
            table_id=secrets.token_urlsafe(6),
            session=Session(step.state, seats=kinds, names=names),
            record=make_record(step.state, [], names=names),
            info=info,
            tokens=[secrets.token_urlsafe(TOKEN_BYTES) if k == HUMAN else None for k in kinds],
            away_timeout=away_timeout,
            address=address,
            file=file,
            bot_pause=bot_pause,
        )
        if file is not None:
            table.save(new=True)
        return table

    @classmethod
    def resume(
        cls, stored: TableFile, *, file: Path, address: Address, bot_pause: float = 0.0
    ) -> Table:
        """The table ``stored`` (read from ``file`` and its journal,
        :func:`canasta.persist.load_table`), its game replayed to the last action and
        written whole again; every human seat starts away (its timer running) until its
        person joins again.

        Raises:
            WriteError: the file could not be written.
        """
        saved = stored.game
        session = Session(
            saved.record.initial_state(),
            seats=stored.kinds,
            names=[seat.name for seat in saved.session.seats],
        )
        for action in saved.record.parsed_actions():
            session.apply(action)
        table = cls(
            table_id=stored.table,
            session=session,
            record=saved.record.named(session.names),
            info=saved.session,
            tokens=stored.tokens,
            away_timeout=stored.away_timeout,
            address=address,
            file=file,
            bot_pause=bot_pause,
            changes=stored.changes,
            # The journal holds no deal: a file saying who was ready is still between rounds.
            ready=stored.ready if session.state.phase in _BETWEEN_ROUNDS else (),
        )
        table.save()
        table.seating.all_away()
        table._kick()
        return table

    @property
    def file(self) -> Path | None:
        """Where the table is written, its journal beside it (``None``: nowhere)."""
        return self.publisher.file

    @file.setter
    def file(self, path: Path | None) -> None:
        self.publisher.file = path

    def save(self, *, new: bool = False) -> None:
        """Write the table file whole now, its journal emptied (the table keeps both by
        itself after every change).

        Args:
            new: the table is new in this file (a journal beside it is another's).

        Raises:
            WriteError: the file could not be written.
        """
        self.publisher.save(new=new)

    @property
    def links(self) -> list[JoinLink | None]:
        """Each seat's join link (``None`` for a bot's seat)."""
        url = f"{self.address.links}/table/{self.id}"
        return [
            None if token is None else JoinLink(url=url, table=self.id, token=token)
            for token in self.seating.tokens
        ]

    # ------------------------------------------------------------ connections

    def join(self, message: Join, outbox: Outbox) -> Attendee | str:
        """Seat the connection whose first message is ``message``: its attendee (sent a
        :class:`Welcome` and an :class:`Update`), or the refusal's sentence."""
        if message.protocol != TABLE_PROTOCOL:
            return (
                f"This table speaks protocol {TABLE_PROTOCOL}, not {message.protocol}: "
                "update canasta on both sides."
            )
        number = self.seating.seat_of(message.token)
        if number is None:
            return (
                "That token opens no seat at this table: use the whole link the host "
                "printed for your seat."
            )
        old = self.seating.attendee(number)
        if old is not None and old.device != message.device:
            return (
                f"Another device already plays {self.session.names[number]} at this table: "
                "close it there, or wait until it leaves."
            )
        if old is not None:
            old.outbox.close(
                f"{self.session.names[number]}'s seat was joined again from this device: "
                "play on there.",
                TAKEN_OVER,
            )
        attendee = Attendee(outbox, seat=number, device=message.device)
        self.seating.sit(attendee)
        welcome = {
            "table": self.id,
            "seat": number,
            "rules": self.session.state.rules._asdict(),
            "seats": self.seating.statuses(self.session.names),
            "away_timeout": self.away_timeout,
        }
        deliveries: list[Delivery] = [
            (attendee, Welcome, welcome),
            (attendee, Update, self._update(number, ())),
        ]
        self.publisher.emit(deliveries + self._status_deliveries(but=attendee))
        return attendee

    def receive(self, attendee: Attendee, message: Join | Act | Undo | Ready) -> None:
        """Take one message of a joined connection (anything it gets wrong is answered
        with one :class:`Error`, and changes nothing)."""
        if not self._current(attendee):
            return
        if isinstance(message, Act):
            self._act(attendee, message.action)
        elif isinstance(message, Undo):
            self._undo(attendee)
        elif isinstance(message, Ready):
            self._take_ready(attendee)
        else:
            self.reject(
                attendee,
                "malformed",
                "This connection has joined already: send act, undo or ready messages.",
            )

    def reject(
        self, attendee: Attendee, reason: str, message: str, rule: str | None = None
    ) -> None:
        """Answer the connection's last message with an :class:`Error`."""
        if self._current(attendee):
            fields = {"reason": reason, "message": message, "rule": rule}
            self.publisher.emit([(attendee, Error, fields)])

    def leave(self, attendee: Attendee) -> None:
        """The connection closed: its seat is away (a new connection replaced it: nothing)."""
        if not self._current(attendee):
            return
        self.seating.leave(attendee.seat)
        self.publisher.emit(self._status_deliveries())
        self._advance_if_ready()

    async def close(self) -> None:
        """Stop the table: no more bot moves or timers, the last write finished, the
        outside bots ended and every connection closed."""
        self._closed = True
        self.seating.close()
        await self.publisher.close()
        await self.bots.close()
        for attendee in self.seating.attendees():
            attendee.outbox.close("The table closed.")

    def _current(self, attendee: Attendee) -> bool:
        return not self._closed and self.seating.attendee(attendee.seat) is attendee

    def _taken_over(self, number: int) -> None:
        self.publisher.emit(self._status_deliveries())
        self._kick()

    # ------------------------------------------------------------ actions

    def _act(self, attendee: Attendee, text: str) -> None:
        try:
            action = parse_action(text)
        except NotationError as error:
            self.reject(attendee, "notation", str(error))
            return
        seat = attendee.seat
        state = self.session.state
        if state.to_move != seat:
            self.reject(attendee, "turn", self._not_yours(state.to_move))
            return
        try:
            events = self.session.apply(action, seat=seat)
        except IllegalActionError as error:
            self.reject(attendee, "illegal", error.sentence, error.rule)
            return
        self._applied(action, events)

    def _not_yours(self, mover: int | None) -> str:
        if mover is None:
            return "The round is over: send ready when you have read the score sheet."
        return f"It is {self.session.names[mover]}'s move, not yours: wait for your turn."

    def _undo(self, attendee: Attendee) -> None:
        if self.session.state.to_move != attendee.seat or not self.session.can_undo:
            self.reject(
                attendee,
                "state",
                "There is nothing of yours to take back now: only a meld or lay-off made "
                "since your draw can be undone.",
            )
            return
        undone = self.session.undo()
        kept = self._record.actions[: len(self.session.actions)]
        self._record = self._record.model_copy(update={"actions": kept})
        self.publisher.changed(self._updates((), undone=undone), at=len(kept), action=None)

    def _take_ready(self, attendee: Attendee) -> None:
        if self.session.state.phase not in _BETWEEN_ROUNDS:
            self.reject(
                attendee,
                "state",
                "The round is still being played: ready is for the score sheet between rounds.",
            )
            return
        if attendee.seat in self._ready:
            return  # said twice: nothing new to tell anyone
        self._ready.add(attendee.seat)
        if not self._advance_if_ready():
            # Written whole before anyone hears of it: a table resumed after a crash still
            # knows who has read the score sheet.
            self.publisher.rewritten(self._updates(()))

    def _advance_if_ready(self) -> bool:
        """Deal the next round, or start the next game, when every person at the table
        has read the score sheet (a table nobody is at waits)."""
        state = self.session.state
        present = self.seating.present()
        if state.phase not in _BETWEEN_ROUNDS or not present or not present <= self._ready:
            return False
        self._ready.clear()
        if state.phase is Phase.ROUND_OVER:
            deal = NextRound()
            self._applied(deal, self.session.apply(deal))
        else:
            self._new_game()
        return True

    def _new_game(self) -> None:
        step = start_game(self.session.state.rules, seed=self.session.initial.seed + 1)
        self.session = Session(step.state, seats=self.kinds, names=self.session.names)
        self._record = make_record(step.state, [], names=self.session.names)
        self._info = session_info(self.kinds, names=self.session.names, pace="normal")
        self.bots.new_game(step.events)
        self.publisher.rewritten(self._updates(step.events))
        self._kick()

    def _applied(self, action: Action, events: Sequence[Event]) -> None:
        before = self._record
        self._record = before.extended(action, self.session.state)
        self.bots.tell(events)
        if len(self._record.decks) != len(before.decks):
            # A deal: its deck goes into the record, which only a whole write can hold.
            self.publisher.rewritten(self._updates(events))
        else:
            at = len(before.actions)
            self.publisher.changed(self._updates(events), at=at, action=self._record.actions[at])
        self._kick()

    # ------------------------------------------------------------ bots

    def _kick(self) -> None:
        """Start the bot's move when a bot must act and none is deciding."""
        if self._closed or self.bots.deciding:
            return
        state = self.session.state
        mover = state.to_move
        if mover is not None and self.seating.bot_plays(mover):
            seed = f"{self.session.initial.seed}:{len(self.session.actions)}"
            self.bots.play(mover, state, seed=seed, then=self._bot_chose)

    def _bot_chose(self, number: int, state: GameState, action: Action) -> None:
        if self.session.state is state and self.seating.bot_plays(number) and not self._closed:
            self._applied(action, self.session.apply(action, seat=number))
        else:
            # The game moved on (an undo, a new game) or the person came back meanwhile.
            self._kick()

    # ------------------------------------------------------------ telling the seats

    def _status_deliveries(self, but: Attendee | None = None) -> list[Delivery]:
        statuses = self.seating.statuses(self.session.names)
        if self.on_seats is not None:
            self.on_seats(statuses)
        seats = {"seats": statuses}
        return [
            (joined, TableStatus, seats) for joined in self.seating.attendees() if joined is not but
        ]

    def _update(
        self,
        number: int,
        events: Sequence[Event],
        seats: list[SeatStatus] | None = None,
        undone: Action | None = None,
    ) -> dict[str, Any]:
        state = self.session.state
        acting = state.to_move == number
        question = Question(asker=state.turn) if acting and state.phase is Phase.ANSWER else None
        return {
            "events": [event_message(event, number) for event in events],
            "view": view_message(view(state, number)),
            "legal": [str(action) for action in legal_actions(state)] if acting else [],
            "question": question,
            "can_undo": acting and self.session.can_undo,
            "undone": None if undone is None else str(undone),
            "seats": seats if seats is not None else self.seating.statuses(self.session.names),
            "ready": sorted(self._ready),
        }

    def _updates(self, events: Sequence[Event], *, undone: Action | None = None) -> list[Delivery]:
        """Every joined seat's update after ``events`` (or after the mover took ``undone``
        back)."""
        seats = self.seating.statuses(self.session.names)
        return [
            (joined, Update, self._update(joined.seat, events, seats, undone))
            for joined in self.seating.attendees()
        ]

    def _snapshot(self) -> TableFile:
        return TableFile(
            table=self.id,
            tokens=self.seating.tokens,
            kinds=self.kinds,
            away_timeout=self.away_timeout,
            changes=self.publisher.changes,
            address=self.address,
            ready=tuple(sorted(self._ready)),
            game=SavedGame(session=self._info, record=self._record),
        )
