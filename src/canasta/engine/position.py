"""Position snapshots: one state, written out in full as documented JSON
(``docs/notation.md``), so that a player can attach it to a bug report or settle a rule
question with ``canasta analyze``.

Seats and teams are named as the position's rule set names them (``South``, ``West``, ...;
``North-South``, ``East-West`` for classic four-player partnerships), so one format serves
every rule system and player count. Schema version 1 (four seats, written before the rule
set carried its table) reads as version 2 does; version 3 adds railroad's kitties, several
melds of a rank and the wild canasta's meld (rank 0), and reads versions 1 and 2 unchanged.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import Field, model_validator

from canasta.engine.cards import (
    NATURAL_RANKS,
    THREE,
    WILD_RANK,
    Card,
    card_text,
    cards_text,
    full_deck,
    is_red_three,
)
from canasta.engine.deal import freezing_up_cards
from canasta.engine.documents import (
    CardsText,
    Model,
    Points,
    Seed,
    load_json,
    load_model,
    parse_cards_field,
    rules_dict,
    validate_rules,
)
from canasta.engine.errors import NotationError
from canasta.engine.kinds import kind_meld_error, sort_melds
from canasta.engine.melds import Meld, meld_error, split_rank
from canasta.engine.rules import RuleSet, classic
from canasta.engine.scoring import RoundScore
from canasta.engine.state import GameState, Phase

__all__ = ["POSITION_VERSION", "Position", "load_position", "position_of"]

POSITION_VERSION = 3


class TurnModel(Model):
    """The current turn's progress."""

    played: bool = False
    turn_value: Points = 0
    placed: list[str] = Field(default_factory=list, description="'RANK: CARD' items")
    pending: CardsText = ""
    asked: bool = False
    permission: bool | None = None


class ScoreModel(Model):
    """One team's round score."""

    melds: Points
    hands: Points
    natural_canastas: Points
    natural_canasta_points: Points
    mixed_canastas: Points
    mixed_canasta_points: Points
    red_threes: Points
    red_three_points: Points
    going_out: Points
    concealed: Points
    #: Omitted where the rule set gives concealed canastas no bonus (rules §9.2).
    concealed_canastas: Points | None = None
    concealed_canasta_points: Points | None = None
    #: Railroad only (rules §13.12): the wild and sevens canastas, and the untaken kitty.
    wild_canastas: Points | None = None
    wild_canasta_points: Points | None = None
    sevens_canastas: Points | None = None
    sevens_canasta_points: Points | None = None
    kitty: Points | None = None


