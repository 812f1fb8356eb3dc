"""Where many independent jobs run: this process, this machine's processes, or a Dask cluster.

All three are one interface, :class:`concurrent.futures.Executor`: the standard library's
process pool for ``--jobs N``, and for ``--cluster ADDRESS`` the executor that Dask's
``distributed`` client offers (an extra: ``pip install 'canasta[cluster]'``). :func:`results`
keeps a few jobs in flight per worker and yields each result as it arrives, so a progress
bar moves with the work and a long match never queues every job at once.
"""

from __future__ import annotations

import importlib
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = ["CLUSTER_INSTALL", "ExecutorError", "InProcess", "Workers", "open_workers", "results"]

T = TypeVar("T")
R = TypeVar("R")

#: What ``--cluster`` says when the extra is not installed.
CLUSTER_INSTALL = (
    "--cluster needs Dask's distributed package: install it with pip install 'canasta[cluster]'."
)
#: Seconds to wait for a cluster's scheduler to answer.
CONNECT_TIMEOUT = 10
#: Jobs kept in flight per worker.
_AHEAD = 2


class ExecutorError(Exception):
    """The workers cannot be had; the message says why and what to do, in one sentence."""


class InProcess(Executor):
    """Runs each job at once in this process (``--jobs 1``): no pickling, no start-up."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        """Run ``fn(*args, **kwargs)`` now; the future holds its result or exception."""
        future: Future[R] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


@dataclass(frozen=True, slots=True)
class Workers:
    """An executor, how many jobs it runs at once, and where (for the report)."""

    executor: Executor
    slots: int
    where: str


@contextmanager
def open_workers(*, jobs: int, cluster: str | None = None) -> Iterator[Workers]:
    """The executor for ``jobs`` local processes, or for the Dask cluster whose scheduler
    is at ``cluster``; shut down on leaving.

    Raises:
        ExecutorError: the extra is missing, or the scheduler does not answer.
    """
    if cluster is None:
        if jobs <= 1:
            yield Workers(InProcess(), 1, "this process")
            return
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            yield Workers(pool, jobs, f"{jobs} processes")
        return
    try:
        # Untyped, and an optional extra: reached through Any.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ExecutorError(CLUSTER_INSTALL) from None
    try:
        client = distributed.Client(cluster, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise ExecutorError(
            f"No Dask scheduler answers at {cluster!r} ({error}): start one with "
            "'dask scheduler' and workers with 'dask worker ADDRESS', or check the address."
        ) from None
    try:
        threads = sum(client.nthreads().values())
        executor = client.get_executor(pure=False)
        try:
            yield Workers(executor, max(1, threads), f"Dask cluster {cluster}")
        finally:
            executor.shutdown(wait=False)
    finally:
        client.close()


def results(workers: Workers, job: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
    """``job(item)`` for every item, run by ``workers``, yielded as each finishes."""
    queue = iter(items)
    ahead = workers.slots * _AHEAD if not isinstance(workers.executor, InProcess) else 1
    pending: set[Future[R]] = set()

    def top_up() -> None:
        while len(pending) < ahead:
            try:
                item = next(queue)
            except StopIteration:
                return
            pending.add(workers.executor.submit(job, item))

    top_up()
    while pending:
        done, still = wait(pending, return_when=FIRST_COMPLETED)
        pending.clear()
        pending.update(still)
        for future in done:
            yield future.result()
        top_up()
