"""Soak run: ``python benchmarks/soak.py --hands N [--games G] [--seed S]
[--rules NAME --players P] [--modes random,normal]`` (issues 11 and 14).

Plays ``N`` hands (rounds), or ``G`` games if that comes first, of the rule system (classic
with four players by default) with each kind of play: uniform random legal actions, and
``normal`` bots at every seat. Games go on round after round (so scores, history and
minimums grow) and a new game starts when one ends. On every deal and after every action it
runs each check of ``tests/property/invariants.py``: cards conserved, no hidden card in any
seat's view, score parts summing to the totals, the position round trip.

Prints hands, games finished, states checked, seconds and, per check, how many states broke
it, the first few with where (each game is fixed by its deal seed, so a break replays from
its line). A progress line goes to stderr every 500 hands. Figures, not assertions: the
exit status is 0 whatever it finds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# The checks live with the property tests, which run a small sample of this soak.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.property.invariants import MODES, Tally, soak

from canasta.engine import CanastaError, RuleSet, preset

#: Hands between two progress lines on stderr.
PROGRESS = 500


def run(mode: str, hands: int, seed: int, rules: RuleSet, games: int | None) -> None:
    """Soak with one kind of play and print its figures."""
    tally = Tally()
    start = time.perf_counter()

    played = 0

    def progress(count: int) -> None:
        nonlocal played
        played = count
        if count % PROGRESS == 0:
            print(
                f"{rules.label}, {mode}: {count} hands, {tally.states} states, "
                f"{time.perf_counter() - start:.0f} s, breaks {sum(tally.breaks.values())}",
                file=sys.stderr,
                flush=True,
            )

    finished = soak(mode, hands, seed, tally, progress, rules=rules, games=games)
    seconds = time.perf_counter() - start
    print(
        f"{rules.label}, {mode} play: {played} hands, {finished} games finished, "
        f"{tally.states} states checked, {seconds:.1f} s "
        f"({played / seconds:.1f} hands/s, {tally.states / seconds:.0f} states/s)"
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
    parser.add_argument("--games", type=int, default=None, help="or at most this many games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic", help="the rule system (default classic)")
    parser.add_argument("--players", type=int, default=None, help="default: the system's")
    parser.add_argument(
        "--modes", default=",".join(MODES), help=f"kinds of play (default {','.join(MODES)})"
    )
    args = parser.parse_args()
    try:
        rules = preset(args.rules, args.players)
    except CanastaError as error:
        parser.error(str(error))
    modes = [mode.strip() for mode in args.modes.split(",")]
    for mode in modes:
        if mode not in MODES:
            parser.error(f"There is no mode {mode!r}; choose from {', '.join(MODES)}.")
    for mode in modes:
        run(mode, args.hands, args.seed, rules, args.games)


if __name__ == "__main__":
    main()
