"""Playing the game: ``new_game``, ``apply`` and the legality triad.

Every action has one validator that either raises :class:`IllegalActionError` or returns
what the action will do; :func:`check` runs only the validator, :func:`apply` runs it and
then builds the new state. So the boolean form, the listing and the apply can never
disagree.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, TypeVar

from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    NextRound,
    TakePile,
    sorted_lay_off,
    sorted_meld,
    sorted_take,
)
from canasta.engine.actions import Meld as MeldAction
from canasta.engine.cards import Card, card_value, full_deck, rank_name
from canasta.engine.errors import CanastaError, IllegalActionError, Reason
from canasta.engine.events import (
    CanastaCompleted,
    CardsLaidOff,
    Discarded,
    Event,
    GameWon,
    Melded,
    PartnerAnswered,
    PartnerAsked,
    PileTaken,
    RedThreeLaid,
    RoundDealt,
    RoundScored,
    StockDrawn,
    StockExhausted,
    UpCardTurned,
    WentOut,
)
from canasta.engine.melds import Meld, is_valid_shape, meld_error, split_rank
from canasta.engine.rules import RuleSet, classic
from canasta.engine.scoring import RoundScore
from canasta.engine.solver import can_go_out, can_reach, count_hand, max_meld_value
from canasta.engine.state import GameState, Phase, Seat, partner, team_of

__all__ = ["Step", "apply", "check", "is_legal", "legal_actions", "new_game", "seat_name"]


T = TypeVar("T")


class Step(NamedTuple):
    """The result of :func:`apply`: the new state and the events the action caused."""

    state: GameState
    events: tuple[Event, ...]


def seat_name(seat: int) -> str:
    """``South``, ``West``, ``North`` or ``East``."""
    return Seat(seat).label


def _is_wild(card: int) -> bool:
    return card == 0 or 8 <= card < 12


def _is_red_three(card: int) -> bool:
    return card in (13, 14)


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (a multiset difference), or ``None`` if a card is missing."""
    rest = list(hand)
    try:
        for card in cards:
            rest.remove(card)
    except ValueError:
        return None
    return tuple(rest)


def _insert(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *cards)))


def _forget(known: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """Public knowledge of a hand after ``cards`` left it."""
    if not known:
        return known
    rest = list(known)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


# --------------------------------------------------------------------------- dealing


def shuffled_deck(rules: RuleSet, seed: int, round_no: int) -> tuple[Card, ...]:
    """The deck that ``seed`` deals in round ``round_no`` (when no deck is stacked)."""
    deck = list(full_deck(decks=rules.decks, jokers=rules.jokers))
    random.Random(f"canasta:{seed}:{round_no}").shuffle(deck)
    return tuple(deck)


def _validate_deck(rules: RuleSet, deck: Sequence[Card]) -> tuple[Card, ...]:
    cards = tuple(deck)
    expected = full_deck(decks=rules.decks, jokers=rules.jokers)
    if tuple(sorted(cards)) != expected:
        have, want = Counter(cards), Counter(expected)
        extra = " ".join(map(str, sorted((have - want).elements())))
        lacking = " ".join(map(str, sorted((want - have).elements())))
        problems = [f"it has {len(cards)}"]
        if extra:
            problems.append(f"too many {extra}")
        if lacking:
            problems.append(f"no {lacking}")
        raise CanastaError(
            f"A stacked deck must hold exactly the {len(expected)} cards of the game: "
            + ", ".join(problems)
            + "."
        )
    return cards


def new_game(
    rules: RuleSet = classic,
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] = (),
    dealer: int = Seat.EAST,
) -> GameState:
    """Deal the first round of a new game.

    Args:
        rules: the rule set.
        seed: shuffles every round that has no stacked deck.
        deck: a stacked deck for the first round (index 0 is dealt first, to the dealer's
            left; after the hands come the up-card and then the stock, top first).
        decks: stacked decks for the first rounds (``deck`` is short for one).
        dealer: who deals the first round (East, so South plays first).
    """
    stacked = tuple(_validate_deck(rules, d) for d in ([deck] if deck is not None else decks))
    blank = GameState(
        rules=rules,
        seed=seed,
        stacked=stacked,
        round_no=0,
        dealer=(dealer - 1) & 3,
        deck=(),
        stock=(),
        hands=((), (), (), ()),
        pile=(),
        pile_frozen=False,
        melds=((), ()),
        red_threes=((), ()),
        melded=(False, False),
        minimums=(rules.minimum_for(0), rules.minimum_for(0)),
        scores=(0, 0),
        history=(),
        phase=Phase.ROUND_OVER,
        turn=0,
        played=False,
        turn_value=0,
        placed=(),
        pending=(),
        asked=False,
        permission=None,
        has_played=(False, False, False, False),
        known=((), (), (), ()),
        went_out=None,
        winner=None,
    )
    return _deal_round(blank)[0]


