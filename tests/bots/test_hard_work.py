"""The ``hard`` level's counted work: each turn spends at most ``TURN_WORK``, and a step of
a playout weighs what it costs at the table it is played at."""

from __future__ import annotations

import random

import pytest

from canasta.bots import Effort, HardBot, NormalBot
from canasta.bots.hard import TURN_WORK, step_work
from canasta.engine import Phase, RuleSet, classic, legal_actions, preset, view

from .helpers import play


@pytest.mark.parametrize(
    ("rules", "rounds", "stride"),
    [(classic, 2, 1), (preset("railroad", 3), 1, 7)],
    ids=["classic", "railroad"],
)
def test_a_turn_that_has_spent_its_work_plays_the_rest_like_normal(
    rules: RuleSet, rounds: int, stride: int
) -> None:
    # In railroad too: its own moves follow the railroad plan, as normal's do. (With work
    # left, every ``stride``-th decision is searched.)
    searched = 0
    states = play(("normal",) * rules.players, seed=31, rounds=rounds, rules=rules)
    for index, state in enumerate(states):
        if state.phase is not Phase.PLAY or state.to_move != 0:
            continue
        seen = view(state, 0)
        legal = legal_actions(state)
        if index % stride == 0:
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


def _classic_weight(cards: int) -> float:
    return 1.0 + cards**3 / 700.0


@pytest.mark.parametrize("rules", [classic, preset("traditional", 3)], ids=["classic", "trad"])
def test_classic_steps_weigh_as_they_always_have(rules: RuleSet) -> None:
    # The classic tables' searches (and so their moves) depend on these weights.
    for state in play(("normal",) * rules.players, seed=3, rounds=1, rules=rules):
        seat = state.to_move
        assert seat is not None
        assert step_work(state, seat) == _classic_weight(len(state.hands[seat]))


def test_a_railroad_step_weighs_what_listing_its_plays_costs() -> None:
    # Measured on this engine: a railroad step costs about twice a classic one of the same
    # hand, and a play before the initial meld, which lists the ways to reach a minimum of
    # up to 150, costs 20 to 60 times a classic step of 12 to 24 cards.
    weighed = set()
    for state in play(("normal",) * 3, seed=3, rounds=1, rules=preset("railroad", 3)):
        seat = state.to_move
        assert seat is not None
        cards = len(state.hands[seat])
        work = step_work(state, seat)
        opening = state.phase is Phase.PLAY and not state.melded[seat]
        assert work >= 2 * _classic_weight(cards)
        if opening and 12 <= cards <= 24:
            assert work >= 12 * _classic_weight(cards)
        weighed.add(opening)
    assert weighed == {True, False}
