"""Bot speed on one core: four ``normal`` bots playing whole games, and decision latency.

Run: ``python benchmarks/bots.py [GAMES]``. Prints games per second and the ``normal``
level's decision latency percentiles (the ``canasta simulate`` figures, on one process).
"""

from __future__ import annotations

import sys
import time

from canasta.simulate import play_game, summarise, tasks_for


def main(games: int = 100) -> None:
    """Play ``games`` games of four ``normal`` bots and print the figures."""
    levels = ("normal", "normal", "normal", "normal")
    tasks = tasks_for(levels, games=games, seed=0)
    start = time.perf_counter()
    results = [play_game(task) for task in tasks]
    seconds = time.perf_counter() - start
    data = summarise(
        results, levels=levels, seconds=seconds, jobs=1, playouts=tasks[0].playouts, seed=0
    )
    latency = data["latency"]["normal"]
    print(f"games: {games} in {seconds:.1f} s = {data['games_per_second']:.1f} games/s on one core")
    print(
        f"rounds per game: {data['rounds_per_game']:.2f}, turns per round: "
        f"{data['turns_per_round']:.1f}"
    )
    print(
        f"normal decision: p50 {latency['p50_ms']:.3f} ms, p99 {latency['p99_ms']:.3f} ms, "
        f"max {latency['max_ms']:.2f} ms over {latency['decisions']} decisions"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
