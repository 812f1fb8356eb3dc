"""Machine instructions of random play, counted by valgrind: a figure that a busy machine
does not move.

Run: ``python benchmarks/instructions.py [--hands N] [--rules NAME] [--players N]``, and
with ``--peer-dir DIR --peer-python PY`` (as ``../shared/bench/versus_openspiel.py`` takes
them) the same for canasta-openspiel's classic hands. Needs ``valgrind`` on the PATH.

Each side plays its hands with uniform random legal actions (``random.Random(0)``; ours on
the deals ``new_game(seed=g)``, the peer's dealt by its chance nodes) under ``valgrind
--tool=callgrind``, and once more with no hands, whose count (the interpreter's start and
the imports) is taken off. The count of a run is the same to the instruction on any load,
so two versions of the engine compare run by run where a clock on a shared machine swings
by a third. Instructions are not time: the figures say how much work a hand takes, and the
side-by-side bench says how fast the machine runs it (our instructions take longer each
than the peer's). Figures, not assertions: nothing here fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

OURS = r"""
import random, sys
from canasta.engine import Phase, apply, legal_actions, new_game, preset
rules = preset(sys.argv[1], int(sys.argv[2])); rng = random.Random(0); decisions = 0
for game in range(int(sys.argv[3])):
    state = new_game(rules, seed=game)
    while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        state = apply(state, rng.choice(legal_actions(state))).state
        decisions += 1
print(decisions)
"""

PEER = r"""
import os, random, sys
sys.path.insert(0, os.environ["PEER_DIR"])
import pyspiel, canasta  # noqa: F401  (registers python_canasta)
game = pyspiel.load_game("python_canasta"); rng = random.Random(0); decisions = 0
for _ in range(int(sys.argv[1])):
    state = game.new_initial_state(); hand = state._hand_number
    while not state.is_terminal() and state._hand_number == hand:
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes()))); continue
        actions = state.legal_actions()
        if not actions:  # this engine scores an exhausted stock inside legal_actions()
            continue
        state.apply_action(rng.choice(actions)); decisions += 1
print(decisions)
"""

_COLLECTED = re.compile(r"Collected : (\d+)")


def counted(command: list[str], env: dict[str, str] | None = None) -> tuple[int, int]:
    """The instructions ``command`` ran under callgrind, and the number it printed."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.strip().splitlines()[-1])


def per_hand(label: str, command: list[str], hands: int, env: dict[str, str] | None) -> float:
    """Print and return the instructions of one hand of ``command`` (its start taken off)."""
    total, decisions = counted([*command, str(hands)], env)
    start, _ = counted([*command, "0"], env)
    played = total - start
    print(
        f"{label}: {played / hands / 1e6:7.2f} M instructions a hand, "
        f"{played / decisions / 1e3:6.1f} k a decision ({hands} hands, "
        f"{decisions / hands:.0f} decisions a hand)"
    )
    return played / hands


def main() -> None:
    """Count ours, then the peer's if asked, and print the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands each side plays")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--peer-dir", help="a work tree of canasta-openspiel")
    parser.add_argument("--peer-python", help="the interpreter of the peer's venv")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install -y valgrind")
    ours = per_hand(
        f"ours, {args.rules}, {args.players} players",
        [sys.executable, "-c", OURS, args.rules, str(args.players)],
        args.hands,
        None,
    )
    if args.peer_dir and args.peer_python:
        env = {**os.environ, "PEER_DIR": args.peer_dir}
        peer = per_hand("peer, classic, 4 players", [args.peer_python, "-c", PEER], args.hands, env)
        print(f"instructions a hand, peer/ours: {peer / ours:.2f}x")


if __name__ == "__main__":
    main()
