"""SVG snapshots of a seeded game: the table at 80x24 (at the deal and late in a round with
many melds) and 120x40, the ask-partner dialog and the round-end score sheet; the tables of
two, three and six seats at 80x24 after a few turns (update with
``pytest --snapshot-update``)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from canasta.engine import parse_cards, preset

from .helpers import click_cards, make_test_app, press, settle
from .test_layout import CROWDED
from .test_table import going_out_position


async def _settled(pilot: Pilot[Any]) -> None:
    await settle(pilot)


async def _a_few_turns(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    for _ in range(3):
        await press(pilot, "d", "x")
        await settle(pilot)
    await press(pilot, "d", "right", "space", "right", "space")


async def _three_turns(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    for _ in range(3):
        await press(pilot, "d", "x")
        await settle(pilot)


async def _go_out(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await click_cards(pilot, parse_cards("h5 d5 s5"))
    await press(pilot, "m")
    await click_cards(pilot, parse_cards("c9"))
    await press(pilot, "x")
    await settle(pilot)


def test_table_80x24(snap_compare: Any) -> None:
    assert snap_compare(make_test_app(), terminal_size=(80, 24), run_before=_settled)


def test_table_120x40_after_a_few_turns(snap_compare: Any) -> None:
    assert snap_compare(make_test_app(), terminal_size=(120, 40), run_before=_a_few_turns)


def test_north_asks_dialog(snap_compare: Any) -> None:
    app = make_test_app(state=going_out_position(phase="answer", turn="North").to_state())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_round_end_sheet(snap_compare: Any) -> None:
    app = make_test_app(state=going_out_position().to_state())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_go_out)


def test_table_80x24_late_in_a_round(snap_compare: Any) -> None:
    app = make_test_app(state=CROWDED.to_state())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


@pytest.mark.parametrize(
    ("name", "players", "seed"), [("classic", 2, 42), ("traditional", 3, 19), ("classic", 6, 10)]
)
def test_table_80x24_of_each_size(snap_compare: Any, name: str, players: int, seed: int) -> None:
    app = make_test_app(seed=seed, rules=preset(name, players))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_three_turns)
