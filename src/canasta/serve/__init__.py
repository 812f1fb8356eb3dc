"""``canasta serve``: the real game, every screen of it, in a browser tab (textual-serve).

Each browser tab runs its own ``canasta`` process with the options given after ``--``; its
game is saved after every action, so a closed tab loses nothing: the next one offers to
resume it. Every browser session (a random cookie) has a state directory of its own, so two
people on one server never share a save, while the tabs of one browser do. A page opened
with ``?join=LINK`` runs ``canasta join LINK`` instead: the tab takes a seat at a shared
table. textual-serve comes with the ``web`` extra (``pip install 'canasta[web]'``).
"""

from __future__ import annotations

import argparse
import re
import secrets
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from canasta.net.wire import JoinLink
from canasta.persist.paths import STATE_DIR_VARIABLE

__all__ = [
    "LOCAL_HOSTS",
    "game_command",
    "join_command",
    "new_session_id",
    "run",
    "session_state_dir",
    "valid_session_id",
]

#: Addresses that only this machine can reach.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")

# What new_session_id makes, and all that a session cookie may hold: the id becomes a
# directory name, so nothing else (no '/', no '..') ever reaches the file system.
_SESSION_ID = re.compile(r"[0-9a-f]{32}")


def new_session_id() -> str:
    """A fresh random browser-session id (32 hex digits, from :mod:`secrets`)."""
    return secrets.token_hex(16)


def valid_session_id(text: str | None) -> str | None:
    """``text`` if it is a session id as :func:`new_session_id` makes them, else ``None``."""
    return text if text is not None and _SESSION_ID.fullmatch(text) else None


def session_state_dir(state_dir: Path, session: str) -> Path:
    """The state directory (autosave) of one browser session: ``STATE/web/SESSION``.

    Raises:
        ValueError: ``session`` is not a valid session id.
    """
    if valid_session_id(session) is None:
        raise ValueError(f"{session[:40]!r} is not a browser-session id")
    return state_dir / "web" / session


def game_command(game_args: Sequence[str], *, state_dir: Path | None = None) -> str:
    """The shell command that runs one browser tab's game with ``game_args``, keeping its
    autosave in ``state_dir`` (the platform's state directory when ``None``)."""
    args = list(game_args)
    if args[:1] == ["--"]:
        args = args[1:]
    return _command(args, state_dir)


def join_command(link: JoinLink, *, state_dir: Path | None = None) -> str:
    """The shell command that runs ``canasta join LINK`` in a browser tab."""
    return _command(["join", str(link)], state_dir)


def _command(canasta_args: list[str], state_dir: Path | None) -> str:
    """``canasta CANASTA_ARGS`` as one shell command, every word quoted.

    On POSIX the shell ``exec``s the game (through ``env``, which sets the state directory
    and ``exec``s in turn), so that the game's parent is the server, which it watches
    (:mod:`canasta.tui.served`).
    """
    words = [sys.executable, "-m", "canasta", *canasta_args]
    if sys.platform == "win32":
        command = shlex.join(words)
        if state_dir is None:
            return command
        return f'set "{STATE_DIR_VARIABLE}={state_dir}" && {command}'
    if state_dir is not None:
        words = ["env", f"{STATE_DIR_VARIABLE}={state_dir}", *words]
    return f"exec {shlex.join(words)}"


def run(args: argparse.Namespace) -> int:
    """Serve the game on ``args.host``:``args.port`` until interrupted; return the exit
    status (1 without textual-serve)."""
    try:
        from canasta.serve.tabs import TabServer
    except ImportError:
        print(
            "canasta serve: playing in a browser needs textual-serve; install it with "
            "pip install 'canasta[web]'.",
            file=sys.stderr,
        )
        return 1
    if args.host not in LOCAL_HOSTS:
        print(
            f"canasta serve: warning: anyone who can reach {args.host}:{args.port} can play "
            "these games and see every hand.",
            file=sys.stderr,
        )
    TabServer(args.game_args, host=args.host, port=args.port).serve()
    return 0
