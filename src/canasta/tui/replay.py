"""Replaying a finished game: every hand open, the log up to the action shown, the score.

:class:`ReplayScreen` steps through an engine record forwards and backwards;
:class:`GamesScreen` lists the archived games to pick one; :func:`run` is
``canasta replay FILE`` (a file that cannot be read prints one sentence and exits 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, RichLog, Static

from canasta.engine import (
    Action,
    CanastaError,
    GameState,
    NextRound,
    Phase,
    view,
)
from canasta.engine.narrate import CardLabel, describe_events, letter_label
from canasta.engine.record import GameRecord
from canasta.engine.record import replay_steps as replay_steps_of
from canasta.engine.words import counted
from canasta.persist import (
    GameResult,
    LoadError,
    Paths,
    RecordEntry,
    held_record,
    list_records,
    load_record_file,
    load_stats,
)
from canasta.tui.cards import CardStyle, hand_order
from canasta.tui.middle import arrange
from canasta.tui.seats import scores_text, short_name, team_label
from canasta.tui.team_panel import TeamPanel
from canasta.tui.theme import CANASTA_THEME, SCREENS_CSS
from canasta.tui.widgets import PilePanel, Table, TableWidget

__all__ = [
    "GamesScreen",
    "ReplayApp",
    "ReplayScreen",
    "ReplayStep",
    "replay_steps",
    "run",
    "score_line",
]

#: How many log lines the replay keeps on screen.
_LOG_LINES = 300
#: From this width on, the log gets its own column (of this many cells, its border included).
_WIDE, _LOG_COLUMN = 110, 45


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One state of a replayed game and how it came about.

    Attributes:
        state: the state.
        action: the action that led here (``None`` for the first deal).
        seat: who played it (``None`` for a deal).
        lines: what happened, as the log tells it (every card told).
    """

    state: GameState
    action: Action | None
    seat: int | None
    lines: tuple[str, ...]


def replay_steps(record: GameRecord, *, label: CardLabel = letter_label) -> list[ReplayStep]:
    """Every step of ``record``, the first deal first, cards written by ``label`` and
    players called by the record's names.

    Raises:
        CanastaError: the record does not replay.
    """
    state, events = record.first_deal()
    rules, names = state.rules, record.player_names()
    dealt = tuple(describe_events(events, label=label, names=names, rules=rules))
    steps = [ReplayStep(state, None, None, dealt)]
    for before, action, step in replay_steps_of(record):
        seat = before.to_move
        told = describe_events(step.events, viewer=seat, label=label, names=names, rules=rules)
        steps.append(ReplayStep(step.state, action, seat, tuple(told)))
    return steps


def score_line(state: GameState, names: Sequence[str]) -> str:
    """The totals, and at the game's end who won (players called by ``names``)."""
    rules = state.rules
    totals = scores_text(rules, state.scores, names)
    if state.phase is Phase.GAME_OVER and state.winner is not None:
        winner = team_label(rules, state.winner, names)
        return f"Game over: {winner} won. Final score {totals}."
    return f"Score {totals}."


