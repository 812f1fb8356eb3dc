"""Playing the game: :func:`apply`, a thin dispatch to the rule modules.

Every action is first validated by :func:`canasta.engine.legality.validate` (the same
checks that :func:`~canasta.engine.legality.check`, ``is_legal`` and the listing run), then
applied by the module of its rule family: :mod:`~canasta.engine.deal`,
:mod:`~canasta.engine.draw`, :mod:`~canasta.engine.pile`,
:mod:`~canasta.engine.placement`, :mod:`~canasta.engine.going_out` and
:mod:`~canasta.engine.turns`.
"""

from __future__ import annotations

from typing import cast

from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    NextRound,
    TakePile,
)
from canasta.engine.actions import Meld as MeldAction
from canasta.engine.cards import Card
from canasta.engine.deal import deal_round, new_game, shuffled_deck, start_game
from canasta.engine.draw import draw
from canasta.engine.events import Event
from canasta.engine.going_out import answer, ask
from canasta.engine.kind_turns import (
    apply_kind_placement,
    apply_kind_take,
    kind_discard,
    kind_draw,
)
from canasta.engine.legality import check, is_legal, legal, legal_actions, seat_name, validate
from canasta.engine.pile import take
from canasta.engine.placement import Placement, meld
from canasta.engine.state import GameState, Step
from canasta.engine.turns import discard

__all__ = [
    "Step",
    "apply",
    "check",
    "is_legal",
    "legal",
    "legal_actions",
    "new_game",
    "seat_name",
    "shuffled_deck",
    "start_game",
]


def apply(state: GameState, action: Action, *, seat: int | None = None) -> Step:
    """Play ``action`` and return the new state with the events it caused.

    Raises:
        IllegalActionError: if the action is illegal; ``state`` is untouched (it is immutable).
    """
    prepared = validate(state, action, seat)
    events: list[Event] = []
    if state.rules.several_melds:
        return Step(_apply_kinds(state, action, prepared, events), tuple(events))
    match action:
        case NextRound():
            new = deal_round(state, events)
        case DrawStock():
            new = draw(state, events)
        case TakePile():
            new = take(state, cast(Placement, prepared), events)
        case MeldAction():
            new = meld(state, cast(Placement, prepared), events, lay_off=False)
        case LayOff():
            new = meld(state, cast(Placement, prepared), events, lay_off=True)
        case Discard(card=card):
            new = discard(state, card, cast(tuple[Card, ...], prepared), events)
        case AskPartner():
            new = ask(state, events)
        case Answer(yes=yes):
            new = answer(state, yes, events)
    return Step(new, tuple(events))


def _apply_kinds(
    state: GameState,
    action: Action,
    prepared: Placement | tuple[Card, ...] | None,
    events: list[Event],
) -> GameState:
    """Apply a validated action of railroad (§13): its own draw, take, plays and discard."""
    match action:
        case DrawStock():
            return kind_draw(state, events)
        case TakePile():
            return apply_kind_take(state, cast(Placement, prepared), events)
        case MeldAction():
            return apply_kind_placement(state, cast(Placement, prepared), events, lay_off=False)
        case LayOff():
            return apply_kind_placement(state, cast(Placement, prepared), events, lay_off=True)
        case Discard(card=card):
            return kind_discard(state, card, cast(tuple[Card, ...], prepared), events)
        case NextRound():
            return deal_round(state, events)
        case AskPartner():
            return ask(state, events)
        case Answer(yes=yes):
            return answer(state, yes, events)
    raise AssertionError(f"{action!r} passed validation")  # pragma: no cover
