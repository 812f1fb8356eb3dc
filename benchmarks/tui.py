"""Benchmark the terminal game: launch to first frame, key press to redrawn frame, memory.

Run: ``python benchmarks/tui.py`` (prints the figures; not part of the test run);
``--launches N`` launches each N times (default 7), ``--launch-only`` measures only them.

- Launch: a fresh ``python`` process imports the app, starts it headless at 80x24 and
  reports when the table's first frame was written; median of several launches. Measured
  three times: the app alone (no files), and as the ``canasta`` command starts it (its
  command line parsed, the settings read and the saved game looked for) in an empty home,
  and in a home where a first run saved the settings (as its welcome does: every start
  after the first); and against a minimal Textual app (a header, a line of text, a footer)
  launched the same way, all taking turns in one run, with the ratio of each median to the
  minimal app's.
  Byte-code is written by a first, untimed round (as ``pip install`` does for a user), even
  where the environment sets PYTHONDONTWRITEBYTECODE: else each launch would compile
  canasta's own sources while Textual's come compiled.
- Key press to redraw: in a running game (100x32), the time from posting a key to the
  next rendered frame handed to the display; cursor and selection keys, and the game
  keys draw and discard (a discard's first frame comes before the bots reply).
- Memory: the process's peak resident set size after playing two whole rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual.worker import WorkerCancelled

LAUNCHES = 7
_XDG = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")

#: Each child: ``start`` (when the parent started it), then ``app`` built and ``drawn(app)``
#: true once the app shows what its first frame is for; the time of the first frame written
#: while it is true is printed. (Waiting for the app to be idle would count what the app
#: does after its first frame, such as looking for a saved game.)
_FIRST_FRAME = """
import sys, time
start = float(sys.argv[1])
{setup}
written = []
display = app._display

def timed(screen, renderable):
    if renderable is not None and not written and drawn(app):
        written.append(time.time())
    display(screen, renderable)

app._display = timed

async def first_frame(pilot):
    while not written:
        await pilot.pause()
    print(written[0] - start)
    pilot.app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""

#: The table: its first frame with the deal on it.
_CHILD = _FIRST_FRAME.format(
    setup="""
from canasta.tui.app import make_app
from canasta.tui.options import Options
app = make_app(Options(seed=7, levels=("random",) * 3, pace="instant"))
drawn = lambda app: app.table_screen.table is not None
"""
)

#: A minimal Textual app: a header, a line of text and a footer.
_MINIMAL_CHILD = _FIRST_FRAME.format(
    setup="""
from textual.app import App
from textual.widgets import Footer, Header, Static

class Minimal(App):
    def compose(self):
        yield Header()
        yield Static("Canasta")
        yield Footer()

app = Minimal()
drawn = lambda app: True
"""
)

#: The table as the ``canasta`` command starts it.
_COMMAND_CHILD = _FIRST_FRAME.format(
    setup="""
from canasta.__main__ import build_parser
from canasta.tui import build_app
app = build_app(build_parser().parse_args(["--seed", "7", "--pace", "instant"]))
drawn = lambda app: app.table_screen.table is not None
"""
)


#: What a first run leaves in the home: the settings, saved when its welcome was shown.
_FIRST_RUN = """
from canasta.persist import Paths, Settings, save_settings
save_settings(Paths.from_environment(), Settings(welcomed=True))
"""


def launch_seconds(
    *children: tuple[str, Path | None], launches: int = LAUNCHES
) -> list[list[float]]:
    """Seconds from starting a new process to each child's first frame (each child: its
    code, and the home it starts in, copied; ``None``: an empty one), the children taking
    turns (so that a busy moment of the machine falls on all of them alike)."""
    times: list[list[float]] = [[] for _ in children]
    written = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for launch in range(launches + 1):
        for (child, start), kept in zip(children, times, strict=True):
            # The command's files in a home of its own each time: nothing of the user's is
            # read or written, and no launch finds the game an earlier one saved.
            with tempfile.TemporaryDirectory() as home:
                if start is not None:
                    shutil.copytree(start, home, dirs_exist_ok=True)
                env = {**written, **{name: home for name in _XDG}}
                out = subprocess.run(
                    [sys.executable, "-c", child, repr(time.time())],
                    check=True,
                    capture_output=True,
                    text=True,
                    env=env,
                    timeout=60,
                ).stdout
            if launch:  # the first round writes the byte-code
                kept.append(float(out.strip().splitlines()[-1]))
    return times


