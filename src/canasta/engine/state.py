"""The game state: one immutable value per position."""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from bisect import insort
from collections.abc import Collection, Iterable, Iterator
from enum import Enum, IntEnum
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple, TypeVar

from canasta.engine.cards import BLACK_THREES, RED_THREES, WILD_CARDS, Card, card_label, card_name
from canasta.engine.errors import IllegalActionError, Reason
from canasta.engine.events import Event
from canasta.engine.melds import Meld
from canasta.engine.rules import RuleSet, classic
from canasta.engine.scoring import RoundScore

__all__ = [
    "ANSWER_PHASE",
    "DRAW_PHASE",
    "GAME_OVER_PHASE",
    "PLAY_PHASE",
    "ROUND_OVER_PHASE",
    "GameState",
    "Phase",
    "Seat",
    "Step",
    "finished",
    "forget_cards",
    "not_in_hand",
    "replace_at",
    "with_cards",
    "without_cards",
]

T = TypeVar("T")

#: Top cards that block the pile (§4.2): threes and wild cards.
BLOCKING_CARDS: frozenset[Card] = WILD_CARDS | RED_THREES | BLACK_THREES


class Seat(IntEnum):
    """The seats of the classic four-player table, in turn order; play passes to the left
    (clockwise). :attr:`RuleSet.seat_names` names every table's seats."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def label(self) -> str:
        """``South``, ``West``, ..."""
        return self.name.capitalize()


#: The classic table's teams (:attr:`RuleSet.team_names` names every table's).
TEAM_NAMES = classic.team_names


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

    # Members are singletons, so identity hashes them as well as ``Enum``'s hash of the
    # name does, without a Python call on every lookup in a table keyed by phase.
    __hash__ = object.__hash__


#: The phases as module names, for the hot paths: in Python 3.11 reading a member through
#: its enum class goes through ``EnumType``'s attribute hook, several times slower.
DRAW_PHASE, PLAY_PHASE, ANSWER_PHASE, ROUND_OVER_PHASE, GAME_OVER_PHASE = Phase


class _Blank:
    """A state while :func:`_made` fills it in: the one kind whose fields may be set. It
    then becomes a :class:`GameState`, its subclass that adds no slots, so the switch of
    class is allowed, and checked at a third of its cost between unrelated classes."""

    # In field order (the order _fill gives them and GameState declares them), not sorted.
    __slots__ = (  # noqa: RUF023
        "rules",
        "seed",
        "stacked",
        "round_no",
        "dealer",
        "deck",
        "stock",
        "hands",
        "pile",
        "pile_frozen",
        "melds",
        "red_threes",
        "melded",
        "minimums",
        "scores",
        "history",
        "phase",
        "turn",
        "played",
        "turn_value",
        "placed",
        "pending",
        "asked",
        "permission",
        "has_played",
        "known",
        "went_out",
        "winner",
        "kitties",
        "kitty_taken",
    )


class GameState(_Blank):
    """A whole game at one moment. Never changed (setting a field raises):
    :func:`canasta.engine.apply` returns a new state.

    Turn-local fields (``played``, ``turn_value``, ``placed``, ``pending``, ``asked``,
    ``permission``) describe the current turn and reset when the next one starts.

    It behaves as the named tuple it was (``_fields``, ``_replace``, ``_asdict``, iteration,
    equality and hashing by value) but keeps each value in its own slot, which Python 3.11
    reads several times faster than a named tuple's field (the engine reads a few dozen
    fields per move). A copy reads and sets each slot (:func:`_copied`): every move makes
    one, and that costs less than keeping the values as a tuple besides, which a copy would
    unpack into the slots and build again.
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
    #: Each team's melds, by rank ascending (per-team tuples are sized by the rule set's
    #: partnerships, per-seat tuples by its players).
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    #: Whether each team has made its initial meld this round.
    melded: tuple[bool, ...]
    #: Each team's initial-meld minimum this round.
    minimums: tuple[int, ...]
    #: Game totals after the rounds in ``history``.
    scores: tuple[int, ...]
    #: Each round's scores, one per team.
    history: tuple[tuple[RoundScore, ...], ...]
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
    has_played: tuple[bool, ...]
    #: Cards publicly known to be in each hand (taken with the pile, not yet played).
    known: tuple[tuple[Card, ...], ...]
    #: Who went out to end the last round, if anyone.
    went_out: int | None
    winner: int | None
    #: Railroad (§13.6): each seat's kitty, dealt face down (empty once taken, and in
    #: rule sets without kitties).
    kitties: tuple[tuple[Card, ...], ...]
    #: Each seat has taken its kitty into its hand this round.
    kitty_taken: tuple[bool, ...]

    # The slots are _Blank's: GameState adds none.
    __slots__ = ()
    #: The field names, in order (as a named tuple's).
    _fields: ClassVar[tuple[str, ...]]

    def __new__(cls, *args: Any, **fields: Any) -> "GameState":
        """The state of every field, given in order or by name (as a named tuple's)."""
        if len(args) + len(fields) != len(_FIELDS) or not fields.keys() <= _INDEX.keys():
            raise TypeError(f"GameState takes exactly the fields {', '.join(_FIELDS)}.")
        return _made((*args, *(fields[name] for name in _FIELDS[len(args) :])))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"A GameState never changes: evolve() makes one with a new {name}.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"A GameState never changes: it keeps its {name}.")

    def __iter__(self) -> Iterator[Any]:
        return iter(_values(self))

    def __eq__(self, other: object) -> bool:
        return type(other) is GameState and _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        fields = zip(_FIELDS, _values(self), strict=True)
        return f"GameState({', '.join(f'{name}={value!r}' for name, value in fields)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _made, (_values(self),)

    def _replace(self, **changes: Any) -> "GameState":
        """:meth:`evolve`, by its named tuple name."""
        return self.evolve(**changes)

    def _asdict(self) -> dict[str, Any]:
        """The fields by name."""
        return dict(zip(_FIELDS, _values(self), strict=True))

    @property
    def to_move(self) -> int | None:
        """The seat that must act now (``None`` between rounds and after the game)."""
        if self.phase is Phase.ANSWER:
            return self.rules.partner(self.turn)
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
        return bool(self.pile) and self.pile[-1] in BLOCKING_CARDS

    def is_frozen_for(self, team: int) -> bool:
        """The pile is frozen for ``team``: a wild or red three inside, or no initial meld."""
        return self.pile_frozen or not self.melded[team]

    def team_meld(self, team: int, rank: int) -> Meld | None:
        """``team``'s meld of ``rank``, if it has one (with several melds of a rank, §13.4,
        the last: the open one when there is one, since canastas of a rank sort first)."""
        found = None
        for meld in self.melds[team]:
            if meld.rank == rank:
                found = meld
        return found

    def has_canasta(self, team: int) -> bool:
        """Whether ``team`` has at least one canasta on the table."""
        rules = self.rules
        return any(meld.is_canasta(rules) for meld in self.melds[team])

    def has_canastas_to_go_out(self, team: int) -> bool:
        """Whether ``team`` has the canastas that going out needs (§6.1)."""
        rules = self.rules
        canastas = sum(1 for meld in self.melds[team] if meld.is_canasta(rules))
        return canastas >= rules.canastas_to_go_out

    def evolve(self, **changes: Any) -> "GameState":
        """A copy with ``changes`` applied (the engine's only way to make a new state, with
        :meth:`draft` on its hot paths)."""
        new = _copied(self)
        for name, value in changes.items():
            setattr(new, name, value)
        return finished(new)

    def draft(self) -> "GameState":
        """A copy whose fields the caller sets one by one (``draft.stock = ...``) before
        :func:`finished` makes it a state: the moves played most (a draw, a discard, a meld)
        copy this way, since a field set directly costs a quarter of one that
        :meth:`evolve` sets by its name. A draft stays with the function that made it (or
        one it hands it to, to set more), and only its fields may be read."""
        draft: GameState = _copied(self)
        return draft

    def turn_begins(self, seat: int, draft: "GameState | None" = None) -> "GameState":
        """A copy where ``seat``'s turn begins: the draw phase, and the turn-local fields
        reset (``evolve`` of those eight fields, :data:`TURN_FIELDS`), made from ``draft``
        (a :meth:`draft` of this state) when given: the end of the turn before and the
        start of the next make one copy, not two."""
        new: Any = _copied(self) if draft is None else draft
        new.phase = DRAW_PHASE
        new.turn = seat
        new.played = False
        new.turn_value = 0
        new.placed = ()
        new.pending = ()
        new.asked = False
        new.permission = None
        return finished(new)


