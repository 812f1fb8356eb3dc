"""The settings as ``canasta`` starts with them: a file canasta saved is taken as written for
the first frame and validated once the table is up; values that then turn out invalid are
replaced by the validated ones, with the file's problems shown as at any start."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from canasta.__main__ import build_parser
from canasta.persist import Names, Paths, Settings, save_settings, settings_at_start
from canasta.persist import settings as settings_module
from canasta.tui import build_app
from canasta.tui.app import CanastaApp

from .helpers import settle

ARGV = ["--seed", "7", "--pace", "instant", "--difficulty", "random"]


@pytest.fixture
def paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Paths:
    """The XDG directories, and so the app's files, under the test's own directory."""
    for name in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    return Paths.from_environment()


def started() -> CanastaApp:
    app = build_app(build_parser().parse_args(ARGV))
    assert isinstance(app, CanastaApp)
    return app


def warnings(app: CanastaApp) -> list[str]:
    return [note.message for note in app._notifications if note.severity == "warning"]


async def test_saved_settings_draw_the_first_frame_and_stand(paths: Paths) -> None:
    saved = Settings(theme="nord", hand_order="suit", names=Names(south="Ada"), welcomed=True)
    save_settings(paths, saved)
    note = paths.settings_checked_file.read_bytes()
    app = started()
    assert app.table_screen.by_suit and app.options.names["South"] == "Ada"
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert app.settings == saved
        assert app.theme == "nord" and app.table_screen.by_suit
        assert warnings(app) == []
    assert paths.settings_checked_file.read_bytes() == note


async def test_values_taken_as_written_that_prove_invalid_give_way_once_the_table_is_up(
    paths: Paths,
) -> None:
    document = {
        "format": "canasta-settings",
        "schema_version": 1,
        "hand_order": "suit",
        "names": {"south": "A" * 30},
    }
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps(document))
    # A note that names this very file (as if it had been found valid as written).
    paths.state_dir.mkdir(parents=True)
    digest = hashlib.sha256(paths.settings_file.read_bytes()).hexdigest()
    paths.settings_checked_file.write_text(
        json.dumps({"canasta": settings_module.__version__, "sha256": digest})
    )
    app = started()
    assert app.options.names["South"] == "A" * 30  # as written
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert app.settings == Settings(hand_order="suit")
        assert app.options.names["South"] == "You" and app.table_screen.by_suit
        assert app.options.pace == "instant"  # the command line's choice stays
        (problem,) = warnings(app)
        assert "'names.south'" in problem
    assert not settings_at_start(paths).as_written  # validated first from now on


async def test_after_the_welcome_the_next_start_takes_the_settings_as_written(
    paths: Paths,
) -> None:
    app = build_app(build_parser().parse_args(["--pace", "instant", "--difficulty", "random"]))
    assert isinstance(app, CanastaApp) and app.welcome
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)

    start = settings_at_start(paths)

    assert start.as_written and start.value.welcomed