def _deal_round(state: GameState) -> tuple[GameState, list[Event]]:
    rules = state.rules
    round_no = state.round_no + 1
    dealer = (state.dealer + 1) & 3
    index = round_no - 1
    deck = (
        state.stacked[index]
        if index < len(state.stacked)
        else shuffled_deck(rules, state.seed, round_no)
    )
    hands: list[list[Card]] = [[], [], [], []]
    position = 0
    for _ in range(rules.hand_size):
        for offset in range(1, 5):
            hands[(dealer + offset) & 3].append(deck[position])
            position += 1
    events: list[Event] = [RoundDealt(round_no, dealer)]
    pile: list[Card] = []
    frozen = False
    while True:
        card = deck[position]
        position += 1
        pile.append(card)
        stays = _is_wild(card) or _is_red_three(card)
        frozen = frozen or stays
        events.append(UpCardTurned(card, stays))
        if not stays:
            break
    new = state.evolve(
        round_no=round_no,
        dealer=dealer,
        deck=deck,
        stock=deck[position:],
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        pile=tuple(pile),
        pile_frozen=frozen,
        melds=((), ()),
        red_threes=((), ()),
        melded=(False, False),
        minimums=(rules.minimum_for(state.scores[0]), rules.minimum_for(state.scores[1])),
        has_played=(False, False, False, False),
        known=((), (), (), ()),
        went_out=None,
    )
    return _start_turn(new, (dealer + 1) & 3, events)


# --------------------------------------------------------------------------- turn flow


