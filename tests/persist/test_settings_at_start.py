"""The settings at start: the defaults without a file, a file found valid as written before
taken as written (and validated once the table is up all the same), any other file
validated at once; the note of a checked file never costs the player a setting."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import pytest

from canasta.persist import (
    Names,
    Paths,
    Settings,
    load_settings,
    save_settings,
    settings_at_start,
    settle_settings,
)
from canasta.persist import settings as settings_module

from .helpers import assert_one_sentence

MINE = Settings(pace="fast", theme="nord", names=Names(south="Ada"), welcomed=True)


def _write(paths: Paths, text: str) -> None:
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(text, encoding="utf-8")


def _document(**values: Any) -> str:
    return json.dumps({"format": "canasta-settings", "schema_version": 1, **values})


def _forge_note(paths: Paths) -> None:
    """A note that names the settings file as it stands, whatever it holds."""
    digest = hashlib.sha256(paths.settings_file.read_bytes()).hexdigest()
    paths.state_dir.mkdir(parents=True, exist_ok=True)
    note = {"canasta": settings_module.__version__, "sha256": digest}
    paths.settings_checked_file.write_text(json.dumps(note))


def test_no_file_gives_the_defaults_and_writes_nothing(paths: Paths) -> None:
    start = settings_at_start(paths)

    assert start == (Settings(), (), False)
    assert settle_settings(paths, start.value, as_written=start.as_written) is None
    assert not paths.settings_checked_file.exists()


def test_the_defaults_are_valid_as_they_stand() -> None:
    assert settings_module.validate_settings(dataclasses.asdict(Settings())) == Settings()


def test_saved_settings_are_taken_as_written_at_the_next_start(paths: Paths) -> None:
    save_settings(paths, MINE)

    start = settings_at_start(paths)

    assert start == (MINE, (), True)
    # Validated once the table is up: they stand.
    assert settle_settings(paths, start.value, as_written=True) is None
    assert paths.settings_checked_file.exists()


def test_an_edited_file_is_validated_at_start_and_noted_once_the_table_is_up(
    paths: Paths,
) -> None:
    save_settings(paths, MINE)
    _write(paths, _document(pace="instant", hand_order="suit"))  # no names: their defaults

    start = settings_at_start(paths)

    assert start == (Settings(pace="instant", hand_order="suit"), (), False)
    assert settle_settings(paths, start.value, as_written=False) is None
    assert settings_at_start(paths) == (start.value, (), True)


def test_a_file_with_a_bad_value_is_validated_at_every_start(paths: Paths) -> None:
    _write(paths, _document(pace="warp", theme="nord"))

    for _ in range(2):
        start = settings_at_start(paths)
        assert start.value == Settings(theme="nord")
        assert not start.as_written
        (problem,) = start.problems
        assert "'pace'" in problem
        assert_one_sentence(problem)
        assert settle_settings(paths, start.value, as_written=False) is None
    assert not paths.settings_checked_file.exists()


@pytest.mark.parametrize(
    "values",
    [
        {"names": {"south": "  Ada  "}},  # trimmed by validation
        {"ascii": 1},  # true to pydantic, not the boolean it is taken for as written
        {"players": "4"},
        {"colour": "red"},
    ],
)
def test_a_file_valid_only_once_tidied_is_never_taken_as_written(
    paths: Paths, values: dict[str, object]
) -> None:
    _write(paths, _document(**values))

    start = settings_at_start(paths)
    settle_settings(paths, start.value, as_written=start.as_written)

    assert not paths.settings_checked_file.exists()
    assert not settings_at_start(paths).as_written


def test_settings_saved_with_a_bad_value_are_not_noted(paths: Paths) -> None:
    save_settings(paths, Settings(theme="Nord!"))  # not validated when built in code

    start = settings_at_start(paths)

    assert not start.as_written and start.value == Settings()
    assert "'theme'" in start.problems[0]


def test_a_note_of_another_canasta_is_not_trusted(
    paths: Paths, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(paths, MINE)
    monkeypatch.setattr(settings_module, "__version__", "0.0.1-other")

    start = settings_at_start(paths)

    assert start == (MINE, (), False)


@pytest.mark.parametrize(
    "note",
    [b"", b"\x00\xff", b'{"canasta": "0.1', b"[" * 100_000, b"[]", b'{"sha256": 7}'],
    ids=["empty", "binary", "cut short", "nested", "a list", "no digest"],
)
def test_a_damaged_note_costs_nothing_but_a_validation(paths: Paths, note: bytes) -> None:
    save_settings(paths, MINE)
    paths.settings_checked_file.write_bytes(note)
    written = paths.settings_file.read_bytes()

    start = settings_at_start(paths)

    assert start == (MINE, (), False)  # validated: the same settings, no problem shown
    assert paths.settings_file.read_bytes() == written  # never moved aside or rewritten
    assert settle_settings(paths, start.value, as_written=False) is None
    assert settings_at_start(paths).as_written  # noted anew


def test_a_damaged_settings_file_is_not_taken_for_the_noted_one(paths: Paths) -> None:
    save_settings(paths, MINE)
    text = paths.settings_file.read_text(encoding="utf-8")
    _write(paths, text.replace('"nord"', '"nor'))  # cut short

    start = settings_at_start(paths)

    assert not start.as_written and start.value == Settings()
    (problem,) = start.problems
    assert_one_sentence(problem)


def test_values_taken_as_written_that_do_not_validate_are_replaced_once_the_table_is_up(
    paths: Paths,
) -> None:
    _write(paths, _document(pace="warp", theme="nord"))
    _forge_note(paths)

    start = settings_at_start(paths)
    assert start.as_written and start.value.pace == "warp"  # as written: not validated
    settled = settle_settings(paths, start.value, as_written=True)

    assert settled is not None
    assert settled.value == Settings(theme="nord")
    (problem,) = settled.problems
    assert "'pace'" in problem
    assert not paths.settings_checked_file.exists()  # the next start validates first
    assert load_settings(paths).value == Settings(theme="nord")  # the file is kept


def test_a_note_for_a_file_that_does_not_make_settings_is_ignored(paths: Paths) -> None:
    _write(paths, _document(colour="red"))
    _forge_note(paths)

    start = settings_at_start(paths)

    assert not start.as_written and start.value == Settings()
    (problem,) = start.problems
    assert "'colour'" in problem
