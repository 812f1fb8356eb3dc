"""The ``canasta`` command: play (the default), learn, analyze, simulate, replay, serve.

Parsing imports nothing heavy: ``canasta --help`` and ``--version`` answer without loading
Textual, and each subcommand imports its own module only when it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from canasta import __version__
from canasta.choices import BOT_TIMEOUT, DEFAULT_PLAYOUTS, LEVELS, PACES
from canasta.engine.errors import CanastaError
from canasta.engine.rules import PLAYER_COUNTS, RuleSet, preset

EPILOG = """\
commands (run 'canasta COMMAND --help' for each):
  play       play a game in the terminal (the default)
  learn      learn to play: short lessons on the real table
  analyze    show a saved record or position, or apply an action to it
  simulate   play bot games headless and report who wins
  replay     step through a finished game's record, every hand open
  serve      serve the game to a web browser (pip install 'canasta[web]')
  host       host a shared table that friends join from their own devices
  join       play your seat at a shared table, with the link its host gave you

examples:
  canasta                           play against three bots
  canasta learn                     learn to play, a lesson at a time
  canasta --seed 7 --difficulty hard
  canasta analyze game.json --apply "take h6 c6" --out after.json
  canasta simulate --games 200 --teams normal,random
  canasta --seat west=cmd:"python my_bot.py"      an outside bot (docs/protocol.md)
  canasta serve                     play in a browser at http://127.0.0.1:8000
  canasta replay game.json
  canasta host --seat north=normal  a table for three people and a bot
  canasta join "ws://192.168.1.20:8765/table/a1b2c3#TOKEN"    a seat at a friend's table

