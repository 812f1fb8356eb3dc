"""A raw WebSocket test client that records every message, a driver that plays a table's
human seats to a goal, and the check that a seat saw exactly its engine view."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any

from tests.engine.helpers import position
from websockets.asyncio.client import ClientConnection, connect
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed
from websockets.uri import parse_uri

from canasta.engine import GameState, apply, view
from canasta.engine.record import GameRecord, replay_steps
from canasta.net.wire import (
    Act,
    Error,
    Join,
    JoinLink,
    Ready,
    Refused,
    ServerMessage,
    Update,
    parse_server_message,
)
from canasta.protocol.messages import event_message, view_message
from canasta.session import Session

#: The longest any test waits for one message.
WAIT = 10.0


class Client:
    """One device at a table: connects, joins and records every message it receives.

    Args:
        link: the seat's join link (or any ``ws://`` URL, with ``token``).
        device: the device's name.
    """

    def __init__(self, link: JoinLink, *, device: str = "device", url: str | None = None) -> None:
        self.link = link
        self.url = url or link.url
        self.device = device
        self.messages: list[ServerMessage] = []
        self.frames: list[str] = []
        self.closed = asyncio.Event()
        self.close_code: int | None = None
        #: Called with each message as it arrives (before anything else runs).
        self.watch: Callable[[Client, ServerMessage], None] | None = None
        self._arrived = asyncio.Condition()
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, *, join: Join | bool = True) -> Client:
        """Open the connection and send the join (``join=False``: send nothing)."""
        self._ws = await connect(self.url, max_size=None)
        self.closed.clear()
        self._reader = asyncio.create_task(self._read(self._ws))
        if join is True:
            await self.send(Join(token=self.link.token, device=self.device))
        elif isinstance(join, Join):
            await self.send(join)
        return self

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for frame in ws:
                assert isinstance(frame, str)
                message = parse_server_message(frame)
                if not isinstance(message, Refused):
                    last = next(
                        (m.seq for m in reversed(self.messages) if not isinstance(m, Refused)),
                        0,
                    )
                    # A reconnection starts again at 1 (with its Welcome).
                    assert message.seq in (last + 1, 1), (last, message)
                self.frames.append(frame)
                self.messages.append(message)
                if self.watch is not None:
                    self.watch(self, message)
                async with self._arrived:
                    self._arrived.notify_all()
        except ConnectionClosed:
            pass
        finally:
            self.close_code = ws.close_code
            self.closed.set()
            async with self._arrived:
                self._arrived.notify_all()

    async def send(self, message: Any) -> None:
        """Send a wire message, or a raw frame (``str`` or ``bytes``)."""
        assert self._ws is not None
        frame = message if isinstance(message, str | bytes) else message.model_dump_json()
        await self._ws.send(frame)

    async def close(self) -> None:
        """Close the connection and wait for the reader to stop."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await self._reader

    async def until(
        self, predicate: Callable[[ServerMessage], bool], *, start: int = 0
    ) -> ServerMessage:
        """The first message from index ``start`` on that satisfies ``predicate``."""

        def found() -> ServerMessage | None:
            return next((m for m in self.messages[start:] if predicate(m)), None)

        async def wait() -> ServerMessage:
            async with self._arrived:
                while (message := found()) is None:
                    assert not self.closed.is_set() or found() is not None, (
                        f"closed ({self.close_code}) without the message: {self.messages[-3:]}"
                    )
                    await self._arrived.wait()
                return message

        return await asyncio.wait_for(wait(), WAIT)

    async def next(self, kind: type[Any], *, after: int = 0) -> Any:
        """The first message of ``kind`` from index ``after`` on (take the index with
        ``len(client.messages)`` before causing the message: it may arrive at once)."""
        return await self.until(lambda m: isinstance(m, kind), start=after)

    async def reply(self, message: Any, kind: type[Any]) -> Any:
        """Send ``message``; the first message of ``kind`` that came after it."""
        after = len(self.messages)
        await self.send(message)
        return await self.next(kind, after=after)

    @property
    def updates(self) -> list[Update]:
        """Every update received so far."""
        return [m for m in self.messages if isinstance(m, Update)]

    @property
    def errors(self) -> list[Error]:
        """Every error received so far."""
        return [m for m in self.messages if isinstance(m, Error)]

    async def updates_at_least(self, count: int) -> Update:
        """Wait until ``count`` updates have arrived; the last of them."""
        await self.until(lambda m: len(self.updates) >= count)
        return self.updates[count - 1]


