"""Game records and position snapshots as documented, versioned JSON (``docs/notation.md``).

A record is the rules, the seed, every round's deck and the actions in notation: replaying
it rebuilds every state with no randomness. A position is one state, written out in full so
that a player can attach it to a bug report or settle a rule question with
``canasta analyze``. Both are validated by pydantic; the engine itself reads and writes
text only (the callers own the files).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from canasta.engine.actions import Action, parse_action
from canasta.engine.cards import (
    NATURAL_RANKS,
    RED_THREES,
    THREE,
    Card,
    cards_text,
    full_deck,
    parse_cards,
)
from canasta.engine.errors import CanastaError, NotationError
from canasta.engine.game import Step, apply, shuffled_deck, start_game
from canasta.engine.melds import Meld, meld_error, split_rank
from canasta.engine.rules import RuleSet, classic
from canasta.engine.scoring import RoundScore
from canasta.engine.state import TEAM_NAMES, GameState, Phase, Seat

__all__ = [
    "RECORD_VERSION",
    "GameRecord",
    "Position",
    "load_document",
    "load_position",
    "load_record",
    "make_record",
    "position_of",
    "replay",
    "replay_steps",
]

RECORD_VERSION = 1
POSITION_VERSION = 1

_RULES = TypeAdapter(RuleSet)
SeatName = Literal["South", "West", "North", "East"]
CardsText = Annotated[str, Field(description="cards in notation, separated by spaces")]
#: Bounds that keep a damaged file's numbers printable and its file names short (a score
#: of 10**4000 points would overflow ``str`` once a round is added to it).
Seed = Annotated[int, Field(ge=-(2**63), lt=2**63)]
Points = Annotated[int, Field(ge=-(10**9), le=10**9)]


def _seat(name: str) -> int:
    return int(Seat[name.upper()])


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class GameRecord(_Model):
    """Rules, seed, each round's deck and every action: replays to every state."""

    format: Literal["canasta-record"] = "canasta-record"
    schema_version: Literal[1] = 1
    rules: dict[str, Any]
    seed: Seed
    first_dealer: SeatName = "East"
    decks: list[CardsText]
    actions: list[str]

    def rule_set(self) -> RuleSet:
        """The record's rule set, validated."""
        return _validate_rules(self.rules)

    def initial_state(self) -> GameState:
        """The state before the first action."""
        return self.first_deal().state

    def first_deal(self) -> Step:
        """The first deal: the state before the first action, and the deal's events."""
        rules = self.rule_set()
        if len(self.decks) > 0 and len(self.decks[0].split()) != rules.deck_size:
            raise NotationError(
                f"The record's first deck holds {len(self.decks[0].split())} cards where its "
                f"rules use {rules.deck_size}."
            )
        decks = [_parse_cards_field(deck, f"decks[{i}]") for i, deck in enumerate(self.decks)]
        # Decks that the seed deals anyway are not stacked, so a replayed game equals the
        # game that was played (a stacked deck stays stacked).
        while decks and tuple(decks[-1]) == shuffled_deck(rules, self.seed, len(decks)):
            decks.pop()
        try:
            return start_game(rules, seed=self.seed, decks=decks, dealer=_seat(self.first_dealer))
        except CanastaError as error:
            raise NotationError(f"The record's decks are wrong: {error}") from None

    def extended(self, action: Action, after: GameState) -> GameRecord:
        """This record with ``action`` appended, ``after`` being the state it led to.

        Far cheaper than :func:`make_record`, which replays the whole game: a session that
        saves after every action extends its record instead.
        """
        decks = self.decks
        if after.round_no > len(decks):
            decks = [*decks, cards_text(after.deck)]
        return self.model_copy(update={"actions": [*self.actions, str(action)], "decks": decks})

    def parsed_actions(self) -> list[Action]:
        """The actions, parsed."""
        out = []
        for index, text in enumerate(self.actions):
            try:
                out.append(parse_action(text))
            except NotationError as error:
                raise NotationError(f"Action {index + 1} of the record: {error}") from None
        return out

    def to_json(self) -> str:
        """The record as indented JSON."""
        return self.model_dump_json(indent=2) + "\n"


