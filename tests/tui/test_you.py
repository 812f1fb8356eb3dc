"""One name for the player at the keyboard: the log, the score sheet and the sentences call
them "You", as every panel of the table does, with the verb agreeing, at every table size and
rule system; hot seat names each person as the table does."""

from __future__ import annotations

import re

import pytest
from textual.widgets import RichLog

from canasta.engine import RuleSet, parse_card, preset
from canasta.engine.events import CanastaCompleted, RoundDealt, StockDrawn, Stuck
from canasta.engine.narrate import describe_event, with_verb
from canasta.engine.position import Position
from canasta.session import HUMAN
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.flow import sheet_title
from canasta.tui.hotseat import CurtainScreen, Seating
from canasta.tui.options import Options
from canasta.tui.screens import ScoreSheetScreen
from canasta.tui.seats import shown_names

from .helpers import make_test_app, press, settle


def log_lines(app: CanastaApp) -> list[str]:
    """The game log as the screen holds it, a line per entry line."""
    return [strip.text for strip in app.table_screen.query_one(RichLog).lines]


def told(app: CanastaApp) -> list[str]:
    """The game log as the app tells it to whoever is at the keyboard (what the log shows
    once the table is drawn: its widget comes up after the table's first frame)."""
    return [line for told in app._told(app._log_entries) for line in told.splitlines()]


def test_the_verb_agrees_with_you() -> None:
    assert with_verb("You", "holds") == "You hold"
    assert with_verb("You", "has") == "You have"
    assert with_verb("West", "has") == "West has"
    stuck = describe_event(Stuck(seat=0), rules=preset("railroad", 3), you=0)
    assert stuck == "You hold only sevens, which are locked: the round ends."
    assert describe_event(RoundDealt(1, 3), you=0) == "Round 1: East dealt; You play first."
    assert describe_event(RoundDealt(1, 2), you=0) == "Round 1: North dealt; East plays first."


def test_a_player_alone_is_told_by_name_and_you_by_you() -> None:
    rules = preset("classic", 2)
    done = CanastaCompleted(team=1, rank=13, natural=True)
    assert describe_event(done, rules=rules, names=("Ann", "Bob")) == (
        "Bob completed a natural canasta of kings."
    )
    assert describe_event(done, rules=rules, names=("Ann", "Bob"), you=1) == (
        "You completed a natural canasta of kings."
    )
    # A partnership keeps its name: the panel says "North-South (you)".
    assert describe_event(done, you=1).startswith("East-West completed")
    drawn = StockDrawn(seat=0, card=parse_card("h5"))
    assert describe_event(drawn, viewer=0, you=0) == "You drew 5H from the stock."


@pytest.mark.parametrize(
    "rules",
    [
        preset("classic", 2),
        preset("classic", 3),
        preset("classic"),
        preset("classic", 6),
        preset("railroad", 3),
    ],
    ids=lambda rules: rules.label,
)
async def test_the_log_calls_the_player_at_the_keyboard_you(rules: RuleSet) -> None:
    app = make_test_app(rules=rules)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "d")
        await settle(pilot)
        lines = log_lines(app)
        dealer = rules.seat_name(rules.players - 1)
        assert f"Round 1: {dealer} dealt; You play first." in lines, lines
        assert any(line.startswith("You drew ") for line in lines), lines
        # South is never named: the table's panels call that seat "You" too.
        assert not any(re.search(r"(?<![-\w])South\b", line) for line in lines), lines
        await press(pilot, "s")
        await settle(pilot)
        assert isinstance(app.screen, ScoreSheetScreen)
        expected = rules.team_name(0) if rules.teams < rules.players else "You"
        assert app.screen.teams[0] == expected


async def test_hot_seat_names_each_person_as_the_table_does() -> None:
    seating = Seating(kinds=(HUMAN, HUMAN), names=("Ann", "Bob"))
    options = Options(seed=12, rules=preset("classic", 2), pace="instant", hotseat=True)
    app = make_app(options, seating=seating)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)  # Pass to Ann (South)
        # The table has not been drawn yet (the curtain came first): its log as told.
        assert any(line.startswith("Round 1: Bob dealt; Ann plays first") for line in told(app))
        await press(pilot, "enter")
        await settle(pilot)
        # Ann is at the keyboard: the log is told anew, her draw is "You drew".
        assert app.session.state.to_move == 0
        assert "Round 1: Bob dealt; You play first." in log_lines(app)
        await press(pilot, "d")
        await settle(pilot)
        assert any(line.startswith("You drew ") for line in log_lines(app))
        await press(pilot, "x")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        # Behind the curtain nobody is "You": Ann is named again.
        assert any(line.startswith("Ann discarded") for line in log_lines(app))
        await press(pilot, "enter")
        await settle(pilot)
        lines = log_lines(app)
        assert "Ann drew two cards from the stock." in lines, lines
        assert not any(line.startswith("You drew ") for line in lines), lines


def test_the_score_sheet_title_says_you_won_once() -> None:
    won = Position(
        rules={"name": "classic", "players": 2},
        hands={"South": "h5", "North": "h6"},
        phase="game_over",
        scores=(5120, 3990),
        winner="South",
    ).to_state()
    names = shown_names(("South", "North"), 0)
    assert sheet_title(won, viewer=0, humans=1, names=names) == "Game over: You won, 5120 to 3990."
    lost = won._replace(winner=1)
    assert sheet_title(lost, viewer=0, humans=1, names=names) == (
        "Game over: North won, 5120 to 3990. You lost."
    )