async def key_latencies() -> tuple[list[float], list[float], int]:
    """Key press to next written frame (cursor/select keys, game keys) and peak RSS (KiB)
    after two rounds."""
    from canasta.bots import RandomBot
    from canasta.engine import Answer, NextRound, Phase, legal_actions
    from canasta.tui.app import make_app
    from canasta.tui.options import Options

    app = make_app(
        Options(seed=7, levels=("random",) * 3, pace="instant"),
        bots=[RandomBot(), RandomBot(), RandomBot()],
        bot_seed=1,
    )
    writes: list[float] = []

    async def settle(pilot: Any) -> None:
        quiet = 0
        while quiet < 2:
            with contextlib.suppress(WorkerCancelled):
                await app.workers.wait_for_complete()
            await pilot.pause()
            quiet = quiet + 1 if not any(w.is_running for w in app.workers) else 0

    async def timed(pilot: Any, key: str, into: list[float]) -> None:
        """Press ``key`` and keep the time to the next frame (none when nothing redraws)."""
        count = len(writes)
        start = time.perf_counter()
        await pilot.press(key)
        for _ in range(100):
            if len(writes) > count:
                into.append(writes[count] - start)
                return
            await asyncio.sleep(0.001)

    moves: list[float] = []
    actions: list[float] = []
    async with app.run_test(size=(100, 32)) as pilot:
        # Headless, nothing reaches a terminal: time the moment each rendered frame is
        # handed to the display instead.
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None:
                writes.append(time.perf_counter())
            original(screen, renderable)

        app._display = display  # type: ignore[method-assign]
        await settle(pilot)
        for _ in range(12):
            state = app.session.state
            if state.phase is not Phase.DRAW or state.to_move != 0:
                break  # the bots' play ended the round before South's twelfth turn
            await timed(pilot, "d", actions)
            for key in ("right", "space", "right", "space", "escape", "left") * 3:
                await timed(pilot, key, moves)
            await timed(pilot, "x", actions)
            await settle(pilot)
        # Two whole rounds through the session (South plays at random) for the memory.
        rng = random.Random(3)
        while app.session.state.round_no <= 2 and app.session.state.phase is not Phase.GAME_OVER:
            await settle(pilot)
            while len(app.screen_stack) > 1:
                app.pop_screen()
            app._sheet_open = False
            state = app.session.state
            if state.phase is Phase.ROUND_OVER:
                app.submit(NextRound(), seat=None)
            elif state.phase is Phase.ANSWER and state.to_move == 0:
                app.submit(Answer(True))
            elif state.to_move == 0:
                app.submit(rng.choice(legal_actions(state)))
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return moves, actions, rss


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _first_run_home(root: Path) -> Path:
    """A home (below ``root``) as a first run leaves it."""
    home = root / "first-run"
    env = {**os.environ, **{name: str(home) for name in _XDG}}
    subprocess.run([sys.executable, "-c", _FIRST_RUN], check=True, env=env, timeout=60)
    return home


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=LAUNCHES, help="launches of each")
    parser.add_argument("--launch-only", action="store_true", help="only the launches")
    args = parser.parse_args()
    runs = args.launches
    with tempfile.TemporaryDirectory() as root:
        first_run = _first_run_home(Path(root))
        minimal, launches, command, again = (
            statistics.median(times)
            for times in launch_seconds(
                (_MINIMAL_CHILD, None),
                (_CHILD, None),
                (_COMMAND_CHILD, None),
                (_COMMAND_CHILD, first_run),
                launches=runs,
            )
        )
    print(f"minimal Textual app to first frame: median {_ms(minimal)} ({runs} runs)")
    print(
        f"launch to first frame: median {_ms(launches)} ({runs} runs), "
        f"{launches / minimal:.2f}x the minimal app"
    )
    print(
        f"launch as the canasta command (settings, saved game): median {_ms(command)} "
        f"({runs} runs), {command / minimal:.2f}x the minimal app"
    )
    print(
        f"launch as the canasta command after a first run (its settings saved): median "
        f"{_ms(again)} ({runs} runs), {again / minimal:.2f}x the minimal app"
    )
    if args.launch_only:
        return
    moves, actions, rss = asyncio.run(key_latencies())
    both = sorted(moves + actions)
    p99 = both[min(len(both) - 1, round(0.99 * (len(both) - 1)))]
    print(
        f"key press to redraw: median {_ms(statistics.median(both))}, p99 {_ms(p99)} "
        f"({len(both)} keys; cursor/select median {_ms(statistics.median(moves))}, "
        f"draw/discard median {_ms(statistics.median(actions))})"
    )
    print(f"memory during a game: peak RSS {rss / 1024:.0f} MB after two rounds")


if __name__ == "__main__":
    main()
