"""The game state: one immutable value per position."""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import Any, NamedTuple

from canasta.engine.cards import Card
from canasta.engine.melds import Meld
from canasta.engine.rules import RuleSet
from canasta.engine.scoring import RoundScore

__all__ = ["GameState", "Phase", "Seat", "partner", "team_of"]


class Seat(IntEnum):
    """Seats in turn order; play passes to the left (clockwise)."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def label(self) -> str:
        """``South``, ``West``, ..."""
        return self.name.capitalize()


TEAM_NAMES = ("North-South", "East-West")


def team_of(seat: int) -> int:
    """0 for South and North, 1 for West and East."""
    return seat & 1


def partner(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) & 3


class Phase(Enum):
    """What the position waits for."""

    #: The player whose turn it is must draw or take the pile.
    DRAW = "draw"
    #: The player melds, lays off, asks partner, or discards.
    PLAY = "play"
    #: The partner must answer "may I go out?".
    ANSWER = "answer"
    #: The round is scored; ``next`` deals the next one.
    ROUND_OVER = "round_over"
    #: A team has won.
    GAME_OVER = "game_over"


class GameState(NamedTuple):
    """A whole game at one moment. Never mutated: :func:`canasta.engine.apply` returns a
    new state.

    Turn-local fields (``played``, ``turn_value``, ``placed``, ``pending``, ``asked``,
    ``permission``) describe the current turn and reset when the next one starts.
    """

    rules: RuleSet
    seed: int
    #: Decks supplied by the caller; round ``n`` uses ``stacked[n - 1]`` when present.
    stacked: tuple[tuple[Card, ...], ...]
    round_no: int
    dealer: int
    #: This round's deck as dealt (index 0 dealt first).
    deck: tuple[Card, ...]
    #: The face-down stock, top card first.
    stock: tuple[Card, ...]
    #: Each seat's hand, sorted.
    hands: tuple[tuple[Card, ...], ...]
    #: The discard pile, bottom first.
    pile: tuple[Card, ...]
    #: A wild card or red three lies in the pile below the top card.
    pile_frozen: bool
    #: Each team's melds, by rank ascending.
    melds: tuple[tuple[Meld, ...], tuple[Meld, ...]]
    red_threes: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: Whether each team has made its initial meld this round.
    melded: tuple[bool, bool]
    #: Each team's initial-meld minimum this round.
    minimums: tuple[int, int]
    #: Game totals after the rounds in ``history``.
    scores: tuple[int, int]
    history: tuple[tuple[RoundScore, RoundScore], ...]
    phase: Phase
    turn: int
    #: The player has melded or laid off this turn (the pile's top-card meld excepted).
    played: bool
    #: Card values placed this turn toward an unmet initial minimum.
    turn_value: int
    #: Cards this player placed this turn, as ``(rank, card)``, for the concealed bonus.
    placed: tuple[tuple[int, Card], ...]
    #: The rest of a pile taken for an initial meld, waiting until the minimum is met.
    pending: tuple[Card, ...]
    asked: bool
    #: Partner's answer this turn: ``True`` must go out, ``False`` may not, ``None`` not asked.
    permission: bool | None
    #: Each seat has melded or laid off earlier this round (spoils the concealed bonus).
    has_played: tuple[bool, bool, bool, bool]
    #: Cards publicly known to be in each hand (taken with the pile, not yet played).
    known: tuple[tuple[Card, ...], ...]
    #: Who went out to end the last round, if anyone.
    went_out: int | None
    winner: int | None

    @property
    def to_move(self) -> int | None:
        """The seat that must act now (``None`` between rounds and after the game)."""
        if self.phase is Phase.ANSWER:
            return partner(self.turn)
        if self.phase in (Phase.DRAW, Phase.PLAY):
            return self.turn
        return None

    @property
    def pile_top(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.pile[-1] if self.pile else None

    @property
    def pile_blocked(self) -> bool:
        """The top card is a three or a wild card: nobody may take the pile (§4)."""
        top = self.pile[-1] if self.pile else None
        return top is not None and ((top < 12 and top not in (4, 5, 6, 7)) or top >> 2 == 3)

    def is_frozen_for(self, team: int) -> bool:
        """The pile is frozen for ``team``: a wild or red three inside, or no initial meld."""
        return self.pile_frozen or not self.melded[team]

    def team_meld(self, team: int, rank: int) -> Meld | None:
        """``team``'s meld of ``rank``, if it has one."""
        for meld in self.melds[team]:
            if meld.rank == rank:
                return meld
        return None

    def has_canasta(self, team: int) -> bool:
        """Whether ``team`` has at least one canasta on the table."""
        size = self.rules.canasta_size
        return any(len(meld.cards) >= size for meld in self.melds[team])

    def evolve(self, **changes: Any) -> GameState:
        """A copy with ``changes`` applied (the engine's only way to make a new state)."""
        values = list(self)
        for name, value in changes.items():
            values[_INDEX[name]] = value
        return _tuple_new(GameState, values)


_INDEX: dict[str, int] = {name: index for index, name in enumerate(GameState._fields)}
_tuple_new = tuple.__new__
