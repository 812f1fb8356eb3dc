"""The golden hash of seeded play at every table stays the same (tests/golden/hashes.py):
a change to the engine's speed or shape must not change one listing, event or round end."""

from __future__ import annotations

import pytest

from .hashes import TABLES, digest

#: The digests printed by ``python tests/golden/hashes.py``.
PINNED = {
    "classic-4": "e1a1650b53e31545",
    "classic-2": "23eb0b66eba77b60",
    "classic-3": "64c16f93b50c20de",
    "classic-6": "82819804fd598cca",
    "traditional-4": "6b1eebe14097b4ae",
    "traditional-2": "88da6504dae8fd31",
    "traditional-3": "4b58be609c15c8a0",
    "traditional-6": "cf180597b315149e",
    "railroad-3": "77e8c5cadb8faafa",
    "railroad-2": "54e3332af4432b45",
    "railroad-4": "aa2e43f6578ca5a4",
    "railroad-5": "70898e5da0a66d77",
    "railroad-6": "720ea07ea12d779d",
}


def test_every_table_is_pinned() -> None:
    assert sorted(PINNED) == sorted(TABLES)


@pytest.mark.parametrize("table", TABLES)
def test_golden_hash_of_seeded_play(table: str) -> None:
    assert digest(table) == PINNED[table]
