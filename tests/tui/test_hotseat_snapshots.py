"""SVG snapshots of hot-seat play: the seating screen after a preset, the curtain before a
partner's answer, and the table while that partner answers (update with
``pytest --snapshot-update``)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from canasta.engine import preset
from canasta.session import HUMAN
from canasta.tui.app import make_app
from canasta.tui.hotseat import Seating
from canasta.tui.options import Options

from .helpers import BOT_SEED, press, settle
from .test_table import going_out_position

FOUR_HUMANS = Seating(kinds=(HUMAN, HUMAN, HUMAN, HUMAN), names=("Ann", "Kim", "Bob", "Lee"))


async def _preset(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await press(pilot, "3")


async def _asked(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await press(pilot, "enter", "a")


async def _answering(pilot: Pilot[Any]) -> None:
    await _asked(pilot)
    await press(pilot, "enter")
    await settle(pilot)


def _app(**kwargs: Any) -> Any:
    return make_app(Options(seed=5, pace="instant", hotseat=True), bot_seed=BOT_SEED, **kwargs)


def test_seating_screen(snap_compare: Any) -> None:
    assert snap_compare(_app(), terminal_size=(80, 24), run_before=_preset)


def test_seating_screen_of_six(snap_compare: Any) -> None:
    app = make_app(
        Options(seed=5, rules=preset("classic", 6), pace="instant", hotseat=True), bot_seed=BOT_SEED
    )
    assert snap_compare(app, terminal_size=(80, 24), run_before=_preset)


def test_curtain_before_partner_answers(snap_compare: Any) -> None:
    app = _app(seating=FOUR_HUMANS, state=going_out_position().to_state())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_asked)


def test_partner_answers_at_the_table(snap_compare: Any) -> None:
    app = _app(seating=FOUR_HUMANS, state=going_out_position().to_state())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_answering)
