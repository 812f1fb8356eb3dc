"""Rules §11.5-§11.7 in the sentences players read: a player alone (two and three players) is
told of their own melds and initial meld, a partner of three (six players) of the team's; and
every count is written with its noun in the right number."""

from __future__ import annotations

import pytest

from canasta.engine import Reason, parse_cards, preset
from canasta.engine.cards import WILD_RANK
from canasta.engine.events import CardsLaidOff, Melded, PileTaken
from canasta.engine.narrate import describe_event
from canasta.engine.words import counted, listed

from .helpers import refused
from .tables import table_position

#: Each table's player count and whether its players have partners.
TABLES = [(2, False), (3, False), (6, True)]


@pytest.mark.parametrize(("players", "partnered"), TABLES)
def test_s11_the_frozen_pile_names_whose_initial_meld_is_missing(
    players: int, partnered: bool
) -> None:
    state = table_position(
        preset("classic", players), hands={"South": "c13 c2 c5 d6"}, pile="c9 d13"
    )
    error = refused(state, "take c13 c2", Reason.PILE_FROZEN, "4.3")
    if partnered:
        assert error.sentence.startswith("Your team has not made its initial meld")
    else:
        assert error.sentence.startswith("You have not made your initial meld")
        assert "team" not in error.sentence


@pytest.mark.parametrize(("players", "partnered"), TABLES)
def test_s11_a_lay_off_without_a_meld_names_whose_melds(players: int, partnered: bool) -> None:
    rules = preset("classic", players)
    state = table_position(
        rules,
        hands={"South": "c13 c5 d6"},
        melds={rules.team_name(0): ["9: c9 d9 h9"]},
        phase="play",
    )
    error = refused(state, "layoff 13: c13", Reason.NO_SUCH_MELD, "5.4")
    expected = "Your team has no meld" if partnered else "You have no meld"
    assert error.sentence.startswith(f"{expected} of kings to lay off on")


@pytest.mark.parametrize(("players", "partnered"), TABLES)
def test_s11_taking_the_pile_without_a_meld_of_its_rank_names_whose_melds(
    players: int, partnered: bool
) -> None:
    rules = preset("classic", players)
    state = table_position(
        rules,
        hands={"South": "c13 c5 d6"},
        pile="c9 d13",
        melds={rules.team_name(0): ["9: c9 d9 h9"]},
    )
    error = refused(state, "take c13", Reason.PILE_TOP_UNUSABLE, "4.1")
    expected = "your team has no meld" if partnered else "you have no meld"
    assert f"({expected} of kings to add it to)" in error.sentence


@pytest.mark.parametrize(("players", "partnered"), TABLES)
def test_s11_the_log_says_onto_whose_meld_a_meld_went(players: int, partnered: bool) -> None:
    event = Melded(0, 13, tuple(parse_cards("c13 d13 h13")), merged=True)
    sentence = describe_event(event, rules=preset("classic", players))
    tail = "onto the team's kings" if partnered else "onto the meld of kings"
    assert sentence == f"South melded three kings (KC KD KH) {tail}."


@pytest.mark.parametrize(("size", "words"), [(1, "1 card"), (2, "2 cards"), (9, "9 cards")])
def test_s11_the_log_counts_the_pile_taken_in_the_right_number(size: int, words: str) -> None:
    top = parse_cards("d13")[0]
    event = PileTaken(0, top, tuple(parse_cards("c13 h13")), size)
    assert f"took the pile ({words})" in describe_event(event)


def test_counted_writes_the_noun_in_the_number_of_its_count() -> None:
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(2, "canasta") == "2 canastas"
    assert counted(3, "pile card") == "3 pile cards"


def test_listed_joins_names_as_a_sentence_does() -> None:
    assert listed(["North"]) == "North"
    assert listed(["North", "East"]) == "North and East"
    assert listed(["North", "East", "West"]) == "North, East and West"


@pytest.mark.parametrize("players", [3, 4])
def test_s13_4_the_log_names_the_meld_of_wild_cards_not_jokers(players: int) -> None:
    """Railroad's meld of wild cards alone (rank 0) is told as such in the log, whether cards
    are laid off on it or melded onto it, by a player alone or a partner."""
    rules = preset("railroad", players)
    wilds = tuple(parse_cards("jk c2"))
    laid_off = describe_event(CardsLaidOff(0, WILD_RANK, wilds), rules=rules)
    assert laid_off == "South laid off JK 2C on the meld of wild cards."
    merged = describe_event(Melded(0, WILD_RANK, wilds, merged=True), rules=rules)
    whose = "the team's" if rules.partner(0) is not None else "the"
    assert merged == f"South melded two wild cards (JK 2C) onto {whose} meld of wild cards."
    assert "joker" not in laid_off + merged
