"""Who sits where at a table: each seat's kind, name and token, the connection of each
person who is there, and the countdown of each person who is away.

A human seat whose person is away is waited for; once the table's away timeout has passed a
bot plays it (``bot_playing``) until the person joins again. A seat nobody has joined yet
is only waited for, so people have time to open their links; after a restart every
person's seat starts away (:meth:`Seating.all_away`).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from canasta.bots import BOTS
from canasta.choices import is_command
from canasta.engine import CanastaError, RuleSet
from canasta.engine.narrate import YOU
from canasta.engine.words import MAX_NAME_LENGTH
from canasta.net.outbox import Attendee
from canasta.net.wire import SeatStatus
from canasta.persist import SessionInfo, session_info
from canasta.protocol import seat_kind
from canasta.session import HUMAN

__all__ = ["Seating", "seated"]


def seated(
    rules: RuleSet, seats: Sequence[str], names: Sequence[str] | None
) -> tuple[list[str], SessionInfo]:
    """The seats of a new table: each seat's kind (``human``, a bot level or
    ``cmd:COMMAND``, as ``seats`` gives them) and who sits there under which name (by
    default the seats' own).

    Raises:
        CanastaError: a seat kind is unknown, a seat has no kind or no name, a name is not
            a player's name, a player is named "You", or two players share a name.
    """
    kinds = [HUMAN if kind == HUMAN else seat_kind(kind, BOTS) for kind in seats]
    names = tuple(names) if names is not None else rules.seat_names
    if len(kinds) != rules.players or len(names) != rules.players:
        raise CanastaError(
            f"A table of {rules.label} needs one kind and one name for each seat: "
            f"{', '.join(rules.seat_names)}."
        )
    try:
        info = session_info(kinds, names=names, pace="normal")
    except ValidationError:
        raise CanastaError(
            f"The names {', '.join(names)} cannot all be used: a player's name has 1 to "
            f"{MAX_NAME_LENGTH} printable characters."
        ) from None
    if any(seat.name.casefold() == YOU.casefold() for seat in info.seats):
        raise CanastaError(
            f'No player may be named "{YOU}": every screen calls its own player that, so '
            "the others could not tell who played. Give that seat another name."
        )
    called: dict[str, str] = {}
    for count, seat in enumerate(info.seats, start=1):
        first = called.setdefault(seat.name.casefold(), seat.name)
        if len(called) < count:  # the name was there already
            raise CanastaError(
                f"Two players may not both be called {first}: the log could not tell their "
                "moves apart. Give one of them another name."
            )
    return kinds, info


@dataclass(slots=True)
class _Seat:
    kind: str
    token: str | None
    attendee: Attendee | None = None
    #: The loop time at which a bot takes this away human seat over.
    deadline: float | None = None
    timer: asyncio.TimerHandle | None = None
    bot_playing: bool = False

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


class Seating:
    """The seats of one table (made inside the running event loop).

    Args:
        kinds: every seat's kind: ``human``, a bot level or ``cmd:COMMAND``.
        tokens: every human seat's token (``None`` for the others).
        away_timeout: seconds an away person is waited for (``None``: until they are back).
        taken_over: called with a seat's number when a bot starts playing it.
    """

    def __init__(
        self,
        kinds: Sequence[str],
        tokens: Sequence[str | None],
        *,
        away_timeout: float | None,
        taken_over: Callable[[int], None],
    ) -> None:
        self.away_timeout = away_timeout
        self._seats = [_Seat(kind, token) for kind, token in zip(kinds, tokens, strict=True)]
        self._taken_over = taken_over
        self._loop = asyncio.get_running_loop()

    @property
    def tokens(self) -> tuple[str | None, ...]:
        """Every seat's token (``None`` for a bot's)."""
        return tuple(seat.token for seat in self._seats)

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens, if any."""
        found = None
        given = token.encode()
        for number, seat in enumerate(self._seats):
            # Every seat is compared, in constant time, so timing tells nothing.
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), given):
                found = number
        return found

    def attendee(self, number: int) -> Attendee | None:
        """The connection at seat ``number``, if a person is there."""
        return self._seats[number].attendee

    def attendees(self) -> list[Attendee]:
        """Every connection at the table, in seat order."""
        return [seat.attendee for seat in self._seats if seat.attendee is not None]

    def present(self) -> set[int]:
        """The seats whose person is there."""
        return {number for number, seat in enumerate(self._seats) if seat.attendee is not None}

    def sit(self, attendee: Attendee) -> None:
        """Seat ``attendee``: its person is back, and no bot plays the seat any more."""
        seat = self._seats[attendee.seat]
        seat.attendee = attendee
        if seat.timer is not None:
            seat.timer.cancel()
        seat.timer = seat.deadline = None
        seat.bot_playing = False

    def leave(self, number: int) -> None:
        """The person at seat ``number`` left: the away countdown starts."""
        self._seats[number].attendee = None
        self._away(self._seats[number], number)

    def all_away(self) -> None:
        """Every person's seat starts away (a table opened again from its file)."""
        for number, seat in enumerate(self._seats):
            if seat.human:
                self._away(seat, number)

    def bot_plays(self, number: int) -> bool:
        """Whether a bot makes seat ``number``'s moves now."""
        seat = self._seats[number]
        return not seat.human or seat.bot_playing

    def close(self) -> None:
        """Stop every countdown."""
        for seat in self._seats:
            if seat.timer is not None:
                seat.timer.cancel()

    def statuses(self, names: Sequence[str]) -> list[SeatStatus]:
        """Each seat's status, under ``names``."""
        now = self._loop.time()
        statuses = []
        for number, seat in enumerate(self._seats):
            away = None
            if seat.human and seat.attendee is None:
                if seat.bot_playing:
                    away = 0.0
                elif seat.deadline is not None:
                    away = max(0.0, round(seat.deadline - now, 1))
            statuses.append(
                SeatStatus(
                    seat=number,
                    name=names[number],
                    kind="human" if seat.human else "outside" if is_command(seat.kind) else "bot",
                    connected=not seat.human or seat.attendee is not None,
                    away=away,
                    bot_playing=seat.bot_playing,
                )
            )
        return statuses

    def _away(self, seat: _Seat, number: int) -> None:
        if self.away_timeout is None:
            return
        seat.deadline = self._loop.time() + self.away_timeout
        seat.timer = self._loop.call_later(self.away_timeout, self._take_over, seat, number)

    def _take_over(self, seat: _Seat, number: int) -> None:
        seat.timer = None
        seat.bot_playing = True
        self._taken_over(number)
