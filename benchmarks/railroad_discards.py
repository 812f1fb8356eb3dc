"""The railroad plan with ``hard``'s own discard weighing, as a level ``plan`` without
``hard``'s search: what the weighing alone gains at one seat (docs/bots-log.md, "Railroad
`hard`").

Run: ``python benchmarks/railroad_discards.py simulate --rules railroad --players 3 --games
300 --seed 1 --seats plan,normal,normal --jobs 1`` (in this process: ``--jobs`` workers
would not know the level). ``plan`` plays the railroad plan of ``normal`` but weighs its
discards as ``hard`` weighs its own (:func:`canasta.bots.hard.own_discard_costs`); every
other decision is ``normal``'s.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable

from canasta.__main__ import main as canasta_main
from canasta.bots import Decision, NormalBot, register
from canasta.bots.hard import own_discard_costs
from canasta.bots.railroad import railroad_play
from canasta.bots.situation import Situation
from canasta.engine import Action, Card, Phase, PlayerView


class PlanBot(NormalBot):
    """``normal``, with ``hard``'s discard weighing at a railroad table."""

    name = "plan"

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        if seen.rules.several_melds and seen.phase is Phase.PLAY:
            situation = Situation.of(seen)

            def costs(cards: list[Card]) -> dict[Card, float]:
                return own_discard_costs(situation, cards)

            return railroad_play(seen, list(legal), costs)
        return super().decide(seen, legal, rng)


if __name__ == "__main__":
    register("plan", lambda effort: PlanBot())
    sys.exit(canasta_main())
