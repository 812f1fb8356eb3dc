"""What a block of code leaves for the garbage collector: objects of ours caught in
reference cycles, which only a collection frees (and which it walks, inside whatever call
it lands in, with all they hold)."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycles_left() -> Iterator[Counter[str]]:
    """Count, by type, the objects of canasta's (instances of its classes, and its
    functions' frames and closures) that the block left caught in cycles."""
    found: Counter[str] = Counter()
    gc.collect()
    gc.disable()
    flags = gc.get_debug()
    try:
        yield found
        gc.set_debug(flags | gc.DEBUG_SAVEALL)
        gc.collect()
        for thing in gc.garbage:
            code = getattr(thing, "f_code", None) or getattr(thing, "__code__", None)
            ours = type(thing).__module__.startswith("canasta")
            if ours or (code is not None and "canasta" in code.co_filename):
                found[type(thing).__name__] += 1
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        gc.enable()
