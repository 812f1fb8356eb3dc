"""The state's own helpers: the copies the engine makes of a position."""

from __future__ import annotations

import pytest

from canasta.engine import Phase
from canasta.engine.state import TURN_FIELDS, GameState, finished, with_cards

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


def test_a_finished_draft_is_the_state_evolve_makes() -> None:
    state = position(south="c5 c6 c7", west="d5 d6 d7", phase="play")
    draft = state.draft()
    draft.turn_value = 40
    draft.played = True
    made = finished(draft)
    assert made == state.evolve(turn_value=40, played=True)
    assert type(made) is GameState and hash(made) == hash(state.evolve(turn_value=40, played=True))
    assert (state.turn_value, state.played) == (0, False)  # the state drafted from is untouched
    with pytest.raises(AttributeError):
        made.played = False


@pytest.mark.parametrize(
    ("hand", "added"),
    [("", "h5"), ("c4 h5 s9", "d5"), ("c4 h5 s9", "jk"), ("c4 h5 s9", "s13"), ("h5 h5", "h5")],
)
def test_with_cards_puts_one_card_in_its_place(hand: str, added: str) -> None:
    assert with_cards(cards(hand), cards(added)) == tuple(sorted(cards(f"{hand} {added}")))


def test_with_cards_sorts_several_cards_in() -> None:
    assert with_cards(cards("c4 h5 s9"), cards("s9 d2 c4")) == cards("d2 c4 c4 h5 s9 s9")
