"""``canasta simulate``: headless bot games, duplicated deals, and an honest table.

The rule system and table come from ``--rules``/``--players`` (classic, four players by
default). With ``T`` teams (two partnerships, or each player alone), game ``i`` uses deal
seed ``seed + i // T`` and moves every bot ``i % T`` seats to the left, so each side (``A``,
the levels first seated as the first team, ``B`` the second's, ...) plays every team's cards
of every deal. Results are counted per side, whichever seats it held.

The games run in this process, in ``--jobs`` worker processes or on the Dask cluster of
``--cluster``, through one executor interface (:mod:`canasta.executors`); searching bots
play without a wall-clock bound, so the same seed gives the same table whichever runs it.

On a terminal a progress bar shows the games done, their rate and the time left; rich is
imported only to draw (the worker processes never load it).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from canasta.bots import BOTS, DEFAULT_PLAYOUTS, Effort, make_bot
from canasta.engine import (
    Action,
    NextRound,
    Phase,
    RuleSet,
    apply,
    classic,
    legal_actions,
    start_game,
    view,
)
from canasta.engine.events import StockExhausted
from canasta.engine.record import make_record, position_of
from canasta.executors import ExecutorError, Workers, open_workers, results
from canasta.persist import WriteError, write_text_atomic
from canasta.protocol import DEFAULT_TIMEOUT, close_bots, seat_bot, seat_kind, split_seats, tell
from canasta.tally import GameResult, render, summarise, wilson

if TYPE_CHECKING:
    from rich.console import Console

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


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: its number, deal seed, the level (or outside bot) at each seat, how
    many seats the bots moved left (``rotation``), the deals a searching level samples per
    decision, the rules, the seconds an outside bot may take to answer, and whether to keep
    the game's record."""

    index: int
    seed: int
    levels: tuple[str, ...]
    rotation: int
    playouts: int = DEFAULT_PLAYOUTS
    rules: RuleSet = classic
    bot_timeout: float = DEFAULT_TIMEOUT
    keep_record: bool = False


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
    playouts: int = DEFAULT_PLAYOUTS,
    rules: RuleSet = classic,
    bot_timeout: float = DEFAULT_TIMEOUT,
    keep_records: bool = False,
) -> list[GameTask]:
    """The games of a duplicate match: each deal once per team, the bots moved one more
    seat to the left each time (which gives every side every team's cards, the teams'
    seats taking turns around the table); ``keep_records``: each game keeps its record."""
    out = []
    rounds = rules.teams
    for index in range(games):
        rotation = index % rounds
        seated = tuple(levels[(seat - rotation) % len(levels)] for seat in range(len(levels)))
        out.append(
            GameTask(
                index,
                seed + index // rounds,
                seated,
                rotation,
                playouts,
                rules,
                bot_timeout,
                keep_records,
            )
        )
    return out


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end (or :data:`MAX_ROUNDS`) and measure it.

    Outside bots hear every event their seat may see, and are ended with the game.
    Searching bots play without a wall-clock bound, so the game depends on the task alone:
    the same on any machine, in any worker.
    """
    result = GameResult(task.index, task.seed, task.rotation)
    rules = task.rules
    effort = Effort(playouts=task.playouts, cap=None)
    bots = [
        seat_bot(
            level,
            seat=seat,
            timeout=task.bot_timeout,
            local=lambda name: make_bot(name, effort=effort),
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
    turn_cpus: dict[str, list[float]] = {level: [] for level in latencies}
    state, dealt = start_game(rules, seed=task.seed)
    initial = state
    played: list[Action] = []
    tell(bots, dealt)
    turns = 0
    turn_time = turn_cpu = 0.0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            if len(state.history) >= MAX_ROUNDS:
                break
            deal = NextRound()
            step = apply(state, deal)
            played.append(deal)
            tell(bots, step.events)
            state = step.state
            continue
        seat = state.to_move
        assert seat is not None
        if state.phase is Phase.DRAW:
            turns += 1
            turn_time = turn_cpu = 0.0
            turn_cpus[task.levels[seat]].append(0.0)
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
            turn_cpus[level][-1] = turn_cpu
        if action not in legal:
            result.error = f"{level} bot at seat {seat} chose an illegal action: {action}"
            break
        step = apply(state, action)
        played.append(action)
        tell(bots, step.events)
        state = step.state
        if state.phase is Phase.ROUND_OVER or state.phase is Phase.GAME_OVER:
            # Every round, the game's last among them (it ends in GAME_OVER).
            result.rounds += 1
            result.stock_ends += any(isinstance(event, StockExhausted) for event in step.events)
            by_side = _by_side([score.total for score in state.history[-1]], side_of_team)
            result.margins.append(float(by_side[0] - max(by_side[1:])))
            result.turns.append(turns)
            turns = 0
    result.faults = [f"Game {task.index}: {fault}" for fault in close_bots(bots)]
    if state.phase is Phase.GAME_OVER and state.winner is not None:
        result.winner = side_of_team[state.winner]
    result.scores = _by_side(state.scores, side_of_team)
    result.latencies = latencies
    result.turn_max = turn_max
    result.turn_max_cpu = turn_max_cpu
    result.turn_cpu = turn_cpus
    if task.keep_record:
        result.record = make_record(initial, played).to_json()
    return result


def _by_side(values: Sequence[int], side_of_team: Sequence[int]) -> tuple[int, ...]:
    """Per-team ``values`` in side order."""
    out = [0] * len(values)
    for team, side in enumerate(side_of_team):
        out[side] = values[team]
    return tuple(out)


def _play(tasks: list[GameTask], workers: Workers, *, bar_on: Console | None) -> list[GameResult]:
    """Play every task on ``workers``; on ``bar_on`` (if given) a bar shows the games done,
    their rate and the time left at that rate."""
    if bar_on is None:
        return list(results(workers, play_game, tasks))
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    progress = Progress(
        TextColumn("Playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[pace]}"),
        console=bar_on,
        transient=True,
    )
    done: list[GameResult] = []
    start = time.perf_counter()
    with progress:
        bar = progress.add_task("Playing", total=len(tasks), pace="")
        for result in results(workers, play_game, tasks):
            done.append(result)
            rate = len(done) / (time.perf_counter() - start)
            left = datetime.timedelta(seconds=round((len(tasks) - len(done)) / rate))
            progress.update(bar, advance=1, pace=f"{rate:.2f} games/s, {left} left")
    return done


def run(args: argparse.Namespace, *, console: Console | None = None) -> int:
    """Run ``canasta simulate``; return the exit status (2 for bad options).

    The games run in this process, in ``--jobs`` worker processes, or on the Dask cluster
    of ``--cluster`` (one executor interface: :mod:`canasta.executors`). The results table
    goes to ``console`` (standard output by default), after a progress bar while the games
    are played if ``console`` is a terminal. ``--json -`` makes the JSON the whole output:
    no table and no bar.
    """
    from rich.console import Console

    console = console or Console()
    complaints = Console(stderr=True)
    rules = args.rules or classic
    try:
        levels = seat_levels(args, rules)
    except ValueError as error:
        complaints.print(
            f"canasta simulate: {error}", markup=False, highlight=False, soft_wrap=True
        )
        return 2
    if args.games < 1 or args.jobs < 1 or args.playouts < 1:
        complaints.print(
            "canasta simulate: --games, --jobs and --playouts must be positive.",
            soft_wrap=True,
        )
        return 2
    json_out = args.json == "-"
    records = None if args.records is None else Path(args.records)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            complaints.print(
                f"canasta simulate: the folder {records} for the records cannot be made "
                f"({error.strerror or error}): choose another with --records.",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
            return 2
    tasks = tasks_for(
        levels,
        games=args.games,
        seed=args.seed,
        playouts=args.playouts,
        rules=rules,
        bot_timeout=args.bot_timeout,
        keep_records=records is not None,
    )
    bar_on = console if console.is_terminal and not json_out else None
    try:
        with open_workers(jobs=args.jobs, cluster=args.cluster) as workers:
            start = time.perf_counter()
            played = _play(tasks, workers, bar_on=bar_on)
            seconds = time.perf_counter() - start
    except ExecutorError as error:
        complaints.print(
            f"canasta simulate: {error}", markup=False, highlight=False, soft_wrap=True
        )
        return 2
    played.sort(key=lambda r: r.index)
    data = summarise(
        played,
        levels=levels,
        seconds=seconds,
        jobs=workers.slots,
        playouts=args.playouts,
        seed=args.seed,
        rules=rules,
        where=workers.where,
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
    if records is not None:
        try:
            first = _write_records(tasks, played, records)
        except WriteError as error:
            complaints.print(
                f"canasta simulate: {error.sentence}", markup=False, highlight=False, soft_wrap=True
            )
            return 2
        if not json_out:
            console.print(
                f"Each game's record is in {records}: canasta replay {first} replays the first, "
                "every hand open.",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
    return 1 if data["errors"] else 0


def _record_name(task: GameTask, games: int) -> str:
    """The file name of a game's record: its number (from 1, as wide as the last one's),
    its deal's seed and the level at each seat in turn order (``cmd`` for an outside bot)."""
    seated = "-".join(level.partition(":")[0] for level in task.levels)
    return f"game-{task.index + 1:0{len(str(games))}d}-seed-{task.seed}-{seated}.json"


def _write_records(tasks: Sequence[GameTask], played: Sequence[GameResult], folder: Path) -> Path:
    """Write each game's record into ``folder``; return the first one's path.

    Raises:
        WriteError: a record could not be written.
    """
    paths = []
    for task, result in zip(tasks, played, strict=True):
        assert result.record is not None  # every task was asked to keep its record
        path = folder / _record_name(task, len(tasks))
        write_text_atomic(path, result.record, what="game record")
        paths.append(path)
    return paths[0]
