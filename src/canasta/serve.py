"""``canasta serve``: the real game, every screen of it, in a browser tab (textual-serve).

Each browser tab runs its own ``canasta`` process with the options given after ``--``; its
game is saved after every action, so a closed tab loses nothing: the next one offers to
resume it. textual-serve comes with the ``web`` extra (``pip install 'canasta[web]'``).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence

__all__ = ["LOCAL_HOSTS", "game_command", "run"]

#: Addresses that only this machine can reach.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def game_command(game_args: Sequence[str]) -> str:
    """The shell command that runs one browser tab's game with ``game_args``.

    On POSIX the shell ``exec``s the game, so that the game's parent is the server, which
    it watches (:mod:`canasta.tui.served`).
    """
    args = list(game_args)
    if args[:1] == ["--"]:
        args = args[1:]
    command = shlex.join([sys.executable, "-m", "canasta", *args])
    return command if sys.platform == "win32" else f"exec {command}"


def run(args: argparse.Namespace) -> int:
    """Serve the game on ``args.host``:``args.port`` until interrupted; return the exit
    status (1 without textual-serve)."""
    try:
        from textual_serve.server import Server
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
    Server(game_command(args.game_args), host=args.host, port=args.port, title="Canasta").serve()
    return 0
