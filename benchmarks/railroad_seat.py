"""Screening changes to one railroad seat's policy, without ``hard``'s search: the level
``seat`` plays the railroad plan with ``hard``'s own discard weighing
(:func:`canasta.bots.hard.own_discard_costs`, as ``plan`` of railroad_discards.py) plus the
changes the environment variable ``SEAT`` names
(comma-separated ``name:number:number``; docs/bots-log.md has what each gave):

* ``readiness:W:K``: once every kind is down, the discard that readies the hand weighs the
  chance to go out (``W`` points) and the cards kept (``K`` each) with the discard's cost,
  rather than the chance first, then the cards kept;
* ``endgame``: once every kind is down, no going out when the round totals it would leave
  (:func:`round_total`) end the game with another player on top;
* ``build:L:S``: once every kind is down, no going out while the round totals it would leave
  put the player less than ``L`` points ahead of the best other, with more than ``S`` stock
  cards a player and no threat (:func:`canasta.bots.railroad.threatened`);
* ``meldkeep:X``, ``pairkeep:X``: ``X`` more on the cost of discarding a natural of a rank
  with an open meld of the player's, or of a pair in hand;
* ``feed:X:N``: ``X`` more on the cost of a natural the next player may take the pile with
  onto its open meld of ``N`` cards or more.

Run: ``SEAT=readiness:500:30 python benchmarks/railroad_seat.py simulate --rules railroad
--players 3 --games 300 --seed 1 --seats seat,normal,normal --jobs 1`` (in this process:
``--jobs`` workers would not know the level). With ``SEAT`` unset, ``seat`` wins 113 of the
300 games of seed 1 and 118 of seed 5000.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterable, Sequence

from canasta.__main__ import main as canasta_main
from canasta.bots import Decision, NormalBot, register
from canasta.bots.hard import own_discard_costs
from canasta.bots.railroad import railroad_play, threatened
from canasta.bots.railroad_out import Ending
from canasta.bots.situation import Situation
from canasta.engine import Action, Card, Discard, LayOff, Meld, Phase, PlayerView
from canasta.engine.cards import RANK_OF, WILD_CARDS
from canasta.engine.kinds import kinds_missing
from canasta.engine.scoring import table_score

SPEC = {
    part.split(":")[0]: [float(x) for x in part.split(":")[1:]]
    for part in os.environ.get("SEAT", "").split(",")
    if part
}


#: What a card in hand, and a card of an untaken kitty, is reckoned to cost its holder at the
#: round's end (about an average card's points).
_HAND_CARD = 10.0
_KITTY_CARD = 12.0


def round_total(seen: PlayerView, team: int, *, out: bool) -> float:
    """``team``'s round total were the round to end now, ``out`` if it goes out (its hand
    then empty): the table's points less its hand and its untaken kitty, reckoned by card."""
    rules = seen.rules
    total = float(
        table_score(
            rules,
            team=team,
            melds=seen.melds[team],
            red_threes=len(seen.red_threes[team]),
            went_out=out,
        )
    )
    (seat,) = rules.partnerships[team]
    if seen.kitty_status[seat] != "taken":
        total -= _KITTY_CARD * seen.kitty_sizes[seat]
    if not out:
        total -= _HAND_CARD * seen.hand_sizes[seat]
    return total


def _loses_the_game(seen: PlayerView) -> bool:
    """``endgame``: whether going out now would end the game (a total reaching the target)
    with another player's total at least the player's own."""
    rules = seen.rules
    team = rules.team_of(seen.seat)
    totals = [seen.scores[t] + round_total(seen, t, out=t == team) for t in range(rules.teams)]
    if max(totals) < rules.target_score:
        return False
    return max(total for t, total in enumerate(totals) if t != team) >= totals[team]


def _lead_going_out(seen: PlayerView) -> float:
    """The player's round total going out now, less the best other's (:func:`round_total`)."""
    rules = seen.rules
    team = rules.team_of(seen.seat)
    others = [round_total(seen, t, out=False) for t in range(rules.teams) if t != team]
    return round_total(seen, team, out=True) - max(others)


