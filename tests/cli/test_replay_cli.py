"""``python -m canasta replay FILE``: a file that cannot be replayed prints one line and
exits 2, never a traceback; ``--help`` loads no Textual."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.engine import apply, legal_actions, new_game
from canasta.engine.record import make_record

from .helpers import help_loads


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canasta", "replay", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _record_text() -> str:
    state = new_game(seed=9)
    actions = []
    for _ in range(4):
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply(state, action).state
    return make_record(new_game(seed=9), actions).to_json()


def _future() -> str:
    data = json.loads(_record_text())
    data["schema_version"] = 7
    return json.dumps(data)


def _illegal() -> str:
    data = json.loads(_record_text())
    data["actions"].append("discard jk")
    return json.dumps(data)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "does not exist"),
        ("", "empty"),
        ('{"format": "canasta-record", "schema_v', "cut short"),
        ("not json at all", "JSON"),
        (_future(), "newer canasta"),
        (_illegal(), "does not replay"),
        ('{"format": "canasta-position", "schema_version": 1}', "not a game record"),
    ],
    ids=["missing", "empty", "truncated", "not-json", "future-version", "illegal", "position"],
)
def test_a_bad_file_exits_2_with_one_line(tmp_path: Path, content: str | None, words: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = _run(path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("canasta replay: The game record ")
    assert words in lines[0]
    assert result.stdout == ""
    if content is not None:
        assert path.read_text(encoding="utf-8") == content  # a named file stays where it is


def test_help_loads_no_textual() -> None:
    printed, loaded = help_loads(["--help"], ["replay", "--help"])
    assert loaded == {"textual": False}
    assert "step through a finished game" in printed


def test_a_broken_saved_game_is_named_as_one(tmp_path: Path) -> None:
    # Replay reads the game of a saved game or a shared table's file too; a broken one is
    # refused as what it is, and stays where it is.
    path = tmp_path / "autosave.json"
    content = '{"format": "canasta-save", "schema_version": 1}'
    path.write_text(content, encoding="utf-8")
    result = _run(path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("canasta replay: The saved game ")
    assert len(result.stderr.strip().splitlines()) == 1
    assert path.read_text(encoding="utf-8") == content
