"""The initial-meld guards (rules §7.3, §3.3) against an independent brute-force oracle.

For a player whose team has not melded, the engine must accept a first meld exactly when the
player's cards contain a legal combination of melds, including that one, that reaches the
minimum while keeping the two-card rule (or going out with a canasta). The oracle below
searches every placement of the remaining cards rank by rank; it shares no code with the
engine's solver.
"""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from canasta.engine import (
    GameState,
    Phase,
    apply,
    card_value,
    cards_text,
    classic,
    full_deck,
    is_legal,
    is_red_three,
    is_wild,
    legal_actions,
    rank_of,
)
from canasta.engine.actions import LayOff, Meld, TakePile
from canasta.engine.cards import BLACK_THREES, Card, card_of
from canasta.engine.melds import meld_error
from canasta.engine.record import Position

from .support import candidate_actions

POOL = [card for card in full_deck() if not is_red_three(card)]


def _legal(rank: int, naturals: int, wilds: int) -> bool:
    return meld_error(naturals, wilds, rank=rank, rules=classic) is None


def oracle_accepts(
    hand: tuple[Card, ...],
    meld: tuple[Card, ...],
    minimum: int,
    *,
    top: tuple[Card, ...] = (),
    waiting: int = 0,
    table: dict[int, tuple[int, int]] | None = None,
    value_so_far: int = 0,
    rank: int | None = None,
) -> bool:
    """Whether ``meld`` (hand cards, plus the pile's ``top`` card when taking the pile) may
    start, or continue, the initial meld; ``waiting`` cards of a taken pile are held
    meanwhile; ``table`` holds the melds made earlier this turn (``rank -> (naturals,
    wilds)``), worth ``value_so_far``; ``rank`` names the meld for a lay-off."""
    table = dict(table or {})
    rest = list(hand)
    for card in meld:
        rest.remove(card)
    meld = (*meld, *top)
    if rank is None:
        rank = next(rank_of(c) for c in meld if not is_wild(c))
    base = table.get(rank, (0, 0))
    m_naturals = base[0] + sum(1 for c in meld if not is_wild(c))
    m_wilds = base[1] + sum(1 for c in meld if is_wild(c))
    if not _legal(rank, m_naturals, m_wilds):
        return False
    table[rank] = (m_naturals, m_wilds)
    m_canasta = any(n + w >= 7 for n, w in table.values())
    if len(rest) + waiting < 2 and not m_canasta:
        return False
    value = value_so_far + sum(card_value(c) for c in meld)
    jokers = sum(1 for c in rest if c == 0)
    twos = sum(1 for c in rest if is_wild(c)) - jokers
    blacks = sum(1 for c in rest if c in BLACK_THREES)
    counts: dict[int, int] = {}
    for card in rest:
        if not is_wild(card) and rank_of(card) != 3:
            counts[rank_of(card)] = counts.get(rank_of(card), 0) + 1
    ranks = sorted(set(counts) | set(table))
    size = len(rest)

    @cache
    def best(index: int, j: int, t: int, placed: int, canasta: bool) -> dict[tuple[int, bool], int]:
        """For ranks from ``index`` on, with ``j`` jokers and ``t`` twos left: the best value
        reachable for each (cards placed, canasta made)."""
        if index == len(ranks):
            return {(placed, canasta): 0}
        r = ranks[index]
        n = counts.get(r, 0)
        out: dict[tuple[int, bool], int] = {}
        base_n, base_w = table.get(r, (0, 0))
        for k in range(n + 1):
            for uj in range(min(j, 3) + 1):
                for ut in range(min(t, 3 - uj) + 1):
                    used = k + uj + ut
                    if used == 0:
                        group_ok, group_size = True, base_n + base_w
                    else:
                        group_ok = _legal(r, base_n + k, base_w + uj + ut)
                        group_size = base_n + base_w + used
                    if not group_ok:
                        continue
                    gain = k * card_value(card_of(r, 0)) + uj * 50 + ut * 20
                    sub = best(index + 1, j - uj, t - ut, placed + used, canasta or group_size >= 7)
                    for key, v in sub.items():
                        if out.get(key, -1) < v + gain:
                            out[key] = v + gain
        return out

    for (placed, canasta), gained in best(0, jokers, twos, 0, m_canasta).items():
        total = value + gained
        # The waiting cards join the hand once the minimum is met.
        left = size - placed + waiting
        if left >= 2 and total >= minimum:
            return True
        if canasta and total >= minimum:
            # Going out (or keeping one card with a canasta): everything placed, or all but
            # one card; black threes (3 or 4, no wild card) may go down as the last meld.
            if left <= 1:
                return True
            if blacks in (3, 4) and left - blacks <= 1:
                return True
    return False


