"""Railroad from the settings and the seating screen: the settings offer railroad with two
to six players and the next game deals it; hot seat plays a railroad round with humans and
bots mixed, each human's hand private."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from canasta.engine import Phase, preset
from canasta.persist import Paths
from canasta.session import HUMAN
from canasta.tui.app import make_app
from canasta.tui.hotseat import Seating, SeatingScreen
from canasta.tui.options import Options
from canasta.tui.player_panel import PlayerPanel
from canasta.tui.settings_screen import SettingsScreen

from .helpers import BOT_SEED, press, screen_text, settle
from .test_hotseat import play_round
from .test_railroad_rounds import late_in_the_stock


async def test_railroad_from_the_settings_with_two_to_six_players(tmp_path: Path) -> None:
    app = make_app(Options(seed=3, pace="instant"), paths=Paths.under(tmp_path), bot_seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#rules", Select).value = "railroad"
        await settle(pilot)
        players = screen.query_one("#players", Select)
        assert [value for _, value in players._options if value != Select.BLANK] == [2, 3, 4, 5, 6]
        players.value = 5
        await press(pilot, "ctrl+s")
        assert app.options.rules == preset("railroad", 5)
        await press(pilot, "g")
        assert isinstance(app.screen, SeatingScreen)
        assert "Rules: railroad, 5 players." in screen_text(app)
        assert screen_text(app).count("plays alone") == 5
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.state.rules == preset("railroad", 5)
        panels = list(app.table_screen.query(PlayerPanel).results(PlayerPanel))
        assert [panel.seat for panel in panels] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("kinds", "seed"), [((HUMAN, "random", HUMAN), 5), ((HUMAN, HUMAN, "random", "random"), 7)]
)
async def test_railroad_hot_seat_mixes_humans_and_bots(kinds: tuple[str, ...], seed: int) -> None:
    state = late_in_the_stock(len(kinds), seed)
    options = Options(seed=seed, rules=state.rules, pace="instant", hotseat=True)
    app = make_app(options, state=state, bot_seed=BOT_SEED, seating=Seating(kinds=kinds))
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, app)
        assert app.session.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        for seat, kind in enumerate(kinds):
            if kind == HUMAN and seat:
                assert seen[f"curtain: Pass to {app.session.names[seat]}."] >= 1, seen