def _start_turn(state: GameState, seat: int, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Begin ``seat``'s turn: lay out red threes from the hand, replaced from the stock (§2)."""
    hand = state.hands[seat]
    stock = state.stock
    team = team_of(seat)
    red = state.red_threes[team]
    waiting = [card for card in hand if card in (13, 14)] if 13 in hand or 14 in hand else []
    while waiting:
        card = waiting.pop()
        hand = _remove(hand, (card,)) or ()
        red = (*red, card)
        events.append(RedThreeLaid(seat, card, bool(stock)))
        if stock:
            replacement = stock[0]
            stock = stock[1:]
            hand = _insert(hand, (replacement,))
            if _is_red_three(replacement):
                waiting.append(replacement)
    state = state.evolve(
        hands=_replace_at(state.hands, seat, hand),
        stock=stock,
        red_threes=_replace_at(state.red_threes, team, red),
        phase=Phase.DRAW,
        turn=seat,
        played=False,
        turn_value=0,
        placed=(),
        pending=(),
        asked=False,
        permission=None,
    )
    if not stock and not any(True for _ in _take_candidates(state)):
        events.append(StockExhausted())
        return _end_round(state, None, events)
    return state, events


def _replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _end_turn(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    if not state.stock:
        events.append(StockExhausted())
        return _end_round(state, None, events)
    return _start_turn(state, (state.turn + 1) & 3, events)


def _end_round(
    state: GameState, went_out: int | None, events: list[Event], *, concealed: bool = False
) -> tuple[GameState, list[Event]]:
    rules = state.rules
    red_threes = list(state.red_threes)
    hands = list(state.hands)
    # A red three still in a hand (its holder had no turn since it was dealt) is laid out
    # for scoring (docs/rules.md §9.4).
    for seat in range(4):
        held = [card for card in hands[seat] if _is_red_three(card)]
        if held:
            red_threes[team_of(seat)] = (*red_threes[team_of(seat)], *held)
            hands[seat] = _remove(hands[seat], held) or ()
    scores = []
    for team in (0, 1):
        melds = state.melds[team]
        natural = sum(1 for m in melds if len(m.cards) >= rules.canasta_size and m.wilds == 0)
        mixed = sum(1 for m in melds if len(m.cards) >= rules.canasta_size and m.wilds > 0)
        reds = len(red_threes[team])
        red_points = rules.all_red_threes_bonus if reds == 4 else reds * rules.red_three_bonus
        if not melds and rules.red_threes_count_against_unmelded:
            red_points = -red_points
        out = went_out is not None and team_of(went_out) == team
        scores.append(
            RoundScore(
                team=team,
                melds=sum(m.value for m in melds),
                hands=-sum(card_value(c) for seat in (team, team + 2) for c in hands[seat]),
                natural_canastas=natural,
                natural_canasta_points=natural * rules.natural_canasta_bonus,
                mixed_canastas=mixed,
                mixed_canasta_points=mixed * rules.mixed_canasta_bonus,
                red_threes=reds,
                red_three_points=red_points,
                going_out=rules.going_out_bonus if out else 0,
                concealed=rules.concealed_bonus if out and concealed else 0,
            )
        )
    pair = (scores[0], scores[1])
    totals = (state.scores[0] + pair[0].total, state.scores[1] + pair[1].total)
    events.append(RoundScored(state.round_no, pair, totals))
    winner = None
    if max(totals) >= rules.target_score and totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        events.append(GameWon(winner, totals))
    state = state.evolve(
        hands=tuple(hands),
        red_threes=(red_threes[0], red_threes[1]),
        scores=totals,
        history=(*state.history, pair),
        phase=Phase.GAME_OVER if winner is not None else Phase.ROUND_OVER,
        went_out=went_out,
        winner=winner,
    )
    return state, events


# --------------------------------------------------------------------------- errors


def _illegal(reason: Reason, sentence: str, rule: str) -> IllegalActionError:
    return IllegalActionError(reason, sentence, rule)


def _phase_error(state: GameState, action: Action) -> IllegalActionError:
    if state.phase is Phase.GAME_OVER:
        return _illegal(Reason.GAME_OVER, "The game is over: start a new game.", "10")
    if state.phase is Phase.ROUND_OVER:
        return _illegal(
            Reason.WRONG_PHASE, "The round is over: deal the next round with 'next'.", "9"
        )
    who = seat_name(state.turn)
    if state.phase is Phase.ANSWER:
        return _illegal(
            Reason.WRONG_PHASE,
            f"{seat_name(partner(state.turn))} must first answer {who}'s question "
            "with 'yes' or 'no'.",
            "8",
        )
    if state.phase is Phase.DRAW:
        return _illegal(
            Reason.WRONG_PHASE,
            f"{who} must first draw from the stock or take the pile.",
            "3",
        )
    return _illegal(
        Reason.WRONG_PHASE,
        f"{who} has already drawn: meld, lay off or discard.",
        "3",
    )


def _card_words(cards: Iterable[Card]) -> str:
    """``the king of hearts`` for one card, labels (``KH 7D``) for several."""
    listed = list(cards)
    if len(listed) == 1:
        return f"the {listed[0].name}"
    return " ".join(card.label for card in listed)


def _not_in_hand(cards: Iterable[Card]) -> IllegalActionError:
    return _illegal(
        Reason.NOT_IN_HAND,
        f"You do not hold {_card_words(cards)}: choose cards from your hand.",
        "3",
    )


# --------------------------------------------------------------------------- placement guards


def _table_counts(melds: tuple[Meld, ...]) -> dict[int, tuple[int, int]]:
    return {meld.rank: (meld.naturals, meld.wilds) for meld in melds}


def _guard_placement(
    state: GameState,
    *,
    hand_after: tuple[Card, ...],
    melds_after: tuple[Meld, ...],
    value: int,
    pending: tuple[Card, ...],
) -> IllegalActionError | None:
    """The rules every meld, lay-off and pile take must keep (§3, §6, §7, §8)."""
    rules = state.rules
    team = team_of(state.turn)
    size = rules.canasta_size
    canasta = any(len(m.cards) >= size for m in melds_after)
    # A red three waiting in a taken pile is laid out, not held (§4.5).
    held = sum(1 for card in pending if card not in (13, 14))
    left = len(hand_after) + held
    melded = state.melded[team]
    turn_value = state.turn_value + value
    minimum = state.minimums[team]
    if left == 0:
        if not canasta:
            return _illegal(
                Reason.NO_CANASTA,
                "That would leave you no cards, and your team needs a canasta to go out.",
                "6.1",
            )
        if state.permission is False:
            return _illegal(
                Reason.GOING_OUT_FORBIDDEN,
                "Your partner said no: you may not go out this turn.",
                "8.2",
            )
        if not melded and turn_value < minimum:
            return _illegal(
                Reason.BELOW_MINIMUM,
                f"Your melds this turn make {turn_value}, below your minimum of {minimum}.",
                "7.1",
            )
        return None
    if left < 2 and not canasta:
        return _illegal(
            Reason.HAND_TOO_SMALL,
            "That would leave you fewer than two cards, and your team has no canasta yet.",
            "3.3",
        )
    if left < 2 and state.permission is False:
        return _illegal(
            Reason.GOING_OUT_FORBIDDEN,
            "Your partner said no: keep at least two cards, since one card left means going out.",
            "8.2",
        )
    table = None
    if not melded and turn_value < minimum:
        table = _table_counts(melds_after)
        if not can_reach(
            minimum - turn_value,
            count_hand(hand_after),
            table,
            rules,
            held_elsewhere=held,
            has_canasta=canasta,
            may_go_out=state.permission is not False,
        ):
            return _illegal(
                Reason.MINIMUM_UNREACHABLE,
                f"After that your melds this turn could not reach your minimum of {minimum} "
                f"(they make {turn_value}).",
                "7.3",
            )
    if state.permission is True:
        if table is None:
            table = _table_counts(melds_after)
        need = 0 if melded or turn_value >= minimum else minimum - turn_value
        if not can_go_out(count_hand(hand_after), table, rules, has_canasta=canasta, need=need):
            return _illegal(
                Reason.MUST_GO_OUT,
                "Your partner said yes, so you must go out this turn, and after that play "
                "you could not.",
                "8.2",
            )
    return None


@dataclass(frozen=True, slots=True)
class _Placement:
    """What a validated meld, lay-off or pile take will do."""

    rank: int
    cards: tuple[Card, ...]  # from the hand
    hand_after: tuple[Card, ...]
    melds_after: tuple[Meld, ...]
    meld: Meld
    merged: bool
    value: int  # counted toward the initial minimum


def _place(
    state: GameState,
    *,
    rank: int,
    cards: tuple[Card, ...],
    extra: tuple[Card, ...] = (),
    need_existing: bool,
    black_threes: bool = False,
) -> tuple[Meld, bool, tuple[Meld, ...]]:
    """The team's melds after ``cards`` (plus ``extra``, the pile's top card) go on ``rank``."""
    team = team_of(state.turn)
    existing = state.team_meld(team, rank)
    rules = state.rules
    placed = cards + extra
    if existing is None:
        if need_existing:
            raise _illegal(
                Reason.NO_SUCH_MELD,
                f"Your team has no meld of {rank_name(rank, plural=True)} to lay off on.",
                "5.4",
            )
        meld = Meld.build(rank, placed)
    else:
        meld = existing.added(placed)
    error = meld_error(meld.naturals, meld.wilds, rank=rank, rules=rules, black_threes=black_threes)
    if error is not None:
        raise error
    others = tuple(m for m in state.melds[team] if m.rank != rank)
    melds_after = tuple(sorted((*others, meld), key=lambda m: m.rank))
    return meld, existing is not None, melds_after


def _validate_meld_cards(state: GameState, action: MeldAction | LayOff) -> _Placement:
    cards = action.cards
    team = team_of(state.turn)
    if any(_is_red_three(c) for c in cards):
        raise _illegal(Reason.RED_THREE, "Red threes are never melded.", "5.6")
    rank = split_rank(cards)
    if rank is None:
        raise _illegal(
            Reason.MIXED_RANKS,
            "A meld holds natural cards of one rank only (plus wild cards).",
            "5.1",
        )
    hand_after = _remove(state.hands[state.turn], cards)
    if hand_after is None:
        raise _not_in_hand(cards)
    black = rank == 3
    if isinstance(action, LayOff):
        if rank and rank != action.rank:
            raise _illegal(
                Reason.MIXED_RANKS,
                f"Those cards do not belong on the meld of {rank_name(action.rank, plural=True)}.",
                "5.4",
            )
        rank = action.rank
        need_existing = True
    else:
        if rank == 0:
            raise _illegal(
                Reason.NO_NATURALS,
                "Wild cards cannot be melded on their own: add natural cards of one rank.",
                "5.7",
            )
        need_existing = False
    if state.team_meld(team, 3) is not None:
        raise _illegal(
            Reason.BLACK_THREES,
            "Your black threes were your last play: discard your last card to go out.",
            "5.5",
        )
    meld, merged, melds_after = _place(
        state, rank=rank, cards=cards, need_existing=need_existing, black_threes=black
    )
    if black and (len(hand_after) > 1 or not state.has_canasta(team)):
        raise _illegal(
            Reason.BLACK_THREES,
            "Black threes may only be melded as your last play when you go out.",
            "5.5",
        )
    value = 0 if state.melded[team] else sum(card_value(c) for c in cards)
    error = _guard_placement(
        state, hand_after=hand_after, melds_after=melds_after, value=value, pending=state.pending
    )
    if error is not None:
        raise error
    return _Placement(rank, cards, hand_after, melds_after, meld, merged, value)


def _validate_take(state: GameState, action: TakePile) -> _Placement:
    pile = state.pile
    if not pile:
        raise _illegal(Reason.PILE_EMPTY, "The discard pile is empty: draw from the stock.", "4")
    top = pile[-1]
    if state.pile_blocked:
        raise _illegal(
            Reason.PILE_BLOCKED,
            f"The pile is blocked by the {top.name} on top: nobody may take it now.",
            "4.2",
        )
    rank = top >> 2
    team = team_of(state.turn)
    cards = action.cards
    hand_after = _remove(state.hands[state.turn], cards)
    if hand_after is None:
        raise _not_in_hand(cards)
    if any(not _is_wild(c) and c >> 2 != rank for c in cards):
        raise _illegal(
            Reason.PILE_TOP_UNUSABLE,
            f"To take the pile, meld its top card, the {top.name}, only with "
            f"{rank_name(rank, plural=True)} "
            "and wild cards from your hand.",
            "4.1",
        )
    naturals = sum(1 for c in cards if not _is_wild(c))
    name = rank_name(rank, plural=True)
    if state.is_frozen_for(team):
        if naturals < 2 or naturals != len(cards):
            why = (
                "the pile is frozen"
                if state.pile_frozen
                else "your team has not made its initial meld, so the pile is frozen for you"
            )
            raise _illegal(
                Reason.PILE_FROZEN,
                f"To take the pile, {why}: you need two natural {name} from your hand, "
                "with no wild cards.",
                "4.3",
            )
    elif state.team_meld(team, rank) is None and len(cards) < 2:
        raise _illegal(
            Reason.PILE_TOP_UNUSABLE,
            f"To take the pile, meld its top card, the {top.name}, with at least two cards from "
            "your hand "
            f"(your team has no meld of {name} to add it to).",
            "4.1",
        )
    meld, merged, melds_after = _place(
        state, rank=rank, cards=cards, extra=(top,), need_existing=False
    )
    value = 0 if state.melded[team] else meld.value
    pending = pile[:-1] if not state.melded[team] else ()
    if not state.melded[team] and value >= state.minimums[team]:
        pending = ()
    received = tuple(card for card in pile[:-1] if not _is_red_three(card))
    error = _guard_placement(
        state,
        hand_after=hand_after if pending else (*hand_after, *received),
        melds_after=melds_after,
        value=value,
        pending=pending,
    )
    if error is not None:
        if error.reason is Reason.MINIMUM_UNREACHABLE:
            minimum = state.minimums[team]
            raise _illegal(
                Reason.BELOW_MINIMUM,
                f"To take the pile before your team's initial meld, the top card and cards "
                f"from your hand must make melds worth {minimum}; these cannot.",
                "4.4",
            )
        raise error
    return _Placement(rank, cards, hand_after, melds_after, meld, merged, value)


def _validate_discard(state: GameState, action: Discard) -> tuple[Card, ...]:
    team = team_of(state.turn)
    hand_after = _remove(state.hands[state.turn], (action.card,))
    if hand_after is None:
        raise _not_in_hand((action.card,))
    if state.pending:
        raise _illegal(
            Reason.BELOW_MINIMUM,
            f"Finish your initial meld first: your melds make {state.turn_value} of "
            f"{state.minimums[team]}, and the rest of the pile is yours only after that.",
            "7.3",
        )
    if not state.melded[team] and state.turn_value:
        raise _illegal(
            Reason.BELOW_MINIMUM,
            f"Your melds this turn make {state.turn_value}, below your minimum of "
            f"{state.minimums[team]}: meld more before you discard.",
            "7.3",
        )
    if not hand_after:
        if not state.has_canasta(team):
            raise _illegal(
                Reason.NO_CANASTA,
                "That is your last card, and your team needs a canasta to go out.",
                "6.1",
            )
        if state.permission is False:
            raise _illegal(
                Reason.GOING_OUT_FORBIDDEN,
                "Your partner said no: you may not go out this turn.",
                "8.2",
            )
    elif state.permission is True:
        raise _illegal(
            Reason.MUST_GO_OUT,
            "Your partner said yes, so you must go out this turn: meld until one card is left.",
            "8.2",
        )
    return hand_after


def _validate_ask(state: GameState) -> None:
    team = team_of(state.turn)
    if state.asked:
        raise _illegal(Reason.CANNOT_ASK, "You have already asked this turn.", "8.1")
    if state.played or state.pending:
        raise _illegal(
            Reason.CANNOT_ASK,
            "Ask partner before you meld or lay off anything this turn.",
            "8.1",
        )
    if len(state.hands[state.turn]) < 2:
        raise _illegal(
            Reason.CANNOT_ASK,
            "With one card left your only play is to discard it and go out: there is "
            "nothing to ask.",
            "8.1",
        )
    melded = state.melded[team]
    need = 0 if melded else state.minimums[team] - state.turn_value
    if not can_go_out(
        count_hand(state.hands[state.turn]),
        _table_counts(state.melds[team]),
        state.rules,
        has_canasta=state.has_canasta(team),
        need=need,
    ):
        raise _illegal(
            Reason.CANNOT_ASK,
            "You can only ask partner when you could go out this turn, and you cannot.",
            "8.1",
        )


def _validate(state: GameState, action: Action, seat: int | None) -> object:
    """Raise if ``action`` is illegal now; otherwise return what it needs to apply."""
    if seat is not None and seat != state.to_move:
        mover = state.to_move
        raise _illegal(
            Reason.NOT_YOUR_TURN,
            "It is nobody's turn: the round is over."
            if mover is None
            else f"It is {seat_name(mover)}'s turn, not {seat_name(seat)}'s.",
            "3",
        )
    phase = state.phase
    if isinstance(action, NextRound):
        if phase is Phase.ROUND_OVER:
            return None
        raise _illegal(
            Reason.GAME_OVER if phase is Phase.GAME_OVER else Reason.ROUND_NOT_OVER,
            "The game is over: start a new game."
            if phase is Phase.GAME_OVER
            else "The round is still being played.",
            "9",
        )
    if isinstance(action, Answer):
        if phase is not Phase.ANSWER:
            raise _illegal(Reason.WRONG_PHASE, 'Nobody has asked "may I go out?".', "8")
        return None
    if isinstance(action, (DrawStock, TakePile)):
        if phase is not Phase.DRAW:
            raise _phase_error(state, action)
        if isinstance(action, DrawStock):
            if not state.stock:
                raise _illegal(
                    Reason.STOCK_EMPTY, "The stock is empty: take the pile if you can.", "9.1"
                )
            return None
        return _validate_take(state, action)
    if phase is not Phase.PLAY:
        raise _phase_error(state, action)
    if isinstance(action, (MeldAction, LayOff)):
        return _validate_meld_cards(state, action)
    if isinstance(action, Discard):
        return _validate_discard(state, action)
    if isinstance(action, AskPartner):
        _validate_ask(state)
        return None
    raise CanastaError(f"{action!r} is not an action.")  # pragma: no cover


def check(state: GameState, action: Action, *, seat: int | None = None) -> None:
    """Raise :class:`IllegalActionError` if ``action`` is illegal now; return otherwise.

    With ``seat``, also require that it is that seat's decision.
    """
    _validate(state, action, seat)


def is_legal(state: GameState, action: Action, *, seat: int | None = None) -> bool:
    """Whether ``action`` is legal now (the boolean form of :func:`check`)."""
    try:
        _validate(state, action, seat)
    except IllegalActionError:
        return False
    return True


# --------------------------------------------------------------------------- apply


def apply(state: GameState, action: Action, *, seat: int | None = None) -> Step:
    """Play ``action`` and return the new state with the events it caused.

    Raises:
        IllegalActionError: if the action is illegal; ``state`` is untouched (it is immutable).
    """
    prepared = _validate(state, action, seat)
    events: list[Event] = []
    if isinstance(action, NextRound):
        new, events = _deal_round(state)
    elif isinstance(action, DrawStock):
        new = _draw(state, events)
    elif isinstance(action, TakePile):
        assert isinstance(prepared, _Placement)
        new = _take(state, prepared, events)
    elif isinstance(action, (MeldAction, LayOff)):
        assert isinstance(prepared, _Placement)
        new = _meld(state, prepared, events, lay_off=isinstance(action, LayOff))
    elif isinstance(action, Discard):
        assert isinstance(prepared, tuple)
        new = _discard(state, action.card, prepared, events)
    elif isinstance(action, AskPartner):
        events.append(PartnerAsked(state.turn))
        new = state.evolve(phase=Phase.ANSWER, asked=True)
    else:
        assert isinstance(action, Answer)
        events.append(PartnerAnswered(partner(state.turn), action.yes))
        new = state.evolve(phase=Phase.PLAY, permission=action.yes)
    return Step(new, tuple(events))


def _draw(state: GameState, events: list[Event]) -> GameState:
    seat = state.turn
    stock = state.stock
    hand = state.hands[seat]
    team = team_of(seat)
    red = state.red_threes[team]
    card = stock[0]
    stock = stock[1:]
    events.append(StockDrawn(seat, card))
    while _is_red_three(card):
        red = (*red, card)
        events.append(RedThreeLaid(seat, card, bool(stock)))
        if not stock:
            break
        card = stock[0]
        stock = stock[1:]
        events.append(StockDrawn(seat, card))
    else:
        hand = _insert(hand, (card,))
    new = state.evolve(
        stock=stock,
        hands=_replace_at(state.hands, seat, hand),
        red_threes=_replace_at(state.red_threes, team, red),
        phase=Phase.PLAY,
    )
    if len(hand) < 2 and not state.has_canasta(team):
        # A red three was the last stock card and the player holds one card that cannot be
        # discarded without going out: the round ends (docs/rules.md §9.1).
        events.append(StockExhausted())
        return _end_round(new, None, events)[0]
    return new


def _canasta_events(before: Meld | None, after: Meld, team: int, rules: RuleSet) -> list[Event]:
    if len(after.cards) >= rules.canasta_size and (
        before is None or len(before.cards) < rules.canasta_size
    ):
        return [CanastaCompleted(team, after.rank, after.wilds == 0)]
    return []


def _receive_pile(
    state: GameState, seat: int, cards: tuple[Card, ...], events: list[Event]
) -> GameState:
    """The rest of a taken pile goes to the hand; a red three in it is laid out, unreplaced."""
    team = team_of(seat)
    reds = tuple(c for c in cards if _is_red_three(c))
    rest = tuple(c for c in cards if not _is_red_three(c))
    for card in reds:
        events.append(RedThreeLaid(seat, card, False))
    return state.evolve(
        hands=_replace_at(state.hands, seat, _insert(state.hands[seat], rest)),
        red_threes=_replace_at(state.red_threes, team, state.red_threes[team] + reds),
        known=_replace_at(state.known, seat, tuple(sorted((*state.known[seat], *rest)))),
        pending=(),
    )


def _commit_placement(
    state: GameState, placement: _Placement, *, top: tuple[Card, ...]
) -> GameState:
    seat = state.turn
    team = team_of(seat)
    melded = state.melded[team]
    turn_value = state.turn_value + placement.value
    if not melded and turn_value >= state.minimums[team]:
        melded = True
    return state.evolve(
        hands=_replace_at(state.hands, seat, placement.hand_after),
        melds=_replace_at(state.melds, team, placement.melds_after),
        melded=_replace_at(state.melded, team, melded),
        turn_value=turn_value,
        placed=state.placed + tuple((placement.rank, c) for c in (*placement.cards, *top)),
        known=_replace_at(state.known, seat, _forget(state.known[seat], placement.cards)),
    )


def _take(state: GameState, placement: _Placement, events: list[Event]) -> GameState:
    seat = state.turn
    team = team_of(seat)
    top = state.pile[-1]
    rest = state.pile[:-1]
    before = state.team_meld(team, placement.rank)
    events.append(PileTaken(seat, top, placement.cards, len(state.pile)))
    events.extend(_canasta_events(before, placement.meld, team, state.rules))
    new = _commit_placement(state, placement, top=(top,)).evolve(
        pile=(), pile_frozen=False, phase=Phase.PLAY
    )
    if not new.melded[team]:
        return new.evolve(pending=rest)
    new = _receive_pile(new, seat, rest, events)
    if not new.hands[seat]:
        return _go_out(new, state, events)
    return new


def _meld(
    state: GameState, placement: _Placement, events: list[Event], *, lay_off: bool
) -> GameState:
    seat = state.turn
    team = team_of(seat)
    before = state.team_meld(team, placement.rank)
    if lay_off:
        events.append(CardsLaidOff(seat, placement.rank, placement.cards))
    else:
        events.append(Melded(seat, placement.rank, placement.cards, placement.merged))
    events.extend(_canasta_events(before, placement.meld, team, state.rules))
    new = _commit_placement(state, placement, top=()).evolve(played=True)
    if new.pending and new.melded[team]:
        new = _receive_pile(new, seat, new.pending, events)
    if not new.hands[seat] and not new.pending:
        return _go_out(new, state, events)
    return new


def _go_out(new: GameState, before: GameState, events: list[Event]) -> GameState:
    concealed = _is_concealed(before, new)
    events.append(WentOut(new.turn, concealed))
    return _end_round(new, new.turn, events, concealed=concealed)[0]


def _is_concealed(before: GameState, after: GameState) -> bool:
    """§6.2 with the seed's leniency: the player had not melded earlier this round, and the
    cards placed this turn, alone, form legal melds including a canasta."""
    if before.has_played[before.turn] or not after.placed:
        return False
    rules = before.rules
    groups: dict[int, list[Card]] = {}
    for rank, card in after.placed:
        groups.setdefault(rank, []).append(card)
    canasta = False
    for rank, cards in groups.items():
        wilds = sum(1 for c in cards if _is_wild(c))
        naturals = len(cards) - wilds
        if meld_error(naturals, wilds, rank=rank, rules=rules, black_threes=rank == 3) is not None:
            return False
        canasta = canasta or len(cards) >= rules.canasta_size
    return canasta


def _discard(
    state: GameState, card: Card, hand_after: tuple[Card, ...], events: list[Event]
) -> GameState:
    seat = state.turn
    events.append(Discarded(seat, card))
    pile = state.pile
    frozen = state.pile_frozen or (bool(pile) and (_is_wild(pile[-1]) or _is_red_three(pile[-1])))
    new = state.evolve(
        hands=_replace_at(state.hands, seat, hand_after),
        pile=(*pile, card),
        pile_frozen=frozen,
        known=_replace_at(state.known, seat, _forget(state.known[seat], (card,))),
    )
    if not hand_after:
        return _go_out(new, state, events)
    if state.placed and not state.has_played[seat]:
        new = new.evolve(has_played=_replace_at(state.has_played, seat, True))
    return _end_turn(new, events)[0]


# --------------------------------------------------------------------------- listing


@lru_cache(maxsize=65536)
def _sub_multisets(cards: tuple[Card, ...], low: int, high: int) -> tuple[tuple[Card, ...], ...]:
    """Every distinct sub-multiset of sorted ``cards`` with ``low`` to ``high`` cards."""
    kinds: list[tuple[Card, int]] = []
    for card in cards:
        if kinds and kinds[-1][0] == card:
            kinds[-1] = (card, kinds[-1][1] + 1)
        else:
            kinds.append((card, 1))
    out: list[tuple[Card, ...]] = []

    def walk(index: int, chosen: tuple[Card, ...]) -> None:
        if len(chosen) > high:
            return
        if index == len(kinds):
            if len(chosen) >= low:
                out.append(chosen)
            return
        card, count = kinds[index]
        for k in range(count + 1):
            walk(index + 1, chosen + (card,) * k)

    walk(0, ())
    return tuple(out)


@lru_cache(maxsize=8192)
def _hand_groups(hand: tuple[Card, ...]) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
    naturals: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    for card in hand:
        if card == 0 or 8 <= card < 12:
            wilds.append(card)
        else:
            naturals.setdefault(card >> 2, []).append(card)
    return {rank: tuple(cards) for rank, cards in naturals.items()}, tuple(wilds)


def _take_candidates(state: GameState) -> Iterable[TakePile]:
    if not state.pile or state.pile_blocked:
        return
    top = state.pile[-1]
    rank = top >> 2
    team = team_of(state.turn)
    naturals, wilds = _hand_groups(state.hands[state.turn])
    mine = naturals.get(rank, ())
    frozen = state.is_frozen_for(team)
    if frozen and len(mine) < 2:
        return
    rules = state.rules
    if not state.melded[team]:
        # No melds at all from the hand and the top card can reach the minimum: no take can.
        best, _ = max_meld_value(count_hand((*state.hands[state.turn], top)), {}, rules)
        if best < state.minimums[team]:
            return
    hand_size = len(state.hands[state.turn])
    fast = state.melded[team]
    if fast:
        shapes = _valid_shapes(rules)
        canasta = state.has_canasta(team)
        existing = state.team_meld(team, rank)
        base_n, base_w = (0, 0) if existing is None else (existing.naturals, existing.wilds)
        received = sum(1 for card in state.pile[:-1] if card not in (13, 14))
    for nat in _sub_multisets(mine, 2 if frozen else 0, len(mine)):
        for wild in ((),) if frozen else _sub_multisets(wilds, 0, rules.max_wilds):
            cards = wild + nat if rank != 1 else tuple(sorted(nat + wild))
            action = sorted_take(cards)
            if not fast:
                if is_legal(state, action):
                    yield action
                continue
            # The team has melded: the meld's shape and the two-card rule decide (§4, §3.3).
            if existing is None and len(cards) < 2:
                continue
            n = base_n + 1 + len(nat)
            w = base_w + len(wild)
            if (n, w) not in shapes:
                continue
            left = hand_size - len(cards) + received
            if left >= 2 or canasta or n + w >= rules.canasta_size:
                yield action


def _few_stranded(
    naturals: dict[int, tuple[Card, ...]], existing: dict[int, Meld], rules: RuleSet
) -> bool:
    """At most one card that no meld could take (so going out is not ruled out at once)."""
    stranded = 0
    for rank, cards in naturals.items():
        if rank == 3:
            black = sum(1 for card in cards if not _is_red_three(card))
            if black and black not in rules.black_three_meld_sizes:
                stranded += 1 if black - 1 in (0, *rules.black_three_meld_sizes) else 2
        elif len(cards) < rules.min_naturals and rank not in existing:
            stranded += len(cards)
    return stranded <= 1


_SHAPES: dict[int, tuple[RuleSet, frozenset[tuple[int, int]]]] = {}


def _valid_shapes(rules: RuleSet) -> frozenset[tuple[int, int]]:
    """Every legal ``(naturals, wilds)`` of an ordinary meld, cached per rule set."""
    cached = _SHAPES.get(id(rules))
    if cached is None or cached[0] is not rules:
        shapes = frozenset(
            (n, w)
            for n in range(rules.meld_max_size + 1)
            for w in range(rules.max_wilds + 1)
            if is_valid_shape(n, w, rules)
        )
        cached = _SHAPES[id(rules)] = (rules, shapes)
    return cached[1]


def _play_candidates(state: GameState) -> list[Action]:
    seat = state.turn
    team = team_of(seat)
    hand = state.hands[seat]
    rules = state.rules
    naturals, wilds = _hand_groups(hand)
    by_size: list[list[tuple[Card, ...]]] = [[] for _ in range(rules.max_wilds + 1)]
    for wild in _sub_multisets(wilds, 0, rules.max_wilds):
        by_size[len(wild)].append(wild)
    shapes = _valid_shapes(rules)
    existing = {meld.rank: meld for meld in state.melds[team]}
    # Most positions need no full validation of each candidate: with the team melded and
    # nothing asked, the meld's shape and the two-card rule decide; before the initial meld
    # the solver is asked directly. Anything rarer runs the full validator.
    plain = state.permission is None and not state.pending and 3 not in existing
    simple = plain and state.melded[team]
    initial = plain and not state.melded[team]
    canasta = state.has_canasta(team)
    canasta_size = rules.canasta_size
    size = len(hand)
    out: list[Action] = []
    melds_possible = True
    if initial:
        # If even every meldable card together falls short of the minimum, no meld or
        # lay-off can keep it reachable (§7.3).
        table = _table_counts(state.melds[team])
        need = state.minimums[team] - state.turn_value
        best, _ = max_meld_value(count_hand(hand), table, rules)
        melds_possible = best >= need

    def accept(action: MeldAction | LayOff, rank: int, n: int, w: int, meld_size: int) -> bool:
        """Whether a candidate of a valid shape is legal (see the regimes above)."""
        left = size - n - w
        if simple:
            return left >= 2 or canasta or meld_size >= canasta_size
        if not initial:
            return _quick_legal(state, action)
        canasta_after = canasta or meld_size >= canasta_size
        if left < 2 and not canasta_after:
            return False
        value = sum(_VALUE[card] for card in action.cards)
        if value >= need:
            return True
        if left == 0:
            return False
        before = table.get(rank, (0, 0))
        nat = sum(1 for card in action.cards if not (card == 0 or 8 <= card < 12))
        return can_reach(
            need - value,
            count_hand(_remove(hand, action.cards) or ()),
            {**table, rank: (before[0] + nat, before[1] + len(action.cards) - nat)},
            rules,
            has_canasta=canasta_after,
        )

    for rank, cards in naturals.items() if melds_possible else ():
        if rank in existing or _is_red_three(cards[0]):
            continue
        if rank == 3:
            for nat in _sub_multisets(cards, 2, len(cards)):
                if len(nat) in rules.black_three_meld_sizes and _quick_legal(
                    state, sorted_meld(nat)
                ):
                    out.append(sorted_meld(nat))
            continue
        for nat in _sub_multisets(cards, 2, len(cards)):
            n = len(nat)
            for w, group in enumerate(by_size):
                if (n, w) not in shapes:
                    continue
                if simple and not (size - n - w >= 2 or canasta or n + w >= canasta_size):
                    continue
                for wild in group:
                    action = sorted_meld(wild + nat if rank != 1 else tuple(sorted(nat + wild)))
                    if accept(action, rank, n, w, n + w):
                        out.append(action)
    for rank, meld in existing.items() if melds_possible else ():
        mine = naturals.get(rank, ())
        base_n, base_w, base_size = meld.naturals, meld.wilds, len(meld.cards)
        for nat in _sub_multisets(mine, 0, len(mine)):
            n = len(nat)
            for w, group in enumerate(by_size):
                if not n + w or (base_n + n, base_w + w) not in shapes:
                    continue
                if simple and not (
                    size - n - w >= 2 or canasta or base_size + n + w >= canasta_size
                ):
                    continue
                for wild in group:
                    lay_off = sorted_lay_off(
                        rank, wild + nat if rank != 1 else tuple(sorted(nat + wild))
                    )
                    if accept(lay_off, rank, n, w, base_size + n + w):
                        out.append(lay_off)
    # Whether a discard is legal never depends on which card it is (§3, §7.3, §8.2).
    if hand and ((size > 1 or canasta) if simple else _quick_legal(state, _DISCARDS[hand[0]])):
        out.extend(_DISCARDS[card] for card in sorted(set(hand)))
    if (
        not state.played
        and not state.asked
        and not state.pending
        and size >= 2
        and _few_stranded(naturals, existing, rules)
    ):
        try:
            _validate_ask(state)
        except IllegalActionError:
            pass
        else:
            out.append(_ASK)
    return out


def _quick_legal(state: GameState, action: Action) -> bool:
    try:
        _validate(state, action, None)
    except IllegalActionError:
        return False
    return True


_ASK = AskPartner()
_VALUE: dict[int, int] = {card: card_value(card) for card in set(full_deck())}
_ANSWERS: tuple[Action, ...] = (Answer(True), Answer(False))
_DISCARDS: dict[Card, Discard] = {card: Discard(card) for card in set(full_deck())}


def legal_actions(state: GameState) -> list[Action]:
    """Every distinct legal action of the current decision (identical cards counted once)."""
    phase = state.phase
    if phase is Phase.DRAW:
        actions: list[Action] = [DrawStock()] if state.stock else []
        actions.extend(_take_candidates(state))
        return actions
    if phase is Phase.PLAY:
        return _play_candidates(state)
    if phase is Phase.ANSWER:
        return list(_ANSWERS)
    if phase is Phase.ROUND_OVER:
        return [NextRound()]
    return []
