"""Rules §13.1-§13.6: railroad's table, deal, black threes, melds and kinds, red threes,
and the kitty (seed 004)."""

from __future__ import annotations

from collections import Counter

import pytest

from canasta.engine import (
    PLAYER_COUNTS,
    CanastaError,
    Phase,
    Reason,
    apply,
    card_text,
    full_deck,
    legal_actions,
    new_game,
    parse_action,
    preset,
    view,
)
from canasta.engine.deal import shuffled_deck
from canasta.engine.events import CanastaCompleted, KittyTaken, RedThreeLaid
from canasta.engine.kinds import canasta_kind, kinds_missing, open_meld
from canasta.engine.melds import Meld
from canasta.engine.narrate import describe_event

from .helpers import act, cards, refused
from .rail import BLACK, RED, SEVENS, WILD, rail


def _all_cards(state):  # type: ignore[no-untyped-def]
    out = Counter([*state.stock, *state.pile, *state.pending])
    for group in (*state.hands, *state.kitties, *state.red_threes):
        out.update(group)
    for melds in state.melds:
        for meld in melds:
            out.update(meld.cards)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s13_1_each_player_alone_with_two_decks_and_two_jokers_apiece(players: int) -> None:
    rules = preset("railroad", players)
    assert rules.partnerships == tuple((seat,) for seat in range(players))
    assert (rules.decks, rules.jokers) == (2 * players, 2 * players)
    assert rules.deck_size == 106 * players
    assert rules.target_score == 20000
    state = new_game(rules, seed=players)
    assert _all_cards(state) == Counter(full_deck(decks=rules.decks, jokers=rules.jokers))


def test_s13_1_railroad_is_played_by_two_to_six() -> None:
    assert PLAYER_COUNTS["railroad"] == (3, 2, 4, 5, 6)
    assert preset("railroad").players == 3
    with pytest.raises(CanastaError, match=r"played by 2, 3, 4, 5 or 6 players, not 7"):
        preset("railroad", 7)


def test_s13_2_thirteen_cards_and_a_kitty_of_eleven_face_down() -> None:
    state = new_game(preset("railroad", 4), seed=9)
    # Red threes dealt are laid out at once, not replaced (§13.5).
    assert [len(h) + len(r) for h, r in zip(state.hands, state.red_threes, strict=True)] == [13] * 4
    assert [len(kitty) for kitty in state.kitties] == [11] * 4
    assert len(state.pile) == 1
    for seat in range(4):
        seen = view(state, seat)
        assert seen.kitty == () and seen.kitty_sizes == (11,) * 4
        assert seen.kitty_status == ("untouched",) * 4


def test_s13_2_the_deal_goes_hands_then_kitties_then_one_up_card() -> None:
    rules = preset("railroad", 2)
    deck = tuple(shuffled_deck(rules, 5, 1))
    state = new_game(rules, deck=deck)
    # South (seat 0) sits at the dealer's left and gets the first card of each round.
    hands = [sorted(deck[seat:26:2]) for seat in (0, 1)]
    kitties = [sorted(deck[26 + seat : 48 : 2]) for seat in (0, 1)]
    for seat in (0, 1):
        assert sorted((*state.hands[seat], *state.red_threes[seat])) == hands[seat]
        assert list(state.kitties[seat]) == kitties[seat]
    assert state.pile == (deck[48],)
    assert state.stock == deck[49:]


def test_s13_2_a_draw_takes_two_cards() -> None:
    state = rail(2, hands={"South": "c5 c6 h8", "North": "d5"}, stock="c9 d10 h11")
    state = act(state, "draw")
    assert state.hands[0] == cards("c5 c6 h8 c9 d10")
    assert state.stock == cards("h11")


def test_s13_3_black_threes_are_melded_only_to_go_out() -> None:
    mine = [RED, BLACK, WILD, SEVENS]
    state = rail(hands={"South": "c3 s3 c3 d4 c5"}, melds={"South": mine}, phase="play", stock="c6")
    refused(state, "meld c3 s3 c3", Reason.BLACK_THREES, "13.3")
    ready = rail(hands={"South": "c3 s3 c3 s3 d4"}, melds={"South": mine}, phase="play")
    after = act(ready, "meld c3 c3 s3 s3", "discard d4")
    assert after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert after.went_out == 0
    assert after.history[-1][0].going_out == 100


def test_s13_3_a_discarded_black_three_blocks_only_the_next_player() -> None:
    state = rail(
        hands={"South": "c3 h8 d9", "West": "c3 c3 h4 h5", "East": "h6 h7"},
        pile="c9",
        melded=[True, True, True],
        phase="play",
    )
    state = act(state, "discard c3")
    assert state.pile_blocked
    refused(state, "take c3 c3", Reason.PILE_BLOCKED)
    state = act(state, "draw", f"discard {card_text(state.hands[1][-1])}")
    assert not state.pile_blocked and not state.pile_frozen


def test_s13_4_a_meld_holds_at_most_seven_and_three_wild_cards() -> None:
    state = rail(
        hands={"South": "c9 d9 h9 s9 c9 d9 h9 s9 jk"}, melded=[True, False, False], phase="play"
    )
    refused(state, "meld c9 d9 h9 s9 c9 d9 h9 s9", Reason.TOO_MANY_CARDS)
    wilds = rail(hands={"South": "c8 d8 jk jk c2 s2 h5"}, melded=[True, False, False], phase="play")
    refused(wilds, "meld c8 d8 jk jk c2 s2", Reason.TOO_MANY_WILDS)
    assert act(wilds, "meld c8 d8 jk jk c2").melds[0][0].wilds == 3


