"""Autosave and resume, settings, statistics and the finished-games list, in the app.

Every test keeps its files under ``tmp_path`` (``Paths.under``), and the XDG variables point
there too, so nothing touches the real home directory.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, Static
from textual.widgets._footer import FooterKey

from canasta import tui
from canasta.__main__ import build_parser
from canasta.bots import RandomBot
from canasta.engine import (
    Action,
    CanastaError,
    Discard,
    DrawStock,
    GameState,
    Meld,
    Phase,
    RuleSet,
    apply,
    legal_actions,
    new_game,
    preset,
)
from canasta.engine.record import make_record
from canasta.persist import (
    Names,
    Paths,
    SavedGame,
    Settings,
    list_records,
    load_game,
    load_record_file,
    load_settings,
    load_stats,
    save_game,
    save_settings,
)
from canasta.persist.paths import STATE_DIR_VARIABLE
from canasta.session import HUMAN
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.options import Options
from canasta.tui.replay import GamesScreen, ReplayScreen, score_line
from canasta.tui.resume import ResumeScreen
from canasta.tui.screens import ConfirmScreen, MessageScreen, ScoreSheetScreen
from canasta.tui.settings_screen import SettingsScreen
from canasta.tui.stats_screen import StatsScreen
from canasta.tui.storage import session_info
from canasta.tui.table_screen import TableScreen

from .helpers import press, screen_text, settle, south_choice

RANDOM = ("random", "random", "random")


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the XDG directories at the test's own directory."""
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / "xdg" / name.lower()))
    monkeypatch.delenv(STATE_DIR_VARIABLE, raising=False)  # it would override XDG_STATE_HOME


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    """Config, data and state directories under the test's temporary directory."""
    return Paths.under(tmp_path / "files")


def same_game(a: GameState, b: GameState) -> bool:
    """Equal in every field but ``stacked`` (a replayed game stacks its recorded decks)."""
    return a._replace(stacked=()) == b._replace(stacked=())


def assert_one_sentence(text: str) -> None:
    """``text`` is one sentence on one line."""
    assert "\n" not in text and text[0].isupper() and text.endswith("."), text
    assert ". " not in text.rstrip("."), text


def saving_app(
    paths: Paths,
    *,
    seed: int = 5,
    resume: bool = False,
    state: GameState | None = None,
    names: dict[str, str] | None = None,
) -> CanastaApp:
    """An app that saves under ``paths``, with random bots playing instantly (their
    randomness derived from the record, as in a real game), the players called ``names``
    (by default the settings' defaults)."""
    options = Options(seed=seed, levels=RANDOM, pace="instant")
    return make_app(
        options if names is None else dataclasses.replace(options, names=names),
        state=state,
        bots=[RandomBot(), RandomBot(), RandomBot()],
        paths=paths,
        resume=resume,
    )


def notes_of(app: CanastaApp) -> list[str]:
    """Record the app's notifications in a list (they are hidden in tests)."""
    notes: list[str] = []

    def notify(message: str, **_: object) -> None:
        notes.append(message)

    app.notify = notify  # type: ignore[method-assign]
    return notes


def meld_after_draw() -> tuple[int, Meld]:
    """A seed whose first deal lets South draw and then meld, and that meld."""
    for seed in range(200):
        state = apply(new_game(seed=seed), DrawStock()).state
        melds = [a for a in legal_actions(state) if isinstance(a, Meld)]
        if state.to_move == 0 and melds:
            return seed, max(melds, key=lambda a: len(a.cards))
    raise AssertionError("no seed lets South meld at once")


