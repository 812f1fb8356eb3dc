"""Card and action notation (docs/notation.md): everything round-trips; bad text raises
NotationError naming the text."""

from __future__ import annotations

import pytest

from canasta.engine import (
    JOKER,
    Card,
    NotationError,
    card_label,
    card_text,
    full_deck,
    parse_action,
    parse_card,
    parse_cards,
)
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
from canasta.engine.cards import card_of
from canasta.engine.events import CARD_FIELDS, PileTaken, RoundDealt, StockDrawn

ALL_KINDS = sorted(set(full_deck()))


def test_there_are_53_kinds_of_card() -> None:
    assert len(ALL_KINDS) == 53


@pytest.mark.parametrize("card", ALL_KINDS, ids=card_text)
def test_every_card_round_trips(card: Card) -> None:
    assert parse_card(card_text(card)) == card
    assert parse_card(card_text(card).upper()) == card
    assert parse_card(card_label(card)) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("h13", "h13"),
        ("c1", "c1"),
        ("d2", "d2"),
        ("jk", "jk"),
        ("JK", "jk"),
        ("joker", "jk"),
        ("Joker", "jk"),
        ("KH", "h13"),
        ("kh", "h13"),
        ("10d", "d10"),
        ("10D", "d10"),
        ("AS", "s1"),
        ("as", "s1"),
        ("QC", "c12"),
        ("jd", "d11"),
        ("H13", "h13"),
        (" s4 ", "s4"),
        ("td", "d10"),
        ("3h", "h3"),
    ],
)
def test_card_forms_accepted(text: str, expected: str) -> None:
    assert card_text(parse_card(text)) == expected


def test_card_text_is_suit_then_rank() -> None:
    assert card_text(card_of(13, 2)) == "h13"
    assert card_text(card_of(1, 0)) == "c1"
    assert card_text(JOKER) == "jk"


@pytest.mark.parametrize("text", ["h14", "h0", "x5", "", "hh", "13", "k", "10x", "c 4", "jkr2"])
def test_malformed_card_raises_notation_error_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)


def test_parse_cards_reads_spaces_and_commas() -> None:
    assert parse_cards("h1, c1 d2") == (parse_card("h1"), parse_card("c1"), parse_card("d2"))
    assert parse_cards("") == ()
    assert parse_cards(["h1", "jk"]) == (parse_card("h1"), JOKER)


def test_parse_cards_reads_other_forms_among_the_notation() -> None:
    # Each card in its own notation is one lookup; any other form goes through parse_card.
    assert parse_cards(" KH,\t10d  h13 joker ") == (
        parse_card("h13"),
        parse_card("d10"),
        parse_card("h13"),
        JOKER,
    )
    assert parse_cards(["", " s4 ", "c1"]) == (parse_card("s4"), parse_card("c1"))
    with pytest.raises(NotationError, match="'zz' is not a card"):
        parse_cards("h13 zz")


def test_card_of_rejects_impossible_cards() -> None:
    with pytest.raises(NotationError):
        card_of(14, 0)
    with pytest.raises(NotationError):
        card_of(5, None)


ACTIONS = [
    DrawStock(),
    TakePile(()),
    TakePile(parse_cards("h6 c6")),
    TakePile(parse_cards("c6 d2")),
    Meld(parse_cards("h1 c1 d2")),
    Meld(parse_cards("c3 s3 c3")),
    Meld(parse_cards("c9 c9 d9 d9 h9 h9 s9 s9 jk jk c2")),
    LayOff(13, parse_cards("h13 d2")),
    LayOff(1, parse_cards("jk")),
    LayOff(8, parse_cards("c8")),
    Discard(parse_card("s4")),
    Discard(JOKER),
    AskPartner(),
    Answer(True),
    Answer(False),
    NextRound(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_actions_round_trip(action: object) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert str(parse_action(text)) == text
    assert parse_action(text.upper()) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw", DrawStock()),
        ("take", TakePile(())),
        ("take h6 c6", TakePile(parse_cards("c6 h6"))),
        ("meld h1 c1 d2", Meld(parse_cards("c1 h1 d2"))),
        ("layoff 13: h13 d2", LayOff(13, parse_cards("d2 h13"))),
        ("layoff k: KH", LayOff(13, parse_cards("h13"))),
        ("lay off a: c1", LayOff(1, parse_cards("c1"))),
        ("layoff 13:h13", LayOff(13, parse_cards("h13"))),
        ("discard s4", Discard(parse_card("s4"))),
        ("ask", AskPartner()),
        ("yes", Answer(True)),
        ("no", Answer(False)),
        ("next", NextRound()),
        ("  DRAW  ", DrawStock()),
    ],
)
def test_action_texts(text: str, action: object) -> None:
    assert parse_action(text) == action


def test_action_cards_are_kept_sorted() -> None:
    assert str(parse_action("meld d2 h1 c1")) == str(parse_action("meld c1 h1 d2"))
    assert parse_action("meld d2 h1 c1") == parse_action("meld c1 h1 d2")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "draw now",
        "meld",
        "meld h14",
        "layoff 13 h13",
        "layoff 2: c2",
        "layoff 13:",
        "layoff x: h13",
        "discard",
        "discard c4 c5",
        "discard x",
        "take h14",
        "yes please",
    ],
)
def test_malformed_action_raises_notation_error_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    message = str(caught.value)
    if text.strip():
        assert repr(text) in message
    assert message.strip()


def test_events_show_their_cards_in_notation() -> None:
    assert repr(StockDrawn(0, parse_card("h13"))) == "StockDrawn(seat=0, card=h13)"
    taken = PileTaken(1, parse_card("c13"), parse_cards("c13 d13"), 7)
    assert repr(taken) == "PileTaken(seat=1, top=c13, cards=(c13, d13), size=7)"
    assert repr(RoundDealt(1, 3)) == "RoundDealt(round_no=1, dealer=3)"
    assert CARD_FIELDS[PileTaken] == {"top": False, "cards": True}
