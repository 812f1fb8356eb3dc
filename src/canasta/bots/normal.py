"""The ``normal`` level: a rule-based player a club player would accept as a partner.

It decides from what a seat sees, one action at a time, with cheap arithmetic only (no
search), so that four of them play many games a second:

* the draw: takes the pile when it is worth more than the wild cards the take spends;
* melding: makes the initial meld as soon as it can, lays off and melds naturals, spends wild
  cards only to complete canastas (keeping a nearly natural canasta natural) or, when the
  opponents threaten to go out, to get points off the hand;
* the discard: weighs how likely the next opponent is to take the pile with each card
  (their melds, the cards they are known to hold, how many of a rank are still unseen)
  against what the card is worth in the hand; black threes are stoppers, and a two freezes
  a big pile when every natural discard is dangerous (:mod:`canasta.bots.discards`);
* going out: only when the score says so (a canasta more than going out needs where it
  needs one, opponents close to going out, a low stock, or the game won), asking partner when
  partner holds many cards (a player alone has nobody to ask);
* answering partner: weighs its own hand's points and the canastas it could still complete
  against the going-out bonus and the opponents' threat.

What it reads from the view first is a :class:`~canasta.bots.situation.Situation`; at a
railroad table it follows the plan of :mod:`canasta.bots.railroad`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from canasta.bots.base import ON_THE_WAY_OUT, Decision, draw_reason
from canasta.bots.discards import SAFEST, discard_costs
from canasta.bots.railroad import railroad_draw, railroad_play
from canasta.bots.situation import Situation, partner_cards
from canasta.engine import (
    Action,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Phase,
    PlayerView,
    TakePile,
    cards_value,
)
from canasta.engine.cards import BLACK_THREES, RANK_OF, WILD_CARDS
from canasta.engine.counts import count_hand
from canasta.engine.solver import can_go_out, canastas_short
from canasta.engine.state import without_cards
from canasta.engine.words import counted

__all__ = ["NormalBot", "answer_yes", "placement_score", "take_score", "wants_out"]

#: What each card a stock draw brings beyond the first is worth against taking the pile.
_DRAWN_CARD_WORTH = 8


# --------------------------------------------------------------------------- draw


def take_score(situation: Situation, take: TakePile) -> float:
    """How much better taking the pile with ``take`` is than drawing (positive: take)."""
    seen = situation.seen
    pile = seen.pile
    top = pile[-1]
    rank = RANK_OF[top]
    wilds = sum(1 for c in take.cards if c in WILD_CARDS)
    # Drawing brings draw_count cards: the more it brings, the less the pile is worth.
    score = 12.0 - _DRAWN_CARD_WORTH * (seen.rules.draw_count - 1)
    for card in pile[:-1]:
        card_rank = RANK_OF[card]
        if card in WILD_CARDS:
            score += 25
        elif card_rank in situation.mine or situation.held.get(card_rank, 0) >= 1:
            score += 12
        elif card in BLACK_THREES:
            score += 1
        else:
            score += 5
    if not seen.melded[situation.team]:
        score += 40
    if rank in situation.mine:
        naturals, melded_wilds = situation.mine[rank]
        if naturals + melded_wilds + len(take.cards) + 1 >= situation.canasta_size:
            score += 30
    score -= wilds * (45 if len(pile) < 6 else 20)
    return score


# --------------------------------------------------------------------------- melding


def _placement(action: Meld | LayOff) -> tuple[int, int, int]:
    """``(rank, naturals, wilds)`` of a meld or lay-off's cards."""
    naturals = 0
    rank = action.rank if isinstance(action, LayOff) else 0
    for card in action.cards:
        if card not in WILD_CARDS:
            naturals += 1
            rank = RANK_OF[card]
    return rank, naturals, len(action.cards) - naturals


def _keeps_going_out(situation: Situation, action: Meld | LayOff) -> bool:
    """Whether the seat can still go out this turn after ``action``."""
    seen = situation.seen
    rank, naturals, wilds = _placement(action)
    table = dict(situation.mine)
    before = table.get(rank, (0, 0))
    after = (before[0] + naturals, before[1] + wilds)
    table[rank] = after
    need = 0
    if not seen.melded[situation.team]:
        value = cards_value(action.cards)
        need = max(0, seen.minimums[situation.team] - seen.turn_value - value)
    hand_after = without_cards(seen.hand, action.cards) or ()
    if not hand_after:
        return canastas_short(table, seen.rules) == 0 and need == 0
    return can_go_out(count_hand(hand_after), table, seen.rules, need=need)


