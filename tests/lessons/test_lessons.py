"""Every lesson plays through the engine as its text says: a rule change that breaks a
lesson fails here.

For each lesson: the file validates; every step's moves (the learner's and the scripted
ones) are legal where they come, in the engine's listed spelling; the moves the text says
are refused are refused for the reason it gives; and what the text says the table shows
after a step (``expect``) is what it shows.
"""

from __future__ import annotations

import pytest

from canasta.engine import (
    CanastaError,
    DrawStock,
    GameState,
    IllegalActionError,
    apply,
    canonical,
    check,
    parse_action,
)
from canasta.engine.kinds import sevens_locked
from canasta.lessons import Facts, Lesson, Tutor, Unexpected, lesson_names, load_lesson

NAMES = lesson_names()


def facts_of(state: GameState) -> dict[str, object]:
    """The learner's (South's) side of ``state``, as :class:`Facts` names it."""
    rules = state.rules
    team = rules.team_of(0)
    return {
        "phase": state.phase.value,
        "hand": len(state.hands[0]),
        "pile": len(state.pile),
        "frozen": state.pile_frozen,
        "melded": state.melded[team],
        "canastas": sum(meld.is_canasta(rules) for meld in state.melds[team]),
        "red_threes": len(state.red_threes[team]),
        "score": state.scores[team],
        "kitty_taken": state.kitty_taken[0] if state.kitty_taken else False,
        "sevens_locked": sevens_locked(state.melds, rules),
    }


def checked(expect: Facts, state: GameState) -> dict[str, tuple[object, object]]:
    """The facts ``expect`` claims that ``state`` does not show: claimed, shown."""
    shown = facts_of(state)
    claimed = expect.model_dump(exclude_none=True)
    return {name: (value, shown[name]) for name, value in claimed.items() if shown[name] != value}


def test_there_are_lessons_of_every_subject() -> None:
    titles = " ".join(load_lesson(name).title.lower() for name in NAMES)
    subjects = ("card", "draw", "meld", "minimum", "canasta", "pile", "three", "going out")
    for subject in (*subjects, "scor", "kitty", "kinds", "sevens"):
        assert subject in titles, subject
    systems = {load_lesson(name).rules.name for name in NAMES}
    assert systems == {"classic", "railroad"}


@pytest.mark.parametrize("name", NAMES)
def test_every_step_plays_as_the_lesson_says(name: str) -> None:
    lesson = load_lesson(name)
    state = lesson.state()
    for index, step in enumerate(lesson.steps):
        where = f"{name} step {index + 1}"
        for refusal in step.refused:
            with pytest.raises(IllegalActionError) as refused:
                check(state, parse_action(refusal.action))
            assert refused.value.reason is refusal.reason, where
        assert state.to_move == 0, f"{where}: the learner is not to move"
        for text in step.do:
            action = parse_action(text)
            assert str(canonical(state, action)) == text, f"{where}: {text} is not as listed"
            state = apply(state, action, seat=0).state
        for text in step.then:
            action = parse_action(text)
            assert state.to_move != 0, f"{where}: scripted {text} while the learner is to move"
            assert str(canonical(state, action)) == text, f"{where}: {text} is not as listed"
            state = apply(state, action, seat=state.to_move).state
        assert checked(step.expect, state) == {}, where


@pytest.mark.parametrize("name", NAMES)
def test_the_tutor_follows_the_lesson_to_its_end(name: str) -> None:
    lesson = load_lesson(name)
    tutor = Tutor(lesson)
    state = lesson.state()
    for step in lesson.steps:
        learner = [parse_action(text) for text in reversed(step.do)]  # any order will do
        assert tutor.place.learner_moves
        assert tutor.judge(state, learner, seat=0) is None
        tutor.record(state, learner)
        for action in learner:
            state = apply(state, action).state
        for text in step.then:
            assert tutor.place.scripted == parse_action(text)
            tutor.record(state, [parse_action(text)])
            state = apply(state, parse_action(text)).state
    assert tutor.finished


def test_a_legal_move_the_step_does_not_ask_for_is_unexpected() -> None:
    lesson = load_lesson("02-drawing")
    tutor = Tutor(lesson)
    state = apply(lesson.state(), DrawStock()).state
    tutor.record(lesson.state(), [DrawStock()])
    verdict = tutor.judge(state, [parse_action("discard s12")], seat=0)
    assert isinstance(verdict, Unexpected)
    assert verdict.step is lesson.steps[1]
    assert tutor.played == ["draw"]


def test_an_illegal_move_gets_the_engines_refusal() -> None:
    lesson = load_lesson("02-drawing")
    verdict = Tutor(lesson).judge(lesson.state(), [parse_action("discard c4")], seat=0)
    assert isinstance(verdict, IllegalActionError)
    assert verdict.rule


def test_undone_moves_are_forgotten_and_a_lesson_resumes_at_any_step() -> None:
    lesson = load_lesson("03-melds")
    tutor = Tutor(lesson)
    tutor.played = [str(action) for action in tutor.script(2)]
    assert tutor.place.step == 2
    tutor.forget(1)
    assert tutor.place.step == 1
    assert tutor.place.remaining == lesson.steps[1].do


def test_an_unknown_lesson_is_refused_in_one_sentence() -> None:
    with pytest.raises(CanastaError, match="There is no lesson 'nope'"):
        load_lesson("nope")


def test_a_lesson_whose_position_starts_with_another_seat_is_refused() -> None:
    data = load_lesson(NAMES[0]).model_dump()
    data["position"] = {**data["position"], "turn": "West"}
    with pytest.raises(ValueError, match="must start with South to move"):
        Lesson.model_validate(data)


def test_a_claim_the_table_does_not_show_is_caught() -> None:
    state = load_lesson("01-cards").state()
    assert checked(Facts(hand=99, phase="draw"), state) == {"hand": (99, 11)}


def test_a_step_whose_move_is_not_notation_is_refused() -> None:
    data = load_lesson(NAMES[0]).model_dump()
    data["steps"][0]["do"] = ["dance"]
    with pytest.raises(ValueError, match="'dance'"):
        Lesson.model_validate(data)
