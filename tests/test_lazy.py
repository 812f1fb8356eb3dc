"""A package's lazily exported names (canasta.lazy): a module loads at its name's first use,
once, and an unknown name is an AttributeError naming the package."""

from __future__ import annotations

import subprocess
import sys

import pytest

import canasta.persist


def test_a_name_loads_its_module_at_first_use_only() -> None:
    script = (
        "import sys, canasta.persist as p\n"
        "assert 'canasta.persist.stats' not in sys.modules\n"
        "first = p.Stats\n"
        "assert 'canasta.persist.stats' in sys.modules\n"
        "assert vars(p)['Stats'] is first is p.Stats\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


def test_an_unknown_name_says_which_package_lacks_it() -> None:
    with pytest.raises(AttributeError, match=r"module 'canasta\.persist' has no attribute 'Nope'"):
        _ = canasta.persist.Nope  # type: ignore[attr-defined]
