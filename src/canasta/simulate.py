"""``canasta simulate``: headless bot games, duplicated deals, and an honest table.

The rule system and table come from ``--rules``/``--players`` (classic, four players by
default). With ``T`` teams (two partnerships, or each player alone), game ``i`` uses deal
seed ``seed + i // T`` and moves every bot ``i % T`` seats to the left, so each side (``A``,
the levels first seated as the first team, ``B`` the second's, ...) plays every team's cards
of every deal. Results are counted per side, whichever seats it held.

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
from canasta.engine import (
    NextRound,
    Phase,
    RuleSet,
    apply,
    classic,
    legal_actions,
    start_game,
    view,
)
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
    """One game to play: its number, deal seed, the level (or outside bot) at each seat, how
    many seats the bots moved left (``rotation``), the budget, the rules, and the seconds an
    outside bot may take to answer."""

    index: int
    seed: int
    levels: tuple[str, ...]
    rotation: int
    budget: float
    rules: RuleSet = classic
    bot_timeout: float = DEFAULT_TIMEOUT


@dataclass(slots=True)
class GameResult:
    """What one game showed, per side (``0`` = A, ``1`` = B)."""

    index: int
    seed: int
    rotation: int
    winner: int | None = None
    #: Each side's game total.
    scores: tuple[int, ...] = ()
    #: Each round's score of side A less the best other side's.
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


def seat_levels(args: argparse.Namespace, rules: RuleSet = classic) -> tuple[str, ...]:
    """The level (or ``cmd:COMMAND``, an outside bot) at each seat, in turn order, for the
    first game of a deal: ``--seats`` names one per seat, ``--teams`` one per team (each
    player alone is a team); by default the first team is ``normal`` and the others
    ``random``.

    Raises:
        ValueError: naming an unknown level or a list of the wrong length.
    """
    seats = ", ".join(rules.seat_names)
    if args.seats:
        levels = split_seats(args.seats)
        if len(levels) != rules.players:
            raise ValueError(
                f"--seats needs {rules.players} levels, one per seat ({seats}); got {args.seats!r}."
            )
    elif args.teams is None:
        levels = ["random" if rules.team_of(seat) else "normal" for seat in range(rules.players)]
    else:
        teams = split_seats(args.teams)
        if len(teams) != rules.teams:
            raise ValueError(
                f"--teams needs {rules.teams} levels, one per team "
                f"({', '.join(rules.team_names)}); got {args.teams!r}."
            )
        levels = [teams[rules.team_of(seat)] for seat in range(rules.players)]
    return tuple(seat_kind(level, BOTS) for level in levels)


def tasks_for(
    levels: tuple[str, ...],
    *,
    games: int,
    seed: int,
    budget: float,
    rules: RuleSet = classic,
    bot_timeout: float = DEFAULT_TIMEOUT,
) -> list[GameTask]:
    """The games of a duplicate match: each deal once per team, the bots moved one more
    seat to the left each time (which gives every side every team's cards, the teams'
    seats taking turns around the table)."""
    out = []
    rounds = rules.teams
    for index in range(games):
        rotation = index % rounds
        seated = tuple(levels[(seat - rotation) % len(levels)] for seat in range(len(levels)))
        out.append(
            GameTask(index, seed + index // rounds, seated, rotation, budget, rules, bot_timeout)
        )
    return out


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end (or :data:`MAX_ROUNDS`) and measure it.

    Outside bots hear every event their seat may see, and are ended with the game.
    """
    result = GameResult(task.index, task.seed, task.rotation)
    rules = task.rules
    bots = [
        seat_bot(
            level,
            seat=seat,
            timeout=task.bot_timeout,
            local=lambda name: make_bot(name, budget=task.budget),
        )
        for seat, level in enumerate(task.levels)
    ]
    rngs = [random.Random(f"{task.seed}:{task.rotation}:{seat}") for seat in range(rules.players)]
    # The side whose levels sit at each team's seats this game.
    side_of_team = [
        rules.team_of((team[0] - task.rotation) % rules.players) for team in rules.partnerships
    ]
    latencies: dict[str, list[float]] = {level: [] for level in set(task.levels)}
    turn_max = dict.fromkeys(latencies, 0.0)
    turn_max_cpu = dict.fromkeys(latencies, 0.0)
    state, dealt = start_game(rules, seed=task.seed)
    tell(bots, dealt)
    turns = 0
    turn_time = turn_cpu = 0.0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            by_side = _by_side([score.total for score in state.history[-1]], side_of_team)
            result.margins.append(float(by_side[0] - max(by_side[1:])))
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
    result.scores = _by_side(state.scores, side_of_team)
    result.latencies = latencies
    result.turn_max = turn_max
    result.turn_max_cpu = turn_max_cpu
    return result


def _by_side(values: Sequence[int], side_of_team: Sequence[int]) -> tuple[int, ...]:
    """Per-team ``values`` in side order."""
    out = [0] * len(values)
    for team, side in enumerate(side_of_team):
        out[side] = values[team]
    return tuple(out)


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
    levels: tuple[str, ...],
    seconds: float,
    jobs: int,
    budget: float,
    seed: int,
    rules: RuleSet = classic,
) -> dict[str, Any]:
    """The match's figures, as printed and as written to JSON: wins with Wilson intervals,
    margins, lengths, latencies, speed."""
    finished = [r for r in results if r.winner is not None]
    sides_count = rules.teams
    wins = [sum(1 for r in finished if r.winner == side) for side in range(sides_count)]
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
    for side in range(sides_count):
        low, high = wilson(wins[side], len(finished))
        sides[_SIDE_NAMES[side]] = {
            "levels": _side_levels(levels, side, rules),
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
        "rules": rules.name,
        "players": rules.players,
        "seats": dict(zip(rules.seat_names, levels, strict=True)),
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


#: Sides are named by letter, in team order.
_SIDE_NAMES = "ABCDEF"


def _side_levels(levels: tuple[str, ...], side: int, rules: RuleSet) -> str:
    """Side A is the levels first seated as the first team; B the second team's, ..."""
    seated = list(dict.fromkeys(levels[seat] for seat in rules.partnerships[side]))
    return "+".join(seated)


def render(data: dict[str, Any]) -> Table:
    """The results table of :func:`summarise`'s figures."""
    from rich.table import Table

    table = Table(title=f"{data['games']} games ({data['deals']} deals, seats rotated)")
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
    against = "B" if len(data["sides"]) == 2 else "best other"
    table.add_row(
        f"margin A-{against} per round", f"{margin['mean']:+.0f} [{low:+.0f}, {high:+.0f}]"
    )
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
    rules = args.rules or classic
    try:
        levels = seat_levels(args, rules)
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
        rules=rules,
        bot_timeout=args.bot_timeout,
    )
    start = time.perf_counter()
    bar_on = console if console.is_terminal and not json_out else None
    results = _play(tasks, args.jobs, bar_on=bar_on)
    seconds = time.perf_counter() - start
    results.sort(key=lambda r: r.index)
    data = summarise(
        results,
        levels=levels,
        seconds=seconds,
        jobs=args.jobs,
        budget=args.budget,
        seed=args.seed,
        rules=rules,
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
