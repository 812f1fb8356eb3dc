"""Rules §5: melds."""

from __future__ import annotations

import pickle

import pytest

from canasta.engine import Reason, Seat, classic, is_legal, rank_of
from canasta.engine.actions import LayOff, Meld
from canasta.engine.events import CanastaCompleted, CardsLaidOff, Melded
from canasta.engine.melds import Meld as TableMeld
from canasta.engine.melds import meld_error

from .helpers import A, act, cards, events_of, listed, meld_texts, position, refused

STOCK = "c12 c11 d11 h11"
MELDED = ["12: c12 d12 h12"]


def test_s5_a_table_meld_is_a_value_sized_by_its_cards() -> None:
    meld = TableMeld.build(9, cards("s9 d2 h9"))
    assert repr(meld) == "Meld(rank=9, cards=(d2, h9, s9), naturals=2, wilds=1, concealed=False)"
    assert str(meld) == "9: d2 h9 s9" and len(meld) == 3 and meld.value == 40
    assert meld == TableMeld(9, (*cards("d2 h9 s9"),), 2, 1) and meld != tuple(meld)
    assert hash(meld) == hash((9, meld.cards, 2, 1, False))
    assert meld.added(cards("c9")) == TableMeld.build(9, cards("c9 s9 d2 h9"))
    assert pickle.loads(pickle.dumps(meld)) == meld
    with pytest.raises(AttributeError):
        meld.rank = 8  # type: ignore[misc]


def _shape(naturals: int, wilds: int) -> Reason | None:
    error = meld_error(naturals, wilds, rank=9, rules=classic)
    return None if error is None else error.reason


@pytest.mark.parametrize(
    ("naturals", "wilds", "reason"),
    [
        (3, 0, None),  # 5-5-5
        (1, 2, Reason.TOO_FEW_NATURALS),  # 5-JKR-JKR
        (6, 0, None),  # six fours
        (6, 4, Reason.TOO_MANY_WILDS),  # six fours and four wilds
        (8, 3, None),  # the largest meld: 11 cards
        (2, 1, None),
        (2, 0, Reason.TOO_FEW_CARDS),
        (3, 3, Reason.TOO_MANY_WILDS),  # 9-9-9-JKR-JKR-2: strictly more naturals needed
        (4, 3, None),  # 9-9-9-9-JKR-JKR-2
        (2, 2, Reason.TOO_MANY_WILDS),
        (9, 3, Reason.TOO_MANY_CARDS),
    ],
)
def test_s5_1_meld_shapes(naturals: int, wilds: int, reason: Reason | None) -> None:
    assert _shape(naturals, wilds) is reason


def test_s5_1_meld_errors_cite_section_5_1() -> None:
    error = meld_error(3, 3, rank=9, rules=classic)
    assert error is not None
    assert error.rule == "5.1"
    assert "nines" in error.sentence


def test_s5_1_three_of_a_kind_is_a_meld() -> None:
    state = position(south="c5 d5 h5 h9 h10", ns_melds=MELDED, phase="play", stock=STOCK)
    state = act(state, "meld c5 d5 h5")
    assert "5: c5 d5 h5" in meld_texts(state, 0)


def test_s5_1_one_natural_and_two_wilds_is_not_a_meld() -> None:
    state = position(south="c5 jk jk h9 h10", ns_melds=MELDED, phase="play", stock=STOCK)
    refused(state, "meld c5 jk jk", Reason.TOO_FEW_NATURALS, "5.1")


def test_s5_1_three_naturals_and_three_wilds_is_not_a_meld_in_classic() -> None:
    state = position(south="c9 d9 h9 jk jk c2 s9 h4 h5", ns_melds=MELDED, phase="play", stock=STOCK)
    refused(state, "meld c9 d9 h9 jk jk c2", Reason.TOO_MANY_WILDS, "5.1")
    assert A("meld c9 d9 h9 s9 jk jk c2") in listed(state)


def test_s5_1_a_meld_holds_one_rank() -> None:
    state = position(south="c5 c6 c7 h9 h10", ns_melds=MELDED, phase="play", stock=STOCK)
    refused(state, "meld c5 c6 c7", Reason.MIXED_RANKS, "5.1")


def test_s5_1_the_largest_meld_is_eleven_cards() -> None:
    state = position(
        south="c9 c9 d9 d9 h9 h9 s9 s9 jk jk c2 h4 h5",
        ns_melds=MELDED,
        phase="play",
        stock=STOCK,
    )
    state = act(state, "meld c9 c9 d9 d9 h9 h9 s9 s9 jk jk c2")
    assert len(state.team_meld(0, 9).cards) == 11  # type: ignore[union-attr]


