"""The ``hard`` level's counted work: each turn spends at most ``TURN_WORK``."""

from __future__ import annotations

import random

from canasta.bots import Effort, HardBot, NormalBot
from canasta.bots.hard import TURN_WORK
from canasta.engine import Phase, legal_actions, view

from .helpers import play


def test_a_turn_that_has_spent_its_work_plays_the_rest_like_normal() -> None:
    searched = 0
    for state in play(("normal",) * 4, seed=31, rounds=2):
        if state.phase is not Phase.PLAY or state.to_move != 0:
            continue
        seen = view(state, 0)
        legal = legal_actions(state)
        fresh = HardBot(Effort(playouts=4, cap=None), horizon=3)
        fresh.decide(seen, legal, random.Random(1))
        searched += fresh._turn_spent > 0
        spent = HardBot(Effort(playouts=4, cap=None), horizon=3)
        spent._turn_spent = TURN_WORK
        decision = spent.decide(seen, legal, random.Random(1))
        assert spent._turn_spent == TURN_WORK
        assert decision.action == NormalBot().decide(seen, legal, random.Random(1)).action
    # The bound is what stopped the search: with work left the same decisions search.
    assert searched > 0