async def test_a_game_saved_mid_turn_resumes_to_the_identical_state(paths: Paths) -> None:
    seed, meld = meld_after_draw()
    app = saving_app(paths, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.state.to_move == 0
        await press(pilot, "d")
        assert app.submit(meld)
        await settle(pilot)
        assert app.store is not None
        app.store.saver.flush()
        live = app.session.state
        actions = list(app.session.actions)
        assert live.phase is Phase.PLAY and live.played
    saved = load_game(paths)
    assert saved is not None
    assert saved.record.actions == [str(action) for action in actions]
    assert [seat.kind for seat in saved.session.seats] == ["human", "bot", "bot", "bot"]
    assert saved.session.seats[0].name == "You"
    assert saved.session.seats[1].level == "random"
    assert saved.session.pace == "instant"
    kept = paths.save_file.with_suffix(".kept")
    shutil.copy(paths.save_file, kept)

    # Resume straight away (--resume), make the same discard as the first game makes.
    first = make_app(Options(seed=seed, pace="instant"), paths=paths, resume=True)
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        discard = next(a for a in legal_actions(first.session.state) if isinstance(a, Discard))
        first.submit(discard)
        await settle(pilot)
        went_on = first.session.state
    shutil.copy(kept, paths.save_file)

    resumed = saving_app(paths, seed=seed + 1, resume=True)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(resumed.screen, TableScreen)
        assert same_game(resumed.session.state, live)
        assert resumed.session.actions == actions
        # The meld can still be taken back, as before the save.
        assert resumed.session.can_undo
        await press(pilot, "u")
        assert resumed.session.actions == actions[:-1]
        resumed.submit(meld)
        resumed.submit(discard)
        await settle(pilot)
        # The bots play on exactly as they would have without the interruption.
        assert same_game(resumed.session.state, went_on)


async def test_the_start_screen_offers_resume_or_a_new_game(paths: Paths) -> None:
    app = saving_app(paths, seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d", "x")
        await settle(pilot)
        saved_state = app.session.state
    offered = saving_app(paths, seed=22)
    async with offered.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(offered.screen, ResumeScreen)
        assert "round 1" in str(offered.screen.query_one(".dialog-detail", Static).render())
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(offered.screen, TableScreen)
        assert same_game(offered.session.state, saved_state)
    fresh = saving_app(paths, seed=23)
    async with fresh.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(fresh.screen, ResumeScreen)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(fresh.screen, TableScreen)
        assert fresh.session.initial.seed == 23
        assert fresh.store is not None
        fresh.store.saver.flush()
    saved = load_game(paths)
    assert saved is not None and saved.record.seed == 23  # the new game replaced the old


def _future(paths: Paths) -> bytes:
    data = json.loads(paths.save_file.read_text(encoding="utf-8"))
    data["schema_version"] = 2
    return json.dumps(data).encode()


def _truncated(paths: Paths) -> bytes:
    return paths.save_file.read_bytes()[:150]


@pytest.mark.parametrize(
    "spoil",
    [
        lambda paths: b"",
        lambda paths: b"\x00\xff binary",
        _truncated,
        _future,
    ],
    ids=["empty", "corrupt", "truncated", "future-version"],
)
async def test_a_bad_autosave_gives_one_sentence_and_a_normal_start(
    paths: Paths, spoil: Callable[[Paths], bytes]
) -> None:
    paths.state_dir.mkdir(parents=True)
    app = saving_app(paths, seed=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.store is not None
        app.store.saver.flush()
    paths.save_file.write_bytes(spoil(paths))
    started = saving_app(paths, seed=31)
    notes = notes_of(started)
    async with started.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(started.screen, TableScreen)
        assert started.session.initial.seed == 31
    assert len(notes) == 1, notes
    assert_one_sentence(notes[0])
    assert "saved game" in notes[0]
    assert list(paths.state_dir.glob("autosave.json.*-*"))  # moved aside


async def test_settings_round_trip_through_the_screen(paths: Paths) -> None:
    app = saving_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#pace", Select).value = "fast"
        screen.query_one("#difficulty", Select).value = "easy"
        screen.query_one("#hand-order", Select).value = "suit"
        screen.query_one("#ascii", Checkbox).value = True
        screen.query_one("#name-south", Input).value = "Ada"
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        assert app.options.pace == "fast"
        assert app.options.ascii and app.style.ascii
        assert app.table_screen.by_suit
        assert app.has_class("-ascii")
        await press(pilot, "p")
        again = app.screen
        assert isinstance(again, SettingsScreen)
        assert again.query_one("#pace", Select).value == "fast"
        assert again.query_one("#name-south", Input).value == "Ada"
        await press(pilot, "escape")
    loaded = load_settings(paths)
    assert loaded.problems == ()
    assert loaded.value == Settings(
        pace="fast", difficulty="easy", hand_order="suit", ascii=True, names=Names(south="Ada")
    )


async def test_the_settings_are_changed_with_the_keyboard_alone(paths: Paths) -> None:
    # The screen opened with nothing focused (the scrolling box took the focus), so Enter
    # and the arrows did nothing until the player found Tab.
    app = saving_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "p")
        assert isinstance(app.screen, SettingsScreen)
        await press(pilot, "enter", "down", "enter")  # the rule system: the next one
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
    assert load_settings(paths).value.rules == "traditional"


async def test_the_settings_screen_gives_each_setting_one_line(paths: Paths) -> None:
    # The rule-system choice is #rules, as the rules screen's text was: the rules' height
    # (1fr) once stretched it over the whole screen, and every other setting below it.
    app = saving_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "p")
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#rules", Select).region.height == 1
        shown = screen_text(app)
        for label in (
            "Rule system of new games",
            "Players in new games",
            "Pace of the bots",
            "Difficulty of new games",
            "Theme",
            "Hand order",
            "ASCII cards",
            "Name of East",
        ):
            assert label in shown, label


def test_settings_are_the_defaults_the_command_line_overrides(paths: Paths) -> None:
    saved = Settings(
        pace="fast", difficulty="easy", theme="nord", hand_order="suit", rules="traditional"
    )
    save_settings(paths, dataclasses.replace(saved, players=6))
    settings = load_settings(paths).value
    args = argparse.Namespace(
        seed=None, difficulty=None, pace=None, ascii=None, theme=None, hotseat=False, rules=None
    )
    options = Options.from_args(args, settings)
    assert (options.pace, options.levels, options.theme, options.by_suit) == (
        "fast",
        ("easy",),
        "nord",
        True,
    )
    assert options.rules == preset("traditional", 6)
    assert options.kinds(options.rules) == (HUMAN, *("easy",) * 5)
    args.pace, args.difficulty, args.theme = "instant", "hard,easy", "canasta"
    args.rules = preset("classic", 3)
    options = Options.from_args(args, settings)
    assert (options.pace, options.levels, options.theme, options.rules) == (
        "instant",
        ("hard", "easy"),
        "canasta",
        preset("classic", 3),
    )
    assert options.kinds(options.rules) == (HUMAN, "hard", "easy")
    args.difficulty = "hard,easy,easy"
    with pytest.raises(
        CanastaError, match="give one level, or 2 separated by commas for West, East"
    ):
        Options.from_args(args, settings)


async def _play_to_the_end(pilot: Pilot[int], app: CanastaApp) -> None:
    asked: set[int] = set()
    while True:
        await settle(pilot)
        screen = app.screen
        state = app.session.state
        if isinstance(screen, ScoreSheetScreen):
            if state.phase is Phase.GAME_OVER:
                keys = {key.description for key in screen.query(FooterKey)}
                assert keys == {"New game", "Back", "Quit"}
                await press(pilot, "escape")
                return
            await press(pilot, "n")
        elif isinstance(screen, MessageScreen):
            await press(pilot, "enter")
        elif isinstance(screen, ConfirmScreen):
            await press(pilot, "y")
        else:
            action: Action = south_choice(state, asked)
            assert app.submit(action), action


async def test_new_game_on_the_last_score_sheet_deals_one(paths: Paths) -> None:
    app = saving_app(paths, state=new_game(RuleSet(target_score=50), seed=146))
    async with app.run_test(size=(100, 32)) as pilot:
        await _play_to_the_end(pilot, app)
        assert app.session.state.phase is Phase.GAME_OVER
        await press(pilot, "s")
        assert isinstance(app.screen, ScoreSheetScreen)
        keys = {key.description: key for key in app.screen.query(FooterKey)}
        await pilot.click(keys["New game"])
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session.state.round_no == 1
        assert app.session.state.phase is not Phase.GAME_OVER


async def test_a_finished_game_is_counted_archived_and_replayed(paths: Paths) -> None:
    # A game to 50 points: seed 146 ends it in about 40 actions (seed 8 took 120).
    short = new_game(RuleSet(target_score=50), seed=146)
    app = saving_app(paths, state=short, names={"West": "Wes", "North": "Nora", "East": "Ed"})
    notes = notes_of(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await _play_to_the_end(pilot, app)
        final = app.session.state
        assert final.phase is Phase.GAME_OVER
        assert app.store is not None
        app.store.saver.flush()
        await settle(pilot)
        assert any("statistics (i)" in note for note in notes), notes
        assert not paths.save_file.exists()
        stats = load_stats(paths)
        assert stats.games.played == 1
        assert stats.by_difficulty == {"random": stats.games}
        assert stats.by_table == {"1 human + 3 bots": stats.games}
        assert stats.recent[0].scores == final.scores

        await press(pilot, "i")
        assert isinstance(app.screen, StatsScreen)
        summary = str(app.screen.query_one("#stats-summary", Static).render())
        assert "Games played 1" in summary
        await press(pilot, "escape")

        await press(pilot, "v")
        assert isinstance(app.screen, GamesScreen)
        (entry,) = list_records(paths)
        # Archived with the players' names; the keyboard's "You" is South's own name.
        assert load_record_file(entry.path).names == ["South", "Wes", "Nora", "Ed"]
        await press(pilot, "enter")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert str(replay.query_one("#replay-hand2", Static).render()).startswith("Nora")
        await press(pilot, "end")
        assert same_game(replay.state, final)
        header = str(replay.query_one("#replay-header").render())
        assert score_line(final, final.rules.seat_names) in header
        await press(pilot, "escape", "escape")
        assert isinstance(app.screen, TableScreen)


async def test_the_statistics_of_a_new_player_say_nothing_is_finished_yet(paths: Paths) -> None:
    # A new player's first look at the statistics, before any game had ended, crashed the
    # app: the empty table's width was the max of one number.
    app = saving_app(paths)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "i")
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        assert "No game has been finished yet: finish one and it is counted here." in text
        # No empty table, no empty chart.
        assert "Played" not in text and "Score margin" not in text, text
        await press(pilot, "escape")
        assert isinstance(app.screen, TableScreen)


async def test_without_paths_nothing_is_written(tmp_path: Path) -> None:
    app = make_app(Options(seed=3, levels=RANDOM, pace="instant"), bots=[RandomBot()] * 3)
    notes = notes_of(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d", "x")
        await settle(pilot)
        await press(pilot, "i", "v")
        assert isinstance(app.screen, TableScreen)
    assert app.store is None
    assert len(notes) == 2
    assert not (tmp_path / "xdg").exists()


async def test_a_save_that_cannot_be_written_is_reported_once(paths: Paths) -> None:
    paths.state_dir.parent.mkdir(parents=True)
    paths.state_dir.write_text("a file where the directory should be", encoding="utf-8")
    app = saving_app(paths, seed=40)
    notes = notes_of(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d", "x")
        await settle(pilot)
        assert app.store is not None
        app.store.saver.flush()
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(app.session.actions) > 2  # several saves failed
    # One sentence for the autosave that could not be read, one for the saves that failed.
    assert len(notes) == 2, "\n".join(notes)
    assert "could not be read" in notes[0]
    assert "could not be written" in notes[1]


def test_bad_settings_are_reported_and_their_defaults_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = Paths.from_environment()
    assert tmp_path in paths.config_dir.parents
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(
        json.dumps(
            {
                "format": "canasta-settings",
                "schema_version": 1,
                "pace": "warp",
                "hand_order": "suit",
                "names": {"south": ""},
            }
        ),
        encoding="utf-8",
    )
    started: list[CanastaApp] = []

    def run(self: CanastaApp) -> None:
        started.append(self)

    monkeypatch.setattr(CanastaApp, "run", run)
    args = build_parser().parse_args(["--seed", "4"])
    assert tui.run(args) == 0
    (app,) = started
    assert app.paths == paths
    assert app.options.pace == "normal" and app.options.by_suit
    assert app.options.names["South"] == "You"
    assert len(app.notes) == 2, app.notes
    assert all(note.startswith("The setting ") for note in app.notes), app.notes


async def test_an_autosave_of_an_ended_game_is_finished_at_start_up(paths: Paths) -> None:
    rng = random.Random(3)
    initial = new_game(RuleSet(target_score=300), seed=3)
    state, actions = initial, []
    while state.phase is not Phase.GAME_OVER:
        action = rng.choice(legal_actions(state))
        state = apply(state, action).state
        actions.append(action)
    info = session_info(
        ("human", "easy", "easy", "easy"), names=("Ada", "W", "N", "E"), pace="fast"
    )
    save_game(paths, SavedGame(session=info, record=make_record(initial, actions)))
    app = saving_app(paths, seed=50)
    notes = notes_of(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session.initial.seed == 50
    assert notes == []
    assert load_stats(paths).by_difficulty["easy"].played == 1
    assert len(list_records(paths)) == 1