def placement_score(situation: Situation, action: Meld | LayOff, *, dump: bool) -> float:
    """How much the ``normal`` level wants to make a meld or lay-off now (positive: do it).

    With ``dump`` the seat gets points off its hand (the opponents threaten to go out).
    """
    seen = situation.seen
    rank, naturals, wilds = _placement(action)
    left = len(seen.hand) - len(action.cards)
    value = cards_value(action.cards)
    if not seen.melded[situation.team]:
        # Initial meld: the biggest first, sparing wild cards.
        return 1000.0 + value - 25 * wilds
    if left < 2:
        return -1.0
    before = situation.mine.get(rank, (0, 0))
    size_before = before[0] + before[1]
    size_after = size_before + naturals + wilds
    if wilds == 0:
        return 100.0 + 10 * naturals
    completes = size_before < situation.canasta_size <= size_after
    if completes:
        spoils_natural = before[1] == 0 and before[0] + naturals >= situation.canasta_size - 1
        if spoils_natural and situation.canastas > 0 and not dump:
            return -1.0
        return 90.0 - 5 * wilds - (0 if size_after == situation.canasta_size else 20)
    if dump:
        return 40.0 + value - 5 * wilds
    return -1.0


# --------------------------------------------------------------------------- going out


#: What going out (or letting partner go out) is worth beyond the round when it very likely
#: wins the game.
_GAME_IN_REACH = 500.0


def wants_out(situation: Situation) -> bool:
    """Whether going out now is worth more than playing on (the seat can go out)."""
    seen = situation.seen
    partners_hold = partner_cards(seen)
    benefit = 100.0
    if situation.threat:
        benefit += 250
    cost = 8.0 * partners_hold
    # Where going out needs one canasta, a second is worth waiting for; where it needs two,
    # the second is that canasta already, and waiting for a third loses the bonus far more
    # often than it pays (a head-to-head at two players: docs/bots.md, "Each table's goals").
    needed = seen.rules.canastas_to_go_out
    if needed == 1 and situation.canastas <= needed:
        cost += 150
    # A meld a card or two short is worth a turn; a turn completes one of them at most,
    # however many there are (two players meld many, drawing two cards a turn).
    if not situation.threat and any(
        situation.canasta_size - 2 <= naturals + wilds < situation.canasta_size
        for naturals, wilds in situation.mine.values()
    ):
        cost += 100
    # Whether the game is in reach is asked only where it decides.
    return benefit >= cost or (benefit + _GAME_IN_REACH >= cost and situation.game_in_reach)


def answer_yes(situation: Situation) -> tuple[bool, str]:
    """Partner asks "may I go out?": the answer and why."""
    hand = situation.seen.hand
    points = cards_value(hand)
    near = situation.near_canastas()
    cost = points + 100.0 * near
    benefit = 100.0
    if situation.threat:
        benefit += 200
    if benefit >= cost or (benefit + _GAME_IN_REACH >= cost and situation.game_in_reach):
        why = "the opponents are close to going out" if situation.threat else "your hand is light"
        return True, f"Yes: {why} ({points} points in your hand)."
    if near:
        return (
            False,
            f"No: you can still complete {counted(near, 'canasta')} and hold {points} points.",
        )
    return False, f"No: you hold {points} points that you can still meld."


# --------------------------------------------------------------------------- the bot


def _placement_reason(situation: Situation, dump: bool) -> str:
    """Why the bot melds or lays off rather than keeping the cards."""
    if dump:
        return "The opponents may go out soon: melded cards count for you, held ones against."
    if not situation.seen.melded[situation.team]:
        return "Toward the initial meld."
    return "Cards on the table build canastas and count for you."


