"""Games played at random, sessions, and assertions shared by the persistence tests."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from canasta.engine import Action, GameState, Phase, RuleSet, apply, legal_actions, new_game
from canasta.engine.record import GameRecord, make_record
from canasta.persist import SavedGame, SeatInfo, SessionInfo

#: A short game: random play reaches 300 points in one or two rounds.
SHORT_RULES = RuleSet(target_score=300)
STARTED = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Played:
    """A game played at random: its initial state, actions and every state."""

    initial: GameState
    actions: list[Action]
    states: list[GameState]

    @property
    def final(self) -> GameState:
        """The last state."""
        return self.states[-1]

    def record(self) -> GameRecord:
        """The engine's record of the game so far."""
        return make_record(self.initial, self.actions)


def play(
    seed: int,
    *,
    rules: RuleSet = SHORT_RULES,
    until: Callable[[GameState, int], bool] | None = None,
) -> Played:
    """Random legal play from a seeded deal until the game ends or ``until(state, n)``."""
    rng = random.Random(seed)
    initial = new_game(rules, seed=seed)
    state = initial
    actions: list[Action] = []
    states = [initial]
    while state.phase is not Phase.GAME_OVER and not (until and until(state, len(actions))):
        action = rng.choice(legal_actions(state))
        state = apply(state, action).state
        actions.append(action)
        states.append(state)
    return Played(initial, actions, states)


def session(*, started_at: datetime = STARTED, level: str = "normal") -> SessionInfo:
    """South is human; three bots of ``level``."""
    return SessionInfo(
        seats=(
            SeatInfo(kind="human", name="Ada"),
            SeatInfo(kind="bot", name="West", level=level),
            SeatInfo(kind="bot", name="North", level=level),
            SeatInfo(kind="bot", name="East", level=level),
        ),
        pace="fast",
        started_at=started_at,
    )


def saved_game(played: Played, *, started_at: datetime = STARTED) -> SavedGame:
    """A save of ``played``."""
    return SavedGame(
        session=session(started_at=started_at),
        record=played.record(),
        saved_at=started_at + timedelta(minutes=5),
    )


def same_game(a: GameState, b: GameState) -> bool:
    """Equal in every field but ``stacked`` (a replay stacks the recorded decks, a live
    game shuffles them from the seed: the same cards either way)."""
    return a._replace(stacked=()) == b._replace(stacked=())


_NEXT_SENTENCE = re.compile(r"[.!?]\s+[A-Z]")


def assert_one_sentence(text: str) -> None:
    """``text`` is one sentence on one line."""
    assert text, "an empty message"
    assert "\n" not in text, text
    assert text[0].isupper() and text.endswith("."), text
    assert not _NEXT_SENTENCE.search(text), text
    assert len(text) < 500, text
