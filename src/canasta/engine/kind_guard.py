"""Railroad's guard of the turn (docs/rules.md §13.7, §13.8, §13.10, §13.11).

Every railroad meld, lay-off and pile take passes :func:`kind_guard`, so that no play
leaves the player with a turn that cannot end: the seed says players "must try to make
legal discards", and a hand of nothing but locked sevens only comes by drawing into it.

* Once the initial minimum is met, the hand after the play must hold a card the player may
  discard: not a seven while sevens are locked, and the last card only when going out (a
  canasta of each kind, and not a seven).
* Before it is met, the play must still leave a way to meet it: the natural cards left
  (laid off on this turn's open melds, or melded three or more at a time, a rank's next
  meld only once its open one is a canasta) must make the rest, while two cards stay in
  hand, one of them one the player may discard. This witness is a sure way, not every way:
  a play is refused when only wild cards could make the rest (**Decision**, §12).
* A player who drew into a hand with no legal discard may still meld toward the minimum,
  with no card kept; the round ends when no play is left (§13.11).
"""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from canasta.engine.cards import MELD_RANKS, RANK_OF, SEVEN, WILD_CARDS, Card
from canasta.engine.counts import RANK_VALUE
from canasta.engine.errors import IllegalActionError, Reason
from canasta.engine.kinds import CanastaKind, kinds_missing, sevens_locked
from canasta.engine.melds import Meld
from canasta.engine.rules import RuleSet
from canasta.engine.state import GameState, Phase, replace_at
from canasta.engine.words import listed

__all__ = [
    "KindFacts",
    "can_discard_from",
    "discard_refusal",
    "kind_facts",
    "kind_guard",
]

_MELD_RANKS = frozenset(MELD_RANKS)


class KindFacts(NamedTuple):
    """What the guard needs of one position, gathered once."""

    team: int
    hand: tuple[Card, ...]
    melded: bool
    #: Points still needed toward the initial minimum (0 once met).
    need: int
    locked: bool
    missing: tuple[CanastaKind, ...]
    #: The player holds no card it may discard (§13.11).
    stuck: bool


def kind_facts(state: GameState) -> KindFacts:
    """The facts of the player to move in ``state`` (cached for the last position)."""
    last = _last[0]
    if last[0] is state:
        return last[1]
    rules = state.rules
    team = rules.team_of(state.turn)
    hand = state.hands[state.turn]
    locked = sevens_locked(state.melds, rules)
    missing = kinds_missing(state.melds[team], rules)
    melded = state.melded[team]
    facts = KindFacts(
        team=team,
        hand=hand,
        melded=melded,
        need=0 if melded else state.minimums[team] - state.turn_value,
        locked=locked,
        missing=missing,
        stuck=state.phase is Phase.PLAY
        and not can_discard_from(hand, rules, locked=locked, missing=missing),
    )
    _last[0] = (state, facts)
    return facts


_last: list[tuple[GameState | None, KindFacts]] = [
    (None, KindFacts(0, (), False, 0, False, (), False))
]


def discard_refusal(
    card: Card, left: int, rules: RuleSet, *, locked: bool, missing: Sequence[CanastaKind]
) -> IllegalActionError | None:
    """Why discarding ``card``, leaving ``left`` cards, is refused, or ``None``."""
    seven = RANK_OF[card] == SEVEN
    if seven and locked:
        return IllegalActionError(
            Reason.SEVENS_LOCKED,
            "Sevens may not be discarded until every player has a canasta of sevens.",
            "13.8",
        )
    if left == 0:
        if missing:
            return IllegalActionError(
                Reason.NO_CANASTA,
                "That is your last card, and going out needs a canasta of each kind: you "
                f"still need {listed(missing)}.",
                "13.10",
            )
        if seven and rules.sevens_locked:
            return IllegalActionError(
                Reason.SEVENS_LOCKED, "Your last discard, going out, may not be a seven.", "13.10"
            )
    return None


def can_discard_from(
    hand: Sequence[Card], rules: RuleSet, *, locked: bool, missing: Sequence[CanastaKind]
) -> bool:
    """Whether some card of ``hand`` may be discarded."""
    left = len(hand) - 1
    return any(
        discard_refusal(card, left, rules, locked=locked, missing=missing) is None
        for card in dict.fromkeys(hand)
    )


