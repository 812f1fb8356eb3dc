"""The game in the terminal (Textual): ``run`` is what ``canasta`` and ``canasta play`` call."""

from __future__ import annotations

import argparse
import sys

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Play a game in the terminal with the options in ``args``; return the exit status."""
    from canasta.engine import CanastaError
    from canasta.tui.app import make_app
    from canasta.tui.options import Options

    try:
        options = Options.from_args(args)
    except CanastaError as error:
        print(f"canasta: {error}", file=sys.stderr)
        return 2
    app = make_app(options)
    result = app.run()
    return 0 if result is None else result
