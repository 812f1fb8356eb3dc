"""Lessons: short games on the real table that teach the rules (``canasta learn``).

Each lesson is a data file in this package (``NAME.json``, read with
:mod:`importlib.resources`, so the wheel carries them): a position in the project's position
format (``docs/notation.md``), the steps the learner is asked to play (actions in notation,
with the text that explains each one) and the other seats' scripted moves, so that a lesson
always plays the same way. :class:`Tutor` follows a lesson as it is played and judges each
move the learner makes, with the engine.
"""

from __future__ import annotations

from canasta.lessons.model import Facts, Lesson, Refusal, Step, lesson_names, load_lesson
from canasta.lessons.tutor import Place, Tutor, Unexpected, Verdict

__all__ = [
    "Facts",
    "Lesson",
    "Place",
    "Refusal",
    "Step",
    "Tutor",
    "Unexpected",
    "Verdict",
    "lesson_names",
    "load_lesson",
]
