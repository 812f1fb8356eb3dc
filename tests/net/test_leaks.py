"""The leak check catches a leak: a server that adds one card of another hand to a view
fails the same check that whole games pass (test_game.py)."""

from __future__ import annotations

import random

import pytest

from canasta.engine import GameState, PlayerView, preset, view
from canasta.engine.record import make_record
from canasta.net import table as table_module
from canasta.net.server import TableServer

from .helpers import check_seen, join_all, play_humans


async def test_a_planted_leak_is_caught(
    server: TableServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    def leaky(state: GameState, seat: int) -> PlayerView:
        seen = view(state, seat)
        if state.phase.value != "play":
            return seen
        neighbour = state.hands[(seat + 1) % state.rules.players]
        return seen._replace(hand=(*seen.hand, neighbour[0]))

    monkeypatch.setattr(table_module, "view", leaky)
    rules = preset("classic")
    table = server.open_table(rules=rules, seats=["human"] * 4, seed=5)
    clients = await join_all(table.links)
    await play_humans(clients, done=lambda u: u.view.phase == "play", rng=random.Random(1))
    record = make_record(table.session.initial, table.session.actions)
    for client in clients:
        with pytest.raises(AssertionError, match="differs from the engine's view"):
            check_seen(client.updates, record, table.session.initial)
