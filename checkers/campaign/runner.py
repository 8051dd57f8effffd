"""Run a campaign's chunks on Dask distributed (or in this process) and merge the results.

:func:`run` plans the chunks, skips those already in the campaign folder,
submits the rest and writes each result as it arrives. By default it starts a
:class:`distributed.LocalCluster` (one process per core,
``threads_per_worker=1``: the engines are pure Python, so threads would only
share one interpreter lock); given ``scheduler`` it connects to a running
scheduler instead, whose workers must have the same ruleproof installed.
``workers=0`` runs the chunks one after the other in this process, with no
Dask at all (the reference the tests compare against).

Failures: a chunk whose function raises is retried ``retries`` times by Dask;
a chunk whose worker dies (killed, out of memory) is rescheduled on another
worker by the scheduler, up to its ``allowed-failures`` setting (3 by
default), after which Dask gives up with ``KilledWorker``. Either way a chunk
that keeps failing gets a ``failed/`` record, is listed in the outcome and
makes the command fail — it is never dropped: the merged report is written
only when every chunk has a result, and ``campaign resume`` runs the missing
ones again.

>>> import tempfile
>>> from ruleproof.checkers.campaign.kinds import simulate_params
>>> from ruleproof.checkers.campaign.store import Manifest, Store
>>> params = simulate_params("take5", 2, {}, games=4, seed=1, chunk=2)
>>> store = Store.create(Path(tempfile.mkdtemp()) / "c", Manifest("simulate", params, 2, []))
>>> outcome = run(store, workers=0)
>>> outcome.complete, outcome.report["games"], sorted(store.finished())
(True, 4, [0, 1])
"""

from __future__ import annotations

import logging
import os
import socket
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof.checkers.campaign.kinds import Kind, chunk_units, kind_for
from ruleproof.checkers.campaign.store import Store

JSON = Any

#: Attempts of a chunk whose function raises, after the first (Dask's ``retries``).
DEFAULT_RETRIES = 2


def execute_chunk(kind: str, params: dict[str, JSON], chunk: dict[str, JSON]) -> dict[str, JSON]:
    """Run one chunk (on a worker): its result, the CPU seconds it took and where it ran."""
    started = time.process_time()
    result = kind_for(kind).run(params, chunk)
    return {"result": result, "cpu_seconds": round(time.process_time() - started, 3),
            "worker": f"{socket.gethostname()}:{os.getpid()}"}


@dataclass
class Event:
    """A chunk finished (``result`` set) or failed for good (``error`` set)."""

    index: int
    done: int
    total: int
    units: int
    result: JSON = None
    error: str | None = None


@dataclass
class Outcome:
    """What a run of a campaign left: the merged report when every chunk has a result."""

    total: int
    done: int
    failed: dict[int, str] = field(default_factory=dict)
    report: dict[str, JSON] | None = None
    seconds: float = 0.0
    workers: int = 0
    ran: int = 0

    @property
    def complete(self) -> bool:
        """Every chunk has a result (and the report was merged)."""
        return self.report is not None


def plan_of(store: Store) -> tuple[Kind, list[dict[str, JSON]]]:
    """The campaign's kind and its chunks (the store checked the plan against the manifest when it opened)."""
    return kind_for(store.manifest.kind), store.plan


def _client(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    import distributed

    dask: Any = distributed  # untyped library
    if scheduler is not None:
        return dask.Client(scheduler, timeout="30s"), None
    cluster = dask.LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                           dashboard_address=None, silence_logs=logging.ERROR)
    return dask.Client(cluster), cluster


def run(store: Store, *, scheduler: str | None = None, workers: int | None = None, retries: int = DEFAULT_RETRIES,
        on_event: Callable[[Event], None] | None = None, client: Any = None) -> Outcome:
    """Run every chunk of ``store``'s campaign not yet finished; merge when all are.

    :param scheduler: a Dask scheduler address (``tcp://host:8786``); default: a new LocalCluster.
    :param workers: LocalCluster worker processes (default: one per core); ``0``: run here, without Dask.
    :param client: an existing :class:`distributed.Client` to use (tests).
    """
    started = time.perf_counter()
    kind, chunks = plan_of(store)
    params = store.manifest.params
    done = store.finished()
    todo = [i for i in range(len(chunks)) if i not in done]
    outcome = Outcome(len(chunks), len(done))

    def finished(index: int, payload: dict[str, JSON]) -> None:
        store.write_chunk(index, payload["result"], cpu_seconds=payload["cpu_seconds"], worker=payload["worker"])
        done[index] = payload["result"]
        outcome.done = len(done)
        outcome.ran += 1
        if on_event is not None:
            on_event(Event(index, len(done), len(chunks), chunk_units(kind.name, chunks[index]),
                           result=payload["result"]))

    def failed(index: int, error: str, attempts: int) -> None:
        store.write_failure(index, error, attempts)
        outcome.failed[index] = error.strip().splitlines()[-1] if error.strip() else "failed"
        if on_event is not None:
            on_event(Event(index, len(done), len(chunks), chunk_units(kind.name, chunks[index]), error=error))

    try:
        if todo and workers == 0 and client is None and scheduler is None:
            outcome.workers = 0
            for index in todo:
                for attempt in range(retries + 1):
                    try:
                        payload = execute_chunk(kind.name, params, chunks[index])
                    except Exception:  # a chunk that raises is retried, then recorded; never dropped
                        if attempt == retries:
                            failed(index, traceback.format_exc(), retries + 1)
                    else:
                        finished(index, payload)
                        break
        elif todo:
            _run_dask(kind, params, chunks, todo, scheduler, workers, retries, client, finished, failed, outcome)
    finally:
        store.flush()  # every chunk written so far is recorded, even when the run stops here
    if len(done) == len(chunks):
        outcome.report = kind.merge(params, [done[i] for i in range(len(chunks))])
    outcome.seconds = time.perf_counter() - started
    return outcome


def _run_dask(kind: Kind, params: dict[str, JSON], chunks: list[dict[str, JSON]], todo: list[int],
              scheduler: str | None, workers: int | None, retries: int, client: Any,
              finished: Callable[[int, dict[str, JSON]], None], failed: Callable[[int, str, int], None],
              outcome: Outcome) -> None:
    import asyncio

    import distributed

    as_completed: Any = distributed.as_completed  # untyped library

    own = client is None
    cluster = None
    if own:
        client, cluster = _client(scheduler, workers)
    try:
        outcome.workers = len(client.scheduler_info().get("workers", {}))
        token = uuid.uuid4().hex[:12]
        futures = {client.submit(execute_chunk, kind.name, params, chunks[i], key=f"ruleproof-{token}-{i:06d}",
                                 retries=retries): i for i in todo}
        for future in as_completed(list(futures)):
            index = futures.pop(future)
            # Wait for the result rather than read the status: when the worker that held a finished
            # chunk's result dies, Dask runs the chunk again and the status reads "pending" meanwhile
            # (the chunk was once recorded as failed for that, depending on timing).
            try:
                payload = future.result()
            except (Exception, asyncio.CancelledError):  # the chunk raised, or Dask gave up on it
                failed(index, traceback.format_exc(), retries + 1)
            else:
                finished(index, payload)
            future.release()
    finally:
        if own:
            client.close()
            if cluster is not None:
                cluster.close()


def merged_so_far(store: Store) -> list[JSON]:
    """The results of the chunks finished so far, in chunk order (for progress lines and partial reports)."""
    done = store.finished()
    return [done[i] for i in sorted(done)]


__all__ = ["DEFAULT_RETRIES", "Event", "Outcome", "execute_chunk", "merged_so_far", "plan_of", "run"]
