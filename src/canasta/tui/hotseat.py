"""Hot-seat play: who sits where (:class:`SeatingScreen`) and the curtain that hides the
table while the keyboard passes from one person to the next (:class:`CurtainScreen`).

The app decides when a curtain goes up; this module only draws the screens and holds the
seating (:class:`Seating`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from canasta.choices import COMMAND_PREFIX, LEVELS, is_command
from canasta.engine import RuleSet
from canasta.session import HUMAN
from canasta.tui.seats import Seating, short_name
from canasta.tui.theme import SCREENS_CSS

__all__ = [
    "NAME_LENGTH",
    "CurtainScreen",
    "Seating",
    "SeatingScreen",
    "presets",
]

#: The longest name a seat may have (the seats bar must fit 80 columns).
NAME_LENGTH = 10
#: The preset keys there may be.
_PRESET_KEYS = ("1", "2", "3", "4")
_COUNTS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
#: Up to this many seats, a blank line between two seats (more fit 24 lines only without).
_ROOMY = 4


def presets(rules: RuleSet, level: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The common tables at ``rules``'s table by key: a label and the seat kinds, bots
    playing ``level``. Partners only where South has one, opponents only beside bots."""
    players = rules.players

    def only(humans: Collection[int]) -> tuple[str, ...]:
        return tuple(HUMAN if seat in humans else level for seat in range(players))

    tables = [(f"{_COUNTS[players]} humans", only(range(players)))]
    if rules.partner(0) is not None:
        tables.append(("Partners vs bots", only(rules.partnerships[rules.team_of(0)])))
    if players > 2:
        tables.append((f"Opponents + bot{'s' * (players > 3)}", only((0, 1))))
    tables.append(("One human", only((0,))))
    return dict(zip(_PRESET_KEYS, tables, strict=False))


def _team_words(rules: RuleSet, seat: int) -> str:
    """Whom ``seat`` plays with: ``partner North``, ``partners NW and NE``, ``plays alone``."""
    mates = [rules.seat_name(mate) for mate in rules.partnerships[rules.team_of(seat)]]
    mates.remove(rules.seat_name(seat))
    if not mates:
        return "plays alone"
    if len(mates) == 1:
        return f"partner {mates[0]}"
    return f"partners {' and '.join(short_name(mate) for mate in mates)}"


class SeatingScreen(Screen[Seating | None]):
    """Choose a human or a bot level and a name for every seat (or a preset), then start.

    Dismissed with the :class:`Seating`, or ``None`` when the player cancels.

    Args:
        seating: the seating to start from (one kind per seat of ``rules``).
        rules: the rule set of the game, which says the seats.
        available: the bot levels there are (``canasta.bots.BOTS``).
        level: the bot level the presets use.
    """

    CSS_PATH = SCREENS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"preset('{key}')", f"Preset {key}", show=False) for key in _PRESET_KEYS),
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self,
        seating: Seating,
        *,
        rules: RuleSet,
        available: Mapping[str, object],
        level: str,
    ) -> None:
        super().__init__(classes="seating-screen")
        self.seating = seating
        self.rules = rules
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
        self.presets = presets(rules, level)
        self.set_class(rules.players > _ROOMY, "-many")

    def compose(self) -> ComposeResult:
        """A row per seat, the presets and the start and cancel buttons."""
        rules = self.rules
        with Vertical(id="seating"):
            yield Label("Who plays? A human or a bot at each seat, and a name.", id="seating-title")
            yield Static(f"Rules: {rules.label}.", id="seating-rules")
            for seat, label in enumerate(rules.seat_names):
                with Horizontal(classes="seat-row"):
                    yield Label(label, classes="seat-label")
                    yield Select(
                        self.kinds,
                        value=self.seating.kinds[seat],
                        allow_blank=False,
                        compact=True,
                        id=f"kind{seat}",
                    )
                    name = self.seating.names[seat] if self.seating.names else label
                    yield Input(
                        value="" if name == label else name,
                        placeholder=label,
                        max_length=NAME_LENGTH,
                        compact=True,
                        id=f"name{seat}",
                    )
                    yield Label(_team_words(rules, seat), classes="seat-partner")
            yield Static(f"Presets (or press 1 to {len(self.presets)}):", id="presets-title")
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A preset's key only where this table has that preset."""
        if action == "preset":
            return parameters[0] in self.presets
        return True

    def chosen(self) -> Seating:
        """The seating the screen shows now."""
        kinds: list[str] = []
        names: list[str] = []
        for seat, label in enumerate(self.rules.seat_names):
            value = self.query_one(f"#kind{seat}", Select).value
            kinds.append(value if isinstance(value, str) else HUMAN)
            names.append(self.query_one(f"#name{seat}", Input).value.strip() or label)
        return Seating(kinds=tuple(kinds), names=tuple(names))

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

    CSS_PATH = SCREENS_CSS

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