class Position(Model):
    """One state, in full (including hidden cards), as JSON."""

    format: Literal["canasta-position"] = "canasta-position"
    schema_version: Literal[1, 2, 3] = 3
    rules: dict[str, Any] = Field(default_factory=lambda: rules_dict(classic))
    seed: Seed = 0
    round_no: int = Field(default=1, ge=1, le=10**9)
    dealer: str | None = Field(default=None, description="omitted: the last seat")
    phase: Literal["draw", "play", "answer", "round_over", "game_over"] = "draw"
    turn: str = "South"
    hands: dict[str, CardsText]
    stock: CardsText | None = Field(
        default=None, description="top card first; omitted: the unused cards, shuffled by seed"
    )
    pile: CardsText = Field(default="", description="bottom card first")
    pile_frozen: bool | None = Field(default=None, description="omitted: derived from the pile")
    melds: dict[str, list[str]] = Field(default_factory=dict)
    #: Per team, the ranks of its melds that are concealed canastas (rules §9.2).
    concealed: dict[str, list[int]] | None = None
    red_threes: dict[str, CardsText] = Field(default_factory=dict)
    melded: list[bool] | None = Field(
        default=None, description="omitted: a team has melded when it has melds"
    )
    scores: list[Points] | None = Field(default=None, description="omitted: all zero")
    history: list[list[ScoreModel]] = Field(default_factory=list)
    current: TurnModel = Field(default_factory=TurnModel)
    has_played: list[bool] | None = None
    known: dict[str, CardsText] = Field(default_factory=dict)
    winner: str | None = None
    #: Railroad (rules §13.6): each seat's untaken kitty, face down, and who took theirs.
    kitties: dict[str, CardsText] = Field(default_factory=dict)
    kitty_taken: list[bool] | None = None

    @model_validator(mode="after")
    def _names_are_the_tables(self) -> Position:
        """Every seat and team the position names is one of its rule set's."""
        rules = validate_rules(self.rules)
        seats, teams = rules.seat_names, rules.team_names
        named = [
            ("dealer", [] if self.dealer is None else [self.dealer], seats),
            ("turn", [self.turn], seats),
            ("hands", self.hands, seats),
            ("known", self.known, seats),
            ("kitties", self.kitties, seats),
            ("melds", self.melds, teams),
            ("concealed", self.concealed or {}, teams),
            ("red_threes", self.red_threes, teams),
            ("winner", [] if self.winner is None else [self.winner], teams),
        ]
        for field, names, allowed in named:
            for name in names:
                if name not in allowed:
                    kind = "seat" if allowed is seats else "team"
                    raise ValueError(
                        f"{field}: {name!r} is not a {kind} of {rules.label} ({', '.join(allowed)})"
                    )
        return self

    def to_json(self) -> str:
        """The position as indented JSON."""
        return self.model_dump_json(indent=2, exclude_none=True) + "\n"

    def to_state(self) -> GameState:
        """The position as a :class:`GameState`.

        Raises:
            NotationError: when a card does not parse, a seat or team is not the rule set's,
                a meld is illegal, or the cards are not exactly the game's deck.
        """
        rules = validate_rules(self.rules)
        seats, teams = rules.seat_names, rules.team_names
        hands = _by_name(self.hands, seats, "hands", sort=True)
        known = _by_name(self.known, seats, "known", sort=True)
        kitties = _by_name(self.kitties, seats, "kitties", sort=True)
        if any(kitties) and not rules.kitty_size:
            raise NotationError(f"kitties: {rules.label} deals no kitties.")
        reds = _by_name(self.red_threes, teams, "red_threes")
        melds = self._melds(rules)
        for name, cards in zip(teams, reds, strict=True):
            if any(not is_red_three(c) for c in cards):
                raise NotationError(f"red_threes.{name}: only red threes (d3, h3) go there.")
        pile = parse_cards_field(self.pile, "pile")
        pending = parse_cards_field(self.current.pending, "current.pending")
        used: list[Card] = [*pile, *pending]
        for hand in (*hands, *kitties):
            used.extend(hand)
        for team in range(rules.teams):
            used.extend(reds[team])
            for meld in melds[team]:
                used.extend(meld.cards)
        stock = self._stock(rules, used)
        for hand, known_cards, seat in zip(hands, known, seats, strict=True):
            spare = list(hand)
            for card in known_cards:
                if card not in spare:
                    raise NotationError(f"known.{seat}: {card_text(card)} is not in that hand.")
                spare.remove(card)
        frozen = self.pile_frozen
        if frozen is None:
            frozen = any(card in freezing_up_cards(rules) for card in pile[:-1])
        scores = _sized(self.scores, rules.teams, "scores", 0)
        melded = _sized(self.melded, rules.teams, "melded", None)
        history = tuple(self._round(rules, index) for index in range(len(self.history)))
        return GameState(
            rules=rules,
            seed=self.seed,
            stacked=(),
            round_no=self.round_no,
            dealer=rules.players - 1 if self.dealer is None else seats.index(self.dealer),
            deck=(),
            stock=stock,
            hands=hands,
            pile=pile,
            pile_frozen=frozen,
            melds=melds,
            red_threes=reds,
            melded=tuple(bool(m) if d is None else d for m, d in zip(melds, melded, strict=True)),
            minimums=tuple(
                rules.minimum_for(self._start_score(team)) for team in range(len(teams))
            ),
            scores=tuple(scores),
            history=history,
            phase=Phase(self.phase),
            turn=seats.index(self.turn),
            played=self.current.played,
            turn_value=self.current.turn_value,
            placed=self._placed(),
            pending=pending,
            asked=self.current.asked,
            permission=self.current.permission,
            has_played=tuple(_sized(self.has_played, rules.players, "has_played", False)),
            known=known,
            went_out=None,
            winner=None if self.winner is None else teams.index(self.winner),
            kitties=kitties,
            kitty_taken=tuple(_sized(self.kitty_taken, rules.players, "kitty_taken", False)),
        )

    def _melds(self, rules: RuleSet) -> tuple[tuple[Meld, ...], ...]:
        teams = rules.team_names
        out = []
        for team_name in teams:
            concealed = set((self.concealed or {}).get(team_name, ()))
            team_melds = []
            for index, text in enumerate(self.melds.get(team_name, [])):
                where = f"melds.{team_name}[{index}]"
                meld = _parse_meld(text, rules, where)
                if meld.rank in concealed:
                    if not meld.is_canasta(rules):
                        raise NotationError(f"{where}: only a canasta can be concealed.")
                    meld = Meld.build(meld.rank, meld.cards, concealed=True)
                team_melds.append(meld)
            ranks = [m.rank for m in team_melds]
            if rules.several_melds:
                open_ranks = [m.rank for m in team_melds if len(m) < rules.meld_max_size]
                if len(set(open_ranks)) != len(open_ranks):
                    raise NotationError(
                        f"melds.{team_name}: a player has one open meld of a rank at a time."
                    )
            elif len(set(ranks)) != len(ranks):
                raise NotationError(f"melds.{team_name}: a team has one meld per rank.")
            if concealed - set(ranks):
                raise NotationError(f"concealed.{team_name}: that team has no such meld.")
            out.append(sort_melds(team_melds, rules))
        return tuple(out)

    def _stock(self, rules: RuleSet, used: list[Card]) -> tuple[Card, ...]:
        """The stock as given, or the cards placed nowhere else, shuffled by the seed."""
        deck = Counter(full_deck(decks=rules.decks, jokers=rules.jokers))
        extra = Counter(used) - deck
        if extra:
            card = min(extra)
            raise NotationError(
                f"The position holds more copies of {card_text(card)} than the deck has."
            )
        rest = sorted((deck - Counter(used)).elements())
        if self.stock is None:
            random.Random(f"canasta-position:{self.seed}").shuffle(rest)
            return tuple(rest)
        stock = parse_cards_field(self.stock, "stock")
        if sorted(stock) != sorted(rest):
            raise NotationError(
                f"The stock must hold exactly the {len(rest)} cards not placed elsewhere; "
                f"it holds {len(stock)}, or other ones."
            )
        return stock

    def _placed(self) -> tuple[tuple[int, Card], ...]:
        placed = []
        for item in self.current.placed:
            rank_text, colon, card_text = item.partition(":")
            one_card = parse_cards_field(card_text, "current.placed")
            if not colon or len(one_card) != 1:
                raise NotationError(f"current.placed: {item!r} is not 'RANK: CARD'.")
            placed.append((_stated_rank(rank_text, "current.placed", wild=True), one_card[0]))
        return tuple(placed)

    def _round(self, rules: RuleSet, index: int) -> tuple[RoundScore, ...]:
        scores = self.history[index]
        if len(scores) != rules.teams:
            raise NotationError(
                f"history[{index}] must hold {rules.teams} scores, one per team; "
                f"it holds {len(scores)}."
            )
        return tuple(_score(team, model) for team, model in enumerate(scores))

    def _start_score(self, team: int) -> int:
        """The team's total before this round (the minimum depends on it)."""
        score = self.scores[team] if self.scores else 0
        if self.phase in ("round_over", "game_over") and self.history:
            return score - _score(team, self.history[-1][team]).total
        return score


