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
