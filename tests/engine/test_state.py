"""The state's own helpers: the copies the engine makes of a position."""

from __future__ import annotations

from canasta.engine import Phase
from canasta.engine.state import TURN_FIELDS

from .helpers import cards, position


def test_turn_begins_resets_exactly_the_turn_fields() -> None:
    state = position(
        south="c5 c6 c7",
        west="d5 d6 d7",
        phase="play",
        played=True,
        turn_value=30,
        pending="h9 s9",
        asked=True,
        permission=False,
    )
    state = state.evolve(placed=((5, cards("c5")[0]),))
    begun = state.turn_begins(1)
    assert begun == state.evolve(
        phase=Phase.DRAW,
        turn=1,
        played=False,
        turn_value=0,
        placed=(),
        pending=(),
        asked=False,
        permission=None,
    )
    assert set(TURN_FIELDS) == {
        name for name in state._fields if getattr(begun, name) != getattr(state, name)
    }
