"""The device name ``canasta join`` keeps, so that a restarted join takes its seat back."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.persist import Paths, WriteError, device, device_name


def test_the_device_name_is_made_once_and_kept(paths: Paths) -> None:
    first = device_name(paths)
    assert paths.device_file.read_text(encoding="utf-8") == first + "\n"
    assert device_name(paths) == first
    assert device_name(Paths.under(paths.state_dir.parent.parent / "elsewhere")) != first


@pytest.mark.parametrize("kept", [b"", b"short", b"\xff\xfe not text", b"no spaces allowed!"])
def test_an_unusable_device_file_is_replaced(paths: Paths, kept: bytes) -> None:
    paths.state_dir.mkdir(parents=True)
    paths.device_file.write_bytes(kept)
    name = device_name(paths)
    assert 8 <= len(name) <= 64
    assert device_name(paths) == name


def test_a_state_directory_that_cannot_be_written_still_gives_a_name(
    paths: Paths, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, text: str, *, what: str) -> None:
        raise WriteError(f"The {what} could not be written to {path}.", path)

    monkeypatch.setattr(device, "write_text_atomic", refuse)
    first, second = device_name(paths), device_name(paths)
    assert first and second and first != second  # a new name for each run
    assert not paths.device_file.exists()
