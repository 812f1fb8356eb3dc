"""``canasta serve``: one sentence without the web extra, a warning for any address but this
machine's, and each tab's game command (the browser itself: tests/web)."""

from __future__ import annotations

import shlex
import socket
import subprocess
import sys

import pytest

from canasta.__main__ import main
from canasta.serve import game_command


def test_serve_without_the_web_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    assert main(["serve"]) == 1
    assert capsys.readouterr().err == (
        "canasta serve: playing in a browser needs textual-serve; install it with "
        "pip install 'canasta[web]'.\n"
    )


def test_each_tab_runs_the_game_with_the_options_after_the_dashes() -> None:
    command = game_command(["--", "--hotseat", "--seat", "west=cmd:python my bot.py"])
    words = shlex.split(command)
    if sys.platform != "win32":
        assert words.pop(0) == "exec"  # the game's parent is the server, which it watches
    assert words == [
        sys.executable,
        "-m",
        "canasta",
        "--hotseat",
        "--seat",
        "west=cmd:python my bot.py",
    ]


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
