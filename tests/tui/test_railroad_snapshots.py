"""SVG snapshots of a seeded railroad game at 80x24 after three turns, one per layout: two
and three players in a row beside the pile, four to six in two rows (update with
``pytest --snapshot-update``)."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine import preset

from .helpers import make_test_app
from .test_snapshots import _three_turns


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_railroad_table_80x24(snap_compare: Any, players: int) -> None:
    app = make_test_app(seed=4, rules=preset("railroad", players))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_three_turns)
