"""The hint (h) tells its move once, in the table's card labels, then why: never the move a
second time in the engine's notation, in letter labels or in words, at classic and railroad
tables (the bots' reasons say why only: tests/bots/test_reasons.py)."""

from __future__ import annotations

import random
import re

import pytest

from canasta.bots import make_bot
from canasta.engine import (
    LayOff,
    Phase,
    apply,
    card_name,
    legal_actions,
    parse_cards,
    preset,
    start_game,
    view,
)
from canasta.engine.cards import WILD_RANK
from canasta.engine.documents import rules_dict
from canasta.engine.record import Position
from canasta.tui.cards import CardStyle

from .helpers import make_test_app, press, settle

#: A card as the engine writes it (``h1``, ``jk``) or in letters (``AH``, ``JK`` aside).
_NOTATION = re.compile(r"\b(?:[cdhs]\d{1,2}|jk|(?:[2-9]|10|[JQKA])[CDHS])\b")


async def test_railroad_hint_names_its_meld_once_in_card_labels() -> None:
    rules = preset("railroad", 3)
    state = Position(
        rules=rules_dict(rules),
        hands={"South": "jk jk h1 s1 s1 c9 d4", "West": "c5 d5 h6", "East": "c6 d6 h8"},
        phase="play",
        melds={
            "South": ["13: h13 h13 d13 d13 c13 c13 s13", "0: jk jk d2 d2 c2 s2 h2"],
            # West has every kind down and three cards: South, its wild canasta down (a
            # player still short of it keeps its wild cards), sheds its jokers.
            "West": [
                "12: h12 h12 d12 d12 c12 c12 s12",
                "11: h11 h11 d11 d11 c11 c2 d2",
                "0: jk jk h2 h2 s2 s2 c2",
                "7: h7 h7 d7 d7 c7 c7 s7",
            ],
        },
    ).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "h")
        await settle(pilot)
        hints = [note.message for note in app._notifications if note.title == "Hint"]
        assert hints == [
            "Meld JK JK A♥ A♠ A♠. Melds build the canastas of each kind that going out needs."
        ]


@pytest.mark.parametrize(("system", "players"), [("classic", 4), ("railroad", 3)])
def test_every_hint_of_a_game_names_its_move_once(system: str, players: int) -> None:
    """The hint level's advice at each of a game's decisions (its first 200)."""
    style = CardStyle()
    bot = make_bot("normal")
    state, _ = start_game(preset(system, players), seed=3)
    rng = random.Random(3)
    for _ in range(200):
        if state.phase not in (Phase.DRAW, Phase.PLAY):
            break
        seat = state.to_move
        assert seat is not None
        decision = bot.decide(view(state, seat), legal_actions(state), rng)
        move = style.action(decision.action)
        text = style.hint(decision.action, decision.reason)
        assert text.startswith(move) and text.count(move) == 1, text
        assert not _NOTATION.search(text.replace("JK", "")), text
        for card in getattr(decision.action, "cards", ()):
            assert card_name(card) not in text, text
        state = apply(state, decision.action, seat=seat).state


def test_a_lay_off_on_the_wild_cards_is_told_as_their_meld() -> None:
    style = CardStyle()
    lay_off = LayOff(WILD_RANK, parse_cards("jk c2"))
    assert style.action(lay_off) == "Lay off JK 2♣ on the meld of wild cards"
    going_out = style.hint(lay_off, "On the way out this turn.")
    assert going_out == "Lay off JK 2♣ on the meld of wild cards. On the way out this turn."
