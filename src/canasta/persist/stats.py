"""Statistics across finished games, from the home team's side.

The home team is the team of the first human seat (South's when bots play alone). A
finished game is summarised by replaying its record: the engine's events say when a
canasta was completed and who went out, and the final state holds the round scores. Games
are also counted per rule system and player count (``classic, 4 players``): a statistics
file written before there were other systems counted classic four-player games only.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final, Literal

from pydantic import AwareDatetime, Field, NonNegativeInt, model_validator

from canasta.engine import CanastaError, Phase, RuleSet, classic
from canasta.engine.events import CanastaCompleted, WentOut
from canasta.engine.record import GameRecord, replay_steps
from canasta.persist.files import (
    LoadError,
    WriteError,
    read_document,
    validate_document,
    write_text_atomic,
)
from canasta.persist.models import FileModel, Loaded
from canasta.persist.paths import Paths
from canasta.persist.saves import SessionInfo

__all__ = [
    "RECENT_GAMES",
    "STATS_VERSION",
    "GameResult",
    "Stats",
    "Tally",
    "difficulty_of",
    "load_stats",
    "summarize",
    "table_mix_of",
    "update_stats",
]

STATS_VERSION: Final = 1
#: How many games the statistics keep one by one (for charts and to count a game once).
RECENT_GAMES = 100
WHAT = "statistics file"


class GameResult(FileModel):
    """One finished game, seen from the home team."""

    started_at: AwareDatetime
    finished_at: AwareDatetime
    seed: int
    difficulty: str
    table: str
    #: The rule system and player count, as :attr:`RuleSet.label` says it.
    system: str = classic.label
    home_team: NonNegativeInt
    winner: NonNegativeInt
    #: Final totals, by team (North-South first with four players).
    scores: tuple[int, ...] = Field(min_length=2)
    rounds: int = Field(ge=1)
    #: Canastas the home team completed.
    canastas: NonNegativeInt
    #: Rounds the home team ended by going out.
    went_out: NonNegativeInt
    #: The home team's best round score.
    best_round: int

    @model_validator(mode="after")
    def _teams_that_played(self) -> GameResult:
        if max(self.home_team, self.winner) >= len(self.scores):
            raise ValueError("home_team and winner must be teams of the scores")
        return self

    @property
    def won(self) -> bool:
        """Whether the home team won."""
        return self.winner == self.home_team

    @property
    def best_other(self) -> int:
        """The best final total of the other teams."""
        return max(score for team, score in enumerate(self.scores) if team != self.home_team)

    @property
    def margin(self) -> int:
        """The home team's final total less the best of the other teams'."""
        return self.scores[self.home_team] - self.best_other


class Tally(FileModel):
    """Games played and won."""

    played: NonNegativeInt = 0
    won: NonNegativeInt = 0

    @model_validator(mode="after")
    def _won_at_most_played(self) -> Tally:
        if self.won > self.played:
            raise ValueError("more games won than played")
        return self

    def plus(self, won: bool) -> Tally:
        """This tally with one more game."""
        return Tally(played=self.played + 1, won=self.won + int(won))


class Stats(FileModel):
    """Totals over every finished game, and the most recent games one by one."""

    format: Literal["canasta-stats"] = "canasta-stats"
    schema_version: Literal[1] = STATS_VERSION
    games: Tally = Tally()
    by_difficulty: dict[str, Tally] = Field(default_factory=dict)
    by_table: dict[str, Tally] = Field(default_factory=dict)
    #: By rule system and player count (:attr:`GameResult.system`).
    by_system: dict[str, Tally] = Field(default_factory=dict)
    #: Sum of the home team's margins (for the average).
    margin_total: int = 0
    rounds: NonNegativeInt = 0
    canastas: NonNegativeInt = 0
    went_out: NonNegativeInt = 0
    best_round: int | None = None
    #: The last :data:`RECENT_GAMES` games, oldest first.
    recent: list[GameResult] = Field(default_factory=list, max_length=RECENT_GAMES)

    @model_validator(mode="before")
    @classmethod
    def _old_files_counted_classic(cls, data: Any) -> Any:
        """A file from before ``by_system`` counted classic four-player games only."""
        if isinstance(data, dict) and "by_system" not in data and "games" in data:
            return {**data, "by_system": {classic.label: data["games"]}}
        return data

    @property
    def average_margin(self) -> float | None:
        """The home team's average final margin, or ``None`` before the first game."""
        return self.margin_total / self.games.played if self.games.played else None

    def counts(self, result: GameResult) -> bool:
        """Whether ``result`` is already counted (the same game finished twice)."""
        return any(
            game.started_at == result.started_at and game.seed == result.seed
            for game in self.recent
        )

    def plus(self, result: GameResult) -> Stats:
        """These statistics with ``result`` added (unchanged when it is already counted)."""
        if self.counts(result):
            return self
        by_difficulty = dict(self.by_difficulty)
        by_difficulty[result.difficulty] = by_difficulty.get(result.difficulty, Tally()).plus(
            result.won
        )
        by_table = dict(self.by_table)
        by_table[result.table] = by_table.get(result.table, Tally()).plus(result.won)
        by_system = dict(self.by_system)
        by_system[result.system] = by_system.get(result.system, Tally()).plus(result.won)
        best = (
            result.best_round
            if self.best_round is None
            else max(self.best_round, result.best_round)
        )
        return self.model_copy(
            update={
                "games": self.games.plus(result.won),
                "by_difficulty": by_difficulty,
                "by_table": by_table,
                "by_system": by_system,
                "margin_total": self.margin_total + result.margin,
                "rounds": self.rounds + result.rounds,
                "canastas": self.canastas + result.canastas,
                "went_out": self.went_out + result.went_out,
                "best_round": best,
                "recent": [*self.recent, result][-RECENT_GAMES:],
            }
        )


