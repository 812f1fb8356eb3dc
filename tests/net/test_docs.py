"""The examples of docs/protocol.md's "The table over WebSocket" are real messages."""

from __future__ import annotations

import re
from pathlib import Path

from canasta.engine import CanastaError
from canasta.net.wire import Join, Refused, Update, parse_client_message, parse_server_message

SECTION = "## The table over WebSocket"
DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_every_example_is_a_table_message() -> None:
    text = DOC.read_text(encoding="utf-8").split(SECTION, 1)[1]
    examples = re.findall(r"```json\n(.*?)```", text, re.S)
    kinds = []
    for example in examples:
        try:
            kinds.append(type(parse_server_message(example)))
        except CanastaError:
            kinds.append(type(parse_client_message(example)))
    assert {Join, Refused, Update} <= set(kinds) and len(kinds) == 6
    update = parse_server_message(examples[kinds.index(Update)])
    assert isinstance(update, Update) and update.events[0]["card"] is None
