"""A table server on a free loopback port for each test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from canasta.net.server import TableServer


@pytest.fixture
async def server() -> AsyncIterator[TableServer]:
    """A server whose rate limit no scripted game reaches (the limit has its own test)."""
    async with TableServer("127.0.0.1", 0, rate=10_000, burst=10_000) as running:
        yield running
