"""What the app reads at run time is package data: the rules it shows are docs/rules.md."""

from __future__ import annotations

from pathlib import Path

from canasta.resources import rules_text

ROOT = Path(__file__).resolve().parents[1]


def test_the_rules_the_app_shows_are_docs_rules_md() -> None:
    assert rules_text() == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
