"""Fixtures: a private set of directories, and games played at random (once per run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.persist import Paths

from .helpers import Played, play


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    """Config, data and state directories under the test's temporary directory."""
    return Paths.under(tmp_path)


@pytest.fixture(scope="session")
def finished() -> Played:
    """A short game played to the end."""
    return play(3)


@pytest.fixture(scope="session")
def mid_turn() -> Played:
    """A game stopped in the middle of a turn: drawn, melded, not yet discarded."""
    return play(11, until=lambda state, _: state.played and state.round_no == 1)
