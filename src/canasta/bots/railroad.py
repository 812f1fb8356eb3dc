"""How the ``normal`` level plays railroad (docs/rules.md §13; easy slips from it, hard
plays it as normal does).

Railroad pays for canastas by kind, and going out needs one of each (a red, a black, a wild
and a sevens canasta), so the plan is the kinds:

* the draw: takes the pile when it brings cards (the more the better) or grows an open
  meld, since every card can go toward a canasta and draws bring only two; once every kind
  is down, only when it leaves fewer cards in hand than a draw;
* melding: the initial meld as soon as it can (the biggest first), but early in the round
  not with wild cards outside a meld of wild cards: the wild canasta takes seven of them;
  then natural cards before all, a canasta that is not black first while the kitty waits
  (completing one earns the kitty), sevens toward the sevens canasta (1500), wild cards
  toward the wild canasta (1000), or onto a meld of a rank when they complete the black
  canasta the player lacks (or late in the round) with no more of them than the wild
  canasta can spare (one always may), or to get points off the hand when an opponent may
  go out (few cards in hand and the kinds it lacks within reach of them; while the wild
  canasta is missing, only once the stock is nearly gone); once every kind is down, wild
  cards go wherever they take cards off the hand, but for the last one, which waits for
  the turn that goes out (the other cards of that turn then need only one place among
  them) unless it starts a meld with a pair; no play leaves the hand with only wild cards
  and locked sevens, whose discard would be a wild card;
* the discard: the ``normal`` level's weighing of what the next player could take (sevens
  are never offered while they are locked: the engine does not list them), a wild card only
  when no other card may go (it would freeze the pile); once every kind is down, or late in
  the round with one kind missing, the card whose loss leaves the hand likeliest to go out
  with the next draw, else with the fewest cards after it
  (:mod:`canasta.bots.railroad_out`), and a wild card last;
* going out: as soon as it can, with a canasta of each kind: once the hand is small, the
  plays of the turn are searched (through the engine) for a way to place every card but
  one the player may discard, and such a way goes before any other plan.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canasta.bots.base import ON_THE_WAY_OUT, Decision, draw_reason
from canasta.bots.discards import SAFEST
from canasta.bots.railroad_out import Ending
from canasta.engine import (
    Action,
    Card,
    Discard,
    DrawStock,
    GameState,
    LayOff,
    Meld,
    PlayerView,
    RuleSet,
    TableMeld,
    TakePile,
    apply,
    cards_value,
    determinize,
    legal_actions,
)
from canasta.engine.cards import RANK_OF, SEVEN, THREE, WILD_CARDS, WILD_RANK
from canasta.engine.kinds import CanastaKind, kinds_missing, open_meld
from canasta.engine.words import counted

__all__ = [
    "may_go_out_soon",
    "railroad_draw",
    "railroad_play",
    "searches_way_out",
    "threatened",
]

#: An opponent this close to going out (cards in hand) makes the player shed points.
_FEW_CARDS = 5
#: With fewer stock cards than this per player, a natural meld no longer waits to be red.
_LATE_STOCK = 10
#: While the stock holds more than this share of what the deal left in it, the initial
#: meld waits for naturals rather than spend wild cards.
_EARLY_SHARE = 0.75
#: The search for a way out: only with at most this many cards in hand, and over at most
#: this many positions (each an ``apply``), so that a turn's search stays a few
#: milliseconds and depends on the position alone.
_OUT_HAND = 10
_OUT_POSITIONS = 30

#: Why a wild card is discarded (the hint shows the move, then this).
_ONLY_WILD = "No other card may go: a wild card, which freezes the pile."
_WAITS_FOR_NATURALS = (
    "Early in the round the initial meld waits for natural cards, keeping the wild cards "
    "for the wild canasta: this is the safest card to give up."
)


def _cards_short(melds: Sequence[TableMeld], missing: Sequence[CanastaKind], rules: RuleSet) -> int:
    """The fewest cards that complete a canasta of each kind ``missing`` among ``melds``
    (each on an open meld that can become one, or a new meld), in all."""
    size = rules.meld_max_size
    best = dict.fromkeys(missing, size)
    # The kinds an open natural meld may still become (black while a wild card may join).
    natural: tuple[CanastaKind, ...] = ("red", "black") if rules.max_wilds else ("red",)
    for meld in melds:
        rank, held, wilds = meld.rank, len(meld.cards), meld.wilds
        if held >= size or rank == THREE:
            continue
        if rank == WILD_RANK:
            fits: tuple[CanastaKind, ...] = ("wild",)
        elif rank == SEVEN:
            fits = () if wilds else ("sevens",)
        elif not wilds:
            fits = natural
        else:
            fits = ("black",) if wilds < rules.max_wilds else ()
        for kind in fits:
            if kind in best and size - held < best[kind]:
                best[kind] = size - held
    return sum(best.values())


def may_go_out_soon(seen: PlayerView, seat: int) -> bool:
    """Whether ``seat`` holds few cards and could complete the kinds it still lacks with
    them and a draw. Going out needs a canasta of each kind on the table (§13.10): a player
    with five cards who lacks the wild canasta is no threat."""
    rules = seen.rules
    cards = seen.hand_sizes[seat]
    if cards > _FEW_CARDS:
        return False
    return _kinds_within(seen.melds[rules.team_of(seat)], cards + rules.draw_count, rules)


def _dry(seen: PlayerView) -> bool:
    """Whether the stock is nearly gone (a draw or two each)."""
    return seen.stock_size <= 2 * seen.rules.players


def threatened(seen: PlayerView) -> bool:
    """Whether the round may end soon: an opponent may go out (:func:`may_go_out_soon`), or
    the stock is nearly gone."""
    rules = seen.rules
    return _dry(seen) or any(
        may_go_out_soon(seen, seat) for seat in range(rules.players) if seat != seen.seat
    )


def _kinds_within(melds: Sequence[TableMeld], cards: int, rules: RuleSet) -> bool:
    """Whether ``cards`` cards could complete the kinds of canasta ``melds`` still lack,
    keeping one for the discard that goes out (counted generously: any card fits)."""
    return _cards_short(melds, kinds_missing(melds, rules), rules) <= cards - 1


@dataclass(frozen=True, slots=True)
class _Reading:
    """What the plan reads from a view, once per decision."""

    seen: PlayerView
    team: int
    melds: tuple[TableMeld, ...]
    #: The kinds of canasta the player still lacks.
    missing: tuple[CanastaKind, ...]
    kitty_waits: bool
    #: The stock still holds most of the deal's, or has run low.
    early: bool
    late: bool
    #: The stock is nearly gone (a draw or two each).
    dry: bool
    #: An opponent may go out soon, or the stock is nearly gone.
    threat: bool
    #: The wild cards in hand.
    wilds_held: int
    #: The cards in hand the player may discard other than wild cards (a seven may not go
    #: while the lock holds), and how many the hand holds.
    discards: frozenset[Card]
    discardable: int

    @classmethod
    def of(cls, seen: PlayerView) -> _Reading:
        rules = seen.rules
        team = rules.team_of(seen.seat)
        melds = tuple(seen.melds[team])
        dealt = rules.deck_size - rules.players * (rules.hand_size + rules.kitty_size) - 1
        dry = _dry(seen)
        threat = threatened(seen)
        discards = [
            card
            for card in seen.hand
            if card not in WILD_CARDS and not (seen.sevens_locked and RANK_OF[card] == SEVEN)
        ]
        return cls(
            seen=seen,
            team=team,
            melds=melds,
            missing=kinds_missing(melds, rules),
            kitty_waits=seen.kitty_status[seen.seat] == "untouched",
            early=seen.stock_size > _EARLY_SHARE * dealt,
            late=seen.stock_size < _LATE_STOCK * rules.players,
            dry=dry,
            threat=threat,
            wilds_held=sum(1 for card in seen.hand if card in WILD_CARDS),
            discards=frozenset(discards),
            discardable=len(discards),
        )


def railroad_draw(seen: PlayerView, legal: Sequence[Action]) -> Decision:
    """Take the pile when it is worth it, else draw."""
    best: TakePile | None = None
    best_score = 0.0
    team = seen.rules.team_of(seen.seat)
    every_kind = not kinds_missing(seen.melds[team], seen.rules)
    for action in legal:
        if not isinstance(action, TakePile):
            continue
        if every_kind:
            # The pile is worth taking when it leaves fewer cards in hand than a draw (the
            # top card and the cards taken with it are melded).
            score = float(seen.rules.draw_count + len(action.cards) + 1 - len(seen.pile))
        else:
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
            return Decision(action, draw_reason(legal))
    return Decision(legal[0], "The only way to draw.")


def _placement_score(reading: _Reading, action: Meld | LayOff) -> float:
    """How much the player wants this meld or lay-off now (positive: do it)."""
    seen = reading.seen
    rules = seen.rules
    cards = action.cards
    wilds = sum(1 for c in cards if c in WILD_CARDS)
    naturals = len(cards) - wilds
    rank = _rank_of(action)
    if not seen.melded[reading.team]:
        if _waits_for_naturals(reading, rank, wilds):
            return -1.0
        # The biggest first, sparing wild cards (a meld of wild cards spends none: it
        # starts the wild canasta).
        return 1000.0 + cards_value(cards) - (0 if rank == WILD_RANK else 50 * wilds)
    if rank == THREE:
        return 500.0  # black threes: the play before going out
    if not _keeps_a_discard(reading, cards):
        # The hand would hold only wild cards and locked sevens: the discard would be a wild
        # card, freezing the pile.
        return -1.0
    target = open_meld(reading.melds, rank, rules)
    size_after = (len(target) if target is not None else 0) + len(cards)
    completes = size_after >= rules.canasta_size
    missing = reading.missing
    if rank == WILD_RANK:
        score = 80.0 + 10 * len(cards)
        return score + (200 if completes else 0)
    if wilds == 0:
        score = 100.0 + 10 * naturals + (15 if rank == SEVEN else 0)
        if completes:
            score += 60 + (60 if reading.kitty_waits else 0) + (40 if "red" in missing else 0)
        return score
    if not missing:
        # Every kind is down: wild cards go wherever they take cards off the hand, but the
        # last one waits in hand for the turn that goes out, where it takes any place,
        # unless it starts a meld with a pair (a rank more to lay cards off on).
        if reading.wilds_held - wilds < 1 and target is not None:
            return -1.0
        return 120.0 - 10 * wilds + (30 if completes else 0)
    mixed = target is not None and target.wilds > 0
    if "wild" in missing and wilds > max(1, _spare_wilds(reading)):
        # The wild canasta takes seven: a black canasta may have one wild card, or those
        # the hand and the meld of wild cards hold beyond seven.
        return -1.0
    if completes and ("black" in missing or reading.late or (mixed and "wild" not in missing)):
        # A black canasta's 300 for one or two wild cards beats their share of a wild
        # canasta (1000 for seven) once that is down; a natural meld waits to be red (500).
        return 150.0 - 20 * wilds
    if reading.threat and ("wild" not in missing or reading.dry):
        # Points off the hand; while the wild canasta is missing the wild cards wait for
        # it until the stock is nearly gone.
        return 40.0 + cards_value(cards) - 10 * wilds
    return -1.0


def _rank_of(action: Meld | LayOff) -> int:
    """The rank a meld or lay-off goes onto (:data:`WILD_RANK` for wild cards alone)."""
    if isinstance(action, LayOff):
        return action.rank
    return next((RANK_OF[c] for c in action.cards if c not in WILD_CARDS), WILD_RANK)


def _waits_for_naturals(reading: _Reading, rank: int, wilds: int) -> bool:
    """Whether a play of ``wilds`` wild cards onto ``rank`` is an initial meld that the plan
    holds back: the wild canasta going out needs takes seven wild cards, so early in the
    round the initial meld waits for naturals rather than spend them on a rank."""
    seen = reading.seen
    return (
        wilds > 0
        and rank != WILD_RANK
        and reading.early
        and not seen.melded[reading.team]
        and not seen.turn_value
    )


def _keeps_a_discard(reading: _Reading, cards: Sequence[Card]) -> bool:
    """Whether the hand less ``cards`` still holds a card the player may discard other than
    a wild card (:attr:`_Reading.discards`), if the hand holds one now."""
    if not reading.discardable:
        return True
    # ``cards`` come from the hand: some such card stays exactly when fewer of them go.
    going = sum(1 for card in cards if card in reading.discards)
    return going < reading.discardable


def _spare_wilds(reading: _Reading) -> int:
    """The wild cards the player holds, in hand and in its open meld of wild cards, beyond
    the seven of a wild canasta (negative while short of them)."""
    rules = reading.seen.rules
    wild_meld = open_meld(reading.melds, WILD_RANK, rules)
    in_meld = len(wild_meld) if wild_meld is not None else 0
    return reading.wilds_held + in_meld - rules.canasta_size


def railroad_play(
    seen: PlayerView, legal: Sequence[Action], costs: Callable[[list[Card]], dict[Card, float]]
) -> Decision:
    """Meld, lay off or discard (going out as soon as the one card left may go); ``costs``
    weighs the discards (the ``normal`` level's :func:`~canasta.bots.discards.discard_costs`)."""
    placements = [a for a in legal if isinstance(a, (Meld, LayOff))]
    discards = [a for a in legal if isinstance(a, Discard)]
    if len(seen.hand) == 1 and discards:
        return Decision(discards[0], "A canasta of each kind is down: your last card goes out.")
    rules = seen.rules
    if placements and searches_way_out(seen.hand, seen.melds[rules.team_of(seen.seat)], rules):
        way = _way_out(seen, placements)
        if way is not None:
            return Decision(way, ON_THE_WAY_OUT)
    reading = _Reading.of(seen)
    best: Meld | LayOff | None = None
    best_score = 0.0
    for action in placements:
        score = _placement_score(reading, action)
        if score > best_score or (
            score == best_score and best is not None and len(action.cards) > len(best.cards)
        ):
            best, best_score = action, score
    if best is not None:
        return Decision(best, "Melds build the canastas of each kind that going out needs.")
    if discards:
        cost = costs([d.card for d in discards])
        if not reading.missing or (len(reading.missing) == 1 and reading.late):
            # Near going out: late in the round the last kind comes with a draw or two, and
            # the hand is ready for it or not.
            return _discard_toward_going_out(seen, reading, cost)
        # A wild card last: it freezes the pile, which then waits for a natural pair while
        # the hands shrink toward going out (the ``normal`` level's two that freezes a big
        # pile is no railroad play).
        card = min(cost, key=lambda c: (c in WILD_CARDS, cost[c], c))
        if card in WILD_CARDS:
            return Decision(Discard(card), _ONLY_WILD)
        if any(
            _waits_for_naturals(reading, _rank_of(a), sum(1 for c in a.cards if c in WILD_CARDS))
            for a in placements
        ):
            return Decision(Discard(card), _WAITS_FOR_NATURALS)
        return Decision(Discard(card), SAFEST)
    fallback = max(placements, key=lambda a: _placement_score(reading, a))
    return Decision(fallback, "No discard is possible yet: a play must come first.")


def _discard_toward_going_out(
    seen: PlayerView, reading: _Reading, cost: dict[Card, float]
) -> Decision:
    """The discard of a player near going out, which places every card but the last: with
    a small hand, the card whose loss leaves the hand likeliest to go out with the next
    draw, and else the fewest cards after it (:class:`~canasta.bots.railroad_out.Ending`:
    a pair whose third card is likelier to come stays, a card with a place stays); with a
    big hand, a lone card before one of a pair (which a third card melds). A wild card,
    which fits anywhere, goes last."""
    naturals = [card for card in cost if card not in WILD_CARDS]
    if not naturals:
        return Decision(Discard(min(cost, key=lambda c: (cost[c], c))), _ONLY_WILD)
    small = len(seen.hand) <= _OUT_HAND
    outlook = Ending.of(seen, reading.melds).after_discards(naturals) if small else {}
    held = Counter(RANK_OF[c] for c in seen.hand if c not in WILD_CARDS)

    def key(card: Card) -> tuple[float, float, bool, float, Card]:
        chance, kept = outlook.get(card, (0.0, 0.0))
        return -chance, kept, held[RANK_OF[card]] >= 2, cost[card], card

    card = min(naturals, key=key)
    if card in outlook:
        return Decision(Discard(card), _outlook_reason(reading, outlook[card][0]))
    if held[RANK_OF[card]] >= 2:
        return Decision(Discard(card), "Every card pairs another: the safest of them.")
    return Decision(Discard(card), "A lone card: the pairs wait for a third.")


def _outlook_reason(reading: _Reading, chance: float) -> str:
    """Why the card whose loss leaves the hand likeliest to go out next turn goes."""
    if reading.missing:
        return f"The {reading.missing[0]} canasta is the last one missing: the hand gets ready."
    if chance >= 0.005:
        return f"The hand left goes out on {chance:.0%} of the next draws."
    return "The hand left keeps the fewest cards after the next draw."


def searches_way_out(hand: Sequence[Card], melds: Sequence[TableMeld], rules: RuleSet) -> bool:
    """Whether the plan searches the turn's plays for a way out (:func:`_way_out`, dearer
    than any other step of the plan) for a player holding ``hand`` whose side has
    ``melds``, when it may meld: with ten cards or fewer, when the hand could go out this
    turn, counted generously: the kinds of canasta the player lacks are within its cards'
    reach, and at most one card has no place (a rank with an open meld, three of a rank,
    or two and a wild card, all find one)."""
    if len(hand) > _OUT_HAND or not _kinds_within(melds, len(hand), rules):
        return False
    wilds = sum(1 for card in hand if card in WILD_CARDS)
    naturals = Counter(RANK_OF[card] for card in hand if card not in WILD_CARDS)
    stranded = 0
    for rank, count in naturals.items():
        if count >= 3 or (rank != THREE and open_meld(melds, rank, rules) is not None):
            continue
        if rank != THREE and count == 2 and wilds:
            continue
        stranded += count
    return stranded <= 1


def _way_out(seen: PlayerView, placements: Sequence[Meld | LayOff]) -> Meld | LayOff | None:
    """The first of ``placements`` on a way out this turn (plays that leave one card, which
    the player may discard, with a canasta of each kind down by then), or ``None``: searched
    through the engine on a position consistent with ``seen`` (the hidden cards play no
    part in it)."""
    state = determinize(seen, random.Random(0))
    search = _WayOut(seen.seat, seen.rules.team_of(seen.seat))
    return next((play for play in placements if search.leads_out_after(state, play)), None)


class _WayOut:
    """One turn's search for a way out, which remembers the positions it tried (up to
    :data:`_OUT_POSITIONS`). Methods, not two closures calling each other: those would make
    a cycle (each function's cell holds the other) that keeps every position tried until
    the garbage collector finds it, thousands of objects a railroad game."""

    __slots__ = ("seat", "team", "tried")

    def __init__(self, seat: int, team: int) -> None:
        self.seat = seat
        self.team = team
        self.tried: set[tuple[tuple[Card, ...], tuple[TableMeld, ...]]] = set()

    def leads_out(self, state: GameState) -> bool:
        for action in legal_actions(state):
            if isinstance(action, Discard):
                if len(state.hands[self.seat]) == 1:
                    return True
            elif isinstance(action, (Meld, LayOff)) and self.leads_out_after(state, action):
                return True
        return False

    def leads_out_after(self, state: GameState, play: Meld | LayOff) -> bool:
        tried = self.tried
        if len(tried) >= _OUT_POSITIONS:
            return False
        after = apply(state, play).state
        key = (after.hands[self.seat], after.melds[self.team])
        if key in tried:
            return False
        tried.add(key)
        return self.leads_out(after)
