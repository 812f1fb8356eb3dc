"""Whole games over real WebSocket connections, every seat a person on a device of its
own; each message every client got is then checked against the engine (the leak check)."""

from __future__ import annotations

import random

import pytest

from canasta.engine import Phase, preset
from canasta.engine.record import make_record
from canasta.net.server import TableServer
from canasta.net.wire import Welcome

from .helpers import check_seen, join_all, play_humans

#: One round decides the game (random play ends a round in about 150 actions).
QUICK = 1


@pytest.mark.parametrize(
    ("system", "players"), [("classic", 4), ("classic", 2), ("railroad", 3), ("classic", 6)]
)
async def test_people_play_a_whole_game_and_each_sees_only_its_view(
    server: TableServer, system: str, players: int
) -> None:
    rules = preset(system, players)._replace(target_score=QUICK)
    table = server.open_table(rules=rules, seats=["human"] * players, seed=11)
    clients = await join_all(table.links)
    for seat, client in enumerate(clients):
        welcome = client.messages[0]
        assert isinstance(welcome, Welcome) and welcome.seat == seat and welcome.seq == 1
        assert welcome.rules["target_score"] == QUICK

    last = await play_humans(
        clients, done=lambda u: u.view.phase == "game_over", rng=random.Random(players)
    )

    state = table.session.state
    assert state.phase is Phase.GAME_OVER
    assert last.view.winner == state.winner is not None
    record = make_record(table.session.initial, table.session.actions)
    for client in clients:
        assert not client.errors
        check_seen(client.updates, record, table.session.initial)
