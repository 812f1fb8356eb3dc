"""What a shared table says of its people, without Textual: who is away and when a bot
takes over, whom the table waits for, whom the next deal waits for, who came and went (a
seat's log, and the host's terminal).

The seats' presence comes from the server (:class:`~canasta.net.wire.SeatStatus`); the
seconds left before a bot plays an away seat are counted down by the app.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence

from canasta.engine import Phase
from canasta.engine.words import listed
from canasta.net.wire import SeatStatus

__all__ = ["away_note", "comings_and_goings", "mover_sentence", "ready_sentence"]


def away_note(seat: SeatStatus, left: float | None) -> str | None:
    """A sentence about a person's seat that nobody plays from a device now (``None``:
    someone does, or a bot is seated there); ``left``: seconds until a bot plays it."""
    if seat.kind != "human":
        return None
    if seat.bot_playing:
        return f"{seat.name} is away: a bot plays for them until they are back."
    if seat.connected:
        return None
    if left is None:
        return f"{seat.name} is away: the table waits for them."
    return f"{seat.name} is away: a bot plays in {math.ceil(max(0.0, left))} s."


def mover_sentence(
    seat: SeatStatus, left: float | None, *, phase: Phase, asker: int, viewer: int, dots: str
) -> str:
    """Whom the table waits for, when another seat than ``viewer``'s must act: ``seat``
    (``left``: as for :func:`away_note`), in ``phase``; ``asker`` asked, in the answer
    phase."""
    away = away_note(seat, left)
    if away is not None:
        return away
    if phase is Phase.ANSWER:
        whose = "your" if asker == viewer else "their partner's"
        return f"Waiting for {seat.name} to answer {whose} question{dots}"
    if seat.kind == "human":
        return f"Waiting for {seat.name} to play{dots}"
    return f"{seat.name} is thinking{dots}"


def ready_sentence(seats: Sequence[SeatStatus], ready: Collection[int], *, dots: str) -> str:
    """Whom the next deal waits for, once the viewer is ready for it: every person there
    who is not ready yet (bots never hold a deal up)."""
    waiting = [
        seat.name
        for seat in seats
        if seat.kind == "human" and seat.connected and not seat.bot_playing
        if seat.seat not in ready
    ]
    if not waiting:
        return f"Everybody is ready: dealing{dots}"
    return f"You are ready: the next deal waits for {listed(waiting)}{dots}"


def comings_and_goings(
    before: Mapping[int, SeatStatus], after: Sequence[SeatStatus], *, viewer: int | None
) -> list[str]:
    """A sentence for each other person than ``viewer`` (``None``: for every person) who
    left the table, came back, or whose seat a bot took over, between two lists of the
    seats (for the log)."""
    lines = []
    for seat in after:
        old = before.get(seat.seat)
        if old is None or seat.seat == viewer or seat.kind != "human":
            continue
        if seat.bot_playing and not old.bot_playing:
            lines.append(f"{seat.name} is away: a bot plays for them.")
        elif old.connected and not seat.connected and not seat.bot_playing:
            lines.append(f"{seat.name} left the table.")
        elif seat.connected and not old.connected:
            lines.append(f"{seat.name} joined the table.")
    return lines
