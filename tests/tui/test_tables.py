"""The tables of two, three, four and six seats at 80x24: a round played by keys at each,
with every other seat's card count, each team's panel and minimum, "draw 2" and the
ask-partner key checked on the rendered screen; hot seat with humans and bots mixed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select
from textual.widgets.select import InvalidSelectValueError

from canasta.engine import (
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Phase,
    TakePile,
    classic,
    preset,
)
from canasta.engine.documents import rules_dict
from canasta.engine.record import Position
from canasta.persist import Paths, load_game, load_settings
from canasta.session import HUMAN
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.hotseat import CurtainScreen, Seating, SeatingScreen
from canasta.tui.options import Options
from canasta.tui.player_panel import PlayerPanel
from canasta.tui.resume import ResumeScreen
from canasta.tui.screens import ConfirmScreen, MessageScreen, ScoreSheetScreen
from canasta.tui.seats import shown_names, team_labels
from canasta.tui.settings_screen import SettingsScreen
from canasta.tui.team_panel import TeamPanel

from .helpers import (
    BOT_SEED,
    box_text,
    make_test_app,
    press,
    screen_text,
    select_cards,
    settle,
    south_choice,
)
from .test_hotseat import play_round

KEYS = {DrawStock: "d", TakePile: "t", Meld: "m", LayOff: "l", Discard: "x", AskPartner: "a"}
#: A table of each size, both rule systems among them, and a deal (found by playing them
#: headless) whose round is short and has South meld.
TABLES = [("classic", 2, 42), ("traditional", 3, 19), ("traditional", 4, 46), ("classic", 6, 10)]
SEED = 12


def assert_table_shown(app: CanastaApp) -> None:
    """The bars and panels show every seat's cards, every team's score and minimum, the
    draw, and the ask-partner key only where South has a partner to ask."""
    state = app.session.state
    rules = state.rules
    lines = screen_text(app).splitlines()
    scores, seats, footer = lines[0], lines[1], lines[-1]
    # The seats bar: each seat's card count in turn order after South, South last.
    order = [*range(1, rules.players), 0]
    assert [int(n) for n in re.findall(r"\b(\d+)\b", seats)] == [
        len(state.hands[seat]) for seat in order
    ], seats
    # The score bar: every team's score and the minimum it still has to meet.
    numbers = [int(n) for n in re.findall(r"\b(\d+)\b", scores)]
    for team in range(rules.teams):
        assert state.scores[team] in numbers, scores
        assert state.melded[team] or state.minimums[team] in numbers, scores
    if rules.several_melds:  # railroad: a panel per player (tests/tui/test_railroad_rounds.py)
        players = list(app.table_screen.query(PlayerPanel).results(PlayerPanel))
        assert [panel.seat for panel in players] == list(range(rules.players))
    else:
        panels = list(app.table_screen.query(TeamPanel).results(TeamPanel))
        assert [panel.team for panel in panels] == list(range(rules.teams))
        for panel in panels:
            assert "Red 3s:" in box_text(app, f"#team{panel.team}")
    if state.phase is Phase.DRAW and state.to_move == 0:
        assert ("d Draw 2" in footer) == (rules.draw_count == 2), footer
        assert "d Draw" in footer, footer
    assert ("Ask partner" in footer) == (AskPartner() in app.legal), footer
    if rules.partner(0) is None:
        assert AskPartner() not in app.legal


async def play_south(pilot: Pilot[int], app: CanastaApp) -> set[str]:
    """South plays the round by keys to its score sheet; what South and the bots did."""
    asked: set[int] = set()
    done: set[str] = set()
    while True:
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, ScoreSheetScreen):
            return done
        if isinstance(screen, MessageScreen):
            done.add("a partner answered")
            await press(pilot, "enter")
            continue
        if isinstance(screen, ConfirmScreen):
            done.add("South answered")
            await press(pilot, "y")
            continue
        assert_table_shown(app)
        action = south_choice(app.session.state, asked)
        before = len(app.session.actions)
        cards = getattr(action, "cards", ())
        select_cards(app, (action.card,) if isinstance(action, Discard) else cards)
        await press(pilot, KEYS[type(action)])
        assert app.session.actions[before] == action
        done.add(type(action).__name__)


@pytest.mark.parametrize(("name", "players", "seed"), TABLES)
async def test_a_round_at_each_table_by_keys(name: str, players: int, seed: int) -> None:
    rules = preset(name, players)
    app = make_test_app(rules=rules, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        done = await play_south(pilot, app)
        state = app.session.state
        assert state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        assert {"DrawStock", "Meld", "Discard"} <= done
        sheet = screen_text(app)
        for team in team_labels(rules, shown_names(app.session.names, app.viewer)):
            assert team in sheet, team
        await press(pilot, "n")
        await settle(pilot)
        assert app.session.state.round_no == 2
        assert len(app.session.state.hands) == players


def six_going_out(phase: str = "play") -> Position:
    """Six players: South (team Northeast-Northwest-South) holds a meld and a discard, the
    team has the two canastas going out needs."""
    rules = preset("classic", 6)
    others = ("c5 d5 h6", "c6 d6 h7", "c7 d7 h9", "c8 d8 h10", "c10 d10 h11")
    hands = dict(zip(rules.seat_names[1:], others, strict=True))
    canastas = ["13: h13 h13 d13 d13 c13 c13 s13", "12: h12 h12 d12 d12 c12 c12 s12"]
    return Position(
        rules=rules_dict(rules),
        hands={**hands, "South": "h5 d5 s5 c9"},
        phase=phase,
        melds={"Northeast-Northwest-South": canastas},
    )


async def test_at_six_south_asks_the_next_partner_and_sees_the_answer() -> None:
    app = make_test_app(state=six_going_out().to_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "a Ask partner" in text.splitlines()[-1]
        assert "NE-NW-S (you)" in text and "2 canastas: enough" in text
        assert "NW (partner)" in text and "NE (partner)" in text
        await press(pilot, "a")
        await settle(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert app.screen.title_text == "Northwest answers"
        await press(pilot, "enter")
        assert app.session.state.permission is not None


@pytest.mark.parametrize("players", [2, 3])
async def test_a_player_alone_has_no_ask_partner_key(players: int) -> None:
    rules = preset("classic", players)
    hands = {"South": "h5 d5 s5 c9"}
    others = ("c5 d5 h6", "c6 d6 h7")
    hands.update(zip(rules.seat_names[1:], others, strict=False))
    canastas = ["13: h13 h13 d13 d13 c13 c13 s13", "12: h12 h12 d12 d12 c12 c12 s12"]
    position = Position(
        rules=rules_dict(rules), hands=hands, phase="play", melds={"South": canastas}
    )
    app = make_test_app(state=position.to_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.session.state
        assert "Ask partner" not in screen_text(app)
        await press(pilot, "a")
        await settle(pilot)
        assert app.session.state is before
        assert "partner" not in box_text(app, "#pile").lower()


async def test_the_seating_screen_seats_six_and_a_mix_plays_privately() -> None:
    options = Options(seed=SEED, rules=preset("classic", 6), pace="instant", hotseat=True)
    app = make_app(options, bot_seed=BOT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SeatingScreen)
        text = screen_text(app)
        assert "Rules: classic, 6 players." in text
        assert "partners NW and NE" in text and "partners N and SE" in text
        assert "press 1 to 4" in text
        await press(pilot, "2")  # South's team against bots
        assert app.screen.chosen().kinds == (HUMAN, "normal", HUMAN, "normal", HUMAN, "normal")
        await press(pilot, "3")  # South and Southwest, opponents
        await pilot.click("#start")
        await settle(pilot)
        assert app.session.seats[:2] == (HUMAN, HUMAN)
        assert isinstance(app.screen, CurtainScreen)


@pytest.mark.parametrize(
    ("kinds", "seed"),
    [
        ((HUMAN, "random", HUMAN), 130),
        ((HUMAN, "random", "random", HUMAN, "random", "random"), 18),
    ],
)
async def test_hot_seat_mixes_humans_and_bots_at_any_table(
    kinds: tuple[str, ...], seed: int
) -> None:
    rules = preset("classic", len(kinds))
    options = Options(seed=seed, rules=rules, pace="instant", hotseat=True)
    app = make_app(options, bot_seed=BOT_SEED, seating=Seating(kinds=kinds))
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, app)
        assert app.session.state.phase is Phase.ROUND_OVER
        humans = [app.session.names[seat] for seat, kind in enumerate(kinds) if kind == HUMAN]
        for name in humans:
            assert seen[f"curtain: Pass to {name}."] >= 1, seen


async def _open_settings(pilot: Pilot[int], app: CanastaApp) -> SettingsScreen:
    """The settings screen, opened with ``p`` once the table is up."""
    await settle(pilot)
    await press(pilot, "p")
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def test_names_from_the_settings_name_the_players_of_the_next_game(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    app = make_app(Options(seed=SEED, pace="instant"), paths=paths, bot_seed=BOT_SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _open_settings(pilot, app)
        screen.query_one("#name-west", Input).value = "Kim"
        await press(pilot, "ctrl+s")
        assert "West 11 cards" in screen_text(app)  # the game in progress keeps its names
        await press(pilot, "g")
        assert isinstance(app.screen, SeatingScreen)
        await press(pilot, "enter")
        await settle(pilot)
        text = screen_text(app)
        assert "Kim 11 cards" in text and "West 11 cards" not in text
        assert app.session.names == ("South", "Kim", "North", "East")
    saved = load_game(paths)
    assert saved is not None
    assert [info.name for info in saved.session.seats] == ["You", "Kim", "North", "East"]
    # The next start names them so from the first deal.
    again = make_app(
        Options(seed=SEED, pace="instant", names={"West": "Kim"}),
        bot_seed=BOT_SEED,
    )
    async with again.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert "Kim 11 cards" in screen_text(again)


async def test_the_settings_name_the_seats_of_the_table_chosen_there(tmp_path: Path) -> None:
    # The five- and six-player tables' diagonal seats could not be named in the settings.
    paths = Paths.under(tmp_path)
    app = make_app(Options(seed=SEED, pace="instant"), paths=paths, bot_seed=BOT_SEED)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await _open_settings(pilot, app)
        text = screen_text(app)
        assert "Name of West" in text and "Name of Southwest" not in text
        screen.query_one("#players", Select).value = 6
        await settle(pilot)
        text = screen_text(app)
        for seat in preset("classic", 6).seat_names:
            assert f"Name of {seat}" in text
        assert "Name of West" not in text and "Name of East" not in text
        await pilot.click("#name-southwest")
        await press(pilot, "end", "ctrl+u", *"Eve")
        await press(pilot, "ctrl+s")
        await press(pilot, "g")
        assert isinstance(app.screen, SeatingScreen)
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.names[:2] == ("South", "Eve")
        assert "Eve" in screen_text(app)
    assert load_settings(paths).value.names.southwest == "Eve"


async def test_the_settings_offer_each_systems_tables_and_the_next_game_seats_one(
    tmp_path: Path,
) -> None:
    paths = Paths.under(tmp_path)
    app = make_app(Options(seed=SEED, pace="instant"), paths=paths, bot_seed=BOT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_settings(pilot, app)
        assert "Rule system of new games" in screen_text(app)
        players = screen.query_one("#players", Select)
        screen.query_one("#rules", Select).value = "traditional"
        await settle(pilot)
        with pytest.raises(InvalidSelectValueError):
            players.value = 5  # no system is played by five
        players.value = 6
        await press(pilot, "ctrl+s")
        assert app.options.rules == preset("traditional", 6)
        assert app.session.state.rules == classic  # the game in progress goes on
        await press(pilot, "g")
        assert isinstance(app.screen, SeatingScreen)
        assert "Rules: traditional, 6 players." in screen_text(app)
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.state.rules == preset("traditional", 6)
        assert app.session.seats == (HUMAN, *("normal",) * 5)
        assert "NE-NW-S (you)" in screen_text(app)
    assert load_settings(paths).value.rule_set() == preset("traditional", 6)
    saved = load_game(paths)
    assert saved is not None and saved.rules == preset("traditional", 6)
    again = make_app(Options(seed=SEED, pace="instant"), paths=paths, bot_seed=BOT_SEED)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        assert "traditional, 6 players" in screen_text(again)
        await press(pilot, "r")
        await settle(pilot)
        assert again.session.state.rules == preset("traditional", 6)
        assert len(again.session.seats) == 6
