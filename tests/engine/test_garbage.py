"""Play leaves no garbage for the collector: every object a listing or a refused action
makes is freed as soon as it is dropped, never caught in a reference cycle.

A refusal raised from a frame that holds it (``error = ...; raise error``) is such a
cycle (the error, its traceback, the frame), and it keeps every frame of the call and all
they hold, game states among them, until a collection finds it: a listing that asks
thousands of questions made thousands of them, and the collections that freed them fell
inside later calls.
"""

from __future__ import annotations

import random

import pytest
from tests.garbage import cycles_left

from canasta.engine import (
    PLAYER_COUNTS,
    SYSTEMS,
    Action,
    IllegalActionError,
    Phase,
    apply,
    legal_actions,
    new_game,
    preset,
)

TABLES = [(system, players) for system in SYSTEMS for players in PLAYER_COUNTS[system]]


@pytest.mark.parametrize(("system", "players"), TABLES)
def test_play_and_refusals_leave_no_cycles(system: str, players: int) -> None:
    rng = random.Random(7)
    refused = 0
    with cycles_left() as found:
        for seed in range(2):
            state = new_game(preset(system, players), seed=seed)
            earlier: list[Action] = []
            while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
                actions = legal_actions(state)
                # An action of an earlier position, most of them refused in this one.
                for stale in rng.sample(earlier, min(3, len(earlier))):
                    try:
                        apply(state, stale)
                    except IllegalActionError:
                        refused += 1
                earlier = actions
                state = apply(state, rng.choice(actions)).state
    assert refused > 20, "the test must try refused actions"
    assert not found, f"cycles left for the garbage collector: {dict(found)}"
