"""``canasta learn``: the lessons, played on the real table.

:class:`LessonApp` is the game's app with a :class:`~canasta.lessons.Tutor` in its one
command path: each move of the learner's is judged by the engine and against the step
before it reaches the session. A refused move gets the engine's sentence and its rules
section; a legal move the step does not ask for gets a sentence saying what the step asks
for; either way nothing changes. The other seats play the lesson's scripted moves, at the
pace of the settings. Where the lessons stand is kept in the state directory, so a lesson
left is resumed at its step.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Sequence

from textual import work

from canasta.engine import Action, Card, GameState, IllegalActionError
from canasta.engine.events import Event
from canasta.lessons import Tutor, Unexpected, lesson_names, load_lesson
from canasta.persist import (
    LessonProgress,
    Paths,
    Settings,
    WriteError,
    load_progress,
    load_settings,
    save_progress,
)
from canasta.session import HUMAN, Session
from canasta.tui.app import CanastaApp
from canasta.tui.hotseat import Seating
from canasta.tui.lesson_screens import (
    LIST,
    NEXT,
    LessonDoneScreen,
    LessonListScreen,
    LessonTableScreen,
    StepScreen,
)
from canasta.tui.options import PACE_SECONDS, Options, is_utf8
from canasta.tui.play import VIEWER

__all__ = ["LessonApp", "run"]

#: The lessons' text in ASCII mode: the suits as the cards show them, plain marks.
_ASCII = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "✓": "*", "▸": ">"})

#: Who sits at the lessons' other seats: nobody thinks there, the lesson's script plays.
_SCRIPTED = "random"


class LessonApp(CanastaApp):
    """The lessons: the list first, then each lesson on the table.

    Args:
        options: pace, theme, ASCII mode and hand order (the rules are each lesson's).
        paths: where the lessons' progress is kept (``None``: nowhere).
        settings: the player's settings.
    """

    def __init__(
        self, options: Options, *, paths: Paths | None = None, settings: Settings | None = None
    ) -> None:
        progress = load_progress(paths) if paths is not None else None
        kept = progress.value if progress is not None else LessonProgress()
        self.progress = kept.known(lesson_names())
        self.tutor = Tutor(load_lesson(self.progress.last or lesson_names()[0]))
        super().__init__(
            dataclasses.replace(options, rules=self.tutor.lesson.rules),
            state=self.tutor.lesson.state(),
            seating=_seating(self.tutor.lesson.rules.players),
            settings=settings,
        )
        if progress is not None:
            self.notes.extend(progress.problems)
        self.lesson_paths = paths
        self.table_screen = LessonTableScreen(
            leave=self.action_lessons, shown=self._table_shown, hint=self.show_step
        )
        self.table_screen.by_suit = options.by_suit
        #: The lesson on the table, and the step whose explanation was last shown.
        self.lesson_name: str | None = None
        self._explained: int | None = None

    # ------------------------------------------------------------------ the list

    def start_play(self) -> None:
        """The list of lessons comes first."""
        for note in self.notes:
            self.notify(note, severity="warning")
        self.action_lessons()

    def action_lessons(self) -> None:
        """Show the list of lessons; the chosen one starts (one left before its end resumes
        at its step)."""
        names = lesson_names()
        progress = self.progress
        entries = []
        for number, name in enumerate(names, start=1):
            lesson = load_lesson(name)
            line = f"{number:2}. {lesson.title}"
            if name in progress.left:
                steps = len(lesson.steps)
                line = f"▸ {line} (left at step {progress.left[name] + 1} of {steps})"
            elif name in progress.finished:
                line = f"✓ {line}"
            else:
                line = f"  {line}"
            entries.append((name, self._lesson_text(line), lesson.summary))
        done = len([name for name in names if name in progress.finished])
        legend = (
            f"{done} of {len(names)} lessons finished ({self._lesson_text('✓')}). "
            + (
                f"{self._lesson_text('▸')}: a lesson you left, resumed at its step. "
                if progress.left
                else ""
            )
            + "Each lesson is a few moves on the real table, explained as you play them."
        )
        upcoming = progress.last if progress.last in progress.left else None
        upcoming = upcoming or next((n for n in names if n not in progress.finished), names[0])

        def chosen(name: str | None) -> None:
            if name is None:
                self.exit(0)
            else:
                self.begin(name, step=progress.left.get(name, 0))

        current = names.index(upcoming)
        self.push_screen(LessonListScreen(entries, current=current, legend=legend), chosen)

    def begin(self, name: str, *, step: int = 0) -> None:
        """Put lesson ``name`` on the table at ``step`` (its moves before it replayed)."""
        lesson = load_lesson(name)
        self.tutor = Tutor(lesson)
        self.lesson_name = name
        self._explained = None
        seating = _seating(lesson.rules.players)
        session = Session(lesson.state(), seats=seating.kinds)
        before = session.state
        step = min(step, len(lesson.steps) - 1)
        played = self.tutor.script(step)
        for action in played:
            session.apply(action)
        self.tutor.record(before, played)
        self.session = session
        self.seat_players(seating)
        self.restart()
        if played:
            self.write_log([f"Back at step {step + 1}: the moves before it are on the table."])

    def _lesson_text(self, text: str) -> str:
        """A lesson's text as the cards are drawn: suit letters for suit glyphs in ASCII
        mode (``4C`` for ``4♣``), and plain marks."""
        return text.translate(_ASCII) if self.style.ascii else text

    def _start_log(self) -> None:
        """A lesson's log starts with its title."""
        self.write_log([f"Lesson: {self.tutor.lesson.title}."])

    # ------------------------------------------------------------------ the command path

    def submit_all(self, actions: Sequence[Action], *, seat: int | None = VIEWER) -> bool:
        """Play the learner's moves when the step asks for them (else say why not and
        change nothing), and the other seats' scripted moves."""
        state = self.session.state
        learner = seat in (VIEWER, None, self.viewer)
        if learner and self.tutor.finished:
            self.refuse("This lesson is over: press q for the list of lessons.")
            return False
        if learner:
            verdict = self.tutor.judge(state, actions, seat=self.viewer)
            if isinstance(verdict, IllegalActionError):
                self.refuse(f"{verdict.sentence} (rules §{verdict.rule})", title="Not allowed")
                return False
            if isinstance(verdict, Unexpected):
                did = self.style.action(verdict.action)
                task = self._lesson_text(verdict.step.task)
                self.refuse(
                    f"{did}: allowed, but not what this step teaches. {task}",
                    title="Not this step",
                )
                return False
        self.tutor.record(state, actions)
        if super().submit_all(actions, seat=seat):
            return True
        self.tutor.forget(len(self.session.actions))
        return False

    def _advance(self, happened: Sequence[Event]) -> None:
        """The next scripted move, the next step's explanation, or the lesson's end."""
        self.tutor.forget(len(self.session.actions))  # an undo takes moves back
        place = self.tutor.place
        if place.scripted is not None:
            self._script(self.session.state)
            return
        mover = self.session.state.to_move
        if mover is None or mover == self.viewer:  # nobody but the script plays the others
            super()._advance(happened)
        self._table_shown()

    def _table_shown(self) -> None:
        """With the table on top: explain the step now due, or end the lesson."""
        if self.screen is not self.table_screen or self.lesson_name is None:
            return
        place = self.tutor.place
        if self.tutor.finished:
            self._finish()
        elif place.learner_moves and place.step != self._explained:
            self._explained = place.step
            self._keep(self.progress.at(self.lesson_name, place.step))
            self.show_step()

    def show_step(self) -> None:
        """The explanation of the step under way."""
        place = self.tutor.place
        lesson = self.tutor.lesson
        if place.step < len(lesson.steps):
            title = f"{lesson.title} (step {place.step + 1} of {len(lesson.steps)})"
            self.push_screen(StepScreen(title, self._lesson_text(lesson.steps[place.step].say)))

    def _finish(self) -> None:
        """The lesson is over: mark it finished, say what it taught, and go on."""
        name = self.lesson_name
        assert name is not None
        self.lesson_name = None
        self._keep(self.progress.done(name))
        names = lesson_names()
        following = names[names.index(name) + 1 :]

        def chosen(choice: str | None) -> None:
            if choice == NEXT and following:
                self.begin(following[0])
            elif choice == LIST:
                self.action_lessons()
            else:
                self.exit(0)

        screen = LessonDoneScreen(
            f"Lesson done: {self.tutor.lesson.title}",
            self._lesson_text(self.tutor.lesson.end),
            last=not following,
        )
        self.push_screen(screen, chosen)

    def _keep(self, progress: LessonProgress) -> None:
        """Remember where the lessons stand (a failed write is said once, and play goes on)."""
        if progress == self.progress:
            return
        self.progress = progress
        if self.lesson_paths is None:
            return
        try:
            save_progress(self.lesson_paths, progress)
        except WriteError as error:
            self.notify(error.sentence, title="Not saved", severity="error", timeout=10)

    @work(thread=True, exclusive=True, group="bots")
    def _script(self, state: GameState) -> None:
        """Play the next scripted move after the pace's pause (in a thread, as a bot)."""
        time.sleep(PACE_SECONDS[self.options.pace])
        self.call_from_thread(self._scripted, state)

    def _scripted(self, state: GameState) -> None:
        move = self.tutor.place.scripted
        if self.session.state is state and self.is_running and move is not None:
            self.submit(move, seat=state.to_move)

    # ------------------------------------------------------------------ keys

    def choose_seats(self) -> None:
        """A lesson's table is set: no new game here."""
        self.refuse("In the lessons the table is set: run canasta to play a game of your own.")

    def status(self, chosen: Sequence[Card]) -> str:
        """The step's task while the learner is to play it (with cards selected, what
        the keys do with them)."""
        self.tutor.forget(len(self.session.actions))  # the line is drawn before _advance
        place = self.tutor.place
        if self.tutor.finished:
            return "This lesson is over: press q for the list of lessons."
        if place.learner_moves and not chosen:
            steps = len(self.tutor.lesson.steps)
            task = self._lesson_text(self.tutor.lesson.steps[place.step].task)
            return f"Step {place.step + 1} of {steps}: {task}"
        return super().status(chosen)


def _seating(players: int) -> Seating:
    """The learner at South, the script at every other seat."""
    return Seating(kinds=(HUMAN, *(_SCRIPTED,) * (players - 1)))


def run(args: argparse.Namespace) -> int:
    """``canasta learn``: the lessons, with the player's settings; return the exit status."""
    paths = Paths.from_environment()
    loaded = load_settings(paths)
    settings = loaded.value
    options = Options(
        pace=settings.pace,
        ascii=bool(getattr(args, "ascii", False)) or settings.ascii or not is_utf8(sys.__stderr__),
        theme=settings.theme,
        by_suit=settings.hand_order == "suit",
    )
    app = LessonApp(options, paths=paths, settings=settings)
    app.notes.extend(loaded.problems)
    result = app.run()
    return 0 if result is None else result
