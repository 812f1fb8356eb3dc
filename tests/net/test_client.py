"""The table client on its own, against a scripted WebSocket server on a free loopback
port: it joins with the seat's token and one device name, hands on every message, comes
back by itself after a drop (and after a message went missing) with a backoff that doubles,
stops for good after a refusal, and sends nothing while it is not joined."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from websockets.asyncio.server import ServerConnection, serve

from canasta.engine import start_game, view
from canasta.net.client import TableClient
from canasta.net.wire import (
    TAKEN_OVER,
    Act,
    JoinLink,
    Refused,
    ServerMessage,
    Update,
    Welcome,
    parse_client_message,
)
from canasta.protocol.messages import view_message

#: Every wait in these tests is bounded: a client that does not come back fails, not hangs.
WAIT = 10.0

Script = Callable[[ServerConnection, int], Awaitable[None]]


def welcome(seq: int = 1) -> str:
    return Welcome(
        seq=seq, table="t1", seat=0, rules={}, seats=[], away_timeout=None
    ).model_dump_json()


def update(seq: int) -> str:
    state, _ = start_game(seed=1)
    return Update(
        seq=seq, events=[], view=view_message(view(state, 0)), legal=["draw"], seats=[]
    ).model_dump_json()


class Table:
    """A scripted server: records each join, then plays ``script`` on the connection (the
    connection's number, from 0, tells the script which one it is)."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.joins: list[dict[str, str]] = []
        self.received: list[str] = []

    async def handle(self, connection: ServerConnection) -> None:
        join = parse_client_message(await connection.recv())
        self.joins.append(json.loads(join.model_dump_json()))
        await self.script(connection, len(self.joins) - 1)


@asynccontextmanager
async def table(script: Script) -> AsyncIterator[tuple[Table, JoinLink]]:
    scripted = Table(script)
    async with serve(scripted.handle, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        yield scripted, JoinLink.parse(f"ws://127.0.0.1:{port}/table/t1#secret")


async def listen(connection: ServerConnection, into: list[str]) -> None:
    async for frame in connection:
        into.append(str(frame))


async def test_a_dropped_client_joins_again_with_its_token_and_device() -> None:
    async def script(connection: ServerConnection, number: int) -> None:
        await connection.send(welcome())
        await connection.send(update(2))
        if number == 0:
            await connection.close()  # the first connection drops after its update
            return
        await listen(connection, scripted.received)

    got: list[ServerMessage] = []
    drops: list[str] = []
    async with table(script) as (scripted, link):
        client = TableClient(link, device="laptop")
        runner = asyncio.create_task(client.run(got.append, drops.append))
        async with asyncio.timeout(WAIT):
            while len(got) < 4 or not client.connected:
                await asyncio.sleep(0.01)
            assert await client.send(Act(action="draw"))
            while not scripted.received:
                await asyncio.sleep(0.01)
        await client.close()
        await asyncio.wait_for(runner, WAIT)
    assert [type(message).__name__ for message in got] == ["Welcome", "Update"] * 2
    assert [join["token"] for join in scripted.joins] == ["secret", "secret"]
    assert [join["device"] for join in scripted.joins] == ["laptop", "laptop"]
    assert len(drops) == 1 and drops[0].startswith("The table closed the connection")
    assert json.loads(scripted.received[0]) == {"type": "act", "action": "draw"}
    assert not client.connected


async def test_a_refusal_ends_the_client_for_good() -> None:
    async def script(connection: ServerConnection, number: int) -> None:
        await connection.send(Refused(message="That link's token is wrong.").model_dump_json())
        await connection.close()

    got: list[ServerMessage] = []
    async with table(script) as (scripted, link):
        client = TableClient(link)
        await asyncio.wait_for(client.run(got.append), WAIT)
    assert got == [Refused(message="That link's token is wrong.")]
    assert len(scripted.joins) == 1
    assert not await client.send(Act(action="draw"))


async def test_a_seat_taken_over_by_the_same_device_ends_the_client_for_good() -> None:
    sentence = "South's seat was joined again from this device: play on there."

    async def script(connection: ServerConnection, number: int) -> None:
        await connection.send(welcome())
        await connection.close(TAKEN_OVER, sentence)

    got: list[ServerMessage] = []
    drops: list[str] = []
    async with table(script) as (scripted, link):
        client = TableClient(link)
        await asyncio.wait_for(client.run(got.append, drops.append), WAIT)
    assert got[-1] == Refused(message=sentence)
    assert len(scripted.joins) == 1 and drops == []
    assert not client.connected


async def test_a_missing_message_makes_the_client_join_again() -> None:
    async def script(connection: ServerConnection, number: int) -> None:
        await connection.send(welcome())
        await connection.send(update(3 if number == 0 else 2))  # seq 2 went missing
        await listen(connection, [])

    got: list[ServerMessage] = []
    async with table(script) as (scripted, link):
        client = TableClient(link)
        runner = asyncio.create_task(client.run(got.append))
        async with asyncio.timeout(WAIT):
            while len(got) < 3:
                await asyncio.sleep(0.01)
        await client.close()
        await asyncio.wait_for(runner, WAIT)
    assert [type(message).__name__ for message in got] == ["Welcome", "Welcome", "Update"]
    assert len(scripted.joins) == 2


class _Top(random.Random):
    """Jitter at its top: each pause is the whole delay."""

    def random(self) -> float:
        return 0.9999


async def test_a_table_out_of_reach_is_tried_again_after_doubling_pauses() -> None:
    async with table(lambda connection, number: connection.close()) as (_, link):
        pass  # the server is gone: its port refuses connections
    drops: list[str] = []
    client = TableClient(link, rng=_Top())
    runner = asyncio.create_task(client.run(lambda message: None, drops.append))
    async with asyncio.timeout(WAIT):
        while len(drops) < 3:
            await asyncio.sleep(0.01)
    await client.close()
    await asyncio.wait_for(runner, WAIT)
    assert [drop.rsplit(" in ", 1)[1] for drop in drops[:3]] == ["0.2 s.", "0.4 s.", "0.8 s."]
    assert drops[0].startswith("The table cannot be reached")
    assert not await client.send(Act(action="draw"))
