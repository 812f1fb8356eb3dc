"""Railroad at the table, from set positions: the wild cards' meld made and laid off on by
clicks and keys (the chooser lists it beside a rank's open meld), the panels' kinds and
kitties, the owner's look at a kitty it may take, and the sevens lock said where a discard is
chosen and refused with the engine's sentence."""

from __future__ import annotations

import re

from canasta.engine import Discard, LayOff, Meld, Phase, parse_card, parse_cards, preset
from canasta.engine.cards import WILD_RANK
from canasta.engine.documents import rules_dict
from canasta.engine.record import Position
from canasta.tui.player_panel import PlayerPanel
from canasta.tui.screens import MeldChooser

from .helpers import box_text, click_cards, make_test_app, press, screen_text, settle

RULES = preset("railroad", 3)
KINGS = "13: h13 h13 d13 d13 c13 c13 s13"
KITTY = "c4 c4 d4 h6 h6 s8 s8 d9 c10 c11 h12"


def position(south: str, *, melds: list[str], kitty: str = "", phase: str = "play") -> Position:
    """Three railroad players: South holds ``south`` and ``melds``; West and East a few
    cards and no melds."""
    kitties = {"South": kitty} if kitty else {}
    return Position(
        rules=rules_dict(RULES),
        hands={"South": south, "West": "c5 d5 h6", "East": "c6 d6 h8"},
        phase=phase,
        melds={"South": melds},
        kitties=kitties,
        kitty_taken=[not kitty, True, True],
    )


def needs(text: str) -> tuple[str, ...]:
    """The kinds a panel's text says its player still needs, in words or letters."""
    found = re.search(r"Needs? ((?:(?:red|black|wild|sevens|7s|R|B|W)\s*)+)", text)
    assert found is not None, text
    letters = {"R": "red", "B": "black", "W": "wild", "7s": "sevens"}
    return tuple(letters.get(word, word) for word in found[1].split())


def panel(app: object, seat: int) -> PlayerPanel:
    from canasta.tui.app import CanastaApp

    assert isinstance(app, CanastaApp)
    return app.table_screen.query_one(f"#player{seat}", PlayerPanel)


async def test_railroad_wild_meld_and_lay_offs_by_clicks_and_keys() -> None:
    state = position("jk jk d2 s2 h5 c9 c9 s4", melds=["5: d5 d5 c5", KINGS]).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        south = box_text(app, "#player0")
        assert "★red K" in south and "Open: 5 x3" in south, south
        assert needs(south) == ("black", "wild", "sevens"), south
        assert [panel(app, seat).border_subtitle for seat in (1, 2)] == ["kitty taken"] * 2
        await click_cards(pilot, parse_cards("jk d2 s2"))
        await press(pilot, "m")
        assert app.session.actions[-1] == Meld(parse_cards("jk d2 s2"))
        assert "wild x3" in box_text(app, "#player0")
        # One wild card: laid off on the 5s or on the wild cards' meld, as the player picks.
        await click_cards(pilot, parse_cards("jk"))
        await press(pilot, "l")
        await settle(pilot)
        chooser = app.screen
        assert isinstance(chooser, MeldChooser)
        assert "Meld of wild cards" in screen_text(app) and "Meld of 5" in screen_text(app)
        assert chooser.ranks == [WILD_RANK, 5]  # table order: the wild cards' meld first
        await press(pilot, "home", "enter")
        await settle(pilot)
        assert app.session.actions[-1] == LayOff(WILD_RANK, parse_cards("jk"))
        assert "wild x4" in box_text(app, "#player0")
        # A natural card goes to its rank's open meld at once.
        await click_cards(pilot, parse_cards("h5"))
        await press(pilot, "l")
        assert app.session.actions[-1] == LayOff(5, parse_cards("h5"))
        assert "5 x4" in box_text(app, "#player0")


async def test_railroad_kitty_shown_to_its_owner_then_taken_with_the_discard() -> None:
    state = position("h5 c9 c9 s4", melds=[KINGS], kitty=KITTY).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert panel(app, 0).border_subtitle in ("kitty 11 may take", "kitty 11 open")
        text = box_text(app, "#player0")
        assert "Kitty" in text and "10♣" in text, text
        await click_cards(pilot, parse_cards("s4"))
        await press(pilot, "x")
        await settle(pilot)
        assert app.session.state.kitty_taken[0]
        assert panel(app, 0).border_subtitle == "kitty taken"
        assert "Kitty" not in box_text(app, "#player0")


async def test_railroad_sevens_lock_said_at_the_discard_and_refused() -> None:
    state = position("h5 c9 s7 s4", melds=[KINGS]).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert app.session.state.phase is Phase.PLAY
        text = screen_text(app)
        assert "SEVENS LOCKED" in box_text(app, "#pile")
        assert "Sevens are locked: no 7 may be discarded." in " ".join(text.split())
        await click_cards(pilot, parse_cards("s7"))
        sentence = "Sevens may not be discarded until every player has a canasta of sevens."
        assert sentence in " ".join(screen_text(app).split())
        before = app.session.state
        await press(pilot, "x")
        await settle(pilot)
        assert app.session.state is before
        assert [note.message for note in app._notifications] == [sentence]
        assert Discard(parse_card("s7")) not in app.legal


async def test_railroad_initial_meld_of_two_ranks_in_one_key() -> None:
    # Queens (30) first would leave the minimum (50) unsure: the kings with the joker (70)
    # go down first, then the queens, from one press of m.
    state = position("c12 h12 h12 d13 s13 jk c4 c5", melds=[]).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await click_cards(pilot, parse_cards("c12 h12 h12 d13 s13 jk"))
        await press(pilot, "m")
        assert app.session.actions[-2:] == [
            Meld(parse_cards("jk d13 s13")),
            Meld(parse_cards("c12 h12 h12")),
        ]
        assert app.session.state.melded[0]


async def test_the_log_tells_a_two_card_draw_in_one_line() -> None:
    app = make_test_app(rules=RULES)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = app.session.state.hands[0]
        await press(pilot, "d")
        await settle(pilot)
        drawn = list(app.session.state.hands[0])
        for card in before:
            drawn.remove(card)
        first, second = (app.style.label(card) for card in drawn)
        await press(pilot, "x")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        # In the order drawn (the hand shows them sorted).
        assert (
            f"You drew {first} and {second} from the stock." in text
            or f"You drew {second} and {first} from the stock." in text
        ), text
        assert "West drew two cards from the stock." in text, text
        assert "East drew two cards from the stock." in text, text
        assert "drew from the stock." not in text, text
