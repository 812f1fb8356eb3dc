"""A bot's reason says why, never the move itself: the hint shows the move, then the reason
("Discard 5♣. The safest card to give up."), and a reason that named the move again made
the hint say it twice ("Meld JK JK A♥ A♠ A♠. Meld jk jk ah as as.")."""

from __future__ import annotations

import random
import re

import pytest
from tests.bots.helpers import bot, play

from canasta.bots import Decision
from canasta.engine import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Phase,
    RuleSet,
    TakePile,
    apply,
    card_label,
    card_name,
    card_text,
    classic,
    legal_actions,
    new_game,
    parse_cards,
    preset,
    view,
)

#: How a reason would begin if it named the move (the old reasons did).
_MOVE_WORDS = ("meld ", "lay off", "discard ", "take the pile", "draw", "go out", "ask partner")


def _restates(decision: Decision) -> str | None:
    """What in ``decision.reason`` names its own move, or ``None``."""
    reason = decision.reason.lower()
    action: Action = decision.action
    words = [str(action).lower()]
    if isinstance(action, Discard):
        words.append(card_name(action.card))
    if isinstance(action, (Meld, LayOff)):
        words.append(" ".join(card_label(card).lower() for card in action.cards))
        words.append(" ".join(card_text(card) for card in action.cards))
    for said in words:
        if re.search(rf"(?<![\w]){re.escape(said)}(?![\w])", reason):
            return said
    if isinstance(action, (Meld, LayOff, Discard, DrawStock, TakePile)) and reason.startswith(
        _MOVE_WORDS
    ):
        return reason.split(":")[0]
    return None


@pytest.mark.parametrize(
    ("level", "rules", "seed"),
    [
        ("normal", classic, 3),
        ("easy", classic, 4),
        ("hard", classic, 5),
        ("normal", preset("classic", 2), 6),
        ("normal", preset("railroad", 3), 7),
        ("easy", preset("railroad", 2), 8),
    ],
)
def test_reasons_say_why_and_never_name_the_move(level: str, rules: RuleSet, seed: int) -> None:
    seats = (level,) * rules.players
    checker = bot(level)
    rng = random.Random(seed)
    seen_moves: set[type] = set()
    for state in play(seats, seed=seed, rounds=1, rules=rules):
        seat = state.to_move
        assert seat is not None
        decision = checker.decide(view(state, seat), legal_actions(state), rng)
        assert decision.reason.strip(), f"{level} gave no reason for {decision.action}"
        named = _restates(decision)
        assert named is None, f"{level}'s reason {decision.reason!r} names its move ({named})"
        seen_moves.add(type(decision.action))
    # The round exercised the reasons of every kind of move that names cards.
    assert {Discard, DrawStock} <= seen_moves
    assert seen_moves & {Meld, LayOff}


@pytest.mark.parametrize(("rules", "seed"), [(classic, 3), (preset("railroad", 2), 11)])
def test_a_draw_says_whether_the_pile_could_have_been_taken(rules: RuleSet, seed: int) -> None:
    # A blocked or frozen pile, or one the hand cannot meet, is not a pile "not worth
    # taking": the hint said so of a pile blocked by a two.
    seen = {True: 0, False: 0}
    for state in play(("normal",) * rules.players, seed=seed, rounds=1, rules=rules):
        if state.to_move is None or state.phase is not Phase.DRAW:
            continue
        legal = legal_actions(state)
        decision = bot("normal").decide(view(state, state.to_move), legal, random.Random(0))
        if not isinstance(decision.action, DrawStock):
            continue
        could = any(isinstance(action, TakePile) for action in legal)
        seen[could] += 1
        expected = "The pile is not worth taking." if could else "The pile cannot be taken now."
        assert decision.reason == expected, (state.pile, legal)
    assert seen[True] and seen[False], seen


def test_a_railroad_initial_meld_held_back_for_the_wild_canasta_says_so() -> None:
    # Seed 7's first hand, after the draw, melds its minimum only with a wild card (three
    # jacks and a two): early in the round the plan keeps the wild cards for the wild
    # canasta and discards, and the hint said only "The safest card to give up."
    state = apply(new_game(preset("railroad", 3), seed=7), DrawStock()).state
    legal = legal_actions(state)
    assert Meld(parse_cards("c2 h11 s11 s11")) in legal
    decision = bot("normal").decide(view(state, 0), legal, random.Random(0))
    assert isinstance(decision.action, Discard)
    assert decision.reason.startswith("Early in the round the initial meld waits"), decision
