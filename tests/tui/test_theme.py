"""The table starts in the theme asked for (the canasta theme when there is none of that
name): its colours from the first frame, dark or light."""

from __future__ import annotations

import pytest
from textual.color import Color

from canasta.tui.app import make_app
from canasta.tui.options import Options


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
