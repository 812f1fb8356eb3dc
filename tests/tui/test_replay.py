"""The replay screen: stepping forwards and backwards through a record with every hand open,
the log up to the step shown, and the final score at the end; a six-player game at 80x24."""

from __future__ import annotations

import random
import re

from textual.widgets import RichLog, Static

from canasta.engine import NextRound, Phase, RuleSet, apply, legal_actions, new_game, preset
from canasta.engine.record import GameRecord, make_record, replay
from canasta.tui.cards import CardStyle
from canasta.tui.replay import ReplayApp, ReplayScreen, replay_steps, score_line

from .helpers import press, screen_text, settle

#: A short game: random play reaches 300 points in a round or two.
SHORT = RuleSet(target_score=300)


def finished_record(seed: int = 3, rules: RuleSet = SHORT) -> GameRecord:
    """A short game played at random to the end."""
    rng = random.Random(seed)
    initial = new_game(rules, seed=seed)
    state, actions = initial, []
    while state.phase is not Phase.GAME_OVER:
        action = rng.choice(legal_actions(state))
        state = apply(state, action).state
        actions.append(action)
    return make_record(initial, actions)


def test_the_steps_are_the_record_replayed_with_a_log() -> None:
    record = finished_record()
    steps = replay_steps(record)
    assert [step.state for step in steps] == replay(record)
    assert steps[0].lines[0].startswith("Round 1:")
    assert all(step.lines for step in steps[1:])


async def test_stepping_through_a_record_reproduces_the_final_score() -> None:
    record = finished_record()
    states = replay(record)
    app = ReplayApp(record, title="test")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.state == states[0]
        hand = str(screen.query_one("#replay-hand1", Static).render())
        assert hand.startswith("West, 11 cards:")
        style = CardStyle()
        assert all(style.label(card) in hand for card in states[0].hands[1])

        await press(pilot, "right", "right", "right", "left")
        assert screen.index == 2 and screen.state == states[2]
        lines = len(screen.query_one(RichLog).lines)
        await press(pilot, "right")
        assert len(screen.query_one(RichLog).lines) > lines

        await press(pilot, "pagedown")
        deal = screen.steps[screen.index]
        assert isinstance(deal.action, NextRound) or screen.index == len(states) - 1
        await press(pilot, "pageup", "pageup")
        assert screen.index == 0

        await press(pilot, "end")
        final = states[-1]
        assert screen.state == final
        header = str(screen.query_one("#replay-header").render())
        assert score_line(final, final.rules.seat_names) in header
        assert f"{final.scores[0]}" in header and "Game over" in header
        await press(pilot, "home")
        assert screen.index == 0
        await press(pilot, "escape")
    assert app.return_code == 0


async def test_a_six_player_game_replays_every_hand_on_a_line_at_80x24() -> None:
    rules = preset("classic", 6)._replace(target_score=200)
    record = finished_record(2, rules)
    app = ReplayApp(record, title="six")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        text = screen_text(app)
        for seat in preset("classic", 6).seat_names:
            assert re.search(rf"^ {seat}(?: \(to move\))?, 13 cards: ", text, re.M), seat
        assert "NE-NW-S" in text and "N-SE-SW" in text
        assert "(you)" not in text and "your team" not in text
        await press(pilot, "end")
        final = replay(record)[-1]
        header = str(screen.query_one("#replay-header").render())
        assert "Game over" in header and str(final.scores[1]) in header


async def test_a_replayed_record_calls_its_players_by_their_names() -> None:
    rules = preset("classic", 2)._replace(target_score=300)
    record = finished_record(4, rules).named(["Ann", "Bob"])
    app = ReplayApp(record, title="named")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert str(screen.query_one("#replay-hand1", Static).render()).startswith("Bob")
        await press(pilot, "right")
        header = str(screen.query_one("#replay-header").render())
        mover = "Ann" if screen.steps[1].seat == 0 else "Bob"
        assert f"({mover}: " in header and "Score Ann 0, Bob 0." in header
        log = "\n".join(line.text for line in screen.query_one(RichLog).lines)
        assert f"{mover} drew" in log
        await press(pilot, "end")
        text = screen_text(app)
        assert "Ann" in text and "Bob" in text
        for seat in rules.seat_names:
            assert not re.search(rf"\b{seat}\b", text), seat
        assert not re.search(r"\b(You|you|your)\b", text), text
