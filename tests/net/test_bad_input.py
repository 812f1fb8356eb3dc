"""Nobody gets in where they don't belong, and bad messages change nothing: each is
answered with one error (or, before joining, a refusal) and the table plays on."""

from __future__ import annotations

import asyncio
import json

import pytest

from canasta.engine import preset
from canasta.net.client import TableClient
from canasta.net.server import HARD_LIMIT, TableServer
from canasta.net.table import Table
from canasta.net.wire import (
    MAX_MESSAGE_BYTES,
    TAKEN_OVER,
    Act,
    Error,
    Join,
    JoinLink,
    Ready,
    Refused,
    ServerMessage,
    Undo,
    Update,
    Welcome,
)

from .helpers import Client, join_all

POLICY = 1008


def _table(server: TableServer) -> Table:
    return server.open_table(rules=preset("classic"), seats=["human"] * 4, seed=3)


def _link(table: Table, seat: int = 0) -> JoinLink:
    link = table.links[seat]
    assert link is not None
    return link


async def _refused(client: Client) -> Refused:
    """The client's one message, a refusal, after which the server closed."""
    refusal = await client.next(Refused)
    await asyncio.wait_for(client.closed.wait(), 5)
    assert client.messages == [refusal]
    assert client.close_code == POLICY
    return refusal


@pytest.mark.parametrize(
    ("first", "says"),
    [
        (Join(token="not-the-token-of-any-seat", device="d"), "opens no seat"),
        ('{"type": "join", "device": "d"}', "not a table message"),
        ('{"type": "join", "token": "", "device": "d"}', "not a table message"),
        ("{garbage", "not a table message"),
        (Act(action="draw"), "first message must be a join"),
        (Join(token="x", device="d", protocol=99), "speaks protocol 1, not 99"),
    ],
    ids=["wrong token", "missing token", "empty token", "garbage", "no join", "version"],
)
async def test_a_bad_join_is_refused_with_no_view(
    server: TableServer, first: object, says: str
) -> None:
    table = _table(server)
    client = await Client(_link(table)).connect(join=False)
    await client.send(first)
    refusal = await _refused(client)
    assert says in refusal.message
    assert refusal.message.endswith(".")
    assert table.links[0] is not None  # the seat is still free:
    assert (await join_all(table.links[:1]))[0].updates


async def test_an_unknown_table_and_a_silent_connection_are_refused() -> None:
    async with TableServer("127.0.0.1", 0, join_timeout=0.2) as server:
        table = _table(server)
        link = _link(table)
        elsewhere = Client(link, url=link.url.replace(table.id, "nosuchtable"))
        await elsewhere.connect(join=False)
        assert "no table" in (await _refused(elsewhere)).message
        silent = await Client(link).connect(join=False)
        assert "No join came" in (await _refused(silent)).message


async def test_bad_messages_get_one_error_each_and_change_nothing(server: TableServer) -> None:
    table = _table(server)
    south, west, _, _ = await join_all(table.links)
    before = table.session.state
    assert before.to_move == 0
    bad: list[tuple[Client, object, str]] = [
        (south, "{garbage", "malformed"),
        (south, json.dumps({"type": "shout"}), "malformed"),
        (south, b"\xff\xfe", "malformed"),
        (south, Act(action="x" * 1000), "notation"),
        (south, json.dumps({"type": "act", "action": "d" * (MAX_MESSAGE_BYTES + 10)}), "malformed"),
        (south, Act(action="fly away"), "notation"),
        (south, Act(action="discard h4"), "illegal"),
        (south, Undo(), "state"),
        (south, Ready(), "state"),
        (south, Join(token=_link(table).token, device="device-0"), "malformed"),
        (west, Act(action="draw"), "turn"),
    ]
    for client, message, reason in bad:
        sent = len(client.messages)
        error = await client.reply(message, Error)
        assert error.reason == reason, (message, error)
        assert error.message.endswith((".", ")")), error.message
        assert table.session.state is before and not table.session.actions
        assert not [m for m in client.messages[sent:] if not isinstance(m, Error)]
    illegal = next(e for e in south.errors if e.reason == "illegal")
    assert illegal.rule
    # One error for each bad message, and the connection plays on.
    assert len(south.errors) == len([b for b in bad if b[0] is south])
    await south.send(Act(action="draw"))
    drawn = await south.updates_at_least(2)
    assert drawn.view.phase == "play"
    assert (await west.updates_at_least(2)).events


async def test_a_frame_past_the_hard_limit_closes_only_that_connection(
    server: TableServer,
) -> None:
    table = _table(server)
    south, west, _, _ = await join_all(table.links)
    await south.send("x" * (HARD_LIMIT + 1))
    await asyncio.wait_for(south.closed.wait(), 5)
    assert south.close_code == 1009
    await west.until(lambda m: not m.seats[0].connected if hasattr(m, "seats") else False)
    again = await Client(_link(table), device="device-0").connect()
    await again.next(Update)
    mark = len(west.messages)
    await again.send(Act(action="draw"))
    assert (await west.next(Update, after=mark)).events


async def test_a_second_device_is_refused_and_the_same_device_takes_over(
    server: TableServer,
) -> None:
    table = _table(server)
    first = (await join_all(table.links[:1]))[0]
    other = await Client(_link(table), device="someone-else").connect()
    refusal = await _refused(other)
    assert "Another device already plays South" in refusal.message
    assert not first.closed.is_set()

    again = await Client(_link(table), device=first.device).connect()
    welcome = await again.next(Welcome)
    assert welcome.seq == 1 and welcome.seat == 0
    await asyncio.wait_for(first.closed.wait(), 5)
    assert first.close_code == TAKEN_OVER
    assert (await again.reply(Act(action="draw"), Update)).view.phase == "play"
    assert table.session.actions


async def test_two_joins_of_one_device_do_not_hand_the_seat_to_and_fro(
    server: TableServer,
) -> None:
    # Two 'canasta join' of one link on one machine: the second takes the seat over, and the
    # first stops rather than join again and take it back (which the second then would).
    link = _link(_table(server))
    first, second = TableClient(link, device="laptop"), TableClient(link, device="laptop")
    heard: list[ServerMessage] = []
    running = asyncio.create_task(first.run(heard.append))
    async with asyncio.timeout(10):
        while not first.connected:
            await asyncio.sleep(0.01)
        taking_over = asyncio.create_task(second.run(lambda message: None))
        await running
        while not second.connected:
            await asyncio.sleep(0.01)
    assert isinstance(heard[-1], Refused)
    assert heard[-1].message == "South's seat was joined again from this device: play on there."
    await asyncio.sleep(0.5)  # time for a few rejoins, were there any
    assert second.connected and not first.connected
    await second.close()
    await asyncio.wait_for(taking_over, 10)


async def test_a_flood_is_answered_once_and_then_closed() -> None:
    async with TableServer("127.0.0.1", 0) as server:  # the real limits
        table = _table(server)
        west = (await join_all(table.links[1:2]))[0]
        for _ in range(400):
            if west.closed.is_set():
                break
            await west.send(Undo())
        await asyncio.wait_for(west.closed.wait(), 5)
        assert west.close_code == POLICY
        reasons = [error.reason for error in west.errors]
        assert reasons.count("rate") == 1
        assert len(reasons) <= 400
        assert not table.session.actions
