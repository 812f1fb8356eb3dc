"""What the ``normal`` level reads from a view before it decides (:class:`Situation`):
the melds on both sides, the canastas, the naturals in hand, the cards it can see, and
whether the opponents threaten to go out. ``hard`` and the belief model read it too."""

from __future__ import annotations

from dataclasses import dataclass

from canasta.engine import PlayerView
from canasta.engine.cards import KING, RANK_OF, WILD_CARDS
from canasta.engine.facts import team_table
from canasta.engine.melds import Meld
from canasta.engine.memo import slots
from canasta.engine.rules import RuleSet
from canasta.engine.scoring import table_score

__all__ = ["Situation", "partner_cards"]

#: The opponents threaten to go out when they have the canastas for it and one of them
#: holds this few cards, or when the stock is this low.
_FEW_CARDS = 4
_LOW_STOCK = 10


def partner_cards(seen: PlayerView) -> int:
    """How many cards the seat's partners hold (none for a player alone)."""
    rules = seen.rules
    team = rules.partnerships[rules.team_of(seen.seat)]
    return sum(seen.hand_sizes[s] for s in team if s != seen.seat)


@dataclass(slots=True)
class Situation:
    """What the ``normal`` level reads from a view before it decides."""

    seen: PlayerView
    team: int
    canasta_size: int
    #: The team's melds, and those of the next player's team (who may take the discard),
    #: by rank (shared with other situations of the same melds: read, never changed).
    mine: dict[int, tuple[int, int]]
    theirs: dict[int, tuple[int, int]]
    canastas: int
    #: The most canastas any opposing team has.
    opponent_canastas: int
    #: Naturals in hand by rank.
    held: dict[int, int]
    #: Cards of each rank (index = rank) this seat can see anywhere.
    visible: list[int]
    #: Cards this seat cannot see (other hands' unknown cards and the stock).
    unseen_total: int
    #: The opponents could go out soon, or the stock is nearly gone.
    threat: bool

    @classmethod
    def of(cls, seen: PlayerView) -> Situation:
        """Read ``seen``."""
        rules = seen.rules
        seat = seen.seat
        team, opponents, rival_seats, next_team = _seating(rules, seat)
        size = rules.canasta_size
        tables, on_table = _table_reads(seen.melds, size)
        mine, canastas = tables[team]
        opponent_canastas = max([tables[t][1] for t in opponents])
        held: dict[int, int] = {}
        visible = list(on_table)
        for card in seen.hand:
            rank = RANK_OF[card]
            visible[rank] += 1
            if card not in WILD_CARDS:
                held[rank] = held.get(rank, 0) + 1
        for card in seen.pile:
            visible[RANK_OF[card]] += 1
        known_total = 0
        for cards in seen.known:
            if cards:
                known_total += len(cards)
                for card in cards:
                    visible[RANK_OF[card]] += 1
        sizes = seen.hand_sizes
        stock = seen.stock_size
        unseen_total = sum(sizes) - sizes[seat] - known_total + stock
        threat = stock <= _LOW_STOCK or (
            opponent_canastas >= rules.canastas_to_go_out
            and min([sizes[s] for s in rival_seats]) <= _FEW_CARDS
        )
        # Positionally, in field order: a bot reads a situation at every decision.
        return cls(
            seen,
            team,
            size,
            mine,
            tables[next_team][0],
            canastas,
            opponent_canastas,
            held,
            visible,
            unseen_total if unseen_total > 1 else 1,
            threat,
        )

    @property
    def game_in_reach(self) -> bool:
        """Going out now would very likely win the game."""
        seen = self.seen
        if not self.canastas:
            return False
        rules = seen.rules
        team = self.team
        ours = seen.scores[team] + _going_out_total(
            rules, team, seen.melds[team], len(seen.red_threes[team])
        )
        best_other = max(score for t, score in enumerate(seen.scores) if t != self.team)
        return ours >= rules.target_score and ours > best_other + 600

    def near_canastas(self) -> int:
        """The team's melds that this hand's naturals would (nearly) make canastas."""
        near = 0
        for rank, (naturals, wilds) in self.mine.items():
            size = naturals + wilds
            if size < self.canasta_size and size + self.held.get(rank, 0) >= self.canasta_size - 1:
                near += 1
        return near


#: Each team's melds by rank and its canastas (:func:`~canasta.engine.facts.team_table`),
#: and the cards of each rank on the table: read off the melds of one position.
TableReads = tuple[tuple[tuple[dict[int, tuple[int, int]], int], ...], tuple[int, ...]]


def _table_reads(melds: tuple[tuple[Meld, ...], ...], size: int) -> TableReads:
    """:data:`TableReads` of ``melds`` (canastas of ``size`` cards). The melds change only
    when a player melds, and every seat's decision reads them, a playout's most of all: the
    latest few are remembered (each entry holds the melds themselves, so ``is`` never
    matches other melds)."""
    for known, known_size, reads in _reads:
        if known is melds and known_size == size:
            return reads
    visible = [0] * (KING + 1)
    for team_melds in melds:
        for meld in team_melds:
            if meld.wilds:
                for card in meld.cards:
                    visible[RANK_OF[card]] += 1
            else:
                visible[meld.rank] += meld.naturals
    reads = (tuple(team_table(team_melds, size) for team_melds in melds), tuple(visible))
    _reads.insert(0, (melds, size, reads))
    del _reads[_READS_KEPT:]
    return reads


#: The melds read last, newest first.
_reads: list[tuple[tuple[tuple[Meld, ...], ...], int, TableReads]] = slots()
_READS_KEPT = 4


def _going_out_total(rules: RuleSet, team: int, melds: tuple[Meld, ...], red_threes: int) -> int:
    """The round's score of ``team``, with ``melds`` and ``red_threes``, if it goes out now
    (not concealed). Every play decision of a team with a canasta asks it, and its melds change
    far less often: the latest few are remembered."""
    key = (team, red_threes, rules)
    for known, known_key, total in _totals:
        if known is melds and known_key == key:
            return total
    total = table_score(rules, team=team, melds=melds, red_threes=red_threes, went_out=True)
    _totals.insert(0, (melds, key, total))
    del _totals[_READS_KEPT:]
    return total


#: The going-out scores found last, newest first.
_totals: list[tuple[tuple[Meld, ...], tuple[int, int, RuleSet], int]] = slots()


def _seating(rules: RuleSet, seat: int) -> tuple[int, tuple[int, ...], tuple[int, ...], int]:
    """``seat``'s team, the opposing teams, their seats, and the next player's team, at
    ``rules``'s table (read at every decision, so tabled once per rule set)."""
    last_rules, table = _last_seating[0]
    if last_rules is not rules:
        table = {}
        for s in range(rules.players):
            team = rules.team_of(s)
            opponents = tuple(t for t in range(rules.teams) if t != team)
            rivals = tuple(r for t in opponents for r in rules.partnerships[t])
            table[s] = (team, opponents, rivals, rules.team_of(rules.next_seat(s)))
        _last_seating[0] = (rules, table)
    return table[seat]


#: The rule set whose seats were tabled last, and that table.
_last_seating: list[
    tuple[RuleSet | None, dict[int, tuple[int, tuple[int, ...], tuple[int, ...], int]]]
] = slots((None, {}))