def _builds(seen: PlayerView) -> bool:
    """``build:L:S``: whether the player plays on rather than go out."""
    lead, stock = SPEC["build"][:2]
    return (
        _lead_going_out(seen) < lead
        and seen.stock_size > stock * seen.rules.players
        and not threatened(seen)
    )


def _without(actions: Sequence[Action], dropped: Iterable[Action]) -> list[Action]:
    """``actions`` less ``dropped``, or all of them if nothing would be left."""
    gone = set(dropped)
    return [a for a in actions if a not in gone] or list(actions)


def _costs(situation: Situation, cards: list[Card]) -> dict[Card, float]:
    """``hard``'s own discard costs, with the ``meldkeep``, ``pairkeep`` and ``feed``
    changes."""
    seen = situation.seen
    rules = seen.rules
    full = rules.meld_max_size
    cost = own_discard_costs(situation, cards)
    nxt = rules.next_seat(seen.seat)
    open_for_them = not seen.pile_frozen and seen.melded[rules.team_of(nxt)]
    for card in cost:
        if card in WILD_CARDS:
            continue
        rank = RANK_OF[card]
        mine, theirs = situation.mine.get(rank), situation.theirs.get(rank)
        if "meldkeep" in SPEC and mine is not None and sum(mine) < full:
            cost[card] += SPEC["meldkeep"][0]
        if "pairkeep" in SPEC and situation.held.get(rank, 0) >= 2:
            cost[card] += SPEC["pairkeep"][0]
        if "feed" in SPEC and open_for_them and theirs is not None:
            extra, least = SPEC["feed"][:2]
            if least <= sum(theirs) < full:
                cost[card] += extra
    return cost


class SeatBot(NormalBot):
    """``normal``, with ``hard``'s own discard weighing and the ``SEAT`` changes at a
    railroad table."""

    name = "seat"

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        actions = list(legal)
        if not seen.rules.several_melds or seen.phase is not Phase.PLAY:
            return super().decide(seen, actions, rng)
        rules = seen.rules
        every_kind = not kinds_missing(seen.melds[rules.team_of(seen.seat)], rules)
        if every_kind and (
            ("endgame" in SPEC and _loses_the_game(seen)) or ("build" in SPEC and _builds(seen))
        ):
            # Keep two cards: the discard of a last one goes out.
            actions = _without(
                actions,
                (
                    a
                    for a in actions
                    if isinstance(a, (Meld, LayOff)) and len(seen.hand) - len(a.cards) < 2
                ),
            )
        situation = Situation.of(seen)
        decision = railroad_play(seen, actions, lambda cards: _costs(situation, cards))
        if "readiness" in SPEC and every_kind and isinstance(decision.action, Discard):
            return _ready(seen, actions, _costs(situation, list(situation.seen.hand)), decision)
        return decision


def _ready(
    seen: PlayerView, actions: Sequence[Action], cost: dict[Card, float], decision: Decision
) -> Decision:
    """``readiness:W:K``: the plan's discard once every kind is down, re-chosen as the card
    of least cost less ``W`` times the chance to go out with the next draw plus ``K`` a card
    kept after it (:class:`~canasta.bots.railroad_out.Ending`)."""
    worth, per_card = SPEC["readiness"][:2]
    if not 1 < len(seen.hand) <= 10:
        return decision
    naturals = [a.card for a in actions if isinstance(a, Discard) and a.card not in WILD_CARDS]
    team = seen.rules.team_of(seen.seat)
    outlook = Ending.of(seen, seen.melds[team]).after_discards(naturals)
    if not outlook:
        return decision

    def key(card: Card) -> tuple[float, Card]:
        chance, kept = outlook[card]
        return cost[card] - worth * chance + per_card * kept, card

    return Decision(Discard(min(naturals, key=key)), "readiness")


if __name__ == "__main__":
    register("seat", lambda effort: SeatBot())
    sys.exit(canasta_main())
