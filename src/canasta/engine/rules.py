"""``RuleSet``: every number and switch of a rule system, and named presets.

The rule set is a named tuple, so that ``import canasta.engine`` stays fast (pydantic alone
costs over 100 ms to import, and a dataclass loads ``dataclasses`` and ``inspect``). It
checks itself on construction, and pydantic validates it wherever it crosses a boundary
(records and positions read from JSON, see :mod:`canasta.engine.documents`), with a model
made from the rule set's own fields.
"""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, get_args

from canasta.engine.cards import RED_THREES, Suit
from canasta.engine.errors import CanastaError
from canasta.engine.tuples import distinct

__all__ = [
    "COMPASS",
    "DEFAULT_PLAYERS",
    "PLAYER_COUNTS",
    "SYSTEMS",
    "RuleSet",
    "WildLimit",
    "classic",
    "preset",
]

#: Bounds that keep a damaged rule set from asking for millions of cards.
MAX_DECKS = 16
MAX_JOKERS = 64
MAX_HAND_SIZE = 30
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_CANASTAS_TO_GO_OUT = 8

#: §5.1: how many wild cards a meld may hold beside its naturals (and ``max_wilds``):
#: ``fewer`` than its natural cards (classic), ``no_more`` than them (traditional, seed
#: 003), or ``capped`` by ``max_wilds`` alone.
WildLimit = Literal["fewer", "no_more", "capped"]
WILD_LIMITS: tuple[WildLimit, ...] = get_args(WildLimit)

_NATURAL_LEAD: dict[str, int | None] = {"fewer": 1, "no_more": 0, "capped": None}

#: Seat names in turn order (play passes to the left, clockwise), by player count.
SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "Southwest", "Northwest", "Northeast", "Southeast"),
    6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
}
#: Every seat name of every table, clockwise from South: each table's seats come in it in
#: their turn order.
COMPASS: tuple[str, ...] = (
    "South",
    "Southwest",
    "West",
    "Northwest",
    "North",
    "Northeast",
    "East",
    "Southeast",
)


class _Fields(NamedTuple):
    """The numbers and switches of one rule system, with classic's values: the fields of
    :class:`RuleSet`, which checks them. Sections refer to ``docs/rules.md``."""

    name: str = "classic"
    #: §1: seats in turn order (play passes to the next seat), and the partnerships: each
    #: team's seats. Classic: four players, partners opposite (South+North, West+East).
    players: int = 4
    partnerships: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
    #: §1: standard decks shuffled together, and jokers added.
    decks: int = 2
    jokers: int = 4
    #: §2: cards dealt to each player.
    hand_size: int = 11
    #: §2.3: a black three turned up is covered by another up-card, as wild cards and red
    #: threes are (traditional).
    black_three_up_card_covered: bool = False
    #: §2.3, §4.3: a red three in the pile (a buried up-card) freezes it, as a wild card does
    #: (classic; traditional: only a wild card does).
    red_three_up_card_freezes: bool = True
    #: §2.4: red threes are laid out and replaced as soon as they are dealt (traditional),
    #: not at the start of the holder's turn.
    red_threes_at_deal: bool = False
    #: §3.2: cards drawn from the stock in one draw (the turn still ends with one discard).
    draw_count: int = 1
    #: §5: meld sizes and the wild-card limits.
    meld_min_size: int = 3
    meld_max_size: int = 11
    min_naturals: int = 2
    max_wilds: int = 3
    #: §5.1: wild cards against natural cards in a meld (see :data:`WildLimit`).
    wild_limit: WildLimit = "fewer"
    #: §5: how many black threes may be melded when going out.
    black_three_meld_sizes: tuple[int, ...] = (3, 4)
    #: §5: a meld of this many cards is a canasta.
    canasta_size: int = 7
    #: §7: ``(lowest team score, minimum)``, highest first; the first row whose bound the
    #: team's score reaches gives the minimum, and the last row (bound ``None``) is the rest.
    minimum_table: tuple[tuple[int | None, int], ...] = (
        (3000, 120),
        (1500, 90),
        (0, 50),
        (None, 15),
    )
    #: §6.1: canastas a team needs before one of its players may go out.
    canastas_to_go_out: int = 1
    #: §9: scoring.
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    #: §9.2: a concealed canasta (melded whole from the hand, or with only the pile's top
    #: card) scores these instead of the two above; 0: the rule set has no such bonus.
    concealed_natural_canasta_bonus: int = 0
    concealed_mixed_canasta_bonus: int = 0
    red_three_bonus: int = 100
    #: §9.2: ``(count, points)``: a team with exactly ``count`` red threes scores ``points``
    #: for them; any other count scores ``red_three_bonus`` each.
    red_three_scale: tuple[tuple[int, int], ...] = ((4, 800),)
    #: §9: a team that melded nothing scores its red threes as minus.
    red_threes_count_against_unmelded: bool = True
    going_out_bonus: int = 100
    concealed_bonus: int = 100
    #: §10: the game ends after a round in which a team reaches this.
    target_score: int = 5000
    #: §2.3: an up-card that is a wild card or a red three is covered by another (False:
    #: the first up-card stays alone, railroad §13.2).
    up_cards_covered: bool = True
    #: §2.4, §3.2: a red three laid out is replaced from the stock (False: railroad §13.5).
    red_threes_replaced: bool = True
    #: §9.1: with the stock empty a draw is refused and the round ends when the pile cannot
    #: be taken (False); or a draw from the empty stock ends the round (railroad §13.11).
    empty_stock_draw_ends: bool = False
    #: Railroad (§13): cards dealt face down to each player's kitty (0: no kitty).
    kitty_size: int = 0
    #: §13.4: a player keeps several melds of a rank, one open at a time; a meld closes at
    #: ``meld_max_size`` cards (False: one meld per rank and team, melds merge).
    several_melds: bool = False
    #: §13.4: the bonuses of the railroad kinds of canasta: seven wild cards, seven sevens
    #: without a wild card (0: no such kind; red and black are the natural and mixed bonus).
    wild_canasta_bonus: int = 0
    sevens_canasta_bonus: int = 0
    #: §13.8, §13.10: sevens may not be discarded until every player has a canasta of
    #: sevens, nor ever as the last card; going out needs a canasta of each kind.
    sevens_locked: bool = False
    kinds_to_go_out: bool = False


