"""Resuming what was asked for: one unfinished game is kept per table (rule system and
player count). ``canasta --players 2`` with a six-player game unfinished starts the
two-player table and says in one line that the other game is kept; a plain ``canasta``
still offers the latest unfinished game first."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from canasta.__main__ import build_parser, rules_from
from canasta.engine import RuleSet, classic, new_game, preset
from canasta.engine.record import make_record
from canasta.persist import Paths, SavedGame, load_game, saved_tables
from canasta.session import HUMAN
from canasta.tui import build_app
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.hotseat import CurtainScreen, Seating
from canasta.tui.options import Options
from canasta.tui.resume import ResumeScreen
from canasta.tui.storage import session_info
from canasta.tui.table_screen import TableScreen

from .helpers import BOT_SEED, SEED, press, screen_text, settle

SIX = preset("classic", 6)
TWO = preset("classic", 2)


@pytest.fixture
def paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Paths:
    """The XDG directories under the test's own directory, as the command finds them."""
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    return Paths.from_environment()


def app_of(paths: Paths, rules: RuleSet, *, asked: bool = False, seed: int = SEED) -> CanastaApp:
    """An app of ``rules`` saving under ``paths`` (``asked``: the command line named it)."""
    options = Options(seed=seed, rules=rules, pace="instant")
    return make_app(options, paths=paths, bot_seed=BOT_SEED, table_asked=asked)


def notes_of(app: CanastaApp) -> list[str]:
    """Record the app's notifications in a list."""
    notes: list[str] = []
    app.notify = lambda message, **_: notes.append(message)  # type: ignore[method-assign,assignment]
    return notes


async def play_a_turn(app: CanastaApp) -> None:
    """Start ``app``, draw and discard, and wait for the save."""
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "d", "x")
        await settle(pilot)
        assert app.store is not None
        app.store.saver.flush()


def text_of(app: CanastaApp) -> str:
    return " ".join(screen_text(app).replace("█", " ").split())


async def test_an_explicit_table_starts_and_keeps_the_other_table_s_game(paths: Paths) -> None:
    await play_a_turn(app_of(paths, SIX))
    six = load_game(paths, SIX)
    assert six is not None
    two = build_app(rules_from_argv(["--players", "2", "--seed", "3", "--pace", "instant"]))
    assert isinstance(two, CanastaApp)
    notes = notes_of(two)
    await play_a_turn(two)
    assert two.session.state.rules == TWO
    assert notes == [
        "Your unfinished game of classic, 6 players is kept: "
        "canasta --rules classic --players 6 goes back to it."
    ]
    # Both games are kept, each in its table's file; the six-player one is untouched.
    assert load_game(paths, SIX) == six
    saved_two = load_game(paths, TWO)
    assert saved_two is not None and saved_two.record.seed == 3
    assert sorted(saved_tables(paths)) == [("classic", 2), ("classic", 6)]
    # Asking for the six-player table again offers its game.
    again = app_of(paths, SIX, asked=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        assert "classic, 6 players" in text_of(again)
        await press(pilot, "r")
        await settle(pilot)
        assert again.session.actions == six.record.parsed_actions()


def rules_from_argv(argv: list[str]) -> argparse.Namespace:
    """The parsed command line as ``canasta`` resolves it."""
    args = build_parser().parse_args(argv)
    args.rules = rules_from(args)
    return args


async def test_a_plain_start_offers_the_latest_unfinished_game_first(paths: Paths) -> None:
    await play_a_turn(app_of(paths, TWO, seed=4))
    await play_a_turn(app_of(paths, SIX, asked=True))
    offered = app_of(paths, classic)  # the settings' table: another one
    async with offered.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(offered.screen, ResumeScreen)
        assert offered.screen.saved.rules == SIX
        assert (
            "This game is classic, 6 players. New game (n) deals classic, 4 players and keeps "
            "this one saved: canasta --rules classic --players 6 goes back to it."
        ) in text_of(offered)
        await press(pilot, "n")
        await settle(pilot)
        assert offered.session.state.rules == classic
    assert sorted(saved_tables(paths)) == [("classic", 2), ("classic", 4), ("classic", 6)]


async def test_a_new_game_at_the_same_table_replaces_its_unfinished_game(paths: Paths) -> None:
    await play_a_turn(app_of(paths, SIX))
    offered = app_of(paths, SIX, seed=SEED + 1)
    async with offered.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(offered.screen, ResumeScreen)
        assert (
            "New game (n) deals classic, 6 players in place of this unfinished game: one "
            "unfinished game is kept per table."
        ) in text_of(offered)
        await press(pilot, "n")
        await settle(pilot)
        assert offered.store is not None
        offered.store.saver.flush()
    saved = load_game(paths, SIX)
    assert saved is not None and saved.record.seed == SEED + 1
    assert saved_tables(paths) == [("classic", 6)]


def test_a_save_of_another_table_written_before_moves_to_its_table_s_file(
    paths: Paths,
) -> None:
    """Before there was a file per table, autosave.json held any table's game."""
    paths.state_dir.mkdir(parents=True)
    info = session_info((HUMAN, *("normal",) * 5), names=SIX.seat_names, pace="fast")
    old = SavedGame(session=info, record=make_record(new_game(SIX, seed=SEED), []))
    paths.save_file.write_text(old.to_json(), encoding="utf-8")
    assert saved_tables(paths) == [("classic", 6)]
    assert not paths.save_file.exists()
    assert load_game(paths, SIX) == old
    assert json.loads(paths.table_save_file("classic", 6).read_text())["record"]["seed"] == SEED


async def test_a_resumed_hot_seat_game_calls_an_unnamed_south_south(paths: Paths) -> None:
    # The save keeps the settings' "You" for South (the resume screen's "with You, ..."),
    # which is the keyboard's word, not a name: at a hot seat it would hand the keyboard
    # "to You".
    seating = Seating(kinds=(HUMAN, HUMAN, "random", "random"))
    options = Options(seed=SEED, pace="instant", hotseat=True)
    first = make_app(options, paths=paths, bot_seed=BOT_SEED, seating=seating)
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "d", "x")
        await settle(pilot)
        assert first.store is not None
        first.store.saver.flush()
    saved = load_game(paths)
    assert saved is not None and saved.session.seats[0].name == "You"
    again = make_app(options, paths=paths, bot_seed=BOT_SEED, resume=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.session.names[:2] == ("South", "West")
        await press(pilot, "enter", "d", "x")
        await settle(pilot)
        assert isinstance(again.screen, CurtainScreen)
        assert again.screen.title_text == "Pass to South."


async def test_a_save_that_seats_no_human_is_moved_aside_instead_of_resumed(
    paths: Paths,
) -> None:
    # Nobody would be at the keyboard: the app crashed choosing whose hand to show.
    paths.state_dir.mkdir(parents=True)
    info = session_info(("random",) * 4, names=classic.seat_names, pace="instant")
    bots_only = SavedGame(session=info, record=make_record(new_game(classic, seed=SEED), []))
    paths.table_save_file("classic", 4).write_text(bots_only.to_json(), encoding="utf-8")
    app = make_app(Options(seed=SEED + 1, pace="instant"), paths=paths, resume=True)
    notes = notes_of(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "d", "x")
        assert app.session.initial.seed == SEED + 1
    assert len(notes) == 2, notes
    assert "seats no human player" in notes[0] and "moved aside" in notes[0]
    assert notes[1] == "There is no unfinished game to resume: a new game is dealt."
    assert saved_tables(paths) == [("classic", 4)]  # the new game's
