"""Outside bots: programs in any language that play a seat over JSON lines.

``docs/protocol.md`` defines the protocol; :mod:`.messages` holds its messages (pydantic
models built from the engine's per-seat view), :mod:`.process` runs a bot's program,
:mod:`.external` is the seat (:class:`ExternalBot`, a :class:`canasta.bots.Bot`) with its
faults and fallback, and :mod:`.seats` reads seat values such as ``cmd:python my_bot.py``.
"""

from canasta.protocol.external import (
    DEFAULT_TIMEOUT,
    MAX_FAULTS,
    ExternalBot,
    close_bots,
    seat_bot,
    tell,
)
from canasta.protocol.messages import PROTOCOL_VERSION
from canasta.protocol.seats import command_argv, parse_seat_option, seat_kind, split_seats

__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_FAULTS",
    "PROTOCOL_VERSION",
    "ExternalBot",
    "close_bots",
    "command_argv",
    "parse_seat_option",
    "seat_bot",
    "seat_kind",
    "split_seats",
    "tell",
]
