"""The wire's view and events read back are the engine's own: over random play of several
rule systems, every seat's view and every event as that seat hears it survive the trip
through JSON, and a card the seat was not shown comes back unseen."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta.engine import (
    GameState,
    NextRound,
    Phase,
    RuleSet,
    TableMeld,
    apply,
    legal_actions,
    parse_cards,
    preset,
    start_game,
    view,
)
from canasta.engine.errors import CanastaError
from canasta.engine.events import Event, StockDrawn
from canasta.engine.narrate import describe_event
from canasta.protocol.decode import UNSEEN, event_from_message, view_from_message
from canasta.protocol.messages import ViewMessage, event_message, view_message

#: Classic with four and with two players, railroad with three, and traditional (whose
#: concealed canastas the view must keep).
SYSTEMS = (preset("classic"), preset("classic", 2), preset("railroad", 3), preset("traditional"))
#: Random play is bounded: a round that has not ended by then is cut short.
MAX_ACTIONS = 400


def _heard(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may know it: another seat's draw hides its card."""
    if isinstance(event, StockDrawn) and event.seat != seat:
        return event._replace(card=UNSEEN)
    return event


def _check(state: GameState, events: tuple[Event, ...]) -> None:
    rules = state.rules
    for seat in range(rules.players):
        seen = view(state, seat)
        wire = view_message(seen).model_dump_json()
        assert view_from_message(ViewMessage.model_validate_json(wire), rules) == seen
        for event in events:
            assert event_from_message(event_message(event, seat)) == _heard(event, seat)


def _play(rules: RuleSet, seed: int) -> int:
    """Play two rounds at random from ``seed``, checking every position; the events seen."""
    rng = random.Random(seed)
    state, events = start_game(rules, seed=seed)
    _check(state, events)
    told = len(events)
    for _ in range(MAX_ACTIONS):
        over = state.phase is Phase.ROUND_OVER
        if state.phase is Phase.GAME_OVER or (over and state.round_no > 1):
            break
        action = NextRound() if over else rng.choice(legal_actions(state))
        step = apply(state, action)
        state = step.state
        _check(state, step.events)
        told += len(step.events)
    return told


@pytest.mark.slow
@given(system=st.sampled_from(SYSTEMS), seed=st.integers(0, 2**16))
def test_views_and_events_survive_the_wire(system: RuleSet, seed: int) -> None:
    assert _play(system, seed) > 0


@pytest.mark.parametrize("rules", SYSTEMS, ids=lambda rules: rules.label)
def test_every_system_plays_a_checked_round(rules: RuleSet) -> None:
    assert _play(rules, 5) > 20


def test_another_seats_draw_is_told_without_its_card() -> None:
    state, _ = start_game(seed=3)
    events = apply(state, legal_actions(state)[0]).events
    drawn = next(event for event in events if isinstance(event, StockDrawn))
    heard = event_from_message(event_message(drawn, 1))
    assert heard == drawn._replace(card=UNSEEN)
    assert describe_event(heard, viewer=1) == "South drew from the stock."
    assert event_from_message(event_message(drawn, 0)) == drawn


@pytest.mark.parametrize(
    ("told", "words"),
    [
        ({"type": "shuffled"}, "does not know ('shuffled')"),
        ({"type": "discarded", "seat": 0, "card": "x9"}, "discarded event"),
        ({"type": "discarded", "seat": 0}, "discarded event"),
    ],
)
def test_an_unreadable_event_is_one_sentence(told: dict[str, object], words: str) -> None:
    with pytest.raises(CanastaError, match=r"update canasta on both sides\.$") as error:
        event_from_message(told)
    assert words in str(error.value)


def test_a_concealed_canasta_stays_concealed() -> None:
    state, _ = start_game(preset("traditional"), seed=4)
    kings = TableMeld.build(13, parse_cards("h13 h13 d13 d13 c13 c13 s13"), concealed=True)
    seen = view(state, 0)._replace(melds=((kings,), ()))
    back = view_from_message(view_message(seen), state.rules)
    assert back.melds[0][0].concealed
    assert back == seen
