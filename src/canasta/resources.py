"""Files the game reads at run time, shipped inside the package.

``canasta/rules.md`` is a link to ``docs/rules.md`` in the repository (one text for the
tests, the docs and the app), and the wheel carries its contents; both a wheel install and
an editable one read it through :mod:`importlib.resources`.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["rules_text"]


def rules_text() -> str:
    """The rules of the game as Markdown (``docs/rules.md``)."""
    return resources.files("canasta").joinpath("rules.md").read_text(encoding="utf-8")
