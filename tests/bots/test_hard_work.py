"""The ``hard`` level's counted work: each turn spends at most ``TURN_WORK``, and a step of
a playout weighs what it costs at the table it is played at."""

from __future__ import annotations

import random

import pytest

from canasta.bots import Effort, HardBot, NormalBot
from canasta.bots.hard import own_discard_costs
from canasta.bots.railroad import railroad_play, searches_way_out
from canasta.bots.search_work import TURN_WORK, Clock, step_work, work_scale
from canasta.bots.situation import Situation
from canasta.engine import (
    Action,
    Phase,
    PlayerView,
    RuleSet,
    classic,
    legal_actions,
    preset,
    view,
)
from canasta.engine.cards import WILD_CARDS

from .helpers import play


@pytest.mark.parametrize(
    ("rules", "rounds", "stride"),
    [(classic, 2, 1), (preset("railroad", 3), 1, 7)],
    ids=["classic", "railroad"],
)
def test_a_turn_that_has_spent_its_work_plays_the_rest_like_normal(
    rules: RuleSet, rounds: int, stride: int
) -> None:
    # In railroad too: its own moves follow the railroad plan, as normal's do, with its own
    # discard weighing. (With work left, every ``stride``-th decision is searched.)
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
        # A turn's work (four times as much at a railroad table of three players or more).
        spent._turn_spent = TURN_WORK * work_scale(rules)
        decision = spent.decide(seen, legal, random.Random(1))
        assert spent._turn_spent == TURN_WORK * work_scale(rules)
        assert decision.action == _unsearched(seen, legal)
    # The bound is what stopped the search: with work left the same decisions search.
    assert searched > 0


def _unsearched(seen: PlayerView, legal: list[Action]) -> Action:
    """``hard``'s move without a search: ``normal``'s, or at a railroad table the railroad
    plan with ``hard``'s own discard weighing."""
    if not seen.rules.several_melds:
        return NormalBot().decide(seen, legal, random.Random(1)).action
    situation = Situation.of(seen)
    return railroad_play(seen, legal, lambda cards: own_discard_costs(situation, cards)).action


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
    # Measured on this engine (benchmarks/step_costs.py): a railroad draw costs the same
    # whatever the hand once the player has melded; a play costs more with more cards; and
    # a play before the initial meld, which lists the ways to reach a minimum of up to 150,
    # costs far more with the wild cards that could join each meld (18 cards: about 5 ms
    # with none, 20 ms with two, 90 ms with six).
    draws = set()
    openings: dict[tuple[int, int], float] = {}
    for state in play(("normal",) * 3, seed=3, rounds=1, rules=preset("railroad", 3)):
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat]
        work = step_work(state, seat)
        if state.phase is Phase.DRAW and state.melded[seat]:
            draws.add(work)
        elif state.phase is Phase.PLAY and not state.melded[seat]:
            wilds = sum(1 for card in hand if card in WILD_CARDS)
            openings[len(hand), wilds] = work
            assert work >= 2 * _classic_weight(len(hand))
    assert len(draws) == 1
    assert len(openings) > 3
    for (cards, wilds), work in openings.items():
        for (more_cards, more_wilds), more_work in openings.items():
            if more_cards >= cards and more_wilds >= wilds:
                assert more_work >= work


def test_a_railroad_play_weighs_more_with_more_melds_on_the_table() -> None:
    # Each play's candidates are checked against the player's melds: late in a round, with
    # 12 to 16 melds down, a unit of work took about 0.065 ms against 0.04 with none, and
    # the slowest turns were made of such steps.
    state = next(
        s
        for s in play(("normal",) * 3, seed=3, rounds=1, rules=preset("railroad", 3))
        if s.phase is Phase.PLAY and s.melded[0] and s.to_move == 0 and s.melds[0]
    )
    fewer = state.evolve(melds=(state.melds[0][:1], *state.melds[1:]))
    more = state.evolve(melds=(state.melds[0] * 8, *state.melds[1:]))
    assert step_work(more, 0) > step_work(fewer, 0)


def test_a_railroad_play_that_searches_for_a_way_out_weighs_that_search() -> None:
    # The plan's search for a way out tries up to 30 positions through the engine: 0.2 ms
    # of CPU with 2 cards, 3.0 with 10, where the play alone counted 4 to 12 units (about
    # 0.3 ms); two-player turns made of such steps reached 881 to 1,178 ms.
    rules = preset("railroad", 2)
    weighed = 0
    for state in play(("normal",) * 2, seed=3, rounds=1, rules=rules):
        seat = state.to_move
        if seat is None or state.phase is not Phase.PLAY or not state.melded[seat]:
            continue
        hand, melds = state.hands[seat], state.melds[rules.team_of(seat)]
        if not searches_way_out(hand, melds, rules):
            continue
        weighed += 1
        # A play counts at least 4 units; the search, ``h**2`` more.
        assert step_work(state, seat) >= 4 + len(hand) ** 2
        # No such search with more than ten cards in hand.
        assert not searches_way_out(hand + (hand[0],) * (11 - len(hand)), melds, rules)
    assert weighed > 3


def test_a_railroad_playout_takes_no_step_past_its_share() -> None:
    # A play before the initial meld of a big hand with wild cards weighs up to 2,000
    # units (90 ms); every line's playout took one such step whatever its share, and a turn
    # with two searches ran past a second.
    rules = preset("railroad", 3)
    for state in play(("normal",) * 3, seed=3, rounds=1, rules=rules):
        seat = state.to_move
        assert seat is not None
        if state.phase is Phase.PLAY and not state.melded[seat]:
            break
    clock = Clock(None, TURN_WORK)
    bot = HardBot(Effort(playouts=4, cap=None))
    bot._playout(state, 0, horizon=12, share=step_work(state, seat) / 2, clock=clock)
    assert clock.spent == 0
