"""How the ``normal`` level weighs its discards (:func:`discard_costs`): the chance that
the next player takes the pile with each card against what the card is worth in hand;
black threes block, and a two freezes a big pile when every natural would feed it. The
railroad plan weighs its discards the same way."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.bots.situation import Situation
from canasta.engine import Card, card_value, cards_value
from canasta.engine.cards import BLACK_THREES, JOKER, RANK_OF, TWO, WILD_CARDS, Suit

__all__ = ["SAFEST", "discard_costs"]

#: The reason given for the discard that costs least (a reason says why, never the move:
#: the hint shows the move, then this).
SAFEST = "The safest card to give up."

#: Points a discard that lets the next opponent take the pile is expected to cost, per card
#: in the pile, on top of a fixed part.
_PILE_CARD_WORTH = 15
_PILE_BASE_WORTH = 30
#: ... plus this share of the pile's card points.
_PILE_POINTS_SHARE = 0.25


def _at_least(count: int, trials: int, chance: float) -> float:
    """P(a binomial(``trials``, ``chance``) variable is at least ``count``), for 0-2."""
    if count <= 0:
        return 1.0
    if trials < count or chance <= 0.0:
        return 0.0
    none = (1.0 - chance) ** trials
    if count == 1:
        return 1.0 - none
    one = trials * chance * (1.0 - chance) ** (trials - 1)
    return max(0.0, 1.0 - none - one)


def discard_costs(
    situation: Situation,
    cards: Sequence[Card],
    *,
    closed: bool = False,
    threat: bool | None = None,
) -> dict[Card, float]:
    """What discarding each of ``cards`` is expected to cost (lower is better).

    ``closed``: a meld of the most cards a meld may hold takes no more (a railroad canasta,
    docs/rules.md §13.9), so the next player takes the pile with the top card alone only
    onto a meld of the rank with fewer, and a card of a rank the player has only such melds
    of lays off on none; without it any meld of the rank counts, as ``normal`` weighs its
    discards at every table (at railroad too). ``threat``: whether the round may end soon,
    so that points in hand are shed (default: the situation's reading, classic's).
    """
    seen = situation.seen
    seat = seen.seat
    pile = seen.pile
    rules = seen.rules
    nxt = rules.next_seat(seat)
    opponents = rules.team_of(nxt)
    frozen_for_them = seen.pile_frozen or not seen.melded[opponents]
    pile_worth = (
        _PILE_BASE_WORTH + _PILE_CARD_WORTH * len(pile) + cards_value(pile) * _PILE_POINTS_SHARE
    )
    full = rules.meld_max_size
    shedding = situation.threat if threat is None else threat
    their_unknown = seen.hand_sizes[nxt] - len(seen.known[nxt])
    known_ranks: dict[int, int] = {}
    for card in seen.known[nxt]:
        if card not in WILD_CARDS:
            known_ranks[RANK_OF[card]] = known_ranks.get(RANK_OF[card], 0) + 1
    costs: dict[Card, float] = {}
    natural_dangers: list[float] = []
    for card in cards:
        rank = RANK_OF[card]
        if card == JOKER:
            costs[card] = 500.0
            continue
        if card in WILD_CARDS:
            costs[card] = 300.0
            continue
        if card in BLACK_THREES:
            costs[card] = -10.0 - 3 * len(pile)
            continue
        unseen = max(0, rules.decks * len(Suit) - situation.visible[rank])
        chance = unseen / situation.unseen_total
        # The next player's meld of the rank (its latest: the open one, if it has one).
        theirs = situation.theirs.get(rank)
        if not frozen_for_them and theirs is not None and (not closed or sum(theirs) < full):
            take = 1.0
        else:
            have = known_ranks.get(rank, 0)
            take = _at_least(2 - have, their_unknown, chance)
            if not frozen_for_them:
                take = max(take, 0.6 * _at_least(1 - min(have, 1), their_unknown, chance))
            if not seen.melded[opponents]:
                take *= 0.5
        danger = take * pile_worth
        natural_dangers.append(danger)
        count = situation.held.get(rank, 0)
        keep = 30.0 * count if count >= 2 else 2.0 * unseen
        mine = situation.mine.get(rank)
        if mine is not None and (not closed or sum(mine) < full):
            keep += 25
        if shedding:
            keep -= card_value(card) * 0.6
        costs[card] = danger + keep
    # A two freezes the pile (and blocks it for the next player) when every natural discard
    # would likely hand the opponents a big pile.
    if natural_dangers and min(natural_dangers) > 60 and not seen.pile_frozen and len(pile) >= 6:
        for card in cards:
            if RANK_OF[card] == TWO:
                costs[card] = 55.0
    return costs