class Step(NamedTuple):
    """What an action (or the first deal) did: the new state and the events it caused."""

    state: GameState
    events: tuple[Event, ...]


_FIELDS: tuple[str, ...] = _Blank.__slots__
GameState._fields = _FIELDS
# The slots are named before the class that declares (and documents) each field's type.
if [name for name in GameState.__annotations__ if name != "_fields"] != [
    *_Blank.__slots__
]:  # pragma: no cover
    raise AssertionError("GameState must declare its fields in the order _Blank's slots hold.")
_INDEX: dict[str, int] = {name: index for index, name in enumerate(_FIELDS)}
#: Every value of a state, in field order, as a tuple.
_values = attrgetter(*_FIELDS)


_new = object.__new__


def _fill(state: Any, values: tuple[Any, ...]) -> None:
    """Give ``state`` its ``values``, in field order."""
    (
        state.rules,
        state.seed,
        state.stacked,
        state.round_no,
        state.dealer,
        state.deck,
        state.stock,
        state.hands,
        state.pile,
        state.pile_frozen,
        state.melds,
        state.red_threes,
        state.melded,
        state.minimums,
        state.scores,
        state.history,
        state.phase,
        state.turn,
        state.played,
        state.turn_value,
        state.placed,
        state.pending,
        state.asked,
        state.permission,
        state.has_played,
        state.known,
        state.went_out,
        state.winner,
        state.kitties,
        state.kitty_taken,
    ) = values