class NormalBot:
    """A strong rule-based player (see the module's docstring)."""

    name = "normal"

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        """Choose one of ``legal`` from what ``seen`` shows (``rng`` is not needed)."""
        del rng
        situation = Situation.of(seen)
        if seen.phase is Phase.ANSWER:
            yes, why = answer_yes(situation)
            return Decision(Answer(yes), why)
        actions = list(legal)
        if seen.rules.several_melds and seen.phase is Phase.DRAW:
            return railroad_draw(seen, actions)
        if seen.rules.several_melds and seen.phase is Phase.PLAY:
            return railroad_play(seen, actions, lambda cards: discard_costs(situation, cards))
        if seen.phase is Phase.DRAW:
            return self._draw(situation, actions)
        if seen.phase is Phase.PLAY:
            return self.play(situation, actions)
        return Decision(actions[0], "The round is over.")

    def _draw(self, situation: Situation, legal: Sequence[Action]) -> Decision:
        best: Action | None = None
        best_score = 0.0
        for action in legal:
            if isinstance(action, TakePile):
                score = take_score(situation, action)
                if score > best_score:
                    best, best_score = action, score
        if best is not None:
            size = counted(len(situation.seen.pile), "card")
            return Decision(best, f"A pile of {size} is worth the cards it costs.")
        for action in legal:
            if isinstance(action, DrawStock):
                return Decision(action, draw_reason(legal))
        return Decision(legal[0], "The only way to draw.")

    def play(
        self, situation: Situation, legal: Sequence[Action], *, out: bool | None = None
    ) -> Decision:
        """Meld, lay off, ask or discard. ``out`` overrides whether to go out when the
        seat can (``None``: decide by :func:`wants_out`)."""
        seen = situation.seen
        placements = [a for a in legal if isinstance(a, (Meld, LayOff))]
        discards = [a for a in legal if isinstance(a, Discard)]
        starting_meld = not seen.melded[situation.team] and (seen.turn_value or seen.pending)
        if seen.permission is True:
            return self._go_out(situation, placements, discards)
        if (
            seen.permission is None
            and not starting_meld
            and (wants_out(situation) if out is None else out)
            and self.can_go_out(situation, legal)
        ):
            partners_hold = partner_cards(seen)
            if out is None and partners_hold >= 4 and any(isinstance(a, AskPartner) for a in legal):
                return Decision(AskPartner(), "You could go out now, and partner holds many cards.")
            return self._go_out(situation, placements, discards)
        dump = situation.threat
        best: Meld | LayOff | None = None
        best_score = 0.0
        for action in placements:
            score = placement_score(situation, action, dump=dump)
            if score > best_score or (
                score == best_score and best is not None and len(action.cards) > len(best.cards)
            ):
                best, best_score = action, score
        if best is not None:
            return Decision(best, _placement_reason(situation, dump))
        if discards:
            costs = discard_costs(situation, [d.card for d in discards])
            card = min(costs, key=lambda c: (costs[c], c))
            return Decision(Discard(card), SAFEST)
        # The initial meld is under way (or partner said yes): any placement keeps it going.
        fallback = max(placements, key=lambda a: placement_score(situation, a, dump=True))
        return Decision(fallback, "The initial meld is under way: every play must keep it going.")

    @staticmethod
    def can_go_out(situation: Situation, legal: Sequence[Action]) -> bool:
        """Whether the seat can still go out this turn."""
        if any(isinstance(a, AskPartner) for a in legal):
            return True
        seen = situation.seen
        short = situation.canastas < seen.rules.canastas_to_go_out
        if short and not any(isinstance(a, (Meld, LayOff)) for a in legal):
            return False
        need = 0 if seen.melded[situation.team] else seen.minimums[situation.team]
        return can_go_out(
            count_hand(seen.hand),
            situation.mine,
            seen.rules,
            need=max(0, need - seen.turn_value),
        )

    def _go_out(
        self, situation: Situation, placements: list[Meld | LayOff], discards: list[Discard]
    ) -> Decision:
        seen = situation.seen
        if len(seen.hand) == 1 and discards:
            return Decision(discards[0], "Your last card: going out.")
        ordered = sorted(placements, key=lambda a: (-len(a.cards), a.cards))
        for action in ordered:
            if _keeps_going_out(situation, action):
                return Decision(action, ON_THE_WAY_OUT)
        if discards:
            costs = discard_costs(situation, [d.card for d in discards])
            card = min(costs, key=lambda c: (costs[c], c))
            return Decision(Discard(card), SAFEST)
        return Decision(ordered[0], ON_THE_WAY_OUT)
