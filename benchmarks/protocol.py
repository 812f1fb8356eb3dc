"""The speed cost of a protocol seat: the example outside bot against the in-process one.

Run: ``python benchmarks/protocol.py [GAMES]``. Plays GAMES games twice on the same deals,
``random`` at South and North against ``normal``: once with the in-process ``random`` bot,
once with ``examples/bots/random_bot.py`` behind the JSON-lines pipe (docs/protocol.md).
Prints the protocol seat's decisions per second through the pipe (each decision's first
one, which starts Python and says hello, apart) and the cost per decision against the
in-process bot.
"""

from __future__ import annotations

import shlex
import statistics
import sys
import time
from pathlib import Path

from canasta.simulate import GameResult, play_game, tasks_for

BOT = Path(__file__).resolve().parents[1] / "examples" / "bots" / "random_bot.py"


def _play(level: str, games: int) -> tuple[list[GameResult], float]:
    tasks = tasks_for((level, "normal", level, "normal"), games=games, seed=0, budget=1.0)
    start = time.perf_counter()
    results = [play_game(task) for task in tasks]
    return results, time.perf_counter() - start


def main(games: int = 20) -> None:
    """Play ``games`` games each way and print the figures."""
    outside = "cmd:" + shlex.join([sys.executable, str(BOT)])
    local, local_seconds = _play("random", games)
    piped, piped_seconds = _play(outside, games)
    faults = sum(len(result.faults) for result in piped)
    local_times = [t for r in local for t in r.latencies["random"]]
    # Each game starts two programs: their first decisions include the start and the hello.
    starts: list[float] = []
    steady: list[float] = []
    for result in piped:
        times = result.latencies[outside]
        starts.extend(times[:2])
        steady.extend(times[2:])
    per_decision = statistics.fmean(steady)
    print(f"{games} games each way, random (South, North) against normal, {faults} faults")
    print(
        f"in-process random: {len(local_times)} decisions, "
        f"{1e6 * statistics.fmean(local_times):.0f} us each; games took {local_seconds:.2f} s"
    )
    print(
        f"protocol seat: {len(steady)} decisions through the pipe at "
        f"{1 / per_decision:.0f} decisions/s = {1e6 * per_decision:.0f} us each "
        f"(p50 {1e6 * statistics.median(steady):.0f} us); games took {piped_seconds:.2f} s"
    )
    print(
        f"start-up (program start and hello, with the first decision): median "
        f"{1e3 * statistics.median(starts):.0f} ms over {len(starts)} programs"
    )
    print(
        f"cost of the pipe: {1e6 * (per_decision - statistics.fmean(local_times)):.0f} us "
        "per decision"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
