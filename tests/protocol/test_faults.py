"""Faults never break a game: each is one sentence naming the seat and what the bot did,
the normal bot plays that decision, and the bot's program ends with its children."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.protocol import MAX_FAULTS

from .helpers import fake, play


@pytest.mark.parametrize(
    ("mode", "what"),
    [
        ("garbage", "sent a line that is not JSON: 'I fold!'"),
        ("words", 'sent {"move": "draw"}, not an object like {"action": "draw"}'),
        ("illegal", "chose next, which is not legal now"),
        ("crash", "exited with status 1 without answering (RuntimeError: the bot broke down)"),
        ("quiet", "exited with status 0 without answering"),
        ("old", "speaks protocol 0, but this game speaks 1"),
    ],
)
def test_a_faulty_bot_is_replaced_and_the_game_finishes(mode: str, what: str) -> None:
    result = play(("normal", fake(mode), "normal", "random"), seed=3)
    assert result.error is None
    assert result.winner is not None  # the game was played to its end
    assert len(result.faults) == MAX_FAULTS
    first, *_, last = result.faults
    assert first == (
        f"Game 0: West's bot ({fake(mode)[4:][:37]}...) {what}; "
        "the normal bot played this decision for it."
    )
    assert last.endswith(f"the normal bot plays the seat from now on ({MAX_FAULTS} faults).")


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie left for an init that does not reap is not running)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_a_bot_that_hangs_is_ended_with_its_children(tmp_path: Path) -> None:
    children = tmp_path / "children.txt"
    result = play(("normal", "random", fake("hang", children), "random"), seed=5, timeout=1.0)
    assert result.winner is not None
    assert len(result.faults) == MAX_FAULTS
    assert "North's bot" in result.faults[0]
    assert "did not answer within 1 s" in result.faults[0]
    pids = [int(line) for line in children.read_text().split()]
    assert 1 <= len(pids) <= MAX_FAULTS  # a child per program that answered its hello
    assert not [pid for pid in pids if _alive(pid)]


def test_a_command_that_cannot_start_is_a_fault(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-bot"
    result = play(("normal", "random", "normal", f"cmd:{missing}"), seed=2)
    assert result.winner is not None
    assert f"East's bot ({missing}"[:20] in result.faults[0]
    assert "could not be started (No such file or directory)" in result.faults[0]


def test_a_working_bot_has_no_fault_and_its_program_ends(tmp_path: Path) -> None:
    record = tmp_path / "lines.jsonl"
    result = play(("normal", fake("record", record), "normal", "random"), seed=4)
    assert result.faults == []
    assert result.winner is not None
    assert record.read_text().splitlines()[-1].startswith('{"type":"end"')
