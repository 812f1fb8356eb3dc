"""The protocol's messages: every event has a wire name, and the examples of
docs/protocol.md are real messages that mean what the text says."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, get_args

from canasta.engine import (
    Phase,
    apply,
    card_text,
    classic,
    legal_actions,
    parse_action,
    parse_cards,
    preset,
    start_game,
    view,
)
from canasta.engine.events import Event
from canasta.protocol.messages import (
    EVENT_TYPES,
    PROTOCOL_VERSION,
    ActionReply,
    Decide,
    End,
    HelloReply,
    decide_message,
    event_message,
    hello_message,
    view_message,
)

PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def _examples() -> list[dict[str, Any]]:
    text = PROTOCOL_DOC.read_text(encoding="utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_every_event_has_a_wire_name() -> None:
    assert set(EVENT_TYPES) == set(get_args(Event))
    assert len(set(EVENT_TYPES.values())) == len(EVENT_TYPES)


def test_every_event_is_documented() -> None:
    text = PROTOCOL_DOC.read_text(encoding="utf-8")
    assert [name for name in EVENT_TYPES.values() if f"| `{name}` |" not in text] == []


def test_doc_examples_are_messages() -> None:
    examples = _examples()
    hello, reply, decide, answer, end = examples[:5]  # the table's follow (tests/net)
    assert hello == json.loads(hello_message(seat=1, rules=classic, timeout=5.0).model_dump_json())
    assert HelloReply.model_validate(reply).protocol == hello["protocol"]
    message = Decide.model_validate(decide)
    assert parse_action(ActionReply.model_validate(answer).action) in [
        parse_action(action) for action in message.legal
    ]
    assert End.model_validate(end).reason == "game over"


def test_a_first_decision_tells_the_deal() -> None:
    state, dealt = start_game(seed=7)
    message = decide_message(
        view(state, 0), legal_actions(state), [event_message(e, 0) for e in dealt]
    )
    data = json.loads(message.model_dump_json())
    assert [event["type"] for event in data["events"]][:2] == ["round_dealt", "up_card_turned"]
    assert data["view"]["hand"] == [card_text(card) for card in state.hands[0]]
    assert data["legal"] == [str(action) for action in legal_actions(state)]
    assert data["question"] is None


def test_railroad_kitties_and_the_sevens_lock_are_in_the_view() -> None:
    """Railroad's kitties and sevens lock are told (rules §13.6, §13.8); a classic view
    carries the same fields, empty: the change is additive within protocol version 1."""
    state, _ = start_game(preset("railroad", 3), seed=7)
    data = view_message(view(state, 0)).model_dump(mode="json")
    assert [(s["kitty_size"], s["kitty_status"]) for s in data["seats"]] == [(11, "untouched")] * 3
    assert (data["kitty"], data["sevens_locked"]) == ([], True)
    state, _ = start_game(seed=7)
    data = view_message(view(state, 0)).model_dump(mode="json")
    assert [(s["kitty_size"], s["kitty_status"]) for s in data["seats"]] == [(0, "none")] * 4
    assert (data["kitty"], data["sevens_locked"]) == ([], False)
    assert hello_message(seat=0, rules=classic, timeout=5.0).protocol == PROTOCOL_VERSION == 1


def test_cards_in_events_are_told_in_notation() -> None:
    """A card is a plain int in the engine, so only the event's own field types tell a card
    from a count: every card-carrying field reaches the wire as notation, never as a code."""
    rng = random.Random(3)
    told: dict[str, set[str]] = {}
    for seed in range(6):
        state, dealt = start_game(seed=seed)
        events = list(dealt)
        while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            step = apply(state, rng.choice(legal_actions(state)))
            events.extend(step.events)
            state = step.state
        for event in events:
            message = event_message(event, getattr(event, "seat", 0))
            for name in ("card", "top", "cards"):
                if message.get(name) is None:
                    continue
                texts = message[name] if name == "cards" else [message[name]]
                assert all(isinstance(text, str) for text in texts), message
                parse_cards(texts)
                told.setdefault(message["type"], set()).add(name)
    assert {"stock_drawn", "discarded", "melded", "pile_taken", "up_card_turned"} <= set(told)
