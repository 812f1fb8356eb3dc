"""Screening changes to one railroad seat's policy, without ``hard``'s search: the level
``seat`` plays the railroad plan with ``hard``'s own discard weighing
(:func:`canasta.bots.hard.own_discard_costs`, as ``plan`` did before
:mod:`canasta.bots.railroad_seat`) plus the changes the environment variable ``SEAT`` names
(comma-separated ``name:number:number``; docs/bots-log.md has what each gave):

* ``readiness:W:K``: once every kind is down, the discard that readies the hand weighs the
  chance to go out (``W`` points) and the cards kept (``K`` each) with the discard's cost
  (``hard``'s rule at ``500:30``, :data:`canasta.bots.railroad_seat.READINESS`);
* ``endgame``: no going out that loses the game (``hard``'s rule,
  :func:`canasta.bots.railroad_seat.hold_back`);
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
from canasta.bots.railroad_seat import hold_back, round_total
from canasta.bots.situation import Situation
from canasta.engine import Action, Card, LayOff, Meld, Phase, PlayerView
from canasta.engine.cards import RANK_OF, WILD_CARDS
from canasta.engine.kinds import kinds_missing

SPEC = {
    part.split(":")[0]: [float(x) for x in part.split(":")[1:]]
    for part in os.environ.get("SEAT", "").split(",")
    if part
}


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
        if "endgame" in SPEC:
            actions = list(hold_back(seen, actions))
        if "build" in SPEC and every_kind and _builds(seen):
            actions = _without(
                actions,
                (
                    a
                    for a in actions
                    if isinstance(a, (Meld, LayOff)) and len(seen.hand) - len(a.cards) < 2
                ),
            )
        situation = Situation.of(seen)
        weights = SPEC.get("readiness")
        return railroad_play(
            seen,
            actions,
            lambda cards: _costs(situation, cards),
            readiness=None if weights is None else (weights[0], weights[1]),
        )


if __name__ == "__main__":
    register("seat", lambda effort: SeatBot())
    sys.exit(canasta_main())
