"""How the ``normal`` level plays a few telling positions, stated as a player would.

South (the bot) is to play in each.
"""

from __future__ import annotations

import random

from canasta.bots import Decision, NormalBot
from canasta.engine import (
    JOKER,
    AskPartner,
    Discard,
    LayOff,
    Meld,
    Phase,
    TakePile,
    apply,
    is_wild,
    legal_actions,
    rank_of,
    view,
)

from .helpers import position

CANASTA = "7: c7 c7 d7 d7 h7 h7 s7"


def decide(south: str, **fields: object) -> Decision:
    """South's decision in the described position."""
    state = position(south, turn="South", **fields)  # type: ignore[arg-type]
    return NormalBot().decide(view(state, 0), legal_actions(state), random.Random(1))


def test_does_not_go_out_on_a_single_canasta_while_partner_holds_a_full_hand() -> None:
    # South could lay off both nines and discard the four to go out, but with one canasta,
    # no threat and eleven cards in partner's hand, that would throw the round away.
    state = position(
        "c9 d9 h4",
        phase="play",
        turn="South",
        melds={"North-South": [CANASTA, "9: h9 s9 s9"], "East-West": ["12: c12 d12 h12"]},
    )
    bot = NormalBot()
    while state.phase is Phase.PLAY and state.turn == 0:
        action = bot.decide(view(state, 0), legal_actions(state), random.Random(1)).action
        assert action != AskPartner()
        state = apply(state, action).state
    assert state.phase is Phase.DRAW
    assert state.hands[0]


def test_asks_partner_when_the_opponents_are_about_to_go_out() -> None:
    decision = decide(
        phase="play",
        south="c9 d9 h4",
        sizes=(2, 11, 2),
        melds={
            "North-South": [CANASTA, "9: h9 s9 s9"],
            "East-West": ["12: c12 d12 h12 h12 s12 s12 c12"],
        },
    )
    assert decision.action == AskPartner()


def test_takes_a_big_unfrozen_pile_with_a_natural_pair() -> None:
    decision = decide(
        phase="draw",
        south="c6 d6 h4 s5 c8 d11 h12 s13 c1 d9 h10",
        pile="c4 d5 h8 s8 c9 d10 h13 h6",
        melds={"North-South": ["9: h9 s9 s9"], "East-West": ["12: c12 d12 h12"]},
    )
    assert isinstance(decision.action, TakePile)
    assert not any(is_wild(card) for card in decision.action.cards)


def test_does_not_feed_the_opponents_meld_into_a_big_pile() -> None:
    # West (next) could lay the king off on East-West's kings and take eight cards.
    decision = decide(
        phase="play",
        south="s13 c4 d5 h8 h8",
        pile="c4 d5 h9 s8 c9 d10 h13 h6",
        melds={"North-South": ["9: h9 s9 s9"], "East-West": ["13: c13 d13 h13"]},
    )
    assert isinstance(decision.action, Discard)
    assert rank_of(decision.action.card) != 13


def test_keeps_wild_cards_for_completing_canastas() -> None:
    # Six kings on the table and a joker in hand: the joker completes a canasta.
    decision = decide(
        phase="play",
        south="jk c4 d5 h8 s11",
        melds={
            "North-South": ["13: c13 c13 d13 d13 h13 h2"],
            "East-West": ["12: c12 d12 h12"],
        },
    )
    assert decision.action == LayOff(13, (JOKER,))


def test_makes_the_initial_meld_from_the_hand() -> None:
    decision = decide(
        phase="play",
        south="c1 d1 h1 c13 d13 s13 c4 d5 h8 s11 h12",
        melds={"East-West": ["12: c12 d12 h12"]},
    )
    assert isinstance(decision.action, Meld)
