"""The figures of a ``canasta simulate`` match: win rates with Wilson intervals, the
duplicate deals' outcomes, margins, decision and turn times, speed; and their table."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from canasta.engine import RuleSet, classic

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["GameResult", "render", "summarise", "wilson"]

_Z = 1.96


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
    #: Rounds played (the last one included), and those of them that ended on an exhausted
    #: stock rather than by a player going out.
    rounds: int = 0
    stock_ends: int = 0
    #: Decision times in seconds, by level.
    latencies: dict[str, list[float]] = field(default_factory=dict)
    #: The most time a seat of each level spent deciding within one of its turns: wall
    #: clock, and this process's CPU time (which other processes on the machine cannot
    #: inflate).
    turn_max: dict[str, float] = field(default_factory=dict)
    turn_max_cpu: dict[str, float] = field(default_factory=dict)
    #: The CPU time each turn took, by the level of the seat whose turn it was.
    turn_cpu: dict[str, list[float]] = field(default_factory=dict)
    error: str | None = None
    #: One sentence per outside bot's fault (docs/protocol.md).
    faults: list[str] = field(default_factory=list)
    #: The game's record as JSON (docs/notation.md), when the task asked to keep it.
    record: str | None = None


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
    playouts: int,
    seed: int,
    rules: RuleSet = classic,
    where: str = "this process",
) -> dict[str, Any]:
    """The match's figures, as printed and as written to JSON: wins with Wilson intervals,
    the duplicate deals' outcomes, margins, lengths, decision and turn times, speed
    (``jobs``: how many games ran at once, ``where``: on what)."""
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
        turn_cpu = [t for r in results for t in r.turn_cpu.get(level, [])]
        latency[level] = {
            "decisions": len(times),
            "p50_ms": 1000 * _percentile(times, 0.5),
            "p99_ms": 1000 * _percentile(times, 0.99),
            "max_ms": 1000 * max(times, default=0.0),
            "turn_p50_cpu_ms": 1000 * _percentile(turn_cpu, 0.5),
            "turn_p99_cpu_ms": 1000 * _percentile(turn_cpu, 0.99),
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
        "playouts": playouts,
        "jobs": jobs,
        "where": where,
        "rules": rules.name,
        "players": rules.players,
        "seats": dict(zip(rules.seat_names, levels, strict=True)),
        "sides": sides,
        "unfinished": len(results) - len(finished) - sum(1 for r in results if r.error),
        "errors": [r.error for r in results if r.error],
        "faults": [fault for r in results for fault in r.faults],
        "duplicate": _duplicate(results),
        "margin_per_round": {
            "mean": mean_margin,
            "ci95": [mean_margin - half, mean_margin + half],
            "rounds": len(margins),
        },
        "rounds_per_game": statistics.fmean(len(r.margins) for r in results) if results else 0.0,
        "turns_per_round": statistics.fmean(turns) if turns else 0.0,
        "rounds": sum(r.rounds for r in results),
        "stock_ends": sum(r.stock_ends for r in results),
        "latency": latency,
        "seconds": seconds,
        "games_per_second": len(results) / seconds if seconds > 0 else 0.0,
        "games_per_second_per_core": len(results) / seconds / jobs if seconds > 0 else 0.0,
    }
    return data


def _duplicate(results: Sequence[GameResult]) -> dict[str, Any]:
    """Per deal (all of its games, one per seating), how often side A won every game, some
    of them, or none, and A's final score less the best other side's averaged over the
    deal's games, with a 95% interval: the luck of the cards cancels out within a deal."""
    deals: dict[int, list[GameResult]] = {}
    for result in results:
        deals.setdefault(result.seed, []).append(result)
    size = max((len(games) for games in deals.values()), default=0)
    whole = [games for games in deals.values() if len(games) == size and size > 1]
    a_wins = [sum(1 for r in games if r.winner == 0) for games in whole]
    margins = [
        statistics.fmean(r.scores[0] - max(r.scores[1:]) for r in games)
        for games in whole
        if all(len(r.scores) > 1 for r in games)
    ]
    mean = statistics.fmean(margins) if margins else 0.0
    half = _Z * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    return {
        "deals": len(whole),
        "A_won_all": a_wins.count(size),
        "split": sum(1 for wins in a_wins if 0 < wins < size),
        "A_won_none": a_wins.count(0),
        "score_margin_per_deal": {"mean": mean, "ci95": [mean - half, mean + half]},
    }


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
    duplicate = data["duplicate"]
    if duplicate["deals"]:
        low, high = duplicate["score_margin_per_deal"]["ci95"]
        table.add_row(
            "deals A won every game / split / none",
            f"{duplicate['A_won_all']} / {duplicate['split']} / {duplicate['A_won_none']}",
        )
        table.add_row(
            "game score A less the best other per deal",
            f"{duplicate['score_margin_per_deal']['mean']:+.0f} [{low:+.0f}, {high:+.0f}]",
        )
    margin = data["margin_per_round"]
    low, high = margin["ci95"]
    against = "B" if len(data["sides"]) == 2 else "best other"
    table.add_row(
        f"margin A-{against} per round", f"{margin['mean']:+.0f} [{low:+.0f}, {high:+.0f}]"
    )
    table.add_row("rounds per game", f"{data['rounds_per_game']:.2f}")
    table.add_row("turns per round", f"{data['turns_per_round']:.1f}")
    share = data["stock_ends"] / max(1, data["rounds"])
    table.add_row(
        "rounds ended on an empty stock",
        f"{data['stock_ends']} of {data['rounds']} = {100 * share:.1f}%",
    )
    for level, figures in data["latency"].items():
        table.add_row(
            f"{level} decision p50 / p99 / max",
            f"{figures['p50_ms']:.2f} / {figures['p99_ms']:.2f} / {figures['max_ms']:.2f} ms",
        )
        table.add_row(
            f"{level} turn CPU p50 / p99",
            f"{figures['turn_p50_cpu_ms']:.1f} / {figures['turn_p99_cpu_ms']:.1f} ms",
        )
        table.add_row(
            f"{level} most time in one turn (wall / CPU)",
            f"{figures['turn_max_ms']:.1f} / {figures['turn_max_cpu_ms']:.1f} ms",
        )
    table.add_row(
        "games per second",
        f"{data['games_per_second']:.2f} ({data['games_per_second_per_core']:.2f} per worker)"
        f" on {data['where']}",
    )
    return table
