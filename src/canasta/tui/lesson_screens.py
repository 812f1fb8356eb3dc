"""The lessons' screens: the list of lessons, a step's explanation, a lesson's end, and the
table with ``q`` leading back to the list."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, OptionList, Static

from canasta.tui.table_screen import TableScreen

__all__ = ["LessonDoneScreen", "LessonListScreen", "LessonTableScreen", "StepScreen"]

#: What a lesson's end offers: the next lesson, the list, or leaving.
NEXT, LIST, QUIT = "next", "list", "quit"

_LESSON_CSS = """
StepScreen, LessonDoneScreen {
    align: center middle;
    background: $background 60%;
}
.lesson-dialog {
    width: 78;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    border: thick $accent;
    background: $surface;
    padding: 0 1;
}
.lesson-dialog VerticalScroll {
    height: auto;
    max-height: 18;
}
.lesson-title {
    text-style: bold;
    width: 100%;
    content-align: center middle;
}
.lesson-keys {
    width: 100%;
    content-align: center middle;
    color: $text-muted;
}
LessonListScreen {
    padding: 0 2;
}
LessonListScreen OptionList {
    height: auto;
    max-height: 1fr;
}
#lesson-summary {
    margin: 1 0;
}
"""


class StepScreen(ModalScreen[None]):
    """A step's explanation, read before the step is played (Enter, Escape or space)."""

    DEFAULT_CSS = _LESSON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "To the table"),
        Binding("escape", "close", "To the table", show=False),
        Binding("space", "close", "To the table", show=False),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        """The step's title and its text."""
        with Vertical(classes="lesson-dialog"):
            yield Label(self.title_text, classes="lesson-title")
            with VerticalScroll():
                yield Static(self.text, markup=False)
            keys = "Enter: to the table   (h at the table shows this again)"
            yield Label(keys, classes="lesson-keys")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class LessonDoneScreen(ModalScreen[str]):
    """The end of a lesson: what it taught, then the next lesson, the list, or leaving."""

    DEFAULT_CSS = _LESSON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", f"choose('{NEXT}')", "Next lesson"),
        Binding("l", f"choose('{LIST}')", "Lessons"),
        Binding("escape", f"choose('{LIST}')", "Lessons", show=False),
        Binding("q", f"choose('{QUIT}')", "Quit"),
    ]

    def __init__(self, title: str, text: str, *, last: bool) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.last = last

    def compose(self) -> ComposeResult:
        """The lesson's end and the keys."""
        keys = "l: the lessons   q: quit"
        with Vertical(classes="lesson-dialog"):
            yield Label(self.title_text, classes="lesson-title")
            with VerticalScroll():
                yield Static(self.text, markup=False)
            keys = keys if self.last else f"Enter: next lesson   {keys}"
            yield Label(keys, classes="lesson-keys")

    def action_choose(self, choice: str) -> None:
        """Go on as chosen (after the last lesson, Enter leads to the list)."""
        self.dismiss(LIST if choice == NEXT and self.last else choice)


class LessonListScreen(Screen[str | None]):
    """The lessons, finished ones marked; Enter (or a click) starts one, q leaves."""

    DEFAULT_CSS = _LESSON_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave", "Quit")]

    def __init__(
        self, entries: Sequence[tuple[str, str, str]], *, current: int, legend: str
    ) -> None:
        super().__init__()
        #: Each lesson's name, its line in the list and what it teaches.
        self.entries = tuple(entries)
        self.current = current
        self.legend = legend

    def compose(self) -> ComposeResult:
        """A title, the lessons and the keys."""
        yield Label("Learn to play Canasta", classes="lesson-title")
        yield Static(self.legend, markup=False)
        yield OptionList(*(line for _, line, _ in self.entries))
        yield Static(id="lesson-summary", markup=False)
        yield Label("↑/↓ choose   Enter: play the lesson   q: quit", classes="lesson-keys")

    def on_mount(self) -> None:
        """The cursor on the lesson to play next."""
        options = self.query_one(OptionList)
        options.highlighted = self.current
        options.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Say what the highlighted lesson teaches."""
        summary = self.entries[event.option_index][2]
        self.query_one("#lesson-summary", Static).update(f"This lesson: {summary}.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """The chosen lesson's name."""
        self.dismiss(self.entries[event.option_index][0])

    def action_leave(self) -> None:
        """Leave the lessons."""
        self.dismiss(None)


class LessonTableScreen(TableScreen):
    """The table of a lesson: ``q`` goes back to the list of lessons (the step is kept).

    Args:
        leave: called on ``q``.
        shown: called whenever the table is back on top (a dialog closed).
        hint: called on ``h`` (in a lesson, the step's explanation again).
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit_game", "Lessons")]

    def __init__(
        self, *, leave: Callable[[], None], shown: Callable[[], None], hint: Callable[[], None]
    ) -> None:
        super().__init__()
        self._leave = leave
        self._shown = shown
        self._hint = hint

    def action_hint(self) -> None:
        """The step's explanation again."""
        self._hint()

    def action_quit_game(self) -> None:
        """Back to the list of lessons."""
        self._leave()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Back at the table after a dialog: the lesson may have ended meanwhile."""
        self.call_later(self._shown)
