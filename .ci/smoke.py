"""Smoke test of an installed canasta: the app starts headless at 80x24 and shows the rules.

``.ci/run`` runs it with the wheel's virtual environment, from a directory outside the
source tree, so that only the installed package can answer.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import canasta
from canasta.tui.app import make_app
from canasta.tui.options import Options

HEADING = "The rules of Canasta"


async def rules_screen() -> str:
    """Start a seeded game with no files, press ``r`` and return what the screen shows."""
    app = make_app(Options(seed=7, pace="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        shown = ""
        for _ in range(50):  # the Markdown view mounts its blocks over a few refreshes
            await pilot.pause(0.1)
            shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            if HEADING in shown:
                break
        await pilot.press("escape")
    return shown


def main() -> int:
    """Check where canasta was imported from and that the rules screen shows the rules."""
    installed = Path(canasta.__file__).resolve()
    if "site-packages" not in installed.parts:
        print(f"smoke: canasta was imported from {installed}, not an installation")
        return 1
    shown = asyncio.run(rules_screen())
    print("\n".join(line.rstrip() for line in shown.splitlines()[:8]))
    if HEADING not in shown:
        print(f"smoke: the rules screen does not show {HEADING!r}")
        return 1
    print(f"smoke: canasta {canasta.__version__} from {installed.parent} shows the rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
