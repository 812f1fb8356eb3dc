"""What a seat has learned about the cards it cannot see, and deals sampled from it.

A searching bot plays its candidates out on *determinized* deals: the hidden cards dealt at
random, but never against what the seat knows. Hard facts, which every deal respects:

* the cards the seat sees are dealt to nobody: its hand, every meld and red three, the
  pile, and a pile taken for an initial meld that waits for the minimum;
* the cards seen taken with the pile (``PlayerView.known``) are in the taker's hand;
* every hand has its size, and the stock the rest;
* a player who has had a turn holds no red three (it was laid out): the hidden red threes
  are dealt to the stock;
* when partner asks "may I go out?", partner can go out (the engine offers the question
  only then): deals in which partner's hand cannot are rejected.

Soft evidence, which tilts the deals without forbidding any:

* discards and passed piles: a player who discarded a rank, or let a pile with that top
  card go by, is less likely to hold more of it (:class:`Memory` reads both off the pile
  between the seat's decisions);
* partner's answer to the seat's own "may I go out?": deals in which partner, playing the
  ``normal`` level, would have answered the same are preferred.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from canasta.bots.normal import answer_yes
from canasta.bots.situation import Situation
from canasta.engine import Card, GameState, Phase, PlayerView, card_value, determinize, view
from canasta.engine.cards import BLACK_THREES, RED_THREES, WILD_CARDS
from canasta.engine.counts import count_hand
from canasta.engine.solver import can_go_out

__all__ = ["Memory", "asker_can_go_out", "sample_deal"]

#: How much less likely a card of a rank becomes in the hand of a player who discarded it,
#: or who let a pile topped by it go by.
DISCARDED = 0.4
PASSED = 0.6
#: How much more likely an asking partner is to hold naturals of the team's meld ranks
#: (the proposal only: every accepted deal is checked with the solver).
FITS_TABLE = 4.0
#: A partner who said no is proposed high cards: a card's weight grows by its value over this.
HEAVY = 10.0
#: Deals drawn to find one that fits partner's question or answer.
TRIES = 40

#: Cards that say nothing about the discarder's hand: nobody keeps pairs of them.
_UNTELLING = WILD_CARDS | BLACK_THREES | RED_THREES


@dataclass(slots=True)
class Memory:
    """Evidence read off the pile between one seat's decisions, for the round under way."""

    round_no: int = 0
    pile: tuple[Card, ...] = ()
    #: Per seat, each rank's weight in that seat's hidden cards (1.0 when nothing is known).
    weights: list[dict[int, float]] = field(default_factory=list)

    def observe(self, seen: PlayerView) -> None:
        """Read what happened since the last look: who discarded what, over which top card."""
        rules = seen.rules
        if seen.round_no != self.round_no or len(self.weights) != rules.players:
            # A first look: the pile's cards so far (the up-card, or discards nobody saw
            # this seat watch) are attributed to nobody.
            self.round_no = seen.round_no
            self.pile = seen.pile
            self.weights = [{} for _ in range(rules.players)]
            return
        old, new = self.pile, seen.pile
        self.pile = new
        if new[: len(old)] == old and len(new) > len(old):
            added = new[len(old) :]
            below = old[-1] if old else None
        else:
            # The pile was taken since: its cards were all discarded after the take.
            added, below = new, None
        # At most one discard per seat since the last look; the top card's discarder is the
        # seat before the one whose turn it is, and so on backwards.
        previous = {rules.next_seat(seat): seat for seat in range(rules.players)}
        discarder = seen.turn
        tops = [below, *added[:-1]]
        for index in range(len(added) - 1, max(-1, len(added) - 1 - rules.players), -1):
            discarder = previous[discarder]
            if discarder == seen.seat:
                continue
            self._lower(discarder, added[index], DISCARDED)
            passed = tops[index]
            if passed is not None:
                self._lower(discarder, passed, PASSED)

    def _lower(self, seat: int, card: Card, factor: float) -> None:
        if card in _UNTELLING:
            return
        rank = card >> 2
        ranks = self.weights[seat]
        ranks[rank] = ranks.get(rank, 1.0) * factor

    def weight(self, seat: int, card: Card) -> float:
        """How likely ``card`` is in ``seat``'s hidden cards, relative to an unknown card."""
        if not self.weights or card in WILD_CARDS:
            return 1.0
        return self.weights[seat].get(card >> 2, 1.0)


