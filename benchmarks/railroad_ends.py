"""Why railroad rounds end on an empty stock: what each player had when one did.

Run: ``python benchmarks/railroad_ends.py [--players N] [--games G] [--seed S]``. Plays
``G`` games of ``normal`` bots (docs/rules.md §13) and, at every round that the empty stock
ended (a ``StockExhausted`` event, as ``canasta simulate`` counts them), reads each player's
position: the kinds of canasta it still lacked, or, with all four down, the cards it held
and whether a seven was among them (a seven may not be discarded while the lock holds and is
never the discard that goes out, §13.8 and §13.10); and how many stock cards were left when
its fourth kind came. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

from canasta.bots import NormalBot
from canasta.engine import NextRound, Phase, apply, legal, preset, start_game, view
from canasta.engine.cards import RANK_OF, SEVEN
from canasta.engine.events import StockExhausted
from canasta.engine.kinds import kinds_missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    rules = preset("railroad", args.players)
    bot = NormalBot()
    quiet = random.Random(0)
    rounds = stock_ends = 0
    lacking: Counter[str] = Counter()
    held: Counter[int] = Counter()
    sevens = 0
    stock_at_fourth: list[int] = []
    for game in range(args.games):
        state, _ = start_game(rules, seed=args.seed + game)
        fourth: dict[int, int] = {}
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.ROUND_OVER:
                state = apply(state, NextRound()).state
                fourth = {}
                continue
            for seat in range(args.players):
                if seat not in fourth and not kinds_missing(
                    state.melds[rules.team_of(seat)], rules
                ):
                    fourth[seat] = len(state.stock)
            seat = state.to_move
            assert seat is not None
            before = state
            step = apply(state, bot.decide(view(state, seat), legal(state), quiet).action)
            state = step.state
            if state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
                continue
            rounds += 1
            if not any(isinstance(event, StockExhausted) for event in step.events):
                continue
            stock_ends += 1
            for player in range(args.players):
                missing = kinds_missing(before.melds[rules.team_of(player)], rules)
                lacking.update(missing)
                if missing:
                    continue
                hand = before.hands[player]
                held[len(hand)] += 1
                sevens += any(RANK_OF[card] == SEVEN for card in hand)
                stock_at_fourth.append(fourth[player])
    ends = stock_ends * args.players
    complete = sum(held.values())
    print(
        f"railroad, {args.players} players, {args.games} games from seed {args.seed}: "
        f"{stock_ends} of {rounds} rounds ended on an empty stock "
        f"({100 * stock_ends / max(1, rounds):.1f}%)"
    )
    print(
        f"  of the {ends} players at those ends, {ends - complete} lacked a kind of canasta "
        f"(by kind lacked: {', '.join(f'{k} {n}' for k, n in lacking.most_common())})"
    )
    if complete:
        sizes = ", ".join(f"{size}: {n}" for size, n in sorted(held.items()))
        print(
            f"  {complete} had all four kinds down: {sevens} of them held a seven; "
            f"cards held (cards: players) {sizes}; stock left when the fourth kind came: "
            f"median {statistics.median(stock_at_fourth):.0f}"
        )


if __name__ == "__main__":
    main()
