"""Rules §1: components and seating."""

from __future__ import annotations

from collections import Counter

from canasta.engine import (
    JOKER,
    Seat,
    card_value,
    classic,
    full_deck,
    is_wild,
    new_game,
    parse_card,
    rank_of,
)
from canasta.engine.cards import NATURAL_RANKS, card_of

from .helpers import act, count_all, position


def test_s1_1_seats_in_turn_order_south_west_north_east() -> None:
    assert [seat.label for seat in Seat] == ["South", "West", "North", "East"]


def test_s1_1_partners_sit_opposite_in_two_teams() -> None:
    assert classic.partner(Seat.SOUTH) == Seat.NORTH
    assert classic.partner(Seat.WEST) == Seat.EAST
    assert classic.partner(Seat.NORTH) == Seat.SOUTH
    assert classic.partner(Seat.EAST) == Seat.WEST
    assert classic.team_of(Seat.SOUTH) == classic.team_of(Seat.NORTH) == 0
    assert classic.team_of(Seat.WEST) == classic.team_of(Seat.EAST) == 1


def test_s1_1_play_passes_to_the_left() -> None:
    state = position(south="c5 c6 c7 c8", west="d5 d6 d7", phase="play", turn="South")
    state = act(state, "discard c8")
    assert state.turn == Seat.WEST
    state = act(state, "draw", "discard d5")
    assert state.turn == Seat.NORTH


def test_s1_2_deck_is_two_standard_decks_and_four_jokers() -> None:
    deck = full_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert len(counts) == 53
    assert all(n == 2 for card, n in counts.items() if card != JOKER)


def test_s1_2_every_card_of_a_new_game_is_one_of_the_108() -> None:
    for seed in range(5):
        state = new_game(seed=seed)
        assert count_all(state) == sorted(full_deck())


def test_s1_3_jokers_and_twos_are_wild_everything_else_natural() -> None:
    for card in set(full_deck()):
        wild = card == JOKER or rank_of(card) == 2
        assert is_wild(card) is wild
    for rank in NATURAL_RANKS:
        assert not is_wild(card_of(rank, 0))
    assert not is_wild(parse_card("h3"))
    assert not is_wild(parse_card("s3"))


def test_s1_4_card_values() -> None:
    expected = {
        "jk": 50,
        "c2": 20,
        "h2": 20,
        "c1": 20,
        "d1": 20,
        "c4": 5,
        "d5": 5,
        "h6": 5,
        "s7": 5,
        "c3": 5,
        "s3": 5,
        "c8": 10,
        "d9": 10,
        "h10": 10,
        "s11": 10,
        "c12": 10,
        "d13": 10,
    }
    for text, value in expected.items():
        assert card_value(parse_card(text)) == value, text


def test_s1_4_red_threes_have_no_meld_value() -> None:
    assert card_value(parse_card("h3")) == 0
    assert card_value(parse_card("d3")) == 0
