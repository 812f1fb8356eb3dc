"""view(state, seat): what one seat may know, and nothing more; determinize."""

from __future__ import annotations

import random

import pytest

from canasta.engine import GameState, Phase, Seat, determinize, view

from .helpers import act, cards, position, random_play


def _hidden_permuted(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with the cards ``seat`` cannot see (other hands less known cards, and the
    stock) dealt again at random, sizes kept."""
    pool = list(state.stock)
    rest_of: dict[int, list] = {}  # type: ignore[type-arg]
    for other in range(4):
        if other == seat:
            continue
        spare = list(state.hands[other])
        for card in state.known[other]:
            spare.remove(card)
        rest_of[other] = spare
        pool.extend(spare)
    rng.shuffle(pool)
    hands = list(state.hands)
    for other, spare in rest_of.items():
        taken, pool = pool[: len(spare)], pool[len(spare) :]
        hands[other] = tuple(sorted((*state.known[other], *taken)))
    return state._replace(hands=tuple(hands), stock=tuple(pool))


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_view_holds_no_hidden_card(seed: int) -> None:
    rng = random.Random(seed)
    states = random_play(seed, steps=400)
    for state in states[::7]:
        if state.phase not in (Phase.DRAW, Phase.PLAY, Phase.ANSWER):
            continue
        for seat in Seat:
            other = _hidden_permuted(state, seat, rng)
            assert view(other, seat) == view(state, seat)


#: The view's fields that are not the state's own field of the same name.
_DERIVED = {"seat", "hand", "hand_sizes", "known", "stock_size", "kitty_sizes"}
_RAILROAD = {"kitty_status", "kitty", "sevens_locked"}


@pytest.mark.parametrize("seed", [24, 25])
def test_each_field_of_the_view_is_the_one_it_names(seed: int) -> None:
    """The view is built field by field in order: each field holds what its name says."""
    for state in random_play(seed, steps=300)[::5]:
        for seat in Seat:
            seen = view(state, seat)
            for name, value in seen._asdict().items():
                if name not in _DERIVED | _RAILROAD:
                    assert value == getattr(state, name), name
            assert seen.seat == seat
            assert seen.hand == state.hands[seat]
            assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
            assert seen.known[seat] == ()
            assert all(seen.known[s] == state.known[s] for s in Seat if s != seat)
            assert seen.stock_size == len(state.stock)
            assert seen.kitty_sizes == (0, 0, 0, 0)
            assert seen.kitty_status == ("none",) * 4
            assert seen.kitty == ()
            assert seen.sevens_locked is False


def test_view_shows_own_hand_and_others_sizes() -> None:
    state = position(south="c4 c5 c6", west="d4 d5", north="h4", east="s4 s5 s6 s7")
    seen = view(state, Seat.SOUTH)
    assert seen.hand == cards("c4 c5 c6")
    assert seen.hand_sizes == (3, 2, 1, 4)
    assert seen.stock_size == len(state.stock)
    assert not hasattr(seen, "hands")
    assert not hasattr(seen, "stock")


@pytest.mark.parametrize("seed", [31, 32])
def test_determinize_gives_a_state_with_the_same_view(seed: int) -> None:
    rng = random.Random(seed)
    for state in random_play(seed, steps=400)[::9]:
        for seat in Seat:
            seen = view(state, seat)
            sampled = determinize(seen, rng)
            assert view(sampled, seat) == seen
            assert sorted(sampled.stock + sum(sampled.hands, ())) == sorted(
                state.stock + sum(state.hands, ())
            )


def test_the_whole_pile_is_public() -> None:
    # Decision l: every card in the pile was seen face up.
    state = position(south="c4 c5 c6", pile="jk c9 h7 d8", stock="c12 c11")
    for seat in Seat:
        assert view(state, seat).pile == state.pile


def test_cards_taken_with_the_pile_stay_known_until_played() -> None:
    state = position(
        south="c6 c6 h7 d8",
        pile="s4 c9 d6",
        ns_melds=["10: c10 d10 h10"],
        stock="c12 c11 d11 h11",
    )
    state = act(state, "take c6 c6")
    assert state.known[Seat.SOUTH] == cards("s4 c9")
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        assert view(state, seat).known[Seat.SOUTH] == cards("s4 c9")
    assert view(state, Seat.SOUTH).known[Seat.SOUTH] == ()
    state = act(state, "discard s4")
    assert view(state, Seat.WEST).known[Seat.SOUTH] == cards("c9")


def test_narration_tells_a_drawn_card_only_to_its_drawer() -> None:
    from canasta.engine.events import StockDrawn
    from canasta.engine.narrate import describe_event

    event = StockDrawn(Seat.SOUTH, cards("h13")[0])
    assert "KH" in describe_event(event, viewer=Seat.SOUTH)
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        assert "KH" not in describe_event(event, viewer=seat)
    assert "KH" not in describe_event(event)


def test_narration_uses_player_names_labels_and_hides_private_draws() -> None:
    from canasta.engine.events import Discarded, StockDrawn
    from canasta.engine.narrate import describe_event

    card = cards("h13")[0]
    names = ("Ann", "Kim", "Bo", "Lee")
    drawn = StockDrawn(1, card)
    assert describe_event(drawn, viewer=1, names=names) == "Kim drew KH from the stock."
    assert describe_event(drawn, viewer=0, names=names) == "Kim drew from the stock."
    assert describe_event(Discarded(0, card), label=lambda c: "K♥") == "South discarded K♥."


def test_narration_tells_the_cards_drawn_in_one_go_in_one_line() -> None:
    from canasta.engine.events import Discarded, RedThreeLaid, StockDrawn
    from canasta.engine.narrate import describe_events

    (king,), (five,), (three,) = cards("h13"), cards("s5"), cards("d3")
    drawn = [StockDrawn(1, king), StockDrawn(1, five)]
    assert describe_events(drawn, viewer=1) == ["West drew KH and 5S from the stock."]
    assert describe_events(drawn, viewer=0) == ["West drew two cards from the stock."]
    assert describe_events(drawn, viewer=1, you=1) == ["You drew KH and 5S from the stock."]
    # One card is told as before; a red three laid out between the draws parts them, and
    # another player's draw is another line.
    assert describe_events(drawn[:1]) == ["West drew from the stock."]
    parted = [StockDrawn(1, three), RedThreeLaid(1, three, False), StockDrawn(1, five)]
    assert describe_events(parted) == [
        "West drew from the stock.",
        "West laid out the red three 3D.",
        "West drew from the stock.",
    ]
    turns = [*drawn, Discarded(1, king), StockDrawn(2, five), StockDrawn(2, king)]
    assert describe_events(turns, viewer=2) == [
        "West drew two cards from the stock.",
        "West discarded KH.",
        "North drew 5S and KH from the stock.",
    ]


def test_narration_tells_a_red_three_drawn_and_its_replacement_as_one_draw() -> None:
    from canasta.engine.events import RedThreeLaid, StockDrawn
    from canasta.engine.narrate import describe_events

    (three,), (seven,), (king,) = cards("d3"), cards("s7"), cards("h13")
    drawn = [StockDrawn(2, three), RedThreeLaid(2, three, True), StockDrawn(2, seven)]
    # Not "North drew from the stock." a second time: the replacement is that line's.
    assert describe_events(drawn) == [
        "North drew from the stock.",
        "North laid out the red three 3D and drew a replacement.",
    ]
    assert describe_events(drawn, viewer=2, you=2) == [
        "You drew 3D from the stock.",
        "You laid out the red three 3D and drew 7S in its place.",
    ]
    # Railroad draws two: the red three is one of them, its replacement the other's place.
    assert describe_events([StockDrawn(2, king), *drawn]) == [
        "North drew two cards from the stock.",
        "North laid out the red three 3D and drew a replacement.",
    ]
    # A red three laid out as the turn starts is replaced at once, and the draw that
    # follows is the turn's own.
    assert describe_events([RedThreeLaid(2, three, True), StockDrawn(2, seven)]) == [
        "North laid out the red three 3D and drew a replacement.",
        "North drew from the stock.",
    ]


def test_narration_tells_the_red_threes_laid_out_at_once_in_one_line() -> None:
    from canasta.engine.events import RedThreeLaid
    from canasta.engine.narrate import describe_events

    (hearts,), (diamonds,) = cards("h3"), cards("d3")
    both = [RedThreeLaid(0, hearts, True), RedThreeLaid(0, diamonds, True)]
    assert describe_events(both) == [
        "South laid out the red threes 3H and 3D and drew replacements."
    ]
    assert describe_events(both, viewer=0, you=0) == [
        "You laid out the red threes 3H and 3D and drew replacements."
    ]
    # One is told as before; another player's, or one the empty stock did not replace, is
    # a line of its own.
    assert describe_events(both[:1]) == ["South laid out the red three 3H and drew a replacement."]
    apart = [both[0], RedThreeLaid(1, diamonds, True), RedThreeLaid(1, hearts, False)]
    assert describe_events(apart) == [
        "South laid out the red three 3H and drew a replacement.",
        "West laid out the red three 3D and drew a replacement.",
        "West laid out the red three 3H.",
    ]
