"""The statistics screen: games played and won by rule system and player count, by
difficulty and by table mix, the average score margin, canastas made, times gone out, the
best round, and a chart of the margins of the recent games."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Static
from textual_plotext import PlotextPlot

from canasta.engine.words import counted
from canasta.persist import LoadError, Paths, Stats, Tally, load_stats
from canasta.tui.chart_room import place_chart, table_cells, whole_ticks
from canasta.tui.theme import SCREENS_CSS

__all__ = ["CHART_GAMES", "StatsScreen", "summary_lines", "tally_rows"]

#: How many recent games the chart shows.
CHART_GAMES = 30
#: The table's headings.
_HEADINGS = ("", "Played", "Won", "Rate")
#: The cells of the screen's padding, both sides together.
_PADDING = 2


def _rate(tally: Tally) -> str:
    return f"{100 * tally.won / tally.played:.0f}%" if tally.played else "-"


def summary_lines(stats: Stats) -> list[str]:
    """The totals in a few lines (from the home team's side)."""
    games = stats.games
    if not games.played:
        return ["No game has been finished yet: finish one and it is counted here."]
    average = stats.average_margin or 0.0
    return [
        f"Games played {games.played}, won {games.won} ({_rate(games)}).",
        f"Average score margin {average:+.0f} points a game.",
        f"Canastas made {stats.canastas}, times gone out {stats.went_out}, "
        f"in {counted(stats.rounds, 'round')}.",
        f"Best round {stats.best_round:+d} points." if stats.best_round is not None else "",
    ]


def tally_rows(stats: Stats) -> list[tuple[str, str, str, str]]:
    """One row per rule system and player count, per difficulty and per table mix: what,
    played, won, rate."""
    rows: list[tuple[str, str, str, str]] = []
    kinds = (
        ("Rules", stats.by_system),
        ("Difficulty", stats.by_difficulty),
        ("Table", stats.by_table),
    )
    for label, tallies in kinds:
        for name, tally in sorted(tallies.items()):
            rows.append((f"{label}: {name}", str(tally.played), str(tally.won), _rate(tally)))
    return rows


class StatsScreen(Screen[None]):
    """The statistics across finished games (read when the screen opens)."""

    CSS_PATH = SCREENS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("i", "close", "Back", show=False),
    ]

    def __init__(self, paths: Paths) -> None:
        super().__init__(classes="stats-screen")
        self.paths = paths
        self.problem = ""
        #: The cells the table takes (known once it is filled).
        self.table_cells = 0
        try:
            self.stats = load_stats(paths)
        except LoadError as error:
            self.stats = Stats()
            self.problem = error.sentence

    def compose(self) -> ComposeResult:
        """The totals, a table by rules, difficulty and table mix, and the chart."""
        with Vertical(id="stats"):
            yield Label("Statistics", id="stats-title")
            lines = summary_lines(self.stats)
            if self.problem:
                lines.insert(0, self.problem)
            yield Static("\n".join(line for line in lines if line), id="stats-summary")
            with Horizontal(id="stats-body"):
                yield DataTable(id="stats-table", cursor_type="none", zebra_stripes=True)
                yield PlotextPlot(id="stats-chart")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the table and draw the chart."""
        if self.problem:
            self.notify(self.problem, severity="warning")
        rows = tally_rows(self.stats)
        if not rows:  # nothing finished: the summary says so, and there is nothing to chart
            self.query_one("#stats-body").display = False
            return
        table = self.query_one(DataTable)
        table.add_columns(*_HEADINGS)
        table.add_rows(rows)
        self.table_cells = table_cells(_HEADINGS, rows)
        self.arrange_chart()
        recent = self.stats.recent[-CHART_GAMES:]
        plt = self.query_one(PlotextPlot).plt
        plt.title("Score margin, recent games")
        if recent:
            first = self.stats.games.played - len(recent) + 1
            numbers = [first + index for index in range(len(recent))]
            margins = [game.margin for game in recent]
            plt.bar([float(number) for number in numbers], [float(margin) for margin in margins])
            plt.xlabel("game")
            whole_ticks(plt, numbers, [0, *margins])

    def on_resize(self, event: events.Resize) -> None:
        """Lay the screen out for the new size."""
        self.arrange_chart()

    def arrange_chart(self) -> None:
        """Every count comes first: the table takes its own width, and the chart goes where
        :func:`place_chart` finds it room."""
        place_chart(self, self.size, table=self.table_cells, padding=_PADDING, charted=True)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