@distinct
class RuleSet(_Fields):
    """The numbers and switches of one rule system (``classic`` by default; the fields are
    :class:`_Fields`'): an immutable named tuple, equal only to an equal rule set, checked
    on construction (and by ``_replace``).

    Raises:
        CanastaError: on construction, one sentence naming every value that is out of bounds.
    """

    __slots__ = ()

    if not TYPE_CHECKING:  # mypy checks a construction against the fields' own signature

        def __new__(cls, *args: Any, **kwargs: Any) -> "RuleSet":
            rules = super().__new__(cls, *args, **kwargs)
            rules._check()
            return rules

        @classmethod
        def _make(cls, iterable: Any) -> "RuleSet":
            return cls(*iterable)  # ``_replace`` builds through here: check its result too

    def _check(self) -> None:
        problems = []
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            problems.append(f"a game seats {MIN_PLAYERS} to {MAX_PLAYERS} players")
        elif sorted(seat for team in self.partnerships for seat in team) != list(
            range(self.players)
        ) or not all(self.partnerships):
            problems.append("partnerships must share out the seats, each seat in one team")
        if not 1 <= self.decks <= MAX_DECKS or not 0 <= self.jokers <= MAX_JOKERS:
            problems.append(f"a game uses 1 to {MAX_DECKS} decks and 0 to {MAX_JOKERS} jokers")
        if not 2 <= self.hand_size <= MAX_HAND_SIZE:
            problems.append(f"hand_size must be 2 to {MAX_HAND_SIZE}")
        if self.target_score <= 0:
            problems.append("target_score must be positive")
        if not 2 <= self.min_naturals <= self.meld_min_size <= self.meld_max_size:
            problems.append("meld sizes must satisfy 2 <= min_naturals <= min size <= max size")
        if not self.meld_min_size <= self.canasta_size <= self.meld_max_size:
            problems.append("canasta_size must lie between the meld sizes")
        if not 0 <= self.max_wilds <= self.meld_max_size:
            problems.append("max_wilds must be 0 to meld_max_size")
        if self.wild_limit not in WILD_LIMITS:
            problems.append(f"wild_limit must be one of {', '.join(WILD_LIMITS)}")
        if not 1 <= self.draw_count <= self.hand_size:
            problems.append("draw_count must be 1 to hand_size")
        if not 1 <= self.canastas_to_go_out <= MAX_CANASTAS_TO_GO_OUT:
            problems.append(f"canastas_to_go_out must be 1 to {MAX_CANASTAS_TO_GO_OUT}")
        if min(self.concealed_natural_canasta_bonus, self.concealed_mixed_canasta_bonus) < 0:
            problems.append("the concealed canasta bonuses cannot be negative")
        if any(not 0 < count <= self.red_threes_in_deck for count, _ in self.red_three_scale):
            problems.append("red_three_scale counts must be 1 to the red threes in the deck")
        # The engine tables every meld shape up to these sizes: no meld holds more cards
        # than the deck. The solver lays off every natural of a rank that a team holds, so a
        # meld must have room for all of them with its wild cards.
        if self.meld_max_size > self.deck_size:
            problems.append("meld_max_size cannot exceed the cards of the deck")
        elif not self.several_melds and (
            self.meld_max_size < self.decks * len(Suit) + self.max_wilds
        ):
            problems.append("meld_max_size must hold every natural of a rank and max_wilds")
        bounds = [bound for bound, _ in self.minimum_table]
        if not bounds or bounds[-1] is not None or None in bounds[:-1]:
            problems.append("minimum_table must end with exactly one row whose bound is None")
        elif bounds[:-1] != sorted(bounds[:-1], reverse=True):  # type: ignore[type-var]
            problems.append("minimum_table bounds must go from highest to lowest")
        if not 0 <= self.kitty_size <= MAX_HAND_SIZE:
            problems.append(f"kitty_size must be 0 to {MAX_HAND_SIZE}")
        if min(self.wild_canasta_bonus, self.sevens_canasta_bonus) < 0:
            problems.append("the canasta bonuses cannot be negative")
        if (self.hand_size + self.kitty_size) * self.players + 2 > self.deck_size:
            problems.append("the deck is too small to deal every hand and a stock")
        if problems:
            raise CanastaError(f"Rule set {self.name!r} is invalid: {'; '.join(problems)}.")

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Each seat's name, in turn order (``South`` first)."""
        return SEAT_NAMES[self.players]

    def seat_name(self, seat: int) -> str:
        """``South``, ``West``, ... for this rule set's table."""
        return SEAT_NAMES[self.players][seat]

    @property
    def team_names(self) -> tuple[str, ...]:
        """Each team's name: a player alone is named by the seat; a partnership by its
        seats' names in alphabetical order, joined by hyphens (``North-South``)."""
        names = SEAT_NAMES[self.players]
        return tuple("-".join(sorted(names[seat] for seat in team)) for team in self.partnerships)

    def team_name(self, team: int) -> str:
        """The name of ``team`` (see :attr:`team_names`)."""
        return self.team_names[team]

    @property
    def label(self) -> str:
        """The rule system and the table, for people: ``classic, 4 players``."""
        return f"{self.name}, {self.players} players"

    @property
    def natural_lead(self) -> int | None:
        """How many more natural than wild cards a meld needs (``None``: no such limit, only
        ``max_wilds``; §5.1)."""
        return _NATURAL_LEAD[self.wild_limit]

    @property
    def has_concealed_canastas(self) -> bool:
        """Whether a concealed canasta scores a bonus of its own (§9.2)."""
        return bool(self.concealed_natural_canasta_bonus or self.concealed_mixed_canasta_bonus)

    def red_three_points(self, count: int) -> int:
        """What ``count`` red threes score for a team that melded (§9.2)."""
        for scaled, points in self.red_three_scale:
            if scaled == count:
                return points
        return count * self.red_three_bonus

    def minimum_for(self, score: int) -> int:
        """The initial-meld minimum for a team whose cumulative score is ``score`` (§7)."""
        for bound, minimum in self.minimum_table:
            if bound is None or score >= bound:
                return minimum
        raise AssertionError("minimum_table ends with a None bound")  # pragma: no cover

    @property
    def teams(self) -> int:
        """How many teams (partnerships, or players on their own) there are."""
        return len(self.partnerships)

    def team_of(self, seat: int) -> int:
        """The team that ``seat`` plays for."""
        last = _last_teams[0]
        if last[0] is not self:
            last = _last_teams[0] = (self, _team_table(self.partnerships))
        return last[1][seat]

    def partner(self, seat: int) -> int | None:
        """Whom ``seat`` asks "may I go out?": the next seat of its team, or ``None`` alone."""
        team = self.partnerships[self.team_of(seat)]
        if len(team) == 1:
            return None
        return team[(team.index(seat) + 1) % len(team)]

    def next_seat(self, seat: int) -> int:
        """The seat to the left of ``seat``, who plays next."""
        return (seat + 1) % self.players

    @property
    def has_kinds(self) -> bool:
        """Whether canastas come in the railroad kinds (red, black, wild, sevens; §13.4)."""
        return self.several_melds

    @property
    def red_threes_in_deck(self) -> int:
        """How many red threes the decks hold (a team with all of them scores more, §9)."""
        return self.decks * len(RED_THREES)

    @property
    def deck_size(self) -> int:
        """How many physical cards the game uses."""
        return self.decks * 52 + self.jokers


