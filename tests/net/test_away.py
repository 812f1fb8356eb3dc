"""A seat whose person drops is waited for, then played by a bot, and handed back."""

from __future__ import annotations

import asyncio

from canasta.engine import preset
from canasta.net.server import TableServer
from canasta.net.wire import Act, TableStatus, Update, Welcome

from .helpers import Client, fall_asleep, join_all, take_turn

AWAY = 0.3
SOUTH, WEST = 0, 1


async def test_a_bot_plays_an_away_seat_until_its_person_is_back(server: TableServer) -> None:
    rules = preset("classic", 2)
    table = server.open_table(rules=rules, seats=["human", "human"], seed=4, away_timeout=AWAY)
    south, west = await join_all(table.links)
    assert table.session.state.to_move == SOUTH
    mark = len(south.messages)
    await west.close()

    gone = await south.next(TableStatus, after=mark)
    assert not gone.seats[WEST].connected and not gone.seats[WEST].bot_playing
    assert gone.seats[WEST].away is not None and 0 < gone.seats[WEST].away <= AWAY
    await take_turn(south)
    # West's turn: nobody is there, so after the away timeout its bot plays it...
    taken = await south.until(lambda m: isinstance(m, TableStatus) and m.seats[WEST].bot_playing)
    assert isinstance(taken, TableStatus) and taken.seats[WEST].away == 0
    back_to_south = await south.until(lambda m: isinstance(m, Update) and bool(m.legal))
    assert isinstance(back_to_south, Update)
    west_moves = [a for a in table.session.actions[-3:] if str(a) != "draw"]
    assert west_moves, "the bot played West's turn"

    # ... and the person who comes back has the seat again.
    mark = len(south.messages)
    again = await Client(west.link, device=west.device).connect()
    welcome = await again.next(Welcome)
    assert welcome.seats[WEST].connected and not welcome.seats[WEST].bot_playing
    status = await south.next(TableStatus, after=mark)
    assert status.seats[WEST].connected and status.seats[WEST].away is None
    await take_turn(south)
    waiting = await again.until(lambda m: isinstance(m, Update) and bool(m.legal))
    assert isinstance(waiting, Update)
    moves = len(table.session.actions)
    await asyncio.sleep(3 * AWAY)
    assert len(table.session.actions) == moves, "a bot played a seat whose person is there"
    mark = len(south.messages)
    await again.send(Act(action=waiting.legal[0]))
    assert (await south.next(Update, after=mark)).events


async def test_a_device_that_stops_answering_is_dropped_by_the_pings() -> None:
    async with TableServer(ping_interval=0.1, ping_timeout=0.1) as server:
        table = server.open_table(rules=preset("classic", 2), seats=["human", "human"])
        (south,) = await join_all(table.links[:1])
        west = table.links[WEST]
        assert west is not None
        asleep = await fall_asleep(west, device="laptop")
        came = await south.until(lambda m: isinstance(m, TableStatus) and m.seats[WEST].connected)
        gone = await south.until(
            lambda m: isinstance(m, TableStatus) and not m.seats[WEST].connected,
            start=south.messages.index(came),
        )
        assert isinstance(gone, TableStatus) and gone.seats[WEST].away is not None
        asleep.close()
