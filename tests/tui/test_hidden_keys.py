"""A game key is shown only when its move is legal; pressed while hidden, it says why not
(the engine's sentence, or what to do first) and nothing is played."""

from __future__ import annotations

from typing import Any

from canasta.engine import (
    Action,
    Discard,
    GameState,
    IllegalActionError,
    apply,
    parse_card,
    parse_cards,
    preset,
)
from canasta.engine.position import Position, TurnModel
from canasta.tui.app import CanastaApp

from .helpers import make_test_app, press, select_cards, settle

OTHERS = {"West": "c5 d5 h6", "North": "c6 d6 h7", "East": "c7 d7 h9"}
DRAW_FIRST = "Draw first: from the stock (d), or take the pile (t)."


def south(hand: str, **fields: Any) -> GameState:
    """A position with South to move, holding ``hand``."""
    return Position(hands={**OTHERS, "South": hand}, **fields).to_state()


def engine_says(state: GameState, action: Action) -> str:
    """The engine's sentence refusing ``action`` for South."""
    try:
        apply(state, action, seat=0)
    except IllegalActionError as error:
        return error.sentence
    raise AssertionError(f"{action} is legal")


async def pressed(
    app: CanastaApp, key: str, cards: str = "", *, first: tuple[str, ...] = ()
) -> list[tuple[str, str]]:
    """Press the keys ``first``, select ``cards``, press ``key``: the notices ``key`` raised
    (title and sentence), checking that it played nothing."""
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, *first)
        app.clear_notifications()
        before, recorded = app.session.state, list(app.session.actions)
        if cards:
            select_cards(app, parse_cards(cards))
        await press(pilot, key)
        assert app.session.state is before
        assert app.session.actions == recorded
        return [(note.title, note.message) for note in app._notifications]


async def test_before_the_draw_a_play_key_says_draw_first() -> None:
    state = south("c4 c4 d4 d9 s9 h9 c8 d11 s12 jk c2")
    assert await pressed(make_test_app(state=state), "x") == [("", DRAW_FIRST)]
    assert await pressed(make_test_app(state=state), "m", "c4 c4 d4") == [("", DRAW_FIRST)]


async def test_after_the_draw_the_draw_keys_say_so() -> None:
    state = south("c4 c4 d4 d9 s9 h9 c8 d11 s12 jk c2", phase="play")
    drawn = ("", "You have drawn this turn: meld, lay off or discard.")
    assert await pressed(make_test_app(state=state), "d") == [drawn]
    assert await pressed(make_test_app(state=state), "t") == [drawn]


async def test_meld_and_lay_off_with_nothing_selected_ask_for_a_selection() -> None:
    state = south("c4 c4 d4 d9 s9 h9 c8 d11 s12 jk c2", phase="play")
    assert await pressed(make_test_app(state=state), "m") == [
        ("", "Select the cards to meld first (arrows and space, or click).")
    ]
    no_meld = ("", "Your side has no meld on the table yet to lay off on.")
    assert await pressed(make_test_app(state=state), "l") == [no_meld]
    assert await pressed(make_test_app(state=state), "l", "jk") == [no_meld]
    melded = south("c4 c4 d4 d9", phase="play", melds={"North-South": ["13: h13 d13 c13"]})
    assert await pressed(make_test_app(state=melded), "l") == [
        ("", "Select the cards to lay off first (arrows and space, or click).")
    ]


async def test_a_discard_below_the_minimum_gets_the_engines_sentence() -> None:
    # Three fours melded toward a minimum of 50: the discard key is hidden until the
    # minimum is met (every discard alike), and pressed it says so.
    state = south(
        "jk d9 s9 c8",
        phase="play",
        melds={"North-South": ["4: c4 c4 d4"]},
        melded=(False, False),
        current=TurnModel(played=True, turn_value=15, placed=["4: c4", "4: c4", "4: d4"]),
    )
    sentence = engine_says(state, Discard(parse_card("c8")))
    assert sentence == engine_says(state, Discard(parse_card("jk")))
    assert "below your minimum of 50" in sentence
    assert await pressed(make_test_app(state=state), "x") == [("Not allowed", sentence)]


async def test_asking_alone_at_a_railroad_table_says_there_is_no_partner() -> None:
    app = make_test_app(rules=preset("railroad", 3))
    notices = await pressed(app, "a", first=("d",))
    assert notices == [("Not allowed", "You play on your own: there is no partner to ask.")]
