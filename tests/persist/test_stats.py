"""Statistics: a finished game counted once, from the home team's side."""

from __future__ import annotations

from datetime import timedelta

import pytest

from canasta.engine import CanastaError, classic
from canasta.persist import GameResult, Paths, SeatInfo, SessionInfo, Stats, load_stats
from canasta.persist.stats import RECENT_GAMES, difficulty_of, summarize, table_mix_of, update_stats

from .helpers import STARTED, Played, assert_one_sentence, play, session


def test_a_finished_game_is_counted(paths: Paths, finished: Played) -> None:
    final = finished.final
    home = [pair[0] for pair in final.history]  # South is human: North-South is home

    update = update_stats(paths, finished.record(), session())

    stats = update.value
    won = final.winner == 0
    assert update.problems == ()
    assert stats == load_stats(paths)
    assert (stats.games.played, stats.games.won) == (1, int(won))
    assert stats.by_difficulty == {"normal": stats.games}
    assert stats.by_table == {"1 human + 3 bots": stats.games}
    assert stats.margin_total == final.scores[0] - final.scores[1] == stats.average_margin
    assert stats.rounds == len(final.history)
    assert stats.canastas == sum(s.natural_canastas + s.mixed_canastas for s in home)
    assert stats.went_out == sum(s.going_out > 0 for s in home)
    assert stats.best_round == max(s.total for s in home)
    (result,) = stats.recent
    assert result.won is won and result.scores == final.scores


def test_the_same_game_is_counted_once(paths: Paths, finished: Played) -> None:
    first = update_stats(paths, finished.record(), session()).value
    again = update_stats(paths, finished.record(), session()).value

    assert again == first == load_stats(paths)


def test_two_games_add_up(paths: Paths, finished: Played) -> None:
    other = play(4)
    update_stats(paths, finished.record(), session())
    later = session(started_at=STARTED + timedelta(hours=1), level="easy")

    stats = update_stats(paths, other.record(), later).value

    margins = [finished.final.scores[0] - finished.final.scores[1]]
    margins.append(other.final.scores[0] - other.final.scores[1])
    assert stats.games.played == 2
    assert stats.average_margin == sum(margins) / 2
    assert set(stats.by_difficulty) == {"normal", "easy"}
    assert stats.by_table["1 human + 3 bots"].played == 2
    assert [game.seed for game in stats.recent] == [3, 4]


def test_an_unfinished_game_is_not_counted(paths: Paths, mid_turn: Played) -> None:
    with pytest.raises(CanastaError, match="not finished"):
        update_stats(paths, mid_turn.record(), session())

    assert not paths.stats_file.exists()


def test_a_corrupt_statistics_file_is_moved_aside_and_counting_starts_afresh(
    paths: Paths, finished: Played
) -> None:
    paths.data_dir.mkdir(parents=True)
    paths.stats_file.write_bytes(b'{"format": "canasta-stats", "schema_version": 1, "gam')

    update = update_stats(paths, finished.record(), session())

    (problem,) = update.problems
    assert_one_sentence(problem)
    assert update.value.games.played == 1
    assert len(list(paths.data_dir.iterdir())) == 2


def test_the_home_team_is_the_first_humans() -> None:
    east_human = SessionInfo(
        seats=(
            SeatInfo(kind="bot", name="S", level="hard"),
            SeatInfo(kind="bot", name="W", level="easy"),
            SeatInfo(kind="bot", name="N", level="hard"),
            SeatInfo(kind="human", name="E"),
        )
    )

    assert east_human.home_team(classic) == 1
    assert difficulty_of(east_human) == "easy/hard"
    assert table_mix_of(east_human) == "1 human + 3 bots"


@pytest.mark.parametrize(
    ("kinds", "mix"),
    [
        ("bbbb", "bots only"),
        ("hhhh", "humans only"),
        ("hbhb", "2 humans as partners + 2 bots"),
        ("hhbb", "2 humans as opponents + 2 bots"),
        ("hhhb", "3 humans + 1 bot"),
    ],
)
def test_table_mixes(kinds: str, mix: str) -> None:
    seats = tuple(
        SeatInfo(kind="human", name="H")
        if kind == "h"
        else SeatInfo(kind="bot", name="B", level="normal")
        for kind in kinds
    )
    info = SessionInfo.model_validate({"seats": seats})

    assert table_mix_of(info) == mix
    assert difficulty_of(info) == ("no bots" if "b" not in kinds else "normal")


def test_recent_games_are_capped(finished: Played) -> None:
    result = summarize(finished.record(), session())
    stats = Stats()
    for hour in range(RECENT_GAMES + 5):
        stats = stats.plus(
            result.model_copy(update={"started_at": STARTED + timedelta(hours=hour)})
        )

    assert len(stats.recent) == RECENT_GAMES
    assert stats.games.played == RECENT_GAMES + 5
    assert stats.recent[-1].started_at == STARTED + timedelta(hours=RECENT_GAMES + 4)
    assert Stats.model_validate_json(stats.model_dump_json()) == stats


def test_a_result_knows_its_margin(finished: Played) -> None:
    result: GameResult = summarize(finished.record(), session())

    assert result.margin == result.scores[0] - result.scores[1]
    assert result.rounds == len(finished.final.history)
