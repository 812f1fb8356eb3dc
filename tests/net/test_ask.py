"""Asking partner across devices: only the partner is asked, and the answer binds."""

from __future__ import annotations

import pytest

from canasta.engine import preset
from canasta.net.server import TableServer
from canasta.net.wire import Act, Error

from .helpers import can_go_out, join_all

NORTH = 2


@pytest.mark.parametrize(("answer", "south_may"), [("yes", ["meld c9 d9 h9"]), ("no", None)])
async def test_only_the_partner_is_asked_and_the_answer_binds(
    server: TableServer, answer: str, south_may: list[str] | None
) -> None:
    table = server.open_table(rules=preset("classic"), seats=["human"] * 4)
    table.session = can_go_out()
    south, west, north, east = await join_all(table.links)
    assert "ask" in south.updates[-1].legal

    await south.send(Act(action="ask"))
    asked = [await client.updates_at_least(2) for client in (south, west, north, east)]
    assert [update.question is not None for update in asked] == [False, False, True, False]
    question = asked[NORTH].question
    assert question is not None and question.asker == 0
    assert asked[NORTH].legal == ["yes", "no"]
    assert all(not update.legal for n, update in enumerate(asked) if n != NORTH)
    # Nobody but the partner may answer.
    assert (await south.reply(Act(action="yes"), Error)).reason == "turn"

    await north.send(Act(action=answer))
    told = await south.updates_at_least(3)
    assert told.view.turn_state.permission is (answer == "yes")
    assert {"type": "partner_answered", "seat": NORTH, "yes": answer == "yes"} in told.events
    if south_may is not None:
        assert told.legal == south_may
        refusal = await south.reply(Act(action="discard h4"), Error)
        assert refusal.reason == "illegal" and refusal.rule == "8.2"
    else:
        assert "meld c9 d9 h9" not in told.legal
