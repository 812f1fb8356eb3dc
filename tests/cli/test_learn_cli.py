"""``canasta learn`` on the command line: listed in the help, parsed without Textual."""

from __future__ import annotations

from .helpers import help_loads


def test_help_lists_learn_and_loads_no_textual() -> None:
    printed, loaded = help_loads(["--help"], ["learn", "--help"])
    assert loaded == {"textual": False}
    assert "learn               learn to play: short lessons on the real table" in printed
    assert "usage: canasta learn [-h] [--ascii]" in printed
