"""Soak run: ``python benchmarks/soak.py --hands N [--seed S]`` (issue 11, item 6).

Plays ``N`` hands (rounds) with uniform random legal actions and ``N`` hands between four
``normal`` bots; games go on round after round (so scores, history and minimums grow) and
a new game starts when one ends. On every deal and after every action it runs each check
of ``tests/property/invariants.py``: cards conserved, no hidden card in any seat's view,
score parts summing to the totals, the position round trip.

Prints hands, states checked, seconds and, per check, how many states broke it, the first
few with where (each game is fixed by its deal seed, so a break replays from its line).
A progress line goes to stderr every 500 hands. Figures, not assertions: the exit status
is 0 whatever it finds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# The checks live with the property tests, which run a small sample of this soak.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.property.invariants import MODES, Tally, soak

#: Hands between two progress lines on stderr.
PROGRESS = 500


def run(mode: str, hands: int, seed: int) -> None:
    """Soak with one kind of play and print its figures."""
    tally = Tally()
    start = time.perf_counter()

    def progress(played: int) -> None:
        if played % PROGRESS == 0:
            print(
                f"{mode}: {played} hands, {tally.states} states, "
                f"{time.perf_counter() - start:.0f} s, breaks {sum(tally.breaks.values())}",
                file=sys.stderr,
                flush=True,
            )

    soak(mode, hands, seed, tally, progress)
    seconds = time.perf_counter() - start
    print(
        f"{mode} play: {hands} hands, {tally.states} states checked, {seconds:.1f} s "
        f"({hands / seconds:.1f} hands/s, {tally.states / seconds:.0f} states/s)"
    )
    for name, count in tally.breaks.items():
        print(f"  {name}: {count} breaks")
        for line in tally.shown[name]:
            print(f"    {line}")
    print(f"  breaks: {sum(tally.breaks.values())}", flush=True)


def main() -> None:
    """Soak with each kind of play."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100, help="hands of each kind of play")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for mode in MODES:
        run(mode, args.hands, args.seed)


if __name__ == "__main__":
    main()
