"""``canasta simulate``: headless bot games, duplicated deals, and an honest table.

Game ``i`` uses deal seed ``seed + i // 2``; odd games replay the previous game's deal with
every bot moved one seat to the left, so each side (``A``, the levels first named for
North-South, and ``B``) plays both sets of cards of every deal. Results are counted per
side, whichever seats it held.

On a terminal a progress bar shows the games done, their rate and the time left; rich is
imported only to draw (the worker processes never load it).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from canasta.bots import BOTS, make_bot
from canasta.engine import NextRound, Phase, apply, legal_actions, start_game, view
from canasta.engine.record import position_of
from canasta.protocol import DEFAULT_TIMEOUT, close_bots, seat_bot, seat_kind, split_seats, tell

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

__all__ = [
    "GameResult",
    "GameTask",
    "play_game",
    "render",
    "run",
    "seat_levels",
    "summarise",
    "tasks_for",
    "wilson",
]

#: A game still unfinished after this many rounds counts as neither side's win.
MAX_ROUNDS = 60
_Z = 1.96


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: its number, deal seed, the level (or outside bot) at each seat,
    the budget, and the seconds an outside bot may take to answer."""

    index: int
    seed: int
    levels: tuple[str, str, str, str]
    swapped: bool
    budget: float
    bot_timeout: float = DEFAULT_TIMEOUT


@dataclass(slots=True)
class GameResult:
    """What one game showed, per side (``0`` = A, ``1`` = B)."""

    index: int
    seed: int
    swapped: bool
    winner: int | None = None
    scores: tuple[int, int] = (0, 0)
    #: Each round's score of side A less side B's.
    margins: list[float] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    #: Decision times in seconds, by level.
    latencies: dict[str, list[float]] = field(default_factory=dict)
    #: The most time a seat of each level spent deciding within one of its turns: wall
    #: clock, and this process's CPU time (which other processes on the machine cannot
    #: inflate).
    turn_max: dict[str, float] = field(default_factory=dict)
    turn_max_cpu: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    #: One sentence per outside bot's fault (docs/protocol.md).
    faults: list[str] = field(default_factory=list)


def seat_levels(args: argparse.Namespace) -> tuple[str, str, str, str]:
    """The level (or ``cmd:COMMAND``, an outside bot) at each seat (South, West, North,
    East) for the first game of a deal.

    Raises:
        ValueError: naming an unknown level or a malformed list.
    """
    if args.seats:
        levels = split_seats(args.seats)
        if len(levels) != 4:
            raise ValueError(f"--seats needs four levels S,W,N,E; got {args.seats!r}.")
    else:
        teams = split_seats(args.teams)
        if len(teams) != 2:
            raise ValueError(f"--teams needs two levels A,B; got {args.teams!r}.")
        levels = [teams[0], teams[1], teams[0], teams[1]]
    levels = [seat_kind(level, BOTS) for level in levels]
    return (levels[0], levels[1], levels[2], levels[3])


