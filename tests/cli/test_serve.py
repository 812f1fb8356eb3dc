"""``canasta serve``: one sentence without the web extra, a warning for any address but this
machine's, each tab's command (its game or ``canasta join``), the browser session's cookie
and state directory, and join links refused before anything starts (the browser itself:
tests/web). The page and websocket run on a real aiohttp server on a free loopback port."""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

import aiohttp
import pytest
from aiohttp.test_utils import TestServer, make_mocked_request

from canasta.__main__ import main
from canasta.engine import CanastaError
from canasta.net.wire import JoinLink
from canasta.serve import game_command, join_command, session_state_dir
from canasta.serve.tabs import SESSION_COOKIE, TabServer, decode_link, encode_link

LINK = JoinLink.parse("ws://127.0.0.1:8765/table/a1b2c3#s3cret-Token_x")
NOT_A_LINK = "aHR0cDovL2V4YW1wbGUuY29tLw"  # base64url of http://example.com/
ALICE = "0123456789abcdef0123456789abcdef"
BOB = "fedcba9876543210fedcba9876543210"


def test_serve_without_the_web_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    monkeypatch.delitem(sys.modules, "canasta.serve.tabs", raising=False)  # imported above
    assert main(["serve"]) == 1
    assert capsys.readouterr().err == (
        "canasta serve: playing in a browser needs textual-serve; install it with "
        "pip install 'canasta[web]'.\n"
    )


def test_each_tab_runs_the_game_with_the_options_after_the_dashes() -> None:
    command = game_command(["--", "--hotseat", "--seat", "west=cmd:python my bot.py"])
    assert _words(command) == [
        sys.executable,
        "-m",
        "canasta",
        "--hotseat",
        "--seat",
        "west=cmd:python my bot.py",
    ]


def _words(command: str) -> list[str]:
    words = shlex.split(command)
    if sys.platform != "win32":
        assert words.pop(0) == "exec"  # the game's parent is the server, which it watches
    return words


def test_a_tab_plays_with_its_sessions_state_directory(tmp_path: Path) -> None:
    state = session_state_dir(tmp_path, ALICE)
    assert state == tmp_path / "web" / ALICE
    words = _words(game_command(["--", "--seed", "7"], state_dir=state))
    assert words == [
        "env",
        f"CANASTA_STATE_DIR={state}",
        sys.executable,
        "-m",
        "canasta",
        "--seed",
        "7",
    ]


def test_a_join_tab_runs_canasta_join_with_the_link(tmp_path: Path) -> None:
    state = session_state_dir(tmp_path, ALICE)
    words = _words(join_command(LINK, state_dir=state))
    assert words[-3:] == ["canasta", "join", "ws://127.0.0.1:8765/table/a1b2c3#s3cret-Token_x"]
    assert words[:2] == ["env", f"CANASTA_STATE_DIR={state}"]


@pytest.mark.parametrize(
    "session", ["../../etc", "0123456789ABCDEF0123456789ABCDEF", "", ALICE + "0"]
)
def test_only_a_made_session_id_names_a_directory(tmp_path: Path, session: str) -> None:
    with pytest.raises(ValueError, match="is not a browser-session id"):
        session_state_dir(tmp_path, session)


def test_a_join_link_survives_the_websockets_path() -> None:
    segment = encode_link(LINK)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", segment)  # one path segment, nothing to escape
    assert decode_link(segment) == LINK
    for bad in ("garbage", "!!!", NOT_A_LINK):
        with pytest.raises(CanastaError):
            decode_link(bad)


def _websocket_request(tmp_path: Path, path: str, cookie: str | None) -> str:
    """The command TabServer starts for a websocket on ``path`` with ``cookie``."""
    server = TabServer(["--pace", "instant"], host="127.0.0.1", port=0, state_dir=tmp_path)
    headers = {"Cookie": f"{SESSION_COOKIE}={cookie}"} if cookie is not None else {}
    link = path.removeprefix("/ws/join/") if path.startswith("/ws/join/") else None
    request = make_mocked_request(
        "GET", path, headers=headers, match_info={"link": link} if link else {}
    )
    return server.tab_command(request)


def _state_of(command: str) -> Path:
    (word,) = (w for w in _words(command) if w.startswith("CANASTA_STATE_DIR="))
    return Path(word.partition("=")[2])


