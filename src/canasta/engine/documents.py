"""What records and positions share: the pydantic base, the bounded field types, the
rules object and one-sentence errors for JSON that is not what it should be."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, TypeVar, cast, get_type_hints

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    create_model,
)

from canasta.engine.cards import RED_THREES, Card, parse_cards
from canasta.engine.errors import CanastaError, NotationError
from canasta.engine.rules import PLAYER_COUNTS, RuleSet, classic, preset

__all__ = [
    "KINDS",
    "CardsText",
    "Model",
    "Points",
    "Seed",
    "first_problem",
    "json_kind",
    "load_json",
    "load_model",
    "parse_cards_field",
    "rules_dict",
    "shown",
    "validate_rules",
]

#: A ``rules`` object's fields: :class:`RuleSet`'s own, with their types and defaults
#: (other fields are ignored).
_RULE_FIELDS: dict[str, Any] = {
    name: (hint, RuleSet._field_defaults[name]) for name, hint in get_type_hints(RuleSet).items()
}
_RULES_MODEL = create_model("RuleSet", **_RULE_FIELDS)
#: A ``rules`` object to a rule set, which then checks its values together (its error
#: reads as a field's would).
_RULES = cast(
    "TypeAdapter[RuleSet]",
    TypeAdapter(Annotated[_RULES_MODEL, AfterValidator(lambda fields: RuleSet(**dict(fields)))]),
)
CardsText = Annotated[str, Field(description="cards in notation, separated by spaces")]
#: Bounds that keep a damaged file's numbers printable and its file names short (a score
#: of 10**4000 points would overflow ``str`` once a round is added to it).
Seed = Annotated[int, Field(ge=-(2**63), lt=2**63)]
Points = Annotated[int, Field(ge=-(10**9), le=10**9)]

#: The kinds of document, by their ``format``.
KINDS = {"canasta-record": "game record", "canasta-position": "position"}


class Model(BaseModel):
    """A document's part: immutable, and no field the format does not name."""

    model_config = ConfigDict(frozen=True, extra="forbid")


Document = TypeVar("Document", bound=Model)


def validate_rules(data: dict[str, Any]) -> RuleSet:
    """The rule set a document's ``rules`` object describes.

    Raises:
        NotationError: naming the first field that is wrong.
    """
    try:
        base = _named_preset(data)
        rules = _RULES.validate_python({**base, **_current_rules(data, base)})
    except ValidationError as error:
        raise NotationError(f"The rules are invalid: {first_problem(error)}.") from None
    return rules


def _named_preset(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of the preset that ``data`` names (``name``, classic if left out, and
    ``players``, the system's default if left out), which the fields given override; none
    for a name that is no preset (its missing fields take classic's values, as the model's
    defaults).

    Files that canasta wrote give every field, so they read the same whatever the preset.

    Raises:
        NotationError: the preset is not played by that many players (and the file does
            not give its own ``partnerships``).
    """
    name = data.get("name", classic.name)
    players = data.get("players")
    if not isinstance(name, str) or name not in PLAYER_COUNTS:
        return {}
    if not isinstance(players, int) or isinstance(players, bool):
        players = None  # a wrong type is the model's to report
    try:
        return preset(name, players)._asdict()
    except CanastaError as error:
        if "partnerships" in data:
            return {}  # a table of the file's own: its missing fields are classic's
        raise NotationError(f"The rules are invalid: players: {error}") from None


def _current_rules(data: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """A rules object in today's fields: files written before ``wild_limit`` and
    ``red_three_scale`` name ``strict_naturals`` and ``all_red_threes_bonus`` (``base``'s
    decks, else classic's, unless they say otherwise)."""
    if "strict_naturals" not in data and "all_red_threes_bonus" not in data:
        return data
    current = dict(data)
    strict = current.pop("strict_naturals", True)
    current.setdefault("wild_limit", "fewer" if strict else "capped")
    all_red = current.pop("all_red_threes_bonus", None)
    if all_red is not None:
        decks = current.get("decks", base.get("decks", classic.decks))
        every = decks * len(RED_THREES) if isinstance(decks, int) else decks
        current.setdefault("red_three_scale", [[every, all_red]])
    return current


def parse_cards_field(text: str, where: str) -> tuple[Card, ...]:
    """The cards of a document's field ``where``, or one sentence naming it."""
    try:
        return parse_cards(text)
    except NotationError as error:
        raise NotationError(f"{where}: {error}") from None


def rules_dict(rules: RuleSet) -> dict[str, Any]:
    """``rules`` as a document's ``rules`` object."""
    return _RULES_MODEL.model_construct(**rules._asdict()).model_dump(mode="json")


def first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    message = str(problem["msg"]).removeprefix("Value error, ").rstrip(".")
    where = ".".join(str(part) for part in problem["loc"])
    if not where.isprintable() or len(where) > 60:  # a key the file made up
        where = repr(where[:60])
    return f"{where}: {message}" if where else message


def load_json(text: str | bytes, what: str) -> Any:
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


def load_model(data: Any, model: type[Document], what: str, version: int) -> Document:
    """Validate decoded JSON ``data`` as ``model``, refusing the other kind of file and
    newer schema versions with one sentence each."""
    if not isinstance(data, dict):
        raise NotationError(f"The {what} must be a JSON object, not {json_kind(data)}.")
    kind = data.get("format")
    expected = model.model_fields["format"].default
    if isinstance(kind, str) and kind in KINDS and KINDS[kind] != what:
        raise NotationError(f"That is a {KINDS[kind]}, not a {what}.")
    if kind not in (None, expected):
        raise NotationError(f'The {what}\'s "format" must be "{expected}", not {shown(kind)}.')
    found = data.get("schema_version")
    if isinstance(found, int) and not isinstance(found, bool) and found > version:
        raise NotationError(
            f"The {what} has schema version {found}; this canasta reads version {version}: "
            "upgrade canasta to read it."
        )
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise NotationError(f"The {what} is invalid: {first_problem(error)}.") from None


def shown(value: Any) -> str:
    """A JSON value as a sentence shows it: a short string quoted, else its kind."""
    return repr(value) if isinstance(value, str) and len(value) <= 40 else json_kind(value)


def json_kind(value: Any) -> str:
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
