"""The pydantic base and field types shared by canasta's files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["FileModel", "LevelName", "Loaded"]

T = TypeVar("T")


class FileModel(BaseModel):
    """Immutable, and strict about keys: whatever is read from disk is validated."""

    model_config = ConfigDict(frozen=True, extra="forbid")


#: A bot level's name in the bots' registry (not limited to today's levels, so that a save
#: written with a new level still loads; the app checks it against the registry).
LevelName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,19}$")]


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """A value that was read or updated, with the problems met on the way (one sentence
    each; empty when all went well)."""

    value: T
    problems: tuple[str, ...] = ()
