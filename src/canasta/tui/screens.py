"""Modal screens: questions, messages, the meld chooser, the score sheet, the rules."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Label, OptionList, Static

from canasta.engine import TEAM_NAMES, RoundScore
from canasta.resources import rules_text
from canasta.tui.cards import rank_label

__all__ = [
    "ConfirmScreen",
    "MeldChooser",
    "MessageScreen",
    "RulesScreen",
    "ScoreSheetScreen",
]


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (``y``/``n``, Enter on a button, or a click)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str, *, detail: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        """The question, an optional detail and two buttons."""
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            if self.detail:
                yield Static(self.detail, classes="dialog-detail")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Yes (y)", id="yes", variant="primary")
                yield Button("No (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click or Enter on a button answers."""
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer with a key."""
        self.dismiss(yes)


class MessageScreen(ModalScreen[None]):
    """A message the player acknowledges with Enter, Escape or a click on OK."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "OK"),
        Binding("escape", "close", "OK", show=False),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        """The title, the message and an OK button."""
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.text, classes="dialog-detail")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK (Enter)", id="ok", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """OK closes."""
        self.dismiss(None)

    def action_close(self) -> None:
        """Close the message."""
        self.dismiss(None)


class MeldChooser(ModalScreen[int | None]):
    """Choose one of the team's melds (by rank) to lay the selection off on."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, ranks: list[int]) -> None:
        super().__init__(classes="dialog-screen")
        self.ranks = ranks

    def compose(self) -> ComposeResult:
        """A list of melds."""
        with Vertical(classes="dialog"):
            yield Label("Lay off on which meld?", classes="dialog-title")
            yield OptionList(*(f"Meld of {rank_label(rank)}" for rank in self.ranks))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """The chosen meld's rank."""
        self.dismiss(self.ranks[event.option_index])

    def action_cancel(self) -> None:
        """Lay nothing off."""
        self.dismiss(None)


def _sheet_rows(history: tuple[tuple[RoundScore, ...], ...]) -> list[tuple[str, str, str]]:
    """Every part of every round, latest round first, with round and running totals."""
    rows: list[tuple[str, str, str]] = []
    running = [0, 0]
    blocks: list[list[tuple[str, str, str]]] = []
    for number, (ours, theirs) in enumerate(history, start=1):
        running[0] += ours.total
        running[1] += theirs.total
        block = [(f"Round {number}", "", "")]
        for (label, a), (_, b) in zip(ours.parts(), theirs.parts(), strict=True):
            block.append((f"  {label}", f"{a:+d}", f"{b:+d}"))
        block.append(("  Round total", f"{ours.total:+d}", f"{theirs.total:+d}"))
        block.append(("  Running total", str(running[0]), str(running[1])))
        blocks.append(block)
    for block in reversed(blocks):
        rows.extend(block)
    return rows


#: The score sheet's chart beside the table from this width on; below it from this height.
_SHEET_SIDE_BY_SIDE, _SHEET_STACKED = 100, 40


class ScoreSheetScreen(ModalScreen[bool]):
    """The score sheet: every part of every round and the running totals.

    Dismissed with ``True`` when the player asks for the next deal (or a new game), ``False``
    when the player only closes it (or quits at the game's end).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", "Next round"),
        Binding("escape", "close", "Close"),
        Binding("q", "quit_game", "Quit"),
    ]

    def __init__(
        self,
        history: tuple[tuple[RoundScore, ...], ...],
        *,
        title: str,
        can_continue: bool,
        game_over: bool,
    ) -> None:
        super().__init__(classes="sheet-screen")
        self.history = history
        self.title_text = title
        self.can_continue = can_continue
        self.game_over = game_over

    def compose(self) -> ComposeResult:
        """Title, the table, a chart of the running totals when there is room, a hint."""
        # Imported here: the table screen starts faster without the sheet's widgets.
        from textual.widgets import DataTable

        with Vertical(id="sheet"):
            yield Label(self.title_text, id="sheet-title")
            with Horizontal(id="sheet-body"):
                yield DataTable(id="sheet-table", cursor_type="none", zebra_stripes=True)
                chart = _chart(self.history)
                if chart is not None:
                    yield chart
            if self.game_over:
                hint = "n: new game   q: quit   Esc: back to the table"
            elif self.can_continue:
                hint = "n: deal the next round   Esc: back to the table"
            else:
                hint = "Esc: back to the table"
            yield Label(hint, id="sheet-hint")

    def on_resize(self, event: events.Resize) -> None:
        """Both teams' columns come first: when the width is short the chart goes below
        the table (or, when the height is short too, away)."""
        narrow = event.size.width < _SHEET_SIDE_BY_SIDE
        self.set_class(narrow and event.size.height >= _SHEET_STACKED, "-stacked")
        self.set_class(narrow and event.size.height < _SHEET_STACKED, "-no-chart")

    def on_mount(self) -> None:
        """Fill the table."""
        from textual.widgets import DataTable

        table = self.query_one(DataTable)
        table.add_columns("", TEAM_NAMES[0], TEAM_NAMES[1])
        rows = _sheet_rows(self.history)
        if not rows:
            rows = [("No round has been scored yet.", "", "")]
        table.add_rows(rows)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``n`` only when there is a next deal or a new game; ``q`` only at the game's end."""
        if action == "next":
            return self.can_continue or self.game_over
        if action == "quit_game":
            return self.game_over
        return True

    def action_next(self) -> None:
        """Deal the next round (or start a new game)."""
        self.dismiss(True)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(False)

    def action_quit_game(self) -> None:
        """Leave the app (the game is over)."""
        self.app.exit(0)


def _chart(history: tuple[tuple[RoundScore, ...], ...]) -> Widget | None:
    """A line chart of both teams' running totals, when textual-plotext is installed."""
    try:
        from textual_plotext import PlotextPlot
    except ImportError:
        return None
    if not history:
        return None
    plot = PlotextPlot(id="sheet-chart")
    rounds = list(range(0, len(history) + 1))
    totals: list[list[int]] = [[0], [0]]
    for ours, theirs in history:
        totals[0].append(totals[0][-1] + ours.total)
        totals[1].append(totals[1][-1] + theirs.total)
    plt = plot.plt
    plt.plot(rounds, totals[0], label=TEAM_NAMES[0], marker="braille")
    plt.plot(rounds, totals[1], label=TEAM_NAMES[1], marker="braille")
    plt.title("Running totals")
    plt.xticks([float(number) for number in rounds])
    low = min(min(team) for team in totals)
    high = max(max(team) for team in totals)
    ticks = sorted({round(low + (high - low) * step / 4) for step in range(5)})
    plt.yticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])
    return plot


class RulesScreen(ModalScreen[None]):
    """The rules of the game (``docs/rules.md``), scrollable."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("r", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        """The rules in a scrolling Markdown view."""
        from textual.widgets import Markdown

        with VerticalScroll(id="rules"):
            yield Markdown(rules_text())
        yield Label("Esc: back to the table", id="rules-hint")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
