"""docs/rules.md and the tests agree: every section has a test named after it, every worked
example of the rules brief has its test, and every section the engine cites exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
ENGINE = ROOT / "src" / "canasta" / "engine"
TESTS = Path(__file__).resolve().parent

SUBSECTIONS = {1: 4, 2: 4, 3: 4, 4: 5, 5: 8, 6: 2, 7: 3, 8: 4, 9: 4, 10: 0, 11: 8, 12: 0, 13: 12}
#: The agreed numbering: the engine's error messages cite these sections.
REQUIRED = [
    number
    for major, count in SUBSECTIONS.items()
    for number in [str(major), *(f"{major}.{minor}" for minor in range(1, count + 1))]
]


def _sections() -> list[str]:
    text = RULES.read_text(encoding="utf-8")
    return re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\b", text, flags=re.MULTILINE)


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def test_rules_doc_has_exactly_the_agreed_sections_in_order() -> None:
    assert _sections() == REQUIRED


def test_every_rule_section_has_a_test_named_after_it() -> None:
    names = _test_names()
    missing = []
    for section in REQUIRED:
        major = int(section.split(".")[0])
        if section in ("11", "12") or ("." not in section and SUBSECTIONS[major]):
            continue
        prefix = "test_s" + section.replace(".", "_") + "_"
        if not any(name.startswith(prefix) for name in names):
            missing.append(section)
    assert not missing, f"sections without a test: {missing}"


def test_every_worked_example_has_its_own_test() -> None:
    """The rules brief's examples (§4, §7) and seed 003's (§11.3)."""
    names = _test_names()
    for section in ("4", "7", "11_3"):
        for number in range(1, 5):
            prefix = f"test_s{section}_example_{number}_"
            assert any(name.startswith(prefix) for name in names), prefix


def test_every_section_the_engine_cites_exists() -> None:
    sections = set(_sections())
    cited: set[str] = set()
    for path in ENGINE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        cited.update(re.findall(r'"(\d+(?:\.\d+)?)",?\s*\)', source))
    assert cited, "no rule citations found in the engine"
    assert cited <= sections, f"cited but not in docs/rules.md: {sorted(cited - sections)}"
