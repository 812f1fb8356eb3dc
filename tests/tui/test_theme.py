"""The table starts in the theme asked for (the canasta theme when there is none of that
name): its colours from the first frame, dark or light; its cards' style changes at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.color import Color
from textual.pilot import Pilot
from textual.widgets import Checkbox

from canasta.persist import Paths
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.options import Options
from canasta.tui.settings_screen import SettingsScreen

from .helpers import log_text, press, settle


@pytest.mark.parametrize("theme", ["canasta", "nord", "textual-light"])
async def test_the_table_starts_in_the_theme_asked_for(theme: str) -> None:
    app = make_app(Options(seed=7, levels=("random",) * 3, pace="instant", theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chosen = app.get_theme(theme)
        assert chosen is not None and chosen.background is not None
        assert app.theme == theme
        assert app.screen.styles.background == Color.parse(chosen.background)
        assert app.has_class("-dark-mode") is chosen.dark
        assert app.has_class("-light-mode") is not chosen.dark


async def test_an_unknown_theme_leaves_a_note_and_the_canasta_theme() -> None:
    app = make_app(Options(seed=7, levels=("random",) * 3, pace="instant", theme="nope"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "canasta"
        assert app.screen.styles.background == Color.parse("#0f2a1d")
        assert (
            "There is no theme 'nope', so the canasta theme is used: choose one of ansi-dark, "
        ) in app.notes[0]
        assert "canasta, catppuccin-frappe" in app.notes[0]
        assert app.notes[0].endswith("tokyo-night.")


async def test_switching_to_ascii_retells_the_log_in_ascii(tmp_path: Path) -> None:
    # Every card the log named before the switch is named again in letters: a terminal that
    # needs ASCII would otherwise keep showing the symbols it cannot draw.
    options = Options(seed=7, levels=("random",) * 3, pace="instant")
    app = make_app(options, paths=Paths.under(tmp_path / "files"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until_logged(pilot, "♣♦♥♠")
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#ascii", Checkbox).value = True
        await press(pilot, "ctrl+s")
        told = log_text(app)
        assert told and not set(told) & set("♣♦♥♠")
        assert re.search(r"\b(10|[2-9JQKA])[CDHS]\b", told), told


async def until_logged(pilot: Pilot[int], symbols: str) -> None:
    """Play on (South draws and discards its first card) until the log names a card."""
    app = pilot.app
    assert isinstance(app, CanastaApp)
    for _ in range(20):
        if set(log_text(app)) & set(symbols):
            return
        await press(pilot, "d", "1", "x")
    raise AssertionError(log_text(app))
