"""Names a package exports but loads only when first used (PEP 562's module ``__getattr__``).

A package whose submodules are costly to import (the bots' tables, the files' pydantic
models) lists where each name lives; a start-up that never names them never loads them.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package``: ``homes`` maps each name to its module,
    loaded on the name's first use (then kept in the package, so it loads once).

    Example: ``__getattr__ = lazy_names(__name__, {"Stats": "canasta.persist.stats"})``.
    """

    def load(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    return load
