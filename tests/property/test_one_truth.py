"""One truth: an action is listed exactly when applying it succeeds.

Over random reachable states, in both directions: every listed action applies; every action
of a broad generator of well-formed actions (plays of every sub-multiset of the hand, cards
not held, actions of the wrong phase) that is not listed is refused with a reason, a sentence
and a rules section, and leaves the state as it was. The lazy view agrees with the list.
Every table of every rule system is played, and no state short of the game's end leaves the
player to move with nothing legal to do.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.engine import (
    Action,
    GameState,
    IllegalActionError,
    Phase,
    RuleSet,
    apply,
    full_deck,
    legal,
    legal_actions,
    new_game,
)
from canasta.engine.actions import (
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    TakePile,
)
from canasta.engine.legality import canonical
from canasta.engine.rules import PLAYER_COUNTS, preset

from .support import candidate_actions

_KINDS = sorted(set(full_deck()))
#: Every table of every rule system.
TABLES = [preset(name, players) for name, counts in PLAYER_COUNTS.items() for players in counts]
tables = st.sampled_from(TABLES)


def _reachable(rules: RuleSet, seed: int, rng: random.Random, count: int) -> list[GameState]:
    """``count`` states of a random game, picked across its first round and the deal after.
    Each state on the way must leave the player to move something legal to do."""
    state = new_game(rules, seed=seed)
    states = [state]
    while state.phase is not Phase.GAME_OVER and len(states) < 400:
        listed = legal_actions(state)
        assert listed, f"nothing is legal for the player to move in {state.phase}"
        state = apply(state, rng.choice(listed)).state
        states.append(state)
        if state.phase is Phase.ROUND_OVER and state.round_no > 1:
            break
    return rng.sample(states, min(count, len(states)))


def broad_actions(state: GameState, rng: random.Random) -> Iterator[Action]:
    """The plays of the hand, and also cards not held and actions of every phase."""
    yield from candidate_actions(state)
    yield from (DrawStock(), AskPartner(), NextRound(), Answer(True), Answer(False), TakePile())
    for _ in range(6):
        cards = tuple(rng.choice(_KINDS) for _ in range(rng.randint(1, 4)))
        yield Meld(cards)
        yield LayOff(rng.choice((0, 1, 3, *range(4, 14))), cards)
        yield TakePile(cards)
        yield Discard(cards[0])


@settings(max_examples=25, deadline=None)
@given(
    rules=tables,
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    rng=st.randoms(use_true_random=False),
)
def test_an_action_is_listed_exactly_when_it_applies(
    rules: RuleSet, seed: int, rng: random.Random
) -> None:
    for state in _reachable(rules, seed, rng, 5):
        listed = legal_actions(state)
        for action in listed:
            apply(state, action)  # raises if a listed action were refused
        listed_set = set(listed)
        snapshot = tuple(state)
        for action in broad_actions(state, rng):
            if canonical(state, action) in listed_set:
                continue
            try:
                apply(state, action)
            except IllegalActionError as error:
                assert error.reason is not None and error.sentence and error.rule
            else:
                raise AssertionError(f"{action} applies but is not listed in {state.phase}")
            assert tuple(state) == snapshot


@settings(max_examples=15, deadline=None)
@given(
    rules=tables,
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    rng=st.randoms(use_true_random=False),
)
def test_the_lazy_view_agrees_with_the_list(rules: RuleSet, seed: int, rng: random.Random) -> None:
    for state in _reachable(rules, seed, rng, 5):
        listed = legal_actions(state)
        view = legal(state)
        assert bool(view) == bool(listed)
        assert list(view) == listed
        assert len(view) == len(listed)
        if listed:
            assert view[len(listed) - 1] == listed[-1]
        assert view.any_meld() == any(isinstance(a, (Meld, LayOff)) for a in listed)
        assert view.can_take_pile() == any(isinstance(a, TakePile) for a in listed)
        for action in broad_actions(state, rng):
            assert (action in view) == (action in listed)
