"""An outside bot never receives a card it may not see: a recording bot's inputs are checked
against the engine's views of its seat, with the hidden cards dealt anew, and every card an
event tells it was in sight of its seat just before or just after that event."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from bots.helpers import shuffle_hidden
from canasta.bots import make_bot
from canasta.engine import (
    GameState,
    NextRound,
    Phase,
    PlayerView,
    apply,
    legal_actions,
    start_game,
    view,
)
from canasta.protocol import close_bots, seat_bot, tell
from canasta.protocol.messages import EVENT_TYPES, view_message

from .helpers import fake

RECORDING = (1, 2)  # West, and North: South's partner, who is asked "may I go out?"
CARD = re.compile(r"^(jk|[cdhs]([1-9]|1[0-3]))$")


def _in_sight(seen: PlayerView) -> set[str]:
    """Every card ``seen.seat`` may see: its hand and everything face up."""
    cards = [*seen.hand, *seen.pile, *seen.pending, *(c for _, c in seen.placed)]
    for known in seen.known:
        cards.extend(known)
    for red, melds in zip(seen.red_threes, seen.melds, strict=True):
        cards.extend(red)
        for meld in melds:
            cards.extend(meld.cards)
    return {str(card) for card in cards}


def _cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(_cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_cards_in, value)) if value else set()
    return set()


def _play(files: dict[int, Path], seed: int) -> tuple[dict[int, list[GameState]], list[Any]]:
    """A game with recording bots at :data:`RECORDING`: each one's decision states, and each
    step's events with the states before and after it."""
    kinds = ["normal", "easy", "normal", "easy"]
    for seat, file in files.items():
        kinds[seat] = fake("record", file)
    bots = [seat_bot(kind, seat=s, local=make_bot) for s, kind in enumerate(kinds)]
    decisions: dict[int, list[GameState]] = {seat: [] for seat in files}
    state, dealt = start_game(seed=seed)
    steps = [(None, dealt, state)]
    tell(bots, dealt)
    rng = random.Random(seed)
    while state.phase is not Phase.GAME_OVER and state.round_no <= 2:
        if state.phase is Phase.ROUND_OVER:
            step = apply(state, NextRound())
        else:
            seat = state.to_move
            assert seat is not None
            if seat in decisions:
                decisions[seat].append(state)
            choice = bots[seat].decide(view(state, seat), legal_actions(state), rng)
            step = apply(state, choice.action)
        tell(bots, step.events)
        steps.append((state, step.events, step.state))
        state = step.state
    assert close_bots(bots) == []
    return decisions, steps


def test_a_bot_sees_its_seat_and_nothing_more(tmp_path: Path) -> None:
    files = {seat: tmp_path / f"seat{seat}.jsonl" for seat in RECORDING}
    decisions, steps = _play(files, seed=30)  # a deal where South asks North
    shuffler = random.Random(5)
    asked = 0
    for seat, file in files.items():
        lines = [json.loads(line) for line in file.read_text().splitlines()]
        hello, *decides, end = lines
        assert set(hello) == {"type", "protocol", "seat", "players", "rules", "timeout"}
        assert (hello["type"], hello["seat"], end["type"]) == ("hello", seat, "end")
        assert len(decides) == len(decisions[seat])
        for message, state in zip(decides, decisions[seat], strict=True):
            seen = view(state, seat)
            assert set(message) == {"type", "events", "view", "legal", "question"}
            assert message["view"]["hand"] == [str(card) for card in state.hands[seat]]
            assert _cards_in(message["view"]) <= _in_sight(seen)
            # The same message whatever the cards hidden from the seat are.
            other = shuffle_hidden(state, seat, shuffler)
            assert message["view"] == view_message(view(other, seat)).model_dump(mode="json")
            assert message["legal"] == [str(action) for action in legal_actions(other)]
            asked += message["question"] is not None
        # Every event of the game reaches the seat once, each card in it in the seat's sight.
        told = [event for message in [*decides, end] for event in message["events"]]
        happened = [(event, before, after) for before, events, after in steps for event in events]
        assert len(told) == len(happened)
        for event, (original, before, after) in zip(told, happened, strict=True):
            assert event["type"] == EVENT_TYPES[type(original)]
            sight = _in_sight(view(after, seat))
            if before is not None:
                sight |= _in_sight(view(before, seat))
            assert _cards_in(event) <= sight, event
    assert asked  # North answered "may I go out?" at least once


def test_another_seats_drawn_card_is_not_told() -> None:
    from canasta.engine import parse_card
    from canasta.engine.events import StockDrawn
    from canasta.protocol.messages import event_message

    drawn = StockDrawn(seat=0, card=parse_card("h13"))
    assert event_message(drawn, 0) == {"type": "stock_drawn", "seat": 0, "card": "h13"}
    assert event_message(drawn, 1) == {"type": "stock_drawn", "seat": 0, "card": None}
