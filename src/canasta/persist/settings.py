"""Settings: pace, theme, ASCII mode, default difficulty, player names, hand order, the
rule system and player count of new games, and whether the first run's welcome was shown.

A bad value costs only itself: each problem is reported in one sentence and that setting
falls back to its default, while every valid setting is kept.

:class:`Settings` is a frozen dataclass that pydantic validates wherever the file is read
(its fields carry their checks, :mod:`canasta.persist.checks`), so that the table's first
frame, which needs the settings, need not wait for pydantic to load. :func:`settings_at_start`
gives the defaults when there is no file, and the file's values as written when this
canasta has found that very file (by its SHA-256) valid as written before (each validation
that finds it so notes its digest in :attr:`Paths.settings_checked_file`); any other file
is validated at once. :func:`settle_settings`, once the table is up, validates the file that
was taken as written all the same, and notes the digest of one validated at start.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Final, Literal, NamedTuple

from canasta import __version__
from canasta.choices import Level, Pace
from canasta.engine import COMPASS, PLAYER_COUNTS, SYSTEMS, RuleSet, classic, preset
from canasta.persist.checks import Check, CrossCheck, PlayerName

if TYPE_CHECKING:
    from pydantic import ConfigDict, TypeAdapter

    from canasta.persist.models import Loaded
    from canasta.persist.paths import Paths

__all__ = [
    "SETTINGS_VERSION",
    "Names",
    "Settings",
    "StartSettings",
    "load_settings",
    "save_settings",
    "settings_at_start",
    "settings_text",
    "settle_settings",
    "validate_settings",
]

SETTINGS_VERSION: Final = 1
WHAT = "settings file"

#: As pydantic's ``FileModel``: a key that is not a field is a problem.
_ONLY_FIELDS: Final[ConfigDict] = {"extra": "forbid"}


def _theme_name(name: str) -> str:
    if re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,39}", name) is None:
        raise ValueError(
            "a theme's name is 1 to 40 of a-z, 0-9, '-' and '_', not starting with - or _"
        )
    return name


def _a_rule_system(rules: str) -> str:
    if rules not in SYSTEMS:
        raise ValueError(f"the rule systems are {', '.join(SYSTEMS)}")
    return rules


def _a_count_the_system_allows(players: int, earlier: Mapping[str, object]) -> int:
    system = str(earlier.get("rules", classic.name))
    allowed = PLAYER_COUNTS[system]
    if players not in allowed:
        counts = ", ".join(str(count) for count in sorted(allowed))
        raise ValueError(f"{system} is played by {counts} players")
    return players


#: A Textual theme's name (the app checks that the theme exists).
Theme = Annotated[str, Check(_theme_name)]
#: One of :data:`canasta.engine.SYSTEMS`.
RuleSystem = Annotated[str, Check(_a_rule_system)]
#: A player count that the rule system (the field before) allows.
PlayerCount = Annotated[int, CrossCheck(_a_count_the_system_allows)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Names:
    """The name shown for each seat, by the seat's name: a seat is called so at every table
    that has it (the five- and six-player tables have the diagonal ones)."""

    __pydantic_config__: ClassVar[ConfigDict] = _ONLY_FIELDS

    south: PlayerName = "You"
    west: PlayerName = "West"
    north: PlayerName = "North"
    east: PlayerName = "East"
    southwest: PlayerName = "Southwest"
    northwest: PlayerName = "Northwest"
    northeast: PlayerName = "Northeast"
    southeast: PlayerName = "Southeast"

    def of(self, seat: str) -> str:
        """The name of the seat called ``seat`` (one of :data:`~canasta.engine.COMPASS`)."""
        name: str = getattr(self, seat.lower())
        return name

    def by_seat(self) -> dict[str, str]:
        """Every seat's name, by the seat's name."""
        return {seat: self.of(seat) for seat in COMPASS}


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """The player's preferences, stored in the config directory (validated by pydantic
    when read: :func:`load_settings`)."""

    __pydantic_config__: ClassVar[ConfigDict] = _ONLY_FIELDS

    format: Literal["canasta-settings"] = "canasta-settings"
    schema_version: Literal[1] = SETTINGS_VERSION
    #: How fast bots play.
    pace: Pace = "normal"
    #: The colour theme.
    theme: Theme = "canasta"
    #: ASCII cards and borders even on a UTF-8 terminal.
    ascii: bool = False
    #: The bots' level for a new game.
    difficulty: Level = "normal"
    names: Names = Names()
    #: How a hand is sorted: by rank, or by suit and then rank.
    hand_order: Literal["rank", "suit"] = "rank"
    #: The rule system of a new game.
    rules: RuleSystem = classic.name
    #: The players of a new game (a count the rule system allows).
    players: PlayerCount = classic.players
    #: Whether the welcome of the first run was shown (it is shown once).
    welcomed: bool = False

    def rule_set(self) -> RuleSet:
        """The rule set of a new game."""
        return preset(self.rules, self.players)


class StartSettings(NamedTuple):
    """The settings a start uses (:func:`settings_at_start`), with the problems met."""

    value: Settings
    problems: tuple[str, ...] = ()
    #: The values are the file's as written, not validated this time (this canasta found
    #: the very file valid before): :func:`settle_settings` validates them.
    as_written: bool = False


@cache
def _adapter() -> TypeAdapter[Settings]:
    from pydantic import TypeAdapter

    return TypeAdapter(Settings)


def validate_settings(data: Mapping[str, object]) -> Settings:
    """``data`` (as the settings file would hold it) validated as :class:`Settings`.

    Raises:
        pydantic.ValidationError: every problem, each with where and what.
    """
    return _adapter().validate_python(data)


def settings_text(settings: Settings) -> str:
    """The settings as the settings file holds them."""
    return json.dumps(dataclasses.asdict(settings), indent=2, ensure_ascii=False) + "\n"


def _default_text(loc: tuple[str | int, ...]) -> str:
    value: object = Settings()
    for part in loc:
        value = getattr(value, str(part), None)
    return "the defaults" if dataclasses.is_dataclass(value) else f"the default {value!r}"


def _without(data: dict[str, Any], loc: tuple[str | int, ...]) -> dict[str, Any]:
    """``data`` less the value at ``loc`` (or its top-level key when ``loc`` leads
    through something that is not an object)."""
    copy = dict(data)
    node = copy
    for part in loc[:-1]:
        child = node.get(str(part))
        if not isinstance(child, dict):
            copy.pop(str(loc[0]), None)
            return copy
        child = dict(child)
        node[str(part)] = child
        node = child
    node.pop(str(loc[-1]), None)
    return copy


def _repair(data: dict[str, Any], paths: Paths) -> Loaded[Settings]:
    """Validate ``data``, dropping each bad value (its default is used) with a sentence."""
    from pydantic import ValidationError

    from canasta.persist.files import clip
    from canasta.persist.models import Loaded

    problems: list[str] = []
    where_file = paths.settings_file
    while True:
        try:
            return Loaded(validate_settings(data), tuple(problems))
        except ValidationError as error:
            for problem in error.errors():
                loc = tuple(problem["loc"])
                where = clip(".".join(str(part) for part in loc), 40)
                if problem["type"] == "unexpected_keyword_argument":
                    problems.append(
                        f"The setting {where!r} in {where_file} is unknown and was ignored."
                    )
                else:
                    problems.append(
                        f"The setting {where!r} in {where_file} is invalid "
                        f"({clip(problem['msg'], 100)}); {_default_text(loc)} is used."
                    )
                repaired = _without(data, loc) if loc else {}
                if repaired == data:  # nothing left to drop: give up on the file's values
                    return Loaded(Settings(), tuple(problems))
                data = repaired


def load_settings(paths: Paths) -> Loaded[Settings]:
    """The settings, validated, with one sentence per problem; never raises.

    A missing file gives the defaults. A file that cannot be read at all (empty, binary,
    not JSON, another schema version) is moved aside and gives the defaults.
    """
    from canasta.persist.files import LoadError, read_document
    from canasta.persist.models import Loaded

    try:
        data = read_document(
            paths.settings_file, what=WHAT, file_format="canasta-settings", version=SETTINGS_VERSION
        )
    except LoadError as error:
        return Loaded(Settings(), (error.sentence,))
    if data is None:
        return Loaded(Settings())
    return _repair(data, paths)


def save_settings(paths: Paths, settings: Settings) -> None:
    """Write the settings atomically (and, when they are valid, note the file's digest, so
    that the next start reads them without validating them first).

    Raises:
        WriteError: the file could not be written.
    """
    from pydantic import ValidationError

    from canasta.persist.files import write_text_atomic

    text = settings_text(settings)
    write_text_atomic(paths.settings_file, text, what=WHAT)
    try:
        valid = validate_settings(dataclasses.asdict(settings))
    except ValidationError:
        return
    if settings_text(valid) == text:
        _note_checked(paths, text.encode("utf-8"))


def _digest_note(raw: bytes) -> dict[str, str]:
    """What :attr:`Paths.settings_checked_file` holds for a settings file of ``raw`` bytes
    found valid as written by this canasta."""
    import hashlib  # here: a start without a settings file does not need it

    return {"canasta": __version__, "sha256": hashlib.sha256(raw).hexdigest()}


def _note_checked(paths: Paths, raw: bytes) -> None:
    from canasta.persist.files import WriteError, write_text_atomic

    note = json.dumps(_digest_note(raw)) + "\n"
    # Not written: the next start validates the file first, as if it had changed.
    with contextlib.suppress(WriteError):
        write_text_atomic(paths.settings_checked_file, note, what="note of the checked settings")


def _forget_checked(paths: Paths) -> None:
    with contextlib.suppress(OSError):
        paths.settings_checked_file.unlink(missing_ok=True)


def _as_written(raw: bytes) -> Settings | None:
    """The settings that ``raw`` (a settings file's bytes) states, not validated; ``None``
    when they do not even make settings."""
    try:
        data = json.loads(raw)
        names = Names(**data.pop("names", {}))
        return Settings(**data, names=names)
    except (ValueError, TypeError, AttributeError, RecursionError):
        return None


def _read(paths: Paths) -> bytes | None:
    """The settings file's bytes (``None``: there is none, or it cannot be read)."""
    try:
        return paths.settings_file.read_bytes()
    except OSError:
        return None


def _checked_before(paths: Paths, raw: bytes) -> bool:
    try:
        note = json.loads(paths.settings_checked_file.read_bytes())
    except (OSError, ValueError, RecursionError):
        return False
    return bool(note == _digest_note(raw))


def settings_at_start(paths: Paths) -> StartSettings:
    """The settings to start with, validated by pydantic only when they must be: the
    defaults when there is no settings file, the file's values as written when this canasta
    found the very same file valid as written before, else :func:`load_settings`'s."""
    if not paths.settings_file.exists():
        return StartSettings(Settings())
    raw = _read(paths)
    if raw is not None and _checked_before(paths, raw):
        written = _as_written(raw)
        if written is not None:
            return StartSettings(written, as_written=True)
    loaded = load_settings(paths)
    return StartSettings(loaded.value, loaded.problems)


def settle_settings(paths: Paths, used: Settings, *, as_written: bool) -> Loaded[Settings] | None:
    """Once the table is up, for a start that used the settings ``used``: when they were
    taken as written (:attr:`StartSettings.as_written`), validate the file and return what
    it validates to when that is not ``used`` (the file's note is then dropped; ``None``
    when it is). When they were validated at start: note the file's digest if its values
    stand as written, so that the next start takes them so."""
    if as_written:
        loaded = load_settings(paths)
        if loaded.problems or settings_text(loaded.value) != settings_text(used):
            _forget_checked(paths)
            return loaded
        return None
    raw = _read(paths)
    written = None if raw is None else _as_written(raw)
    if raw is not None and written is not None and settings_text(written) == settings_text(used):
        _note_checked(paths, raw)
    return None
