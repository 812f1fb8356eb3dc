"""Hot-seat play: who sits where (:class:`SeatingScreen`) and the curtain that hides the
table while the keyboard passes from one person to the next (:class:`CurtainScreen`).

The app decides when a curtain goes up; this module only draws the screens and holds the
seating (:class:`Seating`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from canasta.choices import COMMAND_PREFIX, LEVELS, is_command
from canasta.engine import seat_name
from canasta.tui.session import HUMAN

__all__ = [
    "NAME_LENGTH",
    "CurtainScreen",
    "Seating",
    "SeatingScreen",
    "presets",
]

#: The longest name a seat may have (the seats bar must fit 80 columns).
NAME_LENGTH = 10


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays South, West, North and East: ``HUMAN`` or a bot level, and a name."""

    kinds: tuple[str, str, str, str]
    names: tuple[str, str, str, str] = ("South", "West", "North", "East")

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play, in turn order from South."""
        return tuple(seat for seat, kind in enumerate(self.kinds) if kind == HUMAN)


def presets(level: str) -> dict[str, tuple[str, tuple[str, str, str, str]]]:
    """The common tables by key: a label and the seat kinds, bots playing ``level``."""
    return {
        "1": ("Four humans", (HUMAN, HUMAN, HUMAN, HUMAN)),
        "2": ("Partners vs bots", (HUMAN, level, HUMAN, level)),
        "3": ("Opponents + bots", (HUMAN, HUMAN, level, level)),
        "4": ("One human", (HUMAN, level, level, level)),
    }


class SeatingScreen(Screen[Seating | None]):
    """Choose a human or a bot level and a name for every seat (or a preset), then start.

    Dismissed with the :class:`Seating`, or ``None`` when the player cancels.

    Args:
        seating: the seating to start from.
        available: the bot levels there are (``canasta.bots.BOTS``).
        level: the bot level the presets use.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "preset('1')", "Four humans", show=False),
        Binding("2", "preset('2')", "Partners vs bots", show=False),
        Binding("3", "preset('3')", "Opponents + bots", show=False),
        Binding("4", "preset('4')", "One human", show=False),
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, seating: Seating, *, available: Mapping[str, object], level: str) -> None:
        super().__init__(classes="seating-screen")
        self.seating = seating
        self.kinds: list[tuple[str, str]] = [("Human", HUMAN)]
        self.kinds.extend(
            (f"{name.capitalize()} bot", name) for name in LEVELS if name in available
        )
        # Outside bots given with --seat stay on offer for every seat.
        self.kinds.extend(
            (f"Bot {kind.removeprefix(COMMAND_PREFIX)}"[:24], kind)
            for kind in dict.fromkeys(seating.kinds)
            if is_command(kind)
        )
        self.presets = presets(level)

    def compose(self) -> ComposeResult:
        """A row per seat, the presets and the start and cancel buttons."""
        with Vertical(id="seating"):
            yield Label("Who plays? A human or a bot at each seat, and a name.", id="seating-title")
            for seat in range(4):
                partner = seat_name((seat + 2) % 4)
                with Horizontal(classes="seat-row"):
                    yield Label(f"{seat_name(seat):<6}", classes="seat-label")
                    yield Select(
                        self.kinds,
                        value=self.seating.kinds[seat],
                        allow_blank=False,
                        compact=True,
                        id=f"kind{seat}",
                    )
                    name = self.seating.names[seat]
                    yield Input(
                        value="" if name == seat_name(seat) else name,
                        placeholder=seat_name(seat),
                        max_length=NAME_LENGTH,
                        compact=True,
                        id=f"name{seat}",
                    )
                    yield Label(f"partner {partner}", classes="seat-partner")
            yield Static("Presets (or press 1 to 4):", id="presets-title")
            with Horizontal(id="presets"):
                for key, (label, _) in self.presets.items():
                    yield Button(f"{key} {label}", id=f"preset{key}", compact=True)
            with Horizontal(id="seating-buttons"):
                yield Button("Start (Enter)", id="start", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
            yield Static("", id="seating-error")
        yield Footer()

    def on_mount(self) -> None:
        """Start with the start button focused: Enter plays the seating shown."""
        self.query_one("#start", Button).focus()

    def chosen(self) -> Seating:
        """The seating the screen shows now."""
        kinds: list[str] = []
        names: list[str] = []
        for seat in range(4):
            value = self.query_one(f"#kind{seat}", Select).value
            kinds.append(value if isinstance(value, str) else HUMAN)
            names.append(self.query_one(f"#name{seat}", Input).value.strip() or seat_name(seat))
        return Seating(
            kinds=(kinds[0], kinds[1], kinds[2], kinds[3]),
            names=(names[0], names[1], names[2], names[3]),
        )

    def action_preset(self, key: str) -> None:
        """Seat one of the common tables (the names stay)."""
        for seat, kind in enumerate(self.presets[key][1]):
            self.query_one(f"#kind{seat}", Select).value = kind

    def action_start(self) -> None:
        """Start with the chosen seating, if a person sits somewhere."""
        seating = self.chosen()
        if not seating.humans:
            self.query_one("#seating-error", Static).update(
                "Seat at least one human: someone has to play."
            )
            return
        self.dismiss(seating)

    def action_cancel(self) -> None:
        """Leave without a new game."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The preset, start and cancel buttons."""
        button = event.button.id or ""
        if button.startswith("preset"):
            self.action_preset(button.removeprefix("preset"))
        elif button == "start":
            self.action_start()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name starts the game."""
        self.action_start()


class CurtainScreen(Screen[None]):
    """Hides the whole table until the named person presses Enter.

    Args:
        title: who should take the keyboard, and why.
        detail: what to do then.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "reveal", "Continue", key_display="Enter")
    ]

    def __init__(self, title: str, detail: str) -> None:
        super().__init__(classes="curtain-screen")
        self.title_text = title
        self.detail = detail

    def compose(self) -> ComposeResult:
        """The message in the middle of an empty screen."""
        with Vertical(id="curtain"):
            yield Label(self.title_text, id="curtain-title")
            yield Static(self.detail, id="curtain-detail")
        yield Footer()

    def action_reveal(self) -> None:
        """The named person is at the keyboard: show the table."""
        self.dismiss(None)
