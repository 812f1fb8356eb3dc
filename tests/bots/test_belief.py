"""Deals sampled for the hard level's playouts never contradict what the seat sees: its own
hand, every visible card, the cards known from pile pick-ups, hand and stock sizes, and
partner's question (an asking partner can go out)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from canasta.bots import NormalBot
from canasta.bots.belief import DISCARDED, PASSED, Memory, asker_can_go_out, sample_deal
from canasta.engine import (
    Answer,
    GameState,
    NextRound,
    Phase,
    apply,
    full_deck,
    legal,
    load_position,
    new_game,
    parse_cards,
    view,
)
from canasta.engine.cards import RED_THREES

from .helpers import bot, position

CANASTA = "7: c7 c7 d7 d7 h7 h7 s7"

POSITIONS = Path(__file__).resolve().parents[1] / "positions"


def _cards(state: GameState) -> list[int]:
    cards = [*state.stock, *state.pile, *state.pending]
    for hand in state.hands:
        cards.extend(hand)
    for reds, melds in zip(state.red_threes, state.melds, strict=True):
        cards.extend(reds)
        for meld in melds:
            cards.extend(meld.cards)
    return sorted(cards)


def assert_consistent(state: GameState, seat: int, deal: GameState) -> None:
    """``deal`` is a state ``seat`` could be in, seeing what it sees in ``state``."""
    seen = view(state, seat)
    assert view(deal, seat) == seen
    assert _cards(deal) == sorted(full_deck())
    for other, hand in enumerate(deal.hands):
        rest = list(hand)
        for card in seen.known[other]:
            rest.remove(card)  # raises if a known card is missing
        if other != seat:
            assert not RED_THREES & set(rest), "a player who has had a turn holds no red three"
    if deal.phase is Phase.ANSWER:
        assert asker_can_go_out(deal)


def _play(seed: int, steps: int, seat: int) -> tuple[GameState, Memory]:
    """A position ``steps`` decisions into a game of normal and easy bots, and what
    ``seat`` learned on the way (it observes every state, as if it decided each)."""
    players = [bot(level) for level in ("normal", "easy", "normal", "easy")]
    rng = random.Random(seed)
    state = new_game(seed=seed)
    memory = Memory()
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.ROUND_OVER:
            state = apply(state, NextRound()).state
            continue
        memory.observe(view(state, seat))
        mover = state.to_move
        assert mover is not None
        action = players[mover].decide(view(state, mover), legal(state), rng).action
        state = apply(state, action).state
    return state, memory


@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 300),
    seat=st.integers(0, 3),
    draw=st.integers(0, 2**32),
)
def test_sampled_deals_never_contradict_the_view(
    seed: int, steps: int, seat: int, draw: int
) -> None:
    state, memory = _play(seed, steps, seat)
    if state.phase not in (Phase.DRAW, Phase.PLAY, Phase.ANSWER):
        return
    deal = sample_deal(view(state, seat), memory, random.Random(draw))
    if deal is not None:
        assert_consistent(state, seat, deal)


@given(draw=st.integers(0, 2**32))
def test_an_asking_partner_can_always_go_out_in_the_sampled_deals(draw: int) -> None:
    for path in sorted(POSITIONS.glob("answer_*.json")):
        state = load_position(path.read_text()).to_state()
        deal = sample_deal(view(state, 0), Memory(), random.Random(draw))
        assert deal is not None, f"{path.name}: no deal in which North can go out"
        assert_consistent(state, 0, deal)


def test_partners_no_tilts_the_deals_toward_a_hand_that_would_say_no() -> None:
    # South asked and North, holding four cards, said no: a light hand would have said yes,
    # so the deals give North the heavy hands that refuse.
    asked = position(
        "c9 d9 h4",
        sizes=(11, 4, 11),
        phase="play",
        melds={"North-South": [CANASTA, "9: h9 s9 s9"], "East-West": ["12: c12 d12 h12"]},
        current={"asked": True, "permission": False},
    )
    unasked = asked.evolve(asked=False, permission=None)
    normal = NormalBot()

    def refusals(state: GameState) -> int:
        count = 0
        for draw in range(20):
            deal = sample_deal(view(state, 0), Memory(), random.Random(draw))
            assert deal is not None
            assert_consistent(state, 0, deal)
            north = normal.decide(view(deal.evolve(phase=Phase.ANSWER), 2), (), random.Random(0))
            count += north.action == Answer(False)
        return count

    assert refusals(asked) >= 15
    assert refusals(unasked) <= 5


def test_discards_and_passed_piles_make_those_ranks_rarer_in_that_hand() -> None:
    state = new_game(seed=4)
    memory = Memory()
    memory.observe(view(state, 0))
    # A round later it is South's turn again: South discarded h5, West then c13 (letting the
    # five go by), North d9 (letting the king go by) and East s6 (letting the nine go by).
    discards = tuple(parse_cards("h5 c13 d9 s6"))
    later = state.evolve(pile=(*state.pile, *discards), turn=0)
    memory.observe(view(later, 0))
    king, five, nine, six = parse_cards("d13 d5 h9 h6")
    assert memory.weight(1, king) == DISCARDED
    assert memory.weight(1, five) == PASSED
    assert memory.weight(2, nine) == DISCARDED
    assert memory.weight(3, nine) == PASSED
    assert memory.weight(3, six) == DISCARDED
    assert memory.weight(2, king) == PASSED
    assert memory.weight(1, six) == memory.weight(3, king) == 1.0
    assert memory.weight(0, five) == 1.0, "South's own discard says nothing new to South"
