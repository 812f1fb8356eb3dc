"""The ``normal`` level of an earlier commit as a level ``old``, beside this tree's levels.

Run: ``python benchmarks/old_normal.py COMMIT simulate --players 2 --games 600 --seed 100
--teams normal,old`` (in this process: ``--jobs`` workers would not know the level). Reads
the modules the ``normal`` level is made of (:data:`LEVEL_MODULES`: its railroad plan, its
reading of the table, the level itself) as they were at ``COMMIT`` (``git show``; a module
the commit does not have is skipped), registers that level as ``old`` and runs the
``canasta`` command line with the rest of the arguments, so a change of the level's rules is
measured head to head against the rules before it (docs/bots.md, "Each table's goals"). The
earlier modules import each other as they were at ``COMMIT`` and the rest (the engine, the
other helpers) from this tree: they must still import from it.
"""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from canasta.__main__ import main as canasta_main
from canasta.bots import register

#: The modules of the ``normal`` level, each after those it imports.
LEVEL_MODULES = (
    "canasta.bots.railroad",
    "canasta.bots.situation",
    "canasta.bots.discards",
    "canasta.bots.normal",
)


def _source(root: Path, commit: str, module: str) -> str | None:
    """``module``'s source at ``commit``, or ``None`` if the commit has no such file."""
    path = "src/" + module.replace(".", "/") + ".py"
    shown = subprocess.run(
        ["git", "show", f"{commit}:{path}"], cwd=root, capture_output=True, text=True, check=False
    )
    return shown.stdout if shown.returncode == 0 else None


def old_level(commit: str) -> ModuleType:
    """The ``normal`` level's module as it was at ``commit``, its own modules as they were
    then; this tree's modules are back in place when it returns."""
    root = Path(__file__).resolve().parents[1]
    current = {name: importlib.import_module(name) for name in LEVEL_MODULES if _exists(name)}
    module = None
    try:
        for name in LEVEL_MODULES:
            text = _source(root, commit, name)
            if text is None:
                continue
            module = ModuleType(name)
            # The later modules import this one by name, and dataclasses look their module
            # up while they are made.
            sys.modules[name] = module
            exec(compile(text, f"{commit}:{name}", "exec"), module.__dict__)
    finally:
        for name in LEVEL_MODULES:
            if name in current:
                sys.modules[name] = current[name]
            else:
                sys.modules.pop(name, None)
    if module is None:
        raise SystemExit(f"{commit} has none of the level's modules.")
    return module


def _exists(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def main(argv: list[str]) -> int:
    """Register the old level and run the command line ``argv[1:]``."""
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    commit, rest = argv[0], argv[1:]
    module = old_level(commit)
    register("old", lambda effort: module.NormalBot())
    return canasta_main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
