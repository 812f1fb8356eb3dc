"""A wrong option or argument, of the game or of a command: one line on stderr that says
what is wrong and points to that command's help (argparse alone prints its usage first)."""

from __future__ import annotations

import pytest

from canasta.__main__ import main


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["--seed", "x"],
            "canasta: argument --seed: invalid int value: 'x'; see 'canasta --help'.",
        ),
        (["--pace", "slow"], "canasta: argument --pace: invalid choice: 'slow'"),
        (["--bogus"], "canasta: unrecognized arguments: --bogus; see 'canasta --help'."),
        (
            ["simulate", "--games", "x"],
            "canasta simulate: argument --games: invalid int value: 'x'; "
            "see 'canasta simulate --help'.",
        ),
        (["analyze"], "canasta analyze: the following arguments are required: file;"),
        (["host", "--seat"], "canasta host: argument --seat: expected one argument;"),
        (
            ["host", "--port", "70000"],
            "canasta host: argument --port: 70000 is not a port: ports go from 0 to 65535;",
        ),
        (["serve", "--port", "-1"], "canasta serve: argument --port: -1 is not a port:"),
        (["serve", "--port", "x"], "canasta serve: argument --port: 'x' is not a port number;"),
    ],
)
def test_a_wrong_option_is_one_line_pointing_to_the_help(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    printed = capsys.readouterr()
    assert printed.out == ""
    assert printed.err.startswith(says) and printed.err.count("\n") == 1
    assert printed.err.endswith(" --help'.\n")


@pytest.mark.parametrize("seconds", ["0", "-1", "nan"])
@pytest.mark.parametrize("command", [[], ["simulate", "--games", "1"]])
def test_a_bot_timeout_that_is_not_positive_is_refused(
    capsys: pytest.CaptureFixture[str], seconds: str, command: list[str]
) -> None:
    # Before, the game started with it (and an outside bot then had no time at all); and
    # simulate let "nan" through. Play and simulate share the option, and its check.
    with pytest.raises(SystemExit) as done:
        main([*command, "--bot-timeout", seconds])
    assert done.value.code == 2
    prog = " ".join(["canasta", *command[:1]])
    assert capsys.readouterr().err == (
        f"{prog}: argument --bot-timeout: {seconds} is not a positive number of seconds (how "
        f"long an outside bot may take to answer); see '{prog} --help'.\n"
    )
