"""How ``hard`` spends a search's deals: every line on the first stage's, then the
``normal`` choice and the leading rival alone (unless that rival trails)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

import pytest

from canasta.bots import Effort, HardBot
from canasta.bots.base import Decision
from canasta.bots.hard import _chosen, _leader, _Line
from canasta.bots.search_work import TURN_WORK, WORK, Clock
from canasta.engine import (
    Action,
    Discard,
    GameState,
    Phase,
    PlayerView,
    RuleSet,
    classic,
    legal_actions,
    preset,
    view,
)

from .helpers import play


def test_the_rival_with_the_best_mean_leads() -> None:
    diffs = [[0.0] * 4, [5.0, -5.0, 5.0, -5.0], [30.0, 10.0, 20.0, 40.0], [1.0, 2.0, 3.0, 4.0]]
    assert _leader(diffs) == [0, 2]


def test_a_rival_that_trails_by_half_a_standard_error_stops_the_search() -> None:
    # Mean -20, standard error 5: it trails by four standard errors.
    trailing = [-15.0, -25.0, -15.0, -25.0]
    assert _leader([[0.0] * 4, trailing]) == [0]
    # Mean -2, standard error 5: within half a standard error, it plays on.
    close = [8.0, -12.0, 8.0, -12.0]
    assert _leader([[0.0] * 4, close]) == [0, 1]


def test_only_a_rival_played_on_every_deal_is_chosen() -> None:
    normal = [0.0] * 8
    # Left behind after four deals, though far ahead on them; the leader played on.
    left_behind = [40.0, 60.0, 40.0, 60.0]
    leader = [30.0, 10.0, 30.0, 10.0, 30.0, 10.0, 30.0, 10.0]
    assert _chosen([normal, left_behind, leader], 1.0) == (2, 20.0)
    # A search stopped within the first stage leaves every line on as many deals.
    assert _chosen([normal[:4], left_behind, leader[:4]], 1.0) == (1, 50.0)
    # Within a standard error of the normal choice, nothing is chosen.
    assert _chosen([normal, [30.0, -30.0] * 4], 1.0) == (0, 0.0)


class _Counting(HardBot):
    """``hard``, noting which lines each deal plays."""

    def __init__(self) -> None:
        super().__init__(Effort(playouts=12, cap=None), horizon=3)
        self.started: list[int] = []
        self.lines: list[_Line] = []

    def _start(self, state: GameState, line: _Line, clock: Clock) -> GameState:
        self.started.append(self.lines.index(line))
        return super()._start(state, line, clock)


def test_after_the_first_stage_only_the_leader_plays_against_the_normal_choice() -> None:
    state = next(
        s
        for s in play(("normal",) * 4, seed=8, rounds=1)
        if s.phase is Phase.PLAY and s.to_move == 0 and len(set(s.hands[0])) >= 4
    )
    bot = _Counting()
    bot.lines = [_Line(Discard(card)) for card in sorted(set(state.hands[0]))[:4]]
    seen = view(state, 0)
    budget = bot.budget(seen, bot.lines, math.inf)
    diffs = bot._search(seen, bot.lines, random.Random(3), Clock(None, math.inf), budget)
    first = budget.first
    assert 2 <= first < 12
    assert bot.started[: 4 * first] == [0, 1, 2, 3] * first
    # The other deals go to the normal choice and the rival leading after the first stage.
    leader = _leader([d[:first] for d in diffs])
    assert len(leader) == 2
    assert bot.started[4 * first :] == leader * (12 - first)
    assert [len(d) for d in diffs] == [12 if i in leader else first for i in range(4)]
    assert budget.confidence == 1.0
    bot.horizon = None
    assert bot.budget(seen, bot.lines, math.inf).horizon == 8


def test_a_railroad_search_plays_every_line_on_every_deal() -> None:
    # The search measured at the railroad tables: one stage, 1.5 standard errors, 12 turns.
    state = next(
        s
        for s in play(("normal",) * 2, seed=8, rounds=1, rules=preset("railroad", 2))
        if s.phase is Phase.PLAY and s.to_move == 0 and len(set(s.hands[0])) >= 4
    )
    bot = _Counting()
    bot.lines = [_Line(Discard(card)) for card in sorted(set(state.hands[0]))[:4]]
    seen = view(state, 0)
    budget = bot.budget(seen, bot.lines, math.inf)
    assert (budget.first, budget.deals, budget.confidence) == (12, 12, 1.5)
    bot.horizon = None
    assert bot.budget(seen, bot.lines, math.inf).horizon == 12
    bot._search(seen, bot.lines, random.Random(3), Clock(None, math.inf), budget)
    assert bot.started == [0, 1, 2, 3] * 12


class _Allowance(HardBot):
    """``hard``, noting the work its clock allows a decision, deciding nothing."""

    def _decide(
        self, seen: PlayerView, legal: Iterable[Action], rng: random.Random, clock: Clock
    ) -> Decision:
        self.allowance = clock.allowance
        return Decision(next(iter(legal)), "")


@pytest.mark.parametrize(
    ("rules", "scale", "confidence"),
    [
        (classic, 1, 1.0),
        (preset("railroad", 2), 1, 1.5),
        (preset("railroad", 3), 4, 1.0),
        (preset("railroad", 6), 4, 1.0),
    ],
)
def test_at_railroad_tables_of_three_or_more_hard_searches_four_times_as_much(
    rules: RuleSet, scale: int, confidence: float
) -> None:
    # Four times the deals within four times the work, and four times a turn's work; a
    # rival chosen by one standard error of those deals.
    states = list(play(("normal",) * rules.players, seed=8, rounds=1, rules=rules))
    playing = next(
        s for s in states if s.phase is Phase.PLAY and s.to_move == 0 and len(set(s.hands[0])) >= 2
    )
    bot = _Allowance(Effort(playouts=12, cap=None))
    lines = [_Line(Discard(card)) for card in sorted(set(playing.hands[0]))[:2]]
    budget = bot.budget(view(playing, 0), lines, math.inf)
    assert (budget.deals, budget.work, budget.confidence) == (12 * scale, WORK * scale, confidence)
    drawing = next(s for s in states if s.phase is Phase.DRAW and s.to_move == 0)
    bot.decide(view(drawing, 0), legal_actions(drawing), random.Random(0))
    assert bot.allowance == TURN_WORK * scale
