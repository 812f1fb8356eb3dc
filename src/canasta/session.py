"""The session: one game, its seats, and the one command path every input goes through.

The session knows nothing of Textual: the terminal app and the shared table's server
(:mod:`canasta.net`) each hold their game in one. It owns the current state, the list of
actions that led to it from the first deal (a game record, ready to be saved) and the stack
of states that ``undo`` may return to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.engine import (
    Action,
    GameState,
    IllegalActionError,
    LayOff,
    Meld,
    Phase,
    apply,
)
from canasta.engine.events import Event

__all__ = ["HUMAN", "Session"]

#: The seat kind of a person at the keyboard (any other kind is a bot level).
HUMAN = "human"


@dataclass(frozen=True, slots=True)
class _Undoable:
    """A state the player may return to, and the number of actions recorded before it."""

    state: GameState
    recorded: int


class Session:
    """One game in progress: the state, who sits where, and every action so far.

    Args:
        initial: the state before the first action (from :func:`canasta.engine.new_game`
            or a position).
        seats: ``HUMAN`` or a bot level for every seat of the rule set's table, in turn
            order from South.
        names: the players' names in the same order (by default the seats' names).

    Raises:
        ValueError: ``seats`` or ``names`` is not one per seat.
    """

    def __init__(
        self, initial: GameState, *, seats: Sequence[str], names: Sequence[str] | None = None
    ) -> None:
        rules = initial.rules
        if len(seats) != rules.players or (names is not None and len(names) != rules.players):
            raise ValueError(
                f"A session of {rules.label} needs one kind and one name for each seat: "
                f"{', '.join(rules.seat_names)}."
            )
        self.initial = initial
        self.seats: tuple[str, ...] = tuple(seats)
        self.names: tuple[str, ...] = tuple(names) if names is not None else rules.seat_names
        self.actions: list[Action] = []
        self._state = initial
        self._undo: list[_Undoable] = []

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._state

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.seats[seat] == HUMAN

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == HUMAN)

    @property
    def human_to_move(self) -> bool:
        """Whether the seat that must act now is played by a person."""
        mover = self._state.to_move
        return mover is not None and self.is_human(mover)

    def apply(self, action: Action, *, seat: int | None = None) -> tuple[Event, ...]:
        """Play ``action`` (for ``seat``, when given) and return the events it caused.

        Raises:
            IllegalActionError: the engine's refusal; the session is unchanged.
        """
        before = self._state
        step = apply(before, action, seat=seat)
        if isinstance(action, (Meld, LayOff)) and step.state.phase is Phase.PLAY:
            self._undo.append(_Undoable(before, len(self.actions)))
        else:
            # A draw, a pile taken, a question, an answer, a discard: nothing before it may
            # be taken back.
            self._undo.clear()
        self.actions.append(action)
        self._state = step.state
        return step.events

    def apply_all(self, actions: Sequence[Action], *, seat: int | None = None) -> tuple[Event, ...]:
        """Play ``actions`` one after another: all of them, or (on a refusal) none.

        The whole sequence is tried on the current state first (states are immutable, so
        trying changes nothing).

        Raises:
            IllegalActionError: the first refusal; the session is unchanged.
        """
        self.check_all(actions, seat=seat)
        events: list[Event] = []
        for action in actions:
            events.extend(self.apply(action, seat=seat))
        return tuple(events)

    def try_all(self, actions: Sequence[Action], *, seat: int | None = None) -> bool:
        """Whether :meth:`apply_all` would accept ``actions`` now."""
        try:
            self.check_all(actions, seat=seat)
        except IllegalActionError:
            return False
        return True

    def check_all(self, actions: Sequence[Action], *, seat: int | None = None) -> None:
        """Try ``actions`` one after another on the current state (states are immutable:
        nothing changes).

        Raises:
            IllegalActionError: the first refusal.
        """
        trial = self._state
        for action in actions:
            trial = apply(trial, action, seat=seat).state

    @property
    def can_undo(self) -> bool:
        """Whether a meld or lay-off made since the draw can be taken back."""
        return bool(self._undo)

    def undo(self) -> Action:
        """Take back the last meld or lay-off of this turn and return it.

        Raises:
            LookupError: when there is nothing to take back.
        """
        if not self._undo:
            raise LookupError("There is nothing to undo since the draw.")
        point = self._undo.pop()
        undone = self.actions[point.recorded]
        del self.actions[point.recorded :]
        self._state = point.state
        return undone