def _validate_rules(data: dict[str, Any]) -> RuleSet:
    try:
        rules = _RULES.validate_python(_current_rules(data))
    except ValidationError as error:
        raise NotationError(f"The rules are invalid: {_first_problem(error)}.") from None
    return rules


def _current_rules(data: dict[str, Any]) -> dict[str, Any]:
    """A rules object in today's fields: files written before ``wild_limit`` and
    ``red_three_scale`` name ``strict_naturals`` and ``all_red_threes_bonus`` (classic
    unless they say otherwise)."""
    if "strict_naturals" not in data and "all_red_threes_bonus" not in data:
        return data
    current = dict(data)
    strict = current.pop("strict_naturals", True)
    current.setdefault("wild_limit", "fewer" if strict else "capped")
    all_red = current.pop("all_red_threes_bonus", None)
    if all_red is not None:
        decks = current.get("decks", classic.decks)
        every = decks * len(RED_THREES) if isinstance(decks, int) else decks
        current.setdefault("red_three_scale", [[every, all_red]])
    return current


def _parse_cards_field(text: str, where: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except NotationError as error:
        raise NotationError(f"{where}: {error}") from None


def _rules_dict(rules: RuleSet) -> dict[str, Any]:
    data: dict[str, Any] = _RULES.dump_python(rules, mode="json")
    return data


def make_record(initial: GameState, actions: list[Action]) -> GameRecord:
    """The record of a game that started at ``initial`` (from :func:`new_game`) and went
    through ``actions``. Every round's deck is written out, so replay needs no seed."""
    decks = [cards_text(initial.deck)]
    state = initial
    for action in actions:
        state = apply(state, action).state
        if state.round_no > len(decks):
            decks.append(cards_text(state.deck))
    first_dealer = Seat(initial.dealer).label
    return GameRecord(
        rules=_rules_dict(initial.rules),
        seed=initial.seed,
        first_dealer=first_dealer,
        decks=decks,
        actions=[str(action) for action in actions],
    )


def replay_steps(record: GameRecord) -> Iterator[tuple[GameState, Action, Step]]:
    """Each recorded action with the state before it and the step it made.

    Raises:
        CanastaError: naming the first action that does not apply.
    """
    state = record.initial_state()
    for index, action in enumerate(record.parsed_actions()):
        try:
            step = apply(state, action)
        except CanastaError as error:
            raise CanastaError(
                f"Action {index + 1} of the record ({action}) is illegal there: {error}"
            ) from None
        yield state, action, step
        state = step.state


def replay(record: GameRecord) -> list[GameState]:
    """Every state of the recorded game, the initial one first.

    Raises:
        CanastaError: naming the first action that does not apply.
    """
    states = [record.initial_state()]
    states.extend(step.state for _, _, step in replay_steps(record))
    return states


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    message = str(problem["msg"]).removeprefix("Value error, ").rstrip(".")
    where = ".".join(str(part) for part in problem["loc"])
    if not where.isprintable() or len(where) > 60:  # a key the file made up
        where = repr(where[:60])
    return f"{where}: {message}" if where else message


def _load_json(text: str | bytes, what: str) -> Any:
    try:
        return json.loads(text)
    except UnicodeDecodeError:
        raise NotationError(f"The {what} is not UTF-8 text.") from None
    except json.JSONDecodeError as error:
        raise NotationError(
            f"The {what} is not valid JSON (line {error.lineno}, column {error.colno}: "
            f"{error.msg})."
        ) from None
    except ValueError:  # the only other one: an integer longer than Python reads
        raise NotationError(
            f"The {what} holds a number too long to read (over {sys.get_int_max_str_digits()} "
            "digits)."
        ) from None
    except RecursionError:
        raise NotationError(f"The {what} is nested too deeply to be canasta's.") from None


def _load_document(data: Any, model: type[_Document], what: str, version: int) -> _Document:
    """Validate decoded JSON ``data`` as ``model``, refusing the other kind of file and
    newer schema versions with one sentence each."""
    if not isinstance(data, dict):
        raise NotationError(f"The {what} must be a JSON object, not {_json_kind(data)}.")
    kind = data.get("format")
    expected = model.model_fields["format"].default
    if isinstance(kind, str) and kind in _KINDS and _KINDS[kind] != what:
        raise NotationError(f"That is a {_KINDS[kind]}, not a {what}.")
    if kind not in (None, expected):
        raise NotationError(f'The {what}\'s "format" must be "{expected}", not {_shown(kind)}.')
    found = data.get("schema_version")
    if isinstance(found, int) and not isinstance(found, bool) and found > version:
        raise NotationError(
            f"The {what} has schema version {found}; this canasta reads version {version}: "
            "upgrade canasta to read it."
        )
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise NotationError(f"The {what} is invalid: {_first_problem(error)}.") from None


def _shown(value: Any) -> str:
    """A JSON value as a sentence shows it: a short string quoted, else its kind."""
    return repr(value) if isinstance(value, str) and len(value) <= 40 else _json_kind(value)


def _json_kind(value: Any) -> str:
    """How JSON calls ``value``'s type ("a list", "a number", ...)."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return "a number"


def load_record(text: str | bytes) -> GameRecord:
    """Read a record from JSON text.

    Raises:
        NotationError: one sentence naming what is wrong.
    """
    return _load_document(
        _load_json(text, "game record"), GameRecord, "game record", RECORD_VERSION
    )


# --------------------------------------------------------------------------- positions


class TurnModel(_Model):
    """The current turn's progress."""

    played: bool = False
    turn_value: Points = 0
    placed: list[str] = Field(default_factory=list, description="'RANK: CARD' items")
    pending: CardsText = ""
    asked: bool = False
    permission: bool | None = None


class ScoreModel(_Model):
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


class Position(_Model):
    """One state, in full (including hidden cards), as JSON."""

    format: Literal["canasta-position"] = "canasta-position"
    schema_version: Literal[1] = 1
    rules: dict[str, Any] = Field(default_factory=lambda: _rules_dict(RuleSet()))
    seed: Seed = 0
    round_no: int = Field(default=1, ge=1, le=10**9)
    dealer: SeatName = "East"
    phase: Literal["draw", "play", "answer", "round_over", "game_over"] = "draw"
    turn: SeatName = "South"
    hands: dict[SeatName, CardsText]
    stock: CardsText | None = Field(
        default=None, description="top card first; omitted: the unused cards, shuffled by seed"
    )
    pile: CardsText = Field(default="", description="bottom card first")
    pile_frozen: bool | None = Field(default=None, description="omitted: derived from the pile")
    melds: dict[Literal["North-South", "East-West"], list[str]] = Field(default_factory=dict)
    red_threes: dict[Literal["North-South", "East-West"], CardsText] = Field(default_factory=dict)
    melded: tuple[bool, bool] | None = Field(
        default=None, description="omitted: a team has melded when it has melds"
    )
    scores: tuple[Points, Points] = (0, 0)
    history: list[tuple[ScoreModel, ScoreModel]] = Field(default_factory=list)
    current: TurnModel = Field(default_factory=TurnModel)
    has_played: tuple[bool, bool, bool, bool] | None = None
    known: dict[SeatName, CardsText] = Field(default_factory=dict)
    winner: Literal["North-South", "East-West"] | None = None

    def to_json(self) -> str:
        """The position as indented JSON."""
        return self.model_dump_json(indent=2, exclude_none=True) + "\n"

    def to_state(self) -> GameState:
        """The position as a :class:`GameState`.

        Raises:
            NotationError: when a card does not parse, a meld is illegal, or the cards are
                not exactly the game's deck.
        """
        rules = _validate_rules(self.rules)
        hands = [
            tuple(sorted(_parse_cards_field(self.hands.get(s.label, ""), f"hands.{s.label}")))  # type: ignore[call-overload]
            for s in Seat
        ]
        melds: list[tuple[Meld, ...]] = []
        for team_name in TEAM_NAMES:
            team_melds = []
            for index, text in enumerate(self.melds.get(team_name, [])):  # type: ignore[call-overload]
                team_melds.append(_parse_meld(text, rules, f"melds.{team_name}[{index}]"))
            ranks = [m.rank for m in team_melds]
            if len(set(ranks)) != len(ranks):
                raise NotationError(f"melds.{team_name}: a team has one meld per rank.")
            melds.append(tuple(sorted(team_melds, key=lambda m: m.rank)))
        reds = [
            _parse_cards_field(self.red_threes.get(name, ""), f"red_threes.{name}")  # type: ignore[call-overload]
            for name in TEAM_NAMES
        ]
        for name, cards in zip(TEAM_NAMES, reds, strict=True):
            if any(not c.is_red_three for c in cards):
                raise NotationError(f"red_threes.{name}: only red threes (d3, h3) go there.")
        pile = _parse_cards_field(self.pile, "pile")
        pending = _parse_cards_field(self.current.pending, "current.pending")
        known = [
            tuple(sorted(_parse_cards_field(self.known.get(s.label, ""), f"known.{s.label}")))  # type: ignore[call-overload]
            for s in Seat
        ]
        placed = []
        for item in self.current.placed:
            rank_text, colon, card_text = item.partition(":")
            one_card = _parse_cards_field(card_text, "current.placed")
            if not colon or len(one_card) != 1:
                raise NotationError(f"current.placed: {item!r} is not 'RANK: CARD'.")
            placed.append((_stated_rank(rank_text, "current.placed"), one_card[0]))
        used: list[Card] = [*pile, *pending]
        for hand in hands:
            used.extend(hand)
        for team in range(rules.teams):
            used.extend(reds[team])
            for meld in melds[team]:
                used.extend(meld.cards)
        rest = list(full_deck(decks=rules.decks, jokers=rules.jokers))
        for card in used:
            try:
                rest.remove(card)
            except ValueError:
                raise NotationError(
                    f"The position holds more copies of {card} than the deck has."
                ) from None
        if self.stock is None:
            import random

            random.Random(f"canasta-position:{self.seed}").shuffle(rest)
            stock = tuple(rest)
        else:
            stock = _parse_cards_field(self.stock, "stock")
            if sorted(stock) != sorted(rest):
                raise NotationError(
                    f"The stock must hold exactly the {len(rest)} cards not placed elsewhere; "
                    f"it holds {len(stock)}, or other ones."
                )
        for hand, known_cards, seat in zip(hands, known, Seat, strict=True):
            spare = list(hand)
            for card in known_cards:
                if card not in spare:
                    raise NotationError(f"known.{seat.label}: {card} is not in that hand.")
                spare.remove(card)
        frozen = (
            self.pile_frozen
            if self.pile_frozen is not None
            else any(c.is_wild or c.is_red_three for c in pile[:-1])
        )
        melded = self.melded if self.melded is not None else (bool(melds[0]), bool(melds[1]))
        return GameState(
            rules=rules,
            seed=self.seed,
            stacked=(),
            round_no=self.round_no,
            dealer=_seat(self.dealer),
            deck=(),
            stock=stock,
            hands=tuple(hands),
            pile=pile,
            pile_frozen=frozen,
            melds=(melds[0], melds[1]),
            red_threes=(reds[0], reds[1]),
            melded=melded,
            minimums=(
                rules.minimum_for(self._start_score(0)),
                rules.minimum_for(self._start_score(1)),
            ),
            scores=self.scores,
            history=tuple((_score(0, pair[0]), _score(1, pair[1])) for pair in self.history),
            phase=Phase(self.phase),
            turn=_seat(self.turn),
            played=self.current.played,
            turn_value=self.current.turn_value,
            placed=tuple(placed),
            pending=pending,
            asked=self.current.asked,
            permission=self.current.permission,
            has_played=self.has_played or (False, False, False, False),
            known=tuple(known),
            went_out=None,
            winner=None if self.winner is None else TEAM_NAMES.index(self.winner),
        )

    def _start_score(self, team: int) -> int:
        """The team's total before this round (the minimum depends on it)."""
        if self.phase in ("round_over", "game_over") and self.history:
            return self.scores[team] - _score(team, self.history[-1][team]).total
        return self.scores[team]


def _score(team: int, model: ScoreModel) -> RoundScore:
    return RoundScore(team=team, **model.model_dump())


def _stated_rank(text: str, where: str) -> int:
    """The rank a position writes as a number before a colon (1 to 13, but not the wild 2)."""
    try:
        rank = int(text)
    except ValueError:
        raise NotationError(f"{where}: {text.strip()!r} is not a rank number.") from None
    if rank not in NATURAL_RANKS:
        raise NotationError(f"{where}: {text.strip()} is not a rank of natural cards (1, 3 to 13).")
    return rank


def _parse_meld(text: str, rules: RuleSet, where: str) -> Meld:
    rank_text, colon, cards_part = text.partition(":")
    cards = _parse_cards_field(cards_part if colon else text, where)
    rank = split_rank(cards)
    if colon:
        stated = _stated_rank(rank_text, where)
        if rank not in (0, stated):
            raise NotationError(f"{where}: those cards are not {stated}s.")
        rank = stated
    if not rank:
        raise NotationError(f"{where}: a meld needs natural cards of one rank.")
    meld = Meld.build(rank, cards)
    error = meld_error(
        meld.naturals, meld.wilds, rank=rank, rules=rules, black_threes=rank == THREE
    )
    if error is not None:
        raise NotationError(f"{where}: {error.sentence}")
    return meld


def position_of(state: GameState) -> Position:
    """The full position of ``state``."""

    def team_melds(team: int) -> list[str]:
        return [f"{m.rank}: {cards_text(m.cards)}" for m in state.melds[team]]

    return Position(
        rules=_rules_dict(state.rules),
        seed=state.seed,
        round_no=state.round_no,
        dealer=Seat(state.dealer).label,
        phase=state.phase.value,
        turn=Seat(state.turn).label,
        hands={Seat(s).label: cards_text(hand) for s, hand in enumerate(state.hands)},
        stock=cards_text(state.stock),
        pile=cards_text(state.pile),
        pile_frozen=state.pile_frozen,
        melds={TEAM_NAMES[t]: team_melds(t) for t in range(state.rules.teams)},
        red_threes={TEAM_NAMES[t]: cards_text(red) for t, red in enumerate(state.red_threes)},
        melded=state.melded,
        scores=state.scores,
        history=[
            (
                ScoreModel(**_score_dict(pair[0])),
                ScoreModel(**_score_dict(pair[1])),
            )
            for pair in state.history
        ],
        current=TurnModel(
            played=state.played,
            turn_value=state.turn_value,
            placed=[f"{rank}: {card}" for rank, card in state.placed],
            pending=cards_text(state.pending),
            asked=state.asked,
            permission=state.permission,
        ),
        has_played=state.has_played,
        known={Seat(s).label: cards_text(known) for s, known in enumerate(state.known) if known},
        winner=None if state.winner is None else TEAM_NAMES[state.winner],
    )


def _score_dict(score: RoundScore) -> dict[str, int]:
    return {
        "melds": score.melds,
        "hands": score.hands,
        "natural_canastas": score.natural_canastas,
        "natural_canasta_points": score.natural_canasta_points,
        "mixed_canastas": score.mixed_canastas,
        "mixed_canasta_points": score.mixed_canasta_points,
        "red_threes": score.red_threes,
        "red_three_points": score.red_three_points,
        "going_out": score.going_out,
        "concealed": score.concealed,
    }


def load_position(text: str | bytes) -> Position:
    """Read a position from JSON text (validated; call ``to_state()`` for the state).

    Raises:
        NotationError: one sentence naming what is wrong.
    """
    return _load_document(_load_json(text, "position"), Position, "position", POSITION_VERSION)


def load_document(text: str | bytes) -> GameRecord | Position:
    """Read a record (when its ``format`` says so) or else a position from JSON text.

    Raises:
        NotationError: one sentence naming what is wrong.
    """
    data = _load_json(text, "file")
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == "canasta-record":
        return _load_document(data, GameRecord, "game record", RECORD_VERSION)
    if kind not in (None, "canasta-position"):
        raise NotationError(
            f'The file\'s "format" is {_shown(kind)}, not "canasta-record" or '
            '"canasta-position": it is not a canasta record or position.'
        )
    return _load_document(data, Position, "position", POSITION_VERSION)


_KINDS = {"canasta-record": "game record", "canasta-position": "position"}
_Document = TypeVar("_Document", GameRecord, Position)
