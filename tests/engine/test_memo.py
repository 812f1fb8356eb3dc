"""The engine's bounded memo (one rule set at a time, two generations of a bounded size,
emptied by ``clear_caches``) and what the engine leaves out of the garbage collections."""

from __future__ import annotations

import random
import subprocess
import sys

from canasta.engine.cards import WILD_RANK, parse_cards
from canasta.engine.kinds import KINDS, kinds_missing, kinds_of
from canasta.engine.melds import Meld
from canasta.engine.memo import FULL_COLLECTION_EVERY, BoundedMemo, clear_caches
from canasta.engine.rules import classic, preset


def test_a_bounded_memo_keeps_one_rule_sets_answers() -> None:
    memo: BoundedMemo[int, str] = BoundedMemo(8)
    table = memo.table(classic)
    table[1] = "one"
    assert memo.table(classic) is table
    other = memo.table(preset("traditional"))
    assert other == {}
    assert memo.recall(1) is None, "answers for another rule set must not come back"
    assert memo.table(classic) == {}
    assert memo.recall(1) is None


def test_a_bounded_memo_starts_a_new_generation_once_past_its_size() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(3)
    table = memo.table(classic)
    table.update({n: n for n in range(3)})
    assert memo.table(classic) is table, "at its size the memo keeps its answers"
    assert memo.recall(0) is None, "nothing is older than the first generation"
    table[3] = 3
    current = memo.table(classic)
    assert current == {}
    # The full generation still answers; what is asked again is filed in the new one.
    assert memo.recall(2) == 2
    current[2] = 2
    current.update({n: n for n in range(10, 13)})
    # The next turn keeps the new generation (2 among it) and drops the rest of the old.
    assert memo.table(classic) == {}
    assert memo.recall(2) == 2
    assert memo.recall(0) is None


def test_clear_caches_empties_a_bounded_memo() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(1)
    memo.table(classic).update({1: 1, 2: 2})
    memo.table(classic)[3] = 3
    clear_caches()
    assert memo.table(classic) == {}
    assert memo.recall(1) is None


def test_the_engine_leaves_what_it_loaded_out_of_the_collections() -> None:
    code = (
        "import gc; before = gc.get_freeze_count(); import canasta.engine; "
        "print(before, gc.get_freeze_count())"
    )
    before, after = map(
        int,
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split(),
    )
    assert before == 0
    assert after > 1000, "the modules the engine loaded are frozen"


def test_the_engine_makes_full_collections_rarer_and_keeps_the_other_thresholds() -> None:
    code = (
        "import gc; gc.set_threshold(500, 7, 10); import canasta.engine; print(*gc.get_threshold())"
    )
    thresholds = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert list(map(int, thresholds)) == [500, 7, FULL_COLLECTION_EVERY]
    assert FULL_COLLECTION_EVERY >= 100


def test_the_kinds_of_a_tuple_of_melds_are_remembered_by_that_tuple_alone() -> None:
    # Each tuple is dropped once asked: a memo by identity that did not hold its tuples
    # would answer the next tuple, often built at the same address, with the last one's.
    rules = preset("railroad", 3)
    red = Meld.build(9, parse_cards("h9 c9 d9 s9 h9 c9 d9"))
    black = Meld.build(13, parse_cards("h13 c13 d13 s13 h13 h2 jk"))
    wild = Meld.build(WILD_RANK, parse_cards("jk jk h2 c2 d2 s2 h2"))
    open_nines = Meld.build(9, parse_cards("h9 c9 d9"))
    choices = [red, black, wild, open_nines]
    rng = random.Random(3)
    for _ in range(500):
        melds = [rng.choice(choices) for _ in range(rng.randrange(5))]
        expected = tuple(
            kind for kind, meld in (("red", red), ("black", black), ("wild", wild)) if meld in melds
        )
        missing = tuple(kind for kind in KINDS if kind not in expected)
        assert kinds_missing(tuple(melds), rules) == missing
        assert kinds_of(tuple(melds), rules) == frozenset(expected)
        assert kinds_missing(melds, rules) == missing, "a list is asked afresh"
    assert kinds_missing((red,), classic) == ("black", "wild", "sevens")
