"""What the ``normal`` level reads from a view before it decides (:class:`Situation`):
the melds on both sides, the canastas, the naturals in hand, the cards it can see, and
whether the opponents threaten to go out. ``hard`` and the belief model read it too."""

from __future__ import annotations

from dataclasses import dataclass

from canasta.engine import PlayerView
from canasta.engine.cards import KING, RANK_OF, WILD_CARDS
from canasta.engine.scoring import score_team

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
    #: by rank.
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
        team = rules.team_of(seen.seat)
        size = rules.canasta_size
        mine = {m.rank: (m.naturals, m.wilds) for m in seen.melds[team]}
        nxt = rules.team_of(rules.next_seat(seen.seat))
        theirs = {m.rank: (m.naturals, m.wilds) for m in seen.melds[nxt]}
        canastas = sum(1 for m in seen.melds[team] if len(m.cards) >= size)
        opponents = [t for t in range(rules.teams) if t != team]
        opponent_canastas = max(
            sum(1 for m in seen.melds[t] if len(m.cards) >= size) for t in opponents
        )
        held: dict[int, int] = {}
        visible = [0] * (KING + 1)
        for card in seen.hand:
            rank = RANK_OF[card]
            visible[rank] += 1
            if card not in WILD_CARDS:
                held[rank] = held.get(rank, 0) + 1
        for card in seen.pile:
            visible[RANK_OF[card]] += 1
        for melds in seen.melds:
            for meld in melds:
                for card in meld.cards:
                    visible[RANK_OF[card]] += 1
        known_total = 0
        for cards in seen.known:
            known_total += len(cards)
            for card in cards:
                visible[RANK_OF[card]] += 1
        others = sum(size for s, size in enumerate(seen.hand_sizes) if s != seen.seat)
        unseen_total = others - known_total + seen.stock_size
        fewest = min(seen.hand_sizes[s] for t in opponents for s in rules.partnerships[t])
        threat = (
            opponent_canastas >= rules.canastas_to_go_out and fewest <= _FEW_CARDS
        ) or seen.stock_size <= _LOW_STOCK
        return cls(
            seen=seen,
            team=team,
            canasta_size=size,
            mine=mine,
            theirs=theirs,
            canastas=canastas,
            opponent_canastas=opponent_canastas,
            held=held,
            visible=visible,
            unseen_total=max(1, unseen_total),
            threat=threat,
        )

    @property
    def game_in_reach(self) -> bool:
        """Going out now would very likely win the game."""
        seen = self.seen
        if not self.canastas:
            return False
        rules = seen.rules
        round_score = score_team(
            rules,
            team=self.team,
            melds=seen.melds[self.team],
            red_threes=len(seen.red_threes[self.team]),
            hands=(),
            went_out=True,
            concealed=False,
        )
        ours = seen.scores[self.team] + round_score.total
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
