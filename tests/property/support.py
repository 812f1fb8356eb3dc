"""Shared pieces of the property tests: invariants checked on every state."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from pathlib import Path

from canasta.engine import (
    Action,
    GameState,
    Phase,
    card_value,
    full_deck,
    is_red_three,
    is_wild,
    legal_actions,
    rank_of,
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
from canasta.engine.cards import WILD_RANK, Card
from canasta.engine.melds import meld_error

from .invariants import all_cards

#: A round that has not ended after this many actions is a bug (random play needs ~150).
MAX_STEPS_PER_ROUND = 3000

DECK = sorted(full_deck())

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


@lru_cache(maxsize=1)
def rule_sections() -> frozenset[str]:
    """Every section number of docs/rules.md ("4", "4.3", ...)."""
    text = RULES_MD.read_text(encoding="utf-8")
    return frozenset(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\b", text, flags=re.MULTILINE))


def assert_invariants(state: GameState) -> None:
    """The 108 cards are all there; every meld on the table is legal."""
    assert all_cards(state) == DECK
    for team in (0, 1):
        ranks = [meld.rank for meld in state.melds[team]]
        assert len(ranks) == len(set(ranks)), "a team has one meld per rank"
        for meld in state.melds[team]:
            wilds = sum(1 for c in meld.cards if is_wild(c))
            naturals = len(meld.cards) - wilds
            assert (naturals, wilds) == (meld.naturals, meld.wilds)
            assert all(is_wild(c) or rank_of(c) == meld.rank for c in meld.cards)
            error = meld_error(
                naturals, wilds, rank=meld.rank, rules=state.rules, black_threes=meld.rank == 3
            )
            assert error is None, f"illegal meld on the table: {meld} ({error})"
        assert all(is_red_three(card) for card in state.red_threes[team])
    if state.phase in (Phase.DRAW, Phase.PLAY, Phase.ANSWER):
        # Red threes leave the hand at the start of its holder's turn (§2.4).
        assert not any(is_red_three(c) for c in state.hands[state.turn])


def expected_round_scores(state: GameState) -> list[dict[str, int]]:
    """The round's score parts recomputed from the final state of the round (§9)."""
    size = state.rules.canasta_size
    out = []
    for team in (0, 1):
        melds = state.melds[team]
        canastas = [m for m in melds if len(m.cards) >= size]
        natural = sum(1 for m in canastas if not any(is_wild(c) for c in m.cards))
        mixed = len(canastas) - natural
        reds = len(state.red_threes[team])
        red_points = 800 if reds == 4 else 100 * reds
        if not melds:
            red_points = -red_points
        out.append(
            {
                "melds": sum(card_value(c) for m in melds for c in m.cards),
                "hands": -sum(card_value(c) for s in (team, team + 2) for c in state.hands[s]),
                "natural_canastas": natural,
                "natural_canasta_points": 500 * natural,
                "mixed_canastas": mixed,
                "mixed_canasta_points": 300 * mixed,
                "red_threes": reds,
                "red_three_points": red_points,
                "going_out": 100
                if state.went_out is not None and state.rules.team_of(state.went_out) == team
                else 0,
            }
        )
    return out


def _sub_multisets(cards: list[Card], limit: int) -> list[tuple[Card, ...]]:
    kinds: dict[Card, int] = {}
    for card in cards:
        kinds[card] = kinds.get(card, 0) + 1
    items = sorted(kinds.items())
    out = []
    for counts in product(*(range(n + 1) for _, n in items)):
        if sum(counts) > limit:
            continue
        chosen: list[Card] = []
        for (card, _), k in zip(items, counts, strict=True):
            chosen.extend([card] * k)
        out.append(tuple(chosen))
    return out


def candidate_actions(state: GameState) -> Iterator[Action]:
    """Every action worth trying now, legal or not: all sub-multisets of the hand's cards per
    rank as melds and lay-offs (wild cards up to one more than the rules allow), every
    discard, ask, and in the draw phase every take."""
    if state.phase is Phase.ANSWER:
        yield Answer(True)
        yield Answer(False)
        return
    if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        yield NextRound()
        return
    hand = list(state.hands[state.turn])
    wilds = [c for c in hand if is_wild(c)]
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        if not is_wild(card):
            by_rank.setdefault(rank_of(card), []).append(card)
    wild_sets = _sub_multisets(wilds, state.rules.max_wilds + 1)
    if state.phase is Phase.DRAW:
        yield DrawStock()
        if state.pile:
            top_rank = rank_of(state.pile[-1])
            for nat in _sub_multisets(by_rank.get(top_rank, []), 8):
                for wild in wild_sets:
                    yield TakePile(nat + wild)
        return
    team = state.rules.team_of(state.turn)
    meld_ranks = {meld.rank for meld in state.melds[team]}
    for rank, naturals in by_rank.items():
        for nat in _sub_multisets(naturals, 11):
            if not nat:
                continue
            for wild in wild_sets:
                yield Meld(nat + wild)
                yield LayOff(rank, nat + wild)
    for rank in meld_ranks:
        for wild in wild_sets:
            if wild:
                yield LayOff(rank, wild)
    # Railroad melds wild cards alone, up to a whole meld, filed under rank 0 (§13.4).
    several = state.rules.several_melds
    for wild in _sub_multisets(wilds, state.rules.meld_max_size + 1) if several else wild_sets:
        if wild:
            yield Meld(wild)
            if several:
                yield LayOff(WILD_RANK, wild)
    for card in sorted(set(hand)):
        yield Discard(card)
    yield AskPartner()


def listed(state: GameState) -> set[Action]:
    """``legal_actions`` as a set (and no duplicates in the list)."""
    actions = legal_actions(state)
    assert len(actions) == len(set(actions)), "legal_actions lists an action twice"
    return set(actions)
