"""Playing the game: :func:`apply`, a thin dispatch to the rule modules.

Every action is first validated by :func:`canasta.engine.legality.validate` (the same
checks that :func:`~canasta.engine.legality.check`, ``is_legal`` and the listing run), then
applied by the module of its rule family: :mod:`~canasta.engine.deal`,
:mod:`~canasta.engine.draw`, :mod:`~canasta.engine.pile`,
:mod:`~canasta.engine.placement`, :mod:`~canasta.engine.going_out` and
:mod:`~canasta.engine.turns`.
"""

from __future__ import annotations

from collections.abc import Callable
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
)
from canasta.engine.actions import Meld as MeldAction
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
from canasta.engine.placement import meld
from canasta.engine.state import GameState, Step
from canasta.engine.tuples import make
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
    appliers = _KIND_APPLIERS if state.rules.several_melds else _APPLIERS
    new = appliers[type(action)](state, action, prepared, events)
    return make(Step, (new, tuple(events)))


#: How a validated action of each kind is applied: ``(state, action, prepared, events)``,
#: where ``prepared`` is what :func:`validate` returned for it.
Applier = Callable[[GameState, Any, Any, list[Event]], GameState]

_APPLIERS: dict[type[Action], Applier] = {
    NextRound: lambda state, action, prepared, events: deal_round(state, events),
    DrawStock: lambda state, action, prepared, events: draw(state, events),
    TakePile: lambda state, action, placement, events: take(state, placement, events),
    MeldAction: meld,
    LayOff: meld,
    Discard: discard,
    AskPartner: lambda state, action, prepared, events: ask(state, events),
    Answer: lambda state, action, prepared, events: answer(state, action.yes, events),
}

#: Railroad's (§13): its own draw, take, plays and discard.
_KIND_APPLIERS: dict[type[Action], Applier] = {
    **_APPLIERS,
    DrawStock: lambda state, action, prepared, events: kind_draw(state, events),
    TakePile: lambda state, action, placement, events: apply_kind_take(state, placement, events),
    MeldAction: lambda state, action, placement, events: apply_kind_placement(
        state, placement, events, lay_off=False
    ),
    LayOff: lambda state, action, placement, events: apply_kind_placement(
        state, placement, events, lay_off=True
    ),
    Discard: lambda state, action, hand_after, events: kind_discard(
        state, action.card, hand_after, events
    ),
}
