"""Who plays a seat, as the command line writes it: a bot level, or ``cmd:COMMAND`` for an
outside bot (``docs/protocol.md``).

``canasta simulate --seats`` takes one such value per seat, separated by commas (a comma
inside quotes belongs to the command); ``canasta --seat west=cmd:...`` names the seat.
"""

from __future__ import annotations

import shlex
from collections.abc import Collection, Sequence

from canasta.choices import COMMAND_PREFIX, is_command
from canasta.engine import CanastaError

__all__ = ["command_argv", "parse_seat_option", "seat_kind", "split_seats"]


def command_argv(kind: str) -> list[str]:
    """The program and arguments of ``cmd:COMMAND``, split as a shell splits words (no
    shell runs them: no pipes, no variables). A command quoted whole, as in
    ``cmd:"python my_bot.py"`` inside a quoted ``--seats`` list, is split once more.

    Raises:
        CanastaError: the command is empty or its quotes do not close.
    """
    command = kind[len(COMMAND_PREFIX) :].strip()
    try:
        argv = shlex.split(command)
        if len(argv) == 1 and command[:1] in ("'", '"'):
            argv = shlex.split(argv[0])
    except ValueError as error:
        raise CanastaError(
            f"The bot command {command!r} cannot be read ({error}): check its quotes."
        ) from None
    if not argv:
        raise CanastaError("'cmd:' needs a command after it, such as cmd:\"python my_bot.py\".")
    return argv


def seat_kind(text: str, levels: Collection[str]) -> str:
    """The seat value ``text`` checked: a bot level (lower-cased) or ``cmd:COMMAND``.

    Raises:
        CanastaError: one sentence naming the value and what may be written instead.
    """
    kind = text.strip()
    if is_command(kind):
        command_argv(kind)
        return f"{COMMAND_PREFIX}{kind[len(COMMAND_PREFIX) :].strip()}"
    level = kind.lower()
    if level not in levels:
        raise CanastaError(
            f"There is no bot level {kind!r}; choose one of: {', '.join(levels)}, "
            "or cmd:COMMAND for an outside bot."
        )
    return level


def split_seats(text: str) -> list[str]:
    """The values of a comma-separated seat list; a comma inside quotes is kept."""
    values: list[str] = []
    current: list[str] = []
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == ",":
            values.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    values.append("".join(current).strip())
    return values


def parse_seat_option(
    text: str, *, seats: Sequence[str], levels: Collection[str]
) -> tuple[int, str]:
    """``SEAT=KIND`` (``west=cmd:python my_bot.py``) as the seat's number and its kind.

    Args:
        text: the option's value.
        seats: the table's seat names in turn order (any case).
        levels: the bot levels there are.

    Raises:
        CanastaError: one sentence naming what is wrong.
    """
    name, equals, kind = text.partition("=")
    names = [seat.lower() for seat in seats]
    if not equals or name.strip().lower() not in names:
        raise CanastaError(
            f"--seat {text!r}: write SEAT=KIND, SEAT one of {', '.join(names)}, "
            'such as west=cmd:"python my_bot.py".'
        )
    return names.index(name.strip().lower()), seat_kind(kind, levels)
