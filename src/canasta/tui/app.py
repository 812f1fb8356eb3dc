"""The Textual app: the table screen, the bots' worker, and the one command path.

Every input (a key, a click, a bot's choice, an answer in a dialog) becomes an engine
:class:`~canasta.engine.Action` and goes through :meth:`CanastaApp.submit`, which hands it
to :meth:`Session.apply <canasta.tui.session.Session.apply>`. A refusal shows the engine's
sentence as a notification and changes nothing.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Footer, RichLog, Static

from canasta.bots import BOTS, Bot, Decision, make_bot
from canasta.engine import (
    TEAM_NAMES,
    Action,
    Answer,
    AskPartner,
    Card,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    LayOff,
    Meld,
    NextRound,
    Phase,
    TakePile,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    partner,
    seat_name,
    team_of,
    view,
)
from canasta.engine.events import (
    CardsLaidOff,
    Discarded,
    Event,
    Melded,
    PartnerAnswered,
    PileTaken,
    RoundDealt,
    RoundScored,
    UpCardTurned,
)
from canasta.engine.narrate import describe_event
from canasta.persist import Paths, SessionInfo, Settings
from canasta.tui.cards import CardStyle, hand_order
from canasta.tui.hotseat import CurtainScreen, Seating, SeatingScreen, curtain_lines
from canasta.tui.options import PACE_SECONDS, Options, best_level
from canasta.tui.replay import GamesScreen
from canasta.tui.resume import ResumeScreen
from canasta.tui.screens import (
    ConfirmScreen,
    MeldChooser,
    MessageScreen,
    RulesScreen,
    ScoreSheetScreen,
)
from canasta.tui.session import HUMAN, Session
from canasta.tui.settings_screen import SettingsScreen
from canasta.tui.stats_screen import StatsScreen
from canasta.tui.storage import (
    AutoSaver,
    GameArchived,
    GameStore,
    SaveFailed,
    Startup,
    look_for_saved_game,
    session_info,
)
from canasta.tui.widgets import (
    HandView,
    PilePanel,
    ScoreBar,
    SeatsBar,
    StatusLine,
    Table,
    TeamPanel,
)

__all__ = ["MIN_SIZE", "CanastaApp", "TableScreen", "make_app"]

#: ``seat`` of :meth:`CanastaApp.submit` meaning the seat at the keyboard.
VIEWER = -1
#: The smallest terminal the table is laid out for.
MIN_SIZE = (80, 24)
#: From this width on, the log gets its own column.
_WIDE = 110
#: From this height on, the log (below the table) gets more lines.
_TALL = 32

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


#: The table's actions whose keys come and go with the position.
_GAME_ACTIONS = (
    "draw",
    "take",
    "meld",
    "lay_off",
    "discard",
    "ask",
    "answer",
    "undo",
    "next_round",
    "hint",
)


class TableScreen(Screen[None]):
    """The table: scores, seats, melds, pile, the viewer's hand, status line and log.

    Holds only what is on screen (the selection and the cursor); the game is the app's
    session.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take pile"),
        Binding("m", "meld", "Meld"),
        Binding("l", "lay_off", "Lay off"),
        Binding("x", "discard", "Discard"),
        Binding("a", "ask", "Ask partner"),
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("u", "undo", "Undo"),
        Binding("n", "next_round", "Next round"),
        Binding("h", "hint", "Hint"),
        Binding("s", "scores", "Scores"),
        Binding("r", "rules", "Rules"),
        Binding("g", "new_game", "New game", show=False),
        Binding("o", "order", "Order", show=False),
        Binding("p", "settings", "Settings", show=False),
        Binding("i", "statistics", "Statistics", show=False),
        Binding("v", "finished_games", "Replay", show=False),
        Binding("q", "quit_game", "Quit"),
        Binding("left", "cursor(-1)", "Left", show=False),
        Binding("right", "cursor(1)", "Right", show=False),
        Binding("space", "select", "Select", show=False),
        Binding("escape", "clear", "Clear", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cards: tuple[Card, ...] = ()
        self.selected: frozenset[int] = frozenset()
        self.cursor = 0
        self.by_suit = False
        self.table: Table | None = None
        self._keys: tuple[bool | None, ...] = ()

    @property
    def game(self) -> CanastaApp:
        """The app that owns the session."""
        app = self.app
        assert isinstance(app, CanastaApp)
        return app

    def compose(self) -> ComposeResult:
        """The table's widgets."""
        yield ScoreBar(id="scores")
        yield SeatsBar(id="seats")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with Horizontal(id="middle"):
                    yield TeamPanel(0, id="team0")
                    yield PilePanel(id="pile")
                    yield TeamPanel(1, id="team1")
                yield HandView(id="hand")
                yield StatusLine(id="status")
            log = RichLog(id="log", wrap=True, min_width=20, max_lines=500)
            log.can_focus = False
            yield log
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        """Lay out for the terminal's size."""
        self._fit(self.app.size.width, self.app.size.height)
        pile = self.query_one(PilePanel)
        pile.border_title = "Pile"
        self.game.start_play()

    def on_resize(self, event: events.Resize) -> None:
        """Switch layouts (or show the too-small message) when the terminal changes."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(small, "-too-small")
        self.set_class(width >= _WIDE, "-wide")
        self.set_class(height >= _TALL, "-tall")
        if small:
            self.query_one("#too-small", Static).update(
                f"This terminal is {width}x{height}: Canasta needs at least "
                f"{MIN_SIZE[0]}x{MIN_SIZE[1]}, so please make the window larger."
            )

    # ------------------------------------------------------------------ drawing

    def show(self, table: Table) -> None:
        """Draw ``table``; keep the selection while the hand is unchanged."""
        self.table = table
        cards = tuple(hand_order(table.seen.hand, by_suit=self.by_suit))
        if cards != self.cards:
            self.cards = cards
            self.selected = frozenset()
            self.cursor = min(self.cursor, max(0, len(cards) - 1))
        for widget in self.query("ScoreBar, SeatsBar, TeamPanel, PilePanel").results():
            if isinstance(widget, (ScoreBar, SeatsBar, TeamPanel, PilePanel)):
                widget.show(table)
        for team in (0, 1):
            yours = team == table.seen.team and not table.hidden
            self.query_one(f"#team{team}", TeamPanel).border_title = (
                f"{TEAM_NAMES[team]} (you)" if yours else TEAM_NAMES[team]
            )
        self._draw_hand()

    def _draw_hand(self) -> None:
        if self.table is None:
            return
        hand = self.query_one(HandView)
        hand.show_hand(self.table, self.cards, self.selected, self.cursor)
        chosen = self.selection()
        hand.border_title = (
            "Hand hidden" if self.table.hidden else f"Your hand: {len(self.cards)} cards"
        )
        hand.border_subtitle = (
            f"{len(chosen)} selected = {sum(card.value for card in chosen)} points"
            if chosen
            else ""
        )
        self.query_one(StatusLine).say(self.game.status_text(chosen))
        # Redrawing the footer is costly: only when a key's availability changed.
        keys = tuple(self.check_action(action, ()) for action in _GAME_ACTIONS)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def write_log(self, lines: Sequence[str]) -> None:
        """Add sentences to the game log."""
        if lines:
            self.query_one(RichLog).write(Text("\n".join(lines)))

    def selection(self) -> tuple[Card, ...]:
        """The selected cards, in hand order."""
        return tuple(self.cards[index] for index in sorted(self.selected))

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only when the engine says its action is legal now."""
        game = self.game
        legal = game.legal
        chosen = bool(self.selected)
        if action == "draw":
            return DrawStock() in legal
        if action == "take":
            return any(isinstance(item, TakePile) for item in legal)
        if action == "meld":
            return chosen and any(isinstance(item, Meld) for item in legal)
        if action == "lay_off":
            return chosen and any(isinstance(item, LayOff) for item in legal)
        if action == "discard":
            return any(isinstance(item, Discard) for item in legal)
        if action == "ask":
            return AskPartner() in legal
        if action == "answer":
            # Hot seat: the partner answers at the table (one human answers in a dialog).
            return Answer(True) in legal and len(game.session.humans) > 1
        if action == "undo":
            return game.session.human_to_move and game.session.can_undo
        if action == "hint":
            return bool(legal) and game.session.state.phase in (Phase.DRAW, Phase.PLAY)
        if action == "next_round":
            return game.session.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        return True

    def action_cursor(self, step: int) -> None:
        """Move the hand cursor (wrapping around)."""
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self._draw_hand()

    def action_select(self) -> None:
        """Select or unselect the card under the cursor."""
        if self.cards:
            self.toggle(self.cursor)

    def toggle(self, index: int) -> None:
        """Select or unselect card ``index`` of the hand (display order)."""
        self.cursor = index
        self.selected = self.selected ^ {index}
        self._draw_hand()

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        """A click selects or unselects a card."""
        self.toggle(message.index)

    def action_clear(self) -> None:
        """Unselect every card."""
        self.selected = frozenset()
        self._draw_hand()

    def action_order(self) -> None:
        """Sort the hand by suit instead of by rank, or back."""
        self.by_suit = not self.by_suit
        if self.table is not None:
            self.cards = ()
            self.show(self.table)

    def action_draw(self) -> None:
        """Draw from the stock."""
        self.game.submit(DrawStock())

    def action_take(self) -> None:
        """Take the pile with the selected cards (with none: the way the engine allows)."""
        chosen = self.selection()
        if chosen:
            self.game.submit(TakePile(chosen))
            return
        takes = [item for item in self.game.legal if isinstance(item, TakePile)]
        takes.sort(key=lambda item: len(item.cards))
        self.game.submit(takes[0] if takes else TakePile())

    def action_meld(self) -> None:
        """Meld the selection: one meld per rank, all of them or none."""
        self.game.submit_all(self.game.meld_plan(self.selection()))

    def action_lay_off(self) -> None:
        """Lay the selection off on the team's meld of its rank (asking when only wilds)."""
        chosen = self.selection()
        ranks = sorted({card.rank for card in chosen if card.is_natural})
        if ranks:
            self.game.submit(LayOff(ranks[0], chosen))
            return
        state = self.game.session.state
        team = team_of(self.game.viewer)
        options = [
            meld.rank for meld in state.melds[team] if is_legal(state, LayOff(meld.rank, chosen))
        ]
        if len(options) == 1:
            self.game.submit(LayOff(options[0], chosen))
        elif options:

            def chosen_meld(rank: int | None) -> None:
                if rank is not None:
                    self.game.submit(LayOff(rank, chosen))

            self.app.push_screen(MeldChooser(options), chosen_meld)
        else:
            melds = state.melds[team]
            self.game.submit(LayOff(melds[0].rank if melds else 1, chosen))

    def action_discard(self) -> None:
        """Discard the selected card (or, with none selected, the card under the cursor)."""
        chosen = self.selection()
        if len(chosen) > 1:
            self.app.notify("Select just one card to discard.", severity="warning")
            return
        if not chosen and not self.cards:
            return
        self.game.submit(Discard(chosen[0] if chosen else self.cards[self.cursor]))

    def action_ask(self) -> None:
        """Ask partner "may I go out?"."""
        self.game.submit(AskPartner())

    def action_answer(self, yes: bool) -> None:
        """Answer partner's question (hot seat)."""
        self.game.submit(Answer(yes))

    def action_undo(self) -> None:
        """Take back the last meld or lay-off of this turn."""
        self.game.undo()

    def action_next_round(self) -> None:
        """Show the score sheet that deals the next round."""
        self.game.show_sheet()

    def action_hint(self) -> None:
        """Ask the normal bot what it would do here."""
        self.game.hint()

    def action_scores(self) -> None:
        """Show the score sheet."""
        self.game.show_sheet()

    def action_rules(self) -> None:
        """Show the rules."""
        self.app.push_screen(RulesScreen())

    def action_new_game(self) -> None:
        """Choose who plays at each seat, then deal a new game (Escape keeps this one)."""
        self.game.choose_seats()

    def action_quit_game(self) -> None:
        """Quit, after confirmation."""

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.app.exit(0)

        detail = (
            "The game is saved: canasta offers to resume it when it starts again."
            if self.game.store is not None
            else "The game in progress will be lost."
        )
        self.app.push_screen(ConfirmScreen("Quit the game?", detail=detail), confirmed)

    def action_settings(self) -> None:
        """Open the settings."""
        game = self.game
        game.push_screen(SettingsScreen(game.settings, paths=game.paths), game.apply_settings)

    def action_statistics(self) -> None:
        """Open the statistics."""
        self.game.open_statistics()

    def action_finished_games(self) -> None:
        """List the finished games, to replay one."""
        self.game.open_finished_games()


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
        self.notes: list[str] = []
        levels = [best_level(level, BOTS) for level in options.levels]
        for seat, (wanted, got) in enumerate(zip(options.levels, levels, strict=True), 1):
            if wanted != got:
                self.notes.append(
                    f"The {wanted} bot is not available yet: {seat_name(seat)} plays {got}."
                )
        self.bots: dict[int, Bot] = (
            {seat: bots[seat - 1] for seat in (1, 2, 3)}
            if bots is not None
            else {seat: make_bot(levels[seat - 1]) for seat in (1, 2, 3)}
        )
        seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**31)
        initial = state if state is not None else new_game(seed=seed)
        self.seed = initial.seed
        # One random stream per bot when a test seeds them; else each decision's randomness
        # comes from the game's seed and the number of actions so far, so that a resumed
        # game goes on exactly as it would have.
        self.rngs = (
            {seat: random.Random(f"canasta-bot:{bot_seed}:{seat}") for seat in range(4)}
            if bot_seed is not None
            else None
        )
        #: The player's settings (what the settings screen shows and saves).
        self.settings = settings or Settings()
        #: Where the game, settings, statistics and records are kept (``None``: nowhere).
        self.paths = paths
        self.store = GameStore(AutoSaver(paths, self.post_message)) if paths else None
        #: An unfinished saved game to offer (``resume``: to resume without asking).
        self.startup = startup or Startup()
        self.notes.extend(self.startup.notes)
        self.resume = resume
        self.session = Session(initial, seats=(HUMAN, *levels))
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
        state = self.session.state
        lines = [
            describe_event(
                RoundDealt(state.round_no, state.dealer),
                viewer=self.viewer,
                names=self.session.names,
            )
        ]
        lines.extend(
            describe_event(
                UpCardTurned(card, frozen=card.is_wild or card.is_red_three),
                label=self.style.label,
            )
            for card in state.pile
        )
        lines.extend(
            f"{TEAM_NAMES[team]} has red threes laid out: {self.style.labels(cards)}."
            for team, cards in enumerate(state.red_threes)
            if cards
        )
        self.write_log(lines)

    # ------------------------------------------------------------------ hot seat

    def _seating_screen(self) -> SeatingScreen:
        session = self.session
        seating = Seating(
            kinds=(session.seats[0], session.seats[1], session.seats[2], session.seats[3]),
            names=(session.names[0], session.names[1], session.names[2], session.names[3]),
        )
        level = best_level(self.options.levels[0], BOTS)
        return SeatingScreen(seating, available=BOTS, level=level)

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
        self.bots = {
            seat: make_bot(best_level(kind, BOTS))
            for seat, kind in enumerate(seating.kinds)
            if kind != HUMAN
        }
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

    def _pass_keyboard(self, state: GameState) -> None:
        """With two humans or more: hide the hand when the turn leaves the one at the
        keyboard (a bot partner answering that player's question keeps it) and when the
        round ends (everybody looks at the score sheet, then at the next deal)."""
        mover = state.to_move
        if len(self.session.humans) < 2 or self.hand_hidden:
            return
        if mover == self.viewer:
            return
        if mover is not None and not self.session.is_human(mover) and state.turn == self.viewer:
            return
        self._hand_over(None)

    def _curtain(self, seat: int, happened: Sequence[Event]) -> None:
        """Hide the table until ``seat``'s player is at the keyboard, then go on."""
        state = self.session.state
        names = self.session.names
        answers = [event for event in happened if isinstance(event, PartnerAnswered)]
        if state.phase is Phase.ANSWER:
            title, detail = curtain_lines(names, seat, asker=partner(seat))
        elif answers and answers[-1].seat == partner(seat):
            title, detail = curtain_lines(names, seat, answer=answers[-1].yes)
        else:
            title, detail = curtain_lines(names, seat)

        def revealed(_: None) -> None:
            self._hand_over(seat)
            self._changed(())

        self.push_screen(CurtainScreen(title, detail), revealed)

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

    def meld_plan(self, cards: Sequence[Card]) -> list[Action]:
        """The melds for ``cards``: one per natural rank, the wild cards placed where the
        engine accepts the whole plan (or, if nowhere, with the first rank, so the engine
        can say why)."""
        naturals: dict[int, list[Card]] = {}
        wilds: list[Card] = []
        for card in cards:
            if card.is_wild:
                wilds.append(card)
            else:
                naturals.setdefault(card.rank, []).append(card)
        groups = sorted(naturals.values(), key=lambda group: -sum(c.value for c in group))
        if len(groups) <= 1:
            return [Meld(tuple(cards))]
        seen: set[tuple[tuple[int, Card], ...]] = set()
        for owners in itertools.product(range(len(groups)), repeat=len(wilds)):
            key = tuple(sorted(zip(owners, wilds, strict=True)))
            if key in seen:
                continue
            seen.add(key)
            plan: list[Action] = [
                Meld(tuple(group) + tuple(w for o, w in zip(owners, wilds, strict=True) if o == i))
                for i, group in enumerate(groups)
            ]
            if self.session.try_all(plan, seat=self.viewer):
                return plan
        return [Meld(tuple(groups[0]) + tuple(wilds)), *(Meld(tuple(g)) for g in groups[1:])]

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
            touched: list[set[int]] = [set(), set()]
            for event in happened:
                if isinstance(event, (Melded, CardsLaidOff)):
                    touched[team_of(event.seat)].add(event.rank)
                elif isinstance(event, PileTaken):
                    touched[team_of(event.seat)].add(event.top.rank)
            self._touched = (frozenset(touched[0]), frozenset(touched[1]))
            self._pile_touched = any(isinstance(event, Discarded) for event in happened)
            self.write_log(happened)
        self._pass_keyboard(state)
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
        state = self.session.state
        mover = state.to_move
        if mover is None:
            return
        if not self.session.is_human(mover):
            self._think(mover, state)
            return
        if mover != self.viewer or self.hand_hidden:
            self._curtain(mover, happened)
            return
        answered = [event for event in happened if isinstance(event, PartnerAnswered)]
        if answered and not self.session.is_human(answered[-1].seat):
            answer = answered[-1]
            text = (
                "Yes: you must go out this turn."
                if answer.yes
                else "No: you may not go out this turn."
            )
            self.push_screen(MessageScreen(f"{seat_name(answer.seat)} answers", text))
        if state.phase is Phase.ANSWER and len(self.session.humans) == 1:
            asker = partner(mover)

            def answered_by_human(yes: bool | None) -> None:
                self.submit(Answer(bool(yes)), seat=mover)

            name = self.session.names[asker]
            self.push_screen(
                ConfirmScreen(
                    f"{name} asks: may I go out?",
                    detail=f"Yes: {name} must go out this turn. "
                    f"No: {name} may not go out this turn.",
                ),
                answered_by_human,
            )

    # ------------------------------------------------------------------ bots

    @work(thread=True, exclusive=True, group="bots")
    def _think(self, seat: int, state: GameState) -> None:
        """Let the bot in ``seat`` choose (in a thread), then play its choice."""
        started = time.perf_counter()
        decision = self.bots[seat].decide(view(state, seat), legal_actions(state), self._rng(seat))
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
        bot = make_bot(best_level("normal", BOTS))
        decision = bot.decide(
            view(state, self.viewer), legal_actions(state), random.Random(len(self.session.actions))
        )
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
        if game_over and state.winner is not None:
            won = team_of(self.viewer) == state.winner
            totals = f"{max(state.scores)} to {min(state.scores)}"
            title = f"Game over: {TEAM_NAMES[state.winner]} won, {totals}."
            if len(self.session.humans) == 1:
                title += " You won!" if won else " You lost."
        elif round_over:
            title = f"Round {state.round_no} is over."
        else:
            title = f"Score sheet (round {state.round_no} in play)"

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

    def _rng(self, seat: int) -> random.Random:
        """The randomness of the bot in ``seat`` for its decision now."""
        if self.rngs is not None:
            return self.rngs[seat]
        return random.Random(f"{self.session.initial.seed}:{len(self.session.actions)}")

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

    def open_statistics(self) -> None:
        """The statistics screen (nothing is kept when the game is not saved)."""
        if self.paths is None:
            self.notify("This game is not saved, so there are no statistics.")
            return
        self.push_screen(StatsScreen(self.paths))

    def open_finished_games(self) -> None:
        """The finished games, to replay one."""
        if self.paths is None:
            self.notify("This game is not saved, so there are no finished games to replay.")
            return
        self.push_screen(GamesScreen(self.paths, style=self.style))

    # ------------------------------------------------------------------ status line

    def status_text(self, chosen: Sequence[Card]) -> str:
        """What the player must do next (and why a move is unavailable)."""
        state = self.session.state
        mover = state.to_move
        if state.phase is Phase.GAME_OVER:
            assert state.winner is not None
            return (
                f"Game over: {TEAM_NAMES[state.winner]} won. Press n for the score sheet "
                "and a new game, q to quit."
            )
        if state.phase is Phase.ROUND_OVER:
            return "The round is over: press n for the score sheet and the next round."
        assert mover is not None
        names = self.session.names
        if not self.session.is_human(mover):
            dots = "..." if self.style.ascii else "…"
            if state.phase is Phase.ANSWER:
                asker = partner(mover)
                whose = (
                    "your" if asker == self.viewer and not self.hand_hidden else f"{names[asker]}'s"
                )
                return f"{names[mover]} is thinking about {whose} question{dots}"
            return f"{names[mover]} is thinking{dots}"
        if mover != self.viewer or self.hand_hidden:
            return f"Waiting for {names[mover]} to take the keyboard."
        if state.phase is Phase.ANSWER and len(self.session.humans) > 1:
            who = names[partner(mover)]
            return (
                f"{who} asks whether they may go out. y: yes, {who} must go out this turn. "
                f"n: no, {who} may not go out this turn."
            )
        if state.phase is Phase.ANSWER:
            return f"{seat_name(partner(mover))} asks whether they may go out: answer yes or no."
        if state.phase is Phase.DRAW:
            return "Your turn: " + self._draw_status(state, chosen)
        return self._play_status(state, chosen)

    def _draw_status(self, state: GameState, chosen: Sequence[Card]) -> str:
        takes = [item for item in self.legal if isinstance(item, TakePile)]
        if takes:
            return "d draws from the stock; t takes the pile (select the cards to meld with it)."
        top = state.pile_top
        attempt = TakePile(
            tuple(card for card in state.hands[self.viewer] if top and card.rank == top.rank)
        )
        try:
            check(state, attempt)
        except IllegalActionError as error:
            return f"d draws from the stock. The pile cannot be taken: {error.sentence}"
        return "d draws from the stock."

    def _play_status(self, state: GameState, chosen: Sequence[Card]) -> str:
        team = team_of(self.viewer)
        lead = ""
        if state.pending:
            lead = (
                f"Meld to reach your minimum ({state.turn_value} of {state.minimums[team]}); "
                "then the rest of the pile is yours. "
            )
        elif state.permission is True:
            lead = "Partner said yes: you must go out this turn. "
        elif state.permission is False:
            lead = "Partner said no: you may not go out this turn. "
        if not chosen:
            return (
                lead + "Select cards (arrows and space, or click) to meld (m) or lay off (l); "
                "x discards the card under the cursor to end your turn."
            )
        labels = self.style.labels(chosen)
        if len(chosen) == 1:
            return lead + f"{labels}: x discards it, l lays it off; select more to meld."
        plan = self.meld_plan(chosen)
        try:
            trial = state
            for action in plan:
                trial = apply(trial, action, seat=self.viewer).state
        except IllegalActionError as error:
            return lead + f"{labels}: cannot be melded: {error.sentence}"
        return lead + f"{labels}: m melds them."


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
