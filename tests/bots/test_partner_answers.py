"""Partner asks "may I go out?": the answers a good partner gives, stated as a player would.

In every scenario North has asked and South (the bot) answers.
"""

from __future__ import annotations

import random

import pytest

from canasta.bots import Bot, Effort, HardBot
from canasta.engine import Answer, Position, legal_actions, view

from .helpers import bot

SMART = ("normal", "hard")
#: North-South's canasta (needed to go out) and opponents' melds that do not threaten.
CANASTA = "7: c7 c7 d7 d7 h7 h7 s7"


def answer(level: str, **position: object) -> bool:
    """South's answer when North asks, in the described position."""
    fields: dict[str, object] = {"phase": "answer", "turn": "North", "current": {"asked": True}}
    fields.update(position)
    state = Position.model_validate(fields).to_state()
    player: Bot = bot(level)
    decision = player.decide(view(state, 0), legal_actions(state), random.Random(1))
    assert isinstance(decision.action, Answer)
    assert decision.reason
    return decision.action.yes


@pytest.mark.parametrize("level", SMART)
def test_three_jokers_and_two_near_canastas_say_no(level: str) -> None:
    # South could complete the nines and the queens next turn, and three jokers would cost
    # 150 points in hand: going out now throws hundreds away.
    assert not answer(
        level,
        hands={
            "South": "jk jk jk h9 s9 d12 s12",
            "West": "c4 c5 c6 d8 d10 h11 s13 c13 d4 h5 s6",
            "North": "h8 s8",
            "East": "d4 h6 s10 c11 d13 h1 s4 c5 d6 h10 s11",
        },
        melds={
            "North-South": [CANASTA, "9: c9 c9 d9 d9 h9", "12: c12 c12 d12 h12 h12"],
            "East-West": ["13: d13 h13 s13"],
        },
    )


@pytest.mark.parametrize("level", SMART)
def test_two_low_cards_with_opponents_about_to_go_out_say_yes(level: str) -> None:
    # East-West have a canasta and East holds two cards: they can go out any moment.
    assert answer(
        level,
        hands={
            "South": "c4 d5",
            "West": "c6 d8 d10 h11",
            "North": "h8 s8",
            "East": "d4 h6",
        },
        melds={
            "North-South": [CANASTA, "9: c9 c9 d9"],
            "East-West": ["13: c13 c13 d13 d13 h13 h13 s13", "12: c12 d12 h12"],
        },
    )


@pytest.mark.parametrize("level", SMART)
def test_light_hand_says_yes(level: str) -> None:
    # Nothing to gain by waiting: South holds two low cards that fit no meld.
    assert answer(
        level,
        hands={
            "South": "c4 d6",
            "West": "c5 d8 d10 h11 s13 c13 d4 h5 s6 s9 h4",
            "North": "h8 s8",
            "East": "d4 h6 s10 c11 d13 h1 s4 c5 d6 h10 s11",
        },
        melds={"North-South": [CANASTA, "9: c9 c9 d9"], "East-West": ["12: c12 d12 h12"]},
    )


ACES_AND_KINGS = {
    "hands": {
        "South": "c1 d1 h1 c13 d13 s12 h11 d10",
        "West": "c5 d8 d10 h11 s13 c4 d4 h5 s6 s9 h4",
        "North": "h8 s8",
        "East": "d4 h6 s10 c11 h10 s4 c5 d6 h10 s11 c6",
    },
    "melds": {"North-South": [CANASTA, "9: c9 c9 d9"], "East-West": ["12: c12 d12 h12"]},
}


def test_normal_with_a_hand_full_of_aces_and_kings_says_no() -> None:
    # 140 points in hand, opponents far from going out: the rule of thumb says play on.
    assert not answer("normal", **ACES_AND_KINGS)


def test_hard_sees_that_going_out_catches_the_opponents_with_full_hands() -> None:
    # Same position: the opponents hold 22 cards and one small meld, so ending the round now
    # costs them far more than South's 140 points; hard's playouts find that.
    state = Position.model_validate(
        {"phase": "answer", "turn": "North", "current": {"asked": True}, **ACES_AND_KINGS}
    ).to_state()
    decision = HardBot(Effort(playouts=10, cap=None)).decide(
        view(state, 0), legal_actions(state), random.Random(1)
    )
    assert decision.action == Answer(True)
    assert "sampled deals" in decision.reason


@pytest.mark.parametrize("level", SMART)
def test_heavy_hand_still_says_yes_when_going_out_wins_the_game(level: str) -> None:
    # North-South are at 4900 and their table alone passes 5000: end it now.
    assert answer(
        level,
        scores=(4900, 3000),
        hands={
            "South": "c1 d13 s12 h11",
            "West": "c5 d8 d10 h11 s13 c4 d4 h5 s6 s9 h4",
            "North": "h8 s8",
            "East": "d4 h6 s10 c11 h10 s4 c5 d6 h10 s11 c6",
        },
        melds={"North-South": [CANASTA, "9: c9 c9 d9"], "East-West": ["12: c12 d12 h12"]},
    )
