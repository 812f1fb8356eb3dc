"""What a railroad position (docs/rules.md §13) is worth to one player, in round points: how
``hard`` rates the end of a draw or discard playout at a railroad table.

Classic's measure (:func:`canasta.bots.rating.evaluate`) counts the cards in hand against the
player unless they meld now, and an open meld of six cards as 120 points whatever it
becomes; in railroad a card in hand is material for canastas worth 300 to 1500, an untaken
kitty is eleven more cards on their way, and a round lasts about 114 turns at three
players, so twelve turns on it is the cards, not the points, that decide. The weights are a
least-squares fit of the player's round total at the round's end on these features, over
positions of ``normal`` games at three players: a playout stopped mid-round is rated by the
round total it can expect, on the scale of one that reached the end.
``python benchmarks/railroad_values.py`` refits them (on seeds 1000-1079: 0.87, 0.93,
1.20, 23.8, 6.3 and 0.70 for the weights below, in order); the ones here are rounded from
a first fit over 160 games that counted the longest open meld of each kind.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta.engine import GameState, RuleSet, TableMeld, cards_value
from canasta.engine.cards import SEVEN, THREE, WILD_RANK
from canasta.engine.counts import count_hand
from canasta.engine.scoring import table_score
from canasta.engine.solver import max_meld_value

__all__ = ["WEIGHTS", "features", "open_meld_share", "railroad_value"]

#: The round's score so far (melds, canasta bonuses, red threes): a point is nearly a point.
_SCORED = 0.9
#: A point of card value in hand, and a point of it the hand could meld now.
_HAND_POINT = 0.75
_MELDABLE_POINT = 1.2
#: A card in hand, whatever it is: material for the canastas of every kind.
_CARD = 26.0
#: A point of card value in the player's kitty while it waits to be taken.
_KITTY_POINT = 6.0
#: An open meld of ``n`` cards is worth this share of its kind's bonus times ``(n / 7)²``.
_OPEN_MELD = 0.9


def open_meld_share(melds: Iterable[TableMeld], rules: RuleSet) -> float:
    """The open melds' bonuses, each weighed by ``(n / 7)**2`` for its ``n`` cards: the bonus
    of the kind of canasta it would become (wild, sevens, black with a wild card, else
    red)."""
    size = rules.meld_max_size
    share = 0.0
    for meld in melds:
        if len(meld) >= size or meld.rank == THREE:
            continue
        if meld.rank == WILD_RANK:
            bonus = rules.wild_canasta_bonus
        elif meld.rank == SEVEN:
            bonus = rules.sevens_canasta_bonus
        elif meld.wilds:
            bonus = rules.mixed_canasta_bonus
        else:
            bonus = rules.natural_canasta_bonus
        share += bonus * (len(meld) / size) ** 2
    return share


def features(state: GameState, seat: int) -> tuple[float, ...]:
    """What :func:`railroad_value` weighs, for one player: the round's score so far, the
    hand's card points, the points it could meld now, its cards, the untaken kitty's points
    and the open melds' share of their kinds' bonuses (:func:`open_meld_share`)."""
    rules = state.rules
    melds = state.melds[rules.team_of(seat)]
    scored = table_score(
        rules,
        team=rules.team_of(seat),
        melds=melds,
        red_threes=len(state.red_threes[rules.team_of(seat)]),
        went_out=False,
    )
    table = {meld.rank: (meld.naturals, meld.wilds) for meld in melds}
    hand = state.hands[seat]
    meldable, _ = max_meld_value(count_hand(hand), table, rules)
    kitty = 0 if state.kitty_taken[seat] else cards_value(state.kitties[seat])
    share = open_meld_share(melds, rules)
    return (scored, cards_value(hand), meldable, len(hand), kitty, share)


#: The weight of each of :func:`features`, in order.
WEIGHTS = (_SCORED, _HAND_POINT, _MELDABLE_POINT, _CARD, _KITTY_POINT, _OPEN_MELD)


def railroad_value(state: GameState, team: int) -> float:
    """The round total ``team`` (a railroad player, who has no partner) can expect from
    ``state`` under the railroad plan, less a constant shared by every player (the stock
    left): compare players with it."""
    (seat,) = state.rules.partnerships[team]
    return sum(weight * part for weight, part in zip(WEIGHTS, features(state, seat), strict=True))
