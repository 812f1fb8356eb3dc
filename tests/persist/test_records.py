"""The archive of finished games, and replays that reproduce the final score."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from canasta.engine import replay
from canasta.persist import (
    LoadError,
    Paths,
    archive_record,
    list_records,
    load_record_file,
    record_path,
)

from .helpers import STARTED, Played, assert_one_sentence, play


def test_an_archived_game_replays_to_its_final_score(paths: Paths, finished: Played) -> None:
    path = archive_record(paths, finished.record(), started_at=STARTED)

    states = replay(load_record_file(path))

    assert states[-1].scores == finished.final.scores
    assert states[-1].history == finished.final.history
    assert states[-1].winner == finished.final.winner


def test_the_archive_file_is_the_engine_record(paths: Paths, finished: Played) -> None:
    path = archive_record(paths, finished.record(), started_at=STARTED)

    assert path == record_path(paths, started_at=STARTED, seed=3)
    assert path.name == STARTED.astimezone().strftime("%Y%m%d-%H%M%S") + "-3.json"
    assert path.read_text() == finished.record().to_json()


def test_records_are_listed_newest_first(paths: Paths, finished: Played) -> None:
    other = play(4)
    archive_record(paths, finished.record(), started_at=STARTED)
    archive_record(paths, other.record(), started_at=STARTED + timedelta(days=1))
    archive_record(paths, finished.record(), started_at=STARTED)  # the same game again
    (paths.records_dir / "notes.txt").write_text("not a record")
    (paths.records_dir / "20261130-120000-3.json.corrupt-20261201-000000").write_text("{")

    entries = list_records(paths)

    assert [entry.seed for entry in entries] == [4, 3]
    assert entries[0].started_at - entries[1].started_at == timedelta(days=1)


def test_no_archive_yet(paths: Paths) -> None:
    assert list_records(paths) == []


def test_a_missing_record_file_is_one_sentence(paths: Paths) -> None:
    with pytest.raises(LoadError) as caught:
        load_record_file(paths.records_dir / "nothing.json")

    assert "does not exist" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)


def test_a_record_that_does_not_replay_is_refused(paths: Paths, finished: Played) -> None:
    path = archive_record(paths, finished.record(), started_at=STARTED)
    data = json.loads(path.read_text())
    data["actions"] = data["actions"][:3] + data["actions"][4:]
    path.write_text(json.dumps(data))

    with pytest.raises(LoadError) as caught:
        load_record_file(path, move_aside=True)

    assert "does not replay" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)
    assert list_records(paths) == []


def test_a_record_whose_rules_need_a_huge_deck_is_refused(paths: Paths, finished: Played) -> None:
    path = archive_record(paths, finished.record(), started_at=STARTED)
    data = json.loads(path.read_text())
    data["rules"]["decks"] = 10**6  # dealing that would take minutes and gigabytes
    path.write_text(json.dumps(data))

    with pytest.raises(LoadError) as caught:
        load_record_file(path)

    assert "1 to 16 decks" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)
