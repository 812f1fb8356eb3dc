"""Engine speed figures: ``python benchmarks/engine.py [--hands N]``.

``python benchmarks/engine.py --stalls`` prints only the stall check: the slowest
``legal_actions`` and ``apply`` call, with the garbage collector on, each in a fresh
interpreter, over 300 random hands of classic (four players), 300 of railroad (three) and
1,800 of classic (the hands a 10-second round of the side-by-side bench plays), as the
side-by-side bench plays them (importing the engine, which leaves what the process loaded
out of every later collection, then playing).

Prints random-legal-play hands per second and microseconds per decision, the legal-action
listing's p50/p99/max, the first listing with every cache cleared on the largest hands of
2,000 random hands (and how much of it the garbage collector took), what the interpreter's
garbage collector adds to the slowest listing, where random play's time goes (the listing
by phase, initial meld made or not and hand size, and ``apply`` by action), the
solver's p50/p99 on 11-card and 40-card hands (cold and warm), the cost of a state copy, and
the time of ``import canasta.engine`` in a fresh interpreter.
Figures, not assertions: nothing here fails.
"""

from __future__ import annotations

import argparse
import gc
import heapq
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from canasta.engine import GameState, Phase, apply, legal_actions, new_game
from canasta.engine.cards import RED_THREES, full_deck
from canasta.engine.counts import count_hand
from canasta.engine.memo import clear_caches
from canasta.engine.rules import classic, preset
from canasta.engine.solver import can_go_out, can_reach


