"""What may be done now: ``check``, ``is_legal``, ``legal_actions`` and the lazy view.

Each rule module owns its validator and its listing, and the listing runs the validator's
own guard on every candidate, so an action is listed exactly when :func:`check` accepts it
(up to the one play with two spellings: a meld of a rank the team has is listed once, as
the lay-off, §5.3; :func:`canonical` maps one to the other).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

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
)
from canasta.engine.actions import Meld as MeldAction
from canasta.engine.cards import RANK_OF, Card
from canasta.engine.draw import validate_draw
from canasta.engine.errors import CanastaError, IllegalActionError, Reason
from canasta.engine.facts import turn_facts
from canasta.engine.going_out import ask_refusal, validate_ask
from canasta.engine.kind_play import (
    kind_canonical,
    kind_meld_candidates,
    kind_take_candidates,
    validate_kind_meld,
    validate_kind_take,
)
from canasta.engine.kind_turns import kind_discards, validate_kind_discard
from canasta.engine.meld_listing import meld_candidates
from canasta.engine.melds import split_rank
from canasta.engine.memo import slots
from canasta.engine.pile import take_candidates, validate_take
from canasta.engine.placement import Placement, validate_meld
from canasta.engine.rules import RuleSet, classic
from canasta.engine.state import ANSWER_PHASE, DRAW_PHASE, PLAY_PHASE, GameState, Phase
from canasta.engine.turns import discard_error, validate_discard

__all__ = [
    "LegalActions",
    "canonical",
    "check",
    "is_legal",
    "legal",
    "legal_actions",
    "seat_name",
    "validate",
]


def seat_name(seat: int, rules: RuleSet = classic) -> str:
    """The name of ``seat`` at ``rules``'s table (``South``, ``West``, ...)."""
    return rules.seat_name(seat)


def _phase_error(state: GameState) -> IllegalActionError:
    if state.phase is Phase.GAME_OVER:
        return IllegalActionError(Reason.GAME_OVER, "The game is over: start a new game.", "10")
    if state.phase is Phase.ROUND_OVER:
        return IllegalActionError(
            Reason.WRONG_PHASE, "The round is over: deal the next round with 'next'.", "9"
        )
    who = seat_name(state.turn, state.rules)
    if state.phase is Phase.ANSWER:
        # Only a player with a partner may ask (going_out.validate_ask).
        mate = state.to_move
        assert mate is not None
        return IllegalActionError(
            Reason.WRONG_PHASE,
            f"{seat_name(mate, state.rules)} must first answer {who}'s question with 'yes' "
            "or 'no'.",
            "8",
        )
    if state.phase is Phase.DRAW:
        return IllegalActionError(
            Reason.WRONG_PHASE, f"{who} must first draw from the stock or take the pile.", "3"
        )
    return IllegalActionError(
        Reason.WRONG_PHASE, f"{who} has already drawn: meld, lay off or discard.", "3"
    )


Prepared = Placement | tuple[Card, ...] | None


def validate(state: GameState, action: Action, seat: int | None = None) -> Prepared:
    """Raise if ``action`` is illegal now; otherwise return what applying it needs (the
    placement of a meld, lay-off or take; the hand after a discard)."""
    if seat is not None and seat != state.to_move:
        mover = state.to_move
        raise IllegalActionError(
            Reason.NOT_YOUR_TURN,
            "It is nobody's turn: the round is over."
            if mover is None
            else f"It is {seat_name(mover, state.rules)}'s turn, not "
            f"{seat_name(seat, state.rules)}'s.",
            "3",
        )
    check_kind = _CHECKS.get(type(action))
    if check_kind is None:
        if state.phase is not PLAY_PHASE:
            raise _phase_error(state)
        raise CanastaError(f"{action!r} is not an action.")
    return check_kind(state, action)


