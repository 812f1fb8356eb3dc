"""A game that ``canasta serve`` runs for a browser tab ends when its server does.

textual-serve asks a game to quit when its tab closes; a server that is killed cannot ask,
and its games would play on unseen. Each one watches its parent, the server, and leaves as
a closed tab would (every action is saved already).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from typing import Any

from textual.app import App

__all__ = ["end_with_server", "is_served"]

#: The driver textual-serve runs a game with (``TEXTUAL_DRIVER``).
_WEB_DRIVER = "textual.drivers.web_driver"


def is_served() -> bool:
    """Whether this game draws in a browser tab (textual-serve started it)."""
    return os.environ.get("TEXTUAL_DRIVER", "").startswith(_WEB_DRIVER)


def end_with_server(app: App[Any], *, every: float = 1.0) -> None:
    """Exit ``app`` once the process that started it is gone (checked ``every`` seconds)."""
    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(every)
        with contextlib.suppress(RuntimeError):  # the app has ended already
            app.call_from_thread(app.exit)

    threading.Thread(target=watch, name="canasta-server-watch", daemon=True).start()
