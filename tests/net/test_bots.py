"""Any mix of people, bots and outside bots fills a table: the bots play their turns by
themselves (in a worker thread), an outside bot through its own pipe, and the people
are told of every move."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from canasta.engine import preset
from canasta.engine.record import make_record
from canasta.net.server import TableServer
from canasta.net.wire import Update

from .helpers import check_seen, join_all, take_turn

FAKE_BOT = Path(__file__).parent.parent / "protocol" / "fake_bot.py"


async def test_a_person_plays_with_a_bot_and_an_outside_bot(
    server: TableServer, tmp_path: Path
) -> None:
    heard = tmp_path / "heard.jsonl"
    outside = f"cmd:{shlex.join([sys.executable, str(FAKE_BOT), 'record', str(heard)])}"
    table = server.open_table(
        rules=preset("classic"), seats=["human", "normal", outside, "easy"], seed=6
    )
    assert [link is not None for link in table.links] == [True, False, False, False]
    (south,) = await join_all(table.links)
    assert [s.kind for s in south.updates[0].seats] == ["human", "bot", "outside", "bot"]
    start = 0
    for _ in range(3):
        # South's turn comes round again once the three bots have played theirs.
        await south.until(lambda m: isinstance(m, Update) and bool(m.legal), start=start)
        last = await take_turn(south)
        start = south.messages.index(last) + 1
    await south.until(lambda m: isinstance(m, Update) and bool(m.legal), start=start)
    movers = {event["seat"] for u in south.updates for event in u.events if "seat" in event}
    assert movers >= {0, 1, 2, 3}
    # The bots' moves are told as South may hear them, and South's view is the engine's.
    record = make_record(table.session.initial, table.session.actions)
    check_seen(south.updates, record, table.session.initial)
    lines = [json.loads(line) for line in heard.read_text().splitlines()]
    assert lines[0]["type"] == "hello" and lines[0]["seat"] == 2
    decided = [line for line in lines if line["type"] == "decide"]
    assert decided and all(line["view"]["seat"] == 2 for line in decided)
