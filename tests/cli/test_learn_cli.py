"""``canasta learn`` on the command line: listed in the help, parsed without Textual."""

from __future__ import annotations

import subprocess
import sys


def test_help_lists_learn_and_loads_no_textual() -> None:
    code = (
        "import sys\n"
        "from canasta.__main__ import main\n"
        "for argv in (['--help'], ['learn', '--help']):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('textual' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "False"
    assert "learn               learn to play: short lessons on the real table" in result.stdout
    assert "usage: canasta learn [-h] [--ascii]" in result.stdout
