"""The engine's bounded memo: one rule set at a time, a bounded size, emptied by
``clear_caches``."""

from __future__ import annotations

from canasta.engine.memo import BoundedMemo, clear_caches
from canasta.engine.rules import classic, preset


def test_a_bounded_memo_keeps_one_rule_sets_answers() -> None:
    memo: BoundedMemo[int, str] = BoundedMemo(8)
    table = memo.table(classic)
    table[1] = "one"
    assert memo.table(classic) is table
    other = memo.table(preset("traditional"))
    assert other == {}
    assert memo.table(classic) == {}, "answers for another rule set must not come back"


def test_a_bounded_memo_starts_empty_once_past_its_size() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(3)
    table = memo.table(classic)
    table.update({n: n for n in range(3)})
    assert memo.table(classic) is table, "at its size the memo keeps its answers"
    table[3] = 3
    assert memo.table(classic) == {}


def test_clear_caches_empties_a_bounded_memo() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(8)
    memo.table(classic)[1] = 1
    clear_caches()
    assert memo.table(classic) == {}
