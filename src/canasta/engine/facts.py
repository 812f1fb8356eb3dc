"""The facts of the player's turn that the placement guard weighs, gathered once per
position, and each team's melds as counts by rank (``(naturals, wilds)``), kept ready for the
next decision."""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from canasta.engine.cards import RED_THREES, Card
from canasta.engine.melds import Meld
from canasta.engine.memo import slots
from canasta.engine.state import GameState

__all__ = ["TurnFacts", "remember_table", "team_table", "turn_facts"]


class TurnFacts:
    """What the guard needs to know of the player's turn, gathered once per position and
    never changed after. Its fields are slots: the listing and the guard read them dozens
    of times a position, and Python 3.11 reads a slot several times faster than a named
    tuple's field."""

    team: int
    hand: tuple[Card, ...]
    melded: bool
    #: Points still needed for the initial meld this turn (0 once melded).
    need: int
    #: The team's canastas on the table.
    canastas: int
    permission: bool | None
    #: Cards of a taken pile waiting for the initial minimum, counted as held (§3.3).
    held: int
    #: ``(naturals, wilds)`` of each of the team's melds, by rank.
    table: dict[int, tuple[int, int]]
    #: The guard's free region: a play that takes at most this many cards from the hand
    #: (less those it brings in) breaks no rule of the turn; -1 when every play is weighed.
    unguarded: int

    __slots__ = tuple(__annotations__)


#: Facts are made without an ``__init__`` call: :func:`_gather_facts` sets each field.
_new = object.__new__


def turn_facts(state: GameState) -> TurnFacts:
    """The facts of the turn in ``state`` (the phase is ``DRAW`` or ``PLAY``), gathered once
    for the listing and the action's own check of one position."""
    last = _last_facts[0]
    if last[0] is state:
        return last[1]
    facts = _gather_facts(state)
    # The slot holds the state itself, so ``is`` can never match a different position.
    _last_facts[0] = (state, facts)
    return facts


def _gather_facts(state: GameState) -> TurnFacts:
    rules = state.rules
    team = rules.team_of(state.turn)
    melded = state.melded[team]
    hand = state.hands[state.turn]
    held = sum(1 for card in state.pending if card not in RED_THREES) if state.pending else 0
    table, canastas = team_table(state.melds[team], rules.canasta_size)
    permission = state.permission
    facts: TurnFacts = _new(TurnFacts)
    facts.team = team
    facts.hand = hand
    facts.melded = melded
    facts.need = 0 if melded else state.minimums[team] - state.turn_value
    facts.canastas = canastas
    facts.permission = permission
    facts.held = held
    facts.table = table
    # Two cards kept, with the team melded and partner not asked, is all the turn asks.
    facts.unguarded = len(hand) + held - 2 if melded and permission is None else -1
    return facts


def team_table(melds: tuple[Meld, ...], size: int) -> tuple[dict[int, tuple[int, int]], int]:
    """A team's melds as ``(naturals, wilds)`` by rank, and how many are canastas of
    ``size`` cards. Both teams' latest are remembered: their melds change only when they
    play, not at every decision. The table is shared: callers copy it to change it."""
    for known, known_size, table, canastas in _tables:
        if known is melds and known_size == size:
            return table, canastas
    table = {}
    canastas = 0
    for meld in melds:
        table[meld.rank] = (meld.naturals, meld.wilds)
        canastas += len(meld.cards) >= size  # Meld.is_canasta, inlined on the hot path
    _tables.insert(0, (melds, size, table, canastas))
    del _tables[_TABLES_KEPT:]
    return table, canastas


#: The team melds whose tables were built last (each slot holds the melds themselves, so
#: ``is`` never matches different melds), newest first.
_tables: list[tuple[tuple[Meld, ...], int, dict[int, tuple[int, int]], int]] = slots()
_TABLES_KEPT = 6


#: The position whose facts were gathered last, and its facts.
_last_facts: list[tuple[GameState | None, TurnFacts]] = slots((None, _new(TurnFacts)))


def remember_table(
    melds: tuple[Meld, ...], melds_after: tuple[Meld, ...], rank: int, meld: Meld, size: int
) -> None:
    """Remember a team's table once its meld of ``rank`` among ``melds`` has become ``meld``
    (its melds then being ``melds_after``), as :func:`team_table` would build it at the next
    decision, from the table of ``melds`` (the rank is in it already, so the ranks keep
    their order)."""
    before, canastas = team_table(melds, size)
    table = {**before, rank: (meld.naturals, meld.wilds)}
    canastas += len(meld.cards) >= size > sum(before[rank])
    _tables.insert(0, (melds_after, size, table, canastas))
    del _tables[_TABLES_KEPT:]
