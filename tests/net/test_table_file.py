"""The table file and its journal: every action in them before anyone hears of it, resumed
with the same id, tokens and game, and refused in one sentence when it cannot be used."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from canasta.engine import CanastaError, preset
from canasta.net import outbox
from canasta.net.server import TableServer
from canasta.net.wire import Ready, ServerMessage, Update
from canasta.persist import LoadError, held_record, load_table
from canasta.persist.journal import journal_path

from .helpers import Client, join_all, play_humans


async def test_every_update_a_client_gets_is_on_disk_first(
    server: TableServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table file is written whole every 7 journal lines here (not 200), so updates
    # arrive while compactions are under way too.
    monkeypatch.setattr(outbox, "COMPACT_LINES", 7)
    file = tmp_path / "table.json"
    table = server.open_table(rules=preset("classic"), seats=["human"] * 4, table_file=file)
    clients = await join_all(table.links)
    checked: list[int] = []
    only_in_journal: list[int] = []

    def on_disk(client: Client, message: ServerMessage) -> None:
        if isinstance(message, Update):
            stored = load_table(file)
            assert stored is not None
            # One update per action after the join's: the files hold every action seen.
            seen = len(client.updates) - 1
            assert len(stored.game.record.actions) >= seen
            played = [str(action) for action in table.session.actions[:seen]]
            assert stored.game.record.actions[:seen] == played
            whole = json.loads(file.read_text())["game"]["record"]["actions"]
            only_in_journal.append(seen - len(whole))
            checked.append(len(client.updates))

    for client in clients:
        client.watch = on_disk
    await play_humans(clients, done=lambda u: len(clients[0].updates) > 40, rng=random.Random(9))
    assert len(checked) >= 4 * 40
    # The journal, not a whole write, held most of what the clients saw: one line per
    # action, and the file written whole only every 7 of them.
    assert table.publisher.lines >= 40 and 3 <= table.publisher.writes <= 40 // 7 + 1
    assert max(only_in_journal) >= 1 and journal_path(file).exists()


async def test_a_deal_and_a_new_game_are_written_whole_and_the_journal_follows(
    server: TableServer, tmp_path: Path
) -> None:
    file = tmp_path / "table.json"
    rules = preset("classic", 2)._replace(target_score=1)  # one round is the game
    table = server.open_table(
        rules=rules, seats=["human"] * 2, table_file=file, seed=21, names=["Ann", "Bo"]
    )
    clients = await join_all(table.links)
    # The game's record names its players: `canasta replay` of the file shows them.
    held = held_record(file)
    assert held is not None and held.names == ["Ann", "Bo"]

    def stored_actions() -> list[str]:
        stored = load_table(file)
        assert stored is not None
        return stored.game.record.actions

    rng = random.Random(4)
    await play_humans(clients, done=lambda u: u.view.phase == "game_over", rng=rng)
    assert stored_actions() == [str(action) for action in table.session.actions]
    for client in clients:
        await client.send(Ready())
    await play_humans(clients, done=lambda u: u.view.phase == "play", rng=rng)

    # The new game is in the table file itself, and its first action in the journal.
    whole = json.loads(file.read_text())["game"]["record"]
    assert whole["seed"] == 22 and whole["actions"] == [] and whole["names"] == ["Ann", "Bo"]
    assert stored_actions() == ["draw"] == [str(a) for a in table.session.actions]
    assert len(journal_path(file).read_text().splitlines()) == 1


async def test_the_journal_is_synced_in_the_background_and_at_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox, "SYNC_SECONDS", 0.05)
    file = tmp_path / "table.json"
    async with TableServer(rate=10_000, burst=10_000) as server:
        table = server.open_table(rules=preset("classic"), seats=["human"] * 4, table_file=file)
        clients = await join_all(table.links)
        await play_humans(clients, done=lambda u: len(clients[0].updates) > 3, rng=random.Random(2))
        assert table.publisher.lines == 3
        for _ in range(200):  # bounded: 10 s at most
            if table.publisher.synced:
                break
            await asyncio.sleep(0.05)
        assert table.publisher.synced
        monkeypatch.setattr(outbox, "SYNC_SECONDS", 3600.0)  # only the close syncs now
        await play_humans(clients, done=lambda u: len(clients[0].updates) > 5, rng=random.Random(3))
        assert not table.publisher.synced
    assert table.publisher.synced


async def test_a_journal_left_beside_a_new_table_file_is_not_its_own(
    server: TableServer, tmp_path: Path
) -> None:
    file = tmp_path / "table.json"
    journal_path(file).write_text('{"n":1,"at":0,"action":"draw"}\n')
    server.open_table(rules=preset("classic"), seats=["human"] * 4, table_file=file)
    stored = load_table(file)
    assert stored is not None and stored.game.record.actions == []
    assert not journal_path(file).exists()


async def test_a_table_resumes_with_its_id_tokens_and_game(tmp_path: Path) -> None:
    file = tmp_path / "table.json"
    async with TableServer(rate=10_000, burst=10_000) as server:
        table = server.open_table(
            rules=preset("classic", 2), seats=["human", "normal"], table_file=file, seed=5
        )
        clients = await join_all(table.links)
        await play_humans(clients, done=lambda u: len(clients[0].updates) > 2, rng=random.Random(1))
        actions, state, links = list(table.session.actions), table.session.state, table.links
    async with TableServer() as server:
        again = server.resume_table(file)
        assert again.id == table.id and again.kinds == ("human", "normal")
        assert [link and link.token for link in again.links] == [x and x.token for x in links]
        assert again.session.actions == actions and again.session.state == state
        assert again.away_timeout == table.away_timeout
        with pytest.raises(CanastaError, match="is open here already"):
            server.resume_table(file)


def _valid(tmp_path: Path) -> dict[str, object]:
    return {
        "format": "canasta-table",
        "schema_version": 1,
        "table": "abc",
        "tokens": ["t" * 22, None],
        "kinds": ["human", "normal"],
        "away_timeout": 60,
        "game": {
            "session": {
                "seats": [
                    {"kind": "human", "name": "Ann"},
                    {"kind": "bot", "name": "Bo", "level": "normal"},
                ]
            },
            "record": {
                "rules": preset("classic", 2)._asdict(),
                "seed": 1,
                "decks": [],
                "actions": [],
            },
        },
    }


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: "{garbage", "is not valid JSON"),
        (lambda d: {**d, "format": "canasta-save"}, "is a saved game, not a table file"),
        (lambda d: {**d, "tokens": ["t" * 22]}, "one token and one kind for each of 2 seats"),
        (lambda d: {**d, "tokens": [None, None]}, "needs a token if and only if"),
        (lambda d: {**d, "kinds": ["human", "rm -rf"]}, "is invalid"),
        (lambda d: {**d, "address": {"host": "", "port": 0, "links": "ws://x:0"}}, "is invalid"),
        (lambda d: {**d, "ready": [1]}, "ready for the next deal must be distinct human seats"),
        (lambda d: {**d, "ready": [0, 0]}, "ready for the next deal must be distinct human"),
        (lambda d: {**d, "ready": [2]}, "ready for the next deal must be distinct human"),
        (
            lambda d: {
                **d,
                "game": {
                    **d["game"],
                    "record": {**d["game"]["record"], "actions": ["meld h4 h4 h4"]},
                },
            },
            "does not replay",
        ),
    ],
    ids=[
        "not json",
        "another file",
        "tokens",
        "token on a bot",
        "kind",
        "address",
        "a bot ready",
        "ready twice",
        "no such seat ready",
        "replay",
    ],
)
async def test_a_file_that_cannot_be_used_is_one_sentence(
    tmp_path: Path, change: object, says: str
) -> None:
    file = tmp_path / "table.json"
    data = change(_valid(tmp_path))  # type: ignore[operator]
    file.write_text(data if isinstance(data, str) else json.dumps(data))
    async with TableServer() as server:
        with pytest.raises(LoadError) as caught:
            server.resume_table(file)
        assert says in str(caught.value)
        assert str(caught.value).count(". ") == 0 and str(caught.value).endswith(".")
        assert file.exists() and not server.tables
        with pytest.raises(LoadError, match="There is no table file"):
            server.resume_table(tmp_path / "missing.json")


async def test_the_valid_sample_loads(tmp_path: Path) -> None:
    file = tmp_path / "table.json"
    file.write_text(json.dumps(_valid(tmp_path)))
    async with TableServer() as server:
        table = server.resume_table(file)
        assert table.session.names == ("Ann", "Bo")


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"seats": ["human"] * 3}, "needs one kind and one name for each seat"),
        ({"seats": ["human", "genius", "human", "human"]}, "no bot level 'genius'"),
        ({"names": ["Ann", "", "Cy", "Di"]}, "a player's name has 1 to 20"),
        ({"away_timeout": -1.0}, "An away timeout of -1 s is impossible"),
    ],
)
async def test_a_table_that_cannot_be_opened_is_one_sentence(
    server: TableServer, options: dict[str, object], says: str
) -> None:
    fields: dict[str, object] = {"rules": preset("classic"), "seats": ["human"] * 4, **options}
    with pytest.raises(CanastaError, match=says):
        server.open_table(**fields)  # type: ignore[arg-type]
    assert not server.tables


async def test_names_are_kept_as_the_table_file_keeps_them(server: TableServer) -> None:
    table = server.open_table(
        rules=preset("classic", 2), seats=["human", "human"], names=[" Ann ", "Bo"]
    )
    assert table.session.names == ("Ann", "Bo")


async def test_a_resumed_table_remembers_who_was_ready_for_the_next_deal(tmp_path: Path) -> None:
    file = tmp_path / "table.json"
    rules = preset("classic", 2)._replace(target_score=100_000)
    async with TableServer(rate=10_000, burst=10_000) as server:
        table = server.open_table(rules=rules, seats=["human"] * 2, table_file=file, seed=21)
        south, west = await join_all(table.links)
        await play_humans(
            [south, west], done=lambda u: u.view.phase == "round_over", rng=random.Random(4)
        )
        told = await south.reply(Ready(), Update)
        # South heard it once the table file held it.
        stored = load_table(file)
        assert told.ready == [0] and stored is not None and stored.ready == (0,)
    async with TableServer(rate=10_000, burst=10_000) as server:
        again = server.resume_table(file)
        # West comes back first, and hears that South has read the score sheet already.
        (west,) = await join_all([again.links[1]])
        back = west.updates[-1]
        assert back.view.phase == "round_over" and back.ready == [0]
        dealt = await west.reply(Ready(), Update)
        assert dealt.view.round == 2 and dealt.ready == []
