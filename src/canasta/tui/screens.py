"""Modal screens: questions, messages, the meld chooser, the score sheet, the rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Footer, Label, OptionList, Static

from canasta.engine import RoundScore
from canasta.engine.cards import WILD_RANK
from canasta.resources import rules_text
from canasta.tui.cards import rank_label
from canasta.tui.chart_room import place_chart, table_cells, whole_ticks
from canasta.tui.theme import SCREENS_CSS

__all__ = [
    "ConfirmScreen",
    "MeldChooser",
    "MessageScreen",
    "RulesScreen",
    "ScoreSheetScreen",
]


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (``y``/``n``, Enter on a button, or a click)."""

    CSS_PATH = SCREENS_CSS

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

    CSS_PATH = SCREENS_CSS

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

    CSS_PATH = SCREENS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, ranks: list[int]) -> None:
        super().__init__(classes="dialog-screen")
        self.ranks = ranks

    def compose(self) -> ComposeResult:
        """A list of melds."""
        with Vertical(classes="dialog"):
            yield Label("Lay off on which meld?", classes="dialog-title")
            yield OptionList(*(_meld_name(rank) for rank in self.ranks))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """The chosen meld's rank."""
        self.dismiss(self.ranks[event.option_index])

    def action_cancel(self) -> None:
        """Lay nothing off."""
        self.dismiss(None)


def _meld_name(rank: int) -> str:
    """A meld as the chooser lists it: ``Meld of K``, ``Meld of wild cards``."""
    return "Meld of wild cards" if rank == WILD_RANK else f"Meld of {rank_label(rank)}"


#: A part whose label counts something for the team (``Mixed canastas (2)``).
_COUNTED = re.compile(r"^(?P<what>.+) \((?P<count>\d+)\)$")


def _sheet_row(part: Sequence[tuple[str, int]], *, counts: bool = True) -> tuple[str, ...]:
    """One part of a round for every team: its name, then each team's points (and, with
    ``counts``, what the team counted of it: ``+600 (2)``, since the teams' counts differ)."""
    name = part[0][0]
    cells = []
    for label, points in part:
        counted = _COUNTED.match(label)
        if counted is None:
            cells.append(f"{points:+d}")
        else:
            name = counted["what"]
            cells.append(f"{points:+d} ({counted['count']})" if counts else f"{points:+d}")
    return (f"  {name}", *cells)


def _sheet_rows(
    history: tuple[tuple[RoundScore, ...], ...], *, counts: bool = True
) -> list[tuple[str, ...]]:
    """Every part of every round, latest round first, with round and running totals: a
    label, then a column per team (``counts``: see :func:`_sheet_row`)."""
    blocks: list[list[tuple[str, ...]]] = []
    running = [0] * len(history[0]) if history else []
    for number, scores in enumerate(history, start=1):
        running = [total + score.total for total, score in zip(running, scores, strict=True)]
        block: list[tuple[str, ...]] = [(f"Round {number}", *("" for _ in scores))]
        for part in zip(*(score.parts() for score in scores), strict=True):
            block.append(_sheet_row(part, counts=counts))
        block.append(("  Round total", *(f"{score.total:+d}" for score in scores)))
        block.append(("  Running total", *(str(total) for total in running)))
        blocks.append(block)
    return [row for block in reversed(blocks) for row in block]


#: The cells of the sheet's padding, both sides together.
_SHEET_PADDING = 2