def test_s13_4_a_second_meld_of_a_rank_only_once_the_first_is_a_canasta() -> None:
    state = rail(
        hands={"South": "c9 d9 h9 s9 c9 d9 h9 s9 c9 d9 h5 h6"},
        melded=[True, False, False],
        phase="play",
    )
    state = act(state, "meld c9 d9 h9")
    # With a meld of nines open, more nines join it (the lay-off is the listed spelling).
    assert parse_action("layoff 9: s9 c9 d9 h9") in legal_actions(state)
    state = act(state, "meld s9 c9 d9 h9")
    assert [len(m) for m in state.melds[0]] == [7]
    state = act(state, "meld s9 c9 d9")
    assert [len(m) for m in state.melds[0]] == [7, 3]
    assert open_meld(state.melds[0], 9, state.rules) is state.melds[0][1]


def test_s13_4_wild_cards_alone_and_sevens_without_wild_cards() -> None:
    state = rail(
        hands={"South": "jk jk c2 d2 c7 d7 h7 s5 s6"}, melded=[True, False, False], phase="play"
    )
    state = act(state, "meld jk jk c2")
    assert state.melds[0][0].rank == 0
    state = act(state, "layoff 0: d2")
    refused(state, "meld c7 d7 h7 jk", Reason.NOT_IN_HAND)
    sevens = rail(hands={"South": "c7 d7 h2 s5 s6"}, melded=[True, False, False], phase="play")
    refused(sevens, "meld c7 d7 h2", Reason.TOO_MANY_WILDS, "13.4")


def test_s13_4_the_four_kinds_and_their_bonuses() -> None:
    rules = preset("railroad", 3)
    melds = [
        Meld.build(rank, cards(text.partition(":")[2]))
        for rank, text in ((9, RED), (10, BLACK), (0, WILD), (7, SEVENS))
    ]
    assert [canasta_kind(m, rules) for m in melds] == ["red", "black", "wild", "sevens"]
    assert kinds_missing(melds[:2], rules) == ("wild", "sevens")
    assert canasta_kind(Meld.build(9, cards("c9 d9 h9")), rules) is None
    bonuses = (
        rules.natural_canasta_bonus,
        rules.mixed_canasta_bonus,
        rules.wild_canasta_bonus,
        rules.sevens_canasta_bonus,
    )
    assert bonuses == (500, 300, 1000, 1500)


def test_s13_5_red_threes_are_laid_out_and_not_replaced() -> None:
    state = rail(2, hands={"South": "c5 c6 h8", "North": "d5"}, stock="h3 d10 h11")
    step = apply(state, parse_action("draw"))
    assert step.state.hands[0] == cards("c5 c6 h8 d10")
    assert step.state.red_threes[0] == cards("h3")
    assert RedThreeLaid(0, cards("h3")[0], False) in step.events


def test_s13_5_a_red_three_up_card_blocks_then_freezes() -> None:
    state = rail(
        hands={"South": "c5 c5 h8", "West": "c5 c5 d9"}, pile="d3", melded=[True, True, True]
    )
    assert state.pile_blocked and not state.pile_frozen
    state = act(state, "draw", "discard h8")
    assert state.pile_frozen


def test_s13_6_the_kitty_is_seen_and_taken_after_a_canasta_that_is_not_black() -> None:
    state = rail(
        hands={"South": "c9 d9 h9 s9 h5 h6"},
        melds={"South": ["9: c9 d9 h9"]},
        kitties={
            "South": "c4 d4 h4 s4 c6 d6 h6 s6 c8 d8 h3",
            "West": "c4 d4 h4 s4 c6 d6 h6 s6 c8 d8 c11",
        },
        phase="play",
    )
    assert view(state, 0).kitty == ()
    state = act(state, "layoff 9: c9 d9 h9 s9")
    assert view(state, 0).kitty_status[0] == "may_take"
    assert view(state, 0).kitty == state.kitties[0]
    assert view(state, 1).kitty == ()
    step = apply(state, parse_action("discard h5"))
    after = step.state
    assert KittyTaken(0, 11) in step.events
    assert after.kitty_taken[0] and after.kitties[0] == ()
    kept = Counter(state.hands[0]) - Counter(cards("h5"))
    assert Counter(after.hands[0]) == kept + Counter(state.kitties[0]) - Counter(cards("h3"))
    assert after.red_threes[0] == cards("h3")
    assert view(after, 1).kitty_status[0] == "taken"


def test_s13_6_a_black_canasta_does_not_earn_the_kitty() -> None:
    state = rail(
        hands={"South": "c10 d10 h2 h5 h6"},
        melds={"South": ["10: c10 d10 h10 s10 d2"]},
        kitties={"South": "c4 d4 h4 s4 c6 d6 h6 s6 c8 d8 h8"},
        phase="play",
    )
    state = act(state, "layoff 10: c10 d10", "discard h5")
    assert state.kitties[0] and not state.kitty_taken[0]


@pytest.mark.parametrize(
    ("kind", "rank", "sentence"),
    [
        ("red", 13, "South completed a red canasta of kings."),
        ("black", 9, "South completed a black canasta of nines."),
        ("wild", 0, "South completed a wild canasta."),
        ("sevens", 7, "South completed a sevens canasta."),
    ],
)
def test_s13_4_a_completed_canasta_is_told_by_its_kind_naming_its_rank_once(
    kind: str, rank: int, sentence: str
) -> None:
    rules = preset("railroad", 3)
    done = CanastaCompleted(team=0, rank=rank, natural=kind != "black", kind=kind)
    assert describe_event(done, rules=rules) == sentence
