"""``canasta simulate`` plays a small duplicate match end to end and writes valid JSON; a
progress bar shows on a terminal and nowhere else."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from canasta.__main__ import build_parser, main
from canasta.engine import Phase, preset
from canasta.engine.record import replay
from canasta.persist import load_record_file
from canasta.simulate import run, tasks_for, wilson

TWO_GAMES = ["simulate", "--games", "2", "--seed", "1", "--teams", "random,random"]


@pytest.fixture
def no_forced_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich believes these over ``isatty()``; the caller's environment must not decide."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)


def _terminal(monkeypatch: pytest.MonkeyPatch) -> tuple[Console, StringIO]:
    monkeypatch.setenv("TERM", "xterm")  # rich draws nothing live on a dumb terminal
    screen = StringIO()
    return Console(file=screen, force_terminal=True, width=100), screen


def test_simulate_writes_the_results_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.json"
    status = main(
        ["simulate", "--games", "4", "--seed", "3", "--teams", "normal,random", "--json", str(out)]
    )
    assert status == 0
    data = json.loads(out.read_text())
    assert data["games"] == 4
    assert data["deals"] == 2
    assert data["sides"]["A"]["levels"] == "normal"
    assert data["sides"]["A"]["wins"] + data["sides"]["B"]["wins"] + data["unfinished"] == 4
    low, high = data["sides"]["A"]["wilson95"]
    assert 0.0 <= low <= data["sides"]["A"]["win_rate"] <= high <= 1.0
    assert data["rounds_per_game"] >= 1
    # Every round counts, each game's last too (it ends the game, not just the round).
    assert data["rounds"] == data["rounds_per_game"] * data["games"]
    assert data["margin_per_round"]["rounds"] == data["rounds"]
    assert set(data["latency"]) == {"normal", "random"}
    assert data["errors"] == []
    printed = capsys.readouterr().out
    assert "side A (normal) wins" in printed


@pytest.mark.usefixtures("no_forced_terminal")
def test_simulate_into_a_pipe_prints_the_table_and_no_progress(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(TWO_GAMES) == 0
    captured = capsys.readouterr()
    assert "side A (random) wins" in captured.out
    assert "Playing" not in captured.out
    assert "games/s," not in captured.out
    assert "\x1b[" not in captured.out
    assert captured.err == ""


@pytest.mark.usefixtures("no_forced_terminal")
def test_simulate_json_to_stdout_prints_only_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TWO_GAMES, "--json", "-"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 2
    assert captured.err == ""
    assert not Path("-").exists()


def test_simulate_on_a_terminal_draws_games_done_rate_and_time_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    console, screen = _terminal(monkeypatch)
    assert run(build_parser().parse_args(TWO_GAMES), console=console) == 0
    drawn = screen.getvalue()
    assert "Playing" in drawn
    assert "2/2" in drawn
    assert "games/s, 0:00:00 left" in drawn
    assert "side A (random) wins" in drawn


def test_simulate_json_to_a_terminal_draws_no_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    console, screen = _terminal(monkeypatch)
    assert run(build_parser().parse_args([*TWO_GAMES, "--json", "-"]), console=console) == 0
    assert json.loads(screen.getvalue())["games"] == 2


def test_simulate_runs_worker_processes_with_per_seat_levels(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    status = main(
        [
            "simulate",
            "--games",
            "2",
            "--seats",
            "normal,easy,random,easy",
            "--jobs",
            "2",
            "--json",
            str(out),
        ]
    )
    assert status == 0
    data = json.loads(out.read_text())
    assert data["seats"] == {"South": "normal", "West": "easy", "North": "random", "East": "easy"}
    assert data["sides"]["A"]["levels"] == "normal+random"
    assert data["sides"]["B"]["levels"] == "easy"


def test_simulate_keeps_each_games_record_to_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A match's games could only be counted, never looked at: a bot's author (or ours) had
    # no way to see how a game was lost.
    folder = tmp_path / "records" / "match"
    out = tmp_path / "results.json"
    args = ["--games", "2", "--seed", "1", "--teams", "normal,random", "--jobs", "2"]
    assert main(["simulate", *args, "--records", str(folder), "--json", str(out)]) == 0
    first = folder / "game-1-seed-1-normal-random-normal-random.json"
    second = folder / "game-2-seed-1-random-normal-random-normal.json"
    assert sorted(folder.iterdir()) == [first, second]
    assert f"canasta replay {first} replays the first" in capsys.readouterr().out
    data = json.loads(out.read_text())
    won = [0, 0]
    for rotation, path in enumerate((first, second)):
        record = load_record_file(path)
        assert record.seed == 1
        final = replay(record)[-1]
        assert final.phase is Phase.GAME_OVER and final.winner is not None
        # Side A sits as the first team in the first game and as the second in the other.
        won[(final.winner + rotation) % 2] += 1
    assert [data["sides"][side]["wins"] for side in "AB"] == won


def test_simulate_refuses_a_records_folder_it_cannot_make_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "results.txt"
    taken.write_text("not a folder")
    assert main(["simulate", "--games", "2", "--records", str(taken)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing played
    assert f"the folder {taken} for the records cannot be made" in captured.err
    assert captured.err.replace(str(taken), "").count(".") == 1, captured.err  # one sentence
    assert taken.read_text() == "not a folder"


def test_simulate_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--teams", "normal,genius"]) == 2
    assert "genius" in capsys.readouterr().err


def test_duplicate_deals_swap_the_sides_seats() -> None:
    first, second = tasks_for(("hard", "normal", "hard", "normal"), games=2, seed=5)
    assert first.seed == second.seed == 5
    assert first.levels == ("hard", "normal", "hard", "normal")
    assert second.levels == ("normal", "hard", "normal", "hard")


def test_simulate_plays_a_three_player_table_with_one_level_per_player(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    status = main(
        [
            "simulate",
            *("--rules", "traditional", "--players", "3", "--games", "3"),
            *("--teams", "normal,random,easy", "--json", str(out)),
        ]
    )
    assert status == 0
    data = json.loads(out.read_text())
    assert (data["rules"], data["players"], data["deals"]) == ("traditional", 3, 1)
    assert data["seats"] == {"South": "normal", "West": "random", "East": "easy"}
    assert [side["levels"] for side in data["sides"].values()] == ["normal", "random", "easy"]
    assert sum(side["wins"] for side in data["sides"].values()) + data["unfinished"] == 3


def test_each_deal_is_played_once_per_team_with_every_bot_moved_on() -> None:
    rules = preset("classic", 3)
    tasks = tasks_for(("hard", "normal", "easy"), games=3, seed=5, rules=rules)
    assert [task.seed for task in tasks] == [5, 5, 5]
    assert [task.levels for task in tasks] == [
        ("hard", "normal", "easy"),
        ("easy", "hard", "normal"),
        ("normal", "easy", "hard"),
    ]


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--players", "6", "--seats", "normal,random"], "--seats needs 6 levels"),
        (["--players", "3", "--teams", "normal,random"], "--teams needs 3 levels"),
        (["--rules", "classic", "--players", "5"], "2, 3, 4 or 6 players, not 5"),
        (["--rules", "samba"], "choose one of: classic, traditional"),
    ],
)
def test_simulate_refuses_an_impossible_table_in_one_sentence(
    args: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert problem in err
    assert err.count(".") == 1, err


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games() -> None:
    small = wilson(6, 10)
    large = wilson(600, 1000)
    assert small[0] < 0.6 < small[1]
    assert large[0] < 0.6 < large[1]
    assert large[1] - large[0] < small[1] - small[0]
    assert wilson(0, 0) == (0.0, 1.0)
