"""Asking partner (rules §8.1) is allowed exactly when the player can go out, checked
against an independent brute-force oracle of going out (rules §6.1, §5)."""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from canasta.engine import (
    Card,
    Phase,
    apply,
    cards_text,
    classic,
    full_deck,
    is_legal,
    is_red_three,
    is_wild,
    rank_of,
)
from canasta.engine.actions import Answer, AskPartner, Discard, LayOff, Meld
from canasta.engine.cards import BLACK_THREES
from canasta.engine.melds import meld_error
from canasta.engine.record import Position

from .support import candidate_actions

MELD_RANKS = [1, *range(4, 14)]


def _legal(rank: int, naturals: int, wilds: int) -> bool:
    return meld_error(naturals, wilds, rank=rank, rules=classic) is None


def oracle_can_go_out(hand: list[Card], table: dict[int, tuple[int, int]]) -> bool:
    """Whether every card of ``hand`` but at most one can go onto the team's melds (new or
    ``table``'s, as ``rank -> (naturals, wilds)``) with a canasta on the table at the end."""
    jokers = sum(1 for c in hand if c == 0)
    twos = sum(1 for c in hand if is_wild(c)) - jokers
    blacks = sum(1 for c in hand if c in BLACK_THREES)
    counts: dict[int, int] = {}
    for card in hand:
        if not is_wild(card) and rank_of(card) != 3:
            counts[rank_of(card)] = counts.get(rank_of(card), 0) + 1
    ranks = sorted(set(counts) | set(table))
    canasta_before = any(n + w >= 7 for n, w in table.values())

    @cache
    def outcomes(index: int, j: int, t: int) -> frozenset[tuple[int, bool]]:
        """(cards placed, canasta made) reachable with ranks from ``index`` on."""
        if index == len(ranks):
            return frozenset({(0, False)})
        r = ranks[index]
        n = counts.get(r, 0)
        base_n, base_w = table.get(r, (0, 0))
        out: set[tuple[int, bool]] = set()
        for k in range(n + 1):
            for uj in range(min(j, 3) + 1):
                for ut in range(min(t, 3 - uj) + 1):
                    used = k + uj + ut
                    if used and not _legal(r, base_n + k, base_w + uj + ut):
                        continue
                    big = base_n + base_w + used >= 7
                    for placed, canasta in outcomes(index + 1, j - uj, t - ut):
                        out.add((placed + used, canasta or big))
        return frozenset(out)

    size = len(hand)
    for placed, canasta in outcomes(0, jokers, twos):
        if not (canasta or canasta_before):
            continue
        left = size - placed
        if left <= 1 or (blacks in (3, 4) and left - blacks <= 1):
            return True
    return False


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], dict[int, list[Card]]]:
    deck = [c for c in full_deck() if not is_red_three(c)]
    deck = draw(st.permutations(deck))
    pool = list(deck)
    table: dict[int, list[Card]] = {}
    for rank in draw(st.lists(st.sampled_from(MELD_RANKS), min_size=1, max_size=4, unique=True)):
        naturals = [c for c in pool if rank_of(c) == rank][: draw(st.integers(2, 8))]
        wilds = [c for c in pool if is_wild(c)][: draw(st.integers(0, 3))]
        if not _legal(rank, len(naturals), len(wilds)):
            wilds = []
        if not _legal(rank, len(naturals), len(wilds)):
            continue
        for card in (*naturals, *wilds):
            pool.remove(card)
        table[rank] = naturals + wilds
    size = draw(st.integers(min_value=2, max_value=12))
    # Bias the hand toward the melded ranks and wild cards, where going out happens.
    useful = [c for c in pool if is_wild(c) or rank_of(c) in table]
    other = [c for c in pool if c not in useful]
    k = draw(st.integers(min_value=0, max_value=min(size, len(useful))))
    hand = sorted(useful[:k] + other[: size - k])
    return hand, table


@given(positions())
def test_ask_is_allowed_exactly_when_the_player_can_go_out(
    position: tuple[list[Card], dict[int, list[Card]]],
) -> None:
    hand, table = position
    state = Position(
        hands={"South": cards_text(hand)},  # type: ignore[dict-item]
        melds={  # type: ignore[dict-item]
            "North-South": [f"{rank}: {cards_text(cards)}" for rank, cards in table.items()]
        },
        phase="play",
    ).to_state()
    counts = {
        rank: (sum(1 for c in cards if not is_wild(c)), sum(1 for c in cards if is_wild(c)))
        for rank, cards in table.items()
    }
    expected = oracle_can_go_out(hand, counts)
    assert is_legal(state, AskPartner()) is expected, (
        f"hand {cards_text(hand)}, melds {[str(m) for m in state.melds[0]]}: "
        f"ask {'should' if expected else 'should not'} be allowed"
    )


def _counts(melds: tuple) -> dict[int, tuple[int, int]]:  # type: ignore[type-arg]
    return {meld.rank: (meld.naturals, meld.wilds) for meld in melds}


@given(positions())
def test_after_yes_exactly_the_plays_that_keep_going_out_possible_are_legal(
    position: tuple[list[Card], dict[int, list[Card]]],
) -> None:
    hand, table = position
    plain = Position(
        hands={"South": cards_text(hand)},  # type: ignore[dict-item]
        melds={  # type: ignore[dict-item]
            "North-South": [f"{rank}: {cards_text(cards)}" for rank, cards in table.items()]
        },
        phase="play",
    ).to_state()
    if not is_legal(plain, AskPartner()):
        return
    state = apply(apply(plain, AskPartner()).state, Answer(True)).state
    for action in candidate_actions(state):
        if isinstance(action, (Meld, LayOff)):
            expected = is_legal(plain, action)
            if expected:
                after = apply(plain, action).state
                if after.phase is Phase.PLAY:
                    expected = oracle_can_go_out(list(after.hands[0]), _counts(after.melds[0]))
        elif isinstance(action, Discard):
            expected = len(hand) == 1
        else:
            continue
        assert is_legal(state, action) is expected, (
            f"hand {cards_text(hand)}, melds {[str(m) for m in state.melds[0]]}, "
            f"partner said yes: {action} {'should' if expected else 'should not'} be legal"
        )
