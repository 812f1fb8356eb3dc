"""``canasta host`` killed with SIGKILL mid-round and started again with its table file:
every client joins its seat again with its token and finds the very state it last saw."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import sys
from pathlib import Path

from canasta.net.wire import JoinLink, TableStatus, Update, Welcome
from canasta.persist import load_table
from canasta.persist.journal import journal_path

from .helpers import WAIT, Client, join_all, play_humans

LINK = re.compile(r"canasta join (\S+)")


async def _host(
    file: Path, tmp_path: Path, *extra: str
) -> tuple[asyncio.subprocess.Process, list[JoinLink]]:
    """Start ``canasta host`` and read the join links it prints (a new table's seed only
    for a new table: a resumed one keeps its own, and would warn that --seed is left out)."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "canasta",
        "host",
        "--table",
        str(file),
        *(() if file.exists() else ("--seed", "8")),
        "--bot-pause",
        "0",
        *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None
    links: list[JoinLink] = []
    while True:
        line = (await asyncio.wait_for(process.stdout.readline(), WAIT)).decode()
        assert line, "canasta host ended before it printed its links"
        found = LINK.search(line)
        if found:
            links.append(JoinLink.parse(found.group(1)))
        if "Ctrl-C" in line:
            return process, links


async def test_a_killed_host_resumes_with_every_seat_and_state(tmp_path: Path) -> None:
    file = tmp_path / "friday.json"
    process, links = await _host(file, tmp_path, "--port", "0")
    try:
        assert len(links) == 4
        clients = await join_all(links)
        await play_humans(
            clients, done=lambda u: len(clients[0].updates) > 25, rng=random.Random(2)
        )
        before = [client.updates[-1] for client in clients]
        assert before[0].view.phase in ("draw", "play")
    finally:
        process.send_signal(signal.SIGKILL)
        await process.wait()
    for client in clients:
        await asyncio.wait_for(client.closed.wait(), WAIT)
    # The table file was written whole when the table opened; the 25 actions are lines of
    # its journal, which the killed process never synced.
    whole = json.loads(file.read_text())["game"]["record"]["actions"]
    assert whole == [] and len(journal_path(file).read_text().splitlines()) == 25
    stored = load_table(file)
    assert stored is not None and len(stored.game.record.actions) == 25

    # The same command, the table file alone: it listens where it was served, on the port
    # that --port 0 chose.
    process, again = await _host(file, tmp_path)
    try:
        assert again == links  # the same links: same table, same address, same tokens
        first = await Client(again[0], device=clients[0].device).connect()
        welcome = await first.next(Welcome)
        # After the restart every person is away, the countdown running, until they join.
        assert [s.connected for s in welcome.seats] == [True, False, False, False]
        assert all(0 < (s.away or 0) <= 60 for s in welcome.seats[1:])
        back = [first] + [
            await Client(link, device=c.device).connect()
            for link, c in zip(again[1:], clients[1:], strict=True)
        ]
        for client, seen in zip(back, before, strict=True):
            welcome = await client.next(Welcome)
            update = await client.next(Update)
            assert update.view == seen.view and update.legal == seen.legal
            assert welcome.table == links[0].table
        # The seats started away after the restart and are all back now.
        status = await back[0].until(
            lambda m: isinstance(m, Update | TableStatus) and all(s.connected for s in m.seats)
        )
        assert all(s.away is None for s in status.seats)
        await play_humans(back, done=lambda u: len(back[0].updates) > 5, rng=random.Random(3))
        for client in back:
            await client.close()
    finally:
        process.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(process.wait(), WAIT) == 0
    stored = load_table(file)
    assert stored is not None and len(stored.game.record.actions) > 25


async def test_a_table_served_elsewhere_says_its_links_have_changed(tmp_path: Path) -> None:
    file = tmp_path / "friday.json"
    process, links = await _host(file, tmp_path, "--port", "0", "--players", "2")
    process.send_signal(signal.SIGINT)
    assert await asyncio.wait_for(process.wait(), WAIT) == 0
    stored = load_table(file)
    assert stored is not None and stored.address is not None
    assert links[0].url.startswith(f"{stored.address.links}/table/")
    assert stored.address.port == int(stored.address.links.rsplit(":", 1)[1]) > 0
    # Told to listen on any free port, it moves, says so, and prints the new links.
    process, again = await _host(file, tmp_path, "--port", "0")
    process.send_signal(signal.SIGINT)
    assert await asyncio.wait_for(process.wait(), WAIT) == 0
    assert process.stderr is not None
    warning = (await process.stderr.read()).decode()
    assert [link.token for link in again] == [link.token for link in links]
    assert again[0].url != links[0].url
    assert warning.startswith(
        f"canasta host: warning: the table was served at {stored.address.links} and is now at "
    )
    assert warning.count("\n") == 1 and "give each person their new link" in warning