def test_s5_1_melds_use_cards_from_the_hand_only() -> None:
    state = position(south="c5 d5 h9 h10", ns_melds=MELDED, phase="play", stock=STOCK)
    refused(state, "meld c5 d5 h5", Reason.NOT_IN_HAND)


def test_s5_2_seven_cards_make_a_natural_canasta() -> None:
    state = position(
        south="c7 c7 d7 d7 h7 h7 s7 h9 h10", ns_melds=MELDED, phase="play", stock=STOCK
    )
    assert not state.has_canasta(0)
    state, events = events_of(state, "meld c7 c7 d7 d7 h7 h7 s7")
    assert state.has_canasta(0)
    assert CanastaCompleted(0, 7, True) in events


def test_s5_2_a_canasta_with_a_wild_card_is_mixed() -> None:
    state = position(south="c7 c7 d7 d7 h7 jk s9 h10", ns_melds=MELDED, phase="play", stock=STOCK)
    state, events = events_of(state, "meld c7 c7 d7 d7 h7 jk")
    assert not state.has_canasta(0)
    assert not any(isinstance(e, CanastaCompleted) for e in events)
    state = position(
        south="c7 c7 d7 d7 h7 h7 jk s9 h10", ns_melds=MELDED, phase="play", stock=STOCK
    )
    state, events = events_of(state, "meld c7 c7 d7 d7 h7 h7 jk")
    assert CanastaCompleted(0, 7, False) in events


def test_s5_3_melding_a_rank_the_team_has_merges_into_that_meld() -> None:
    state = position(
        south="s10 s10 c10 d2 h4 h5",
        ns_melds=["10: h10 d10 d10"],
        phase="play",
        stock=STOCK,
    )
    state, events = events_of(state, "meld s10 s10 c10 d2")
    assert len(state.melds[0]) == 1
    assert sorted(state.team_meld(0, 10).cards) == sorted(  # type: ignore[union-attr]
        cards("h10 d10 d10 s10 s10 c10 d2")
    )
    assert Melded(Seat.SOUTH, 10, cards("s10 s10 c10 d2"), True) in events


def test_s5_3_partners_share_melds() -> None:
    # North melded the nines earlier; South lays off on them.
    state = position(south="c9 h4 h5 h6", ns_melds=["9: c9 d9 h9"], phase="play", stock=STOCK)
    state = act(state, "layoff 9: c9")
    assert len(state.team_meld(0, 9).cards) == 4  # type: ignore[union-attr]


def test_s5_3_merging_meld_is_listed_once_as_a_lay_off() -> None:
    # Decision j: the listing offers "layoff 10: ..." and not the equivalent "meld ...".
    state = position(
        south="s10 s10 c10 h4 h5", ns_melds=["10: h10 d10 d10"], phase="play", stock=STOCK
    )
    actions = listed(state)
    assert LayOff(10, cards("s10 s10 c10")) in actions
    assert Meld(cards("s10 s10 c10")) not in actions
    assert is_legal(state, Meld(cards("s10 s10 c10")))
    assert not any(isinstance(a, Meld) and rank_of(a.cards[0]) == 10 for a in actions)


def test_s5_4_lay_off_onto_the_teams_meld() -> None:
    state = position(south="c9 jk h4 h5", ns_melds=["9: c9 d9 h9"], phase="play", stock=STOCK)
    state, events = events_of(state, "layoff 9: c9 jk")
    assert CardsLaidOff(Seat.SOUTH, 9, cards("c9 jk")) in events
    assert sorted(state.team_meld(0, 9).cards) == sorted(cards("c9 d9 h9 c9 jk"))  # type: ignore[union-attr]


def test_s5_4_never_onto_the_opponents_melds() -> None:
    state = position(
        south="c9 jk h4 h5",
        ns_melds=MELDED,
        ew_melds=["9: c9 d9 h9"],
        phase="play",
        stock=STOCK,
    )
    refused(state, "layoff 9: c9", Reason.NO_SUCH_MELD, "5.4")
    refused(state, "layoff 9: jk", Reason.NO_SUCH_MELD, "5.4")


def test_s5_4_the_combined_meld_must_stay_legal() -> None:
    state = position(
        south="jk jk c2 h4 h5 h6", ns_melds=["9: c9 d9 h9 d2"], phase="play", stock=STOCK
    )
    refused(state, "layoff 9: jk jk c2", Reason.TOO_MANY_WILDS, "5.1")
    refused(state, "layoff 9: jk jk", Reason.TOO_MANY_WILDS, "5.1")
    assert A("layoff 9: jk") in listed(state)


