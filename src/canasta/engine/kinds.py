"""Railroad's kinds of canasta and the sevens lock (docs/rules.md §13.4, §13.8, §13.10).

A railroad player keeps several melds of a rank: the canastas of it, closed at seven cards,
and at most one open meld. A canasta is red (natural), black (mixed), wild (seven wild
cards) or sevens (seven sevens, no wild card). These questions take a player's melds and
the rule set, so that a :class:`~canasta.engine.state.GameState` and a
:class:`~canasta.engine.view.PlayerView` answer them alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, get_args

from canasta.engine.cards import SEVEN, THREE, WILD_RANK
from canasta.engine.errors import IllegalActionError, Reason
from canasta.engine.melds import Meld, meld_error
from canasta.engine.memo import forget_with
from canasta.engine.rules import RuleSet

__all__ = [
    "KINDS",
    "CanastaKind",
    "canasta_kind",
    "kind_meld_error",
    "kind_shape_error",
    "kinds_missing",
    "kinds_of",
    "open_meld",
    "sevens_canasta",
    "sevens_locked",
    "sort_melds",
]

#: The four kinds of railroad canasta, in the seed's order.
CanastaKind = Literal["red", "black", "wild", "sevens"]
KINDS: tuple[CanastaKind, ...] = get_args(CanastaKind)


def canasta_kind(meld: Meld, rules: RuleSet) -> CanastaKind | None:
    """The kind of ``meld`` if it is a canasta (``None`` while it is open): wild for wild
    cards alone, sevens for sevens, red when natural, black when mixed."""
    # ``len(meld.cards)``, not ``meld.is_canasta``: asked at every step of a railroad bot's
    # search, and a method call costs more than the question.
    rank = meld.rank
    if len(meld.cards) < rules.canasta_size or rank == THREE:
        return None  # black threes melded to go out earn no bonus (§13.3)
    if rank == WILD_RANK:
        return "wild"
    if rank == SEVEN and rules.sevens_canasta_bonus:
        return "sevens"
    return "black" if meld.wilds else "red"


def kinds_of(melds: Iterable[Meld], rules: RuleSet) -> frozenset[CanastaKind]:
    """The kinds of canasta among ``melds``."""
    return _kinds(melds, rules)[0]


def kinds_missing(melds: Iterable[Meld], rules: RuleSet) -> tuple[CanastaKind, ...]:
    """The kinds a player with ``melds`` still needs to go out (§13.10), in order."""
    return _kinds(melds, rules)[1]


#: The kinds of canasta among some melds, and the kinds missing, in order.
_Kinds = tuple[frozenset[CanastaKind], tuple[CanastaKind, ...]]

#: The kinds of the last tuples of melds asked about, by the tuple's identity: a player's
#: melds stay one tuple from position to position until a play changes them, and a
#: railroad bot's search asks at every step (some 400,000 times in one three-player game
#: with ``hard``). Each entry holds its tuple, so that no other takes its id while it is
#: here; a few dozen entries, for the garbage collector.
_recent: dict[int, tuple[RuleSet, _Kinds, tuple[Meld, ...]]] = {}
_RECENT = 32
forget_with(_recent.clear)


def _kinds(melds: Iterable[Meld], rules: RuleSet) -> _Kinds:
    """The kinds among ``melds`` and those missing, remembered for a tuple of them."""
    known = _recent.get(id(melds))
    if known is not None and known[0] is rules:
        return known[1]
    # Open melds are no kind: skipped before the call, which asked of every meld at every
    # step of a railroad bot's search costs more than the question.
    size = rules.canasta_size
    found: set[CanastaKind] = set()
    for meld in melds:
        if len(meld.cards) >= size:
            kind = canasta_kind(meld, rules)
            if kind is not None:
                found.add(kind)
    have = frozenset(found)
    kinds = (have, tuple(kind for kind in KINDS if kind not in have))
    if isinstance(melds, tuple):
        if len(_recent) >= _RECENT:
            _recent.clear()
        _recent[id(melds)] = (rules, kinds, melds)
    return kinds


def open_meld(melds: Iterable[Meld], rank: int, rules: RuleSet) -> Meld | None:
    """The meld of ``rank`` still open (fewer cards than a meld may hold), if any."""
    size = rules.meld_max_size
    for meld in melds:
        if meld.rank == rank and len(meld.cards) < size:
            return meld
    return None


def sevens_canasta(melds: Iterable[Meld], rules: RuleSet) -> bool:
    """Whether ``melds`` hold a canasta of sevens."""
    # The lock is read at every listing of a railroad discard: the kinds are remembered.
    return bool(rules.sevens_canasta_bonus) and "sevens" in _kinds(melds, rules)[0]


def sevens_locked(melds: Sequence[Sequence[Meld]], rules: RuleSet) -> bool:
    """Whether sevens may not be discarded: some player (team) has no canasta of sevens
    yet (§13.8). Always ``False`` where the rule set has no lock."""
    return rules.sevens_locked and not all(sevens_canasta(team, rules) for team in melds)


def sort_melds(melds: Iterable[Meld], rules: RuleSet) -> tuple[Meld, ...]:
    """A player's melds in table order: by rank, a rank's canastas before its open meld."""
    size = rules.canasta_size
    return tuple(sorted(melds, key=lambda meld: (meld.rank, len(meld.cards) < size)))


def kind_meld_error(meld: Meld, rules: RuleSet) -> IllegalActionError | None:
    """Why ``meld`` (its cards once a play is on the table) breaks railroad's meld rules,
    or ``None`` (see :func:`kind_shape_error`)."""
    return kind_shape_error(meld.rank, meld.naturals, meld.wilds, rules)


def kind_shape_error(
    rank: int, naturals: int, wilds: int, rules: RuleSet
) -> IllegalActionError | None:
    """Why a railroad meld of ``rank`` holding ``naturals`` + ``wilds`` cards is illegal
    (§13.3, §13.4), or ``None``: three to seven cards; wild cards alone (a wild meld), or
    two naturals at least with three wild cards at most; sevens with no wild card; black
    threes only alone, as many as the player holds."""
    size = naturals + wilds
    if rank == THREE:
        return meld_error(naturals, wilds, rank=THREE, rules=rules, black_threes=True)
    if rank == WILD_RANK:
        if size < rules.meld_min_size:
            return IllegalActionError(
                Reason.TOO_FEW_CARDS,
                f"A meld of wild cards needs at least {rules.meld_min_size}; these make {size}.",
                "13.4",
            )
        if size > rules.meld_max_size:
            return IllegalActionError(
                Reason.TOO_MANY_CARDS,
                f"A meld holds at most {rules.meld_max_size} cards; these wild cards would "
                f"make {size}.",
                "13.4",
            )
        return None
    if rank == SEVEN and wilds and rules.sevens_canasta_bonus:
        return IllegalActionError(
            Reason.TOO_MANY_WILDS,
            "A meld of sevens takes no wild card: it can only become a canasta of sevens.",
            "13.4",
        )
    return meld_error(naturals, wilds, rank=rank, rules=rules)