def test_tabs_of_one_browser_share_a_save_and_two_browsers_never_do(tmp_path: Path) -> None:
    first = _websocket_request(tmp_path, "/ws", ALICE)
    again = _websocket_request(tmp_path, "/ws", ALICE)
    other = _websocket_request(tmp_path, "/ws", BOB)
    assert first == again
    assert _state_of(first) == tmp_path / "web" / ALICE
    assert _state_of(other) == tmp_path / "web" / BOB
    assert _words(first)[-2:] == ["--pace", "instant"]


@pytest.mark.parametrize("cookie", [None, "../../x", "not-a-session"])
def test_a_tab_without_a_good_cookie_gets_a_save_of_its_own(
    tmp_path: Path, cookie: str | None
) -> None:
    one = _state_of(_websocket_request(tmp_path, "/ws", cookie))
    two = _state_of(_websocket_request(tmp_path, "/ws", cookie))
    assert one != two
    assert one.parent == two.parent == tmp_path / "web"


def test_a_join_tabs_websocket_runs_canasta_join(tmp_path: Path) -> None:
    command = _websocket_request(tmp_path, f"/ws/join/{encode_link(LINK)}", ALICE)
    assert _words(command)[-2:] == ["join", str(LINK)]
    assert _state_of(command) == tmp_path / "web" / ALICE


@pytest.fixture
async def page(tmp_path: Path) -> AsyncIterator[tuple[aiohttp.ClientSession, str]]:
    """A TabServer's page and websockets on a free loopback port, and a cookie-less client."""
    tabs = TabServer([], host="127.0.0.1", port=0, state_dir=tmp_path)
    server = TestServer(await tabs._make_app(), host="127.0.0.1", port=0)
    await server.start_server()
    try:
        # unsafe: keep the cookies of an IP address (127.0.0.1), as a browser does.
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
            yield client, f"http://127.0.0.1:{server.port}"
    finally:
        await server.close()


async def test_the_page_gives_a_browser_without_one_a_session_cookie(
    page: tuple[aiohttp.ClientSession, str],
) -> None:
    client, url = page
    async with client.get(f"{url}/") as response:
        assert response.status == 200
        cookie = response.cookies[SESSION_COOKIE]
        html = await response.text()
    assert re.fullmatch(r"[0-9a-f]{32}", cookie.value)
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert 'data-session-websocket-url="ws://' in html
    async with client.get(f"{url}/") as response:  # the client sends the cookie back
        assert response.status == 200
        assert SESSION_COOKIE not in response.cookies  # and keeps it


async def test_a_join_link_page_connects_its_tab_to_the_table(
    page: tuple[aiohttp.ClientSession, str],
) -> None:
    client, url = page
    async with client.get(f"{url}/?join={quote(str(LINK), safe='')}") as response:
        assert response.status == 200
        html = await response.text()
    assert f'/ws/join/{encode_link(LINK)}"' in html


@pytest.mark.parametrize(
    "link",
    [
        "http://example.com/",
        "ws://127.0.0.1:8765/table/a1b2c3",  # '#' not written %23: the token stayed behind
        "ws://127.0.0.1:8765/elsewhere#token",
    ],
)
async def test_a_bad_join_link_gets_a_sentence_and_no_game(
    page: tuple[aiohttp.ClientSession, str], link: str
) -> None:
    client, url = page
    async with client.get(f"{url}/", params={"join": link}) as response:
        assert response.status == 400
        text = await response.text()
    assert text.startswith("canasta serve: ") and text.count("\n") == 1
    assert "copy the whole link the host printed for your seat" in text
    assert "data-session-websocket-url" not in text


async def test_a_websocket_with_a_bad_join_link_starts_nothing(
    page: tuple[aiohttp.ClientSession, str], tmp_path: Path
) -> None:
    client, url = page
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect(f"{url}/ws/join/{NOT_A_LINK}")
    assert refused.value.status == 400
    assert not (tmp_path / "web").exists()


def test_serve_takes_play_options_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--", "simulate"]) == 2
    assert capsys.readouterr().err == (
        "canasta serve: after '--' give play options, not a command.\n"
    )


def test_another_address_than_this_machines_is_warned_about() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # 127.0.0.2 is not one of the names of this machine that serve knows, yet only this
    # machine reaches it.
    server = subprocess.Popen(
        [sys.executable, "-m", "canasta", "serve", "--host", "127.0.0.2", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None
        first = server.stderr.readline()
    finally:
        server.kill()
        server.wait()
    assert first == (
        f"canasta serve: warning: anyone who can reach 127.0.0.2:{port} can play these games "
        "and see every hand.\n"
    )
