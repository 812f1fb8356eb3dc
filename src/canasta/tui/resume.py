"""The start screen shown when an unfinished game was saved: resume it, or deal a new one."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, Static

from canasta.engine import GameState, Phase, RuleSet
from canasta.persist import SavedGame
from canasta.tui.seats import scores_text
from canasta.tui.storage import table_command
from canasta.tui.theme import SCREENS_CSS

__all__ = ["ResumeScreen", "describe_saved", "new_game_warning"]


def describe_saved(saved: SavedGame, state: GameState) -> str:
    """One sentence about a saved game: when, which rules, who, which round, the scores,
    whose turn."""
    started = saved.session.started_at.astimezone()
    when = saved.saved_at.astimezone()
    seats = saved.session.seats
    players = ", ".join(
        f"{info.name} ({info.level} bot)" if info.kind == "bot" else info.name for info in seats
    )
    turn = ""
    if state.to_move is not None and state.phase in (Phase.DRAW, Phase.PLAY, Phase.ANSWER):
        turn = f", {seats[state.to_move].name} to move"
    totals = scores_text(state.rules, state.scores, [info.name for info in seats])
    return (
        f"Started {started:%Y-%m-%d %H:%M}, last saved {when:%H:%M}, {state.rules.label}, "
        f"with {players}: round {state.round_no}, {totals}{turn}."
    )


def new_game_warning(saved: RuleSet, new: RuleSet, *, replaced: bool = False) -> str:
    """What a new game instead of the saved one (of ``saved`` rules) would be, and what
    becomes of the saved one: replaced at the same table, kept at another (where the
    unfinished game of the new table is ``replaced``, it says so)."""
    if (new.name, new.players) == (saved.name, saved.players):
        return (
            f"New game (n) deals {new.label} in place of this unfinished game: "
            "one unfinished game is kept per table."
        )
    instead = f" in place of your unfinished game of {new.label}" if replaced else ""
    return (
        f"This game is {saved.label}. New game (n) deals {new.label}{instead} and keeps "
        f"this one saved: {table_command(saved.name, saved.players)} goes back to it."
    )


class ResumeScreen(Screen[bool]):
    """An unfinished game is saved: ``r`` resumes it (``True``), ``n`` deals a new game of
    ``new_rules`` (``False``; at the same table the new game replaces the saved one, at
    another it is kept: the screen says which)."""

    CSS_PATH = SCREENS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose(True)", "Resume"),
        Binding("enter", "choose(True)", "Resume", show=False),
        Binding("n", "choose(False)", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(
        self, saved: SavedGame, state: GameState, *, new_rules: RuleSet, replaced: bool = False
    ) -> None:
        super().__init__(classes="resume-screen")
        self.saved = saved
        self.state = state
        self.new_rules = new_rules
        #: Whether the new game's table has an unfinished game too, which it replaces.
        self.replaced = replaced

    def compose(self) -> ComposeResult:
        """The saved game in one sentence and two buttons."""
        with Vertical(classes="dialog", id="resume"):
            yield Label("Welcome back: a game is unfinished.", classes="dialog-title")
            yield Static(describe_saved(self.saved, self.state), classes="dialog-detail")
            warning = new_game_warning(self.state.rules, self.new_rules, replaced=self.replaced)
            yield Static(warning, id="resume-warning", classes="dialog-detail")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Resume (r)", id="resume-game", variant="primary")
                yield Button("New game (n)", id="new-game")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click or Enter on a button chooses."""
        self.dismiss(event.button.id == "resume-game")

    def action_choose(self, resume: bool) -> None:
        """Choose with a key."""
        self.dismiss(resume)