async def play_humans(
    clients: Sequence[Client],
    *,
    done: Callable[[Update], bool],
    rng: random.Random,
    steps: int = 3000,
) -> Update:
    """Play a table whose seats are all the ``clients`` (every one joined, no bots) until an
    update satisfies ``done``; each step one client acts (a random legal action) or, between
    rounds, sends ready. Every step makes exactly one update for every client, so each
    waits for the same count before the next step (no decision on a stale view)."""
    count = max(len(client.updates) for client in clients)
    for _ in range(steps):
        latest = [await client.updates_at_least(count) for client in clients]
        if done(latest[0]):
            return latest[0]
        movers = [(c, u) for c, u in zip(clients, latest, strict=True) if u.legal]
        if movers:
            client, update = movers[0]
            await client.send(Act(action=rng.choice(update.legal)))
        else:
            waiting = [
                c for c, u in zip(clients, latest, strict=True) if u.view.seat not in u.ready
            ]
            await waiting[0].send(Ready())
        count += 1
    raise AssertionError(f"no end after {steps} steps")


def check_seen(updates: Sequence[Update], record: GameRecord, initial: GameState) -> None:
    """Every update equals the engine's own view of the game at that point for its seat,
    and its events are the engine's events as that seat may hear them: a step either
    changes nothing (a join, a ready) or is the record's next action."""
    states = [initial]
    told: list[list[Any]] = [[]]
    for _, _, step in replay_steps(record):
        states.append(step.state)
        told.append(list(step.events))
    at = 0
    for number, update in enumerate(updates):
        seat = update.view.seat
        same = view_message(view(states[at], seat))
        if update.events or update.view != same:
            at += 1
            assert at < len(states), f"update {number} is past the game's end"
            assert update.view == view_message(view(states[at], seat)), (
                f"update {number} of seat {seat} differs from the engine's view"
            )
            assert update.events == [event_message(e, seat) for e in told[at]], (
                f"update {number} of seat {seat} tells other events than the engine's"
            )


def state_after(record: GameRecord) -> GameState:
    """The state the record leads to."""
    state = record.initial_state()
    for action in record.parsed_actions():
        state = apply(state, action).state
    return state


async def join_all(links: Sequence[JoinLink | None]) -> list[Client]:
    """A client joined to every human seat, each with its welcome and first update."""
    clients = [
        await Client(link, device=f"device-{n}").connect()
        for n, link in enumerate(links)
        if link is not None
    ]
    for client in clients:
        await client.updates_at_least(1)
    return clients


async def take_turn(client: Client) -> Update:
    """Play the client's turn quickly (draw, then discard the first card it may); the
    update after its last action."""
    update = client.updates[-1]
    for _ in range(50):
        if not update.legal:
            return update
        choice = next((a for a in update.legal if a.startswith("discard")), update.legal[0])
        seen = len(client.updates)
        await client.send(Act(action=choice))
        update = await client.updates_at_least(seen + 1)
    raise AssertionError("the turn did not end")


def can_go_out() -> Session:
    """Four people; South has drawn and can go out (meld the nines, discard the four)."""
    state = position(
        south="c9 d9 h9 h4",
        west="c5 c6 c7",
        north="s5 s6 s7",
        east="d5 d6 d7",
        ns_melds=["8: c8 c8 d8 d8 h8 h8 s8"],
        phase="play",
        stock="c12 c11 d11 h11",
    )
    return Session(state, seats=["human"] * 4)


async def fall_asleep(link: JoinLink, *, device: str) -> asyncio.StreamWriter:
    """Join ``link``'s seat over a bare socket and then read nothing, as a device whose lid
    closed: no pong ever answers the server's pings. Close the writer at the end."""
    protocol = ClientProtocol(parse_uri(link.url))
    address = link.url.removeprefix("ws://").split("/")[0]
    host, port = address.rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    protocol.send_request(protocol.connect())
    writer.write(b"".join(protocol.data_to_send()))
    while not protocol.events_received():
        protocol.receive_data(await asyncio.wait_for(reader.read(65536), WAIT))
    protocol.send_text(Join(token=link.token, device=device).model_dump_json().encode())
    writer.write(b"".join(protocol.data_to_send()))
    await writer.drain()
    return writer
