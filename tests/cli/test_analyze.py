"""``python -m canasta analyze FILE``: prints a position and its legal actions; applies one
action; user errors exit 2 with one line on stderr and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.engine import apply, legal_actions, new_game
from canasta.engine.record import load_position, load_record, make_record, position_of
from canasta.persist import SavedGame, TableFile, save_table
from canasta.persist.saves import session_info


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canasta", "analyze", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _assert_user_error(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert lines[0].startswith("canasta analyze: ")


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    state = new_game(seed=9)
    actions = []
    for _ in range(5):
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply(state, action).state
    path = tmp_path / "game.json"
    path.write_text(make_record(new_game(seed=9), actions).to_json(), encoding="utf-8")
    return path


@pytest.fixture
def position_file(tmp_path: Path) -> Path:
    path = tmp_path / "position.json"
    path.write_text(position_of(new_game(seed=4)).to_json(), encoding="utf-8")
    return path


def test_analyze_a_position_prints_phase_turn_pile_and_legal_actions(
    position_file: Path,
) -> None:
    result = _run(position_file)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Phase: draw." in out
    assert "Turn: South" in out
    assert "Pile:" in out
    assert "Legal actions (" in out
    assert "  draw" in out
    state = new_game(seed=4)
    for action in legal_actions(state):
        assert f"  {action}" in out


def test_analyze_a_record_shows_its_final_state(record_file: Path) -> None:
    result = _run(record_file)
    assert result.returncode == 0, result.stderr
    assert "Phase:" in result.stdout
    assert "Legal actions (" in result.stdout


def test_analyze_apply_writes_a_loadable_position(position_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "after.json"
    result = _run(position_file, "--apply", "draw", "--out", out)
    assert result.returncode == 0, result.stderr
    assert "South drew" in result.stdout
    state = load_position(out.read_text(encoding="utf-8")).to_state()
    assert state.phase.value == "play"
    assert len(state.hands[0]) >= 12
    again = _run(out)
    assert again.returncode == 0
    assert "Phase: play." in again.stdout


def test_analyze_seat_hides_other_hands(position_file: Path) -> None:
    result = _run(position_file, "--seat", "west")
    assert result.returncode == 0
    assert "South: 11 cards." in result.stdout or "South: " in result.stdout
    assert "North: 11 cards." in result.stdout


def test_analyze_illegal_action(position_file: Path) -> None:
    result = _run(position_file, "--apply", "discard c4")
    _assert_user_error(result)
    assert "Illegal" in result.stderr or "rules §" in result.stderr


def test_analyze_malformed_action(position_file: Path) -> None:
    result = _run(position_file, "--apply", "fly to the moon")
    _assert_user_error(result)
    assert "fly to the moon" in result.stderr


def test_analyze_missing_file(tmp_path: Path) -> None:
    result = _run(tmp_path / "nowhere.json")
    _assert_user_error(result)
    assert "nowhere.json" in result.stderr


def test_analyze_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ not json", encoding="utf-8")
    _assert_user_error(_run(path))


def test_analyze_wrong_schema(tmp_path: Path, position_file: Path) -> None:
    data = json.loads(position_file.read_text(encoding="utf-8"))
    data["schema_version"] = 7
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _assert_user_error(_run(path))


def test_analyze_out_without_apply(position_file: Path, tmp_path: Path) -> None:
    _assert_user_error(_run(position_file, "--out", tmp_path / "x.json"))


@pytest.mark.parametrize("kind", [["canasta-position"], {"name": "canasta-record"}])
def test_analyze_a_format_that_is_not_a_string(
    kind: object, tmp_path: Path, position_file: Path
) -> None:
    data = json.loads(position_file.read_text(encoding="utf-8"))
    data["format"] = kind
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = _run(path)
    _assert_user_error(result)
    assert '"format"' in result.stderr


def _saved(record_file: Path) -> SavedGame:
    """The game of ``record_file`` as canasta saves it (South human, three bots)."""
    record = load_record(record_file.read_text(encoding="utf-8"))
    names = ("South", "West", "North", "East")
    seats = ("human", "normal", "normal", "normal")
    return SavedGame(session=session_info(seats, names=names, pace="fast"), record=record)


def test_analyze_reads_the_game_of_a_saved_game_and_of_a_shared_table(
    record_file: Path, tmp_path: Path
) -> None:
    # The host's table file and the app's autosave hold a game: analyze shows it, as it
    # shows the record (a table's journal, which holds its latest moves, is read too).
    expected = _run(record_file).stdout
    saved = tmp_path / "autosave.json"
    saved.write_text(_saved(record_file).model_dump_json(), encoding="utf-8")
    table = tmp_path / "table.json"
    tokens = ("t" * 22, None, None, None)
    kinds = ("human", "normal", "normal", "normal")
    shared = TableFile(
        table="abc", tokens=tokens, kinds=kinds, away_timeout=60, game=_saved(record_file)
    )
    save_table(table, shared)
    for path in (saved, table):
        result = _run(path)
        assert result.returncode == 0, result.stderr
        assert result.stdout == expected


def test_a_broken_saved_game_is_one_sentence_and_stays_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_text('{"format": "canasta-save", "schema_version": 1}', encoding="utf-8")
    result = _run(path)
    _assert_user_error(result)
    assert "saved game" in result.stderr
    assert [entry.name for entry in tmp_path.iterdir()] == ["autosave.json"]


def test_a_reader_that_stops_reading_ends_the_listing_without_a_traceback(
    position_file: Path,
) -> None:
    # ``canasta analyze FILE | head``: the pipe is closed before the first line is written.
    process = subprocess.Popen(
        [sys.executable, "-m", "canasta", "analyze", str(position_file)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=60) == 1
    assert errors == ""
