"""The Textual app: the table screen, the bots' worker, and the one command path.

Every input (a key, a click, a bot's choice, an answer in a dialog) becomes an engine
:class:`~canasta.engine.Action` and goes through :meth:`CanastaApp.submit`, which hands it
to :meth:`Session.apply <canasta.tui.session.Session.apply>`. A refusal shows the engine's
sentence as a notification and changes nothing.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence

from textual import work
from textual.app import App
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import RichLog

from canasta.bots import Bot, Decision
from canasta.engine import (
    TEAM_NAMES,
    Action,
    Answer,
    Card,
    GameState,
    IllegalActionError,
    NextRound,
    Phase,
    legal_actions,
    new_game,
    partner,
    seat_name,
    view,
)
from canasta.engine.events import (
    Discarded,
    Event,
    RoundScored,
)
from canasta.engine.narrate import describe_event
from canasta.persist import Paths, SessionInfo, Settings
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
from canasta.tui.hotseat import CurtainScreen, Seating, SeatingScreen
from canasta.tui.options import PACE_SECONDS, Options, best_level
from canasta.tui.players import Players, available_levels
from canasta.tui.resume import ResumeScreen
from canasta.tui.screens import (
    ConfirmScreen,
    MessageScreen,
    ScoreSheetScreen,
)
from canasta.tui.session import HUMAN, Session
from canasta.tui.status import status_sentence
from canasta.tui.storage import (
    AutoSaver,
    GameArchived,
    GameStore,
    SaveFailed,
    Startup,
    look_for_saved_game,
    session_info,
)
from canasta.tui.table_screen import MIN_SIZE, TableScreen
from canasta.tui.widgets import Table

__all__ = ["MIN_SIZE", "CanastaApp", "TableScreen", "make_app"]

#: ``seat`` of :meth:`CanastaApp.submit` meaning the seat at the keyboard.
VIEWER = -1

CANASTA_THEME = Theme(
    name="canasta",
    primary="#2e8b57",
    secondary="#c9a227",
    accent="#e0b040",
    foreground="#e8e6df",
    background="#0f2a1d",
    surface="#143524",
    panel="#1b4430",
    success="#5fd787",
    warning="#ffaf00",
    error="#ff5f5f",
    dark=True,
)


class CanastaApp(App[int]):
    """Classic Canasta: South is the player at the keyboard, the others are bots."""

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
        paths: Paths | None = None,
        startup: Startup | None = None,
        resume: bool = False,
        settings: Settings | None = None,
    ) -> None:
        super().__init__()
        self.options = options
        self.style = CardStyle(ascii=options.ascii)
        self.viewer = 0
        #: The bots of the bot seats.
        self.players = Players((HUMAN, *options.levels), bots=bots, bot_seed=bot_seed)
        self.notes: list[str] = list(self.players.notes)
        seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**31)
        initial = state if state is not None else new_game(seed=seed)
        self.seed = initial.seed
        #: The player's settings (what the settings screen shows and saves).
        self.settings = settings or Settings()
        #: Where the game, settings, statistics and records are kept (``None``: nowhere).
        self.paths = paths
        self.store = GameStore(AutoSaver(paths, self.post_message)) if paths else None
        #: An unfinished saved game to offer (``resume``: to resume without asking).
        self.startup = startup or Startup()
        self.notes.extend(self.startup.notes)
        self.resume = resume
        self.session = Session(initial, seats=self.players.kinds)
        #: Hot seat: no hand is shown (a bot plays, or the keyboard is passing on).
        self.hand_hidden = False
        #: The game log as events (told anew when the seat at the keyboard changes).
        self._log_entries: list[Event | str] = []
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
        self._touched: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        self._pile_touched = False

    # ------------------------------------------------------------------ start

    def on_mount(self) -> None:
        """Set the app's own theme (never the environment's)."""
        self.theme = self.theme_name

    def get_default_screen(self) -> Screen[None]:
        """The table is the app's first screen."""
        return self.table_screen

    def start_play(self) -> None:
        """Tell the deal, show the table and let the first player move (once the table
        screen is up; with ``--hotseat`` once the players are seated). An unfinished saved
        game is offered first (resumed at once with ``--resume``)."""
        if self.startup.saved is not None:
            self._offer_resume()
            return
        if self._choose_first:
            self._choose_first = False
            self.push_screen(self._seating_screen(), self._seated_first)
            return
        self._start_log()
        for note in self.notes:
            self.notify(note, severity="warning")
        self._changed(())

    def _start_log(self) -> None:
        self.write_log(
            deal_lines(
                self.session.state, viewer=self.viewer, names=self.session.names, style=self.style
            )
        )

    # ------------------------------------------------------------------ hot seat

    def _seating_screen(self) -> SeatingScreen:
        session = self.session
        seating = Seating(
            kinds=(session.seats[0], session.seats[1], session.seats[2], session.seats[3]),
            names=(session.names[0], session.names[1], session.names[2], session.names[3]),
        )
        available = available_levels()
        level = best_level(self.options.levels[0], available)
        return SeatingScreen(seating, available=available, level=level)

    def _seated_first(self, seating: Seating | None) -> None:
        if seating is None:
            self.exit(0)
            return
        self._seat(seating)
        self.start_play()

    def choose_seats(self) -> None:
        """The seating screen; a new game with the chosen players (nothing on Escape)."""

        def seated(seating: Seating | None) -> None:
            if seating is not None:
                self.new_game(seating)

        self.push_screen(self._seating_screen(), seated)

    def _seat(self, seating: Seating) -> None:
        """Seat ``seating``'s players for the session's game, before its first action."""
        self.session = Session(self.session.initial, seats=seating.kinds, names=seating.names)
        self.players.seat(seating.kinds)
        self.viewer = seating.humans[0]
        self.hand_hidden = len(seating.humans) > 1

    def write_log(self, entries: Sequence[Event | str]) -> None:
        """Add events (told as the seat at the keyboard may hear them) and sentences to
        the game log."""
        self._log_entries.extend(entries)
        del self._log_entries[:-500]
        self.table_screen.write_log([self._told(entry) for entry in entries])

    def _told(self, entry: Event | str) -> str:
        if isinstance(entry, str):
            return entry
        return describe_event(
            entry,
            viewer=None if self.hand_hidden else self.viewer,
            label=self.style.label,
            names=self.session.names,
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
            self.notify(error.sentence, title="Not allowed", severity="warning")
            return False
        self._last_seat = mover
        self._changed(happened)
        return True

    def undo(self) -> None:
        """Take back the last meld or lay-off of the turn."""
        try:
            undone = self.session.undo()
        except LookupError as error:
            self.notify(str(error), severity="warning")
            return
        self.write_log([f"{seat_name(self.viewer)} took back a move: {self.style.action(undone)}."])
        self._touched = (frozenset(), frozenset())
        self._changed(())

    # ------------------------------------------------------------------ after every change

    def _changed(self, happened: Sequence[Event]) -> None:
        if self.store is not None and self.startup.saved is None:  # not while offering one
            self.store.sync(self.session, self._session_info)
        state = self.session.state
        if happened:
            self._touched = touched_by(happened)
            self._pile_touched = any(isinstance(event, Discarded) for event in happened)
            self.write_log(happened)
        if keyboard_leaves(self.session, viewer=self.viewer, hand_hidden=self.hand_hidden):
            self._hand_over(None)
        at_keyboard = state.to_move == self.viewer and not self.hand_hidden
        self.legal = legal_actions(state) if self.session.human_to_move and at_keyboard else []
        seen = view(state, self.viewer)
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
        if any(isinstance(event, RoundScored) for event in happened):
            self.show_sheet()
        self._advance(happened)

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

        name = self.session.names[partner(seat)]
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
        self.submit(decision.action, seat=seat)

    @work(thread=True, exclusive=True, group="hint")
    def hint(self) -> None:
        """Say what the normal bot would do in the viewer's place, and why."""
        state = self.session.state
        if state.to_move != self.viewer:
            return
        decision = self.players.hint(self.viewer, state, actions=len(self.session.actions))
        self.call_from_thread(
            self._hinted, state, f"{self.style.action(decision.action)}. {decision.reason}"
        )

    def _hinted(self, state: GameState, hint: str) -> None:
        # Only while the position is unchanged: in hot seat the hint names the cards of a
        # hand that may have left the screen.
        if self.session.state is state:
            self.notify(hint, title="Hint", timeout=10)

    # ------------------------------------------------------------------ round end

    def show_sheet(self) -> None:
        """The score sheet; at a round's end it deals the next round, at the game's end it
        starts a new game."""
        if self._sheet_open:
            return
        state = self.session.state
        game_over = state.phase is Phase.GAME_OVER
        round_over = state.phase is Phase.ROUND_OVER
        title = sheet_title(state, viewer=self.viewer, humans=len(self.session.humans))

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
                title=title,
                can_continue=round_over,
                game_over=game_over,
            ),
            closed,
        )

    def new_game(self, seating: Seating | None = None) -> None:
        """Deal a new game with the next seed (and, when given, a new ``seating``)."""
        session = self.session
        self.session = Session(
            new_game(seed=self.seed + 1), seats=session.seats, names=session.names
        )
        self.seed += 1
        if seating is not None:
            self._seat(seating)
        self._last_seat = None
        self._touched = (frozenset(), frozenset())
        self._pile_touched = False
        self._log_entries.clear()
        self.table_screen.query_one(RichLog).clear()
        self._start_log()
        self._changed(())

    # ------------------------------------------------------------------ saving and resuming

    def _session_info(self) -> SessionInfo:
        """Who plays the game in progress, for its save: a name chosen at the seating
        screen, else the one in the settings."""
        names = [
            given if given != seat_name(seat) else self.options.names[seat]
            for seat, given in enumerate(self.session.names)
        ]
        return session_info(self.session.seats, names=names, pace=self.options.pace)

    def _offer_resume(self) -> None:
        """Ask whether to resume the saved game (or, with ``--resume``, just resume it)."""
        if self.resume:
            self.resume_game()
            return
        saved, session = self.startup.saved, self.startup.session
        assert saved is not None and session is not None

        def chosen(resume: bool | None) -> None:
            if resume:
                self.resume_game()
            else:
                self.startup = Startup()
                self.start_play()

        self.push_screen(ResumeScreen(saved, session.state), chosen)

    def resume_game(self) -> None:
        """Go back into the saved game: its session, its bots, the log from here on."""
        saved, session = self.startup.saved, self.startup.session
        assert saved is not None and session is not None
        self.startup = Startup()
        seats, names = session.seats, session.names
        self._seat(
            Seating(
                kinds=(seats[0], seats[1], seats[2], seats[3]),
                names=(names[0], names[1], names[2], names[3]),
            )
        )
        self.session = session
        self.seed = session.initial.seed
        if self.store is not None:
            self.store.start(session, saved.session, record=saved.record)
        for note in self.notes:
            self.notify(note, severity="warning")
        state = session.state
        self.write_log(
            [
                f"Resumed the game saved at {saved.saved_at.astimezone():%H:%M}: round "
                f"{state.round_no}, {TEAM_NAMES[0]} {state.scores[0]}, "
                f"{TEAM_NAMES[1]} {state.scores[1]}."
            ]
        )
        self._changed(())

    def on_save_failed(self, message: SaveFailed) -> None:
        """Saving went wrong: say so once (the game goes on)."""
        self.notify(message.sentence, title="Not saved", severity="error", timeout=10)

    def on_game_archived(self, message: GameArchived) -> None:
        """A finished game was counted and archived: say where it can be replayed."""
        finished = message.finished
        for problem in finished.problems:
            self.notify(problem, severity="warning", timeout=10)
        if finished.record_path is not None:
            self.notify("The game is in your statistics (i) and can be replayed (v).")

    def on_unmount(self) -> None:
        """Write what is waiting to be saved before the app ends."""
        if self.store is not None:
            self.store.saver.close()

    def apply_settings(self, settings: Settings | None) -> None:
        """Use the settings saved on the settings screen (``None``: nothing changed).

        Pace, theme, ASCII mode and hand order apply at once; names and difficulty from
        the next game.
        """
        if settings is None:
            return
        self.settings = settings
        names = settings.names
        level = settings.difficulty
        self.options = dataclasses.replace(
            self.options,
            pace=settings.pace,
            theme=settings.theme,
            ascii=settings.ascii,
            names=(names.south, names.west, names.north, names.east),
            by_suit=settings.hand_order == "suit",
            levels=(level, level, level),
        )
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        else:
            self.notify(f"There is no theme {settings.theme!r}: the theme is unchanged.")
        self.style = CardStyle(ascii=settings.ascii)
        self.set_class(settings.ascii, "-ascii")
        screen = self.table_screen
        screen.by_suit = self.options.by_suit
        if screen.table is not None:
            screen.cards = ()
            screen.show(dataclasses.replace(screen.table, style=self.style))
        for widget in screen.query("*"):
            widget.refresh()

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


def make_app(
    options: Options | None = None,
    *,
    state: GameState | None = None,
    bots: Sequence[Bot] | None = None,
    bot_seed: int | None = None,
    seating: Seating | None = None,
    paths: Paths | None = None,
    resume: bool = False,
    settings: Settings | None = None,
) -> CanastaApp:
    """The app, ready to run: ``state`` starts from a given position (tests, resume),
    ``bots`` replaces West, North and East's bots, ``bot_seed`` seeds their choices,
    ``seating`` seats humans and bots (of its levels) anywhere, for hot-seat play.

    With ``paths`` every action is saved there, an unfinished saved game is offered (or,
    with ``resume``, resumed at once) and finished games are counted and archived; without,
    nothing is read or written. ``settings`` are what the settings screen starts from.
    """
    startup = look_for_saved_game(paths) if paths is not None else Startup()
    if resume and paths is not None and startup.saved is None:
        startup = Startup(
            notes=(*startup.notes, "There is no unfinished game to resume: a new game is dealt.")
        )
    return CanastaApp(
        options or Options(),
        state=state,
        bots=bots,
        bot_seed=bot_seed,
        seating=seating,
        paths=paths,
        startup=startup,
        resume=resume,
        settings=settings,
    )
