"""``canasta host``: its help, one sentence for each wrong option (before it listens), the
warning for an address beyond this machine, and a table file in the state directory by
default, and a line on the host's terminal for each person who comes or goes (the whole run,
killed and resumed: test_restart.py)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from canasta.__main__ import main
from canasta.engine import CanastaError, classic, preset
from canasta.net.server import TableServer
from canasta.net.wire import JoinLink

from .helpers import WAIT, Client


def test_the_help_says_how_to_host_and_join(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["host", "--help"])
    assert done.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    for words in (
        "canasta join LINK",
        "'canasta host --table FILE' resumes it where it was served, with the same links",
        "127.0.0.1 (this machine)",
        "--seat SEAT=KIND",
        "--away-timeout SECONDS",
        "until Ctrl-C",
    ):
        assert words in shown


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--seat", "up=normal"], "--seat 'up=normal': write SEAT=KIND"),
        (["--seat", "west=genius"], "There is no bot level 'genius'"),
        (["--away-timeout", "-1"], "--away-timeout and --bot-pause take seconds"),
        (["--players", "5"], "players"),
        (["--public-url", "https://cards.example.org"], "is not a public address"),
        (["--public-url", "wss://cards.example.org/table"], "such as wss://cards.example.org"),
    ],
)
def test_a_wrong_option_is_one_sentence(
    capsys: pytest.CaptureFixture[str], options: list[str], says: str
) -> None:
    assert main(["host", "--port", "0", *options]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and err.startswith("canasta")


async def test_no_player_is_named_you_as_every_screen_calls_its_own_player(
    server: TableServer,
) -> None:
    """Else the other seats' logs would say "You drew..." of the player so named."""
    with pytest.raises(CanastaError, match=r'^No player may be named "You"'):
        server.open_table(rules=preset("classic", 2), seats=["human"] * 2, names=["you", "Bob"])
    assert not server.tables


async def test_two_players_of_one_name_are_refused(server: TableServer) -> None:
    """Every log would tell Bob's moves and Bob's alike ("Bob drew ...")."""
    rules = preset("classic", 3)
    for names in (["Bob", "Ann", "Bob"], ["Bob", "Ann", "bob "]):
        with pytest.raises(CanastaError, match=r"^Two players may not both be called Bob: "):
            server.open_table(rules=rules, seats=["human"] * 3, names=names)
    assert not server.tables


def test_listening_beyond_this_machine_warns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "--host", "0.0.0.0", "--port", "0", "--seat", "up=normal"]) == 2
    warning, error = capsys.readouterr().err.splitlines()
    assert warning.startswith("canasta host: warning: anyone who can reach 0.0.0.0:0")
    assert "TLS" in warning and "SEAT=KIND" in error


async def test_the_table_file_goes_to_the_state_directory(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "canasta",
        "host",
        "--port",
        "0",
        "--seat",
        "east=easy",
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None
    lines = []
    while not lines or "Ctrl-C" not in lines[-1]:
        line = (await asyncio.wait_for(process.stdout.readline(), WAIT)).decode()
        assert line, lines
        lines.append(line)
    process.send_signal(signal.SIGINT)
    assert await asyncio.wait_for(process.wait(), WAIT) == 0
    tables = list((tmp_path / "canasta" / "tables").glob("*.json"))
    assert len(tables) == 1
    assert lines[0].startswith(f"Table {tables[0].stem}: classic, 4 players, saved in {tables[0]}")
    assert sum("canasta join ws://127.0.0.1:" in line for line in lines) == 3
    assert "East: the easy bot" in "".join(lines)


async def test_options_of_a_new_table_with_an_existing_table_file_are_said_to_be_left_out(
    tmp_path: Path,
) -> None:
    """A resumed table keeps its own seats: a --seat given now would silently do nothing."""
    saved = tmp_path / "friday.json"
    async with TableServer(port=0) as server:
        server.open_table(rules=classic, seats=["human"] * 4, table_file=saved)
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "canasta", "host", "--table", str(saved), "--port", "0"),
        *("--seat", "east=hard", "--away-timeout", "5"),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    out = b""
    while b"Ctrl-C" not in out:
        line = await asyncio.wait_for(process.stdout.readline(), WAIT)
        assert line, out
        out += line
    assert b"East: canasta join" in out  # still a person's seat
    process.send_signal(signal.SIGINT)
    assert await asyncio.wait_for(process.wait(), WAIT) == 0
    # (The next line warns that the links changed: --port 0 chose another port.)
    first = (await process.stderr.read()).decode().splitlines()[0]
    assert first == (
        f"canasta host: warning: {saved} holds a table already, which keeps its own rules, "
        "seats, names and away timeout: --seat, --away-timeout left out (another --table "
        "FILE starts a new table)."
    )


async def test_behind_a_proxy_the_links_name_its_public_address() -> None:
    async with TableServer(port=0, public_url="wss://cards.example.org/") as server:
        table = server.open_table(rules=classic, seats=["human", "normal", "human", "normal"])
        south, west, north, east = table.links
        assert west is None and east is None and south is not None and north is not None
        assert str(south).startswith(f"wss://cards.example.org/table/{table.id}#")
        assert JoinLink.parse(str(north)) == north


async def test_the_host_tells_who_joined_and_who_left(tmp_path: Path) -> None:
    """The host's terminal said nothing after the links: whoever ran the table could not
    tell whether a friend had come in yet."""
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "canasta", "host", "--port", "0", "--players", "2"),
        *("--seat", "north=normal", "--names", "Ann,Bo", "--table", str(tmp_path / "t.json")),
        stdout=asyncio.subprocess.PIPE,
    )
    stdout = process.stdout
    assert stdout is not None

    async def line() -> str:
        read = await asyncio.wait_for(stdout.readline(), WAIT)
        assert read, "the host ended"
        return read.decode().rstrip("\n")

    try:
        shown = [await line()]
        while "Ctrl-C" not in shown[-1]:
            shown.append(await line())
        link = next(text.split("canasta join ")[1] for text in shown if text.startswith("  Ann:"))
        client = await Client(JoinLink.parse(link)).connect()
        try:
            assert re.fullmatch(r"\d\d:\d\d:\d\d Ann joined the table\.", await line())
        finally:
            await client.close()
        assert re.fullmatch(r"\d\d:\d\d:\d\d Ann left the table\.", await line())
    finally:
        process.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(process.wait(), WAIT) == 0
