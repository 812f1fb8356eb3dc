"""Rules §11.1-§11.4: traditional canasta (seed 003), and its worked examples."""

from __future__ import annotations

import pytest

from canasta.engine import (
    Phase,
    Reason,
    apply,
    card_text,
    cards_text,
    classic,
    is_wild,
    new_game,
    parse_cards,
    preset,
    rank_of,
    start_game,
)
from canasta.engine.events import CanastaCompleted, RedThreeLaid, RoundDealt, UpCardTurned
from canasta.engine.melds import meld_error
from canasta.engine.position import load_position, position_of

from .helpers import act, cards, refused
from .tables import table_deck, table_position

TRADITIONAL = preset("traditional")


def _laid_out(state):  # type: ignore[no-untyped-def]
    return sorted(card for reds in state.red_threes for card in reds)


def test_s11_1_red_threes_dealt_are_laid_out_and_replaced_before_anyone_plays() -> None:
    deck = table_deck(
        TRADITIONAL,
        hands={1: "h3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13", 2: "d3 d4"},
        up="s9",
        stock="h8 c1",
    )
    step = start_game(TRADITIONAL, deck=deck)
    state = step.state
    # West (seat 1) and North (seat 2) hold no red three before South's first draw; each
    # drew its replacement from the top of the stock, in seat order from the dealer's left.
    assert state.red_threes == (cards("d3"), cards("h3"))
    assert state.hands[1] == cards("h8 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13")
    assert parse_cards("c1")[0] in state.hands[2]
    assert [len(hand) for hand in state.hands] == [11, 11, 11, 11]
    assert step.events[-2:] == (
        RedThreeLaid(1, parse_cards("h3")[0], True),
        RedThreeLaid(2, parse_cards("d3")[0], True),
    )
    assert (state.turn, state.phase) == (0, Phase.DRAW)


def test_s11_1_a_red_three_replacement_is_laid_out_and_replaced_too() -> None:
    deck = table_deck(TRADITIONAL, hands={0: "h3"}, up="s9", stock="d3 h8")
    state = new_game(TRADITIONAL, deck=deck)
    assert state.red_threes[0] == parse_cards("h3 d3")  # in the order laid out
    assert parse_cards("h8")[0] in state.hands[0]
    assert len(state.hands[0]) == 11


def test_s11_1_classic_keeps_a_dealt_red_three_until_its_holders_turn() -> None:
    deck = table_deck(classic, hands={1: "h3"}, up="s9")
    state = new_game(classic, deck=deck)
    assert parse_cards("h3")[0] in state.hands[1]
    assert state.red_threes == ((), ())


def test_s11_2_a_black_three_up_card_is_covered_and_does_not_freeze() -> None:
    step = start_game(TRADITIONAL, deck=table_deck(TRADITIONAL, up="s3 c9"))
    assert step.state.pile == cards("s3 c9")
    assert not step.state.pile_frozen
    assert UpCardTurned(parse_cards("s3")[0], False, True) in step.events
    # Classic lets a black three be the up-card: it blocks the pile (§2.3).
    assert new_game(classic, deck=table_deck(classic, up="s3 c9")).pile == cards("s3")


def test_s11_2_a_wild_up_card_freezes_the_pile() -> None:
    state = new_game(TRADITIONAL, deck=table_deck(TRADITIONAL, up="d2 c9"))
    assert state.pile == cards("d2 c9")
    assert state.pile_frozen


def test_s11_2_a_red_three_up_card_does_not_freeze_and_goes_unreplaced_to_the_taker() -> None:
    deck = table_deck(TRADITIONAL, hands={0: "c9 d9 c1 d1 h1 c13 d13 h13"}, up="h3 s9")
    state = new_game(TRADITIONAL, deck=deck)
    assert not state.pile_frozen
    assert new_game(classic, deck=table_deck(classic, up="h3 s9")).pile_frozen
    stock = state.stock
    # The first player takes the pile with its bonus card (the seed's first-player remark).
    state = act(state, "take c9 d9", "meld c1 d1 h1")
    assert state.red_threes[0] == cards("h3")
    assert state.stock == stock
    assert parse_cards("h3")[0] not in state.hands[0]


@pytest.mark.parametrize(
    ("meld", "legal"),
    [("c5 d5 h2", True), ("c9 d9 h9 c2 d2 jk", True), ("c5 h2 d2", False)],
)
def test_s11_3_the_seed_s_melds_in_traditional(meld: str, legal: bool) -> None:
    held = parse_cards(meld)
    wilds = sum(1 for card in held if is_wild(card))
    error = meld_error(len(held) - wilds, wilds, rank=rank_of(held[-1]), rules=TRADITIONAL)
    assert (error is None) is legal


def _melding(meld: str):  # type: ignore[no-untyped-def]
    return table_position(
        TRADITIONAL,
        hands={"South": f"{meld} c4 d4", "West": "s4 s5 s6"},
        melds={"North-South": ["13: c13 d13 h13"]},
        phase="play",
    )


def test_s11_3_example_1_five_five_two_is_a_meld() -> None:
    state = act(_melding("c5 d5 h2"), "meld c5 d5 h2")
    assert [str(meld) for meld in state.melds[0]] == ["5: h2 c5 d5", "13: c13 d13 h13"]


