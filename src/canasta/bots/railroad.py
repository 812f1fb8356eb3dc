"""How the ``normal`` level plays railroad (docs/rules.md §13; easy slips from it, hard
plays it as normal does).

Railroad pays for canastas by kind, so the plan is the kinds:

* the draw: takes the pile when it brings cards (the more the better) or grows an open
  meld, since every card can go toward a canasta and draws bring only two;
* melding: the initial meld as soon as it can (the biggest first); then natural cards
  before all, a canasta that is not black first while the kitty waits (completing one
  earns the kitty), sevens toward the sevens canasta (1500), wild cards toward the wild
  canasta (1000), or onto a meld of a rank when they complete a black canasta there (300
  for one or two wild cards), or to get points off the hand when an opponent may go out;
* the discard: the ``normal`` level's weighing of what the next player could take (sevens
  are never offered while they are locked: the engine does not list them);
* going out: as soon as it can, with a canasta of each kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from canasta.bots.base import Decision
from canasta.engine import (
    Action,
    Card,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    PlayerView,
    TakePile,
    cards_value,
)
from canasta.engine.cards import RANK_OF, SEVEN, THREE, WILD_CARDS, WILD_RANK
from canasta.engine.kinds import kinds_missing, open_meld
from canasta.engine.words import counted

__all__ = ["railroad_draw", "railroad_placement_score", "railroad_play"]

#: An opponent this close to going out (cards in hand) makes the player shed points.
_FEW_CARDS = 5
#: With fewer stock cards than this per player, a natural meld no longer waits to be red.
_LATE_STOCK = 10


def railroad_draw(seen: PlayerView, legal: Sequence[Action]) -> Decision:
    """Take the pile when it is worth it, else draw."""
    best: TakePile | None = None
    best_score = 0.0
    team = seen.rules.team_of(seen.seat)
    for action in legal:
        if not isinstance(action, TakePile):
            continue
        rank = RANK_OF[seen.pile[-1]]
        grows = open_meld(seen.melds[team], rank, seen.rules) is not None
        score = 3.0 * (len(seen.pile) - 1) + (6 if grows else 0) - (2 * len(action.cards))
        if not seen.melded[team]:
            score += 10
        if score > best_score:
            best, best_score = action, score
    if best is not None:
        size = counted(len(seen.pile), "card")
        return Decision(best, f"A pile of {size} is worth the cards it costs.")
    for action in legal:
        if isinstance(action, DrawStock):
            if not seen.stock_size:
                return Decision(action, "The stock is empty: the round ends.")
            return Decision(action, "The pile is not worth taking.")
    return Decision(legal[0], "The only way to draw.")


def _threat(seen: PlayerView) -> bool:
    """An opponent holds few cards, or the stock is nearly gone."""
    others = [size for s, size in enumerate(seen.hand_sizes) if s != seen.seat]
    return min(others) <= _FEW_CARDS or seen.stock_size <= 2 * seen.rules.players


def railroad_placement_score(seen: PlayerView, action: Meld | LayOff) -> float:
    """How much the player wants this meld or lay-off now (positive: do it)."""
    rules = seen.rules
    team = rules.team_of(seen.seat)
    cards = action.cards
    wilds = sum(1 for c in cards if c in WILD_CARDS)
    naturals = len(cards) - wilds
    value = cards_value(cards)
    if not seen.melded[team]:
        return 1000.0 + value - 25 * wilds
    if isinstance(action, LayOff):
        rank = action.rank
    else:
        rank = next((RANK_OF[c] for c in cards if c not in WILD_CARDS), WILD_RANK)
    if rank == THREE:
        return 500.0  # black threes: the play before going out
    melds = seen.melds[team]
    target = open_meld(melds, rank, rules)
    size_after = (len(target) if target is not None else 0) + len(cards)
    completes = size_after >= rules.canasta_size
    missing = kinds_missing(melds, rules)
    kitty_waits = seen.kitty_status[seen.seat] == "untouched"
    if rank == WILD_RANK:
        score = 80.0 + 10 * len(cards)
        return score + (200 if completes else 0)
    if wilds == 0:
        score = 100.0 + 10 * naturals + (15 if rank == SEVEN else 0)
        if completes:
            score += 60 + (60 if kitty_waits else 0) + (40 if "red" in missing else 0)
        return score
    mixed = target is not None and target.wilds > 0
    late = seen.stock_size < _LATE_STOCK * rules.players
    if completes and (mixed or late or "black" in missing):
        # A black canasta's 300 for one or two wild cards beats their share of a wild
        # canasta (1000 for seven); a natural meld waits to be red (500).
        return 150.0 - 20 * wilds
    if _threat(seen):
        return 40.0 + value - 10 * wilds
    return -1.0


def railroad_play(
    seen: PlayerView, legal: Sequence[Action], costs: Callable[[list[Card]], dict[Card, float]]
) -> Decision:
    """Meld, lay off or discard (going out as soon as the one card left may go); ``costs``
    weighs the discards (the ``normal`` level's :func:`~canasta.bots.normal.discard_costs`)."""
    placements = [a for a in legal if isinstance(a, (Meld, LayOff))]
    discards = [a for a in legal if isinstance(a, Discard)]
    if len(seen.hand) == 1 and discards:
        return Decision(discards[0], "A canasta of each kind is down: your last card goes out.")
    best: Meld | LayOff | None = None
    best_score = 0.0
    for action in placements:
        score = railroad_placement_score(seen, action)
        if score > best_score or (
            score == best_score and best is not None and len(action.cards) > len(best.cards)
        ):
            best, best_score = action, score
    if best is not None:
        return Decision(best, "Melds build the canastas of each kind that going out needs.")
    if discards:
        cost = costs([d.card for d in discards])
        card = min(cost, key=lambda c: (cost[c], c))
        return Decision(Discard(card), "The safest card to give up.")
    fallback = max(placements, key=lambda a: railroad_placement_score(seen, a))
    return Decision(fallback, "No discard is possible yet: a play must come first.")
