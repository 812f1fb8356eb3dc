"""Shared test settings: Hypothesis profiles ("dev" by default, "ci" in CI)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=40,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# A long run to hunt for rare bugs by hand: HYPOTHESIS_PROFILE=hunt pytest tests/property
settings.register_profile(
    "hunt",
    max_examples=1000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` first (in their order, then the rest in theirs): xdist deals
    tests out in order, and a long test dealt out last would keep one worker busy alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
