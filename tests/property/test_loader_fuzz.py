"""Records and positions of real games, damaged by the mutations of ``tests/fuzzing.py``:
each loads (and its state lists legal actions and applies one) or is refused with one
``CanastaError`` sentence, never another exception. ``benchmarks/loader_fuzz.py`` runs the
same check on 20,000 inputs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import engine_files, exercise, mutated

FILES = engine_files()


@pytest.mark.parametrize("kind", sorted(FILES))
@given(data=st.data())
def test_a_mutated_file_loads_or_is_refused_with_a_canasta_error(
    kind: str, data: st.DataObject
) -> None:
    raw = data.draw(st.sampled_from(FILES[kind]))
    exercise(kind, data.draw(mutated(raw)), data.draw(st.integers(0, 1000)))


@pytest.mark.parametrize("kind", sorted(FILES))
def test_every_unmutated_file_loads(kind: str) -> None:
    for raw in FILES[kind]:
        assert exercise(kind, raw, 0)
