"""Railroad at 80x24 (rules §13): a round played by keys at three seats with the table's
checks, and at five without crashing (the railroad panels are the TUI's to draw)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from canasta.engine import Discard, Phase, preset
from canasta.tui.app import CanastaApp
from canasta.tui.screens import ScoreSheetScreen

from .helpers import make_test_app, press, screen_text, select_cards, settle, south_choice
from .test_tables import KEYS, play_south


async def _play_plainly(pilot: Pilot[int], app: CanastaApp) -> None:
    """South plays by keys to the score sheet, with no check of the drawing."""
    while not isinstance(app.screen, ScoreSheetScreen):
        action = south_choice(app.session.state, set())
        cards = getattr(action, "cards", ())
        select_cards(app, (action.card,) if isinstance(action, Discard) else cards)
        await press(pilot, KEYS[type(action)])


@pytest.mark.parametrize("players", [3, pytest.param(5, marks=pytest.mark.slow)])
async def test_s13_a_railroad_round_by_keys(players: int) -> None:
    rules = preset("railroad", players)
    app = make_test_app(rules=rules, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        if players == 3:
            done = await play_south(pilot, app)
            assert {"DrawStock", "Discard"} <= done
        else:
            await settle(pilot)
            await _play_plainly(pilot, app)
        assert app.session.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        assert "Cards left in the kitty" in screen_text(app)
        await press(pilot, "n")
        await settle(pilot)
        assert app.session.state.round_no == 2
