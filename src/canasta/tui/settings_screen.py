"""The settings screen: pace, theme, ASCII mode, default difficulty, names, hand order, and
the rule system and player count of new games (only the counts the system allows).

Saving validates the values with the same model that reads the settings file, writes the
file (when the app keeps files) and hands the new settings back to the app.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from canasta.choices import LEVELS, PACES
from canasta.engine import COMPASS, PLAYER_COUNTS, SYSTEMS, preset
from canasta.engine.words import MAX_NAME_LENGTH
from canasta.persist import Paths, Settings, WriteError, save_settings, validate_settings
from canasta.tui.theme import SCREENS_CSS

__all__ = ["SettingsScreen"]

_ORDERS = (("By rank", "rank"), ("By suit", "suit"))
_CHOICES = (
    ("rules", "Rule system of new games"),
    ("players", "Players in new games"),
    ("pace", "Pace of the bots"),
    ("difficulty", "Difficulty of new games"),
    ("theme", "Theme"),
    ("hand-order", "Hand order"),
)


def _player_choices(system: str) -> list[tuple[str, object]]:
    """The player counts ``system`` allows, fewest first."""
    return [(f"{count} players", count) for count in sorted(PLAYER_COUNTS[system])]


class SettingsScreen(Screen[Settings | None]):
    """Edit the settings; dismissed with the saved :class:`Settings`, or ``None`` when the
    player leaves without saving.

    Args:
        settings: the settings to start from.
        paths: where to save them (``None``: they apply to this run only).
    """

    CSS_PATH = SCREENS_CSS
    #: The first setting has the focus (by default the scrolling box took it, and Enter and
    #: the arrows did nothing until Tab).
    AUTO_FOCUS = "#rules"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, settings: Settings, *, paths: Paths | None) -> None:
        super().__init__(classes="settings-screen")
        self.settings = settings
        self.paths = paths

    def compose(self) -> ComposeResult:
        """A row per setting, the names, and the save and cancel buttons."""
        settings = self.settings
        themes = sorted(self.app.available_themes)
        if settings.theme not in themes:
            themes.append(settings.theme)
        choices: dict[str, list[tuple[str, object]]] = {
            "rules": [(system, system) for system in SYSTEMS],
            "players": _player_choices(settings.rules),
            "pace": [(pace, pace) for pace in PACES],
            "difficulty": [(level, level) for level in LEVELS],
            "theme": [(theme, theme) for theme in themes],
            "hand-order": list(_ORDERS),
        }
        values: dict[str, object] = {
            "rules": settings.rules,
            "players": settings.players,
            "pace": settings.pace,
            "difficulty": settings.difficulty,
            "theme": settings.theme,
            "hand-order": settings.hand_order,
        }
        with VerticalScroll(id="settings"):
            yield Label("Settings", id="settings-title")
            for key, label in _CHOICES:
                with Horizontal(classes="settings-row"):
                    yield Label(label, classes="settings-label")
                    yield Select(
                        choices[key], value=values[key], allow_blank=False, compact=True, id=key
                    )
            with Horizontal(classes="settings-row"):
                yield Label("ASCII cards", classes="settings-label")
                yield Checkbox("space toggles", settings.ascii, compact=True, id="ascii")
            # A row for every seat of any table; those of the table chosen above show.
            seats = settings.rule_set().seat_names
            for seat in COMPASS:
                with Horizontal(classes="settings-row", id=f"row-{seat.lower()}") as row:
                    row.display = seat in seats
                    yield Label(f"Name of {seat}", classes="settings-label")
                    yield Input(
                        settings.names.of(seat),
                        max_length=MAX_NAME_LENGTH,
                        compact=True,
                        id=f"name-{seat.lower()}",
                    )
            yield Static(
                "Pace, theme, ASCII cards and hand order apply now; the rules, players, "
                "difficulty and names from the next game (g).",
                id="settings-note",
            )
            with Horizontal(id="settings-buttons"):
                yield Button("Save (Ctrl+S)", id="save", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another rule system offers only the player counts it allows (the count stays
        when the system allows it, else the system's first); the names asked for are those
        of the seats at the table chosen."""
        system = self.query_one("#rules", Select).value
        players = self.query_one("#players", Select)
        if event.select.id == "rules" and isinstance(event.value, str):
            allowed = PLAYER_COUNTS[event.value]
            keep = players.value if players.value in allowed else allowed[0]
            players.set_options(_player_choices(event.value))
            players.value = keep
        if isinstance(system, str) and isinstance(players.value, int):
            seats = preset(system, players.value).seat_names
            for seat in COMPASS:
                self.query_one(f"#row-{seat.lower()}").display = seat in seats

    def chosen(self) -> dict[str, Any]:
        """The values on the screen, as the settings file would hold them."""
        data: dict[str, Any] = dataclasses.asdict(self.settings)
        for key, _ in _CHOICES:
            value = self.query_one(f"#{key}", Select).value
            if isinstance(value, (str, int)):
                data[key.replace("-", "_")] = value
        data["ascii"] = self.query_one("#ascii", Checkbox).value
        data["names"] = {
            seat.lower(): self.query_one(f"#name-{seat.lower()}", Input).value or seat
            for seat in COMPASS
        }
        return data

    def action_save(self) -> None:
        """Check the values, write them and apply them (a bad value is named, nothing saved)."""
        try:
            settings = validate_settings(self.chosen())
        except ValidationError as error:
            for problem in error.errors():
                where = ".".join(str(part) for part in problem["loc"])
                message = str(problem["msg"]).removeprefix("Value error, ")
                self.notify(f"The setting {where!r} is invalid: {message}.", severity="error")
            return
        if self.paths is not None:
            try:
                save_settings(self.paths, settings)
            except WriteError as error:
                self.notify(error.sentence, severity="error")
        self.dismiss(settings)

    def action_cancel(self) -> None:
        """Leave without saving."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Save or cancel."""
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()
