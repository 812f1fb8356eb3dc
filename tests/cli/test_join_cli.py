"""``canasta join LINK``: a link that is not one gets one sentence and status 2, before
anything connects; ``canasta join --help`` answers without loading Textual."""

from __future__ import annotations

import pytest

from canasta.__main__ import main

from .helpers import help_loads


@pytest.mark.parametrize(
    ("link", "says"),
    [
        ("http://192.168.1.20:8765/table/a1b2#TOKEN", "is not a join link"),
        ("ws://192.168.1.20:8765/table/a1b2", "is not a join link"),  # no token
        ("ws://192.168.1.20:8765/a1b2#TOKEN", "is not a join link"),
        ("ws://192.168.1.20:port/table/a1b2#TOKEN", "is not a join link"),
        ("ws://192.168.1.20:8765/table/#TOKEN", "names no table"),
    ],
)
def test_a_bad_link_is_one_sentence_and_status_2(
    link: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["join", link]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("canasta join: ") and says in err
    assert err.count("\n") == 1
    assert err.rstrip().endswith("such as ws://192.168.1.20:8765/table/a1b2c3#TOKEN.")


def test_join_help_loads_no_textual() -> None:
    printed, loaded = help_loads(["join", "--help"], modules=("textual", "websockets"))
    assert "your seat's join link" in printed
    assert loaded == {"textual": False, "websockets": False}
