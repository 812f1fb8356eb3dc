"""The ``hard`` level: the ``normal`` player plus look-ahead where a decision matters.

It searches only the decisions that swing a round: taking the pile, going out (or asking
partner), answering partner, and the discard while the pile is worth taking or the
opponents threaten to go out. Every other decision is the ``normal`` level's. For a
searched decision it lists a few candidates (the ``normal`` choice and its closest rivals),
samples a fixed number of deals of the hidden cards from what the seat knows
(:func:`canasta.bots.belief.sample_deal`), plays the candidates out on the same deals with
the ``normal`` policy at every seat, and rates the results: going out and answering
partner by the round's scores, the draw and the discard after a few turns by
:func:`~canasta.bots.rating.evaluate`. Every candidate plays the first third of the
deals; the rest go to the rival that leads after them, against the ``normal`` choice, so
that the one rival likely to be chosen is measured on all the deals. It keeps the
``normal`` choice unless that rival is better by more than a standard error.

In railroad (docs/rules.md §13) its own moves follow the railroad plan
(:mod:`canasta.bots.railroad`) as ``normal``'s do, going out as soon as it may, but it weighs
its discards as railroad is played (:func:`own_discard_costs`); it searches the take and the
discard there, as it was measured there: every candidate on every deal, twelve turns deep, a
rival chosen by one and a half standard errors; at three players or more on four times the
deals and the work (:func:`~canasta.bots.search_work.work_scale`), and by one standard error.

The number of deals (``Effort.playouts``) fixes the work, so the same seed gives the same
moves on any machine. The wall-clock ``Effort.cap`` is only a safety bound for the app: when
it runs out the bot decides on the deals played so far.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from canasta.bots.base import Decision, Effort
from canasta.bots.belief import Memory, sample_deal
from canasta.bots.discards import discard_costs
from canasta.bots.normal import NormalBot, take_score, wants_out
from canasta.bots.railroad import railroad_play, threatened
from canasta.bots.rating import evaluate
from canasta.bots.search_work import (
    DEAL_WORK,
    ROUND_DEALS,
    ROUND_WORK,
    TURN_WORK,
    WORK,
    Budget,
    Clock,
    step_work,
    work_scale,
)
from canasta.bots.situation import Situation
from canasta.engine import (
    Action,
    Answer,
    AskPartner,
    Card,
    Discard,
    DrawStock,
    GameState,
    Phase,
    PlayerView,
    TakePile,
    apply,
    card_name,
    legal_actions,
    view,
)

__all__ = ["HardBot", "own_discard_costs"]

#: How many standard errors a rival must beat the ``normal`` choice by.
_CONFIDENCE = 1.0
#: A search plays every line on the first ``1 / _FIRST_STAGE`` of its deals; then only the
#: rival that leads the others plays on, against the ``normal`` choice, and only if it
#: trails that choice by less than :data:`_TRAILING` standard errors.
_FIRST_STAGE = 3
_TRAILING = 0.5
#: Turns a draw or discard playout runs before the position is rated. Judged on deals
#: played 24 turns on, a search 8 turns deep chose as well as one 12 deep, or better, at
#: two thirds of the work (docs/bots.md).
HORIZON = 8
#: A railroad search is the one measured there (docs/bots.md): every line on every deal,
#: 12 turns deep, a rival chosen by 1.5 standard errors. The two stages, at one standard
#: error, won fewer of the same railroad games (39 and 37 of 120 at three players, 8 and 12
#: turns deep, against 44 with this search). At three players or more, on four times the
#: deals (:func:`~canasta.bots.search_work.work_scale`), a rival is chosen by one standard
#: error: 433 of 960 games against two ``normal`` players, against 411 at 1.5.
RAILROAD_HORIZON = 12
_RAILROAD_CONFIDENCE = 1.5
#: A playout "to the end of the round" stops after this many turns all the same.
_ROUND = 400
#: Deals a decision is searched on at the least: each playout may spend a share of
#: :data:`~canasta.bots.search_work.WORK` that leaves room for this many.
_MIN_DEALS = 4
#: A discard is searched when the pile holds at least this many cards (or under threat).
_BIG_PILE = 8
#: A going-out decision with more cards than this in hand is left to the ``normal`` rule:
#: playing such a hand out would spend the whole search listing its melds.
_SEARCHED_HAND = 20
_PLAYING = (Phase.DRAW, Phase.PLAY, Phase.ANSWER)


@dataclass(frozen=True, slots=True)
class _Line:
    """A candidate: a first action, or (``out`` set) a way to play the rest of the turn."""

    action: Action | None = None
    out: bool | None = None

    def gerund(self) -> str:
        """The line in words, as the rival a searched choice beat."""
        if self.action is not None:
            return _gerund(self.action)
        return "going out" if self.out else "playing on"


class HardBot:
    """Looks ahead by determinized playouts (see the module's docstring)."""

    name = "hard"

    def __init__(
        self, effort: Effort | None = None, *, horizon: int | None = None, width: int = 3
    ) -> None:
        """Args:
        effort: deals sampled per searched decision, and the safety bound in seconds.
        horizon: turns a draw or discard playout runs before the position is rated
            (default: :data:`HORIZON`, :data:`RAILROAD_HORIZON` at a railroad table).
        width: rivals considered besides the ``normal`` choice.
        """
        effort = effort or Effort()
        self.playouts = effort.playouts
        self.cap = effort.cap
        self.horizon = horizon
        self.width = width
        self.memory = Memory()
        self._normal = NormalBot()
        #: The going-out verdict of the turn under way: ``(turn key, line)``.
        self._verdict: tuple[tuple[object, ...], _Line] | None = None
        #: The work spent so far in this seat's turn under way (see
        #: :data:`~canasta.bots.search_work.TURN_WORK`).
        self._turn_spent = 0.0

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        """Decide like ``normal``, or better where the playouts say so."""
        self.memory.observe(seen)
        scale = work_scale(seen.rules)
        if seen.phase is Phase.ANSWER:
            # Partner's turn: the answer has its own bound, and this seat's turn is not
            # under way.
            return self._decide(seen, legal, rng, Clock(self.cap, ROUND_WORK * scale))
        if seen.phase is Phase.DRAW:
            self._turn_spent = 0.0
        clock = Clock(self.cap, TURN_WORK * scale - self._turn_spent)
        decision = self._decide(seen, legal, rng, clock)
        self._turn_spent += clock.spent
        return decision

    def _decide(
        self, seen: PlayerView, legal: Iterable[Action], rng: random.Random, clock: Clock
    ) -> Decision:
        if seen.phase is Phase.ANSWER:
            base = self._normal.decide(seen, (), rng)
            lines = [_Line(base.action), _Line(Answer(not _says_yes(base.action)))]
            return self._choose(seen, base, lines, rng, clock)
        actions = list(legal)
        if seen.phase is Phase.PLAY and seen.rules.several_melds:
            return self._railroad_play(seen, actions, rng, clock)
        if seen.phase is Phase.PLAY:
            return self._play(seen, actions, rng, clock)
        base = self._normal.decide(seen, actions, rng)
        takes = [a for a in actions if isinstance(a, TakePile)]
        if seen.phase is not Phase.DRAW or not takes:
            return base
        situation = Situation.of(seen)
        takes.sort(key=lambda a: -take_score(situation, a))
        rivals: list[Action] = [a for a in actions if isinstance(a, DrawStock)]
        rivals.extend(takes[: self.width])
        lines = [_Line(base.action), *[_Line(a) for a in rivals if a != base.action]]
        return self._choose(seen, base, lines, rng, clock)

    def _play(
        self, seen: PlayerView, legal: Sequence[Action], rng: random.Random, clock: Clock
    ) -> Decision:
        situation = Situation.of(seen)
        # What stays fixed through the play of one turn, and differs from turn to turn.
        others = tuple(size for s, size in enumerate(seen.hand_sizes) if s != seen.seat)
        key = (seen.round_no, seen.seat, seen.stock_size, others, seen.scores, seen.pile)
        reason = ""
        if (self._verdict is None or self._verdict[0] != key) and self._may_choose_going_out(
            situation, legal
        ):
            usual = wants_out(situation)
            lines = [_Line(out=usual), _Line(out=not usual)]
            if AskPartner() in legal:
                lines.append(_Line(AskPartner()))
            best, gain, samples = self._best_line(seen, lines, rng, clock)
            self._verdict = (key, lines[best])
            if best:
                # The reason never names the move (the hint shows it): only what it beat.
                reason = (
                    f"Better than {lines[0].gerund()} by {gain:.0f} points over {samples} "
                    "sampled deals."
                )
        verdict = None
        if self._verdict is not None and self._verdict[0] == key:
            verdict = self._verdict[1]
        if verdict is not None and verdict.action is not None and verdict.action in legal:
            return Decision(verdict.action, reason or "You could go out now; partner decides.")
        out = None if verdict is None else verdict.out
        base = self._normal.play(situation, legal, out=out)
        if reason:
            return Decision(base.action, reason)
        going_out = seen.permission is True or (verdict is not None and verdict.out is True)
        if (
            not isinstance(base.action, Discard)
            or going_out
            or not self._discard_matters(situation)
        ):
            return base
        return self._discard(situation, base, legal, rng, clock)

    def _railroad_play(
        self, seen: PlayerView, legal: Sequence[Action], rng: random.Random, clock: Clock
    ) -> Decision:
        """Railroad (§13): the plan of :mod:`canasta.bots.railroad`, which goes out as soon as
        a canasta of each kind allows it, with the discard searched where it matters."""
        situation = Situation.of(seen)
        base = railroad_play(seen, legal, lambda cards: own_discard_costs(situation, cards))
        if (
            not isinstance(base.action, Discard)
            or len(seen.hand) == 1  # the discard goes out
            or not self._discard_matters(situation)
        ):
            return base
        return self._discard(situation, base, legal, rng, clock)

    def _discard(
        self,
        situation: Situation,
        base: Decision,
        legal: Sequence[Action],
        rng: random.Random,
        clock: Clock,
    ) -> Decision:
        """``base`` (a discard) or the rival discard whose playouts beat it."""
        cards = [a.card for a in legal if isinstance(a, Discard)]
        costs = own_discard_costs(situation, cards)
        ordered = sorted(cards, key=lambda c: (costs[c], c))
        rivals = [Discard(c) for c in ordered if Discard(c) != base.action][: self.width]
        lines = [_Line(base.action), *[_Line(a) for a in rivals]]
        return self._choose(situation.seen, base, lines, rng, clock)

    @staticmethod
    def _discard_matters(situation: Situation) -> bool:
        """The pile is worth taking, or the opponents (or the stock) threaten the round."""
        return len(situation.seen.pile) >= _BIG_PILE or situation.threat

    def _may_choose_going_out(self, situation: Situation, legal: Sequence[Action]) -> bool:
        seen = situation.seen
        starting_meld = not seen.melded[situation.team] and (seen.turn_value or seen.pending)
        return (
            seen.permission is None
            and not starting_meld
            and len(seen.hand) <= _SEARCHED_HAND
            and self._normal.can_go_out(situation, legal)
        )

    def _choose(
        self,
        seen: PlayerView,
        base: Decision,
        lines: list[_Line],
        rng: random.Random,
        clock: Clock,
    ) -> Decision:
        """``base`` (the first line's action) or the line that beats it."""
        best, gain, samples = self._best_line(seen, lines, rng, clock)
        action = lines[best].action
        if not best or action is None:
            return base
        return Decision(
            action,
            f"Better than {_gerund(base.action)} by {gain:.0f} points over {samples} "
            "sampled deals.",
        )

    def _best_line(
        self, seen: PlayerView, lines: list[_Line], rng: random.Random, clock: Clock
    ) -> tuple[int, float, int]:
        """The index of the line whose playouts beat the first by more than the noise
        (``0`` if none does), how much it gains, and over how many deals."""
        if len(lines) < 2:
            return 0, 0.0, 0
        budget = self.budget(seen, lines, clock.allowance)
        diffs = self._search(seen, lines, rng, clock, budget)
        best, gain = _chosen(diffs, budget.confidence)
        return best, gain, len(diffs[best])

    def _search(
        self,
        seen: PlayerView,
        lines: list[_Line],
        rng: random.Random,
        clock: Clock,
        budget: Budget,
    ) -> list[list[float]]:
        """Per line, its value less the first line's, one entry per deal it was played on.

        Every line plays the first stage's deals; the rest go to the leading rival alone
        (see :data:`_FIRST_STAGE`), which the ``normal`` choice plays again on each.
        """
        team = seen.team
        horizon, work, share = budget.horizon, budget.work, budget.share
        diffs: list[list[float]] = [[] for _ in lines]
        playing: Sequence[int] = range(len(lines))
        for dealt in range(budget.deals):
            if dealt == budget.first:
                playing = _leader(diffs)
                if len(playing) < 2:
                    break
            if clock.expired() or clock.spent >= work:
                break
            deal = sample_deal(seen, self.memory, rng)
            clock.spent += DEAL_WORK
            if deal is None:
                break
            values: list[float] = []
            for index in playing:
                start = self._start(deal, lines[index], clock)
                value = self._playout(start, team, horizon=horizon, share=share, clock=clock)
                if value is None:
                    return diffs
                values.append(value)
            for index, value in zip(playing, values, strict=True):
                diffs[index].append(value - values[0])
        return diffs

    def budget(self, seen: PlayerView, lines: Sequence[_Line], allowance: float) -> Budget:
        """What a search of ``lines`` may spend, with ``allowance`` work left to the turn."""
        whole_round = seen.phase is Phase.ANSWER or lines[0].out is not None
        work, deals = (
            (ROUND_WORK, self.playouts * ROUND_DEALS) if whole_round else (WORK, self.playouts)
        )
        scale = work_scale(seen.rules)
        work = min(work * scale, allowance)
        deals *= scale
        railroad = seen.rules.has_kinds
        default = RAILROAD_HORIZON if railroad else HORIZON
        horizon = default if self.horizon is None else self.horizon
        return Budget(
            horizon=_ROUND if whole_round else horizon,
            work=work,
            deals=deals,
            share=work / (_MIN_DEALS * len(lines)),
            first=deals if railroad else max(2, deals // _FIRST_STAGE),
            confidence=_RAILROAD_CONFIDENCE if railroad and scale == 1 else _CONFIDENCE,
        )

    def _start(self, state: GameState, line: _Line, clock: Clock) -> GameState:
        """``state`` after the line's first step (a whole turn, for a going-out line)."""
        if line.action is not None:
            return apply(state, line.action).state
        seat = state.turn
        while state.phase is Phase.PLAY and state.turn == seat:
            clock.charge(state, seat)
            situation = Situation.of(view(state, seat))
            action = self._normal.play(situation, legal_actions(state), out=line.out).action
            state = apply(state, action).state
        return state

    def _playout(
        self, state: GameState, team: int, *, horizon: int, share: float, clock: Clock
    ) -> float | None:
        """Play on with ``normal`` everywhere for ``horizon`` turns (or ``share`` work; in
        railroad, no step past it) and rate the result; ``None`` if out of time."""
        normal = self._normal
        quiet = random.Random(0)
        turns = 0
        turn = state.turn
        work = 0.0
        while state.phase in _PLAYING and work < share:
            if clock.expired():
                return None
            if state.turn != turn:
                turn = state.turn
                turns += 1
                if turns >= horizon:
                    break
            seat = state.to_move
            assert seat is not None
            if state.rules.has_kinds and work + step_work(state, seat) > share:
                # Railroad: a step past the share is not taken. One step may weigh far
                # more than a share (a big hand's play before its initial meld, up to
                # 90 ms), and every line's playout took one. (Classic keeps its moves.)
                break
            work += clock.charge(state, seat)
            actions = legal_actions(state)
            if len(actions) > 1:
                action = normal.decide(view(state, seat), actions, quiet).action
            else:  # a forced move (most draws): no view, no policy
                action = actions[0]
            state = apply(state, action).state
        return evaluate(state, team)


def own_discard_costs(situation: Situation, cards: Sequence[Card]) -> dict[Card, float]:
    """The discards' costs as ``hard`` weighs them for its own seat: ``normal``'s, but at a
    railroad table as railroad is played (:func:`discard_costs`): a canasta is closed, taking
    no pile and no lay-off, and points are shed when the railroad plan reads a threat
    (:func:`~canasta.bots.railroad.threatened`), not classic's."""
    seen = situation.seen
    if not seen.rules.several_melds:
        return discard_costs(situation, cards)
    return discard_costs(situation, cards, closed=True, threat=threatened(seen))


def _mean_error(sample: Sequence[float]) -> tuple[float, float]:
    """The mean of ``sample`` and its standard error (``inf`` under two entries)."""
    if len(sample) < 2:
        return 0.0, math.inf
    mean = sum(sample) / len(sample)
    spread = math.sqrt(sum((x - mean) ** 2 for x in sample) / (len(sample) - 1))
    return mean, spread / math.sqrt(len(sample))


def _chosen(diffs: Sequence[Sequence[float]], confidence: float) -> tuple[int, float]:
    """The line a search chooses, and what it gains: the rival with the best mean among
    those played on every deal the ``normal`` choice was (after the first stage, the leader
    alone: a rival left behind there is never chosen on its first few deals), if it beats
    that choice by more than ``confidence`` standard errors; else ``0``."""
    best = 0
    best_mean = 0.0
    for index in range(1, len(diffs)):
        if len(diffs[index]) < len(diffs[0]):
            continue
        mean, error = _mean_error(diffs[index])
        if mean > best_mean and mean > confidence * error:
            best, best_mean = index, mean
    return best, best_mean


def _leader(diffs: Sequence[Sequence[float]]) -> list[int]:
    """The lines that play on after the first stage: the first, and the rival with the best
    mean unless it trails the first by :data:`_TRAILING` standard errors or more."""
    rivals = [(_mean_error(diffs[index]), index) for index in range(1, len(diffs))]
    if not rivals:
        return [0]
    (mean, error), index = max(rivals, key=lambda rival: (rival[0][0], -rival[1]))
    return [0, index] if mean > -_TRAILING * error else [0]


def _says_yes(action: Action) -> bool:
    return isinstance(action, Answer) and action.yes


def _gerund(action: Action) -> str:
    """The rival a searched move beat, in words (a reason never restates the move itself)."""
    if isinstance(action, Discard):
        return f"discarding the {card_name(action.card)}"
    if isinstance(action, TakePile):
        return "taking the pile"
    if isinstance(action, DrawStock):
        return "drawing from the stock"
    if isinstance(action, Answer):
        return f"answering {'yes' if action.yes else 'no'}"
    return str(action)
