"""The ``hard`` level: the ``normal`` player plus lookahead at the decisions that matter.

At the draw (stock or pile), the discard, whether to go out, and partner's question, it
lists a few candidates (the ``normal`` level's choice and its closest rivals), samples the
hidden cards consistently with its view (:func:`canasta.engine.determinize`; when partner
has asked to go out, only samples in which partner can), and plays every candidate out on
the same samples with the ``normal`` policy for all four seats, then rates the result.
Going out and answering partner are played to the end of the round and rated by the
round's scores; the draw and the discard are played for a few turns and rated by
:func:`evaluate`. It keeps the ``normal`` choice unless a rival is better by more than the
sampling noise.

It is anytime: it stops sampling when its share of the per-turn time budget is spent, and
checks the clock between every two actions of a playout, so it overruns by at most one
engine step.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from canasta.bots.base import DEFAULT_BUDGET, Decision
from canasta.bots.normal import NormalBot, Situation, discard_costs, take_score, wants_out
from canasta.engine import (
    Action,
    Answer,
    Discard,
    DrawStock,
    GameState,
    Phase,
    PlayerView,
    TakePile,
    apply,
    card_value,
    determinize,
    legal_actions,
    view,
)
from canasta.engine.scoring import score_team
from canasta.engine.solver import can_go_out, count_hand, max_meld_value

__all__ = ["HardBot", "evaluate"]

#: Share of the per-turn budget each searched decision may use: a turn has a draw, at most
#: one going-out decision and a discard; partner's question falls in another seat's turn.
_SHARE = {"draw": 0.25, "out": 0.25, "discard": 0.3, "answer": 0.5}
#: How many standard errors a rival must beat the ``normal`` choice by.
_CONFIDENCE = 1.0
#: Samples drawn to find one where partner, who asked, can go out.
_TRIES = 30
#: A playout "to the end of the round" stops after this many turns all the same.
_ROUND = 400


def evaluate(state: GameState, team: int) -> float:
    """How much better ``team`` stands than the opponents in this round, in points.

    After the round, the round's scores; during it, the score if the round ended now plus
    what the cards are likely still worth (half-built canastas, meldable cards in hand).
    """
    if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        scores = state.history[-1]
        best = max(score.total for score in scores if score.team != team)
        return float(scores[team].total - best)
    others = range(state.rules.teams)
    return _team_value(state, team) - max(_team_value(state, t) for t in others if t != team)


def _team_value(state: GameState, team: int) -> float:
    rules = state.rules
    size = rules.canasta_size
    # The round's score if it ended now, without the cards in hand, which are valued below.
    value = float(
        score_team(
            rules,
            team=team,
            melds=state.melds[team],
            red_threes=len(state.red_threes[team]),
            hands=(),
            went_out=False,
            concealed=False,
        ).total
    )
    table: dict[int, tuple[int, int]] = {}
    for meld in state.melds[team]:
        table[meld.rank] = (meld.naturals, meld.wilds)
        if size - 3 <= len(meld.cards) < size:
            value += 40.0 * (len(meld.cards) - (size - 4))
    for seat in rules.partnerships[team]:
        hand = state.hands[seat]
        points = sum(card_value(c) for c in hand)
        meldable, _ = max_meld_value(count_hand(hand), table, rules)
        value += 0.5 * meldable - (points - min(points, meldable)) + 4.0 * len(hand)
    return value


@dataclass(frozen=True, slots=True)
class _Line:
    """A candidate: a first action, or (``out`` set) a way to play the rest of the turn."""

    action: Action | None = None
    out: bool | None = None


class HardBot:
    """Looks ahead by determinized playouts (see the module's docstring)."""

    name = "hard"

    def __init__(
        self,
        budget: float = DEFAULT_BUDGET,
        *,
        samples: int | None = None,
        horizon: int = 12,
        width: int = 3,
    ) -> None:
        """Args:
        budget: seconds of thought per turn.
        samples: stop after this many samples even with time left (for repeatable tests).
        horizon: turns a draw or discard playout runs before the position is rated.
        width: rivals considered besides the ``normal`` choice.
        """
        self.budget = budget
        self.samples = samples
        self.horizon = horizon
        self.width = width
        self._normal = NormalBot()
        #: The going-out verdict of the turn under way: ``(turn key, go out)``.
        self._verdict: tuple[tuple[int, ...], bool] | None = None

    def decide(self, seen: PlayerView, legal: Sequence[Action], rng: random.Random) -> Decision:
        """Decide like ``normal``, or better where the playouts say so."""
        start = time.perf_counter()
        if seen.phase is Phase.ANSWER:
            base = self._normal.decide(seen, legal, rng)
            lines = [_Line(base.action), _Line(Answer(not _says_yes(base.action)))]
            return self._choose(seen, base, lines, rng, start + self.budget * _SHARE["answer"])
        if seen.phase is Phase.PLAY:
            return self._play(seen, legal, rng, start)
        base = self._normal.decide(seen, legal, rng)
        if seen.phase is not Phase.DRAW:
            return base
        situation = Situation.of(seen)
        takes = sorted(
            (a for a in legal if isinstance(a, TakePile)), key=lambda a: -take_score(situation, a)
        )
        rivals: list[Action] = [a for a in legal if isinstance(a, DrawStock)]
        rivals.extend(takes[: self.width])
        lines = [_Line(base.action), *[_Line(a) for a in rivals if a != base.action]]
        return self._choose(seen, base, lines, rng, start + self.budget * _SHARE["draw"])

    def _play(
        self, seen: PlayerView, legal: Sequence[Action], rng: random.Random, start: float
    ) -> Decision:
        situation = Situation.of(seen)
        # What stays fixed through the play of one turn, and differs from turn to turn.
        others = tuple(size for s, size in enumerate(seen.hand_sizes) if s != seen.seat)
        key = (seen.round_no, seen.seat, seen.stock_size, *others, *seen.scores, *seen.pile)
        reason = ""
        if (self._verdict is None or self._verdict[0] != key) and self._may_choose_going_out(
            situation, legal
        ):
            usual = wants_out(situation)
            lines = [_Line(out=usual), _Line(out=not usual)]
            deadline = start + self.budget * _SHARE["out"]
            best, gain, samples = self._best_line(seen, lines, rng, deadline)
            self._verdict = (key, lines[best].out is True)
            if best:
                reason = (
                    f"{'Go out' if not usual else 'Play on'}: better by {gain:.0f} points "
                    f"over {samples} sampled deals."
                )
        out = self._verdict[1] if self._verdict is not None and self._verdict[0] == key else None
        base = self._normal.play(situation, legal, out=out)
        if reason:
            return Decision(base.action, reason)
        if not isinstance(base.action, Discard):
            return base
        cards = [a.card for a in legal if isinstance(a, Discard)]
        costs = discard_costs(situation, cards)
        ordered = sorted(cards, key=lambda c: (costs[c], c))
        rivals = [Discard(c) for c in ordered[: self.width + 1] if Discard(c) != base.action]
        lines = [_Line(base.action), *[_Line(a) for a in rivals[: self.width]]]
        return self._choose(seen, base, lines, rng, start + self.budget * _SHARE["discard"])

    def _may_choose_going_out(self, situation: Situation, legal: Sequence[Action]) -> bool:
        seen = situation.seen
        starting_meld = not seen.melded[situation.team] and (seen.turn_value or seen.pending)
        return (
            seen.permission is None
            and not starting_meld
            and self._normal.can_go_out(situation, legal)
        )

    def _choose(
        self,
        seen: PlayerView,
        base: Decision,
        lines: list[_Line],
        rng: random.Random,
        deadline: float,
    ) -> Decision:
        """``base`` (the first line's action) or the line that beats it."""
        best, gain, samples = self._best_line(seen, lines, rng, deadline)
        action = lines[best].action
        if not best or action is None:
            return base
        return Decision(
            action,
            f"{str(action).capitalize()}: better than {base.action} by {gain:.0f} "
            f"points over {samples} sampled deals.",
        )

    def _best_line(
        self, seen: PlayerView, lines: list[_Line], rng: random.Random, deadline: float
    ) -> tuple[int, float, int]:
        """The index of the line whose playouts beat the first by more than the noise
        (``0`` if none does), how much it gains, and over how many samples."""
        if len(lines) < 2:
            return 0, 0.0, 0
        diffs = self._search(seen, lines, rng, deadline)
        best = 0
        best_mean = 0.0
        for index in range(1, len(lines)):
            sample = diffs[index]
            if len(sample) < 2:
                continue
            mean = sum(sample) / len(sample)
            spread = math.sqrt(sum((x - mean) ** 2 for x in sample) / (len(sample) - 1))
            if mean > best_mean and mean > _CONFIDENCE * spread / math.sqrt(len(sample)):
                best, best_mean = index, mean
        return best, best_mean, len(diffs[best])

    def _search(
        self, seen: PlayerView, lines: list[_Line], rng: random.Random, deadline: float
    ) -> list[list[float]]:
        """Per line, its value less the first line's, one entry per sample."""
        team = seen.rules.team_of(seen.seat)
        whole_round = seen.phase is Phase.ANSWER or lines[0].out is not None
        horizon = _ROUND if whole_round else self.horizon
        diffs: list[list[float]] = [[] for _ in lines]
        done = 0
        while self.samples is None or done < self.samples:
            if time.perf_counter() >= deadline:
                break
            sampled = self._sample(seen, rng)
            if sampled is None:
                break
            values: list[float] = []
            for line in lines:
                state = self._start(sampled, line, deadline)
                if state is None:
                    return diffs
                value = self._playout(state, team, horizon, deadline)
                if value is None:
                    return diffs
                values.append(value)
            for index, value in enumerate(values):
                diffs[index].append(value - values[0])
            done += 1
        return diffs

    @staticmethod
    def _sample(seen: PlayerView, rng: random.Random) -> GameState | None:
        """A full state consistent with ``seen`` (and with partner's question, if asked)."""
        if seen.phase is not Phase.ANSWER:
            return determinize(seen, rng)
        asker = seen.turn
        team = seen.rules.team_of(asker)
        table = {m.rank: (m.naturals, m.wilds) for m in seen.melds[team]}
        need = 0 if seen.melded[team] else max(0, seen.minimums[team] - seen.turn_value)
        for _ in range(_TRIES):
            state = determinize(seen, rng)
            hand = count_hand(state.hands[asker])
            if can_go_out(hand, table, seen.rules, need=need):
                return state
        return None

    def _start(self, state: GameState, line: _Line, deadline: float) -> GameState | None:
        """``state`` after the line's first step (a whole turn, for a going-out line)."""
        if line.action is not None:
            return apply(state, line.action).state
        seat = state.turn
        while state.phase is Phase.PLAY and state.turn == seat:
            if time.perf_counter() >= deadline:
                return None
            situation = Situation.of(view(state, seat))
            action = self._normal.play(situation, legal_actions(state), out=line.out).action
            state = apply(state, action).state
        return state

    def _playout(self, state: GameState, team: int, horizon: int, deadline: float) -> float | None:
        """Play on with ``normal`` everywhere and rate the result; ``None`` if out of time."""
        normal = self._normal
        quiet = random.Random(0)
        turns = 0
        turn = state.turn
        while state.phase in (Phase.DRAW, Phase.PLAY, Phase.ANSWER):
            if time.perf_counter() >= deadline:
                return None
            if state.turn != turn:
                turn = state.turn
                turns += 1
                if turns >= horizon:
                    break
            seat = state.to_move
            assert seat is not None
            action = normal.decide(view(state, seat), legal_actions(state), quiet).action
            state = apply(state, action).state
        return evaluate(state, team)


def _says_yes(action: Action) -> bool:
    return isinstance(action, Answer) and action.yes
