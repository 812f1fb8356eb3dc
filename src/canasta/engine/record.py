"""Game records as documented, versioned JSON (``docs/notation.md``).

A record is the rules, the seed, every round's deck and the actions in notation: replaying
it rebuilds every state with no randomness. Records (and positions,
:mod:`canasta.engine.position`) are validated by pydantic; the engine itself reads and
writes text only (the callers own the files).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator

from canasta.engine.actions import Action, parse_action
from canasta.engine.cards import cards_text
from canasta.engine.documents import (
    CardsText,
    Model,
    Seed,
    load_json,
    load_model,
    parse_cards_field,
    rules_dict,
    shown,
    validate_rules,
)
from canasta.engine.errors import CanastaError, NotationError
from canasta.engine.game import Step, apply, shuffled_deck, start_game
from canasta.engine.position import POSITION_VERSION, Position, load_position, position_of
from canasta.engine.rules import RuleSet
from canasta.engine.state import GameState
from canasta.engine.words import player_name

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


class GameRecord(Model):
    """Rules, seed, each round's deck and every action: replays to every state."""

    format: Literal["canasta-record"] = "canasta-record"
    schema_version: Literal[1] = 1
    rules: dict[str, Any]
    seed: Seed
    #: Who dealt the first round (omitted: the last seat, East with four players).
    first_dealer: str | None = None
    decks: list[CardsText]
    actions: list[str]
    #: Each seat's player's name, in seat order (omitted: the seats' own names); written
    #: only when given, so that a record of unnamed players reads as it always did.
    names: list[Annotated[str, AfterValidator(player_name)]] | None = Field(
        default=None, exclude_if=lambda names: names is None
    )

    @model_validator(mode="after")
    def _first_dealer_is_a_seat(self) -> GameRecord:
        if self.first_dealer is not None:
            rules = validate_rules(self.rules)
            if self.first_dealer not in rules.seat_names:
                seats = ", ".join(rules.seat_names)
                raise ValueError(f"first_dealer must be one of {seats}")
        return self

    @model_validator(mode="after")
    def _a_name_for_every_seat(self) -> GameRecord:
        if self.names is not None:
            seats = validate_rules(self.rules).seat_names
            if len(self.names) != len(seats):
                raise ValueError(
                    f"names must give {len(seats)} names, one per seat in the order "
                    f"{', '.join(seats)}, not {len(self.names)}"
                )
        return self

    def rule_set(self) -> RuleSet:
        """The record's rule set, validated."""
        return validate_rules(self.rules)

    def player_names(self) -> tuple[str, ...]:
        """Each seat's player's name, in seat order: the seats' own where none is given."""
        return tuple(self.names) if self.names is not None else self.rule_set().seat_names

    def named(self, names: Sequence[str]) -> GameRecord:
        """This record with its players called ``names`` (by seat; the seats' own names are
        not written).

        Raises:
            NotationError: the names are not one player's name per seat.
        """
        data = {**self.model_dump(), "names": _names(self.rule_set(), names)}
        return load_model(data, GameRecord, "game record", RECORD_VERSION)

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
        decks = [parse_cards_field(deck, f"decks[{i}]") for i, deck in enumerate(self.decks)]
        # Decks that the seed deals anyway are not stacked, so a replayed game equals the
        # game that was played (a stacked deck stays stacked).
        while decks and tuple(decks[-1]) == shuffled_deck(rules, self.seed, len(decks)):
            decks.pop()
        try:
            dealer = (
                None if self.first_dealer is None else rules.seat_names.index(self.first_dealer)
            )
            return start_game(rules, seed=self.seed, decks=decks, dealer=dealer)
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


def make_record(
    initial: GameState, actions: list[Action], *, names: Sequence[str] | None = None
) -> GameRecord:
    """The record of a game that started at ``initial`` (from :func:`new_game`) and went
    through ``actions``, played by ``names`` (by seat; by default the seats' own names).
    Every round's deck is written out, so replay needs no seed."""
    decks = [cards_text(initial.deck)]
    state = initial
    for action in actions:
        state = apply(state, action).state
        if state.round_no > len(decks):
            decks.append(cards_text(state.deck))
    first_dealer = initial.rules.seat_name(initial.dealer)
    return GameRecord(
        rules=rules_dict(initial.rules),
        seed=initial.seed,
        first_dealer=first_dealer,
        decks=decks,
        actions=[str(action) for action in actions],
        names=_names(initial.rules, names),
    )


def _names(rules: RuleSet, names: Sequence[str] | None) -> list[str] | None:
    """``names`` as a record's ``names``: none when they are the seats' own."""
    return None if names is None or tuple(names) == rules.seat_names else list(names)


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


def load_record(text: str | bytes) -> GameRecord:
    """Read a record from JSON text.

    Raises:
        NotationError: one sentence naming what is wrong.
    """
    return load_model(load_json(text, "game record"), GameRecord, "game record", RECORD_VERSION)


def load_document(text: str | bytes) -> GameRecord | Position:
    """Read a record (when its ``format`` says so) or else a position from JSON text.

    Raises:
        NotationError: one sentence naming what is wrong.
    """
    data = load_json(text, "file")
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == "canasta-record":
        return load_model(data, GameRecord, "game record", RECORD_VERSION)
    if kind not in (None, "canasta-position"):
        raise NotationError(
            f'The file\'s "format" is {shown(kind)}, not "canasta-record" or '
            '"canasta-position": it is not a canasta record or position.'
        )
    return load_model(data, Position, "position", POSITION_VERSION)
