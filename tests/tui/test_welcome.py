"""The first run's welcome: shown once, before the first game; any key dismisses it, ``l``
leads to the lessons; a chosen deal, a resume and scripted starts go without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.__main__ import build_parser, rules_from
from canasta.engine import classic, preset
from canasta.persist import Paths, Settings, load_settings, save_settings
from canasta.tui import build_app
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.options import Options
from canasta.tui.welcome import WelcomeScreen, seated_line

from .helpers import press, screen_text, settle


@pytest.fixture
def paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Paths:
    """The XDG directories, and so the app's files, under the test's own directory."""
    for name in ("CONFIG", "DATA", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    return Paths.from_environment()


def started(argv: list[str]) -> CanastaApp:
    """The app ``canasta ARGV`` starts."""
    args = build_parser().parse_args(argv)
    args.rules = rules_from(args)
    app = build_app(args)
    assert isinstance(app, CanastaApp)
    return app


async def test_any_key_dismisses_the_welcome_and_it_is_shown_once(paths: Paths) -> None:
    app = started(["--pace", "instant", "--difficulty", "random"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        shown = screen_text(app)
        for words in (
            "Welcome to Canasta",
            "This game: classic, 4 players. You sit South, partnered with North (a bot),",
            "--hotseat",
            "--rules railroad",
            "canasta serve",
            "canasta host                 a table friends join from their own terminals",
            "canasta learn",
        ):
            assert words in shown
        await press(pilot, "space")
        await settle(pilot)
        assert app.screen is app.table_screen
        assert app.session.state.hands[0]
    assert load_settings(paths).value.welcomed
    assert not started([]).welcome


async def test_l_on_the_welcome_leads_to_the_lessons(paths: Paths) -> None:
    app = started([])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "l")
        await settle(pilot)
    assert app.learn
    assert app.return_code == 0
    assert not paths.save_file.exists()  # no game was dealt to the autosave


def test_a_chosen_deal_or_a_resume_goes_without_the_welcome(paths: Paths) -> None:
    assert started([]).welcome
    assert not started(["--seed", "7"]).welcome
    assert not started(["--resume"]).welcome
    save_settings(paths, Settings(welcomed=True))
    assert not started([]).welcome


def test_a_scripted_start_has_no_welcome() -> None:
    assert not make_app(Options(seed=1)).welcome


async def welcome_of(argv: list[str]) -> str:
    """The welcome's text as ``canasta ARGV`` shows it on a first run."""
    app = started([*argv, "--pace", "instant"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        return screen_text(app)


async def test_the_welcome_says_the_table_the_command_line_asked_for(paths: Paths) -> None:
    shown = await welcome_of(["--rules", "railroad", "--players", "2"])
    assert "This game: railroad, 2 players. You sit South against North (a bot)." in shown
    assert "partnered" not in shown


def test_the_seated_line_names_partners_opponents_and_who_plays_them() -> None:
    bots = ("human", "normal", "normal", "normal")
    assert seated_line(classic, bots) == (
        "This game: classic, 4 players. You sit South, partnered with North (a bot), "
        "against West and East (bots)."
    )
    assert seated_line(preset("classic", 6), ("human", *("hard",) * 5)) == (
        "This game: classic, 6 players. You sit South, partnered with Northwest and "
        "Northeast (bots), against Southwest, North and Southeast (bots)."
    )
    assert seated_line(preset("classic", 3), ("human", "easy", "easy")) == (
        "This game: classic, 3 players. You sit South against West and East (bots)."
    )
    # Hot-seat: the first person at the keyboard, and who else shares it.
    assert seated_line(classic, ("normal", "human", "normal", "human")) == (
        "This game: classic, 4 players. You sit West, partnered with East (at this "
        "keyboard), against South and North (bots)."
    )
    assert seated_line(classic, ("human", "human", "normal", "normal")) == (
        "This game: classic, 4 players. You sit South, partnered with North (a bot), "
        "against West (at this keyboard) and East (a bot)."
    )


async def test_a_hot_seat_welcome_leaves_the_seats_to_the_seating_screen(paths: Paths) -> None:
    shown = await welcome_of(["--hotseat"])
    assert "This game: classic, 4 players. Next, choose who plays each seat." in shown
    assert "You sit" not in shown