def _check_next(state: GameState, action: NextRound) -> None:
    if state.phase is Phase.ROUND_OVER:
        return
    if state.phase is Phase.GAME_OVER:
        raise IllegalActionError(Reason.GAME_OVER, "The game is over: start a new game.", "9")
    raise IllegalActionError(Reason.ROUND_NOT_OVER, "The round is still being played.", "9")


def _check_answer(state: GameState, action: Answer) -> None:
    if state.phase is not ANSWER_PHASE:
        raise IllegalActionError(Reason.WRONG_PHASE, 'Nobody has asked "may I go out?".', "8")


def _check_draw(state: GameState, action: DrawStock) -> None:
    if state.phase is not DRAW_PHASE:
        raise _phase_error(state)
    if not state.rules.empty_stock_draw_ends:
        validate_draw(state)


def _check_take(state: GameState, action: TakePile) -> Placement:
    if state.phase is not DRAW_PHASE:
        raise _phase_error(state)
    if state.rules.several_melds:
        return validate_kind_take(state, action)
    return validate_take(state, action)


def _check_placement(state: GameState, action: MeldAction | LayOff) -> Placement:
    if state.phase is not PLAY_PHASE:
        raise _phase_error(state)
    if state.rules.several_melds:
        return validate_kind_meld(state, action)
    return validate_meld(state, action)


def _check_discard(state: GameState, action: Discard) -> tuple[Card, ...]:
    if state.phase is not PLAY_PHASE:
        raise _phase_error(state)
    if state.rules.several_melds:
        return validate_kind_discard(state, action)
    return validate_discard(state, action)


def _check_ask(state: GameState, action: AskPartner) -> None:
    if state.phase is not PLAY_PHASE:
        raise _phase_error(state)
    validate_ask(state)


#: Each kind of action's check, found by its exact type.
_CHECKS: dict[type[Action], Callable[[GameState, Any], Prepared]] = {
    NextRound: _check_next,
    Answer: _check_answer,
    DrawStock: _check_draw,
    TakePile: _check_take,
    MeldAction: _check_placement,
    LayOff: _check_placement,
    Discard: _check_discard,
    AskPartner: _check_ask,
}


def check(state: GameState, action: Action, *, seat: int | None = None) -> None:
    """Raise :class:`IllegalActionError` if ``action`` is illegal now; return otherwise.

    With ``seat``, also require that it is that seat's decision.
    """
    validate(state, action, seat)


def is_legal(state: GameState, action: Action, *, seat: int | None = None) -> bool:
    """Whether ``action`` is legal now (the boolean form of :func:`check`)."""
    try:
        validate(state, action, seat)
    except IllegalActionError:
        return False
    return True


def canonical(state: GameState, action: Action) -> Action:
    """The listed spelling of ``action``: a meld of a rank the team already has is the
    lay-off of those cards (§5.3; railroad: onto its open meld, §13.4); every other action
    is its own."""
    if state.rules.several_melds:
        return kind_canonical(state, action) if state.phase is Phase.PLAY else action
    if isinstance(action, MeldAction) and state.phase is Phase.PLAY:
        rank = split_rank(action.cards)
        team = state.rules.team_of(state.turn)
        if rank and state.team_meld(team, rank) is not None:
            return sorted_lay_off(rank, action.cards)
    return action


_DRAW = DrawStock()
_ASK = AskPartner()
_ANSWERS: list[Action] = [Answer(True), Answer(False)]
_NEXT = NextRound()
#: Each card's discard, by its code (codes 1 to 3 are no card's, and never read).
_DISCARDS: tuple[Discard, ...] = tuple(Discard(Card(code)) for code in range(len(RANK_OF)))


def _draws(state: GameState) -> list[DrawStock]:
    return [_DRAW] if state.stock or state.rules.empty_stock_draw_ends else []


def _discards(state: GameState) -> list[Discard]:
    hand = state.hands[state.turn]
    if not hand or discard_error(state, hand[1:]):
        return []
    # Whether a discard is legal never depends on which held card it is. A sorted hand holds
    # identical cards together: each distinct card is listed once, where it first comes (a
    # loop costs half of ``dict.fromkeys``).
    out = []
    last = -1
    for card in hand:
        if card != last:
            out.append(_DISCARDS[card])
            last = card
    return out


