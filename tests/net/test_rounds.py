"""Between rounds and games every person present says ready; a mover takes a meld back."""

from __future__ import annotations

import random

from canasta.engine import preset
from canasta.net.server import TableServer
from canasta.net.table import Table
from canasta.net.wire import Act, Error, Ready, Undo, Update

from .helpers import Client, can_go_out, join_all, play_humans


async def _round_over(server: TableServer, target: int) -> tuple[Table, list[Client]]:
    rules = preset("classic", 2)._replace(target_score=target)
    table = server.open_table(rules=rules, seats=["human", "human"], seed=21)
    clients = await join_all(table.links)
    await play_humans(
        clients, done=lambda u: u.view.phase in ("round_over", "game_over"), rng=random.Random(4)
    )
    return table, clients


async def test_the_next_round_waits_for_everyone_present(server: TableServer) -> None:
    _, (south, west) = await _round_over(server, 100_000)
    told = await south.reply(Ready(), Update)
    assert told.ready == [0] and told.view.phase == "round_over" and not told.events
    # West hears who is ready, and nothing is dealt before West is.
    heard = await west.until(lambda m: isinstance(m, Update) and m.ready == [0])
    assert isinstance(heard, Update) and heard.view.phase == "round_over"
    dealt = await west.reply(Ready(), Update)
    assert dealt.view.round == 2 and dealt.ready == []
    assert any(event["type"] == "round_dealt" for event in dealt.events)


async def test_a_person_who_leaves_is_not_waited_for_between_rounds(server: TableServer) -> None:
    _, (south, west) = await _round_over(server, 100_000)
    await south.reply(Ready(), Update)
    mark = len(south.messages)
    await west.close()
    dealt = await south.until(lambda m: isinstance(m, Update) and m.view.round == 2, start=mark)
    assert isinstance(dealt, Update) and dealt.events


async def test_after_the_game_everyone_ready_starts_the_next_game(server: TableServer) -> None:
    table, (south, west) = await _round_over(server, 1)
    assert south.updates[-1].view.phase == "game_over"
    seed = table.session.initial.seed
    await south.reply(Ready(), Update)
    fresh = await west.reply(Ready(), Update)
    assert fresh.view.phase == "draw" and fresh.view.round == 1 and fresh.view.history == []
    assert table.session.initial.seed == seed + 1
    assert not table.session.actions


async def test_the_mover_takes_a_meld_back(server: TableServer) -> None:
    table = server.open_table(rules=preset("classic"), seats=["human"] * 4)
    table.session = can_go_out()
    south, west, *_ = await join_all(table.links)
    before = south.updates[-1]
    melded = await south.reply(Act(action="meld c9 d9 h9"), Update)
    assert melded.can_undo and melded.view.hand == ["h4"]
    assert not (await west.updates_at_least(2)).can_undo
    assert (await west.reply(Undo(), Error)).reason == "state"
    undone = await south.reply(Undo(), Update)
    assert undone.events == [] and not undone.can_undo and undone.undone == "meld c9 d9 h9"
    # Every seat is told what was taken back, as it was told of the meld.
    heard = await west.until(lambda m: isinstance(m, Update) and m.undone is not None)
    assert isinstance(heard, Update) and heard.undone == "meld c9 d9 h9" and not heard.events
    assert undone.view == before.view and undone.legal == before.legal
    assert not table.session.actions
    assert (await south.reply(Undo(), Error)).reason == "state"
