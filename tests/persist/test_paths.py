"""Where the files go: platformdirs, the XDG variables, and injectable directories."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from canasta.persist import Paths
from canasta.persist.paths import STATE_DIR_VARIABLE


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG variables are a Linux convention")
def test_from_environment_honours_the_xdg_variables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv(STATE_DIR_VARIABLE, raising=False)

    paths = Paths.from_environment()

    assert paths.settings_file == tmp_path / "cfg" / "canasta" / "settings.json"
    assert paths.stats_file == tmp_path / "data" / "canasta" / "stats.json"
    assert paths.records_dir == tmp_path / "data" / "canasta" / "records"
    assert paths.save_file == tmp_path / "state" / "canasta" / "autosave.json"


def test_the_state_directory_variable_overrides_the_platforms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv(STATE_DIR_VARIABLE, str(tmp_path / "web" / "tab"))

    paths = Paths.from_environment()

    assert paths.save_file == tmp_path / "web" / "tab" / "autosave.json"
    assert tmp_path / "web" not in paths.config_dir.parents  # only the state moves


def test_under_keeps_everything_below_one_root(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)

    for file in (paths.settings_file, paths.stats_file, paths.save_file, paths.records_dir):
        assert file.is_relative_to(tmp_path)
    assert len({paths.config_dir, paths.data_dir, paths.state_dir}) == 3
