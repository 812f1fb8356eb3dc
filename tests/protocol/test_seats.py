"""Seat values on the command line: bot levels and ``cmd:COMMAND``; a whole ``simulate``
match with the example bot in two seats; bad values refused in one sentence."""

from __future__ import annotations

import json

import pytest

from canasta.__main__ import build_parser, main
from canasta.choices import LEVELS
from canasta.engine import CanastaError
from canasta.protocol import command_argv, parse_seat_option, seat_kind, split_seats
from canasta.tui.options import Options

from .helpers import fake, random_bot

SEATS = ("South", "West", "North", "East")


def test_a_comma_inside_quotes_belongs_to_the_command() -> None:
    text = 'cmd:"python bot.py --depth 2,3",normal, cmd:python b.py ,random'
    assert split_seats(text) == [
        'cmd:"python bot.py --depth 2,3"',
        "normal",
        "cmd:python b.py",
        "random",
    ]
    assert command_argv(split_seats(text)[0]) == ["python", "bot.py", "--depth", "2,3"]


def test_seat_values_are_checked() -> None:
    assert seat_kind(" Normal ", LEVELS) == "normal"
    assert seat_kind("cmd:  python bot.py ", LEVELS) == "cmd:python bot.py"
    with pytest.raises(CanastaError, match=r"no bot level 'genius'; choose one of: random, "):
        seat_kind("genius", LEVELS)
    with pytest.raises(CanastaError, match=r"'cmd:' needs a command after it"):
        seat_kind("cmd: ", LEVELS)
    with pytest.raises(CanastaError, match=r"cannot be read \(No closing quotation\)"):
        seat_kind('cmd:python "bot.py', LEVELS)


def test_seat_option_names_the_seat() -> None:
    assert parse_seat_option("WEST=cmd:python b.py", seats=SEATS, levels=LEVELS) == (
        1,
        "cmd:python b.py",
    )
    assert parse_seat_option("east=hard", seats=SEATS, levels=LEVELS) == (3, "hard")
    with pytest.raises(CanastaError, match=r"write SEAT=KIND, SEAT one of south, west, north"):
        parse_seat_option("northwest=easy", seats=SEATS, levels=LEVELS)


def _options(*argv: str) -> Options:
    return Options.from_args(build_parser().parse_args(list(argv)))


def test_play_options_seat_outside_bots() -> None:
    options = _options(
        "--seat", "west=cmd:python b.py", "--seat", "east=easy", "--bot-timeout", "2"
    )
    assert (options.south, options.levels) == ("human", ("cmd:python b.py", "normal", "easy"))
    assert options.bot_timeout == 2.0
    hotseat = _options("--hotseat", "--seat", "south=cmd:python b.py")
    assert hotseat.south == "cmd:python b.py"
    with pytest.raises(CanastaError, match=r"South is the player at the keyboard; add --hotseat"):
        _options("--seat", "south=normal")


def test_canasta_refuses_a_bad_seat_in_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seat", "west=genius"]) == 2
    assert capsys.readouterr().err == (
        "canasta: There is no bot level 'genius'; choose one of: random, easy, normal, hard, "
        "or cmd:COMMAND for an outside bot.\n"
    )


def test_simulate_plays_a_match_with_the_example_bot_in_two_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bot = random_bot()
    seats = f"{bot},normal,{bot},normal"
    assert main(["simulate", "--seats", seats, "--games", "2", "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["faults"] == [] and data["errors"] == []
    assert data["sides"]["B"]["wins"] + data["sides"]["A"]["wins"] == 2
    assert data["seats"]["South"] == bot
    assert data["latency"][bot]["decisions"] > 100


def test_simulate_counts_and_reports_faults(capsys: pytest.CaptureFixture[str]) -> None:
    seats = f"normal,{fake('garbage')},normal,random"
    assert main(["simulate", "--seats", seats, "--games", "1"]) == 0
    captured = capsys.readouterr()
    assert "outside-bot faults (fallback played)" in captured.out
    faults = [line for line in captured.err.splitlines() if line.startswith("fault: ")]
    assert len(faults) == 3
    assert faults[0].startswith("fault: Game 0: West's bot (")
    assert "sent a line that is not JSON: 'I fold!'" in faults[0]


def test_simulate_refuses_a_bad_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--games", "1", "--bot-timeout", "0"])
    assert done.value.code == 2
    assert "--bot-timeout: 0 is not a positive number of seconds" in capsys.readouterr().err