at the table: p settings, i statistics, v replay a finished game. Every action is saved,
one unfinished game per table: 'canasta' offers to resume the latest ('canasta --resume'
goes straight back in); '--rules'/'--players' play that table and keep the others' games.
"""


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--rules NAME`` and ``--players N``: the rule system and the table (see
    :func:`rules_from`)."""
    systems = ", ".join(
        f"{name} ({'/'.join(map(str, sorted(counts)))} players)"
        for name, counts in PLAYER_COUNTS.items()
    )
    parser.add_argument(
        "--rules",
        dest="rules_name",
        metavar="NAME",
        default=None,
        help=f"the rule system: {systems} (default: classic; docs/rules.md §11, railroad §13)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="how many players (default: the system's: 4, railroad 3)",
    )
    # main() resolves the two into ``rules`` (a caller that parses alone gets classic).
    parser.set_defaults(rules=None)


def rules_from(args: argparse.Namespace) -> RuleSet | None:
    """The rule set that ``--rules`` and ``--players`` ask for, or ``None`` when neither
    is given (the settings, or classic, decide).

    Raises:
        CanastaError: one sentence naming the impossible choice and what is possible.
    """
    name, players = getattr(args, "rules_name", None), getattr(args, "players", None)
    if name is None and players is None:
        return None
    return preset(name or "classic", players)


def _seconds(text: str) -> float:
    """A positive number of seconds (an argparse type: a wrong one is one line)."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not seconds > 0:  # nan too
        raise argparse.ArgumentTypeError(
            f"{text} is not a positive number of seconds (how long an outside bot may take "
            "to answer)"
        )
    return seconds


def add_bot_timeout(parser: argparse.ArgumentParser) -> None:
    """``--bot-timeout SECONDS``: how long an outside bot may take to answer."""
    parser.add_argument(
        "--bot-timeout",
        type=_seconds,
        default=BOT_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds an outside bot (cmd:COMMAND) may take to answer (default {BOT_TIMEOUT:g})",
    )


def _add_ascii(parser: argparse.ArgumentParser, *, default: bool | None = False) -> None:
    parser.add_argument(
        "--ascii",
        action="store_true",
        default=default,
        help="ASCII cards and borders (chosen automatically when the terminal is not UTF-8)",
    )


#: ``--theme``, for a game played here and a seat at a shared table alike.
_THEME_HELP = (
    "colour theme: canasta (the default) or one of Textual's, such as nord, dracula or "
    "textual-light (an unknown name lists them all)"
)


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=None, help="seed the deal (default: random)")
    add_rules_options(parser)
    parser.add_argument(
        "--difficulty",
        default=None,
        metavar="LEVEL[,LEVEL...]",
        help=f"bot strength: one of {', '.join(LEVELS)}, or one per seat after South "
        "(West,North,East with four players) (default: normal)",
    )
    parser.add_argument(
        "--pace", choices=PACES, default=None, help="how fast bots play (default: normal)"
    )
    # None: the settings decide.
    _add_ascii(parser, default=None)
    parser.add_argument("--theme", default=None, help=_THEME_HELP)
    parser.add_argument(
        "--hotseat",
        action="store_true",
        help="choose humans and bots for each seat and play at one keyboard",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="go straight back into the unfinished game (of the table asked for, if any)",
    )
    parser.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT=KIND",
        dest="seat_kinds",
        help="who plays a seat: a bot level or cmd:COMMAND, an outside bot speaking "
        'docs/protocol.md (e.g. west=cmd:"python my_bot.py"); repeat for more seats',
    )
    add_bot_timeout(parser)


def _port(text: str) -> int:
    """A port to listen on, 0 to 65535 (an argparse type: a wrong one is one line)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: ports go from 0 to 65535")
    return port


class _Parser(argparse.ArgumentParser):
    """argparse, with a wrong option said in one line that points to the help (argparse
    would print the whole usage first); its subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}; see '{self.prog} --help'.\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = _Parser(
        prog="canasta",
        description="Canasta in the terminal: classic and traditional partnership Canasta, "
        "and Railroad Canasta.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"canasta {__version__}")
    _add_play_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="play a game in the terminal (the default)")
    _add_play_options(play)

    learn = commands.add_parser(
        "learn",
        help="learn to play: short lessons on the real table",
        description="Short lessons on the real table, from the cards and their values to "
        "railroad's sevens lock: each step is explained, and each move checked as you play "
        "it. Finished lessons are marked, and a lesson you leave resumes at its step.",
    )
    _add_ascii(learn)

    analyze = commands.add_parser(
        "analyze",
        help="show a record or position and its legal actions",
        description="Print the phase, whose turn it is, the pile and every legal action of a "
        "saved game record or position (JSON, see docs/notation.md), or of the game in a "
        "shared table's file (canasta host --table FILE) or the app's saved game.",
    )
    analyze.add_argument(
        "file", help="a game record or position (JSON), a table file or a saved game"
    )
    analyze.add_argument(
        "--apply", dest="action", metavar="ACTION", help='apply one action, e.g. "draw"'
    )
    analyze.add_argument(
        "--out", metavar="FILE", help="with --apply: write the resulting position here"
    )
    analyze.add_argument(
        "--seat",
        metavar="SEAT",
        help="show only what this seat may see (a seat of the file's table: south, west, ...)",
    )

    simulate = commands.add_parser(
        "simulate",
        help="play bot games headless and report the results",
        description="Play bot games to the end, each deal once per team with every bot moved "
        "a seat to the left each time (the teams' seats swapped, with two teams), and print a "
        "table of results.",
    )
    simulate.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    add_rules_options(simulate)
    simulate.add_argument("--seed", type=int, default=0, help="first deal's seed (default 0)")
    simulate.add_argument(
        "--teams",
        default=None,
        metavar="A,B[,...]",
        help="bot level (or cmd:COMMAND) of each team: North-South and East-West with four "
        "players, each player alone with two or three and in railroad (default: normal for "
        "the first, random for the rest)",
    )
    simulate.add_argument(
        "--seats",
        default=None,
        metavar="LEVEL,...",
        help="bot level per seat in turn order from South (South,West,North,East with four "
        "players; one per player), overriding --teams; cmd:COMMAND seats an outside bot "
        '(docs/protocol.md), e.g. cmd:"python my_bot.py"',
    )
    add_bot_timeout(simulate)
    simulate.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    simulate.add_argument(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="play the games on the Dask cluster whose scheduler is at ADDRESS, e.g. "
        "tcp://10.0.0.5:8786 (needs pip install 'canasta[cluster]'; overrides --jobs)",
    )
    simulate.add_argument(
        "--playouts",
        type=int,
        default=DEFAULT_PLAYOUTS,
        help=f"deals the hard bot samples per searched decision (default {DEFAULT_PLAYOUTS}): "
        "the same seed plays the same moves on any machine",
    )
    simulate.add_argument(
        "--json",
        metavar="FILE",
        help="also write the results as JSON ('-': only the JSON, to stdout)",
    )
    simulate.add_argument(
        "--records",
        metavar="DIR",
        help="also keep each game's record in DIR (made if need be), to watch with canasta "
        "replay, every hand open",
    )

    replay = commands.add_parser(
        "replay",
        help="step through a finished game's record, every hand open",
        description="Replay a game record (JSON, such as the finished games canasta keeps in "
        "its data directory), or the game of a shared table's file or of a saved game, "
        "forwards and backwards, with every hand open and the log.",
    )
    replay.add_argument("file", help="a game record (JSON), a table file or a saved game")
    _add_ascii(replay)
    serve = commands.add_parser(
        "serve",
        help="serve the game to a web browser (pip install 'canasta[web]')",
        description="Serve the game to a web browser with textual-serve: each browser tab "
        "plays its own game (closing the tab loses nothing: the game resumes from its "
        "browser's own autosave). Options after '--' go to each game, e.g. canasta serve -- "
        "--hotseat. http://HOST:PORT/?join=LINK (the join link URL-encoded) seats the tab "
        "at a shared table instead, as canasta join LINK does.",
    )
    serve.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "game_args",
        nargs=argparse.REMAINDER,
        metavar="-- GAME OPTIONS",
        help="options for each game, such as --hotseat or --seed 7",
    )
    _add_host(commands)
    join = commands.add_parser(
        "join",
        help="play your seat at a shared table, with the link its host gave you",
        description="Join a shared table from this terminal: the link (ws://HOST:PORT/table/"
        "TABLE#TOKEN) is the one the host printed for your seat; keep its token to yourself. "
        "The table is played on the host's server: if the connection drops, canasta joins "
        "again by itself, and the seat waits for you.",
    )
    join.add_argument("link", help="your seat's join link, as the host printed it (quote it)")
    _add_ascii(join)
    join.add_argument("--theme", default=None, help=_THEME_HELP)
    return parser


def _add_host(commands: argparse._SubParsersAction[_Parser]) -> None:
    host = commands.add_parser(
        "host",
        help="host a shared table that friends join from their own devices",
        description="Host one shared table: the game runs here, and each person joins\n"
        "their seat from their own terminal with 'canasta join LINK'. Every seat is a\n"
        "person's unless --seat gives it to a bot or an outside bot (cmd:COMMAND).\n\n"
        "It prints the table file, one join link per person (keep each secret: the link\n"
        "is the seat's key) and which seats are bots, and runs until Ctrl-C. The game is\n"
        "saved after every action: 'canasta host --table FILE' resumes it where it was\n"
        "served, with the same links. It listens on 127.0.0.1 (this machine) unless --host\n"
        "says otherwise; beyond your own network put it behind TLS (docs/protocol.md).",
        epilog="examples:\n"
        "  canasta host                                four people, classic\n"
        "  canasta host --players 2 --seed 7           two people\n"
        "  canasta host --seat north=normal --seat east=hard --table friday.json\n"
        "  canasta host --host 0.0.0.0 --port 8765     reachable from your network\n"
        "  canasta host --public-url wss://cards.example.org   behind a TLS proxy",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_rules_options(host)
    host.add_argument(
        "--port",
        type=_port,
        default=None,
        help="port to listen on (default 8765, or a resumed table's own; 0: any free)",
    )
    host.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1, this machine only, or a resumed "
        "table's own; 0.0.0.0: every network, with a warning)",
    )
    host.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the address the join links name, when people reach the table through a TLS "
        "reverse proxy (wss://cards.example.org; docs/network.md); default: a resumed "
        "table's own, else ws://HOST:PORT",
    )
    host.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT=KIND",
        dest="seat_kinds",
        help=f"give a seat to a bot ({', '.join(LEVELS)}) or an outside bot "
        '(west=cmd:"python my_bot.py"); repeat for more seats',
    )
    host.add_argument(
        "--away-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds a person may be away before a bot plays their seat until they are "
        "back (default 60)",
    )
    host.add_argument(
        "--table",
        type=Path,
        default=None,
        metavar="FILE",
        help="the table file: resumed when it exists (its seats, names, away timeout and "
        "address as they were), created when not (default: a new file in canasta's state "
        "directory)",
    )
    host.add_argument("--seed", type=int, default=None, help="seed the deal (default: random)")
    host.add_argument(
        "--names",
        default=None,
        metavar="NAME,...",
        help="the players' names in turn order from South, each different and none 'You' "
        "(default: the seats' names)",
    )
    host.add_argument(
        "--bot-pause",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="seconds a bot waits before each action, so people can follow (default 0.6)",
    )
    host.add_argument(
        "--ping",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="seconds between pings; a device that does not answer within as many is "
        "dropped (default 20)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    command = args.command or "play"
    try:
        args.rules = rules_from(args)
    except CanastaError as error:
        print(f"canasta: {error}", file=sys.stderr)
        return 2
    if command == "analyze":
        from canasta.analyze import run as run_analyze

        return run_analyze(args)
    if command == "simulate":
        from canasta.simulate import run as run_simulate

        return run_simulate(args)
    if command == "learn":
        from canasta.tui.lessons import run as run_lessons

        return run_lessons(args)
    if command == "replay":
        from canasta.tui.replay import run as run_replay

        return run_replay(args)
    if command == "join":
        from canasta.tui.remote import run as run_join

        return run_join(args)
    if command == "serve":
        game = args.game_args[1:] if args.game_args[:1] == ["--"] else args.game_args
        if build_parser().parse_args(game).command not in (None, "play"):
            print("canasta serve: after '--' give play options, not a command.", file=sys.stderr)
            return 2
        from canasta.serve import run as run_serve

        return run_serve(args)
    if command == "host":
        from canasta.net.host import run as run_host

        return run_host(args)
    from canasta.tui import run as run_tui

    return run_tui(args)


def entry() -> None:
    """Console-script entry point."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped reading (``canasta analyze FILE | head``): nothing is wrong
        # that a sentence could mend. Python flushes stdout again on the way out, so it
        # goes to nowhere (the recipe of the signal module's documentation).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    entry()
