"""This installation's device name: what ``canasta join`` calls itself at a shared table.

A table hands a seat straight back to the device that held it and refuses any other while
that one is connected (docs/network.md). The name is made once and kept in the state
directory, so a ``canasta join`` that is closed or crashes and is started again is the same
device: it takes its seat back at once, instead of being refused until the server's pings
find the old connection dead. It names nothing secret (the seat's token is the secret).
"""

from __future__ import annotations

import contextlib
import re
import secrets

from canasta.persist.files import WriteError, write_text_atomic
from canasta.persist.paths import Paths

__all__ = ["device_name"]

#: What :func:`secrets.token_urlsafe` makes (and a hand-written name may be): 8 to 64
#: URL-safe characters.
_NAME = re.compile(r"[A-Za-z0-9_-]{8,64}")


def device_name(paths: Paths) -> str:
    """The device name kept in ``paths``, made and kept there first if there is none (or
    it is unreadable); when the state directory cannot be written, a new name for this run."""
    try:
        kept = paths.device_file.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        kept = ""
    if _NAME.fullmatch(kept):
        return kept
    name = secrets.token_urlsafe(12)
    # A home that cannot be written still plays: only a restart cannot reclaim the seat.
    with contextlib.suppress(WriteError):
        write_text_atomic(paths.device_file, name + "\n", what="device name")
    return name
