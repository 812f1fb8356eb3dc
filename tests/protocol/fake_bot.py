"""Outside bots that misbehave on purpose, for the fault tests (stdlib only).

    python fake_bot.py MODE [FILE]

Every mode answers the hello properly (except ``old``) and then, at each decision:
``play`` a legal action (the first), ``record`` the same, after appending every line it
reads to FILE; ``garbage`` a line that is not JSON; ``words`` JSON that is no action;
``illegal`` an action that is never legal for a seat; ``crash`` an exception; ``quiet``
exits without a word; ``hang`` starts a child that sleeps (its pid written to FILE) and
never answers; ``old`` speaks protocol 0 in its hello.
"""

import json
import os
import subprocess
import sys
import time
from typing import TextIO


def main() -> None:
    mode = sys.argv[1]
    with open(sys.argv[2] if len(sys.argv) > 2 else os.devnull, "a", encoding="utf-8") as record:
        answer(mode, record)


def answer(mode: str, record: TextIO) -> None:
    """Answer every line of standard input as ``mode`` says."""
    for line in sys.stdin:
        if mode == "record":
            record.write(line)
            record.flush()
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"protocol": 0 if mode == "old" else 1, "name": mode}), flush=True)
            continue
        if message["type"] == "end":
            return
        if mode in ("play", "record"):
            print(json.dumps({"action": message["legal"][0]}), flush=True)
        elif mode == "garbage":
            print("I fold!", flush=True)
        elif mode == "words":
            print(json.dumps({"move": "draw"}), flush=True)
        elif mode == "illegal":
            print(json.dumps({"action": "next"}), flush=True)
        elif mode == "crash":
            raise RuntimeError("the bot broke down")
        elif mode == "quiet":
            return
        elif mode == "hang":
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
            record.write(f"{child.pid}\n")
            record.flush()
            time.sleep(120)


if __name__ == "__main__":
    main()
