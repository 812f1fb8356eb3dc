"""The rules of classic partnership Canasta: pure, deterministic, no I/O.

The public API (see ``docs/notation.md`` and ``docs/rules.md``)::

    from canasta.engine import new_game, apply, legal_actions, parse_action, view
    state = new_game(seed=7)
    state, events = apply(state, parse_action("draw"))

Records and positions (JSON, validated by pydantic) load lazily from
:mod:`canasta.engine.record`, so importing the engine stays fast. Once imported, the engine
leaves what the process has loaded out of every later garbage collection
(:func:`~canasta.engine.memo.freeze_loaded`), so that no full collection walks it in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    TakePile,
    parse_action,
)
from canasta.engine.cards import (
    JOKER,
    Card,
    Suit,
    card_label,
    card_name,
    card_of,
    card_text,
    card_value,
    cards_text,
    cards_value,
    full_deck,
    is_red_three,
    is_wild,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from canasta.engine.errors import CanastaError, IllegalActionError, NotationError, Reason
from canasta.engine.events import Event
from canasta.engine.game import (
    Step,
    apply,
    check,
    is_legal,
    legal,
    legal_actions,
    new_game,
    seat_name,
    start_game,
)
from canasta.engine.legality import LegalActions, canonical
from canasta.engine.melds import Meld as TableMeld
from canasta.engine.memo import freeze_loaded
from canasta.engine.rules import COMPASS, PLAYER_COUNTS, SYSTEMS, RuleSet, classic, preset
from canasta.engine.scoring import RoundScore
from canasta.engine.state import TEAM_NAMES, GameState, Phase, Seat
from canasta.engine.view import PlayerView, determinize, view

if TYPE_CHECKING:
    from canasta.engine.record import (
        GameRecord,
        Position,
        load_position,
        load_record,
        position_of,
        replay,
    )

__all__ = [
    "COMPASS",
    "JOKER",
    "PLAYER_COUNTS",
    "SYSTEMS",
    "TEAM_NAMES",
    "Action",
    "Answer",
    "AskPartner",
    "CanastaError",
    "Card",
    "Discard",
    "DrawStock",
    "Event",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "LayOff",
    "LegalActions",
    "Meld",
    "NextRound",
    "NotationError",
    "Phase",
    "PlayerView",
    "Position",
    "Reason",
    "RoundScore",
    "RuleSet",
    "Seat",
    "Step",
    "Suit",
    "TableMeld",
    "TakePile",
    "apply",
    "canonical",
    "card_label",
    "card_name",
    "card_of",
    "card_text",
    "card_value",
    "cards_text",
    "cards_value",
    "check",
    "classic",
    "determinize",
    "full_deck",
    "is_legal",
    "is_red_three",
    "is_wild",
    "legal",
    "legal_actions",
    "load_position",
    "load_record",
    "new_game",
    "parse_action",
    "parse_card",
    "parse_cards",
    "position_of",
    "preset",
    "rank_of",
    "replay",
    "seat_name",
    "start_game",
    "suit_of",
    "view",
]

_LAZY = {"GameRecord", "Position", "load_position", "load_record", "position_of", "replay"}


# Last: what the modules made lives as long as the process.
freeze_loaded("canasta.engine")


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from canasta.engine import record

        return getattr(record, name)
    raise AttributeError(f"module 'canasta.engine' has no attribute {name!r}")