def _state(hand: list[Card], score: int, *, pile: list[Card] | None = None) -> GameState:
    return Position(
        hands={"South": cards_text(hand)},  # type: ignore[dict-item]
        phase="play" if pile is None else "draw",
        pile=cards_text(pile or []),
        scores=(score, 0),
    ).to_state()


hands = st.permutations(POOL).flatmap(
    lambda cards: st.integers(min_value=4, max_value=14).map(lambda n: sorted(cards[:n]))
)
scores = st.sampled_from([-100, 0, 1500, 3000])


@given(hand=hands, score=scores)
def test_first_melds_accepted_exactly_when_a_combination_reaches_the_minimum(
    hand: list[Card], score: int
) -> None:
    state = _state(hand, score)
    minimum = state.minimums[0]
    listed = {a for a in legal_actions(state) if isinstance(a, Meld)}
    for action in candidate_actions(state):
        if not isinstance(action, Meld):
            continue
        naturals = [c for c in action.cards if not is_wild(c)]
        if not naturals or rank_of(naturals[0]) == 3 or is_red_three(naturals[0]):
            continue
        expected = oracle_accepts(tuple(hand), action.cards, minimum)
        assert is_legal(state, action) is expected, (
            f"hand {cards_text(hand)}, minimum {minimum}: {action} "
            f"{'should be accepted' if expected else 'should be refused'}"
        )
        assert (action in listed) is expected


RED_THREES = [card for card in full_deck() if is_red_three(card)]


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """A hand and a pile; red threes may lie buried in the pile (a frozen up-card)."""
    cards = draw(st.permutations(POOL))
    size = draw(st.integers(min_value=2, max_value=13))
    pile = list(cards[size : size + draw(st.integers(min_value=1, max_value=6))])
    for red in draw(st.lists(st.sampled_from(RED_THREES), max_size=2, unique=True)):
        pile.insert(draw(st.integers(min_value=0, max_value=len(pile) - 1)), red)
    return sorted(cards[:size]), pile


@given(deal=deals(), score=scores)
def test_pile_taken_for_the_initial_meld_exactly_when_the_minimum_is_reachable(
    deal: tuple[list[Card], list[Card]], score: int
) -> None:
    hand, pile = deal
    top = pile[-1]
    state = _state(hand, score, pile=pile)
    minimum = state.minimums[0]
    listed = {a for a in legal_actions(state) if isinstance(a, TakePile)}
    for action in candidate_actions(state):
        if not isinstance(action, TakePile):
            continue
        expected = (
            not state.pile_blocked
            and len(action.cards) >= 2
            and all(not is_wild(c) and rank_of(c) == rank_of(top) for c in action.cards)
            and oracle_accepts(
                tuple(hand),
                action.cards,
                minimum,
                top=(top,),
                waiting=sum(1 for c in pile[:-1] if not is_red_three(c)),
            )
        )
        assert is_legal(state, action) is expected, (
            f"hand {cards_text(hand)}, pile {cards_text(pile)}, "
            f"minimum {minimum}: {action} {'should' if expected else 'should not'} be legal"
        )
        assert (action in listed) is expected


@given(hand=hands, score=scores, pick=st.randoms(use_true_random=False))
def test_plays_after_the_first_meld_keep_the_minimum_reachable(
    hand: list[Card], score: int, pick: object
) -> None:
    state = _state(hand, score)
    first = sorted((a for a in legal_actions(state) if isinstance(a, Meld)), key=str)
    if not first:
        return
    state = apply(state, pick.choice(first)).state  # type: ignore[attr-defined]
    if state.melded[0] or state.phase is not Phase.PLAY:
        return
    rest = state.hands[0]
    table = {m.rank: (m.naturals, m.wilds) for m in state.melds[0]}
    for action in candidate_actions(state):
        if isinstance(action, Meld):
            naturals = [c for c in action.cards if not is_wild(c)]
            if not naturals or rank_of(naturals[0]) == 3:
                continue
            rank = rank_of(naturals[0])
        elif isinstance(action, LayOff):
            rank = action.rank
            if rank not in table:
                continue
        else:
            continue
        expected = oracle_accepts(
            rest,
            action.cards,
            state.minimums[0],
            table=table,
            value_so_far=state.turn_value,
            rank=rank,
        )
        assert is_legal(state, action) is expected, (
            f"hand {cards_text(rest)}, melds {[str(m) for m in state.melds[0]]}, "
            f"{state.turn_value} of {state.minimums[0]}: {action} "
            f"{'should' if expected else 'should not'} be legal"
        )