def test_s5_4_lay_off_cards_must_match_the_meld() -> None:
    state = position(south="c8 h4 h5 h6", ns_melds=["9: c9 d9 h9"], phase="play", stock=STOCK)
    refused(state, "layoff 9: c8", Reason.MIXED_RANKS, "5.4")


def test_s5_5_black_threes_melded_only_when_going_out() -> None:
    canasta = "8: c8 c8 d8 d8 h8 h8 s8"
    state = position(south="c3 s3 c3 h9", ns_melds=[canasta], phase="play", stock=STOCK)
    assert A("meld c3 c3 s3") in listed(state)
    state = act(state, "meld c3 s3 c3")
    assert "3: c3 c3 s3" in meld_texts(state, 0)
    # Decision k: after the black threes only the discard may follow.
    assert listed(state) == {A("discard h9")}
    state = act(state, "discard h9")
    assert state.went_out == Seat.SOUTH


def test_s5_5_nothing_but_the_discard_after_black_threes() -> None:
    canasta = "8: c8 c8 d8 d8 h8 h8 s8"
    state = position(
        south="c3 s3 c3 c9", ns_melds=[canasta, "9: c9 d9 h9"], phase="play", stock=STOCK
    )
    state = act(state, "meld c3 s3 c3")
    refused(state, "layoff 9: c9", Reason.BLACK_THREES, "5.5")


def test_s5_5_black_threes_not_while_staying_in() -> None:
    canasta = "8: c8 c8 d8 d8 h8 h8 s8"
    state = position(south="c3 s3 c3 h9 h10", ns_melds=[canasta], phase="play", stock=STOCK)
    refused(state, "meld c3 s3 c3", Reason.BLACK_THREES, "5.5")
    state = position(south="c3 s3 c3 h9", ns_melds=MELDED, phase="play", stock=STOCK)
    refused(state, "meld c3 s3 c3", None, None)


def test_s5_5_black_threes_three_or_four_and_no_wild_cards() -> None:
    canasta = "8: c8 c8 d8 d8 h8 h8 s8"
    state = position(south="c3 s3 jk h9", ns_melds=[canasta], phase="play", stock=STOCK)
    refused(state, "meld c3 s3 jk", Reason.BLACK_THREES, "5.5")
    state = position(south="c3 s3 h9", ns_melds=[canasta], phase="play", stock=STOCK)
    refused(state, "meld c3 s3", None)
    state = position(south="c3 s3 c3 s3", ns_melds=[canasta], phase="play", stock=STOCK)
    state = act(state, "meld c3 c3 s3 s3")
    assert state.went_out == Seat.SOUTH


def test_s5_6_red_threes_are_never_melded() -> None:
    state = position(south="h3 d3 h3 h9 h10", ns_melds=MELDED, phase="play", stock=STOCK)
    refused(state, "meld h3 d3 h3", Reason.RED_THREE, "5.6")


def test_s5_7_no_meld_of_wild_cards_only() -> None:
    state = position(south="jk jk c2 h9 h10", ns_melds=MELDED, phase="play", stock=STOCK)
    refused(state, "meld jk jk c2", Reason.NO_NATURALS, "5.7")
    assert not any(isinstance(a, Meld) for a in listed(state))


def test_s5_8_wild_card_on_a_natural_canasta_makes_it_mixed() -> None:
    state = position(
        south="jk c5 c5 d5 h9",
        ns_melds=["8: c8 c8 d8 d8 h8 h8 s8"],
        phase="play",
        stock=STOCK,
    )
    assert state.team_meld(0, 8).is_natural  # type: ignore[union-attr]
    state = act(state, "layoff 8: jk")
    assert not state.team_meld(0, 8).is_natural  # type: ignore[union-attr]
    state = act(state, "meld c5 c5 d5", "discard h9")
    (ns, _) = state.history[-1]
    assert ns.natural_canastas == 0
    assert ns.mixed_canastas == 1
    assert ns.mixed_canasta_points == 300


def test_s5_8_a_canasta_takes_wild_cards_only_while_the_meld_stays_legal() -> None:
    state = position(
        south="jk jk c2 h2 h9 h10",
        ns_melds=["8: c8 c8 d8 d8 h8 h8 s8"],
        phase="play",
        stock=STOCK,
    )
    assert A("layoff 8: jk jk c2") in listed(state)
    refused(state, "layoff 8: jk jk c2 h2", Reason.TOO_MANY_WILDS, "5.1")