def percentile(samples: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def random_play(
    hands: int, seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, int, list[float]]:
    """Play ``hands`` rounds with uniform random legal actions; return seconds, decisions
    and the time of each ``legal_actions`` call, by ``clock``."""
    rng = random.Random(seed)
    listing: list[float] = []
    decisions = 0
    start = clock()
    for game in range(hands):
        state = new_game(seed=seed * 100_003 + game)
        while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            before = clock()
            actions = legal_actions(state)
            listing.append(clock() - before)
            state = apply(state, rng.choice(actions)).state
            decisions += 1
    return clock() - start, decisions, listing


def throughput(hands: int, seed: int) -> tuple[float, int]:
    """Seconds and decisions for ``hands`` rounds of random play, with no extra timing."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for game in range(hands):
        state = new_game(seed=seed * 100_003 + game)
        while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            state = apply(state, rng.choice(legal_actions(state))).state
            decisions += 1
    return time.perf_counter() - start, decisions


def time_shares(hands: int, seed: int) -> list[str]:
    """Where ``hands`` rounds of random play spend their time: the listing by phase, whether
    the side to move has made its initial meld, and hand size, and ``apply`` by the action's
    type; each as its share of the total, its time a call, and (for listings) the actions
    listed a call."""
    rng = random.Random(seed)
    spent: dict[str, float] = {}
    calls: dict[str, int] = {}
    listed: dict[str, int] = {}
    clock = time.perf_counter
    for game in range(hands):
        state = new_game(seed=seed * 100_003 + game)
        while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            melded = state.melded[state.rules.team_of(state.turn)]
            size = "16 cards or more" if len(state.hands[state.turn]) > 15 else "up to 15 cards"
            side = "initial meld made" if melded else "no initial meld"
            listing = f"listing, {state.phase.value} phase, {side}, {size}"
            before = clock()
            actions = legal_actions(state)
            between = clock()
            action = rng.choice(actions)
            applying = clock()
            state = apply(state, action).state
            after = clock()
            playing = f"apply, {type(action).__name__}"
            for key, elapsed in ((listing, between - before), (playing, after - applying)):
                spent[key] = spent.get(key, 0.0) + elapsed
                calls[key] = calls.get(key, 0) + 1
            listed[listing] = listed.get(listing, 0) + len(actions)
    total = sum(spent.values())
    return [
        f"{spent[key] / total:4.0%} {key} ({spent[key] / calls[key] * 1e6:.1f} us a call"
        + (f", {listed[key] / calls[key]:.1f} actions)" if key in listed else ")")
        for key in sorted(spent, key=spent.__getitem__, reverse=True)
    ]


def largest_hands(hands: int, seed: int, keep: int) -> list[tuple[int, GameState]]:
    """The ``keep`` positions of ``hands`` random hands whose player to move holds most."""
    rng = random.Random(seed)
    biggest: list[tuple[int, int, GameState]] = []
    counter = 0
    for game in range(hands):
        state = new_game(seed=seed * 100_003 + game)
        while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            mover = state.to_move
            if mover is not None:
                counter += 1
                item = (len(state.hands[mover]), counter, state)
                if len(biggest) < keep:
                    heapq.heappush(biggest, item)
                elif item[0] > biggest[0][0]:
                    heapq.heapreplace(biggest, item)
            state = apply(state, rng.choice(legal_actions(state))).state
    return [(size, state) for size, _, state in sorted(biggest, reverse=True)]


class CollectorTime:
    """Seconds the garbage collector has run since this was made (``gc.callbacks``), so that
    a timed call can tell its own work from a collection that landed in it."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self.seconds = 0.0
        #: The longest collection, in seconds.
        self.longest = 0.0
        self._started = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = self._clock()
        else:
            took = self._clock() - self._started
            self.seconds += took
            self.longest = max(self.longest, took)

    def close(self) -> None:
        """Stop counting."""
        gc.callbacks.remove(self._note)


def cold_listing(positions: list[tuple[int, GameState]]) -> list[tuple[float, float, int, int]]:
    """Seconds of the first ``legal_actions`` call on each position with every cache
    cleared, the seconds the garbage collector ran inside it, the hand size and the number
    of actions."""
    out = []
    collector = CollectorTime()
    try:
        for size, state in positions:
            clear_caches()
            collected = collector.seconds
            before = time.perf_counter()
            actions = legal_actions(state)
            elapsed = time.perf_counter() - before
            out.append((elapsed, collector.seconds - collected, size, len(actions)))
    finally:
        collector.close()
    return out


def collector_cost(hands: int, seed: int) -> None:
    """Print what a full garbage collection costs once ``hands`` random hands have filled the
    engine's caches, and the slowest listing in CPU time with the collector on and off.

    Every container the caches hold that refers to a tracked object (an action, a state)
    makes each full collection longer; the collection runs inside whichever call allocates
    at that moment.
    """
    clear_caches()
    _, _, on = random_play(hands, seed, time.thread_time)
    before = time.thread_time()
    gc.collect()
    full = time.thread_time() - before
    tracked = len(gc.get_objects())
    clear_caches()
    cached = tracked - len(gc.get_objects())
    gc.disable()
    try:
        _, _, off = random_play(hands, seed, time.thread_time)
    finally:
        gc.enable()
    print(
        f"garbage collector: a full collection takes {full * 1e3:.1f} ms of CPU after {hands} "
        f"hands ({tracked} objects tracked, {cached} of them held by the engine's caches); "
        f"the slowest listing in CPU time: {max(on) * 1e3:.2f} ms with it, "
        f"{max(off) * 1e3:.2f} ms without"
    )


def slowest_calls(hands: int, table: str) -> str:
    """The slowest ``legal_actions`` and ``apply`` call with the collector on, over ``hands``
    random hands of ``table`` (``classic``, or ``railroad`` for three players) played as the
    side-by-side bench plays them (``new_game(seed=g)``, uniform random legal actions), the
    collector's share of it, and the longest collection of the run: in the thread's CPU time,
    which other processes on a shared machine do not inflate (the wall clock's slowest call
    is printed too)."""
    rules = preset("railroad", 3) if table == "railroad" else classic
    rng = random.Random(0)
    clock = time.thread_time
    wall = time.perf_counter
    collector = CollectorTime(clock)
    slowest = {"legal_actions": (0.0, 0.0), "apply": (0.0, 0.0)}
    slowest_wall = 0.0
    try:
        for game in range(hands):
            state = new_game(rules, seed=game)
            while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
                collected = collector.seconds
                started = wall()
                before = clock()
                actions = legal_actions(state)
                middle = clock()
                listed = collector.seconds
                state = apply(state, rng.choice(actions)).state
                after = clock()
                slowest_wall = max(slowest_wall, wall() - started)
                for name, took, collecting in (
                    ("legal_actions", middle - before, listed - collected),
                    ("apply", after - middle, collector.seconds - listed),
                ):
                    if took > slowest[name][0]:
                        slowest[name] = (took, collecting)
    finally:
        collector.close()
    calls = "; ".join(
        f"{name} max {took * 1e3:.2f} ms (collector {collecting * 1e3:.2f} ms of it)"
        for name, (took, collecting) in slowest.items()
    )
    return (
        f"stalls, {table}, {hands} random hands, fresh process, collector on, CPU time: "
        f"{calls}; longest collection {collector.longest * 1e3:.2f} ms, "
        f"{len(gc.get_objects())} objects tracked at the end; slowest decision (listing "
        f"and apply) by the wall clock {slowest_wall * 1e3:.2f} ms"
    )


def stall_check() -> None:
    """Print :func:`slowest_calls` for each run, each in a fresh interpreter."""
    for table, hands in (("classic", 300), ("railroad", 300), ("classic", 1800)):
        command = [sys.executable, __file__, "--stalls-of", table, str(hands)]
        result = subprocess.run(command, capture_output=True, text=True, check=True)
        print(result.stdout.strip())


def time_calls(call: Callable[[], object], repeat: int) -> list[float]:
    """Each call's duration in seconds."""
    out = []
    clock = time.perf_counter
    for _ in range(repeat):
        before = clock()
        call()
        out.append(clock() - before)
    return out


def solver_samples(
    size: int, count: int, seed: int, *, cold: bool = False
) -> tuple[list[float], list[float]]:
    """Durations of can_reach(120) and can_go_out on random hands of ``size`` cards (with
    ``cold``, every cache cleared before each pair of calls)."""
    rng = random.Random(seed)
    deck = [card for card in full_deck() if card not in RED_THREES]
    reach: list[float] = []
    out: list[float] = []
    clock = time.perf_counter
    for _ in range(count):
        if cold:
            clear_caches()
        hand = count_hand(tuple(rng.sample(deck, size)))
        table: dict[int, tuple[int, int]] = {}
        before = clock()
        can_reach(120, hand, table, _RULES)
        reach.append(clock() - before)
        before = clock()
        can_go_out(hand, _ONE_CANASTA, _RULES)
        out.append(clock() - before)
    return reach, out


def import_time(repeat: int) -> list[float]:
    """Seconds to ``import canasta.engine`` in a fresh interpreter.

    Byte-code is written by a first, untimed run (as ``pip install`` does for a user), even
    where the environment sets PYTHONDONTWRITEBYTECODE.
    """
    code = (
        "import time; t = time.perf_counter(); import canasta.engine; "
        "print(time.perf_counter() - t)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    samples = []
    for _ in range(repeat + 1):
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        )
        samples.append(float(result.stdout))
    return samples[1:]


_RULES = new_game().rules
#: The team's melds for the can_go_out timing: one natural canasta (of kings), so that
#: going out needs only that every card be placed.
_ONE_CANASTA = {13: (_RULES.canasta_size, 0)}


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200, help="rounds of random play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--cold-hands", type=int, default=2000, help="random hands searched for large hands"
    )
    parser.add_argument(
        "--stalls", action="store_true", help="print only the stall check (fresh processes)"
    )
    parser.add_argument("--stalls-of", nargs=2, metavar=("TABLE", "HANDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stalls_of:
        print(slowest_calls(int(args.stalls_of[1]), args.stalls_of[0]))
        return
    if args.stalls:
        stall_check()
        return

    seconds, decisions = throughput(args.hands, args.seed)
    print(
        f"random legal play: {args.hands / seconds:8.1f} hands/s, "
        f"{seconds / decisions * 1e6:6.1f} us/decision "
        f"({decisions / args.hands:.0f} decisions per hand)"
    )

    _, _, listing = random_play(max(20, args.hands // 4), args.seed + 1)
    print(
        "legal_actions: "
        f"p50 {percentile(listing, 0.5) * 1e6:6.1f} us, "
        f"p99 {percentile(listing, 0.99) * 1e6:6.1f} us, "
        f"max {max(listing) * 1e6:7.1f} us over {len(listing)} decisions"
    )

    print(f"where random play's time goes, {args.hands} hands:")
    for line in time_shares(args.hands, args.seed + 4):
        print(f"  {line}")

    cold = cold_listing(largest_hands(args.cold_hands, args.seed + 2, 20))
    worst = max(cold)
    own = max(elapsed - collecting for elapsed, collecting, _, _ in cold)
    print(
        f"legal_actions, caches cleared, the 20 largest hands of {args.cold_hands} random "
        f"hands: median {statistics.median(t for t, _, _, _ in cold) * 1e3:.2f} ms, max "
        f"{worst[0] * 1e3:.2f} ms ({worst[2]} cards, {worst[3]} actions; the garbage "
        f"collector ran {worst[1] * 1e3:.2f} ms of it); slowest without the collector's "
        f"share: {own * 1e3:.2f} ms"
    )

    collector_cost(max(100, args.hands * 2), args.seed + 3)

    for size in (11, 40):
        for cold_caches in (False, True):
            reach, out = solver_samples(size, 2000, args.seed, cold=cold_caches)
            print(
                f"solver, {size}-card hands{', cold' if cold_caches else ''}: can_reach(120) "
                f"p50 {percentile(reach, 0.5) * 1e6:6.1f} us p99 "
                f"{percentile(reach, 0.99) * 1e6:7.1f} us; can_go_out p50 "
                f"{percentile(out, 0.5) * 1e6:6.1f} us p99 {percentile(out, 0.99) * 1e6:7.1f} us"
            )

    state = new_game(seed=args.seed)
    copies = time_calls(lambda: state.evolve(turn=1), 20000)
    print(f"state copy (evolve one field): p50 {percentile(copies, 0.5) * 1e6:.2f} us")

    stall_check()

    imports = import_time(7)
    print(
        f"import canasta.engine: median {statistics.median(imports) * 1e3:.1f} ms "
        f"(min {min(imports) * 1e3:.1f} ms over {len(imports)} runs)"
    )


if __name__ == "__main__":
    main()
