"""How ``hard`` weighs its own discards: ``normal``'s weighing, but at a railroad table a
canasta is closed (docs/rules.md §13.9) and takes no pile with the top card alone."""

from __future__ import annotations

from canasta.bots import hard
from canasta.bots.discards import discard_costs
from canasta.bots.situation import Situation
from canasta.engine import Discard, GameState, Phase, classic, legal_actions, preset, view
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


def test_a_rank_the_next_player_has_only_canastas_of_is_a_safer_discard() -> None:
    states = [
        s
        for seed in range(3)
        for s in play(("normal",) * 3, seed=seed, rounds=1, rules=THREE_PLAYERS)
    ]
    safer = 0
    for state, cards in _discards(states):
        seat = state.to_move
        assert seat is not None
        nxt = THREE_PLAYERS.next_seat(seat)
        if state.pile_frozen or not state.melded[nxt]:
            continue
        situation = Situation.of(view(state, seat))
        closed = discard_costs(situation, cards, closed=True)
        every = discard_costs(situation, cards)
        assert hard._costs(situation, cards) == closed
        for card in cards:
            melds = [m for m in state.melds[nxt] if m.rank == RANK_OF[card]]
            if melds and all(len(m) >= THREE_PLAYERS.meld_max_size for m in melds):
                # Only canastas of the rank: the top card alone joins none of them.
                assert closed[card] <= every[card]
                safer += closed[card] < every[card]
            else:
                assert closed[card] == every[card]
    assert safer


def test_classic_discards_are_weighed_as_normal_weighs_them() -> None:
    states = list(play(("normal",) * 4, seed=1, rounds=1, rules=classic))
    checked = 0
    for state, cards in _discards(states)[:200]:
        seat = state.to_move
        assert seat is not None
        situation = Situation.of(view(state, seat))
        assert hard._costs(situation, cards) == discard_costs(situation, cards)
        checked += 1
    assert checked
