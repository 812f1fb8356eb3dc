"""How the screens name seats and teams at every table, without a running app."""

from __future__ import annotations

import pytest

from canasta.engine import classic, preset
from canasta.session import HUMAN
from canasta.tui.options import Options
from canasta.tui.seats import scores_text, short_name, team_label, team_labels


def test_seats_in_a_few_letters() -> None:
    assert [short_name(name) for name in preset("classic", 6).seat_names] == [
        "S",
        "SW",
        "NW",
        "N",
        "NE",
        "SE",
    ]
    assert short_name("Alexandra") == "Alex"


@pytest.mark.parametrize(
    ("players", "full", "short"),
    [
        (4, ("North-South", "East-West"), ("NS", "EW")),
        (6, ("Northeast-Northwest-South", "North-Southeast-Southwest"), ("NE-NW-S", "N-SE-SW")),
        (2, ("You", "North"), ("You", "North")),
        (3, ("You", "West", "East"), ("You", "West", "East")),
    ],
)
def test_a_partnership_by_its_seats_a_player_alone_by_name(
    players: int, full: tuple[str, ...], short: tuple[str, ...]
) -> None:
    rules = preset("classic", players)
    names = ("You", *rules.seat_names[1:])

    assert team_labels(rules, names) == full
    assert team_labels(rules, names, short=True) == short


def test_a_long_name_alone_is_shortened_only_where_room_is_short() -> None:
    rules = preset("classic", 2)
    names = ("Alexandra", "North")

    assert team_label(rules, 0, names) == "Alexandra"
    assert team_label(rules, 0, names, short=True) == "Alex"


def test_scores_in_a_phrase() -> None:
    rules = preset("traditional", 3)

    assert scores_text(rules, (120, 90, 5), rules.seat_names) == "South 120, West 90, East 5"
    assert scores_text(classic, (10, 20), classic.seat_names) == "North-South 10, East-West 20"


def test_options_seat_a_human_and_bots_and_name_them_at_any_table() -> None:
    names = {"South": "Ada", "West": "Bob", "North": "Cy", "East": "Dee", "Southwest": "Eve"}
    options = Options(levels=("hard",), names=names)
    six = preset("classic", 6)

    assert options.kinds(six) == (HUMAN, *("hard",) * 5)
    assert options.player_names(six) == ("Ada", "Eve", "Northwest", "Cy", "Northeast", "Southeast")
    assert options.player_names(preset("classic", 3)) == ("Ada", "Bob", "Dee")
    # A name chosen at the seating screen stays.
    assert options.player_names(six, ("Ada", "Flo", *six.seat_names[2:])) == (
        "Ada",
        "Flo",
        "Northwest",
        "Cy",
        "Northeast",
        "Southeast",
    )
    # Levels for another table's seats: the first level for all of them.
    assert Options(levels=("easy", "hard", "hard")).kinds(six)[1:] == ("easy",) * 5
