"""The engine imports no UI: ``import canasta.engine`` loads neither textual nor rich (nor
pydantic, which only records and positions need)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def _printed(code: str, env: dict[str, str] | None = None) -> str:
    """What ``code`` prints in a fresh interpreter (in the environment ``env``)."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=env,
    )
    return result.stdout


def _modules_after(statement: str, env: dict[str, str] | None = None) -> set[str]:
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    return set(json.loads(_printed(code, env)))


def _top_level(modules: set[str]) -> set[str]:
    return {name.partition(".")[0] for name in modules}


def test_engine_imports_no_ui_and_no_pydantic() -> None:
    loaded = _top_level(_modules_after("import canasta.engine"))
    assert "canasta" in loaded
    assert "textual" not in loaded
    assert "rich" not in loaded
    assert "pydantic" not in loaded


def test_engine_imports_no_dataclasses_nor_inspect() -> None:
    # Both cost a quarter of ``import canasta.engine`` (inspect loads ast, dis, tokenize):
    # the engine's records are named tuples, and playing a game needs neither module.
    statement = (
        "from canasta.engine import new_game, apply, legal_actions, view\n"
        "s = new_game(seed=1)\n"
        "s = apply(s, legal_actions(s)[0]).state\n"
        "view(s, 0)"
    )
    assert not {"dataclasses", "inspect"} & _modules_after(statement)


def test_importing_the_engine_compiles_no_card_pattern() -> None:
    # Compiling the card pattern cost a tenth of a millisecond; it waits for the first card
    # that is not in plain notation (``re._cache`` holds what ``re`` has compiled).
    code = (
        "import re\n"
        "from canasta.engine import cards\n"
        "print(sum(key[1] == cards._CARD_PATTERN for key in re._cache))\n"
        "cards.parse_card('KH')\n"
        "print(sum(key[1] == cards._CARD_PATTERN for key in re._cache))"
    )
    assert _printed(code).split() == ["0", "1"]


def test_importing_the_engine_compiles_no_source() -> None:
    # typing.NamedTuple compiles each field annotation that is a string (about 10 µs), and
    # the process's first compile() also builds the ast module's types (10 million
    # instructions). So the modules that define named tuples evaluate their annotations.
    code = (
        "import builtins\n"
        "calls = []\n"
        "real = builtins.compile\n"
        "def compile(source, filename, *args, **kwargs):\n"
        "    if not kwargs.get('dont_inherit'):  # not the import system reading a module\n"
        "        calls.append(source)\n"
        "    return real(source, filename, *args, **kwargs)\n"
        "builtins.compile = compile\n"
        "import canasta.engine\n"
        "print(len(calls), calls[:3])"
    )
    assert _printed(code).split() == ["0", "[]"]


def test_playing_a_game_imports_no_ui() -> None:
    loaded = _top_level(
        _modules_after(
            "from canasta.engine import new_game, apply, legal_actions, view\n"
            "s = new_game(seed=1)\n"
            "s = apply(s, legal_actions(s)[0]).state\n"
            "view(s, 0)"
        )
    )
    assert not {"textual", "rich", "pydantic"} & loaded


def test_records_import_no_ui() -> None:
    loaded = _top_level(_modules_after("import canasta.engine.record"))
    assert "textual" not in loaded
    assert "rich" not in loaded


def test_the_tuis_game_flow_imports_no_ui() -> None:
    loaded = _top_level(
        _modules_after("import canasta.tui.flow, canasta.tui.status, canasta.tui.players")
    )
    assert "canasta" in loaded
    assert not {"textual", "rich"} & loaded


def test_the_app_starts_without_the_files_or_charts_modules() -> None:
    # What the table's first frame does not need loads later: pydantic and the files layer
    # with the first file read, plotext with the first chart, the dialogs (and the rules
    # text they show) with the first dialog, the log's widget (Rich's pretty-printer, and
    # attrs with it where installed) once the first frame is drawn.
    loaded = _modules_after(
        "from canasta.tui.app import make_app\n"
        "from canasta.tui.options import Options\n"
        "make_app(Options(seed=1, levels=('random',) * 3))"
    )
    assert "canasta.tui.app" in loaded
    assert not {"pydantic", "plotext", "textual_plotext"} & _top_level(loaded)
    assert not {"canasta.persist", "canasta.engine.record", "canasta.tui.screens"} & loaded
    assert not {"importlib.resources", "rich.pretty", "textual.widgets._rich_log"} & loaded


def test_simulate_loads_rich_only_to_draw() -> None:
    # Worker processes import canasta.simulate to play games; they never draw.
    assert "rich" not in _top_level(_modules_after("import canasta.simulate"))


@pytest.mark.parametrize("home", ["empty", "settings saved"])
def test_the_command_builds_the_table_without_pydantic(home: str, tmp_path: Path) -> None:
    # The first frame needs the settings: the defaults without a file, and a file saved
    # by canasta (found valid as written) as written; pydantic validates it afterwards.
    env = {
        **os.environ,
        **{f"XDG_{kind}_HOME": str(tmp_path / kind) for kind in ("CONFIG", "DATA", "STATE")},
    }
    if home == "settings saved":
        _printed(
            "from canasta.persist import Paths, Settings, save_settings\n"
            "save_settings(Paths.from_environment(), Settings(pace='fast', welcomed=True))",
            env,
        )
    loaded = _modules_after(
        "from canasta.__main__ import build_parser\n"
        "from canasta.tui import build_app\n"
        "app = build_app(build_parser().parse_args(['--seed', '7']))\n"
        "assert app.options.pace == ('fast' if app.paths.settings_file.exists() else 'normal')",
        env,
    )
    assert "canasta.tui.app" in loaded
    assert not {"pydantic", "pydantic_core"} & _top_level(loaded)
