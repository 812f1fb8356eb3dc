"""The end of a game: counted, archived, autosave cleared; once, whatever happens."""

from __future__ import annotations

import pytest

from canasta.engine import CanastaError
from canasta.persist import Paths, finish_game, list_records, load_game, load_stats, save_game

from .helpers import Played, assert_one_sentence, saved_game


def test_finishing_counts_archives_and_clears(paths: Paths, finished: Played) -> None:
    saved = saved_game(finished)
    save_game(paths, saved)

    done = finish_game(paths, saved)

    assert done.problems == ()
    assert done.stats == load_stats(paths) and done.stats.games.played == 1
    assert [entry.path for entry in list_records(paths)] == [done.record_path]
    assert load_game(paths) is None


def test_finishing_twice_counts_once(paths: Paths, finished: Played) -> None:
    saved = saved_game(finished)
    finish_game(paths, saved)
    save_game(paths, saved)  # as if the app stopped before clearing the autosave

    resumed = load_game(paths)
    assert resumed is not None
    done = finish_game(paths, resumed)

    assert done.stats.games.played == 1
    assert len(list_records(paths)) == 1


def test_an_unfinished_game_is_not_finished(paths: Paths, mid_turn: Played) -> None:
    saved = saved_game(mid_turn)
    save_game(paths, saved)

    with pytest.raises(CanastaError):
        finish_game(paths, saved)

    assert load_game(paths) == saved
    assert not paths.stats_file.exists()


def test_when_the_archive_cannot_be_written_the_autosave_is_kept(
    paths: Paths, finished: Played
) -> None:
    saved = saved_game(finished)
    save_game(paths, saved)
    paths.data_dir.mkdir(parents=True)
    paths.records_dir.write_text("a file where the archive should be")

    done = finish_game(paths, saved)

    assert done.record_path is None
    (problem,) = done.problems
    assert_one_sentence(problem)
    assert load_game(paths) == saved
    assert done.stats.games.played == 1