def _by_name(
    given: Mapping[str, str], names: Sequence[str], field: str, *, sort: bool = False
) -> tuple[tuple[Card, ...], ...]:
    """Each named seat's or team's cards (none where the position names none)."""
    out = []
    for name in names:
        cards = parse_cards_field(given.get(name, ""), f"{field}.{name}")
        out.append(tuple(sorted(cards)) if sort else cards)
    return tuple(out)


def _sized(values: list[Any] | None, size: int, field: str, default: Any) -> list[Any]:
    """``values`` (one per seat or team), or ``size`` defaults when omitted."""
    if values is None:
        return [default] * size
    if len(values) != size:
        raise NotationError(f"{field} must hold {size} values; it holds {len(values)}.")
    return values


def _score(team: int, model: ScoreModel) -> RoundScore:
    values = model.model_dump()
    for name in ("concealed_canasta_points", "wild_canasta_points", "sevens_canasta_points"):
        values[name] = values[name] or 0
    return RoundScore(team=team, **values)


def _stated_rank(text: str, where: str, *, wild: bool = False) -> int:
    """The rank a position writes as a number before a colon (1 to 13, but not the wild 2;
    with ``wild``, also 0 for railroad's meld of wild cards, §13.4)."""
    try:
        rank = int(text)
    except ValueError:
        raise NotationError(f"{where}: {text.strip()!r} is not a rank number.") from None
    if wild and rank == WILD_RANK:
        return rank
    if rank not in NATURAL_RANKS:
        raise NotationError(f"{where}: {text.strip()} is not a rank of natural cards (1, 3 to 13).")
    return rank


