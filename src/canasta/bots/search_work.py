"""What a ``hard`` search may spend, counted in playout steps, not timed: the same seed gives
the same moves on any machine (docs/bots.md, "A reproducible budget").

A step is one decision of a playout and its apply, weighed by :func:`step_work` (a big hand's
listing costs more); a searched decision may spend :data:`WORK`, a whole-round one
:data:`ROUND_WORK`, a whole turn :data:`TURN_WORK` (each four times as much at a railroad table
of three players or more, :func:`work_scale`); :class:`Clock` counts what one decision has
spent and holds the app's wall-clock safety bound.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from canasta.bots.railroad import searches_way_out
from canasta.engine import GameState, Phase, RuleSet
from canasta.engine.cards import WILD_CARDS

__all__ = [
    "CROWDED_RAILROAD",
    "DEAL_WORK",
    "ROUND_DEALS",
    "ROUND_WORK",
    "TURN_WORK",
    "WORK",
    "Budget",
    "Clock",
    "step_work",
    "work_scale",
]

#: The work one searched decision may do, in steps of a playout (one decision and its
#: apply, weighed by :func:`step_work`). Counted, not timed: the same on every machine, it
#: keeps a turn with a 40-card hand as quick as an ordinary one.
WORK = 2000.0
#: Going out and answering partner decide a whole round: they sample :data:`ROUND_DEALS`
#: times the deals, within this much work.
ROUND_WORK = 6000.0
ROUND_DEALS = 3
#: The work of one whole turn, its draw, plays and discard searched together: a turn that
#: has spent it plays the rest like ``normal``. Without it a turn that searches the take,
#: going out and the discard could spend ``2 * WORK + ROUND_WORK``.
TURN_WORK = 5000.0
#: The work of sampling one deal.
DEAL_WORK = 3.0
#: At a railroad table of three players or more, a search samples this many times the
#: deals within as many times the work, and a turn and a round may spend as many times
#: theirs (:func:`work_scale`): there more search is what wins (411 of 960 games against
#: two ``normal`` players over eight sets of deals, 433 with a rival chosen by one standard
#: error, against 138 of 360 at one time on the first three), and a railroad playout now
#: costs far less than when these bounds were set (docs/bots.md).
CROWDED_RAILROAD = 4

#: A railroad step, in units that take about the time of a classic step's (measured on
#: this engine with ``benchmarks/step_costs.py``): a draw :data:`_RAILROAD_DRAW` whatever
#: the hand, and ``h**2 / _RAILROAD_OPENING_DRAW`` more for ``h`` cards before the
#: player's initial meld; a play ``_RAILROAD_PLAY + h**2 / 25 + h**3 / 4000`` (meld
#: candidates by kind of canasta, sevens, capped wild cards) times ``1 + m / 16`` with
#: ``m`` melds on the table (:data:`_RAILROAD_MELDS`), and before the initial meld
#: ``h**4 * (1 + w)**2 / _RAILROAD_OPENING`` more with ``w`` wild cards in hand: listing
#: the ways to meet a minimum of up to 150 grows with the cards and the wild cards that
#: could join each meld (18 cards take 5 ms with no wild card, 20 ms with two).
_RAILROAD_DRAW = 2.5
_RAILROAD_OPENING_DRAW = 40.0
_RAILROAD_PLAY = 4.0
_RAILROAD_OPENING = 1500.0
#: A play costs ``1 / _RAILROAD_MELDS`` more for each meld the player has on the table: each
#: candidate is checked against them (about 0.04 ms a unit with no meld, 0.065 with 12 to
#: 16 melds, late in a round, before this term).
_RAILROAD_MELDS = 16.0
#: A play whose plan searches the turn for a way out
#: (:func:`~canasta.bots.railroad.searches_way_out`) costs ``_RAILROAD_WAY_OUT * h**2``
#: more: that search tries up to 30 positions through the engine, on average 0.2 ms of CPU
#: with 2 cards, 0.9 with 5 and 3.0 with 10 (about 0.03 ms a unit), where the play alone
#: counts 4 to 12 units.
_RAILROAD_WAY_OUT = 1.0


def work_scale(rules: RuleSet) -> int:
    """How many times the deals and the work of :data:`WORK`, :data:`ROUND_WORK` and
    :data:`TURN_WORK` a ``hard`` search spends at ``rules``' table."""
    return CROWDED_RAILROAD if rules.has_kinds and rules.players >= 3 else 1


def step_work(state: GameState, seat: int) -> float:
    """The work of one playout step by ``seat`` (see :data:`WORK`).

    A classic step of a player holding ``h`` cards counts ``1 + h**3 / 700``, because
    listing a big hand's melds costs about that much more; a railroad step is weighed by
    what it costs there (see :data:`_RAILROAD_PLAY`), so that a counted step takes about
    the same time at either table.
    """
    hand = state.hands[seat]
    cards = len(hand)
    rules = state.rules
    if not rules.has_kinds:
        return 1.0 + cards**3 / 700.0
    melded = state.melded[rules.team_of(seat)]
    if state.phase is not Phase.PLAY:
        return _RAILROAD_DRAW + (0.0 if melded else cards * cards / _RAILROAD_OPENING_DRAW)
    melds = state.melds[rules.team_of(seat)]
    work = _RAILROAD_PLAY + cards * cards / 25.0 + cards**3 / 4000.0
    work *= 1.0 + len(melds) / _RAILROAD_MELDS
    if searches_way_out(hand, melds, rules):
        work += _RAILROAD_WAY_OUT * cards * cards
    if not melded:
        wilds = sum(1 for card in hand if card in WILD_CARDS)
        work += cards**4 * (1.0 + wilds) ** 2 / _RAILROAD_OPENING
    return work


@dataclass(frozen=True, slots=True)
class Budget:
    """What one search may spend: its playouts' depth in turns, its work, its deals, the
    work of one playout; the deals every line plays before only the leading rival plays
    on, and the standard errors that rival must win by."""

    horizon: int
    work: float
    deals: int
    share: float
    first: int
    confidence: float


class Clock:
    """The work spent on one decision, and the safety bound: ``expired()`` once ``cap``
    seconds have passed (never without)."""

    __slots__ = ("allowance", "deadline", "spent")

    def __init__(self, cap: float | None, allowance: float) -> None:
        self.deadline = None if cap is None else time.perf_counter() + cap
        #: The work this decision may spend at most, whatever its kind's own bound.
        self.allowance = allowance
        self.spent = 0.0

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def charge(self, state: GameState, seat: int) -> float:
        """Count one playout step by ``seat`` in ``state``; return its work."""
        work = step_work(state, seat)
        self.spent += work
        return work
