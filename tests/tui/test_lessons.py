"""``canasta learn`` at the table, by keys: the list, a step's explanation, a wrong move and
its explanation, the right move, leaving and resuming, a lesson finished and marked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from canasta.engine import parse_action, parse_cards
from canasta.lessons import lesson_names, load_lesson
from canasta.persist import LessonProgress, Paths, load_progress, save_progress
from canasta.tui.lesson_screens import LessonDoneScreen, LessonListScreen, StepScreen
from canasta.tui.lessons import LessonApp
from canasta.tui.options import Options

from .helpers import press, screen_text, select_cards, settle


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    """The lessons' progress under the test's temporary directory."""
    return Paths.under(tmp_path)


def lessons_app(paths: Paths) -> LessonApp:
    """The lessons with the script playing instantly."""
    return LessonApp(Options(pace="instant"), paths=paths)


def refusals(app: LessonApp) -> list[tuple[str, str]]:
    """The refusals shown so far: title and sentence."""
    return [(note.title, note.message) for note in app._notifications]


async def open_lesson(pilot: Pilot[int], app: LessonApp, index: int) -> None:
    """Choose the lesson ``index`` of the list and read its first step."""
    assert isinstance(app.screen, LessonListScreen)
    await press(pilot, "home", *["down"] * index, "enter")
    await settle(pilot)
    assert isinstance(app.screen, StepScreen)
    await press(pilot, "enter")
    await settle(pilot)


async def test_a_wrong_move_is_explained_and_the_right_one_advances(paths: Paths) -> None:
    app = lessons_app(paths)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert "Learn to play Canasta" in screen_text(app)
        await open_lesson(pilot, app, 1)  # drawing and discarding
        assert "Step 1 of 4: Press d to draw" in screen_text(app)
        await press(pilot, "d")
        await settle(pilot)
        assert isinstance(app.screen, StepScreen)  # step 2's explanation
        await press(pilot, "enter")
        await press(pilot, "right", "x")  # the five of diamonds, not the four of clubs
        await settle(pilot)
        assert refusals(app)[-1][0] == "Not this step"
        assert "Discard the four of clubs" in refusals(app)[-1][1]
        assert app.session.actions == [parse_action("draw")]
        await press(pilot, "home", "x")
        await settle(pilot)
        # The other three seats played their scripted turns; step 3 is explained.
        assert len(app.session.actions) == 8
        assert app.tutor.place.step == 2
        assert isinstance(app.screen, StepScreen)
        await press(pilot, "enter", "h")  # h: the step's explanation again
        assert isinstance(app.screen, StepScreen)


async def test_an_illegal_move_gets_the_engines_reason_and_section(paths: Paths) -> None:
    app = lessons_app(paths)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await open_lesson(pilot, app, 2)  # melds and wild cards
        await press(pilot, "d")
        await settle(pilot)
        await press(pilot, "enter")
        select_cards(app, tuple(parse_cards("c8 d8 h8")))
        await press(pilot, "m")
        await settle(pilot)
        await press(pilot, "enter")
        select_cards(app, tuple(parse_cards("jk h2 c6 s6")))
        state = app.session.state
        await press(pilot, "m")
        await settle(pilot)
        title, sentence = refusals(app)[-1]
        assert title == "Not allowed"
        assert sentence.endswith("(rules §5.1)")
        assert app.session.state is state


async def test_a_lesson_left_resumes_at_its_step(paths: Paths) -> None:
    app = lessons_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_lesson(pilot, app, 1)
        await press(pilot, "d")
        await settle(pilot)
        await press(pilot, "enter", "q")
        await settle(pilot)
        assert isinstance(app.screen, LessonListScreen)
        assert "▸  2. Drawing and discarding (left at step 2 of 4)" in screen_text(app)
        await open_lesson(pilot, app, 0)  # another lesson meanwhile: both are kept
        await press(pilot, "q")
        await settle(pilot)
        await press(pilot, "q")
    progress = load_progress(paths).value
    assert progress.left == {"02-drawing": 1, "01-cards": 0}

    again = lessons_app(paths)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "(left at step 2 of 4)" in screen_text(again)
        await press(pilot, "down", "enter")  # the cursor is on the lesson played last
        await settle(pilot)
        assert "(step 2 of 4)" in screen_text(again)
        await press(pilot, "enter")
        assert "Back at step 2" in screen_text(again)
        assert again.session.actions == [parse_action("draw")]
        assert len(again.session.state.hands[0]) == 12


async def test_a_finished_lesson_is_marked(paths: Paths) -> None:
    app = lessons_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_lesson(pilot, app, 0)  # the cards and their values: two steps
        await press(pilot, "d")
        await settle(pilot)
        await press(pilot, "enter")
        select_cards(app, tuple(parse_cards("s3")))
        await press(pilot, "x")
        await settle(pilot)
        assert isinstance(app.screen, LessonDoneScreen)
        assert len(app.session.actions) == 2  # nobody plays on after the lesson's end
        await press(pilot, "l")
        await settle(pilot)
        assert "✓  1. The cards and their values" in screen_text(app)
        assert f"1 of {len(lesson_names())} lessons finished" in screen_text(app)
    assert load_progress(paths).value.finished == ("01-cards",)


async def test_a_railroad_lesson_refuses_a_locked_seven(paths: Paths) -> None:
    app = lessons_app(paths)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await open_lesson(pilot, app, lesson_names().index("12-railroad-sevens"))
        await press(pilot, "d")
        await settle(pilot)
        await press(pilot, "enter")
        select_cards(app, tuple(parse_cards("s7")))
        await press(pilot, "x")
        await settle(pilot)
        title, sentence = refusals(app)[-1]
        assert title == "Not allowed" and sentence.endswith("(rules §13.8)")
        shown = screen_text(app).split()
        assert all(word in shown for word in sentence.split())  # the whole sentence is drawn
        assert len(app.session.state.hands[0]) == 15


async def test_the_kitty_lesson_quotes_the_panel_as_it_reads_at_80x24(paths: Paths) -> None:
    # The lesson said the panel's foot reads "kitty 11 untouched"; at 80x24 the panel has
    # room for "kitty 11 down" only, so a newcomer looked for words that were not there.
    app = lessons_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_lesson(pilot, app, lesson_names().index("10-railroad-kitty"))
        first = load_lesson("10-railroad-kitty").steps[0].say
        said = re.search(r"\(the foot of your panel [^)]*: (kitty [^)]+)\)", first)
        assert said is not None, first
        assert said[1] in screen_text(app), screen_text(app)


async def test_ascii_mode_writes_the_lessons_suits_as_the_cards_show_them(paths: Paths) -> None:
    app = LessonApp(Options(pace="instant", ascii=True), paths=paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_lesson(pilot, app, 1)
        await press(pilot, "d")
        await settle(pilot)
        await press(pilot, "enter")
        assert "move the cursor onto 4C" in screen_text(app)
        assert "♣" not in screen_text(app)


async def test_a_lesson_left_that_no_longer_exists_starts_afresh(paths: Paths) -> None:
    save_progress(paths, LessonProgress(left={"99-gone": 3}, last="99-gone"))
    app = lessons_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonListScreen)
        assert "▸" not in screen_text(app)
