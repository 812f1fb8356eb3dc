"""How ``hard`` weighs its own discards: ``normal``'s weighing, but at a railroad table as
railroad is played: a canasta is closed (docs/rules.md §13.9), taking no pile with the top
card alone and no lay-off, and points are shed when the railroad plan reads a threat."""

from __future__ import annotations

import pytest

from canasta.bots import hard
from canasta.bots.discards import discard_costs
from canasta.bots.railroad import threatened
from canasta.bots.situation import Situation
from canasta.engine import (
    Discard,
    GameState,
    Phase,
    card_value,
    classic,
    legal_actions,
    preset,
    view,
)
from canasta.engine.cards import RANK_OF, THREE, WILD_CARDS

from .helpers import play

THREE_PLAYERS = preset("railroad", 3)


def _discards(states: list[GameState]) -> list[tuple[GameState, list[int]]]:
    """The play positions among ``states`` with the natural cards that may be discarded."""
    out = []
    for state in states:
        if state.phase is not Phase.PLAY:
            continue
        cards = [
            a.card
            for a in legal_actions(state)
            if isinstance(a, Discard) and a.card not in WILD_CARDS and RANK_OF[a.card] != THREE
        ]
        if cards:
            out.append((state, cards))
    return out


def _railroad_states() -> list[GameState]:
    return [
        s
        for seed in range(3)
        for s in play(("normal",) * 3, seed=seed, rounds=1, rules=THREE_PLAYERS)
    ]


def _only_canastas(state: GameState, seat: int, rank: int) -> bool:
    """Whether ``seat`` has melds of ``rank``, every one of them a canasta (closed)."""
    melds = [m for m in state.melds[seat] if m.rank == rank]
    return bool(melds) and all(len(m) >= THREE_PLAYERS.meld_max_size for m in melds)


def test_a_rank_with_only_canastas_is_no_lay_off_and_takes_no_pile() -> None:
    safer = 0
    for state, cards in _discards(_railroad_states()):
        seat = state.to_move
        assert seat is not None
        nxt = THREE_PLAYERS.next_seat(seat)
        seen = view(state, seat)
        situation = Situation.of(seen)
        closed = discard_costs(situation, cards, closed=True)
        every = discard_costs(situation, cards)
        takes = not state.pile_frozen and state.melded[nxt]
        for card in cards:
            rank = RANK_OF[card]
            theirs = takes and _only_canastas(state, nxt, rank)
            if theirs or _only_canastas(state, seat, rank):
                assert closed[card] <= every[card]
                safer += theirs and closed[card] < every[card]
            else:
                assert closed[card] == every[card]
    assert safer


def test_hard_sheds_points_when_the_railroad_plan_reads_a_threat() -> None:
    shed = 0
    for state, cards in _discards(_railroad_states()):
        seat = state.to_move
        assert seat is not None
        seen = view(state, seat)
        situation = Situation.of(seen)
        calm = discard_costs(situation, cards, closed=True, threat=False)
        threat = discard_costs(situation, cards, closed=True, threat=True)
        for card in cards:
            assert threat[card] == pytest.approx(calm[card] - 0.6 * card_value(card))
        mine = hard.own_discard_costs(situation, cards)
        assert mine == (threat if threatened(seen) else calm)
        shed += threatened(seen) != situation.threat
    assert shed  # the plan's reading and classic's differ


def test_classic_discards_are_weighed_as_normal_weighs_them() -> None:
    states = list(play(("normal",) * 4, seed=1, rounds=1, rules=classic))
    checked = 0
    for state, cards in _discards(states)[:200]:
        seat = state.to_move
        assert seat is not None
        situation = Situation.of(view(state, seat))
        assert hard.own_discard_costs(situation, cards) == discard_costs(situation, cards)
        checked += 1
    assert checked