def _placeable(count: int, open_size: int, size: int, low: int) -> int:
    """How many of ``count`` naturals of a rank surely go down: onto the open meld of
    ``open_size`` cards (0: none) up to ``size``, then meld after meld of ``low`` or more,
    each a canasta before the next."""
    total = 0
    if open_size:
        room = min(count, size - open_size)
        total, count = room, count - room
        if open_size + room < size:
            return total
    while count >= low:
        put = min(count, size)
        total += put
        count -= put
        if put < size:
            break
    return total


def _witness(
    hand: Iterable[Card],
    opens: dict[int, int],
    need: int,
    rules: RuleSet,
    *,
    reserve: bool,
    locked: bool,
) -> bool:
    """Whether the naturals of ``hand`` surely make ``need`` more points (``opens``: the
    open melds' sizes by rank), keeping two cards, one of them a legal discard, when
    ``reserve``."""
    size, low = rules.meld_max_size, rules.meld_min_size
    counts = Counter(RANK_OF[c] for c in hand if c not in WILD_CARDS and RANK_OF[c] in _MELD_RANKS)

    def value(rank: int, count: int) -> int:
        return _placeable(count, opens.get(rank, 0), size, low) * RANK_VALUE[rank]

    base = sum(value(rank, count) for rank, count in counts.items())
    if not reserve:
        return base >= need
    cards = list(hand)
    if len(cards) < 2:
        return False
    others = len(cards) - sum(counts.values())  # wild cards and black threes
    # The two cards kept come from one group (a rank's naturals, or the other cards) or
    # from two; the first kept is the discard, so a locked seven may be only the second.
    # What keeping cards of a rank loses: the points of the naturals that no longer go down.
    # Two groups lose least as the two that lose least to one card kept each (only the
    # sevens' group may not hold the discard, and of two groups one holds it).
    ones = [value(rank, count) - value(rank, count - 1) for rank, count in counts.items()]
    losses = [
        value(rank, count) - value(rank, count - 2)
        for rank, count in counts.items()
        if count >= 2 and not (rank == SEVEN and locked)
    ]
    if others:
        ones.append(0)
        if others >= 2:
            losses.append(0)
    if len(ones) >= 2:
        ones.sort()
        losses.append(ones[0] + ones[1])
    return bool(losses) and base - min(losses) >= need


def kind_guard(
    state: GameState,
    *,
    hand_after: tuple[Card, ...],
    melds_after: tuple[Meld, ...],
    value: int,
    completes: bool,
    received: tuple[Card, ...] = (),
) -> IllegalActionError | None:
    """Why a railroad play leaving ``hand_after`` and the player's melds ``melds_after``
    breaks the turn's rules, or ``None``. ``value`` counts toward an unmet minimum,
    ``completes`` when the play makes a canasta, ``received`` joins the hand once the
    minimum is met (a taken pile's rest)."""
    rules = state.rules
    facts = kind_facts(state)
    need = facts.need - value
    melded_after = facts.melded or need <= 0
    if not melded_after:
        opens = {m.rank: len(m) for m in melds_after if len(m) < rules.meld_max_size}
        if _witness(hand_after, opens, need, rules, reserve=not facts.stuck, locked=facts.locked):
            return None
        minimum = state.minimums[facts.team]
        return IllegalActionError(
            Reason.MINIMUM_UNREACHABLE,
            f"After that your melds this turn would make {state.turn_value + value} of your "
            f"minimum of {minimum}, and the natural cards you would have left could not surely "
            "make the rest and leave you a card to discard.",
            "13.7",
        )
    if facts.stuck:
        return None
    locked, missing = facts.locked, facts.missing
    if completes:
        team_melds = replace_at(state.melds, facts.team, melds_after)
        locked = sevens_locked(team_melds, rules)
        missing = kinds_missing(melds_after, rules)
    final = (*hand_after, *received) if received else hand_after
    if can_discard_from(final, rules, locked=locked, missing=missing):
        return None
    return IllegalActionError(
        Reason.HAND_TOO_SMALL,
        "That would leave you no card you may discard (a seven while sevens are locked, or "
        "a last card without a canasta of each kind): keep one.",
        "13.10",
    )
