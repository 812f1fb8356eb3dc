"""Settings: pace, theme, ASCII mode, default difficulty, player names, hand order, the
rule system and player count of new games, and whether the first run's welcome was shown.

A bad value costs only itself: each problem is reported in one sentence and that setting
falls back to its default, while every valid setting is kept.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, Field, ValidationError, ValidationInfo, field_validator

from canasta.choices import Level, Pace
from canasta.engine import PLAYER_COUNTS, SYSTEMS, RuleSet, Seat, classic, preset
from canasta.persist.files import LoadError, clip, read_document, write_text_atomic
from canasta.persist.models import FileModel, Loaded, PlayerName
from canasta.persist.paths import Paths

__all__ = ["SETTINGS_VERSION", "Names", "Settings", "load_settings", "save_settings"]

SETTINGS_VERSION: Final = 1
WHAT = "settings file"

#: A Textual theme's name (the app checks that the theme exists).
Theme = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")]


class Names(FileModel):
    """The name shown for each seat of the classic table (at another table, a seat of one of
    these names gets its name, and the others are called by their seats)."""

    south: PlayerName = "You"
    west: PlayerName = "West"
    north: PlayerName = "North"
    east: PlayerName = "East"

    def of(self, seat: int) -> str:
        """The name of ``seat`` (0 South, 1 West, 2 North, 3 East)."""
        name: str = getattr(self, Seat(seat).name.lower())
        return name


class Settings(FileModel):
    """The player's preferences, stored in the config directory."""

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
    #: The rule system of a new game (one of :data:`canasta.engine.SYSTEMS`).
    rules: str = classic.name
    #: The players of a new game (a count the rule system allows).
    players: int = classic.players
    #: Whether the welcome of the first run was shown (it is shown once).
    welcomed: bool = False

    @field_validator("rules")
    @classmethod
    def _a_rule_system(cls, rules: str) -> str:
        if rules not in SYSTEMS:
            raise ValueError(f"the rule systems are {', '.join(SYSTEMS)}")
        return rules

    @field_validator("players")
    @classmethod
    def _a_count_the_system_allows(cls, players: int, info: ValidationInfo) -> int:
        system = info.data.get("rules", classic.name)
        allowed = PLAYER_COUNTS[system]
        if players not in allowed:
            counts = ", ".join(str(count) for count in sorted(allowed))
            raise ValueError(f"{system} is played by {counts} players")
        return players

    def rule_set(self) -> RuleSet:
        """The rule set of a new game."""
        return preset(self.rules, self.players)


def _default_text(loc: tuple[str | int, ...]) -> str:
    value: Any = Settings()
    for part in loc:
        value = getattr(value, str(part), None)
    return "the defaults" if isinstance(value, BaseModel) else f"the default {value!r}"


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
    problems: list[str] = []
    where_file = paths.settings_file
    while True:
        try:
            return Loaded(Settings.model_validate(data), tuple(problems))
        except ValidationError as error:
            for problem in error.errors():
                loc = tuple(problem["loc"])
                where = clip(".".join(str(part) for part in loc), 40)
                if problem["type"] == "extra_forbidden":
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
    """The settings, with one sentence per problem; never raises.

    A missing file gives the defaults. A file that cannot be read at all (empty, binary,
    not JSON, another schema version) is moved aside and gives the defaults.
    """
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
    """Write the settings atomically.

    Raises:
        WriteError: the file could not be written.
    """
    write_text_atomic(paths.settings_file, settings.model_dump_json(indent=2) + "\n", what=WHAT)
