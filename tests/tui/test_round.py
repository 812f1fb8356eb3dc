"""A whole seeded round played by key presses and clicks: draw, take the pile, meld,
lay off, undo, discard, ask partner both ways, and the round-end score sheet."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable
from textual.widgets._footer import FooterKey

from canasta.engine import (
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    Phase,
    TakePile,
)
from canasta.tui.screens import ConfirmScreen, MessageScreen, ScoreSheetScreen

from .helpers import click_cards, is_south_turn, make_test_app, press, settle, south_choice

# In this deal (seed 214, bot seed 1) South's simple policy takes the pile, melds, lays off
# and asks North; North asks South too, and goes out.
ROUND_SEED = 1238

KEYS = {DrawStock: "d", TakePile: "t", Meld: "m", LayOff: "l", Discard: "x", AskPartner: "a"}


@pytest.mark.slow
async def test_a_whole_round_by_keys_and_clicks() -> None:
    app = make_test_app(seed=ROUND_SEED)
    asked: set[int] = set()
    done: set[str] = set()
    undone = False
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, ScoreSheetScreen):
                break
            if isinstance(screen, MessageScreen):
                assert "North answers" in screen.title_text
                done.add("answered by North")
                await press(pilot, "enter")
                continue
            if isinstance(screen, ConfirmScreen):
                assert screen.question == "North asks: may I go out?"
                before = len(app.session.actions)
                await press(pilot, "y")
                assert app.session.actions[before] == Answer(True)
                done.add("answered North")
                continue
            state = app.session.state
            assert is_south_turn(state), state.phase
            action = south_choice(state, asked)
            before = len(app.session.actions)
            cards = getattr(action, "cards", ())
            if isinstance(action, Discard):
                cards = (action.card,)
            await click_cards(pilot, cards)
            await press(pilot, KEYS[type(action)])
            assert app.session.actions[before] == action
            done.add(type(action).__name__)
            if isinstance(action, Meld) and not undone and app.session.can_undo:
                # Take the meld back and make it again.
                after = app.session.state
                await press(pilot, "u")
                assert app.session.state is state
                assert app.session.actions[before:] == []
                await click_cards(pilot, cards)
                await press(pilot, "m")
                assert app.session.state == after
                undone = True
        assert undone
        assert done >= {
            "DrawStock",
            "TakePile",
            "Meld",
            "LayOff",
            "Discard",
            "AskPartner",
            "answered by North",
            "answered North",
        }
        assert app.session.state.phase is Phase.ROUND_OVER
        sheet = app.screen.query_one(DataTable)
        labels = [str(sheet.get_row_at(i)[0]).strip() for i in range(sheet.row_count)]
        assert labels[:2] == ["Round 1", "Melds"]
        assert "Going out" in labels and "Running total" in labels
        # The sheet's keys are in its footer, as everywhere, and a click on one works.
        keys = {key.description: key for key in app.screen.query(FooterKey)}
        assert set(keys) == {"Next round", "Back"}
        await pilot.click(keys["Next round"])
        await settle(pilot)
        assert app.session.actions[-1] == NextRound() or app.session.state.round_no == 2
        assert app.session.state.round_no == 2