@lru_cache(maxsize=32)
def _team_table(partnerships: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each seat's team, by seat."""
    table = {seat: team for team, seats in enumerate(partnerships) for seat in seats}
    return tuple(table[seat] for seat in range(len(table)))


classic = RuleSet()
#: The rule set whose seating was asked last, and its seat-to-team table (hashing a rule set
#: on every question would cost more than the answer).
_last_teams: list[tuple[RuleSet, tuple[int, ...]]] = [(classic, _team_table(classic.partnerships))]

#: The rule systems, each for the player counts it allows (the first is the default).
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "classic": (4, 2, 3, 6),
    "traditional": (4, 2, 3, 6),
    "railroad": (3, 2, 4, 5, 6),
}
#: Each system's player count when none is asked for.
DEFAULT_PLAYERS: dict[str, int] = {name: counts[0] for name, counts in PLAYER_COUNTS.items()}
#: The rule systems' names, in the order they are offered.
SYSTEMS: tuple[str, ...] = tuple(PLAYER_COUNTS)

#: What the table changes for each player count (docs/rules.md §11-§12): seats and teams,
#: hand size, decks and jokers, draw, canastas to go out, red threes, target and minimums.
_TABLES: dict[int, dict[str, object]] = {
    2: {
        "players": 2,
        "partnerships": ((0,), (1,)),
        "hand_size": 15,
        "draw_count": 2,
        "canastas_to_go_out": 2,
    },
    3: {"players": 3, "partnerships": ((0,), (1,), (2,)), "hand_size": 13},
    4: {},
    6: {
        "players": 6,
        "partnerships": ((0, 2, 4), (1, 3, 5)),
        "decks": 3,
        "jokers": 6,
        # Room for all twelve naturals of a rank and three wild cards (§5.1).
        "meld_max_size": 15,
        "hand_size": 13,
        "canastas_to_go_out": 2,
        "red_three_scale": ((5, 1000), (6, 1200)),
        "target_score": 10000,
        "minimum_table": ((7500, 150), (3000, 120), (1500, 90), (0, 50), (None, 15)),
    },
}