def test_s11_3_example_2_three_nines_with_three_wild_cards_is_a_meld() -> None:
    state = act(_melding("c9 d9 h9 c2 d2 jk"), "meld c9 d9 h9 c2 d2 jk")
    assert len(state.melds[0][0].cards) == 6
    # Classic asks for more natural than wild cards (§5.1).
    assert meld_error(3, 3, rank=9, rules=classic) is not None


def test_s11_3_example_3_five_two_two_is_not_a_meld() -> None:
    refused(_melding("c5 c2 d2"), "meld c5 c2 d2", Reason.TOO_FEW_NATURALS, "5.1")


def test_s11_3_example_4_two_nines_with_four_wild_cards_is_not_a_meld() -> None:
    refused(_melding("c9 d9 c2 d2 h2 jk"), "meld c9 d9 c2 d2 h2 jk", Reason.TOO_MANY_WILDS, "5.1")


def test_s11_3_no_meld_holds_more_wild_than_natural_cards_nor_four_wild_cards() -> None:
    refused(_melding("c9 d9 c2 d2 jk"), "meld c9 d9 c2 d2 jk", Reason.TOO_MANY_WILDS, "5.1")
    # The seed's "9-9-9-2-2-2-Joker" (four wild cards) is refused: see Decision 22.
    refused(_melding("c9 d9 h9 c2 d2 h2 jk"), "meld c9 d9 h9 c2 d2 h2 jk", Reason.TOO_MANY_WILDS)
    assert meld_error(4, 4, rank=9, rules=TRADITIONAL) is not None
    assert meld_error(4, 3, rank=9, rules=TRADITIONAL) is None


def _out_with(meld: str, *, rules=TRADITIONAL):  # type: ignore[no-untyped-def]
    """South holds ``meld`` and s4: melds it, discards s4 and goes out."""
    return table_position(
        rules,
        hands={"South": f"{meld} s4", "West": "s5 s6"},
        melds={"North-South": ["1: c1 d1 h1"]},
        phase="play",
    )


def test_s11_4_a_natural_canasta_melded_whole_from_the_hand_scores_600() -> None:
    state, events = _apply_texts(_out_with("c13 c13 d13 d13 h13 h13 s13"), "meld", "discard s4")
    assert CanastaCompleted(0, 13, True, True) in events
    score = state.history[-1][0]
    assert (score.natural_canastas, score.natural_canasta_points) == (1, 500)
    assert (score.concealed_canastas, score.concealed_canasta_points) == (1, 100)
    assert ("Concealed canastas (1)", 100) in score.parts()


def test_s11_4_a_mixed_canasta_melded_whole_from_the_hand_scores_400() -> None:
    state, _ = _apply_texts(_out_with("c13 c13 d13 d13 h13 h2 jk"), "meld", "discard s4")
    score = state.history[-1][0]
    assert score.mixed_canasta_points + score.concealed_canasta_points == 400


def test_s11_4_a_canasta_with_only_the_pile_s_top_card_is_concealed() -> None:
    state = table_position(
        TRADITIONAL,
        hands={"South": "c13 c13 d13 d13 h13 h13 c5 c6", "West": "s5 s6"},
        melds={"North-South": ["1: c1 d1 h1"]},
        pile="c4 s13",
    )
    state = act(state, "take c13 c13 d13 d13 h13 h13")
    [kings] = [meld for meld in state.melds[0] if meld.rank == 13]
    assert kings.concealed
    back = load_position(position_of(state).to_json()).to_state()
    assert back.melds == state.melds


def test_s11_4_a_canasta_built_over_two_plays_is_not_concealed() -> None:
    state = _out_with("c13 c13 d13 d13 h13 h13 s13")
    state, _ = _apply_texts(state, "meld c13 c13 d13", "layoff 13: d13 h13 h13 s13")
    [kings] = [meld for meld in state.melds[0] if meld.rank == 13]
    assert kings.is_canasta(TRADITIONAL)
    assert not kings.concealed
    state, _ = _apply_texts(state, "discard s4")
    assert state.history[-1][0].concealed_canastas == 0


def test_s11_4_classic_has_no_concealed_canasta_bonus() -> None:
    state, events = _apply_texts(
        _out_with("c13 c13 d13 d13 h13 h13 s13", rules=classic), "meld", "discard s4"
    )
    assert CanastaCompleted(0, 13, True, False) in events
    score = state.history[-1][0]
    assert score.concealed_canastas is None
    assert not any(label.startswith("Concealed canastas") for label, _ in score.parts())


def _apply_texts(state, *texts):  # type: ignore[no-untyped-def]
    """Apply each text (``meld`` alone melds the whole hand but its s4); return the state
    and every event."""
    from canasta.engine import parse_action

    events = []
    for given in texts:
        text = given
        if given == "meld":
            text = "meld " + cards_text(c for c in state.hands[state.turn] if card_text(c) != "s4")
        step = apply(state, parse_action(text))
        state = step.state
        events.extend(step.events)
    return state, events


def test_s11_1_dealt_red_threes_are_told_before_the_first_draw() -> None:
    deck = table_deck(TRADITIONAL, hands={0: "h3"}, up="s9", stock="h8")
    events = start_game(TRADITIONAL, deck=deck).events
    assert events[0] == RoundDealt(1, 3)
    assert events[-1] == RedThreeLaid(0, parse_cards("h3")[0], True)
