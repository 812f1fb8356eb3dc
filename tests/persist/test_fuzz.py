"""Every loader, fed random bytes and damaged versions of a valid file: never an unhandled
exception, always a valid object or one sentence."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta.engine.record import GameRecord
from canasta.persist import (
    LoadError,
    Paths,
    SavedGame,
    Settings,
    Stats,
    archive_record,
    load_game,
    load_record_file,
    load_settings,
    load_stats,
    save_game,
    save_settings,
    update_stats,
)
from fuzzing import damaged, with_values_replaced

from .helpers import STARTED, assert_one_sentence, play, saved_game, session


def _valid_files() -> dict[str, tuple[Callable[[Paths], Path], bytes]]:
    """Each kind's file path and a valid file's bytes (built once, in a scratch directory)."""
    short = play(3)
    unfinished = play(11, until=lambda state, _: state.played)
    with tempfile.TemporaryDirectory() as scratch:
        paths = Paths.under(Path(scratch))
        save_game(paths, saved_game(unfinished))
        save_settings(paths, Settings(pace="fast", ascii=True))
        update_stats(paths, short.record(), session())
        record = archive_record(paths, short.record(), started_at=STARTED)
        return {
            "save": (lambda p: p.save_file, paths.save_file.read_bytes()),
            "settings": (lambda p: p.settings_file, paths.settings_file.read_bytes()),
            "stats": (lambda p: p.stats_file, paths.stats_file.read_bytes()),
            "record": (lambda p: p.records_dir / record.name, record.read_bytes()),
        }


VALID = _valid_files()
KINDS = sorted(VALID)


def _load_and_check(kind: str, content: bytes) -> None:
    """Write ``content`` where ``kind`` lives and load it: a valid object or one sentence."""
    with tempfile.TemporaryDirectory() as scratch:
        paths = Paths.under(Path(scratch))
        path = VALID[kind][0](paths)
        path.parent.mkdir(parents=True)
        path.write_bytes(content)
        if kind == "settings":
            loaded = load_settings(paths)
            assert isinstance(loaded.value, Settings)
            for problem in loaded.problems:
                assert_one_sentence(problem)
            return
        loaders: dict[str, Callable[[], object]] = {
            "save": lambda: load_game(paths),
            "stats": lambda: load_stats(paths),
            "record": lambda: load_record_file(path, move_aside=True),
        }
        expected = {"save": SavedGame, "stats": Stats, "record": GameRecord}[kind]
        try:
            value = loaders[kind]()
        except LoadError as error:
            assert_one_sentence(error.sentence)
            assert not path.exists()  # moved aside
        else:
            assert isinstance(value, expected)


@pytest.mark.parametrize("kind", KINDS)
@given(content=st.binary(max_size=2000))
def test_random_bytes(kind: str, content: bytes) -> None:
    _load_and_check(kind, content)


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_damaged_bytes_of_a_valid_file(kind: str, data: st.DataObject) -> None:
    _load_and_check(kind, data.draw(damaged(VALID[kind][1])))


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_a_valid_file_with_one_value_replaced(kind: str, data: st.DataObject) -> None:
    _load_and_check(kind, data.draw(with_values_replaced(VALID[kind][1])))
