"""Play at the table: the one command path, the bots' worker, hot seat and the round's end.

Every input (a key, a click, a bot's choice, an answer in a dialog) becomes an engine
:class:`~canasta.engine.Action` and goes through :meth:`PlayApp.submit`, which hands it to
:meth:`Session.apply <canasta.session.Session.apply>`. A refusal shows the engine's
sentence as a notification and changes nothing. What comes next (a bot, a curtain, a
question) is asked of :mod:`canasta.tui.flow`; the status line of :mod:`canasta.tui.status`.

:class:`~canasta.tui.app.CanastaApp` adds the files around the game: saving, resuming,
settings.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual import work
from textual.app import App
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets import RichLog
from textual.widgets._toast import Toast

from canasta.engine import (
    Action,
    Answer,
    Card,
    GameState,
    IllegalActionError,
    NextRound,
    Phase,
    RuleSet,
    legal_actions,
    start_game,
    view,
)
from canasta.engine.events import Discarded, Event, RoundScored
from canasta.engine.narrate import describe_event
from canasta.session import HUMAN, Session
from canasta.tui.cards import CardStyle
from canasta.tui.flow import (
    BotMoves,
    CurtainFalls,
    KeyboardMoves,
    curtain_for,
    deal_lines,
    keyboard_leaves,
    next_mover,
    partner_reply,
    sheet_title,
    touched_by,
)
from canasta.tui.options import PACE_SECONDS, Options, best_level
from canasta.tui.players import Players
from canasta.tui.screens import ConfirmScreen, MessageScreen, ScoreSheetScreen
from canasta.tui.seats import Seating, short_labels, shown_names, team_labels
from canasta.tui.status import status_sentence
from canasta.tui.table_screen import TableScreen
from canasta.tui.theme import CANASTA_THEME
from canasta.tui.widgets import Table

if TYPE_CHECKING:
    from canasta.bots import Bot, Decision
    from canasta.tui.hotseat import SeatingScreen

__all__ = ["VIEWER", "PlayApp"]

#: ``seat`` of :meth:`PlayApp.submit` meaning the seat at the keyboard.
VIEWER = -1

#: How long a refusal stays (short: it must not hide the table for long), and a hint (the
#: time to read a longer sentence).
REFUSAL_SECONDS, HINT_SECONDS = 3.0, 10.0

#: A line of the log told anew for whoever is at the keyboard (the seat called "You", or
#: ``None``), as events are.
Told = Callable[[int | None], str]


class PlayApp(App[int]):
    """A game of Canasta at the table of ``options.rules`` (or of ``state``): South is the
    player at the keyboard (in hot seat, whoever must act), the others are bots; nothing is
    read or written."""

    CSS_PATH = "canasta.tcss"
    TITLE = "Canasta"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        options: Options,
        *,
        state: GameState | None = None,
        bots: Sequence[Bot] | None = None,
        bot_seed: int | None = None,
        seating: Seating | None = None,
    ) -> None:
        super().__init__()
        self.options = options
        self.style = CardStyle(ascii=options.ascii)
        self.viewer = 0
        rules = state.rules if state is not None else options.rules
        #: The bots of the bot seats.
        self.players = Players(
            options.kinds(rules),
            names=rules.seat_names,
            bots=bots,
            bot_seed=bot_seed,
            timeout=options.bot_timeout,
        )
        #: Sentences to show once the table is up.
        self.notes: list[str] = list(self.players.notes)
        seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**31)
        if state is None:
            initial, self._deal_events = start_game(rules, seed=seed)
        else:
            # A resumed game: the log opens with a summary of the table as it stands.
            initial, self._deal_events = state, ()
        self.seed = initial.seed
        self.session = Session(initial, seats=self.players.kinds)
        #: Hot seat: no hand is shown (a bot plays, or the keyboard is passing on).
        self.hand_hidden = False
        #: The game log as events (told anew when the seat at the keyboard changes).
        self._log_entries: list[Event | str | Told] = []
        #: ``--hotseat``: the seating screen comes before the first deal.
        self._choose_first = options.hotseat and seating is None
        if seating is not None:
            self._seat(seating)
        self.legal: list[Action] = []
        self.register_theme(CANASTA_THEME)
        self.theme_name = "canasta"
        if options.theme in self.available_themes:
            self.theme_name = options.theme
        else:
            self.notes.append(f"There is no theme {options.theme!r}: using canasta.")
        self.set_class(options.ascii, "-ascii")
        self.animation_level = "none"
        self.table_screen = TableScreen()
        self.table_screen.by_suit = options.by_suit
        self._sheet_open = False
        self._last_seat: int | None = None
        self._touched: tuple[frozenset[int], ...] = ()
        self._pile_touched = False
        #: The notice on show of each kind (``refusal``, ``hint``), replaced by the next.
        self._notices: dict[str, Notification] = {}

    # ------------------------------------------------------------------ start

    def on_mount(self) -> None:
        """Set the app's own theme (never the environment's)."""
        self.theme = self.theme_name

    def get_default_screen(self) -> Screen[None]:
        """The table is the app's first screen."""
        return self.table_screen

    def start_play(self) -> None:
        """Tell the deal, show the table and let the first player move (once the table
        screen is up; with ``--hotseat`` once the players are seated)."""
        if self._choose_first:
            self._choose_first = False
            self.push_screen(self._seating_screen(self.session.state.rules), self._seated_first)
            return
        self._start_log()
        for note in self.notes:
            self.notify(note, severity="warning")
        self._changed(())

    def _start_log(self) -> None:
        """Tell the deal to the log (and to the outside bots, who hear its events)."""
        if self._deal_events:
            self.players.observe(self._deal_events)
            self.write_log(self._deal_events)
            return
        state, names = self.session.state, self.session.names

        def dealt(you: int | None) -> str:
            return "\n".join(deal_lines(state, you=you, names=names, style=self.style))

        self.write_log([dealt])

    # ------------------------------------------------------------------ hot seat

    def _seating_screen(self, rules: RuleSet) -> SeatingScreen:
        """The seating screen for a game of ``rules``: the seats as they are, or (at a
        table of another size) South a human and the others bots."""
        from canasta.bots import BOTS
        from canasta.tui.hotseat import SeatingScreen

        session = self.session
        if rules.players == len(session.seats):
            seating = Seating(kinds=session.seats, names=session.names)
        else:
            seating = Seating(kinds=self.options.kinds(rules))
        level = best_level(self.options.levels[0], BOTS)
        return SeatingScreen(seating, rules=rules, available=BOTS, level=level)

    def _seated_first(self, seating: Seating | None) -> None:
        if seating is None:
            self.exit(0)
            return
        self._seat(seating)
        self.start_play()

    def choose_seats(self) -> None:
        """The seating screen; a new game of the options' rules with the chosen players
        (nothing on Escape)."""

        def seated(seating: Seating | None) -> None:
            if seating is not None:
                self.new_game(seating)

        self.push_screen(self._seating_screen(self.options.rules), seated)

    def _seat(self, seating: Seating) -> None:
        """Seat ``seating``'s players for the session's game, before its first action."""
        self.session = Session(
            self.session.initial, seats=seating.kinds, names=seating.names or None
        )
        self.seat_players(seating)

    def seat_players(self, seating: Seating) -> None:
        """Let ``seating``'s bots play and its first human take the keyboard (hidden when
        more people share it)."""
        self.players.seat(seating.kinds)
        self.viewer = seating.humans[0]
        self.hand_hidden = len(seating.humans) > 1

    @property
    def you(self) -> int | None:
        """The seat the table calls "You": the one at the keyboard, unless no hand is shown."""
        return None if self.hand_hidden else self.viewer

    def write_log(self, entries: Sequence[Event | str | Told]) -> None:
        """Add events and lines told as the seat at the keyboard may hear them, and
        sentences, to the game log."""
        self._log_entries.extend(entries)
        del self._log_entries[:-500]
        self.table_screen.write_log([self._told(entry) for entry in entries])

    def _told(self, entry: Event | str | Told) -> str:
        if isinstance(entry, str):
            return entry
        if callable(entry):
            return entry(self.you)
        return describe_event(
            entry,
            viewer=self.you,
            label=self.style.label,
            names=self.session.names,
            rules=self.session.state.rules,
            you=self.you,
        )

    def _hand_over(self, seat: int | None) -> None:
        """Give the keyboard to ``seat`` (``None``: to nobody, every hand hidden), and tell
        the log anew as that seat may hear it."""
        self.viewer = self.viewer if seat is None else seat
        self.hand_hidden = seat is None
        self.clear_notifications()  # A hint or a refusal may name the last player's cards.
        self.table_screen.query_one(RichLog).clear()
        self.table_screen.write_log([self._told(entry) for entry in self._log_entries])

    def _curtain(self, seat: int, happened: Sequence[Event]) -> None:
        """Hide the table until ``seat``'s player is at the keyboard, then go on."""

        from canasta.tui.hotseat import CurtainScreen  # here: hot seat is rare

        def revealed(_: None) -> None:
            self._hand_over(seat)
            self._changed(())

        self.push_screen(CurtainScreen(*curtain_for(self.session, seat, happened)), revealed)

    # ------------------------------------------------------------------ the command path

    def submit(self, action: Action, *, seat: int | None = VIEWER) -> bool:
        """Play ``action`` through the session; on a refusal notify and change nothing.

        ``seat`` is who acts (the viewer by default; ``None`` for the deal of a round).
        """
        return self.submit_all((action,), seat=seat)

    def submit_all(self, actions: Sequence[Action], *, seat: int | None = VIEWER) -> bool:
        """Play several actions, all or none (see :meth:`submit`)."""
        mover = self.session.state.to_move
        if seat == VIEWER:
            seat = self.viewer
        try:
            happened = self.session.apply_all(actions, seat=seat)
        except IllegalActionError as error:
            self.refuse(error.sentence, title="Not allowed")
            return False
        self._last_seat = mover
        self._changed(happened)
        return True

    def refuse(self, sentence: str, *, title: str = "") -> None:
        """Say why a move cannot be made, in place of the last such notice: a player who
        tries several things sees the latest refusal, not a pile of them."""
        self.notice("refusal", sentence, title=title, warning=True, timeout=REFUSAL_SECONDS)

    def notice(
        self, kind: str, sentence: str, *, title: str, warning: bool = False, timeout: float
    ) -> None:
        """Show ``sentence`` for ``timeout`` seconds in place of the last notice of the same
        ``kind``: one refusal, one hint at a time."""
        old = self._notices.get(kind)
        if old is not None:
            self._withdraw(old)
        self._notices[kind] = Notification(
            sentence, title, "warning" if warning else "information", timeout, markup=False
        )
        self.post_message(Notify(self._notices[kind]))

    def _withdraw(self, notice: Notification) -> None:
        """Take ``notice`` away as its toast does when its time is up: Textual has no public
        way to withdraw one notification, and forgetting it alone leaves the toast's holder
        behind, a blank line that would push the next notice down over the hand."""
        for toast in self.screen.query(Toast):
            if toast._notification is notice:
                toast._expire()
                return
        self._unnotify(notice, refresh=False)  # its toast is on another screen, or gone

    def undo(self) -> None:
        """Take back the last meld or lay-off of the turn."""
        try:
            undone = self.session.undo()
        except LookupError as error:
            self.refuse(str(error))
            return
        seat, names, move = self.viewer, self.session.names, self.style.action(undone)
        self.write_log([lambda you: f"{shown_names(names, you)[seat]} took back a move: {move}."])
        self._touched = ()
        self._changed(())

    # ------------------------------------------------------------------ after every change

    def keep(self) -> None:
        """After every change: keep the game (the app around the table saves it)."""

    def _changed(self, happened: Sequence[Event]) -> None:
        self.keep()
        state = self.session.state
        if happened:
            self.players.observe(happened)
            self._touched = touched_by(happened, rules=state.rules)
            self._pile_touched = any(isinstance(event, Discarded) for event in happened)
            self.write_log(happened)
        if keyboard_leaves(self.session, viewer=self.viewer, hand_hidden=self.hand_hidden):
            self._hand_over(None)
        at_keyboard = state.to_move == self.viewer and not self.hand_hidden
        self.legal = legal_actions(state) if self.session.human_to_move and at_keyboard else []
        self.show_table()
        if any(isinstance(event, RoundScored) for event in happened):
            self.show_sheet()
        self._advance(happened)

    def show_table(self) -> None:
        """Draw the table as the session stands (its keys as :attr:`legal` allows)."""
        seen = view(self.session.state, self.viewer)
        self.table_screen.show(
            Table(
                seen=seen._replace(hand=()) if self.hand_hidden else seen,
                style=self.style,
                touched=self._touched,
                last_seat=self._last_seat,
                pile_touched=self._pile_touched,
                hidden=self.hand_hidden,
                names=self.session.names,
            )
        )

    def _advance(self, happened: Sequence[Event]) -> None:
        match next_mover(self.session, viewer=self.viewer, hand_hidden=self.hand_hidden):
            case BotMoves(seat):
                self._think(seat, self.session.state)
            case CurtainFalls(seat):
                self._curtain(seat, happened)
            case KeyboardMoves(seat):
                reply = partner_reply(self.session, happened)
                if reply is not None:
                    self.push_screen(MessageScreen(*reply))
                if self.session.state.phase is Phase.ANSWER and len(self.session.humans) == 1:
                    self._ask_human(seat)

    def _ask_human(self, seat: int) -> None:
        """The one human answers partner's question in a dialog."""

        def answered(yes: bool | None) -> None:
            self.submit(Answer(bool(yes)), seat=seat)

        name = self.session.names[self.session.state.turn]
        question = ConfirmScreen(
            f"{name} asks: may I go out?",
            detail=f"Yes: {name} must go out this turn. No: {name} may not go out this turn.",
        )
        self.push_screen(question, answered)

    # ------------------------------------------------------------------ bots

    @work(thread=True, exclusive=True, group="bots")
    def _think(self, seat: int, state: GameState) -> None:
        """Let the bot in ``seat`` choose (in a thread), then play its choice."""
        started = time.perf_counter()
        decision = self.players.decide(seat, self.session, state)
        wait = PACE_SECONDS[self.options.pace] - (time.perf_counter() - started)
        if wait > 0:
            time.sleep(wait)
        self.call_from_thread(self._bot_decided, seat, state, decision)

    def _bot_decided(self, seat: int, state: GameState, decision: Decision) -> None:
        if self.session.state is not state or not self.is_running:
            return  # A new game was started, or the app is closing: the choice is stale.
        for fault in self.players.new_faults():
            self.notify(fault, title="Outside bot", severity="warning", timeout=10)
        self.submit(decision.action, seat=seat)

    def on_unmount(self) -> None:
        """End the outside bots' programs with the app."""
        self.players.close()

    @work(thread=True, exclusive=True, group="hint")
    def hint(self) -> None:
        """Say what the normal bot would do in the viewer's place, and why."""
        state = self.session.state
        if state.to_move != self.viewer:
            return
        decision = self.players.hint(self.viewer, state, actions=len(self.session.actions))
        self.call_from_thread(
            self._hinted, state, self.style.hint(decision.action, decision.reason)
        )

    def _hinted(self, state: GameState, hint: str) -> None:
        # Only while the position is unchanged: in hot seat the hint names the cards of a
        # hand that may have left the screen.
        if self.session.state is state:
            self.notice("hint", hint, title="Hint", timeout=HINT_SECONDS)

    # ------------------------------------------------------------------ round end

    def show_sheet(self) -> None:
        """The score sheet; at a round's end it deals the next round, at the game's end it
        starts a new game."""
        if self._sheet_open:
            return
        state = self.session.state
        game_over = state.phase is Phase.GAME_OVER
        round_over = state.phase is Phase.ROUND_OVER
        names = shown_names(self.session.names, self.you)
        title = sheet_title(state, viewer=self.viewer, humans=len(self.session.humans), names=names)

        def closed(go_on: bool | None) -> None:
            self._sheet_open = False
            if not go_on:
                return
            if game_over:
                self.new_game()
            else:
                self.submit(NextRound(), seat=None)

        self._sheet_open = True
        self.push_screen(
            ScoreSheetScreen(
                state.history,
                teams=team_labels(state.rules, names),
                short_teams=short_labels(state.rules, names),
                title=title,
                can_continue=round_over,
                game_over=game_over,
            ),
            closed,
        )

    def new_game(self, seating: Seating | None = None) -> None:
        """Deal a new game of the options' rules with the next seed, with ``seating`` when
        given, else the same players (at a table of another size: South a human, the
        others bots)."""
        session = self.session
        rules = self.options.rules
        initial, self._deal_events = start_game(rules, seed=self.seed + 1)
        self.seed += 1
        if seating is None and rules.players == len(session.seats):
            self.session = Session(initial, seats=session.seats, names=session.names)
            self.players.new_game()
        else:
            # At a table of another size: South at the keyboard, the options' bots around.
            default = Seating(kinds=(HUMAN, *self.options.kinds(rules)[1:]))
            self.session = Session(initial, seats=default.kinds)
            self._seat(seating or default)
        self._last_seat = None
        self._touched = ()
        self._pile_touched = False
        self._log_entries.clear()
        self.table_screen.query_one(RichLog).clear()
        self._start_log()
        self._changed(())

    # ------------------------------------------------------------------ status line

    def status(self, chosen: Sequence[Card]) -> str:
        """What the player must do next (and why a move is unavailable)."""
        return status_sentence(
            self.session,
            viewer=self.viewer,
            hand_hidden=self.hand_hidden,
            legal=self.legal,
            chosen=chosen,
            style=self.style,
        )
