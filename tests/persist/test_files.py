"""Atomic writes, and the one-sentence refusal of every kind of bad file."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from canasta.persist import (
    LoadError,
    Paths,
    WriteError,
    archive_record,
    load_game,
    load_record_file,
    load_settings,
    load_stats,
    save_game,
    save_settings,
    update_stats,
    write_text_atomic,
)
from canasta.persist.settings import Settings

from .helpers import STARTED, Played, assert_one_sentence, saved_game, session

# --------------------------------------------------------------------------- atomic writes


def test_write_creates_the_directories_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.json"

    write_text_atomic(target, "one\n", what="test file")
    write_text_atomic(target, "two\n", what="test file")

    assert target.read_text() == "two\n"
    assert os.listdir(target.parent) == ["file.json"]


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "file.json"
    write_text_atomic(target, "old\n", what="test file")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(WriteError) as caught:
        write_text_atomic(target, "new\n", what="test file")

    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["file.json"]
    assert "No space left on device" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)


def test_an_unwritable_directory_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("a file where a directory should be")

    with pytest.raises(WriteError) as caught:
        save_settings(Paths.under(tmp_path), Settings())

    assert caught.value.path == tmp_path / "config" / "settings.json"
    assert_one_sentence(caught.value.sentence)


# --------------------------------------------------------------------------- bad files


def _write_save(paths: Paths, played: Played) -> Path:
    save_game(paths, saved_game(played))
    return paths.save_file


def _write_settings(paths: Paths, played: Played) -> Path:
    save_settings(paths, Settings(pace="instant"))
    return paths.settings_file


def _write_stats(paths: Paths, played: Played) -> Path:
    update_stats(paths, played.record(), session())
    return paths.stats_file


def _write_record(paths: Paths, played: Played) -> Path:
    return archive_record(paths, played.record(), started_at=STARTED)


def _load_save(paths: Paths, path: Path) -> object:
    return load_game(paths)


def _load_stats(paths: Paths, path: Path) -> object:
    return load_stats(paths)


def _load_record(paths: Paths, path: Path) -> object:
    return load_record_file(path, move_aside=True)


def _load_settings(paths: Paths, path: Path) -> object:
    """Settings never raise: a file-level problem comes back as the only problem."""
    loaded = load_settings(paths)
    if loaded.problems:
        assert loaded.value == Settings()
        assert len(loaded.problems) == 1
        raise LoadError(loaded.problems[0], path, None)
    return loaded.value


Writer = Callable[[Paths, Played], Path]
Loader = Callable[[Paths, Path], object]

KINDS: dict[str, tuple[Writer, Loader]] = {
    "save": (_write_save, _load_save),
    "settings": (_write_settings, _load_settings),
    "stats": (_write_stats, _load_stats),
    "record": (_write_record, _load_record),
}


def _future(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "schema_version": data["schema_version"] + 1, "new_field": True}


def _old(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "schema_version": 0}


def _no_version(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "schema_version"}


def _foreign(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "format": "canasta-position"}


CORRUPTIONS: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "empty": (lambda raw: b"", "is empty"),
    "blank": (lambda raw: b"  \n\t\n", "is empty"),
    "truncated": (lambda raw: raw[: len(raw) // 2], "cut short"),
    "binary": (lambda raw: bytes(range(256)) * 4, "not UTF-8"),
    "not json": (lambda raw: b"format = 'canasta'\n", "not valid JSON"),
    "a list": (lambda raw: b"[1, 2, 3]", "JSON object"),
    "deeply nested": (lambda raw: b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "future version": (
        lambda raw: json.dumps(_future(json.loads(raw))).encode(),
        "newer canasta",
    ),
    "old version": (lambda raw: json.dumps(_old(json.loads(raw))).encode(), "schema version 0"),
    "no version": (lambda raw: json.dumps(_no_version(json.loads(raw))).encode(), "schema_ver"),
    "another kind": (lambda raw: json.dumps(_foreign(json.loads(raw))).encode(), "a position"),
}


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_bad_file_is_one_sentence_and_moved_aside(
    paths: Paths, finished: Played, kind: str, corruption: str
) -> None:
    write, load = KINDS[kind]
    path = write(paths, finished)
    damage, words = CORRUPTIONS[corruption]
    path.write_bytes(damage(path.read_bytes()))

    with pytest.raises(LoadError) as caught:
        load(paths, path)

    assert_one_sentence(caught.value.sentence)
    assert words in caught.value.sentence
    assert not path.exists()
    (moved,) = (entry for entry in path.parent.iterdir() if entry.name != path.name)
    tag = "v" if "version" in corruption and corruption != "no version" else "corrupt"
    assert moved.name.startswith(f"{path.name}.{tag}")
    assert moved.name in caught.value.sentence


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_file_with_an_invalid_field_is_refused(paths: Paths, finished: Played, kind: str) -> None:
    write, load = KINDS[kind]
    path = write(paths, finished)
    data = json.loads(path.read_bytes())
    data["unexpected"] = 1
    path.write_text(json.dumps(data))

    if kind == "settings":  # settings keep their valid values: see test_settings
        assert load_settings(paths).value == Settings(pace="instant")
        return
    with pytest.raises(LoadError) as caught:
        load(paths, path)
    assert "unexpected" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)


def test_a_second_bad_file_does_not_overwrite_the_first(paths: Paths, finished: Played) -> None:
    for _ in range(2):
        paths.state_dir.mkdir(parents=True, exist_ok=True)
        paths.save_file.write_bytes(b"\x00")
        with pytest.raises(LoadError):
            load_game(paths)

    assert len(list(paths.state_dir.iterdir())) == 2


def test_a_record_the_player_named_stays_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text("{")

    with pytest.raises(LoadError) as caught:
        load_record_file(path)

    assert path.exists()
    assert caught.value.moved_to is None
    assert_one_sentence(caught.value.sentence)