def asker_can_go_out(state: GameState) -> bool:
    """Whether the player who asked "may I go out?" can go out in ``state``."""
    rules = state.rules
    asker = state.turn
    team = rules.team_of(asker)
    table = {m.rank: (m.naturals, m.wilds) for m in state.melds[team]}
    need = 0 if state.melded[team] else max(0, state.minimums[team] - state.turn_value)
    return can_go_out(count_hand(state.hands[asker]), table, rules, need=need)


def _partner_would_answer(state: GameState, mate: int, permission: bool) -> bool:
    """Whether ``mate``, playing ``normal``, would have answered the question so."""
    return answer_yes(Situation.of(view(state, mate)))[0] is permission


def _deal(
    seen: PlayerView,
    memory: Memory,
    rng: random.Random,
    *,
    boost: int | None = None,
    heavy: int | None = None,
) -> GameState:
    """One deal of the hidden cards, tilted by ``memory``; for seat ``boost`` toward the
    team's meld ranks (it can go out), for seat ``heavy`` toward high cards and the team's
    meld ranks (it refused to let partner go out)."""
    skeleton = determinize(seen, rng)
    rules = seen.rules
    hidden = _hidden_pool(seen, skeleton)
    rng.shuffle(hidden)
    # A red three is laid out at the start of its holder's turn, so a player who has had a
    # turn holds none: hidden red threes go to the stock, which never contradicts the view.
    reds = [card for card in hidden if card in RED_THREES]
    pool = [card for card in hidden if card not in RED_THREES]
    table: set[int] = set()
    tilted = boost if boost is not None else heavy
    if tilted is not None:
        table = {m.rank for m in seen.melds[rules.team_of(tilted)]}
    hands: list[tuple[Card, ...]] = []
    for seat in range(rules.players):
        if seat == seen.seat:
            hands.append(seen.hand)
            continue
        missing = seen.hand_sizes[seat] - len(seen.known[seat])
        keyed = []
        for index, card in enumerate(pool):
            weight = memory.weight(seat, card)
            if seat == tilted and card not in WILD_CARDS and card >> 2 in table:
                weight *= FITS_TABLE
            if seat == heavy:
                weight *= 1.0 + card_value(card) / HEAVY
            # Efraimidis-Spirakis: the largest keys u ** (1 / w) are a weighted sample.
            keyed.append((rng.random() ** (1.0 / weight), index))
        keyed.sort(reverse=True)
        chosen = {index for _, index in keyed[:missing]}
        hands.append(tuple(sorted((*seen.known[seat], *(pool[i] for i in chosen)))))
        pool = [card for index, card in enumerate(pool) if index not in chosen]
    pool.extend(reds)
    rng.shuffle(pool)
    return skeleton.evolve(hands=tuple(hands), stock=tuple(pool))


def _hidden_pool(seen: PlayerView, skeleton: GameState) -> list[Card]:
    """Every card hidden from ``seen.seat`` in ``skeleton``: the stock and the other hands
    less their known cards."""
    pool = list(skeleton.stock)
    for seat, hand in enumerate(skeleton.hands):
        if seat == seen.seat:
            continue
        rest = list(hand)
        for card in seen.known[seat]:
            rest.remove(card)
        pool.extend(rest)
    return pool


def sample_deal(seen: PlayerView, memory: Memory, rng: random.Random) -> GameState | None:
    """A full state consistent with ``seen`` and tilted by ``memory``, or ``None`` when no
    deal in :data:`TRIES` fits partner's question (see the module's docstring)."""
    mate = seen.partner
    if seen.phase is Phase.ANSWER:
        for _ in range(TRIES):
            state = _deal(seen, memory, rng, boost=seen.turn)
            if asker_can_go_out(state):
                return state
        return None
    if seen.permission is None or mate is None:
        return _deal(seen, memory, rng)
    heavy = mate if seen.permission is False else None
    for _ in range(TRIES - 1):
        state = _deal(seen, memory, rng, heavy=heavy)
        if _partner_would_answer(state, mate, seen.permission):
            return state
    return _deal(seen, memory, rng, heavy=heavy)