class ReplayScreen(Screen[None]):
    """A recorded game, one action at a time, with every hand open.

    Args:
        record: the game (it must replay).
        style: how cards are written.
        title: what the header calls the game.
    """

    CSS_PATH = SCREENS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next"),
        Binding("left", "step(-1)", "Back"),
        Binding("pagedown", "round(1)", "Next round"),
        Binding("pageup", "round(-1)", "Round back"),
        Binding("home", "go(0)", "Start", show=False),
        Binding("end", "go(-1)", "End"),
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, record: GameRecord, *, style: CardStyle, title: str = "Replay") -> None:
        super().__init__(classes="replay-screen")
        self.steps = replay_steps(record, label=style.label)
        #: The players' names by seat.
        self.names = record.player_names()
        self.style = style
        self.title_text = title
        self.index = 0

    def compose(self) -> ComposeResult:
        """The header, every open hand, the melds and pile, and the log."""
        rules = self.state.rules
        yield Label("", id="replay-header")
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-main"):
                with Horizontal(id="replay-middle"):
                    if not rules.several_melds:
                        yield TeamPanel(0, id="replay-team0")
                    yield PilePanel(id="replay-pile")
                    if not rules.several_melds:
                        for team in range(1, rules.teams):
                            yield TeamPanel(team, id=f"replay-team{team}")
                for seat in range(rules.players):
                    yield Static("", id=f"replay-hand{seat}", classes="replay-hand")
            log = RichLog(id="replay-log", wrap=True, min_width=20, max_lines=_LOG_LINES)
            log.can_focus = False
            yield log
        yield Footer()

    def on_mount(self) -> None:
        """Show the first deal."""
        self.set_class(self.app.size.width >= _WIDE, "-wide")
        self.query_one(PilePanel).border_title = "Pile"
        if self.state.rules.several_melds:  # a panel per player, as at the table
            arrange(self.query_one("#replay-middle"), self.state.rules)
        self.show_step()

    def on_resize(self, event: events.Resize) -> None:
        """The log goes beside the table on a wide terminal, below it otherwise (and the
        hands are told again for their room)."""
        self.set_class(event.size.width >= _WIDE, "-wide")
        self.show_step()

    @property
    def state(self) -> GameState:
        """The state shown."""
        return self.steps[self.index].state

    def show_step(self) -> None:
        """Draw the state at :attr:`index` and the log up to it."""
        step = self.steps[self.index]
        state = step.state
        last = len(self.steps) - 1
        played = "the deal" if step.action is None else self.style.action(step.action)
        rules = state.rules
        who = "" if step.seat is None else f"{self.names[step.seat]}: "
        self.query_one("#replay-header", Label).update(
            f"{self.title_text}: action {self.index} of {last} ({who}{played}), "
            f"round {state.round_no}. {score_line(state, self.names)}"
        )
        # Every hand is open and nobody is "you": the table as nobody's (hot seat's hidden).
        table = Table(
            seen=view(state, 0),
            style=self.style,
            last_seat=step.seat,
            hidden=True,
            names=self.names,
        )
        for panel in self.query("TeamPanel, PlayerPanel, PilePanel").results():
            if isinstance(panel, TableWidget):
                panel.show(table)
        for seat in range(rules.players):
            self.query_one(f"#replay-hand{seat}", Static).update(self._hand(state, seat))
        lines: list[str] = []
        for earlier in reversed(self.steps[: self.index + 1]):
            lines[:0] = earlier.lines
            if len(lines) >= _LOG_LINES:
                break
        log = self.query_one(RichLog)
        log.clear()
        log.write(Text("\n".join(lines[-_LOG_LINES:])))

    def _hand(self, state: GameState, seat: int) -> Text:
        """The seat's hand on a line, under its player's name: shortened (a seat's initials,
        the first letters of a name) when it leaves too little room (six players' long
        names)."""
        name = self.names[seat]
        width = self.app.size.width
        room = width - 2 - (_LOG_COLUMN if width >= _WIDE else 0)
        text = self._hand_line(state, seat, name)
        if text.cell_len > room:
            text = self._hand_line(state, seat, short_name(name))
        return text

    def _hand_line(self, state: GameState, seat: int, name: str) -> Text:
        cards = hand_order(state.hands[seat])
        turn = " (to move)" if state.to_move == seat else ""
        text = Text(f"{name}{turn}, {counted(len(cards), 'card')}: ", style="bold")
        for card in cards:
            text.append_text(self.style.styled(card))
            text.append(" ")
        return text

    def action_step(self, delta: int) -> None:
        """One action forwards or backwards."""
        self.action_go(min(max(self.index + delta, 0), len(self.steps) - 1))

    def action_go(self, index: int) -> None:
        """Jump to step ``index`` (``-1``: the end)."""
        self.index = index % len(self.steps)
        self.show_step()

    def action_round(self, delta: int) -> None:
        """To the next round's deal, or back to this round's (or the previous one's)."""
        deals = [
            i for i, step in enumerate(self.steps) if i == 0 or isinstance(step.action, NextRound)
        ]
        if delta > 0:
            later = [i for i in deals if i > self.index]
            self.action_go(later[0] if later else len(self.steps) - 1)
        else:
            earlier = [i for i in deals if i < self.index]
            self.action_go(earlier[-1] if earlier else 0)

    def action_close(self) -> None:
        """Back to where the replay was opened (or out of ``canasta replay``)."""
        self.dismiss(None)


