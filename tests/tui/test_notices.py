"""Messages that do not pile up: one hint at a time, one refusal at a time, shown briefly
over the melds, never over the hand, the status line or the log."""

from __future__ import annotations

import pytest
from textual.widgets import RichLog
from textual.widgets._toast import Toast

from canasta.engine import parse_cards
from canasta.engine.record import Position
from canasta.tui.app import CanastaApp
from canasta.tui.widgets import HandView, StatusLine

from .helpers import make_test_app, press, select_cards, settle

OTHERS = {"West": "c5 d5 h6", "North": "c6 d6 h7", "East": "c7 d7 h9"}


def kept_clear(app: CanastaApp) -> list[str]:
    """The toasts on screen that cover the hand, the status line or the log."""
    screen = app.table_screen
    clear = [screen.query_one(kind).region for kind in (HandView, StatusLine, RichLog)]
    return [
        str(toast.render())
        for toast in screen.query(Toast)
        if any(toast.region.overlaps(region) for region in clear)
    ]


async def test_a_new_hint_replaces_the_last_hint() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        for _ in range(3):
            await press(pilot, "h")
            await settle(pilot)
        hints = [note for note in app._notifications if note.title == "Hint"]
        assert len(hints) == 1
        assert len(app.table_screen.query(Toast)) == 1


async def test_a_hint_goes_once_the_position_changes() -> None:
    """The hint names a move of the position it was asked in: after any move it is stale."""
    app = make_test_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "h")
        await settle(pilot)
        assert [note.title for note in app._notifications] == ["Hint"]
        await press(pilot, "d")
        await settle(pilot)
        assert not app._notifications
        assert not app.table_screen.query(Toast)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_a_refusal_and_a_hint_hide_neither_the_hand_nor_the_log(
    size: tuple[int, int],
) -> None:
    hands = {**OTHERS, "South": "c4 c4 d9 s9 h9 h7 c8 d11 s12 jk c2 h1 d1"}
    state = Position(hands=hands, phase="play", melds={"North-South": ["13: h13 d13 c13"]})
    app = make_test_app(state=state.to_state())
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "h")
        await settle(pilot)
        for key in ("m", "x") * 3:  # each refusal's notice replaces the last one
            select_cards(app, parse_cards("c4 d9"))
            await press(pilot, key, "escape")
        await settle(pilot)
        refusals = [note for note in app._notifications if note.title != "Hint"]
        assert [note.message for note in refusals] == ["Select just one card to discard."]
        assert refusals[0].timeout < app.NOTIFICATION_TIMEOUT  # gone sooner than a note
        assert len(app.table_screen.query(Toast)) == 2  # the hint and the last refusal
        assert kept_clear(app) == []