def tasks_for(
    levels: tuple[str, str, str, str],
    *,
    games: int,
    seed: int,
    budget: float,
    bot_timeout: float = DEFAULT_TIMEOUT,
) -> list[GameTask]:
    """The games of a duplicate match: each deal twice, the second time seats rotated."""
    out = []
    for index in range(games):
        swapped = index % 2 == 1
        seated = (levels[3], levels[0], levels[1], levels[2]) if swapped else levels
        out.append(GameTask(index, seed + index // 2, seated, swapped, budget, bot_timeout))
    return out


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end (or :data:`MAX_ROUNDS`) and measure it.

    Outside bots hear every event their seat may see, and are ended with the game.
    """
    result = GameResult(task.index, task.seed, task.swapped)
    bots = [
        seat_bot(
            level,
            seat=seat,
            timeout=task.bot_timeout,
            local=lambda name: make_bot(name, budget=task.budget),
        )
        for seat, level in enumerate(task.levels)
    ]
    rngs = [random.Random(f"{task.seed}:{task.swapped}:{seat}") for seat in range(4)]
    side_of_team = (1, 0) if task.swapped else (0, 1)
    latencies: dict[str, list[float]] = {level: [] for level in set(task.levels)}
    turn_max = dict.fromkeys(latencies, 0.0)
    turn_max_cpu = dict.fromkeys(latencies, 0.0)
    state, dealt = start_game(seed=task.seed)
    tell(bots, dealt)
    turns = 0
    turn_time = turn_cpu = 0.0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            mine, theirs = state.history[-1][0].total, state.history[-1][1].total
            result.margins.append(float(mine - theirs if not task.swapped else theirs - mine))
            result.turns.append(turns)
            turns = 0
            if len(state.history) >= MAX_ROUNDS:
                break
            step = apply(state, NextRound())
            tell(bots, step.events)
            state = step.state
            continue
        seat = state.to_move
        assert seat is not None
        if state.phase is Phase.DRAW:
            turns += 1
            turn_time = turn_cpu = 0.0
        legal = legal_actions(state)
        if not legal:
            result.error = (
                f"Engine dead end (no legal action) in game {task.index}, deal {task.seed}: "
                + position_of(state).model_dump_json(exclude_none=True)
            )
            break
        level = task.levels[seat]
        start = time.perf_counter()
        start_cpu = time.process_time()
        action = bots[seat].decide(view(state, seat), legal, rngs[seat]).action
        spent = time.perf_counter() - start
        spent_cpu = time.process_time() - start_cpu
        latencies[level].append(spent)
        if seat == state.turn:
            turn_time += spent
            turn_cpu += spent_cpu
            turn_max[level] = max(turn_max[level], turn_time)
            turn_max_cpu[level] = max(turn_max_cpu[level], turn_cpu)
        if action not in legal:
            result.error = f"{level} bot at seat {seat} chose an illegal action: {action}"
            break
        step = apply(state, action)
        tell(bots, step.events)
        state = step.state
    result.faults = [f"Game {task.index}: {fault}" for fault in close_bots(bots)]
    if state.phase is Phase.GAME_OVER and state.winner is not None:
        result.winner = side_of_team[state.winner]
    scores = state.scores
    result.scores = (scores[0], scores[1]) if not task.swapped else (scores[1], scores[0])
    result.latencies = latencies
    result.turn_max = turn_max
    result.turn_max_cpu = turn_max_cpu
    return result


def wilson(successes: int, trials: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def summarise(
    results: Sequence[GameResult],
    *,
    levels: tuple[str, str, str, str],
    seconds: float,
    jobs: int,
    budget: float,
    seed: int,
) -> dict[str, Any]:
    """The match's figures, as printed and as written to JSON: wins with Wilson intervals,
    margins, lengths, latencies, speed."""
    finished = [r for r in results if r.winner is not None]
    wins = [sum(1 for r in finished if r.winner == side) for side in (0, 1)]
    margins = [m for r in results for m in r.margins]
    turns = [t for r in results for t in r.turns]
    mean_margin = statistics.fmean(margins) if margins else 0.0
    spread = statistics.stdev(margins) if len(margins) > 1 else 0.0
    half = _Z * spread / math.sqrt(len(margins)) if margins else 0.0
    latency: dict[str, dict[str, float]] = {}
    for level in sorted({lv for r in results for lv in r.latencies}):
        times = [t for r in results for t in r.latencies.get(level, [])]
        latency[level] = {
            "decisions": len(times),
            "p50_ms": 1000 * _percentile(times, 0.5),
            "p99_ms": 1000 * _percentile(times, 0.99),
            "max_ms": 1000 * max(times, default=0.0),
            "turn_max_ms": 1000 * max((r.turn_max.get(level, 0.0) for r in results), default=0),
            "turn_max_cpu_ms": 1000
            * max((r.turn_max_cpu.get(level, 0.0) for r in results), default=0),
        }
    sides = {}
    for side, name in enumerate("AB"):
        low, high = wilson(wins[side], len(finished))
        sides[name] = {
            "levels": _side_levels(levels, side),
            "wins": wins[side],
            "win_rate": wins[side] / len(finished) if finished else 0.0,
            "wilson95": [low, high],
        }
    data: dict[str, Any] = {
        "games": len(results),
        "deals": len({r.seed for r in results}),
        "seed": seed,
        "budget": budget,
        "jobs": jobs,
        "seats": dict(zip(("South", "West", "North", "East"), levels, strict=True)),
        "sides": sides,
        "unfinished": len(results) - len(finished) - sum(1 for r in results if r.error),
        "errors": [r.error for r in results if r.error],
        "faults": [fault for r in results for fault in r.faults],
        "margin_per_round": {
            "mean": mean_margin,
            "ci95": [mean_margin - half, mean_margin + half],
            "rounds": len(margins),
        },
        "rounds_per_game": statistics.fmean(len(r.margins) for r in results) if results else 0.0,
        "turns_per_round": statistics.fmean(turns) if turns else 0.0,
        "latency": latency,
        "seconds": seconds,
        "games_per_second": len(results) / seconds if seconds > 0 else 0.0,
        "games_per_second_per_core": len(results) / seconds / jobs if seconds > 0 else 0.0,
    }
    return data


def _side_levels(levels: tuple[str, str, str, str], side: int) -> str:
    """Side A is the levels first seated North-South; B the East-West ones."""
    first, second = levels[side], levels[side + 2]
    return first if first == second else f"{first}+{second}"


def render(data: dict[str, Any]) -> Table:
    """The results table of :func:`summarise`'s figures."""
    from rich.table import Table

    table = Table(title=f"{data['games']} games ({data['deals']} deals, seats swapped)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for name, side in data["sides"].items():
        low, high = side["wilson95"]
        table.add_row(
            f"side {name} ({side['levels']}) wins",
            f"{side['wins']} = {100 * side['win_rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]",
        )
    if data["unfinished"]:
        table.add_row("unfinished games", str(data["unfinished"]))
    if data["errors"]:
        table.add_row("games stopped by an error", str(len(data["errors"])))
    if data["faults"]:
        table.add_row("outside-bot faults (fallback played)", str(len(data["faults"])))
    margin = data["margin_per_round"]
    low, high = margin["ci95"]
    table.add_row("margin A-B per round", f"{margin['mean']:+.0f} [{low:+.0f}, {high:+.0f}]")
    table.add_row("rounds per game", f"{data['rounds_per_game']:.2f}")
    table.add_row("turns per round", f"{data['turns_per_round']:.1f}")
    for level, figures in data["latency"].items():
        table.add_row(
            f"{level} decision p50 / p99 / max",
            f"{figures['p50_ms']:.2f} / {figures['p99_ms']:.2f} / {figures['max_ms']:.2f} ms",
        )
        table.add_row(
            f"{level} most time in one turn (wall / CPU)",
            f"{figures['turn_max_ms']:.1f} / {figures['turn_max_cpu_ms']:.1f} ms",
        )
    table.add_row(
        "games per second",
        f"{data['games_per_second']:.2f} ({data['games_per_second_per_core']:.2f} per core)",
    )
    return table


def _results(tasks: list[GameTask], jobs: int) -> Iterator[GameResult]:
    if jobs <= 1:
        yield from map(play_game, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(play_game, tasks)


def _play(tasks: list[GameTask], jobs: int, *, bar_on: Console | None) -> list[GameResult]:
    """Play every task; on ``bar_on`` (if given) a bar shows the games done, their rate
    and the time left at that rate."""
    if bar_on is None:
        return list(_results(tasks, jobs))
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    progress = Progress(
        TextColumn("Playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[pace]}"),
        console=bar_on,
        transient=True,
    )
    results: list[GameResult] = []
    start = time.perf_counter()
    with progress:
        bar = progress.add_task("Playing", total=len(tasks), pace="")
        for result in _results(tasks, jobs):
            results.append(result)
            rate = len(results) / (time.perf_counter() - start)
            left = datetime.timedelta(seconds=round((len(tasks) - len(results)) / rate))
            progress.update(bar, advance=1, pace=f"{rate:.2f} games/s, {left} left")
    return results


def run(args: argparse.Namespace, *, console: Console | None = None) -> int:
    """Run ``canasta simulate``; return the exit status (2 for bad options).

    The results table goes to ``console`` (standard output by default), after a progress
    bar while the games are played if ``console`` is a terminal. ``--json -`` makes the
    JSON the whole output: no table and no bar.
    """
    from rich.console import Console

    console = console or Console()
    complaints = Console(stderr=True)
    try:
        levels = seat_levels(args)
    except ValueError as error:
        complaints.print(f"canasta simulate: {error}", markup=False, highlight=False)
        return 2
    if args.games < 1 or args.jobs < 1 or args.budget <= 0 or args.bot_timeout <= 0:
        complaints.print(
            "canasta simulate: --games, --jobs, --budget and --bot-timeout must be positive."
        )
        return 2
    json_out = args.json == "-"
    tasks = tasks_for(
        levels,
        games=args.games,
        seed=args.seed,
        budget=args.budget,
        bot_timeout=args.bot_timeout,
    )
    start = time.perf_counter()
    bar_on = console if console.is_terminal and not json_out else None
    results = _play(tasks, args.jobs, bar_on=bar_on)
    seconds = time.perf_counter() - start
    results.sort(key=lambda r: r.index)
    data = summarise(
        results, levels=levels, seconds=seconds, jobs=args.jobs, budget=args.budget, seed=args.seed
    )
    if json_out:
        console.file.write(json.dumps(data, indent=2) + "\n")
    else:
        console.print(render(data))
    for problem in data["errors"]:
        complaints.print(f"[bold]error:[/bold] {problem[:300]}", markup=True, highlight=False)
    for fault in data["faults"]:
        complaints.print(f"fault: {fault}", markup=False, highlight=False, soft_wrap=True)
    if args.json and not json_out:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2)
            handle.write("\n")
    return 1 if data["errors"] else 0
