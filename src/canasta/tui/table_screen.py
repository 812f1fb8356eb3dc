"""The table screen: scores, seats, melds, pile, the viewer's hand, the status line and the
log, with the keys of the game (each shown only when the engine says its action is legal).

The screen holds only what is on screen (the selection and the cursor); the game is the
app's (:class:`~canasta.tui.table_app.TableApp`: a game held here, or a seat at a shared
table), and every key becomes an engine action handed to the app's command path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widgets import Static

from canasta.engine import (
    Answer,
    AskPartner,
    Card,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Phase,
    TakePile,
    cards_value,
    is_wild,
    rank_of,
)
from canasta.tui.cards import hand_order
from canasta.tui.flow import lay_off_ranks, meld_plan, refused_move, runs_refusal, smallest_take
from canasta.tui.footer import KeysFooter
from canasta.tui.middle import arrange, middle_lines, panels_of
from canasta.tui.team_panel import TeamPanel
from canasta.tui.widgets import (
    HandView,
    PilePanel,
    ScoreBar,
    SeatsBar,
    StatusLine,
    Table,
    TableWidget,
)

if TYPE_CHECKING:
    from textual.widgets import RichLog

    from canasta.tui.host import FilesHost, TableHost

__all__ = ["MIN_SIZE", "TableScreen"]

#: The smallest terminal the table is laid out for.
MIN_SIZE = (80, 24)
#: From this width on, the log gets its own column.
_WIDE = 110
#: Narrow layout: the lines of the bars and the footer, and of the status line.
_BARS, _STATUS = 3, 3
#: Narrow layout: the least lines of the log, and of the melds and pile row.
_LOG_MIN, _MIDDLE_MIN = 3, 6
#: The lines of the hand's border.
_HAND_BORDER = 2

#: The table's actions whose keys come and go with the position, and their parameters.
_GAME_ACTIONS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("draw", (1,)),
    ("draw", (2,)),
    ("take", ()),
    ("meld", ()),
    ("lay_off", ()),
    ("discard", ()),
    ("ask", ()),
    ("answer", (True,)),
    ("undo", ()),
    ("next_round", ()),
    ("hint", ()),
)


#: The game keys that say why their move is not legal now, and the move of each.
_EXPLAINED = {"d": "draw", "t": "take", "m": "meld", "l": "lay_off", "x": "discard", "a": "ask"}


class TableScreen(Screen[None]):
    """The table: scores, seats, melds, pile, the viewer's hand, status line and log.

    Holds only what is on screen (the selection and the cursor); the game is the app's
    session.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw(1)", "Draw"),
        Binding("d", "draw(2)", "Draw 2"),
        Binding("t", "take", "Take pile"),
        Binding("m", "meld", "Meld"),
        Binding("l", "lay_off", "Lay off"),
        Binding("x", "discard", "Discard"),
        Binding("a", "ask", "Ask partner"),
        # A game key whose move is not legal now is hidden; pressed, it says why.
        *(Binding(key, f"explain('{move}')", show=False) for key, move in _EXPLAINED.items()),
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
        Binding("home", "cursor_to(0)", "First card", show=False),
        Binding("end", "cursor_to(-1)", "Last card", show=False),
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
        #: The log's widget, once it is up (after the first frame), and the lines written
        #: before.
        self._log: RichLog | None = None
        self._unwritten: list[str] = []

    @property
    def game(self) -> TableHost:
        """The app that holds the game (or plays a seat of a shared one)."""
        return cast("TableHost", self.app)

    @property
    def files(self) -> FilesHost:
        """The app that keeps games, settings and statistics on disk (only for the keys
        that :meth:`TableHost.offers <canasta.tui.host.TableHost.offers>` allows)."""
        return cast("FilesHost", self.app)

    def compose(self) -> ComposeResult:
        """The table's widgets."""
        yield ScoreBar(id="scores")
        yield SeatsBar(id="seats")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with Horizontal(id="middle"):
                    yield TeamPanel(0, id="team0")
                    yield PilePanel(id="pile")
                    yield TeamPanel(1, id="team1")  # and one more per team, at show()
                yield HandView(id="hand")
                yield StatusLine(id="status")
            # The log's widget takes this place once the first frame is drawn (see
            # _show_log); the style of #log gives the empty place the log's look.
            yield ScrollableContainer(id="log", can_focus=False)
        yield Static(id="too-small")
        yield KeysFooter()

    def on_mount(self) -> None:
        """Lay out for the terminal's size."""
        self._fit(self.app.size.width, self.app.size.height)
        pile = self.query_one(PilePanel)
        pile.border_title = "Pile"
        self.call_after_refresh(self._show_log)
        self.game.start_play()

    async def _show_log(self) -> None:
        """Put the log's widget in its place, with the lines written so far. (Not before the
        first frame: RichLog loads Rich's pretty-printer, and with it attrs where that is
        installed, some 60 million instructions.)"""
        from textual.widgets import RichLog

        log = RichLog(id="log", wrap=True, min_width=20, max_lines=500)
        log.can_focus = False
        with self.app.batch_update():
            await self.query_one("#log").remove()
            await self.query_one("#body").mount(log)
        self._log = log
        self.write_log(self._unwritten)
        self._unwritten = []

    def on_resize(self, event: events.Resize) -> None:
        """Switch layouts (or show the too-small message) when the terminal changes."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(small, "-too-small")
        self.set_class(width >= _WIDE, "-wide")
        if small:
            self.query_one("#too-small", Static).update(
                f"This terminal is {width}x{height}: Canasta needs at least "
                f"{MIN_SIZE[0]}x{MIN_SIZE[1]}, so please make the window larger."
            )
        self._fit_middle(width, height)

    def _fit_middle(self, width: int, height: int) -> None:
        """Narrow layout: the melds and the pile get the lines they want, as far as the hand,
        the status line and the least of the log leave, and the log gets the rest; when even
        every meld packed in columns would not fit, the log gives up lines down to one.
        (Wide: the log has its own column, and the melds all the height the hand leaves.)"""
        middle = self.query_one("#middle")
        hand_view = self.query_one(HandView)
        # The hand takes what the least of the melds (and, narrow, of the log) leaves.
        room = height - _BARS - _STATUS - _MIDDLE_MIN - _HAND_BORDER
        if width >= _WIDE:
            hand_view.fit(max(2, room))
            middle.styles.height = None
            return
        hand_view.fit(max(2, room - _LOG_MIN))
        if self.table is None:
            return
        hand = hand_view.lines_at(width - 4) + _HAND_BORDER
        free = height - _BARS - _STATUS - hand - _LOG_MIN
        panels = panels_of(middle)
        pile = len(self.query_one(PilePanel).lines())
        wanted = middle_lines(panels, pile, needed=False)
        needed = middle_lines(panels, pile, needed=True)
        rows = max(_MIDDLE_MIN, min(wanted + 2, free), min(needed + 2, free + _LOG_MIN - 1))
        if middle.styles.height is None or middle.styles.height.value != rows:
            middle.styles.height = rows

    # ------------------------------------------------------------------ drawing

    def show(self, table: Table) -> None:
        """Draw ``table``; keep the selection while the hand is unchanged."""
        self.table = table
        cards = tuple(hand_order(table.seen.hand, by_suit=self.by_suit))
        if cards != self.cards:
            self.cards = cards
            self.selected = frozenset()
            self.cursor = min(self.cursor, max(0, len(cards) - 1))
        arrange(self.query_one("#middle"), table.seen.rules)
        for widget in self.query("ScoreBar, SeatsBar, TeamPanel, PlayerPanel, PilePanel"):
            if isinstance(widget, TableWidget):
                widget.show(table)
        self._draw_hand()
        self._fit_middle(self.app.size.width, self.app.size.height)

    def _draw_hand(self) -> None:
        if self.table is None:
            return
        chosen = self.selection()
        self.query_one(HandView).show_hand(
            self.table,
            self.cards,
            self.selected,
            self.cursor,
            subtitle=f"{len(chosen)} selected = {cards_value(chosen)} points" if chosen else "",
        )
        self.refresh_status()

    def refresh_status(self) -> None:
        """Say what the player must do next (for the selection as it is), and show the keys
        that do something now."""
        self.query_one(StatusLine).say(self.game.status(self.selection()))
        # Redrawing the footer is costly: only when a key's availability changed.
        keys = tuple(self.check_action(action, parameters) for action, parameters in _GAME_ACTIONS)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def write_log(self, lines: Sequence[str]) -> None:
        """Add sentences to the game log."""
        if not lines:
            return
        if self._log is None:
            self._unwritten.extend(lines)
        else:
            self._log.write(Text("\n".join(lines)))

    def clear_log(self) -> None:
        """Empty the game log."""
        self._unwritten = []
        if self._log is not None:
            self._log.clear()

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
            # One key, its label saying how many cards a draw takes ("Draw 2").
            count = game.session.state.rules.draw_count
            return DrawStock() in legal and parameters[0] == (2 if count == 2 else 1)
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
            return Answer(True) in legal and game.answers_at_table
        if action == "undo":
            return game.can_undo
        if action == "hint":
            return bool(legal) and game.session.state.phase in (Phase.DRAW, Phase.PLAY)
        if action == "next_round":
            over = game.session.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
            return over and not game.ready_for_next_deal
        if action in ("new_game", "settings", "statistics", "finished_games"):
            return game.offers(action)
        return True

    def action_cursor(self, step: int) -> None:
        """Move the hand cursor (wrapping around)."""
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self._draw_hand()

    def action_cursor_to(self, index: int) -> None:
        """Move the hand cursor to card ``index`` (``-1``: the last)."""
        if self.cards:
            self.cursor = index % len(self.cards)
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

    def action_explain(self, move: str) -> None:
        """A game key pressed while its move is hidden: say why not (nothing is played)."""
        if not self.cards:
            return
        chosen = self.selection()
        if move == "discard" and not chosen:
            chosen = (self.cards[self.cursor],)
        refusal = refused_move(self.game.session, move, chosen, seat=self.game.viewer)
        if refusal is not None:
            self.game.refuse(refusal.sentence, title=refusal.title)

    def action_draw(self, count: int) -> None:
        """Draw from the stock (``count``: the cards the footer says a draw takes)."""
        self.game.submit(DrawStock())

    def action_take(self) -> None:
        """Take the pile with the selected cards (with none: the way the engine allows)."""
        chosen = self.selection()
        if chosen:
            self.game.submit(TakePile(chosen))
            return
        self.game.submit(smallest_take(self.game.legal))

    def action_meld(self) -> None:
        """Meld the selection: one meld per rank, all of them or none."""
        game = self.game
        plan = meld_plan(game.session, self.selection(), seat=game.viewer)
        runs = runs_refusal(game.session.state, plan, seat=game.viewer)
        if runs is not None and not game.session.try_all(plan, seat=game.viewer):
            game.refuse(runs, title="Not allowed")
            return
        game.submit_all(plan)

    def action_lay_off(self) -> None:
        """Lay the selection off on the team's meld of its rank (asking when only wilds)."""
        chosen = self.selection()
        ranks = sorted({rank_of(card) for card in chosen if not is_wild(card)})
        if ranks:
            self.game.submit(LayOff(ranks[0], chosen))
            return
        state = self.game.session.state
        options = lay_off_ranks(state, chosen, seat=self.game.viewer)
        if len(options) == 1:
            self.game.submit(LayOff(options[0], chosen))
        elif options:

            def chosen_meld(rank: int | None) -> None:
                if rank is not None:
                    self.game.submit(LayOff(rank, chosen))

            from canasta.tui.screens import MeldChooser  # here: not for the first frame

            self.app.push_screen(MeldChooser(options), chosen_meld)
        else:
            melds = state.melds[state.rules.team_of(self.game.viewer)]
            self.game.submit(LayOff(melds[0].rank if melds else 1, chosen))

    def action_discard(self) -> None:
        """Discard the selected card (or, with none selected, the card under the cursor)."""
        chosen = self.selection()
        if len(chosen) > 1:
            self.action_explain("discard")  # one card at a time
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
        from canasta.tui.screens import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_new_game(self) -> None:
        """Choose who plays at each seat, then deal a new game (Escape keeps this one)."""
        self.files.choose_seats()

    def action_quit_game(self) -> None:
        """Quit, after confirmation."""
        from canasta.tui.screens import ConfirmScreen

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.app.exit(0)

        asked, detail = self.game.quit_question
        question = ConfirmScreen(asked, detail=detail)
        self.app.push_screen(question, confirmed)

    def action_settings(self) -> None:
        """Open the settings."""
        from canasta.tui.settings_screen import SettingsScreen  # here: it needs pydantic

        game = self.files
        self.app.push_screen(SettingsScreen(game.settings, paths=game.paths), game.apply_settings)

    def action_statistics(self) -> None:
        """Open the statistics (nothing is kept when the game is not saved)."""
        paths = self.files.paths
        if paths is None:
            self.app.notify("This game is not saved, so there are no statistics.")
            return
        from canasta.tui.stats_screen import StatsScreen  # here: it brings in the charts

        self.app.push_screen(StatsScreen(paths))

    def action_finished_games(self) -> None:
        """List the finished games, to replay one."""
        paths = self.files.paths
        if paths is None:
            self.app.notify("This game is not saved, so there are no finished games to replay.")
            return
        from canasta.tui.replay import GamesScreen  # here: it reads the records

        self.app.push_screen(GamesScreen(paths, style=self.game.style))
