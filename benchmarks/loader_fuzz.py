"""Loader fuzz: ``python benchmarks/loader_fuzz.py [--inputs N] [--seed S]``.

Feeds N mutated records and positions (the mutations of ``tests/fuzzing.py``, which
``tests/property/test_loader_fuzz.py`` runs on a small budget) to ``load_record`` + replay
and ``load_position`` + ``to_state``, then lists the legal actions of whatever loads and
applies one. Prints how many inputs loaded, how many were refused with a ``CanastaError``,
and how many escaped with any other exception, summarising the first few tracebacks.
Figures, not assertions: it exits 0 either way.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzzing import engine_files, exercise, mutated

SHOWN = 5


def main() -> None:
    """Run the fuzz and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    files = engine_files()
    kinds = [(kind, raw) for kind, raws in sorted(files.items()) for raw in raws]
    counts: Counter[str] = Counter()
    escapes: Counter[str] = Counter()
    shown: list[str] = []

    @hypothesis_seed(args.seed)
    @settings(
        max_examples=args.inputs,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        kind, raw = data.draw(st.sampled_from(kinds))
        content = data.draw(mutated(raw))
        choice = data.draw(st.integers(0, 1000))
        counts["inputs"] += 1
        try:
            loaded = exercise(kind, content, choice)
        except Exception as error:  # the figures count what escapes, of any kind
            frame = traceback.extract_tb(error.__traceback__)[-1]
            where = f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
            summary = f"{type(error).__name__} at {where}: {str(error)[:120]}"
            escapes[f"{type(error).__name__} at {where}"] += 1
            if len(shown) < SHOWN:
                shown.append(f"{kind} {content[:80]!r}...\n    {summary}")
            counts["escaped"] += 1
        else:
            counts["loaded" if loaded else "refused"] += 1

    fuzz()
    print(f"inputs: {counts['inputs']}")
    print(f"loaded (then legal_actions and one apply): {counts['loaded']}")
    print(f"refused with CanastaError: {counts['refused']}")
    print(f"escaped with another exception: {counts['escaped']}")
    for where, number in escapes.most_common():
        print(f"  {number:6d}  {where}")
    if shown:
        print("first escapes:")
        for line in shown:
            print(f"  {line}")


if __name__ == "__main__":
    main()
