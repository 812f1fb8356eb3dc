"""An outside bot at the table: it plays its seat through the same command path, a fault
shows as a notification while the normal bot plays on, and its program ends with the app."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Select

from canasta.engine import DrawStock, Phase
from canasta.session import HUMAN
from canasta.tui.app import make_app
from canasta.tui.hotseat import SeatingScreen
from canasta.tui.options import Options
from protocol.helpers import fake

from .helpers import press, settle


async def _play_a_turn(options: Options) -> tuple[int, list[str]]:
    """South draws and discards; return how many events of West's the game logged, and
    the notifications shown."""
    app = make_app(options, bot_seed=1)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        app.submit(DrawStock())
        await press(pilot, "x")  # discards the card under the cursor
        await settle(pilot)
        state = app.session.state
        assert state.phase in (Phase.DRAW, Phase.PLAY) and state.turn == 0
        west = [event for event in app._log_entries if getattr(event, "seat", None) == 1]
        shown = [notice.message for notice in app._notifications]
    return len(west), shown


async def test_an_outside_bot_plays_west_and_ends_with_the_app(tmp_path: Path) -> None:
    record = tmp_path / "west.jsonl"
    options = Options(seed=4, levels=(fake("record", record), "random", "random"), pace="instant")
    west, shown = await _play_a_turn(options)
    assert west  # West drew and discarded through its program
    assert shown == []
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert [line["type"] for line in lines][:2] == ["hello", "decide"]
    assert lines[1]["events"][0]["type"] == "round_dealt"  # it heard the deal
    assert lines[-1] == {"type": "end", "events": lines[-1]["events"], "reason": "game over"}


async def test_a_fault_is_shown_and_the_normal_bot_plays_the_decision() -> None:
    options = Options(seed=4, levels=(fake("garbage"), "random", "random"), pace="instant")
    west, shown = await _play_a_turn(options)
    assert west
    assert shown
    assert shown[0].startswith("West's bot (")
    assert "sent a line that is not JSON: 'I fold!'" in shown[0]
    assert shown[0].endswith("the normal bot played this decision for it.")


async def test_the_seating_screen_offers_the_outside_bot_at_every_seat() -> None:
    bot = fake("play")
    options = Options(seed=4, levels=("random", bot, "random"), pace="instant", hotseat=True)
    app = make_app(options, bot_seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SeatingScreen)
        assert app.screen.query_one("#kind2", Select).value == bot
        app.screen.query_one("#kind3", Select).value = bot
        await pilot.click("#start")
        await settle(pilot)
        assert app.session.seats == (HUMAN, "random", bot, bot)
