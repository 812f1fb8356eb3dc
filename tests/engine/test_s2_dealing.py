"""Rules §2: dealing."""

from __future__ import annotations

from canasta.engine import (
    Phase,
    Seat,
    apply,
    card_text,
    full_deck,
    new_game,
    parse_action,
    parse_cards,
    start_game,
)
from canasta.engine.events import RedThreeLaid, RoundDealt, UpCardTurned

from .helpers import act, cards, count_all, position, stacked_deck


def _finish_round(state):  # type: ignore[no-untyped-def]
    """South goes out at once (a position-built shortcut is not possible mid-game, so the
    round is ended by playing it out with the first legal action)."""
    from canasta.engine import legal_actions

    while state.phase in (Phase.DRAW, Phase.PLAY, Phase.ANSWER):
        state = apply(state, legal_actions(state)[0]).state
    return state


def test_s2_1_first_round_is_dealt_by_east_and_south_plays_first() -> None:
    state = new_game(seed=3)
    assert state.dealer == Seat.EAST
    assert state.turn == Seat.SOUTH
    assert state.phase is Phase.DRAW


def test_s2_1_dealer_rotates_clockwise_each_round() -> None:
    state = _finish_round(new_game(seed=11))
    assert state.phase is Phase.ROUND_OVER
    step = apply(state, parse_action("next"))
    assert step.state.round_no == 2
    assert step.state.dealer == Seat.SOUTH
    assert step.state.turn == Seat.WEST
    assert RoundDealt(2, Seat.SOUTH) in step.events
    state = _finish_round(step.state)
    state = act(state, "next")
    assert state.dealer == Seat.WEST
    assert state.turn == Seat.NORTH


def test_s2_2_eleven_cards_each_and_the_rest_is_the_stock() -> None:
    state = new_game(seed=5)
    assert [len(hand) for hand in state.hands] == [11, 11, 11, 11]
    laid_out = len(state.red_threes[0]) + len(state.red_threes[1])
    assert len(state.pile) + len(state.stock) + laid_out == 108 - 44
    assert count_all(state) == sorted(full_deck())


def test_s2_2_stacked_deck_deals_one_card_at_a_time_from_dealers_left() -> None:
    deck = stacked_deck(
        south="c1 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13",
        west="d1 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13",
        up="s5",
        stock="s6 s7",
    )
    state = new_game(deck=deck)
    assert state.hands[Seat.SOUTH] == cards("c1 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13")
    assert state.hands[Seat.WEST] == cards("d1 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13")
    # Index 0 goes to South (left of the dealer East), index 1 to West, and so on.
    assert deck[0] == parse_cards("c1")[0]
    assert deck[1] == parse_cards("d1")[0]
    assert state.pile == cards("s5")
    assert state.stock[:2] == parse_cards("s6 s7")
    assert state.deck == deck


def test_s2_3_up_card_starts_the_pile() -> None:
    state = new_game(deck=stacked_deck(up="h9"))
    assert state.pile == cards("h9")
    assert not state.pile_frozen


def test_s2_3_wild_or_red_three_up_card_stays_and_freezes_the_pile() -> None:
    state = new_game(deck=stacked_deck(up="jk d3 c2 h9", stock="s4"))
    assert state.pile == parse_cards("jk d3 c2 h9")
    assert state.pile_frozen
    assert state.stock[0] == parse_cards("s4")[0]


def test_s2_3_black_three_up_card_is_allowed_and_blocks() -> None:
    state = new_game(deck=stacked_deck(up="s3"))
    assert state.pile == cards("s3")
    assert not state.pile_frozen
    assert state.pile_blocked