def _ask(state: GameState) -> list[AskPartner]:
    # The meld listing has just gathered the turn's facts, the table of melds among them.
    return [] if ask_refusal(state, turn_facts(state).table) else [_ASK]


def _answers(state: GameState) -> list[Action]:
    return _ANSWERS


def _next(state: GameState) -> list[NextRound]:
    return [_NEXT]


Family = Callable[[GameState], Sequence[Action]]

#: The rule modules' own listings of takes and of melds and lay-offs, by whether the rules
#: have several melds of a rank (railroad, §13).
_TAKES: dict[bool, Callable[[GameState], list[TakePile]]] = {
    False: take_candidates,
    True: kind_take_candidates,
}
_MELDS: dict[bool, Callable[[GameState], list[MeldAction | LayOff]]] = {
    False: meld_candidates,
    True: kind_meld_candidates,
}

#: Each phase's families of actions, in listing order, by whether the rules have several
#: melds of a rank: the listing calls each rule module's own.
_FAMILIES: dict[bool, dict[Phase, tuple[Family, ...]]] = {
    several: {
        Phase.DRAW: (_draws, _TAKES[several]),
        Phase.PLAY: (_MELDS[several], kind_discards if several else _discards, _ask),
        Phase.ANSWER: (_answers,),
        Phase.ROUND_OVER: (_next,),
        Phase.GAME_OVER: (),
    }
    for several in (False, True)
}


class LegalActions:
    """The legal actions of a position, generated lazily (as python-chess's legal moves).

    ``action in legal`` asks the validator alone; ``any_meld()``, ``bool()`` and iteration
    work one family of actions (draws, takes, melds and lay-offs, discards, ...) at a time
    and stop at the first answer; ``len()`` and indexing build the list once.
    """

    __slots__ = ("_list", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._list: list[Action] | None = None

    def _generate(self) -> Iterator[Action]:
        state = self.state
        for family in _FAMILIES[state.rules.several_melds][state.phase]:
            yield from family(state)

    def __iter__(self) -> Iterator[Action]:
        if self._list is not None:
            return iter(self._list)
        return self._generate()

    def actions(self) -> list[Action]:
        """Every legal action, as a list (built once)."""
        if self._list is None:
            self._list = list(self._generate())
        return self._list

    def __len__(self) -> int:
        return len(self.actions())

    def __getitem__(self, index: int) -> Action:
        return self.actions()[index]

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, _ACTION_TYPES)
            and canonical(self.state, action) == action
            and is_legal(self.state, action)
        )

    def any_meld(self) -> bool:
        """Whether any meld or lay-off is legal now."""
        state = self.state
        return state.phase is Phase.PLAY and bool(_MELDS[state.rules.several_melds](state))

    def can_take_pile(self) -> bool:
        """Whether the pile may be taken now."""
        state = self.state
        return state.phase is Phase.DRAW and bool(_TAKES[state.rules.several_melds](state))

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(map(str, self))})>"


_ACTION_TYPES = (DrawStock, TakePile, MeldAction, LayOff, Discard, AskPartner, Answer, NextRound)


def legal(state: GameState) -> LegalActions:
    """The lazy view of the legal actions of ``state``."""
    return LegalActions(state)


def legal_actions(state: GameState) -> list[Action]:
    """Every distinct legal action of the current decision (identical cards counted once)."""
    last = _last_listed[0]
    if last[0] is state:
        return list(last[1])
    out: list[Action] = []
    for family in _FAMILIES[state.rules.several_melds][state.phase]:
        out.extend(family(state))
    # A player and its checks often ask the same position twice (a state never changes).
    _last_listed[0] = (state, tuple(out))
    return out


#: The position listed last, and its legal actions.
_last_listed: list[tuple[GameState | None, tuple[Action, ...]]] = slots((None, ()))
