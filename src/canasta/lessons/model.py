"""A lesson's file: its position, its steps and their text, validated by pydantic."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from canasta.engine import CanastaError, GameState, NotationError, Reason, RuleSet, parse_action
from canasta.engine.record import Position

__all__ = ["Facts", "Lesson", "Refusal", "Step", "lesson_names", "load_lesson"]

LESSON_VERSION: Final = 1


def _action_text(text: str) -> str:
    """An action in notation, written as the engine writes it."""
    try:
        return str(parse_action(text))
    except NotationError as error:
        raise ValueError(str(error)) from None


#: An action in notation (``draw``, ``meld c1 h1 d2``), normalised.
ActionText = Annotated[str, AfterValidator(_action_text)]
#: One or more sentences for the learner.
Text = Annotated[str, Field(min_length=1, max_length=1200)]


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Facts(_Part):
    """What a step's text says the table shows once the step (and the scripted moves after
    it) is played, as far as it can be checked: the suite checks every one."""

    phase: Literal["draw", "play", "answer", "round_over", "game_over"] | None = None
    #: The cards in the learner's hand.
    hand: int | None = None
    #: The cards in the pile.
    pile: int | None = None
    frozen: bool | None = None
    #: Whether the learner's side has made its initial meld.
    melded: bool | None = None
    #: The learner's side's canastas.
    canastas: int | None = None
    #: The learner's side's red threes laid out.
    red_threes: int | None = None
    #: The learner's side's total score.
    score: int | None = None
    #: Whether the learner took their kitty (railroad).
    kitty_taken: bool | None = None
    #: Whether no seven may be discarded (railroad).
    sevens_locked: bool | None = None


class Refusal(_Part):
    """A move the step's text says the rules refuse at the start of the step, and why."""

    action: ActionText
    reason: Reason


class Step(_Part):
    """One thing the learner does, explained."""

    #: The explanation, shown before the step.
    say: Text
    #: One sentence: what to do now (the status line; also the answer to another move).
    task: Annotated[str, Field(min_length=1, max_length=200)]
    #: The learner's actions, in any order.
    do: tuple[ActionText, ...] = Field(min_length=1)
    #: The other seats' moves that follow, in order.
    then: tuple[ActionText, ...] = ()
    #: What the table shows after the step and its scripted moves.
    expect: Facts = Facts()
    #: Moves refused at the start of the step, as the text says.
    refused: tuple[Refusal, ...] = ()


class Lesson(_Part):
    """A lesson: a position, the steps the learner plays from it and the text around them.

    The learner plays the first seat of the table (South); the position starts with that
    seat to move.
    """

    format: Literal["canasta-lesson"] = "canasta-lesson"
    schema_version: Literal[1] = LESSON_VERSION
    title: Annotated[str, Field(min_length=1, max_length=40)]
    #: What the lesson teaches, in a line of the lesson list.
    summary: Annotated[str, Field(min_length=1, max_length=70)]
    #: A position (``docs/notation.md``).
    position: dict[str, Any]
    steps: tuple[Step, ...] = Field(min_length=1)
    #: What the lesson taught, shown at its end.
    end: Text

    @model_validator(mode="after")
    def _a_position_the_learner_starts(self) -> Lesson:
        state = self.state()
        if state.to_move != 0:
            raise ValueError(f"the position must start with {state.rules.seat_names[0]} to move")
        return self

    def state(self) -> GameState:
        """The lesson's first state.

        Raises:
            NotationError: the position is not a valid one.
        """
        try:
            return Position.model_validate(self.position).to_state()
        except ValidationError as error:
            raise NotationError(f"position: {error.errors()[0]['msg']}") from None

    @property
    def rules(self) -> RuleSet:
        """The rule set the lesson is played by."""
        return self.state().rules


@cache
def lesson_names() -> tuple[str, ...]:
    """Every lesson's name (its file's name without ``.json``), in the order they are taught."""
    folder = resources.files("canasta.lessons")
    return tuple(
        sorted(entry.name[:-5] for entry in folder.iterdir() if entry.name.endswith(".json"))
    )


@cache
def load_lesson(name: str) -> Lesson:
    """The lesson ``name`` (one of :func:`lesson_names`).

    Raises:
        CanastaError: no such lesson, or its file is not a valid lesson (one sentence).
    """
    if name not in lesson_names():
        raise CanastaError(
            f"There is no lesson {name!r}: the lessons are {', '.join(lesson_names())}."
        )
    text = resources.files("canasta.lessons").joinpath(f"{name}.json").read_text(encoding="utf-8")
    try:
        return Lesson.model_validate(json.loads(text))
    except (ValueError, ValidationError) as error:
        raise CanastaError(f"The lesson {name!r} is not valid: {error}") from None
