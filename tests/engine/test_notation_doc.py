"""The JSON examples in docs/notation.md are real: they load and mean what the text says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from canasta.engine import legal_actions
from canasta.engine.record import load_position, load_record, replay

from .helpers import acts

NOTATION = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


def _json_blocks() -> list[dict]:  # type: ignore[type-arg]
    text = NOTATION.read_text(encoding="utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_notation_doc_record_example_replays() -> None:
    (record,) = [b for b in _json_blocks() if b["format"] == "canasta-record"]
    states = replay(load_record(json.dumps(record)))
    assert len(states) == len(record["actions"]) + 1
    assert states[-1].melded == (True, False)
    assert states[-1].turn == 1


def test_notation_doc_position_example_loads() -> None:
    (position,) = [b for b in _json_blocks() if b["format"] == "canasta-position"]
    state = load_position(json.dumps(position)).to_state()
    assert state.pile_frozen
    assert len(state.stock) == 87
    assert set(legal_actions(state)) == acts("draw", "take c6 c6")
