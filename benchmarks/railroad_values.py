"""Fit the weights of :mod:`canasta.bots.railroad_value`: what a railroad position's features
are worth in the round total the player ends the round with.

Run: ``python benchmarks/railroad_values.py [--players N] [--games G] [--seed S]``. Plays
``G`` games of ``normal`` bots (docs/rules.md §13), takes every player's features at every
third turn's start (the round's score so far, the hand's card points, the points it could
meld now, its cards, the untaken kitty's points, the open melds' share of their kinds'
bonuses, the stock left), and prints the least-squares weights that predict the player's
round total at the round's end, with the spread of the totals and of what the fit leaves.
"""

from __future__ import annotations

import argparse
import random
import statistics

from canasta.bots import NormalBot
from canasta.bots.railroad_value import features
from canasta.engine import (
    NextRound,
    Phase,
    apply,
    legal,
    preset,
    start_game,
    view,
)

#: The names of :func:`~canasta.bots.railroad_value.features`, and the stock left.
_NAMES = ("scored", "hand points", "meldable", "cards", "kitty points", "open melds", "stock")


def positions(players: int, games: int, seed: int) -> list[tuple[list[float], float]]:
    """``(features, round total)`` pairs from ``games`` games of ``normal`` bots."""
    rules = preset("railroad", players)
    bot = NormalBot()
    quiet = random.Random(0)
    rows: list[tuple[list[float], float]] = []
    for game in range(games):
        state, _ = start_game(rules, seed=seed + game)
        waiting: list[tuple[list[float], int]] = []
        turn = 0
        while True:
            if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
                totals = [score.total for score in state.history[-1]]
                rows.extend((row, float(totals[seat])) for row, seat in waiting)
                waiting = []
                if state.phase is Phase.GAME_OVER:
                    break
                state = apply(state, NextRound()).state
                continue
            if state.phase is Phase.DRAW:
                turn += 1
                if turn % 3 == 0:
                    stock = len(state.stock)
                    waiting.extend(([*features(state, s), stock], s) for s in range(players))
            seat = state.to_move
            assert seat is not None
            action = bot.decide(view(state, seat), legal(state), quiet).action
            state = apply(state, action).state
    return rows


def least_squares(rows: list[tuple[list[float], float]]) -> list[float]:
    """The weights (and last, the constant) minimising the squared error."""
    size = len(rows[0][0]) + 1
    matrix = [[0.0] * (size + 1) for _ in range(size)]
    for row, total in rows:
        x = [*row, 1.0]
        for i in range(size):
            for j in range(size):
                matrix[i][j] += x[i] * x[j]
            matrix[i][size] += x[i] * total
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        for r in range(size):
            if r != col:
                factor = matrix[r][col] / matrix[col][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
    return [matrix[i][size] / matrix[i][i] for i in range(size)]


def main() -> None:
    """Play the games and print the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    rows = positions(args.players, args.games, args.seed)
    weights = least_squares(rows)
    games = f"{args.games} games of normal bots"
    print(f"railroad, {args.players} players, {games}: {len(rows)} positions")
    for name, weight in zip((*_NAMES, "constant"), weights, strict=True):
        print(f"{name:14} {weight:9.3f}")
    totals = [total for _, total in rows]
    left = [t - sum(w * x for w, x in zip(weights, [*r, 1.0], strict=True)) for r, t in rows]
    spread, residual = statistics.pstdev(totals), statistics.pstdev(left)
    print(f"round totals' spread {spread:.0f}, left by the fit {residual:.0f}")


if __name__ == "__main__":
    main()