def _parse_meld(text: str, rules: RuleSet, where: str) -> Meld:
    rank_text, colon, cards_part = text.partition(":")
    cards = parse_cards_field(cards_part if colon else text, where)
    rank = split_rank(cards)
    several = rules.several_melds
    if colon:
        stated = _stated_rank(rank_text, where, wild=several)
        if rank not in (0, stated):
            raise NotationError(f"{where}: those cards are not {stated}s.")
        rank = stated
    if rank is None or (not rank and not several):
        raise NotationError(f"{where}: a meld needs natural cards of one rank.")
    meld = Meld.build(rank, cards)
    if several:
        error = kind_meld_error(meld, rules)
    else:
        error = meld_error(
            meld.naturals, meld.wilds, rank=rank, rules=rules, black_threes=rank == THREE
        )
    if error is not None:
        raise NotationError(f"{where}: {error.sentence}")
    return meld


def position_of(state: GameState) -> Position:
    """The full position of ``state``."""
    rules = state.rules
    seats, teams = rules.seat_names, rules.team_names
    concealed = {
        teams[team]: [meld.rank for meld in melds if meld.concealed]
        for team, melds in enumerate(state.melds)
        if any(meld.concealed for meld in melds)
    }
    return Position(
        rules=rules_dict(rules),
        seed=state.seed,
        round_no=state.round_no,
        dealer=seats[state.dealer],
        phase=state.phase.value,
        turn=seats[state.turn],
        hands={seats[s]: cards_text(hand) for s, hand in enumerate(state.hands)},
        stock=cards_text(state.stock),
        pile=cards_text(state.pile),
        pile_frozen=state.pile_frozen,
        melds={
            teams[t]: [f"{m.rank}: {cards_text(m.cards)}" for m in melds]
            for t, melds in enumerate(state.melds)
        },
        concealed=concealed or None,
        red_threes={teams[t]: cards_text(red) for t, red in enumerate(state.red_threes)},
        melded=list(state.melded),
        scores=list(state.scores),
        history=[
            [ScoreModel(**_score_dict(score)) for score in scores] for scores in state.history
        ],
        current=TurnModel(
            played=state.played,
            turn_value=state.turn_value,
            placed=[f"{rank}: {card_text(card)}" for rank, card in state.placed],
            pending=cards_text(state.pending),
            asked=state.asked,
            permission=state.permission,
        ),
        has_played=list(state.has_played),
        known={seats[s]: cards_text(known) for s, known in enumerate(state.known) if known},
        winner=None if state.winner is None else teams[state.winner],
        kitties={seats[s]: cards_text(kitty) for s, kitty in enumerate(state.kitties) if kitty},
        kitty_taken=list(state.kitty_taken) if state.rules.kitty_size else None,
    )


def _score_dict(score: RoundScore) -> dict[str, int | None]:
    values: dict[str, int | None] = score._asdict()
    del values["team"]
    if score.concealed_canastas is None:
        values["concealed_canasta_points"] = None
    if score.wild_canastas is None:
        values["wild_canasta_points"] = values["sevens_canasta_points"] = None
    return values


def load_position(text: str | bytes) -> Position:
    """Read a position from JSON text (validated; call ``to_state()`` for the state).

    Raises:
        NotationError: one sentence naming what is wrong.
    """
    return load_model(load_json(text, "position"), Position, "position", POSITION_VERSION)
