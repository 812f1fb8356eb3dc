"""One seat of a shared table in the terminal (``canasta join LINK``): the same screens as a
game held here, driven by the table's server.

The server holds the game. :class:`RemoteApp` draws the seat's view from each
:class:`~canasta.net.wire.Update`, tells its events to the log, and sends every move as an
:class:`~canasta.net.wire.Act` (an undo as :class:`~canasta.net.wire.Undo`, the score
sheet's ``n`` as :class:`~canasta.net.wire.Ready`): nothing is ever applied here, and the
table changes only when the server says so. What the screens read of the game besides the
view (the status line's checks, meld planning, hints) they read from a stand-in state dealt
from the view (:func:`canasta.engine.determinize`): every check of the seat's own moves
depends only on what the seat sees, so it answers as the server's engine would.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Sequence

from canasta.engine import (
    Action,
    CanastaError,
    Card,
    IllegalActionError,
    Phase,
    PlayerView,
    determinize,
    new_game,
    parse_action,
)
from canasta.engine.documents import validate_rules
from canasta.engine.events import RoundScored
from canasta.net.client import TableClient
from canasta.net.presence import away_note, comings_and_goings, mover_sentence, ready_sentence
from canasta.net.wire import (
    Act,
    Error,
    JoinLink,
    Ready,
    Refused,
    SeatStatus,
    ServerMessage,
    TableStatus,
    Undo,
    Update,
    Welcome,
)
from canasta.protocol.decode import event_from_message, view_from_message
from canasta.session import HUMAN, Session
from canasta.tui.flow import partner_reply
from canasta.tui.screens import ConfirmScreen, MessageScreen
from canasta.tui.seats import scores_text, shown_names
from canasta.tui.table_app import VIEWER, TableApp, Told

__all__ = ["ELSEWHERE", "RemoteApp", "run"]

#: The stand-in session's kind for every seat but the viewer's: played on another device
#: (or by the server's bots), never from this keyboard.
ELSEWHERE = "elsewhere"
#: Seconds without the table after which the status says it may have moved.
LOST_HINT = 30.0
#: The keys of a game kept on disk, which a seat at a shared table has no use for.
_LOCAL_ONLY = frozenset({"new_game", "settings", "statistics", "finished_games"})


class RemoteApp(TableApp):
    """The seat of ``link`` at a shared table.

    Args:
        link: the seat's join link.
        ascii: ASCII cards and borders.
        theme: the colour theme.
        by_suit: sort the hand by suit.
        device: the name this app joins as (by default a random one, kept for the run).
    """

    def __init__(
        self,
        link: JoinLink,
        *,
        ascii: bool = False,
        theme: str = "canasta",
        by_suit: bool = False,
        device: str | None = None,
    ) -> None:
        super().__init__(ascii=ascii, theme=theme, by_suit=by_suit)
        self.link = link
        self.client = TableClient(link, device)
        # Nothing of this placeholder is drawn: the table appears with the first update.
        self.session = Session(new_game(), seats=[HUMAN, ELSEWHERE, ELSEWHERE, ELSEWHERE])
        #: The seat's view as the server last sent it (``None`` until the first update).
        self.seen: PlayerView | None = None
        #: Who sits where and whether they are there, by seat.
        self.seats: dict[int, SeatStatus] = {}
        #: The human seats ready for the next deal (between rounds).
        self.ready: set[int] = set()
        self._rules = self.session.state.rules
        self._welcomed = False
        #: The legal actions of the last update (``legal`` is empty while a move is on its
        #: way or the connection is down).
        self._offered: list[Action] = []
        self._undoable = False
        self._sent = False
        #: When each away seat's bot takes over (``time.monotonic``), by seat.
        self._deadlines: dict[int, float] = {}
        self._question: ConfirmScreen | None = None
        #: What went wrong with the last connection (said until the seat joins again).
        self._trouble = ""
        #: When the connection dropped (``time.monotonic``; ``None`` while it is up).
        self._lost_at: float | None = None
        #: Why the table will not have this seat (the app ends).
        self.refused: str | None = None
        self._outbox: asyncio.Queue[Act | Undo | Ready] = asyncio.Queue()

    # ------------------------------------------------------------------ connection

    def start_play(self) -> None:
        """Join the table; count down the away seats once a second."""
        for note in self.notes:
            self.notify(note, severity="warning")
        self.run_worker(self.client.run(self.received, self.dropped), group="table")
        self.run_worker(self._send_loop(), group="outbox")
        self.set_interval(1.0, self._tick)
        self.refresh_status()

    async def _send_loop(self) -> None:
        """Send the moves in the order they were made."""
        while True:
            message = await self._outbox.get()
            if not await self.client.send(message):
                self.refuse("The connection to the table dropped: that move was not sent.")

    def dropped(self, sentence: str) -> None:
        """The connection is down (``sentence`` says why); the client joins again by
        itself."""
        self._trouble = sentence
        if self._lost_at is None:
            self._lost_at = time.monotonic()
        self._show_keys()

    async def on_unmount(self) -> None:
        """Leave the table with the app."""
        await self.client.close()

    @property
    def connected(self) -> bool:
        """Joined, with the seat's view at hand."""
        return self.client.connected and self.seen is not None

    # ------------------------------------------------------------------ the server's messages

    def received(self, message: ServerMessage) -> None:
        """Take one message of the server."""
        try:
            match message:
                case Welcome():
                    self._welcome(message)
                case Update():
                    self._update(message)
                case TableStatus():
                    self._presence(message.seats)
                    self.refresh_status()
                case Error():
                    title = "Not allowed" if message.reason == "illegal" else ""
                    self.refuse(message.message, title=title)
                    self._sent = False
                    self._show_keys()
                case Refused():
                    self._refuse_seat(message.message)
        except CanastaError as error:
            self._refuse_seat(str(error))
            self.run_worker(self.client.close(), group="table")

    def _welcome(self, message: Welcome) -> None:
        self._rules = validate_rules(message.rules)
        self.viewer = message.seat
        # Who came and went while this seat was away is not told: only the table as it is.
        self.seats = {}
        self._lost_at = None
        self._presence(message.seats)
        name = self.seats[message.seat].name
        if self._welcomed:
            self.write_log(["Back at the table."])
        else:
            label = self._rules.seat_name(message.seat)
            who = label if name == label else f"{name} ({label})"
            self.write_log([f"Joined the table as {who}: {self._rules.label}."])
        self._welcomed = True

    def _update(self, message: Update) -> None:
        seen = view_from_message(message.view, self._rules)
        happened = [event_from_message(told) for told in message.events]
        offered = [parse_action(text) for text in message.legal]
        before = self.seen
        self.seen = seen
        self._offered = offered
        self._undoable = message.can_undo
        self._sent = False
        self.ready = set(message.ready)
        self._presence(message.seats)
        names = [self.seats[seat].name for seat in range(self._rules.players)]
        kinds = [HUMAN if seat == seen.seat else ELSEWHERE for seat in range(self._rules.players)]
        self.session = Session(determinize(seen, random.Random(0)), seats=kinds, names=names)
        if happened and before is not None:
            self._last_seat = before.to_move
        if before is None:
            # The seat may join a game long in progress: the log starts from where it is.
            self.write_log([self._where_it_is(seen, names)])
        self.heard(happened)
        if message.undone is not None:
            self.tell_undone(seen.turn, parse_action(message.undone))
        self.legal = offered
        self.show_table(seen)
        if any(isinstance(event, RoundScored) for event in happened):
            self.show_sheet()
        reply = partner_reply(self.session, happened)
        if reply is not None:
            self.push_screen(MessageScreen(*reply))
        if message.question is not None and not self._asking:
            self._question = self.ask_answer(seen.seat)

    def _where_it_is(self, seen: PlayerView, names: Sequence[str]) -> Told:
        """The log's first line: the round, who dealt and the scores, the player at the
        keyboard called "You" as every other line calls them."""
        rules, round_no, dealer, scores = self._rules, seen.round_no, seen.dealer, seen.scores
        over = seen.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)

        def told(you: int | None) -> str:
            shown = shown_names(names, you)
            totals = scores_text(rules, scores, shown)
            if over:
                return f"Round {round_no} is over: {totals}."
            return f"Round {round_no} is in play ({shown[dealer]} dealt): {totals}."

        return told

    @property
    def _asking(self) -> bool:
        return self._question is not None and self._question in self.screen_stack

    def _presence(self, seats: Sequence[SeatStatus]) -> None:
        """Take the seats' presence: tell who came and went, and start each countdown."""
        self.write_log(comings_and_goings(self.seats, seats, viewer=self.viewer))
        self.seats = {seat.seat: seat for seat in seats}
        now = time.monotonic()
        self._deadlines = {
            seat.seat: now + seat.away
            for seat in seats
            if seat.away is not None and not seat.bot_playing
        }

    def _refuse_seat(self, sentence: str) -> None:
        """The table will not have this seat: say why, then end the app."""
        self.refused = sentence
        self._show_keys()
        self.push_screen(
            MessageScreen("You are not at the table", sentence), lambda _: self.exit(1)
        )

    def _tick(self) -> None:
        """Count the away seats down on the status line. (The timer is the app's, and an
        app that is closing takes its screens' widgets down before it stops its timers.)"""
        if self._deadlines and self.table_screen.is_attached:
            self.refresh_status()

    def _show_keys(self) -> None:
        """Offer the moves of the last update, unless one is on its way or the seat is
        not at the table now; say so."""
        self.legal = self._offered if self.connected and not self._sent else []
        self.refresh_status()

    # ------------------------------------------------------------------ what the screens ask

    def submit_all(self, actions: Sequence[Action], *, seat: int | None = VIEWER) -> bool:
        """Send the seat's moves to the table. Several (a meld plan) go only when the
        stand-in accepts them all, so that they are all made or none is."""
        if not self.connected:
            self.refuse("The table is not connected: nothing was sent.")
            return False
        if len(actions) > 1:
            try:
                self.session.check_all(actions, seat=self.viewer)
            except IllegalActionError as error:
                self.refuse(error.sentence, title="Not allowed")
                return False
        for action in actions:
            self._outbox.put_nowait(Act(action=str(action)))
        self._sent = True
        self._show_keys()
        return True

    def undo(self) -> None:
        """Ask the table to take back the seat's last meld or lay-off."""
        if self.connected:
            self._outbox.put_nowait(Undo())
            self._sent = True
            self._show_keys()

    @property
    def can_undo(self) -> bool:
        """The last update said a meld or lay-off can be taken back."""
        return self._undoable and self.connected and not self._sent

    @property
    def ready_for_next_deal(self) -> bool:
        """``n`` told the table this seat is ready; the deal waits for the others."""
        return self.viewer in self.ready

    def offers(self, action: str) -> bool:
        """No new game, settings, statistics or replays: the host's server keeps the game."""
        return action not in _LOCAL_ONLY

    @property
    def quit_question(self) -> tuple[str, str]:
        """Leaving the table: the seat waits for its player."""
        return (
            "Leave the table?",
            "Your seat stays at the table: join again with the same link to come back.",
        )

    def show_sheet(self) -> None:
        """The score sheet, once the table has sent the game."""
        if self._arrived():
            super().show_sheet()

    def hint(self) -> None:
        """A hint, once the table has sent the game."""
        if self._arrived():
            super().hint()

    def _arrived(self) -> bool:
        """Whether the table has sent the game (else say so): until then the session is a
        placeholder, and its scores and hands are no one's."""
        if self.seen is None:
            self.refuse("The table has not sent the game yet: wait for it to appear.")
        return self.seen is not None

    def sheet_closed(self, *, go_on: bool, game_over: bool) -> None:
        """``n`` on the score sheet tells the table this seat is ready for the next deal."""
        phase = self.session.state.phase
        if go_on and self.connected and phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            self._outbox.put_nowait(Ready())
            self.ready.add(self.viewer)
            self.refresh_status()

    def status(self, chosen: Sequence[Card]) -> str:
        """What the player must do next; whom the table waits for; who is away."""
        if self.refused is not None:
            return self.refused
        dots = "..." if self.style.ascii else "…"
        if self.seen is None:
            return f"Joining the table at {self.link.url}{dots} {self._trouble}".rstrip()
        if not self.client.connected:
            where = self.link.url.rsplit("/table/", 1)[0]
            lost = self._lost_at
            moved = (
                " If the host has moved the table, ask them for your new link (q quits)."
                if lost is not None and time.monotonic() - lost >= LOST_HINT
                else ""
            )
            return f"Reconnecting to the table at {where}{dots} {self._trouble}{moved}".rstrip()
        state = self.session.state
        mover = state.to_move
        left = self._seconds_left()
        if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and self.viewer in self.ready:
            main = ready_sentence(list(self.seats.values()), self.ready, dots=dots)
        elif mover is not None and mover != self.viewer:
            main = mover_sentence(
                self.seats[mover],
                left.get(mover),
                phase=state.phase,
                asker=state.turn,
                viewer=self.viewer,
                dots=dots,
            )
        else:
            main = super().status(chosen)
        notes = [
            note
            for seat in self.seats.values()
            if seat.seat not in (mover, self.viewer)
            if (note := away_note(seat, left.get(seat.seat))) is not None
        ]
        return " ".join([main, *notes])

    def _seconds_left(self) -> dict[int, float]:
        now = time.monotonic()
        return {seat: deadline - now for seat, deadline in self._deadlines.items()}


def run(args: argparse.Namespace) -> int:
    """``canasta join LINK``: play the link's seat; the exit status (2: a bad link)."""
    from canasta.persist import Paths, device_name, load_settings
    from canasta.tui.options import is_utf8

    try:
        link = JoinLink.parse(args.link)
    except CanastaError as error:
        print(f"canasta join: {error}", file=sys.stderr)
        return 2
    paths = Paths.from_environment()
    settings = load_settings(paths).value
    app = RemoteApp(
        link,
        device=device_name(paths),
        ascii=bool(args.ascii) or settings.ascii or not is_utf8(sys.__stderr__),
        theme=args.theme or settings.theme,
        by_suit=settings.hand_order == "suit",
    )
    result = app.run()
    if app.refused is not None:
        print(f"canasta join: {app.refused}", file=sys.stderr)
    return 0 if result is None else result
