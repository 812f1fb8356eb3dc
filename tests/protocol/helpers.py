"""Outside bots for the tests: seat values that run ``fake_bot.py`` or the example bot."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from canasta.simulate import GameResult, GameTask, play_game

ROOT = Path(__file__).resolve().parents[2]
FAKE_BOT = Path(__file__).with_name("fake_bot.py")
RANDOM_BOT = ROOT / "examples" / "bots" / "random_bot.py"


def fake(mode: str, file: Path | None = None) -> str:
    """The seat value of ``fake_bot.py MODE [FILE]``."""
    words = [sys.executable, str(FAKE_BOT), mode, *([str(file)] if file else [])]
    return "cmd:" + shlex.join(words)


def random_bot() -> str:
    """The seat value of the example bot."""
    return "cmd:" + shlex.join([sys.executable, str(RANDOM_BOT)])


def play(levels: tuple[str, str, str, str], *, seed: int = 1, timeout: float = 5.0) -> GameResult:
    """One game of ``canasta simulate`` with these seats."""
    task = GameTask(0, seed, levels, rotation=0, budget=1.0, bot_timeout=timeout)
    return play_game(task)
