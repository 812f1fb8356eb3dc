"""The railroad plan of the ``normal`` level goes out instead of running the stock dry
(docs/bots.md): the threat it reads, the wild cards it keeps for the wild canasta, and
what it does once every kind of canasta is down."""

from __future__ import annotations

import random

from canasta.bots import NormalBot
from canasta.bots.railroad import may_go_out_soon
from canasta.engine import (
    GameState,
    LayOff,
    Meld,
    Phase,
    apply,
    legal_actions,
    new_game,
    preset,
    view,
)
from canasta.engine.cards import WILD_CARDS, WILD_RANK
from canasta.engine.events import StockExhausted, WentOut
from canasta.engine.kinds import kinds_missing

from .helpers import play

TWO = preset("railroad", 2)


def test_two_normal_players_go_out_where_they_ran_the_stock_dry() -> None:
    # At commit 9ae71c6 this deal's first round ran the stock dry: both players lacked the
    # wild canasta, their wild cards spent on initial melds, black canastas beyond the
    # first, and points shed whenever the other held five cards. Now one goes out with 37
    # cards left in the stock.
    state = new_game(TWO, seed=1)
    bots = [NormalBot(), NormalBot()]
    rngs = [random.Random(f"1:{seat}") for seat in range(2)]
    events = []
    while state.phase in (Phase.DRAW, Phase.PLAY):
        seat = state.to_move
        assert seat is not None
        action = bots[seat].decide(view(state, seat), legal_actions(state), rngs[seat]).action
        step = apply(state, action)
        state, events = step.state, step.events
    assert any(isinstance(event, WentOut) for event in events)
    assert not any(isinstance(event, StockExhausted) for event in events)
    assert len(state.stock) == 37


def _states(seeds: range) -> list[GameState]:
    return [s for seed in seeds for s in play(("normal", "normal"), seed=seed, rounds=1, rules=TWO)]


def test_an_opponent_threatens_only_with_the_kinds_it_lacks_within_reach() -> None:
    seen_threat = seen_no_threat = False
    for state in _states(range(6)):
        seat = state.to_move
        assert seat is not None
        other = 1 - seat
        seen = view(state, seat)
        lacks = kinds_missing(state.melds[other], TWO)
        few = len(state.hands[other]) <= 5
        soon = may_go_out_soon(seen, other)
        if few and "wild" in lacks and not any(m.rank == WILD_RANK for m in state.melds[other]):
            # Seven wild cards short with five cards or fewer and a draw of two.
            assert not soon
            seen_no_threat = True
        if few and not lacks:
            assert soon  # every kind down: the next discard may go out
        if not few:
            assert not soon
        seen_threat |= soon
    assert seen_no_threat and seen_threat


def test_early_initial_meld_spends_no_wild_card_outside_a_wild_meld() -> None:
    dealt = TWO.deck_size - 2 * (TWO.hand_size + TWO.kitty_size) - 1
    checked = 0
    bot = NormalBot()
    for state in _states(range(3)):
        seat = state.to_move
        assert seat is not None
        if state.phase is not Phase.PLAY or state.melded[seat] or state.turn_value:
            continue
        if len(state.stock) <= 0.75 * dealt:
            continue
        action = bot.decide(view(state, seat), legal_actions(state), random.Random(0)).action
        if isinstance(action, Meld) and action.cards:
            wilds = sum(1 for card in action.cards if card in WILD_CARDS)
            assert wilds == 0 or wilds == len(action.cards), action
            checked += 1
    assert checked


def test_once_every_kind_is_down_wild_cards_leave_the_hand() -> None:
    placed = 0
    bot = NormalBot()
    for state in _states(range(6)):
        seat = state.to_move
        assert seat is not None
        if state.phase is not Phase.PLAY or kinds_missing(state.melds[seat], TWO):
            continue
        legal = legal_actions(state)
        sheds = [
            a
            for a in legal
            if isinstance(a, (Meld, LayOff)) and any(c in WILD_CARDS for c in a.cards)
        ]
        if not sheds:
            continue
        action = bot.decide(view(state, seat), legal, random.Random(0)).action
        assert isinstance(action, (Meld, LayOff)), action
        placed += 1
    assert placed
