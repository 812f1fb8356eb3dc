"""The ``normal`` level of an earlier commit as a level ``old``, beside this tree's levels.

Run: ``python benchmarks/old_normal.py COMMIT simulate --players 2 --games 600 --seed 100
--teams normal,old``. Reads ``src/canasta/bots/normal.py`` as it was at ``COMMIT`` (``git
show``), registers it as level ``old`` and runs the ``canasta`` command line with the rest of
the arguments, so a change of the level's rules is measured head to head against the rules
before it (docs/bots.md, "Each table's goals"). The earlier file is run against this tree's
engine and helpers: it must still import from them.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from canasta.__main__ import main as canasta_main
from canasta.bots import register

LEVEL_FILE = "src/canasta/bots/normal.py"


def main(argv: list[str]) -> int:
    """Register the old level and run the command line ``argv[1:]``."""
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    commit, rest = argv[0], argv[1:]
    root = Path(__file__).resolve().parents[1]
    text = subprocess.run(
        ["git", "show", f"{commit}:{LEVEL_FILE}"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    spec = importlib.util.spec_from_loader("old_normal", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while they are made
    exec(compile(text, f"{commit}:{LEVEL_FILE}", "exec"), module.__dict__)
    register("old", lambda effort: module.NormalBot())
    return canasta_main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
