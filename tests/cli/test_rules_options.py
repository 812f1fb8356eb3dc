"""``--rules NAME --players N``: the rule set the play command passes on, one sentence for an
impossible choice, and ``canasta analyze`` naming the file's own table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from canasta.__main__ import build_parser, rules_from
from canasta.engine import cards_text, new_game, preset
from canasta.engine.position import position_of


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canasta", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], None),
        (["--rules", "traditional"], ("traditional", 4)),
        (["--players", "2"], ("classic", 2)),
        (["--hotseat", "--rules", "Traditional", "--players", "6"], ("traditional", 6)),
        (["play", "--rules", "classic", "--players", "3"], ("classic", 3)),
        (["--rules", "railroad"], ("railroad", 3)),
        (["--hotseat", "--rules", "railroad", "--players", "5"], ("railroad", 5)),
    ],
)
def test_the_play_command_resolves_its_rules(
    argv: list[str], expected: tuple[str, int] | None
) -> None:
    rules = rules_from(build_parser().parse_args(argv))
    if expected is None:
        assert rules is None
    else:
        assert rules == preset(*expected)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--rules", "classic", "--players", "5"], "is played by 2, 3, 4 or 6 players, not 5"),
        (["--rules", "samba"], "choose one of: classic, traditional, railroad"),
        (["--rules", "railroad", "--players", "7"], "played by 2, 3, 4, 5 or 6 players, not 7"),
        (["--hotseat", "--players", "7"], "not 7"),
    ],
)
def test_an_impossible_choice_is_one_sentence_and_status_2(argv: list[str], says: str) -> None:
    result = _run(*argv)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("canasta: ")
    assert says in lines[0]


def test_analyze_names_the_seats_and_teams_of_the_file_s_table(tmp_path: Path) -> None:
    path = tmp_path / "six.json"
    path.write_text(position_of(new_game(preset("traditional", 6), seed=2)).to_json())
    result = _run("analyze", path, "--seat", "northwest")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Rules: traditional, 6 players." in out
    assert "Northeast-Northwest-South melds: none." in out
    assert "South: 13 cards." in out
    assert "Northwest: " in out and "Northwest: 13 cards." not in out
    wrong = _run("analyze", path, "--seat", "west")
    assert wrong.returncode == 2
    assert "has the seats South, Southwest, Northwest, North, Northeast, Southeast" in wrong.stderr


def test_s13_analyze_shows_railroad_kitties_only_to_whom_may_see_them(tmp_path: Path) -> None:
    path = tmp_path / "railroad.json"
    state = new_game(preset("railroad", 3), seed=2)
    path.write_text(position_of(state).to_json())
    result = _run("analyze", path, "--seat", "west")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Rules: railroad, 3 players." in out
    assert (
        "South kitty: untouched, 11 cards; canastas still needed: red, black, wild, sevens." in out
    )
    assert "Sevens: locked." in out
    whole = _run("analyze", path).stdout
    assert f"South kitty: untouched, {cards_text(state.kitties[0])};" in whole
