"""``canasta simulate --cluster``: the same match on a Dask cluster as on ``--jobs 2``, and
one sentence when the extra is missing or the scheduler does not answer."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from distributed import LocalCluster

from canasta import executors
from canasta.__main__ import main

MATCH = ["simulate", "--games", "4", "--seed", "7", "--teams", "hard,normal", "--playouts", "2"]
#: What depends on the machine and the workers, not on the games.
TIMINGS = {"latency", "seconds", "games_per_second", "games_per_second_per_core", "jobs", "where"}


def _table(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    return {key: value for key, value in data.items() if key not in TIMINGS}


@pytest.mark.slow
def test_a_cluster_of_two_worker_processes_plays_the_same_table_as_two_jobs(
    tmp_path: Path,
) -> None:
    local, remote = tmp_path / "jobs.json", tmp_path / "cluster.json"
    assert main([*MATCH, "--jobs", "2", "--json", str(local)]) == 0
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        assert main([*MATCH, "--cluster", cluster.scheduler_address, "--json", str(remote)]) == 0
    data = json.loads(remote.read_text())
    assert data["where"].startswith("Dask cluster tcp://")
    assert data["jobs"] == 2
    assert _table(remote) == _table(local)
    assert data["sides"]["A"]["wins"] + data["sides"]["B"]["wins"] + data["unfinished"] == 4


def test_without_the_extra_cluster_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import raises ImportError
    assert main([*MATCH, "--cluster", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"canasta simulate: {executors.CLUSTER_INSTALL}"
    assert "pip install 'canasta[cluster]'" in err


def test_a_scheduler_that_does_not_answer_is_named_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 1)
    assert main([*MATCH, "--cluster", "tcp://127.0.0.1:9"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert "No Dask scheduler answers at 'tcp://127.0.0.1:9'" in lines[0]