def _entry_label(entry: RecordEntry, results: Sequence[GameResult] = ()) -> str:
    """When and which seed; the result too when the statistics still hold it."""
    label = f"{entry.started_at:%Y-%m-%d %H:%M}  seed {entry.seed}"
    for result in results:
        started = result.started_at.astimezone().replace(tzinfo=None, microsecond=0)
        if started == entry.started_at and result.seed == entry.seed:
            outcome = "won" if result.won else "lost"
            ours, theirs = result.scores[result.home_team], result.best_other
            played = f"{outcome} {ours} to {theirs}, {result.difficulty} bots"
            return f"{label}  {result.system}: {played}"
    return label


class GamesScreen(Screen[None]):
    """The archived games, newest first: Enter replays one."""

    CSS_PATH = SCREENS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("v", "close", "Back", show=False),
    ]

    def __init__(self, paths: Paths, *, style: CardStyle) -> None:
        super().__init__(classes="games-screen")
        self.paths = paths
        self.style = style
        self.entries = list_records(paths)
        try:
            self.results: list[GameResult] = load_stats(paths).recent
        except LoadError:
            self.results = []  # the statistics screen reports it

    def compose(self) -> ComposeResult:
        """The list (or a sentence when it is empty)."""
        with Vertical(id="games"):
            yield Label("Finished games: Enter replays one", id="games-title")
            if self.entries:
                labels = (_entry_label(entry, self.results) for entry in self.entries)
                yield OptionList(*labels, id="games-list")
            else:
                yield Static("No finished game yet: each game you finish is kept here.")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Replay the chosen game (a file that cannot be used is named and moved aside)."""
        entry = self.entries[event.option_index]
        try:
            record = load_record_file(entry.path, move_aside=True)
        except LoadError as error:
            self.notify(error.sentence, severity="error")
            return
        self.app.push_screen(ReplayScreen(record, style=self.style, title=_entry_label(entry)))

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class ReplayApp(App[int]):
    """``canasta replay FILE``: the replay screen on its own."""

    CSS_PATH = "canasta.tcss"
    TITLE = "Canasta replay"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, record: GameRecord, *, title: str, ascii: bool = False) -> None:
        super().__init__()
        self.record = record
        self.title_text = title
        self.style = CardStyle(ascii=ascii)
        self.register_theme(CANASTA_THEME)
        self.set_class(ascii, "-ascii")
        self.animation_level = "none"

    def on_mount(self) -> None:
        """The canasta theme, and the replay; closing it ends the app."""
        self.theme = "canasta"
        screen = ReplayScreen(self.record, style=self.style, title=self.title_text)
        self.push_screen(screen, lambda _: self.exit(0))


def run(args: argparse.Namespace) -> int:
    """``canasta replay FILE``: replay a record; one sentence and status 2 when it cannot."""
    from canasta.tui.options import is_utf8

    path = Path(args.file)
    try:
        record = held_record(path) or load_record_file(path)
    except CanastaError as error:
        sentence = error.sentence if isinstance(error, LoadError) else str(error)
        print(f"canasta replay: {sentence}", file=sys.stderr)
        return 2
    ascii_mode = bool(args.ascii) or not is_utf8(sys.__stderr__)
    result = ReplayApp(record, title=path.name, ascii=ascii_mode).run()
    return 0 if result is None else result
