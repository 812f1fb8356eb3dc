"""``canasta serve`` in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright) opens the page, plays South's first turn by keys, and reads the screen.

The screen is read from what the browser receives (the terminal stream over the page's
websocket, replayed into a ``pyte`` screen of the size the page asked for), since the
terminal draws on a canvas. A key reaches the game only once the terminal has focus, so
the test clicks first, as a person does. Set ``CANASTA_SCREENSHOT=FILE`` to keep a
screenshot of the table. Skipped, saying why, where there is no Chromium.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (the test extra)")
pyte = pytest.importorskip("pyte", reason="needs pyte (the test extra)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium here: install Debian's (apt-get install -y chromium) to run the "
    "browser test",
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":  # a zombie has ended
            found.append(int(stat.parent.name))
    return found


def _wait(check: Callable[[], bool], *, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``canasta serve`` on a free port, with its own empty config, state and data."""
    port = _free_port()
    env = {**os.environ}
    for name in ("CONFIG", "STATE", "DATA"):
        env[f"XDG_{name}_HOME"] = str(tmp_path / name.lower())
    game = ["--seed", "7", "--pace", "instant"]
    process = subprocess.Popen(
        [sys.executable, "-m", "canasta", "serve", "--port", str(port), "--", *game],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )

    def listening() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        except OSError:
            return False
        return True

    try:
        _wait(listening, seconds=20, what="the server to listen")
        yield process, port
    finally:
        # The games it started share the server's process group (textual-serve makes none).
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def test_a_served_game_plays_in_chromium(
    server: tuple[subprocess.Popen[bytes], int], tmp_path: Path
) -> None:
    process, port = server
    screens: list[pyte.Screen] = []
    stream = pyte.ByteStream()

    def text() -> str:
        return "\n".join(screens[0].display) if screens else ""

    def on_websocket(socket_: sync_api.WebSocket) -> None:
        size = parse_qs(urlparse(socket_.url).query)
        screen = pyte.Screen(int(size["width"][0]), int(size["height"][0]))
        stream.attach(screen)
        screens.append(screen)
        socket_.on(
            "framereceived", lambda data: stream.feed(data) if isinstance(data, bytes) else None
        )

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        # The page links a web font; offline, it must fail at once rather than time out.
        page.route("**/fonts.googleapis.com/**", lambda route: route.abort())
        page.on("websocket", on_websocket)
        page.goto(f"http://127.0.0.1:{port}/")

        def shows(words: str) -> Callable[[], bool]:
            def check() -> bool:
                page.wait_for_timeout(100)  # let Playwright deliver the frames
                return words in text()

            return check

        _wait(shows("Your hand: 11 cards"), seconds=30, what="the table to draw")
        page.mouse.click(500, 350)  # give the terminal focus, as a person would
        page.keyboard.press("d")
        _wait(shows("Your hand: 12 cards"), seconds=10, what="South to draw")
        page.keyboard.press("x")  # discard the card under the cursor
        _wait(shows("South discarded"), seconds=10, what="South to discard")
        _wait(shows("Your hand: 11 cards"), seconds=10, what="the bots to play")
        shot = Path(os.environ.get("CANASTA_SCREENSHOT") or tmp_path / "table.png")
        page.screenshot(path=str(shot))
        browser.close()
    screen = text()
    assert "Round 1" in screen and "North-South" in screen and "East-West" in screen
    assert "South drew" in screen
    assert shot.stat().st_size > 10_000

    # A server that is killed cannot tell its games to quit: each game notices and ends.
    (game,) = _children(process.pid)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    _wait(lambda: not _running(game), seconds=10, what="the game to end with its server")


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie is not running)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
