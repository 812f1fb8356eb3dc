"""A railroad round at each layout (two, three, four and six players), late in its stock,
played to its score sheet by South with clicks (cards chosen with the mouse) and keys (the
actions, and discards by the cursor): every player's panel, kitty and needed kinds, draw 2,
the sevens lock and no ask-partner key checked on the screen at every South turn; the score
sheet's railroad rows; the next deal."""

from __future__ import annotations

import random
import re

import pytest
from textual.pilot import Pilot

from canasta.engine import (
    Discard,
    DrawStock,
    GameState,
    LayOff,
    Meld,
    Phase,
    TakePile,
    apply,
    legal_actions,
    new_game,
    preset,
    view,
)
from canasta.engine.kinds import kinds_missing
from canasta.tui.app import CanastaApp
from canasta.tui.player_panel import PlayerPanel, kitty_words
from canasta.tui.screens import ScoreSheetScreen
from canasta.tui.seats import short_name, shown_names

from .helpers import box_text, click_cards, make_test_app, press, screen_text, settle, south_choice
from .test_railroad_table import needs

KEYS = {DrawStock: "d", TakePile: "t", Meld: "m", LayOff: "l"}


def late_in_the_stock(players: int, seed: int) -> GameState:
    """A seeded railroad deal played at random until its stock is nearly gone, South to
    draw."""
    state = new_game(preset("railroad", players), seed=seed)
    rng = random.Random(seed)
    while not (len(state.stock) <= 2 * players and state.turn == 0 and state.phase is Phase.DRAW):
        state = apply(state, rng.choice(list(legal_actions(state)))).state
        assert state.phase is not Phase.ROUND_OVER
    return state


def assert_railroad_shown(app: CanastaApp) -> None:
    """Each player's panel: name, kinds still needed, kitty status and size; the pile's
    sevens lock; draw 2 and no ask-partner key."""
    state = app.session.state
    seen = view(state, 0)
    rules = state.rules
    panels = list(app.table_screen.query(PlayerPanel).results(PlayerPanel))
    table = app.table_screen.table
    assert table is not None
    names = table.shown_names
    assert [panel.seat for panel in panels] == list(range(rules.players))
    for seat in range(rules.players):
        text = box_text(app, f"#player{seat}")
        missing = kinds_missing(state.melds[seat], rules)
        assert (needs(text) if missing else ()) == missing, text
        panel = panels[seat]
        words = kitty_words(seen.kitty_status[seat], seen.kitty_sizes[seat])
        assert panel.border_subtitle in words, (panel.border_subtitle, words)
        name = names[seat]
        assert str(panel.border_title).split(" min ")[0] in (name, short_name(name))
    assert ("SEVENS LOCKED" in box_text(app, "#pile")) == seen.sevens_locked
    footer = screen_text(app).splitlines()[-1]
    assert "Ask partner" not in footer
    if state.phase is Phase.DRAW:
        assert "d Draw 2" in footer, footer


async def discard_by_cursor(pilot: Pilot[int], app: CanastaApp, action: Discard) -> None:
    """Move the hand's cursor onto the card with the arrow keys, then ``x``."""
    screen = app.table_screen
    target = screen.cards.index(action.card)
    steps = (target - screen.cursor) % len(screen.cards)
    await press(pilot, *(["right"] * steps), "x")


async def play_south(pilot: Pilot[int], app: CanastaApp) -> set[str]:
    """South plays to the score sheet: cards chosen by clicks, actions by keys."""
    done: set[str] = set()
    while True:
        await settle(pilot)
        if isinstance(app.screen, ScoreSheetScreen):
            return done
        assert_railroad_shown(app)
        action = south_choice(app.session.state, set())
        before = len(app.session.actions)
        if isinstance(action, Discard):
            await discard_by_cursor(pilot, app, action)
        else:
            await click_cards(pilot, getattr(action, "cards", ()))
            await press(pilot, KEYS[type(action)])
        assert app.session.actions[before] == action
        done.add(type(action).__name__)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 7), (6, 11)])
async def test_railroad_round_at_each_layout(players: int, seed: int) -> None:
    app = make_test_app(state=late_in_the_stock(players, seed))
    async with app.run_test(size=(80, 24)) as pilot:
        done = await play_south(pilot, app)
        assert {"DrawStock", "Discard"} <= done
        state = app.session.state
        assert state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        sheet = " ".join(screen_text(app).split())
        assert "Cards left in the kitty" in sheet and "Sevens canastas" in sheet, sheet
        # The sheet names the players as the table does (South: "You"), short where six
        # columns need it.
        for name in shown_names(app.session.names, app.viewer):
            assert re.search(rf"\b({name}|{short_name(name)})\b", sheet), name
        await press(pilot, "n")
        await settle(pilot)
        assert app.session.state.round_no == 2
        fresh = view(app.session.state, 0)
        assert fresh.kitty_sizes == (11,) * players
        assert_railroad_shown(app)