def _copied(state: GameState) -> Any:
    """A :class:`_Blank` holding every value of ``state``, to change before it becomes a
    :class:`GameState` (slot to slot: no tuple of the values is built)."""
    new: Any = _new(_Blank)
    new.rules = state.rules
    new.seed = state.seed
    new.stacked = state.stacked
    new.round_no = state.round_no
    new.dealer = state.dealer
    new.deck = state.deck
    new.stock = state.stock
    new.hands = state.hands
    new.pile = state.pile
    new.pile_frozen = state.pile_frozen
    new.melds = state.melds
    new.red_threes = state.red_threes
    new.melded = state.melded
    new.minimums = state.minimums
    new.scores = state.scores
    new.history = state.history
    new.phase = state.phase
    new.turn = state.turn
    new.played = state.played
    new.turn_value = state.turn_value
    new.placed = state.placed
    new.pending = state.pending
    new.asked = state.asked
    new.permission = state.permission
    new.has_played = state.has_played
    new.known = state.known
    new.went_out = state.went_out
    new.winner = state.winner
    new.kitties = state.kitties
    new.kitty_taken = state.kitty_taken
    return new


def finished(draft: GameState) -> GameState:
    """The state that ``draft`` (:meth:`GameState.draft`) has become, never changed again."""
    new: Any = draft
    new.__class__ = GameState
    return draft


def _made(values: tuple[Any, ...]) -> GameState:
    """The state of ``values`` (every field, in order)."""
    state: Any = _new(_Blank)
    _fill(state, values)
    state.__class__ = GameState
    made: GameState = state
    return made


# _fill names the fields one by one: each slot must read back its own value.
_probe = _made(tuple(range(len(_FIELDS))))
if [getattr(_probe, name) for name in _FIELDS] != list(range(len(_FIELDS))):  # pragma: no cover
    raise AssertionError("_fill must give every field of GameState its value, in field order.")
if _probe.evolve() != _probe:  # pragma: no cover
    raise AssertionError("_copied must copy every field of GameState.")
del _probe
#: The fields :meth:`GameState.turn_begins` sets, in field order.
TURN_FIELDS = ("phase", "turn", "played", "turn_value", "placed", "pending", "asked", "permission")


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced by ``value`` (per-seat and per-team data)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def without_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (a multiset difference), or ``None`` if a card is missing."""
    rest = list(hand)
    try:
        for card in cards:
            rest.remove(card)
    except ValueError:
        return None
    return tuple(rest)


def with_cards(hand: tuple[Card, ...], cards: Collection[Card]) -> tuple[Card, ...]:
    """``hand`` (sorted) with ``cards`` added, sorted."""
    if len(cards) == 1:
        # A draw's one card goes into its place, without sorting the whole hand again.
        (card,) = cards
        merged = list(hand)
        insort(merged, card)
        return tuple(merged)
    return tuple(sorted((*hand, *cards)))


def forget_cards(known: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """Public knowledge of a hand after ``cards`` left it."""
    if not known:
        return known
    rest = list(known)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def not_in_hand(cards: Iterable[Card]) -> IllegalActionError:
    """The refusal of a play naming cards the player does not hold (``the king of hearts``
    for one card, labels such as ``KH 7D`` for several)."""
    listed = list(cards)
    words = (
        f"the {card_name(listed[0])}"
        if len(listed) == 1
        else " ".join(card_label(c) for c in listed)
    )
    return IllegalActionError(
        Reason.NOT_IN_HAND, f"You do not hold {words}: choose cards from your hand.", "3"
    )
