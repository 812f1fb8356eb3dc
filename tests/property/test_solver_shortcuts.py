"""The solver's early refusals change no answer: :func:`can_go_out` with them equals the
same search with them switched off, on random hands and tables of every rule system."""

from __future__ import annotations

from unittest import mock

from hypothesis import example, given, settings
from hypothesis import strategies as st

from canasta.engine import is_wild, rank_of, solver
from canasta.engine.cards import MELD_RANKS, RED_THREES, full_deck, parse_cards
from canasta.engine.counts import count_hand
from canasta.engine.rules import RuleSet, preset
from canasta.engine.solver import can_go_out

_DECK = [card for card in full_deck() if card not in RED_THREES]
_RULES = [preset("classic"), preset("traditional", 6), preset("classic", 2)]


@st.composite
def _positions(draw: st.DrawFn) -> tuple[RuleSet, tuple[int, ...], dict[int, tuple[int, int]], int]:
    rules = draw(st.sampled_from(_RULES))
    # Few ranks and melds near a canasta, so that going out is often possible.
    ranks = draw(st.lists(st.sampled_from(MELD_RANKS[-4:]), unique=True, max_size=4))
    pool = [card for card in _DECK if rank_of(card) in ranks or is_wild(card)] or _DECK
    hand = tuple(sorted(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=10))))
    table = {}
    for rank in ranks:
        naturals = draw(st.integers(min_value=3, max_value=7))
        wilds = draw(st.integers(min_value=0, max_value=min(3, naturals - 1)))
        table[rank] = (naturals, wilds)
    need = draw(st.sampled_from([0, 0, 50, 90]))
    return rules, hand, table, need


_TWO_CANASTAS = preset("traditional", 6)


@settings(max_examples=400)
@given(position=_positions())
# Two canastas to go out: the king and queen melds each become one, the five is discarded.
@example((_TWO_CANASTAS, parse_cards("h13 c12 d5"), {13: (6, 0), 12: (5, 1)}, 0))
# One of the two melds cannot reach seven cards: refused before any search.
@example((_TWO_CANASTAS, parse_cards("h13 c12 d5"), {13: (6, 0), 12: (4, 1)}, 0))
def test_can_go_out_answers_as_without_its_early_refusals(
    position: tuple[RuleSet, tuple[int, ...], dict[int, tuple[int, int]], int],
) -> None:
    rules, hand, table, need = position
    counts = count_hand(hand)  # type: ignore[arg-type]
    answer = can_go_out(counts, table, rules, need=need)
    with mock.patch.object(solver, "_canastas_in_reach", lambda *_: True):
        assert can_go_out(counts, table, rules, need=need) == answer


def test_the_examples_go_out_and_do_not() -> None:
    hand = count_hand(parse_cards("h13 c12 d5"))
    assert can_go_out(hand, {13: (6, 0), 12: (5, 1)}, _TWO_CANASTAS)
    assert not can_go_out(hand, {13: (6, 0), 12: (4, 1)}, _TWO_CANASTAS)
