"""Checks on the fields of canasta's files, declared without importing pydantic.

A field's type carries its check as ``Annotated`` metadata; pydantic runs the check after
validating the value as that type (as it runs an ``AfterValidator``), and a ``ValueError``
becomes the field's problem. Declared here, the checks let a model that is a plain frozen
dataclass (the settings, which the table's first frame reads before pydantic has loaded)
be built without pydantic, and still be validated by it wherever it is read from disk.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

from canasta.engine.words import player_name

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import CoreSchema

__all__ = ["Check", "CrossCheck", "PlayerName"]

T = TypeVar("T")


class Check(Generic[T]):
    """``Annotated[T, Check(check)]``: ``check`` returns the valid value (maybe tidied) or
    raises ``ValueError`` with what a valid one is."""

    # A plain class: a dataclass costs a millisecond to define, at every start.
    __slots__ = ("check",)

    def __init__(self, check: Callable[[T], T]) -> None:
        self.check = check

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.check, handler(source))


class CrossCheck(Generic[T]):
    """As :class:`Check`, for a field that depends on the fields before it: ``check`` gets
    the value and those fields that are valid, by name."""

    __slots__ = ("check",)

    def __init__(self, check: Callable[[T, Mapping[str, object]], T]) -> None:
        self.check = check

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        from pydantic_core import core_schema

        def validate(value: T, info: core_schema.ValidationInfo) -> T:
            return self.check(value, info.data)

        return core_schema.with_info_after_validator_function(validate, handler(source))


#: A player's name as shown at the table.
PlayerName = Annotated[str, Check(player_name)]
