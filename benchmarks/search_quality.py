"""How much ``hard``'s searched decisions gain, by its own measure, judged on many more deals.

Run: ``python benchmarks/search_quality.py [--games G] [--seed S] [--truth T] [--repeats R]
[--search DEALS:FIRST_STAGE:CONFIDENCE ...]``. Plays ``G`` seeded games of ``hard`` and
``normal`` partnerships and keeps every position ``hard`` searched: the view, what the seat
had read off the pile, the candidate lines. Each position's lines are then played out on
``T`` deals of their own, as the search plays them (same depth, same share of work): the
mean difference of each line from the ``normal`` choice on those deals is its value, with
far less noise than a search's. Each setting's search then runs ``R`` times on fresh deals,
and every choice it makes is scored by that value.

Prints, per kind of decision: the positions; what the best line is worth over the
``normal`` choice (the most a search could gain); what the search's choices gain, with the
standard error over the runs; how often it leaves the ``normal`` choice; and the playouts
one search plays. The measure is the search's own (the round's score for going out and
answering partner, :func:`canasta.bots.rating.evaluate` a few turns on for the draw and the
discard), not games won: a change that gains here still has to win games
(``canasta simulate``).
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import time
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from canasta.bots import Effort, NormalBot, hard
from canasta.bots.belief import Memory
from canasta.bots.hard import HardBot
from canasta.bots.search_work import Clock
from canasta.engine import (
    NextRound,
    Phase,
    PlayerView,
    apply,
    classic,
    legal,
    start_game,
    view,
)


@dataclass(frozen=True)
class Position:
    """One searched decision, as the searching seat saw it."""

    kind: str
    seen: PlayerView
    memory: Memory
    lines: list[Any]
    allowance: float


class Counting(HardBot):
    """``hard``, counting the playouts it plays."""

    def __init__(self, effort: Effort) -> None:
        super().__init__(effort)
        self.playouts_played = 0

    def _playout(self, state, team, *, horizon, share, clock):  # type: ignore[no-untyped-def]
        self.playouts_played += 1
        return super()._playout(state, team, horizon=horizon, share=share, clock=clock)


class Recorder(HardBot):
    """``hard``, keeping each position it searches."""

    def __init__(self, effort: Effort) -> None:
        super().__init__(effort)
        self.positions: list[Position] = []

    def _best_line(self, seen, lines, rng, clock):  # type: ignore[no-untyped-def]
        kind = "answer" if seen.phase is Phase.ANSWER else "going out"
        if lines[0].action is not None and seen.phase is not Phase.ANSWER:
            kind = "draw" if seen.phase is Phase.DRAW else "discard"
        memory = copy.deepcopy(self.memory)
        self.positions.append(Position(kind, seen, memory, list(lines), clock.allowance))
        return super()._best_line(seen, lines, rng, clock)


def collect(games: int, seed: int, playouts: int) -> list[Position]:
    """Play ``games`` games of ``hard`` at seats 0 and 2 against ``normal``; keep the positions."""
    positions: list[Position] = []
    for game in range(games):
        recorders = [Recorder(Effort(playouts=playouts, cap=None)) for _ in range(2)]
        bots: list[Any] = [recorders[0], NormalBot(), recorders[1], NormalBot()]
        rngs = [random.Random(f"{seed + game}:{seat}") for seat in range(4)]
        state, _ = start_game(classic, seed=seed + game)
        while state.phase is not Phase.GAME_OVER and len(state.history) < 12:
            if state.phase is Phase.ROUND_OVER:
                state = apply(state, NextRound()).state
                continue
            seat = state.to_move
            assert seat is not None
            action = bots[seat].decide(view(state, seat), legal(state), rngs[seat]).action
            state = apply(state, action).state
        for recorder in recorders:
            positions.extend(recorder.positions)
    return positions


def values(position: Position, deals: int, seed: int) -> list[float]:
    """Each line's mean difference from the first over ``deals`` deals, played as the search
    plays them (every line on every deal, without the search's bound on its work)."""
    bot = HardBot(Effort(cap=None))
    bot.memory = copy.deepcopy(position.memory)
    budget = bot.budget(position.seen, position.lines, position.allowance)
    budget = replace(budget, deals=deals, first=deals, work=math.inf)
    clock = Clock(None, math.inf)
    diffs = bot._search(position.seen, position.lines, random.Random(seed), clock, budget)
    return [sum(line) / max(1, len(line)) for line in diffs]


@dataclass(frozen=True)
class Setting:
    """A way to search: deals a search, the share of them every line plays (``1`` of
    ``first_stage``), and the standard errors a rival must win by."""

    deals: int
    first_stage: int
    confidence: float

    @classmethod
    def parse(cls, text: str) -> Setting:
        deals, first_stage, confidence = text.split(":")
        return cls(int(deals), int(first_stage), float(confidence))

    def __str__(self) -> str:
        return f"{self.deals}:{self.first_stage}:{self.confidence:g}"


def search(setting: Setting, position: Position, seed: str) -> tuple[int, int]:
    """The line a search with ``setting`` chooses at ``position``, and its playouts."""
    saved = hard._FIRST_STAGE, hard._CONFIDENCE
    hard._FIRST_STAGE, hard._CONFIDENCE = setting.first_stage, setting.confidence
    try:
        bot = Counting(Effort(playouts=setting.deals, cap=None))
        bot.memory = copy.deepcopy(position.memory)
        clock = Clock(None, position.allowance)
        best, _, _ = bot._best_line(position.seen, position.lines, random.Random(seed), clock)
    finally:
        hard._FIRST_STAGE, hard._CONFIDENCE = saved
    return best, bot.playouts_played


def main() -> None:
    """Collect the positions, value their lines, run the searches and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=555)
    parser.add_argument("--truth", type=int, default=64, help="deals that value each line")
    parser.add_argument("--repeats", type=int, default=4, help="searches run per position")
    parser.add_argument(
        "--search",
        action="append",
        type=Setting.parse,
        help="DEALS:FIRST_STAGE:CONFIDENCE, repeatable (default: the level's own, and "
        "8:1:1.5, every line on 8 deals and 1.5 standard errors: the search before "
        "2026-12-06, at today's depth)",
    )
    args = parser.parse_args()
    settings = args.search or [
        Setting(Effort().playouts, hard._FIRST_STAGE, hard._CONFIDENCE),
        Setting(8, 1, 1.5),
    ]
    start = time.process_time()
    positions = collect(args.games, args.seed, settings[0].deals)
    # Per kind: positions, the best line's worth; per setting: gains, switches, playouts.
    kinds: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    rows: dict[tuple[str, Setting], list[Any]] = defaultdict(lambda: [[], 0, 0])
    for number, position in enumerate(positions):
        worth = values(position, args.truth, seed=10_000 + number)
        kinds[position.kind][0] += 1
        kinds[position.kind][1] += max(worth)
        for setting in settings:
            row = rows[position.kind, setting]
            for repeat in range(args.repeats):
                best, played = search(setting, position, f"{number}:{repeat}")
                row[0].append(worth[best])
                row[1] += best != 0
                row[2] += played
    print(
        f"{len(positions)} positions of {args.games} games (seed {args.seed}), lines valued "
        f"on {args.truth} deals, {args.repeats} searches each; "
        f"{time.process_time() - start:.0f} s of CPU"
    )
    print(
        f"{'decision':10s} {'positions':>9s} {'best line':>10s} {'search':>10s} "
        f"{'gains':>14s} {'vs first':>14s} {'leaves normal':>13s} {'playouts':>9s}"
    )
    for kind, (count, best_sum) in sorted(kinds.items()):
        first = rows[kind, settings[0]][0]
        for setting in settings:
            gains, switched, played = rows[kind, setting]
            runs = len(gains)
            label = (
                f"{kind:10s} {count:9d} {best_sum / count:10.1f}"
                if setting is settings[0]
                else " " * 31
            )
            print(
                f"{label} {setting!s:>10s} {_mean_error(gains):>14s} "
                f"{_mean_error([g - f for g, f in zip(gains, first, strict=True)]):>14s} "
                f"{switched / runs:12.0%} {played / runs:9.1f}"
            )


def _mean_error(sample: list[float]) -> str:
    """``mean ± standard error`` of ``sample``, as the search reckons them."""
    mean, error = hard._mean_error(sample)
    return f"{mean:.1f} ± {error:.1f}"


if __name__ == "__main__":
    main()
