"""The pydantic base and field types shared by canasta's files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

__all__ = ["FileModel", "LevelName", "Loaded", "PlayerName"]

T = TypeVar("T")


class FileModel(BaseModel):
    """Immutable, and strict about keys: whatever is read from disk is validated."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def _printable_name(name: str) -> str:
    stripped = name.strip()
    if not stripped or len(stripped) > 20 or not stripped.isprintable():
        raise ValueError("a player name has 1 to 20 printable characters")
    return stripped


#: A player's name as shown at the table.
PlayerName = Annotated[str, AfterValidator(_printable_name)]

#: A bot level's name in the bots' registry (not limited to today's levels, so that a save
#: written with a new level still loads; the app checks it against the registry).
LevelName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,19}$")]


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """A value that was read or updated, with the problems met on the way (one sentence
    each; empty when all went well)."""

    value: T
    problems: tuple[str, ...] = ()
