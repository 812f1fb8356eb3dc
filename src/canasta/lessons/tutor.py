"""Following a lesson as it is played: which step it stands at, whose scripted move comes
next, and whether a move of the learner's is the one the step asks for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from canasta.engine import Action, GameState, IllegalActionError, apply, canonical, parse_action
from canasta.lessons.model import Lesson, Step

__all__ = ["Place", "Tutor", "Unexpected", "Verdict"]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a lesson stands.

    Attributes:
        step: the step under way (``len(steps)`` once the lesson is over).
        remaining: the learner's actions the step still asks for (empty while the scripted
            moves after it are played).
        scripted: the other seats' next scripted move, or ``None``.
    """

    step: int
    remaining: tuple[str, ...]
    scripted: Action | None

    @property
    def learner_moves(self) -> bool:
        """Whether the learner is to play (the step asks for more)."""
        return bool(self.remaining)


@dataclass(frozen=True, slots=True)
class Unexpected:
    """A legal move, but not the one the step asks for."""

    action: Action
    step: Step


#: A judgement of the learner's move: ``None`` (the step asks for it), the engine's
#: refusal, or a legal move the step does not ask for.
Verdict = IllegalActionError | Unexpected | None


class Tutor:
    """A lesson being played: every action applied since its first state, each in the
    engine's listed spelling (``canonical``), against the lesson's steps."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.played: list[str] = []

    @property
    def place(self) -> Place:
        """Where the lesson stands after :attr:`played`."""
        played = iter(self.played)
        for index, step in enumerate(self.lesson.steps):
            remaining = Counter(step.do)
            for _ in range(len(step.do)):
                text = next(played, None)
                if text is None:
                    break
                remaining[text] -= 1
            left = tuple(remaining.elements())
            if left:
                return Place(index, left, None)
            for move in step.then:
                if next(played, None) is None:
                    return Place(index, (), parse_action(move))
        return Place(len(self.lesson.steps), (), None)

    @property
    def finished(self) -> bool:
        """Whether every step has been played."""
        return self.place.step == len(self.lesson.steps)

    def judge(self, state: GameState, actions: Sequence[Action], *, seat: int) -> Verdict:
        """Whether the learner (``seat``) may play ``actions`` in ``state``: each must be
        legal and one the step still asks for. Changes nothing."""
        remaining = Counter(self.place.remaining)
        for action in actions:
            try:
                after = apply(state, action, seat=seat).state
            except IllegalActionError as error:
                return error
            text = str(canonical(state, action))
            if remaining[text] <= 0:
                return Unexpected(action, self.lesson.steps[self.place.step])
            remaining[text] -= 1
            state = after
        return None

    def record(self, state: GameState, actions: Sequence[Action]) -> None:
        """Note ``actions``, played from ``state`` (legal there)."""
        for action in actions:
            self.played.append(str(canonical(state, action)))
            state = apply(state, action).state

    def forget(self, count: int) -> None:
        """Keep only the first ``count`` actions (the others were undone)."""
        del self.played[count:]

    def script(self, step: int) -> list[Action]:
        """Every action from the lesson's first state to the start of ``step``."""
        return [
            parse_action(text)
            for done in self.lesson.steps[:step]
            for text in (*done.do, *done.then)
        ]
