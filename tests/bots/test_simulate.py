"""``canasta simulate`` plays a small duplicate match end to end and writes valid JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.__main__ import main
from canasta.simulate import tasks_for, wilson


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
    assert set(data["latency"]) == {"normal", "random"}
    assert data["errors"] == []
    printed = capsys.readouterr().out
    assert "side A (normal) wins" in printed


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


def test_simulate_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--teams", "normal,genius"]) == 2
    assert "genius" in capsys.readouterr().err


def test_duplicate_deals_swap_the_sides_seats() -> None:
    first, second = tasks_for(("hard", "normal", "hard", "normal"), games=2, seed=5, budget=0.1)
    assert first.seed == second.seed == 5
    assert first.levels == ("hard", "normal", "hard", "normal")
    assert second.levels == ("normal", "hard", "normal", "hard")


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games() -> None:
    small = wilson(6, 10)
    large = wilson(600, 1000)
    assert small[0] < 0.6 < small[1]
    assert large[0] < 0.6 < large[1]
    assert large[1] - large[0] < small[1] - small[0]
    assert wilson(0, 0) == (0.0, 1.0)
