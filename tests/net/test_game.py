"""Whole games over real WebSocket connections: four people, and a table of two."""

from __future__ import annotations

import random

from canasta.engine import Phase, preset
from canasta.engine.record import make_record
from canasta.net.server import TableServer
from canasta.net.wire import Welcome

from .helpers import Client, check_seen, play_humans

#: One round decides the game (random play ends a round with about 150 actions).
QUICK = 1


async def test_four_people_play_a_whole_game(server: TableServer) -> None:
    rules = preset("classic")._replace(target_score=QUICK)
    table = server.open_table(rules=rules, seats=["human"] * 4, seed=11)
    clients = [
        await Client(link, device=f"d{n}").connect()
        for n, link in enumerate(table.links)
        if link is not None
    ]
    for seat, client in enumerate(clients):
        welcome = await client.next(Welcome) if not client.messages else client.messages[0]
        assert isinstance(welcome, Welcome) and welcome.seat == seat and welcome.seq == 1
    last = await play_humans(
        clients, done=lambda u: u.view.phase == "game_over", rng=random.Random(5)
    )
    assert table.session.state.phase is Phase.GAME_OVER
    assert last.view.winner == table.session.state.winner
    record = make_record(table.session.initial, table.session.actions)
    for client in clients:
        check_seen(client.updates, record, table.session.initial)
        assert not client.errors
