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
    RuleSet,
    apply,
    card_text,
    classic,
    legal_actions,
    preset,
    start_game,
    view,
)
from canasta.engine.kinds import sevens_locked
from canasta.engine.kitty import kitty_statuses
from canasta.protocol import close_bots, seat_bot, tell
from canasta.protocol.messages import EVENT_TYPES, view_message

from .helpers import fake

RECORDING = (1, 2)  # West, and North: South's partner, who is asked "may I go out?"
#: A railroad deal in which seat 1, playing the first legal action, earns its kitty.
RAILROAD_SEED = 1
CARD = re.compile(r"^(jk|[cdhs]([1-9]|1[0-3]))$")


def _in_sight(seen: PlayerView) -> set[str]:
    """Every card ``seen.seat`` may see: its hand, its kitty once it may look at it, and
    everything face up."""
    cards = [*seen.hand, *seen.pile, *seen.pending, *seen.kitty, *(c for _, c in seen.placed)]
    for known in seen.known:
        cards.extend(known)
    for red, melds in zip(seen.red_threes, seen.melds, strict=True):
        cards.extend(red)
        for meld in melds:
            cards.extend(meld.cards)
    return {card_text(card) for card in cards}


def _cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(_cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_cards_in, value)) if value else set()
    return set()


def _play(
    files: dict[int, Path], seed: int, *, rules: RuleSet = classic, rounds: int = 2
) -> tuple[dict[int, list[GameState]], list[Any]]:
    """A game of ``rules`` with recording bots at the seats of ``files`` (``normal`` and
    ``easy`` elsewhere), for ``rounds`` rounds: each recording seat's decision states, and
    each step's events with the states before and after it."""
    kinds = [("normal", "easy")[seat % 2] for seat in range(rules.players)]
    for seat, file in files.items():
        kinds[seat] = fake("record", file)
    bots = [seat_bot(kind, seat=s, local=make_bot) for s, kind in enumerate(kinds)]
    decisions: dict[int, list[GameState]] = {seat: [] for seat in files}
    state, dealt = start_game(rules, seed=seed)
    steps = [(None, dealt, state)]
    tell(bots, dealt)
    rng = random.Random(seed)
    while state.phase is not Phase.GAME_OVER and state.round_no <= rounds:
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


def _check(
    files: dict[int, Path], decisions: dict[int, list[GameState]], steps: list[Any]
) -> list[tuple[GameState, dict[str, Any]]]:
    """Check each recording seat's messages against the engine's views of its seat (with
    the hidden cards dealt anew) and the game's events; return each decision's state and
    message."""
    shuffler = random.Random(5)
    checked = []
    for seat, file in files.items():
        lines = [json.loads(line) for line in file.read_text().splitlines()]
        hello, *decides, end = lines
        assert set(hello) == {"type", "protocol", "seat", "players", "rules", "timeout"}
        assert (hello["type"], hello["seat"], end["type"]) == ("hello", seat, "end")
        assert len(decides) == len(decisions[seat])
        for message, state in zip(decides, decisions[seat], strict=True):
            seen = view(state, seat)
            assert set(message) == {"type", "events", "view", "legal", "question"}
            assert message["view"]["hand"] == [card_text(card) for card in state.hands[seat]]
            assert _cards_in(message["view"]) <= _in_sight(seen)
            # The same message whatever the cards hidden from the seat are.
            other = shuffle_hidden(state, seat, shuffler)
            assert message["view"] == view_message(view(other, seat)).model_dump(mode="json")
            assert message["legal"] == [str(action) for action in legal_actions(other)]
            checked.append((state, message))
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
    return checked


def test_a_bot_sees_its_seat_and_nothing_more(tmp_path: Path) -> None:
    files = {seat: tmp_path / f"seat{seat}.jsonl" for seat in RECORDING}
    checked = _check(files, *_play(files, seed=30))  # a deal where South asks North
    # North answered "may I go out?" at least once.
    assert any(message["question"] is not None for _, message in checked)


def test_a_railroad_bot_sees_its_kitty_only_once_it_may_take_it(tmp_path: Path) -> None:
    seat = 1
    files = {seat: tmp_path / "west.jsonl"}
    checked = _check(
        files, *_play(files, seed=RAILROAD_SEED, rules=preset("railroad", 3), rounds=1)
    )
    statuses = []
    for state, message in checked:
        status = kitty_statuses(state)
        sizes = [len(kitty) for kitty in state.kitties]
        seats = message["view"]["seats"]
        assert [s["kitty_status"] for s in seats] == list(status)
        assert [s["kitty_size"] for s in seats] == sizes
        assert message["view"]["sevens_locked"] == sevens_locked(state.melds, state.rules)
        # Its own kitty only while it may take it; nobody else's ever (``_check`` deals the
        # kitties hidden from the seat anew and finds the same message).
        mine = [card_text(card) for card in state.kitties[seat]]
        assert message["view"]["kitty"] == (mine if status[seat] == "may_take" else [])
        statuses.append(status[seat])
    # The game went through the kitty's whole life: hidden, shown, taken.
    assert {"untouched", "may_take", "taken"} <= set(statuses)


def test_another_seats_drawn_card_is_not_told() -> None:
    from canasta.engine import parse_card
    from canasta.engine.events import StockDrawn
    from canasta.protocol.messages import event_message

    drawn = StockDrawn(seat=0, card=parse_card("h13"))
    assert event_message(drawn, 0) == {"type": "stock_drawn", "seat": 0, "card": "h13"}
    assert event_message(drawn, 1) == {"type": "stock_drawn", "seat": 0, "card": None}
