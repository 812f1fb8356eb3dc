"""``canasta serve`` in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright) opens the page, plays South's first turn by keys and reads the screen; a closed
tab's game ends and the next tab of that browser resumes it; another browser plays a game
and a save of its own; a killed server's game ends too.

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

from canasta.engine.state import Phase  # noqa: E402
from canasta.persist.saves import SavedGame  # noqa: E402

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


def _south_to_draw(saved: Path) -> bool:
    """Whether the save in ``saved`` is at South's turn to draw: the bots have played on."""
    state = SavedGame.model_validate_json(saved.read_bytes()).states()[-1]
    return state.turn == 0 and state.phase is Phase.DRAW


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


class Tab:
    """A browser tab on the server, and the screen it shows (replayed from its websocket)."""

    def __init__(self, browser: sync_api.BrowserContext, port: int) -> None:
        self.screen: pyte.Screen | None = None
        self.page = browser.new_page()
        # The page links a web font; offline, it must fail at once rather than time out.
        self.page.route("**/fonts.googleapis.com/**", lambda route: route.abort())
        self.page.on("websocket", self._connected)
        self.page.goto(f"http://127.0.0.1:{port}/")

    def _connected(self, websocket: sync_api.WebSocket) -> None:
        size = parse_qs(urlparse(websocket.url).query)
        self.screen = pyte.Screen(int(size["width"][0]), int(size["height"][0]))
        stream = pyte.ByteStream(self.screen)
        websocket.on("framereceived", lambda data: isinstance(data, bytes) and stream.feed(data))

    @property
    def text(self) -> str:
        """What the terminal in the page shows."""
        return "\n".join(self.screen.display) if self.screen else ""

    def wait_for(self, words: str, *, seconds: float = 10) -> None:
        """Wait until the screen shows ``words``."""

        def shown() -> bool:
            self.page.wait_for_timeout(100)  # let Playwright deliver the frames
            return words in self.text

        _wait(shown, seconds=seconds, what=repr(words))

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)


@pytest.mark.slow
def test_a_served_game_plays_in_chromium(
    server: tuple[subprocess.Popen[bytes], int], tmp_path: Path
) -> None:
    process, port = server
    shot = Path(os.environ.get("CANASTA_SCREENSHOT") or tmp_path / "table.png")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        # One browser: its tabs share the cookie that names its save.
        browser = chromium.new_context(viewport={"width": 1000, "height": 700})
        tab = Tab(browser, port)
        tab.wait_for("Your hand: 11 cards", seconds=30)
        tab.page.mouse.click(500, 350)  # give the terminal focus, as a person would
        tab.press("d")
        tab.wait_for("Your hand: 12 cards")
        tab.press("x")  # discard the card under the cursor
        tab.wait_for("You discarded")
        tab.wait_for("Your turn:")  # the bots have played: South's turn again
        screen = tab.text
        assert "Round 1" in screen and "North-South" in screen and "East-West" in screen
        assert "You drew" in screen
        tab.page.screenshot(path=str(shot))

        # Closing the tab ends its game, and loses nothing: the next tab resumes it.
        (first,) = _children(process.pid)
        tab.page.close()
        _wait(lambda: not _running(first), seconds=10, what="the closed tab's game to end")
        tab = Tab(browser, port)
        tab.wait_for("Welcome back: a game is unfinished.", seconds=30)
        tab.page.mouse.click(500, 350)
        tab.press("r")
        tab.wait_for("Resumed the game")
        assert "Your hand: 11 cards" in tab.text

        # Another browser (cookies of its own) gets a game and a save of its own: the first
        # person's save is neither offered to it nor touched by its play. The first game is
        # left at South's turn, so that nothing of its own changes its save meanwhile.
        (saved,) = (tmp_path / "state" / "canasta" / "web").glob("*/autosave.json")
        tab.wait_for("Your turn:")
        _wait(lambda: _south_to_draw(saved), seconds=10, what="the first game's save at South")
        before = saved.read_bytes()
        other = Tab(chromium.new_context(viewport={"width": 1000, "height": 700}), port)
        other.wait_for("Your hand: 11 cards", seconds=30)
        other.page.mouse.click(500, 350)
        other.press("d")
        other.wait_for("Your hand: 12 cards")
        assert "Welcome back" not in other.text
        saves = sorted((tmp_path / "state" / "canasta" / "web").glob("*/autosave.json"))
        assert len(saves) == 2 and saved in saves
        assert saved.read_bytes() == before
        (first, second) = _children(process.pid)
        other.page.close()
        _wait(
            lambda: len([p for p in (first, second) if _running(p)]) == 1,
            seconds=10,
            what="the other browser's game to end",
        )

        # A server that is killed cannot tell its games to quit: each game notices and ends.
        # The tab stays open meanwhile: closing it would end the game by the usual path.
        (game,) = _children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        _wait(lambda: not _running(game), seconds=10, what="the game to end with its server")
        chromium.close()
    assert shot.stat().st_size > 10_000


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie is not running)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
