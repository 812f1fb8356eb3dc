"""What a step of ``hard``'s playouts costs, against the work it is counted as.

Run: ``python benchmarks/step_costs.py [--rules NAME] [--players N] [--games G]``. Plays
``G`` games of ``normal`` bots and times each step as a playout takes it (the listing, the
``normal`` decision on the seat's view, the apply), in CPU time, grouped by phase, whether
the player has melded, the hand's size and (before the initial meld) its wild cards. Each
row prints the steps, the work :func:`canasta.bots.search_work.step_work` counts per step, the
milliseconds per step and per unit of work, and the slowest step: a row whose milliseconds
per unit stand well above the others is a step the count weighs too lightly, and lets a
turn's search (``TURN_WORK`` units) run long.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from canasta.bots import NormalBot
from canasta.bots.search_work import step_work
from canasta.engine import NextRound, Phase, apply, legal, preset, start_game, view
from canasta.engine.cards import WILD_CARDS


def main() -> None:
    """Play the games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="railroad")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    rules = preset(args.rules, args.players)
    bot = NormalBot()
    quiet = random.Random(0)
    rows: dict[tuple[str, ...], list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0])
    for seed in range(args.games):
        state, _ = start_game(rules, seed=seed)
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.ROUND_OVER:
                state = apply(state, NextRound()).state
                continue
            seat = state.to_move
            assert seat is not None
            hand = state.hands[seat]
            work = step_work(state, seat)
            start = time.process_time()
            action = bot.decide(view(state, seat), legal(state), quiet).action
            after = apply(state, action).state
            spent = time.process_time() - start
            melded = state.melded[rules.team_of(seat)]
            key = (state.phase.name.lower(), "melded" if melded else "not melded")
            key += (f"{len(hand) // 4 * 4:2d}+ cards",)
            if not melded and state.phase is Phase.PLAY:
                key += (f"{min(6, sum(1 for c in hand if c in WILD_CARDS))} wild",)
            row = rows[key]
            row[0] += 1
            row[1] += work
            row[2] += spent
            row[3] = max(row[3], spent)
            state = after
    print(f"{args.rules}, {args.players} players, {args.games} games of normal bots")
    print(f"{'step':36} {'steps':>7} {'work':>7} {'ms':>7} {'ms/work':>8} {'max ms':>7}")
    steps = work = spent = 0.0
    for key in sorted(rows):
        count, weight, seconds, slowest = rows[key]
        steps, work, spent = steps + count, work + weight, spent + seconds
        print(
            f"{', '.join(key):36} {count:7.0f} {weight / count:7.1f} "
            f"{1000 * seconds / count:7.2f} {1000 * seconds / weight:8.3f} {1000 * slowest:7.1f}"
        )
    print(
        f"{'all':36} {steps:7.0f} {work / steps:7.1f} {1000 * spent / steps:7.2f} "
        f"{1000 * spent / work:8.3f}"
    )


if __name__ == "__main__":
    main()
