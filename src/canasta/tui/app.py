"""The Textual app: the table screen, the bots' worker, and the one command path.

Every input (a key, a click, a bot's choice, an answer in a dialog) becomes an engine
:class:`~canasta.engine.Action` and goes through :meth:`CanastaApp.submit`, which hands it
to :meth:`Session.apply <canasta.tui.session.Session.apply>`. A refusal shows the engine's
sentence as a notification and changes nothing.
"""

from __future__ import annotations

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
from canasta.tui.cards import CardStyle, hand_order
from canasta.tui.options import PACE_SECONDS, Options, best_level
from canasta.tui.screens import (
    ConfirmScreen,
    MeldChooser,
    MessageScreen,
    RulesScreen,
    ScoreSheetScreen,
)
from canasta.tui.session import HUMAN, Session
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
        Binding("u", "undo", "Undo"),
        Binding("n", "next_round", "Next round"),
        Binding("h", "hint", "Hint"),
        Binding("s", "scores", "Scores"),
        Binding("r", "rules", "Rules"),
        Binding("o", "order", "Order", show=False),
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
        self.query_one("#team0", TeamPanel).border_title = f"{TEAM_NAMES[0]} (you)"
        self.query_one("#team1", TeamPanel).border_title = TEAM_NAMES[1]
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
        self._draw_hand()

    def _draw_hand(self) -> None:
        if self.table is None:
            return
        hand = self.query_one(HandView)
        hand.show_hand(self.table, self.cards, self.selected, self.cursor)
        chosen = self.selection()
        hand.border_title = f"Your hand: {len(self.cards)} cards"
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

    def action_quit_game(self) -> None:
        """Quit, after confirmation."""

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.app.exit(0)

        self.app.push_screen(
            ConfirmScreen("Quit the game?", detail="The game in progress will be lost."),
            confirmed,
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
        self.bot_seed = bot_seed if bot_seed is not None else self.seed
        self.rngs = {
            seat: random.Random(f"canasta-bot:{self.bot_seed}:{seat}") for seat in (1, 2, 3)
        }
        self.session = Session(initial, seats=(HUMAN, *levels))
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
        screen is up)."""
        self._start_log()
        for note in self.notes:
            self.notify(note, severity="warning")
        self._changed(())

    def _start_log(self) -> None:
        state = self.session.state
        lines = [describe_event(RoundDealt(state.round_no, state.dealer), viewer=self.viewer)]
        lines.extend(
            describe_event(UpCardTurned(card, frozen=card.is_wild or card.is_red_three))
            for card in state.pile
        )
        lines.extend(
            f"{TEAM_NAMES[team]} has red threes laid out: {self.style.labels(cards)}."
            for team, cards in enumerate(state.red_threes)
            if cards
        )
        self.table_screen.write_log(lines)

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
        self.table_screen.write_log(
            [f"{seat_name(self.viewer)} took back a move: {self.style.action(undone)}."]
        )
        self._touched = (frozenset(), frozenset())
        self._changed(())

    # ------------------------------------------------------------------ after every change

    def _changed(self, happened: Sequence[Event]) -> None:
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
            self.table_screen.write_log(
                [describe_event(event, viewer=self.viewer) for event in happened]
            )
        self.legal = legal_actions(state) if self.session.human_to_move else []
        self.table_screen.show(
            Table(
                seen=view(state, self.viewer),
                style=self.style,
                touched=self._touched,
                last_seat=self._last_seat,
                pile_touched=self._pile_touched,
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
        answered = [event for event in happened if isinstance(event, PartnerAnswered)]
        if answered and not self.session.is_human(answered[-1].seat):
            answer = answered[-1]
            text = (
                "Yes: you must go out this turn."
                if answer.yes
                else "No: you may not go out this turn."
            )
            self.push_screen(MessageScreen(f"{seat_name(answer.seat)} answers", text))
        if state.phase is Phase.ANSWER:
            asker = partner(mover)

            def answered_by_human(yes: bool | None) -> None:
                self.submit(Answer(bool(yes)), seat=mover)

            self.push_screen(
                ConfirmScreen(
                    f"{seat_name(asker)} asks: may I go out?",
                    detail=f"Yes: {seat_name(asker)} must go out this turn. "
                    f"No: {seat_name(asker)} may not go out this turn.",
                ),
                answered_by_human,
            )

    # ------------------------------------------------------------------ bots

    @work(thread=True, exclusive=True, group="bots")
    def _think(self, seat: int, state: GameState) -> None:
        """Let the bot in ``seat`` choose (in a thread), then play its choice."""
        started = time.perf_counter()
        decision = self.bots[seat].decide(view(state, seat), legal_actions(state), self.rngs[seat])
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
            self.notify,
            f"{self.style.action(decision.action)}. {decision.reason}",
            title="Hint",
            timeout=10,
        )

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
            title = (
                f"Game over: {TEAM_NAMES[state.winner]} won, "
                f"{max(state.scores)} to {min(state.scores)}. "
                + ("You won!" if won else "You lost.")
            )
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

    def new_game(self) -> None:
        """Deal a new game with the next seed."""
        self.session = Session(new_game(seed=self.seed + 1), seats=self.session.seats)
        self.seed += 1
        self._last_seat = None
        self._touched = (frozenset(), frozenset())
        self._pile_touched = False
        self.table_screen.query_one(RichLog).clear()
        self._start_log()
        self._changed(())

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
        if not self.session.is_human(mover):
            dots = "..." if self.style.ascii else "…"
            if state.phase is Phase.ANSWER:
                return f"{seat_name(mover)} is thinking about your question{dots}"
            return f"{seat_name(mover)} is thinking{dots}"
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
) -> CanastaApp:
    """The app, ready to run: ``state`` starts from a given position (tests, resume),
    ``bots`` replaces West, North and East's bots, ``bot_seed`` seeds their choices."""
    return CanastaApp(options or Options(), state=state, bots=bots, bot_seed=bot_seed)
