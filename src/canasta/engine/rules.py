"""``RuleSet``: every number and switch of a rule system, and named presets.

The rule set is a frozen, slotted dataclass so that ``import canasta.engine`` stays fast
(pydantic alone costs over 100 ms to import). It validates itself on construction, and
pydantic validates it wherever it crosses a boundary (records and positions read from JSON,
see :mod:`canasta.engine.record`), because pydantic accepts stdlib dataclasses as models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from canasta.engine.cards import RED_THREES
from canasta.engine.errors import CanastaError

__all__ = ["PRESETS", "RuleSet", "classic", "preset"]

#: Bounds that keep a damaged rule set from asking for millions of cards.
MAX_DECKS = 16
MAX_JOKERS = 64
MAX_HAND_SIZE = 30
MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The numbers and switches of one rule system (``classic`` by default).

    Sections refer to ``docs/rules.md``.
    """

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
    #: §5: meld sizes and the wild-card limits.
    meld_min_size: int = 3
    meld_max_size: int = 11
    min_naturals: int = 2
    max_wilds: int = 3
    #: §5: ``True`` requires strictly more naturals than wilds; ``False`` only caps wilds.
    strict_naturals: bool = True
    #: §5: how many black threes may be melded when going out.
    black_three_meld_sizes: tuple[int, ...] = (3, 4)
    #: §5: a meld of this many cards is a canasta.
    canasta_size: int = 7
    #: §7: ``(lowest team score, minimum)``, highest first; the first row whose bound the
    #: team's score reaches gives the minimum, and the last row (bound ``None``) is the rest.
    minimum_table: tuple[tuple[int | None, int], ...] = field(
        default=((3000, 120), (1500, 90), (0, 50), (None, 15))
    )
    #: §9: scoring.
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800
    #: §9: a team that melded nothing scores its red threes as minus.
    red_threes_count_against_unmelded: bool = True
    going_out_bonus: int = 100
    concealed_bonus: int = 100
    #: §10: the game ends after a round in which a team reaches this.
    target_score: int = 5000

    def __post_init__(self) -> None:
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
        # The engine tables every meld shape up to these sizes: no meld holds more cards
        # than the deck.
        if self.meld_max_size > self.deck_size:
            problems.append("meld_max_size cannot exceed the cards of the deck")
        bounds = [bound for bound, _ in self.minimum_table]
        if not bounds or bounds[-1] is not None or None in bounds[:-1]:
            problems.append("minimum_table must end with exactly one row whose bound is None")
        elif bounds[:-1] != sorted(bounds[:-1], reverse=True):  # type: ignore[type-var]
            problems.append("minimum_table bounds must go from highest to lowest")
        if self.hand_size * self.players + 2 > self.decks * 52 + self.jokers:
            problems.append("the deck is too small to deal every hand and a stock")
        if problems:
            raise CanastaError(f"Rule set {self.name!r} is invalid: {'; '.join(problems)}.")

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

PRESETS: dict[str, RuleSet] = {"classic": classic}


def preset(name: str) -> RuleSet:
    """The preset called ``name``.

    Raises:
        CanastaError: naming the unknown preset and the known ones.
    """
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise CanastaError(
            f"There is no rule set called {name!r}; choose one of: {known}."
        ) from None