#: What each system changes from classic (docs/rules.md §11).
_SYSTEMS: dict[str, dict[str, object]] = {
    "classic": {},
    "traditional": {
        "black_three_up_card_covered": True,
        "red_three_up_card_freezes": False,
        "red_threes_at_deal": True,
        "wild_limit": "no_more",
        "concealed_natural_canasta_bonus": 600,
        "concealed_mixed_canasta_bonus": 400,
    },
}


#: Railroad canasta (seed 004, docs/rules.md §13): every player on their own.
RAILROAD: dict[str, object] = {
    "hand_size": 13,
    "kitty_size": 11,
    "draw_count": 2,
    "several_melds": True,
    "meld_max_size": 7,
    "wild_limit": "capped",
    "max_wilds": 3,
    "wild_canasta_bonus": 1000,
    "sevens_canasta_bonus": 1500,
    "sevens_locked": True,
    "kinds_to_go_out": True,
    "up_cards_covered": False,
    "red_three_up_card_freezes": True,
    "red_threes_at_deal": True,
    "red_threes_replaced": False,
    "red_three_scale": (),
    "red_threes_count_against_unmelded": False,
    "empty_stock_draw_ends": True,
    "concealed_bonus": 0,
    "target_score": 20000,
    "minimum_table": ((15000, 150), (10000, 120), (5000, 90), (0, 50), (None, 15)),
}
#: Railroad's decks and jokers, per player (§13.1).
RAILROAD_DECKS_PER_PLAYER = 2
RAILROAD_JOKERS_PER_PLAYER = 2


def _railroad(players: int) -> dict[str, object]:
    """Railroad's table for ``players``: each alone, two decks and two jokers apiece, and
    black threes as many as the decks hold when going out (§13.1, §13.3)."""
    decks = RAILROAD_DECKS_PER_PLAYER * players
    return {
        **RAILROAD,
        "players": players,
        "partnerships": tuple((seat,) for seat in range(players)),
        "decks": decks,
        "jokers": RAILROAD_JOKERS_PER_PLAYER * players,
        "black_three_meld_sizes": tuple(range(3, decks * len(Suit) // 2 + 1)),
    }


@cache
def _build(name: str, players: int) -> RuleSet:
    if name == classic.name and players == classic.players:
        return classic
    if name == "railroad":
        return classic._replace(name=name, **_railroad(players))  # type: ignore[arg-type]
    return classic._replace(name=name, **_SYSTEMS[name], **_TABLES[players])  # type: ignore[arg-type]


def preset(name: str, players: int | None = None) -> RuleSet:
    """The rule system called ``name`` for ``players`` players (``None``: its default).

    Raises:
        CanastaError: one sentence naming the unknown system or the player count it does
            not allow, and what is possible.
    """
    key = name.strip().lower()
    counts = PLAYER_COUNTS.get(key)
    if counts is None:
        known = ", ".join(SYSTEMS)
        raise CanastaError(f"There is no rule system called {name!r}; choose one of: {known}.")
    if players is None:
        players = DEFAULT_PLAYERS[key]
    if players not in counts:
        ordered = [str(n) for n in sorted(counts)]
        allowed = f"{', '.join(ordered[:-1])} or {ordered[-1]}"
        raise CanastaError(
            f"{key.capitalize()} canasta is played by {allowed} players, not {players}: "
            "choose one of those."
        )
    return _build(key, players)
