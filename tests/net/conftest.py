"""A table server on a free loopback port for each test."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator

import pytest

from canasta.net.server import TableServer


@pytest.fixture
async def server() -> AsyncIterator[TableServer]:
    """A server whose rate limit no scripted game reaches (the limit has its own test)."""
    async with TableServer("127.0.0.1", 0, rate=10_000, burst=10_000) as running:
        yield running


@pytest.fixture(autouse=True)
def _nothing_logged_as_an_error(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A client's mistake or a dropped connection is never logged as an error or a
    traceback (websockets logs a handler's exception that way)."""
    yield
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not logged, [r.getMessage() for r in logged]
