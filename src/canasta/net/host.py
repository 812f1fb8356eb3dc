"""``canasta host``: one shared table on this machine, until Ctrl-C.

It prints where the table is saved, one ``canasta join LINK`` per human seat and who plays
the other seats, then serves the table (:class:`~canasta.net.server.TableServer`), with a
line for each person who joins or leaves and each away seat a bot takes over. With
``--table FILE`` an existing file resumes its table (same links, same game: it listens
where the table was served before, unless ``--host``, ``--port`` or ``--public-url`` say
otherwise) and a missing one is created; without it the file goes to the state directory.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import signal
import sys
import time
from pathlib import Path

from canasta.bots import BOTS
from canasta.choices import is_command
from canasta.engine import CanastaError, classic
from canasta.net.presence import comings_and_goings
from canasta.net.server import TableServer
from canasta.net.table import AWAY_TIMEOUT, Table
from canasta.net.wire import SeatStatus
from canasta.persist import Address, Paths, TableFile, load_table
from canasta.protocol import parse_seat_option
from canasta.session import HUMAN

__all__ = ["run"]

#: Where a new table listens unless told: this machine only, on canasta's port.
HOST = "127.0.0.1"
PORT = 8765


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    """Host the table ``args`` describe until interrupted; return the exit status."""
    if (args.away_timeout or 0) < 0 or args.bot_pause < 0 or args.ping <= 0:
        print(
            "canasta host: --away-timeout and --bot-pause take seconds from 0 up, --ping "
            "more than 0.",
            file=sys.stderr,
        )
        return 2
    try:
        stored = load_table(args.table) if args.table is not None else None
    except CanastaError as error:
        print(f"canasta host: {error}", file=sys.stderr)
        return 2
    _listen_where(args, None if stored is None else stored.address)
    if stored is not None:
        _warn_if_left_out(args)
    if not _loopback(args.host):
        print(
            f"canasta host: warning: anyone who can reach {args.host}:{args.port} and has a "
            "seat's link can play that seat; put the server behind TLS beyond your own "
            "network (docs/protocol.md).",
            file=sys.stderr,
        )
    try:
        return asyncio.run(_host(args, stored))
    except CanastaError as error:
        print(f"canasta host: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(
            f"canasta host: cannot listen on {args.host}:{args.port} ({error.strerror or error})"
            ": choose another --port.",
            file=sys.stderr,
        )
        return 1


def _listen_where(args: argparse.Namespace, before: Address | None) -> None:
    """Fill in ``--host``, ``--port`` and ``--public-url`` where not given: as the table
    was served ``before`` (so that its links stay the same), else this machine's
    :data:`PORT`."""
    if args.host is None:
        args.host = HOST if before is None else before.host
    if args.port is None:
        args.port = PORT if before is None else before.port
    if args.public_url is None and before is not None:
        args.public_url = before.public_url


def _warn_if_left_out(args: argparse.Namespace) -> None:
    """Say so when options of a new table come with a table file that holds one already:
    the table keeps its own (a seat given to a bot here would silently stay a person's)."""
    given = {
        "--rules/--players": args.rules is not None,
        "--seat": bool(args.seat_kinds),
        "--names": args.names is not None,
        "--seed": args.seed is not None,
        "--away-timeout": args.away_timeout is not None,
    }
    left_out = [option for option, there in given.items() if there]
    if left_out:
        print(
            f"canasta host: warning: {args.table} holds a table already, which keeps its own "
            f"rules, seats, names and away timeout: {', '.join(left_out)} left out (another "
            "--table FILE starts a new table).",
            file=sys.stderr,
        )


def _seats(args: argparse.Namespace) -> list[str]:
    rules = args.rules or classic
    kinds = [HUMAN] * rules.players
    for text in args.seat_kinds:
        seat, kind = parse_seat_option(text, seats=rules.seat_names, levels=tuple(BOTS))
        kinds[seat] = kind
    return kinds


def _names(args: argparse.Namespace) -> list[str] | None:
    return None if args.names is None else [name.strip() for name in args.names.split(",")]


async def _host(args: argparse.Namespace, stored: TableFile | None) -> int:
    path: Path | None = args.table
    # The seats and names are checked before anything listens.
    seats, names = ([], None) if stored is not None else (_seats(args), _names(args))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl-C raises instead
            loop.add_signal_handler(signum, stop.set)
    async with TableServer(
        args.host,
        args.port,
        ping_interval=args.ping,
        ping_timeout=args.ping,
        public_url=args.public_url,
    ) as server:
        if stored is not None:
            assert path is not None
            table = server.resume_table(path, bot_pause=args.bot_pause, stored=stored)
            _warn_if_moved(stored.address, table.address)
        else:
            table = server.open_table(
                rules=args.rules or classic,
                seats=seats,
                names=names,
                seed=args.seed,
                away_timeout=AWAY_TIMEOUT if args.away_timeout is None else args.away_timeout,
                table_file=path,
                bot_pause=args.bot_pause,
            )
            if path is None:
                # The id is known only now: the first write goes to the state directory.
                table.file = Paths.from_environment().state_dir / "tables" / f"{table.id}.json"
                table.save(new=True)
        _announce(table)
        table.on_seats = _Comings(table)
        await stop.wait()
    print(f"canasta host: the table is closed; canasta host --table {table.file} opens it again.")
    return 0


def _warn_if_moved(before: Address | None, now: Address) -> None:
    """Say so when the links the table's people were given no longer reach it."""
    if before is not None and before.links != now.links:
        print(
            f"canasta host: warning: the table was served at {before.links} and is now at "
            f"{now.links}: give each person their new link below.",
            file=sys.stderr,
        )


class _Comings:
    """Tells the host's terminal, a line each with the time, who joined the table, who left
    it and whose seat a bot took over."""

    def __init__(self, table: Table) -> None:
        self._before = _by_seat(table.seating.statuses(table.session.names))

    def __call__(self, seats: list[SeatStatus]) -> None:
        for line in comings_and_goings(self._before, seats, viewer=None):
            print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)
        self._before = _by_seat(seats)


def _by_seat(seats: list[SeatStatus]) -> dict[int, SeatStatus]:
    return {seat.seat: seat for seat in seats}


def _announce(table: Table) -> None:
    rules = table.session.state.rules
    file = table.file.resolve() if table.file is not None else None
    print(f"Table {table.id}: {rules.label}, saved in {file}")
    for seat, (link, kind) in enumerate(zip(table.links, table.kinds, strict=True)):
        name = table.session.names[seat]
        if link is not None:
            print(f"  {name}: canasta join {link}")
        elif is_command(kind):
            print(f"  {name}: the outside bot {kind}")
        else:
            print(f"  {name}: the {kind} bot")
    away = table.away_timeout
    leaves = (
        "is waited for"
        if away is None
        else f"is played by a bot after {away:g} s, until they are back"
    )
    print(
        f"Each person joins with their own link; the seat of one who leaves {leaves}. Ctrl-C stops."
    )
    sys.stdout.flush()
