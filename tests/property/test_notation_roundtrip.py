"""Any action built from any cards prints as text that parses back to it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from canasta.engine import card_label, card_text, full_deck, parse_action, parse_card
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

cards = st.sampled_from(sorted(set(full_deck())))
card_lists = st.lists(cards, min_size=1, max_size=12).map(tuple)
ranks = st.sampled_from([1, *range(3, 14)])

actions = st.one_of(
    st.just(DrawStock()),
    st.just(AskPartner()),
    st.just(NextRound()),
    st.builds(Answer, st.booleans()),
    st.builds(TakePile, st.lists(cards, max_size=8).map(tuple)),
    st.builds(Meld, card_lists),
    st.builds(LayOff, ranks, card_lists),
    st.builds(Discard, cards),
)


@given(actions)
def test_any_action_round_trips(action: object) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert str(parse_action(text)) == text
    assert parse_action(f"  {text.upper()}  ") == action


@given(cards)
def test_any_card_round_trips_in_both_forms(card: object) -> None:
    assert parse_card(card_text(card)) == card
    assert parse_card(card_label(card).lower()) == card