def difficulty_of(session: SessionInfo) -> str:
    """The bots' level (``normal``), several joined (``easy/hard``), or ``no bots``."""
    levels = sorted({seat.level for seat in session.seats if seat.level is not None})
    return "/".join(levels) if levels else "no bots"


def table_mix_of(session: SessionInfo, rules: RuleSet = classic) -> str:
    """Who sat at ``rules``'s table: ``1 human + 3 bots``, ``2 humans as partners + 2
    bots``, ``2 humans as opponents + 1 bot``, ..."""
    humans = [seat for seat, info in enumerate(session.seats) if info.kind == "human"]
    bots = len(session.seats) - len(humans)
    if not humans:
        return "bots only"
    if not bots:
        return "humans only"
    people = f"{len(humans)} human{'s' * (len(humans) > 1)}"
    if len(humans) > 1:
        teams = {rules.team_of(seat) for seat in humans}
        if len(teams) == 1:
            people += " as partners"
        elif len(teams) == len(humans):
            people += " as opponents"
    return f"{people} + {bots} bot{'s' * (bots > 1)}"


def summarize(
    record: GameRecord, session: SessionInfo, *, finished_at: datetime | None = None
) -> GameResult:
    """Replay a finished game and summarise it for the home team.

    Raises:
        CanastaError: the record does not replay, or the game is not finished.
    """
    state = record.initial_state()
    rules = state.rules
    home = session.home_team(rules)
    canastas = went_out = 0
    for _, _, step in replay_steps(record):
        for event in step.events:
            if isinstance(event, CanastaCompleted) and event.team == home:
                canastas += 1
            elif isinstance(event, WentOut) and rules.team_of(event.seat) == home:
                went_out += 1
        state = step.state
    if state.phase is not Phase.GAME_OVER or state.winner is None or not state.history:
        raise CanastaError("The game is not finished, so it cannot count in the statistics.")
    return GameResult(
        started_at=session.started_at,
        finished_at=finished_at or datetime.now().astimezone(),
        seed=record.seed,
        difficulty=difficulty_of(session),
        table=table_mix_of(session, rules),
        system=rules.label,
        home_team=home,
        winner=state.winner,
        scores=state.scores,
        rounds=len(state.history),
        canastas=canastas,
        went_out=went_out,
        best_round=max(pair[home].total for pair in state.history),
    )


def load_stats(paths: Paths) -> Stats:
    """The statistics; empty ones when there is no file yet.

    Raises:
        LoadError: one sentence; the file has been moved aside.
    """
    path = paths.stats_file
    data = read_document(path, what=WHAT, file_format="canasta-stats", version=STATS_VERSION)
    return Stats() if data is None else validate_document(Stats, data, path, what=WHAT)


def update_stats(
    paths: Paths,
    record: GameRecord,
    session: SessionInfo,
    *,
    finished_at: datetime | None = None,
) -> Loaded[Stats]:
    """Add a finished game to the statistics file and return the new statistics.

    A game already counted (same start time and seed) is not counted again. An unreadable
    statistics file is moved aside and counting starts afresh, and a file that cannot be
    written keeps its old contents: either way the sentence is among the problems.

    Raises:
        CanastaError: the record does not replay, or the game is not finished.
    """
    result = summarize(record, session, finished_at=finished_at)
    problems: tuple[str, ...] = ()
    try:
        stats = load_stats(paths)
    except LoadError as error:
        stats, problems = Stats(), (error.sentence,)
    updated = stats.plus(result)
    if updated is not stats:
        try:
            write_text_atomic(paths.stats_file, updated.model_dump_json(indent=2) + "\n", what=WHAT)
        except WriteError as error:
            problems += (error.sentence,)
    return Loaded(updated, problems)
