"""The game in the terminal (Textual): ``run`` is what ``canasta`` and ``canasta play`` call."""

from __future__ import annotations

import functools
import gc
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from canasta.tui.app import CanastaApp

__all__ = ["build_app", "run"]


def run(args: argparse.Namespace) -> int:
    """Play a game in the terminal with the options in ``args``; return the exit status.

    The settings in the config directory supply what the command line leaves out (each bad
    value is reported and its default used; a file found valid before is taken as written,
    and validated once the table is up); the game is saved in the state directory.
    """
    app = build_app(args)
    if isinstance(app, int):
        return app
    from canasta.tui.served import end_with_server, is_served

    if is_served():
        end_with_server(app)
    result = app.run()
    if app.learn:
        from canasta.tui.lessons import run as run_lessons

        return run_lessons(args)
    return 0 if result is None else result


def build_app(args: argparse.Namespace) -> CanastaApp | int:
    """The app :func:`run` runs for ``args`` (or the exit status of bad options)."""
    # No collection while the modules load: what they make lives as long as the process,
    # and the app leaves it out of every later collection (a full one cost some 15 ms).
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _build_app(args)
    finally:
        if enabled:
            gc.enable()


def _build_app(args: argparse.Namespace) -> CanastaApp | int:
    from canasta.engine import CanastaError
    from canasta.persist import Paths, settings_at_start
    from canasta.tui.app import make_app
    from canasta.tui.options import Options

    paths = Paths.from_environment()
    settings = settings_at_start(paths)
    try:
        options = Options.from_args(args, settings.value)
    except CanastaError as error:
        print(f"canasta: {error}", file=sys.stderr)
        return 2
    # The welcome is for a first run as a newcomer starts it: not for a chosen deal or a resume.
    welcome = not settings.value.welcomed and args.seed is None and not args.resume
    # Settings taken as written are validated once the table is up; should the file give
    # others, the options follow those, the command line's choices kept.
    recheck = functools.partial(Options.from_args, args) if settings.as_written else None
    app = make_app(
        options,
        paths=paths,
        resume=bool(args.resume),
        settings=settings.value,
        recheck_settings=recheck,
        welcome=welcome,
        table_asked=getattr(args, "rules", None) is not None,
    )
    app.notes.extend(settings.problems)
    return app