class ScoreSheetScreen(ModalScreen[bool]):
    """The score sheet: every part of every round and the running totals.

    Dismissed with ``True`` when the player asks for the next deal (or a new game), ``False``
    when the player only closes it (or quits at the game's end).
    """

    CSS_PATH = SCREENS_CSS

    #: ``n`` goes on: the next round's deal, or at the game's end a new game (the footer
    #: names the one :meth:`check_action` allows).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", "Next round"),
        Binding("n", "new_game", "New game"),
        Binding("escape", "close", "Back"),
        Binding("q", "quit_game", "Quit"),
    ]

    def __init__(
        self,
        history: tuple[tuple[RoundScore, ...], ...],
        *,
        teams: Sequence[str],
        title: str,
        can_continue: bool,
        game_over: bool,
        short_teams: Sequence[str] = (),
    ) -> None:
        super().__init__(classes="sheet-screen")
        self.history = history
        #: The teams' names, a column each (and shorter names, for a table too wide).
        self.teams = tuple(teams)
        self.short_teams = tuple(short_teams) or self.teams
        self.title_text = title
        self.can_continue = can_continue
        self.game_over = game_over
        #: The cells the table takes (known once it is filled), and whether a chart is drawn.
        self.table_cells = 0
        self.charted = False

    def compose(self) -> ComposeResult:
        """Title, the table, a chart of the running totals when there is room, the keys."""
        # Imported here: the table screen starts faster without the sheet's widgets.
        from textual.widgets import DataTable

        with Vertical(id="sheet"):
            yield Label(self.title_text, id="sheet-title")
            with Horizontal(id="sheet-body"):
                yield DataTable(id="sheet-table", cursor_type="none", zebra_stripes=True)
                chart = _chart(self.history, self.teams)
                self.charted = chart is not None
                if chart is not None:
                    yield chart
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Lay the sheet out for the new size (see :meth:`arrange_chart`)."""
        self.arrange_chart(event.size)

    def arrange_chart(self, size: Size) -> None:
        """Every team's column comes first: the table takes its own width, and the chart
        goes where :func:`place_chart` finds it room."""
        place_chart(
            self, size, table=self.table_cells, padding=_SHEET_PADDING, charted=self.charted
        )

    def on_mount(self) -> None:
        """Fill the table."""
        from textual.widgets import DataTable

        table = self.query_one(DataTable)
        # Many teams on a narrow screen: shorter names, then no counts beside the points.
        forms = ((self.teams, True), (self.short_teams, True), (self.short_teams, False))
        for teams, counts in forms:
            rows = _sheet_rows(self.history, counts=counts)
            if not rows:
                rows = [("No round has been scored yet.", *("" for _ in self.teams))]
            self.table_cells = table_cells(("", *teams), rows)
            if self.table_cells <= self.app.size.width - _SHEET_PADDING:
                break
        table.add_columns("", *teams)
        table.add_rows(rows)
        self.arrange_chart(self.app.size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``n`` deals the next round when there is one, or starts a new game at the game's
        end; ``q`` only at the game's end."""
        if action == "next":
            return self.can_continue
        if action in ("new_game", "quit_game"):
            return self.game_over
        return True

    def action_next(self) -> None:
        """Deal the next round."""
        self.dismiss(True)

    def action_new_game(self) -> None:
        """Start a new game (the game is over)."""
        self.dismiss(True)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(False)

    def action_quit_game(self) -> None:
        """Leave the app (the game is over)."""
        self.app.exit(0)


def _chart(history: tuple[tuple[RoundScore, ...], ...], teams: Sequence[str]) -> Widget | None:
    """A line chart of every team's running totals, when textual-plotext is installed."""
    try:
        from textual_plotext import PlotextPlot
    except ImportError:
        return None
    if not history:
        return None
    plot = PlotextPlot(id="sheet-chart")
    rounds = list(range(0, len(history) + 1))
    totals: list[list[int]] = [[0] for _ in teams]
    for scores in history:
        for running, score in zip(totals, scores, strict=True):
            running.append(running[-1] + score.total)
    plt = plot.plt
    for team, running in zip(teams, totals, strict=True):
        plt.plot(rounds, running, label=team, marker="braille")
    plt.title("Running totals")
    whole_ticks(plt, rounds, [total for running in totals for total in running])
    return plot


class RulesScreen(ModalScreen[None]):
    """The rules of the game (``docs/rules.md``), scrollable."""

    CSS_PATH = SCREENS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("r", "close", "Back", show=False),
    ]

    def compose(self) -> ComposeResult:
        """The rules in a scrolling Markdown view."""
        from textual.widgets import Markdown

        with VerticalScroll(id="rules-text"):
            yield Markdown(rules_text())
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