def test_s2_4_dealt_red_three_is_laid_out_at_the_start_of_the_turn_and_replaced() -> None:
    deck = stacked_deck(
        south="h3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13",
        north="d3 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13",
        up="s9",
        stock="h8",
    )
    state = new_game(deck=deck)
    # South plays first: the red three is out and replaced before the draw.
    assert state.red_threes[0] == cards("h3")
    assert state.hands[Seat.SOUTH] == cards("h8 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13")
    assert state.phase is Phase.DRAW
    # North's red three waits in the hand until North's turn.
    assert parse_cards("d3")[0] in state.hands[Seat.NORTH]
    state = act(state, "draw", "discard c4", "draw")
    state = act(state, f"discard {card_text(state.hands[Seat.WEST][0])}")
    assert state.turn == Seat.NORTH
    assert sorted(state.red_threes[0]) == sorted(cards("h3 d3"))
    assert parse_cards("d3")[0] not in state.hands[Seat.NORTH]
    assert len(state.hands[Seat.NORTH]) == 11


def test_s2_4_the_first_deal_tells_its_up_cards_and_the_red_threes_before_the_first_draw() -> None:
    deck = stacked_deck(south="h3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13", up="jk s9", stock="h8")
    step = start_game(deck=deck)
    assert step.events == (
        RoundDealt(1, Seat.EAST),
        UpCardTurned(parse_cards("jk")[0], True, True),
        UpCardTurned(parse_cards("s9")[0], False),
        RedThreeLaid(Seat.SOUTH, parse_cards("h3")[0], True),
    )
    assert step.state == new_game(deck=deck)


def test_s2_4_a_red_three_replacement_is_laid_out_and_replaced_too() -> None:
    deck = stacked_deck(
        south="h3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13",
        up="s9",
        stock="d3 h8 c1",
    )
    state = new_game(deck=deck)
    assert sorted(state.red_threes[0]) == sorted(parse_cards("h3 d3"))
    assert state.hands[Seat.SOUTH] == cards("h8 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13")
    assert state.stock[0] == parse_cards("c1")[0]


def test_s2_4_a_red_three_waits_in_the_hand_until_its_holders_turn() -> None:
    state = position(
        south="h3 c4", west="c9 c9", north="c5 c6", east="c7 c8", turn="West", phase="play"
    )
    step = apply(state, parse_action("discard c9"))
    assert step.state.turn == Seat.NORTH
    assert step.state.hands[Seat.SOUTH] == cards("h3 c4")
    assert not any(isinstance(e, RedThreeLaid) for e in step.events)
    state = act(step.state, "draw", "discard c5")
    state = act(state, "draw")
    state = act(state, f"discard {card_text(state.hands[Seat.EAST][0])}")
    assert state.turn == Seat.SOUTH
    assert state.red_threes[0] == cards("h3")
    assert parse_cards("h3")[0] not in state.hands[Seat.SOUTH]
    assert len(state.hands[Seat.SOUTH]) == 2


def test_s2_2_the_second_round_is_dealt_from_the_new_dealers_left() -> None:
    first = stacked_deck(up="s9")
    second = stacked_deck(
        south="c1 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13",
        west="d1 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13",
        up="h9",
        dealer=Seat.SOUTH,
    )
    state = _finish_round(new_game(decks=[first, second]))
    state = act(state, "next")
    assert state.dealer == Seat.SOUTH
    assert state.deck == second
    # West (left of the dealer South) received index 0, South (the dealer) index 3.
    assert second[0] == cards("d1")[0]
    assert second[3] == cards("c1")[0]
    assert state.hands[Seat.WEST] == cards("d1 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13")
    assert state.hands[Seat.SOUTH] == cards("c1 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13")
    assert state.pile == cards("h9")


def test_s2_the_deal_shuffles_as_random_does() -> None:
    """``shuffled_deck`` inlines ``random.Random.shuffle``: every seed and rule system's
    deck comes out in the order ``shuffle`` gives, so saved games and seeds deal alike."""
    import random

    from canasta.engine import SYSTEMS, preset
    from canasta.engine.deal import shuffled_deck

    for system in SYSTEMS:
        rules = preset(system)
        for seed, round_no in ((0, 1), (7, 2), (123456, 5)):
            deck = list(full_deck(decks=rules.decks, jokers=rules.jokers))
            random.Random(f"canasta:{seed}:{round_no}").shuffle(deck)
            assert shuffled_deck(rules, seed, round_no) == tuple(deck)
