"""A table file's journal: changes and undos appended line by line load back on top of the
table file; a compaction (the file written whole, then the journal emptied) is harmless
when a crash falls between its two steps; a last line torn by a power cut is dropped; any
other bad line is refused in one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.engine import preset
from canasta.engine.record import GameRecord, make_record
from canasta.persist import LoadError, SavedGame, TableFile, held_record, load_table, save_table
from canasta.persist.journal import Change, Journal, journal_path

from .helpers import assert_one_sentence, play, session

#: A game of four played at random to its 30th action, still in its first round.
PLAYED = play(3, rules=preset("classic"), until=lambda state, n: n >= 30)
ACTIONS = [str(action) for action in PLAYED.actions]


def _table(record: GameRecord, changes: int = 0) -> TableFile:
    return TableFile(
        table="abc",
        tokens=["t" * 22, None, None, None],
        kinds=["human", "normal", "normal", "normal"],
        away_timeout=60,
        changes=changes,
        game=SavedGame(session=session(), record=record),
    )


def _written(path: Path, count: int, changes: int = 0) -> None:
    """The table file at the game's first ``count`` actions, holding changes to ``changes``."""
    save_table(path, _table(make_record(PLAYED.initial, PLAYED.actions[:count]), changes))


def _journal(path: Path, changes: list[Change]) -> Journal:
    journal = Journal(path)
    for change in changes:
        journal.append(change)
    return journal


def test_changes_and_an_undo_load_on_top_of_the_table_file(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    _written(path, 10)
    journal = _journal(
        path,
        [Change(n, n + 9, ACTIONS[n + 9]) for n in range(1, 6)]  # actions 11 to 15
        + [Change(6, 14)]  # an undo: action 15 taken back
        + [Change(7, 14, ACTIONS[14]), Change(8, 15, ACTIONS[15])],
    )
    journal.close()

    stored = load_table(path)

    assert stored is not None
    assert stored.game.record.actions == ACTIONS[:16] and stored.changes == 8
    assert json.loads(journal_path(path).read_text().splitlines()[5]) == {"n": 6, "at": 14}
    assert len(json.loads(path.read_text())["game"]["record"]["actions"]) == 10


def test_an_undo_at_the_end_cuts_the_actions(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    _written(path, 12)
    _journal(path, [Change(1, 11)]).close()

    stored = load_table(path)

    assert stored is not None and stored.game.record.actions == ACTIONS[:11]


def test_a_compaction_keeps_only_the_later_lines(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    _written(path, 0)
    journal = _journal(path, [Change(n, n - 1, ACTIONS[n - 1]) for n in range(1, 21)])

    _written(path, 15, changes=15)  # the file written whole at change 15 ...
    journal.keep_after(15)  # ... then the journal holds only what came after
    journal.append(Change(21, 20, ACTIONS[20]))
    journal.close()

    lines = journal_path(path).read_text().splitlines()
    assert [json.loads(line)["n"] for line in lines] == [16, 17, 18, 19, 20, 21]
    stored = load_table(path)
    assert stored is not None and stored.game.record.actions == ACTIONS[:21]


def test_a_crash_between_the_whole_write_and_the_journal_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    _written(path, 0)
    changes = [Change(1, 0, ACTIONS[0]), Change(2, 1, ACTIONS[1]), Change(3, 1)]
    changes += [Change(n, n - 3, ACTIONS[n - 3]) for n in range(4, 20)]  # to 17 actions
    _journal(path, changes).close()
    # The file was written whole at change 12 (10 actions), then the process died before
    # the journal was emptied: every line is still there, the first twelve held already.
    _written(path, 10, changes=12)

    stored = load_table(path)

    assert stored is not None
    assert stored.game.record.actions == ACTIONS[:17] and stored.changes == 19


def test_an_emptied_journal_goes_and_the_table_file_is_all(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    _written(path, 0)
    journal = _journal(path, [Change(1, 0, ACTIONS[0])])
    _written(path, 1, changes=1)

    journal.keep_after(1)

    assert not journal_path(path).exists()
    stored = load_table(path)
    assert stored is not None and stored.game.record.actions == ACTIONS[:1]


@pytest.mark.parametrize(
    "torn",
    [b'{"n":4,"at":3,"act', b'{"n":4,"at":3,"act\n', b"\0\0\0\0\0\0", b"\n"],
    ids=["cut short", "cut short, then a newline", "zeros", "an empty line"],
)
def test_a_last_line_torn_by_a_power_cut_is_dropped(tmp_path: Path, torn: bytes) -> None:
    path = tmp_path / "table.json"
    _written(path, 0)
    _journal(path, [Change(n, n - 1, ACTIONS[n - 1]) for n in range(1, 4)]).close()
    with journal_path(path).open("ab") as handle:
        handle.write(torn)

    stored = load_table(path)

    assert stored is not None and stored.game.record.actions == ACTIONS[:3]


@pytest.mark.parametrize(
    ("middle", "says"),
    [
        (b"garbage\n", "cannot be used at line 2"),
        (b'{"n":2,"at":1,"action":7}\n', "its action is not a text of notation"),
        (b'{"n":2,"at":-1}\n', "its at is not a number of 0 or more"),
        (b'{"n":9,"at":1,"action":"draw"}\n', "skips from change 1 to 9 at line 2"),
        (b'{"n":2,"at":5,"action":"draw"}\n', "keeps 5 actions where there are 1 at line 2"),
    ],
    ids=["not json", "action", "at", "a gap", "a cut beyond the end"],
)
def test_a_bad_line_before_the_last_is_refused_in_one_sentence(
    tmp_path: Path, middle: bytes, says: str
) -> None:
    path = tmp_path / "table.json"
    _written(path, 0)
    file = journal_path(path)
    file.write_bytes(Change(1, 0, ACTIONS[0]).line() + middle + Change(3, 2, ACTIONS[2]).line())
    before = file.read_bytes()

    with pytest.raises(LoadError) as caught:
        load_table(path)

    assert says in caught.value.sentence and "table.json.journal" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)
    assert file.read_bytes() == before and path.exists()  # nothing moved or changed


def test_a_journal_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    _written(path, 0)
    _journal(path, [Change(1, 0, "meld h4 h4 h4")]).close()

    with pytest.raises(LoadError) as caught:
        load_table(path)

    assert "does not replay" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)


def test_a_sync_flushes_and_nothing_is_left_to_sync(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    journal = _journal(path, [Change(1, 0, ACTIONS[0])])
    assert journal.unsynced

    journal.sync()

    assert not journal.unsynced and len(journal) == 1
    journal.close()


def test_the_game_a_table_file_holds_includes_its_journal(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    _written(path, 10)
    _journal(path, [Change(n, n + 9, ACTIONS[n + 9]) for n in range(1, 4)]).close()
    held = held_record(path)
    assert held is not None
    assert list(held.actions) == ACTIONS[:13]
    assert held_record(tmp_path / "none.json") is None
    other = tmp_path / "record.json"
    other.write_text(make_record(PLAYED.initial, PLAYED.actions).to_json(), encoding="utf-8")
    assert held_record(other) is None  # a record is not held: read it as one
