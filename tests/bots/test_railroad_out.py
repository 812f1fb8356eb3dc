"""How near a railroad hand is to going out (:mod:`canasta.bots.railroad_out`): what a hand
of a round's end places, and which discard leaves the likeliest hand to go out."""

from __future__ import annotations

from canasta.bots.railroad_out import Ending
from canasta.engine import parse_cards
from canasta.engine.cards import SEVEN, THREE, WILD_RANK

#: A meld's most cards and most wild cards at a railroad table.
SHAPE = (7, 3)
#: An open meld of fives with room for four cards, two of them wild.
FIVES = ((5, (4, 2)),)


def _ending(rooms: tuple[tuple[int, tuple[int, int]], ...] = (), **unseen: int) -> Ending:
    return Ending({}, rooms, SHAPE, {int(kind[1:]): n for kind, n in unseen.items()})


def test_a_pair_melds_with_a_wild_card_and_the_last_card_goes_out() -> None:
    ending = _ending()
    assert ending.left({9: 2, WILD_RANK: 1, 12: 1}) == 0
    assert ending.left({9: 2, 12: 1}) == 2
    assert ending.left({9: 1, 12: 1}) == 1


def test_an_open_meld_takes_its_rank_and_wild_cards() -> None:
    ending = _ending(FIVES)
    assert ending.left({5: 4, 12: 1}) == 0
    assert ending.left({5: 2, WILD_RANK: 2, 12: 1}) == 0
    # Three fives and a wild card fill the meld: the second wild card finds no place.
    assert ending.left({5: 3, WILD_RANK: 2, 12: 1}) == 1
    # Three wild cards meld alone.
    assert ending.left({5: 1, WILD_RANK: 3, 12: 1}) == 0


def test_a_seven_is_never_the_card_that_goes_out() -> None:
    ending = _ending()
    assert ending.left({SEVEN: 1, 12: 1}) == 1
    assert ending.left({SEVEN: 3, 12: 1}) == 0


def test_black_threes_meld_only_to_go_out() -> None:
    ending = _ending()
    assert ending.left({THREE: 3, 12: 1}) == 0
    assert ending.left({THREE: 3, 12: 2}) == 4


def test_the_pair_whose_third_card_may_come_stays() -> None:
    # Three tens unseen and one queen (and fives for the open fives): the hand that keeps
    # the tens goes out more often.
    ending = Ending({10: 2, 12: 2}, FIVES, SHAPE, {10: 3, 12: 1, 5: 20})
    outlook = ending.after_discards(parse_cards("h10 h12"))
    tens_kept = outlook[parse_cards("h12")[0]]
    queens_kept = outlook[parse_cards("h10")[0]]
    assert tens_kept[0] > queens_kept[0] > 0
    assert tens_kept[1] < queens_kept[1]


def test_cards_of_one_kind_leave_the_same_hand() -> None:
    ending = Ending({10: 2}, (), SHAPE, {10: 3, 5: 20})
    assert ending.after_discards(parse_cards("h10 s10")) == {}
