"""Running the command line's help in a fresh process, to see what it loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence

_SCRIPT = """\
import json, sys
from canasta.__main__ import main
for argv in json.loads(sys.argv[1]):
    try:
        main(argv)
    except SystemExit:
        pass
print(json.dumps({name: name in sys.modules for name in json.loads(sys.argv[2])}))
"""


def help_loads(
    *argvs: Sequence[str], modules: Sequence[str] = ("textual",)
) -> tuple[str, dict[str, bool]]:
    """What ``canasta ARGV`` printed for each of ``argvs`` (the help, say) in one fresh
    process, and which of ``modules`` that process had loaded by then."""
    result = subprocess.run(
        [sys.executable, "-c", _SCRIPT, json.dumps([list(a) for a in argvs]), json.dumps(modules)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    printed, _, loaded = result.stdout.rstrip().rpartition("\n")
    return printed, json.loads(loaded)
