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

Ctrl-C: the chunks written so far stay in the folder (each is written whole,
atomically), the local cluster's worker processes are stopped at once (they
ignore SIGINT: :mod:`~ruleproof.checkers.campaign.dask_worker`) and the
:class:`KeyboardInterrupt` goes on to the command line (exit 130);
``campaign resume`` continues. Without Dask installed, :func:`dask_missing`
says what to install before anything is created.

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

import contextlib
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
from ruleproof.checkers.checks.interrupt import raise_if_interrupted

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


#: What to install for campaigns on Dask (the ``campaign`` extra).
CAMPAIGN_EXTRA = "pip install -e '.[campaign]'"


def dask_missing() -> str | None:
    """Why Dask distributed cannot run here (``None``: it can): the message names the extra to install.

    ``ruleproof campaign`` asks before it creates the campaign folder, so a
    missing Dask leaves nothing half made.
    """
    try:
        import distributed  # noqa: F401 - only whether it imports
    except ImportError as exc:
        raise_if_interrupted()  # a Ctrl-C during a C extension's start-up is no missing Dask
        return (f"campaigns run on Dask distributed, which is not installed ({exc}); install the campaign extra "
                f"({CAMPAIGN_EXTRA} in a checkout, or pip install 'ruleproof[campaign]') or run the chunks here "
                "without Dask: --workers 0")
    return None


def _client(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    import distributed

    dask: Any = distributed  # untyped library
    if scheduler is not None:
        return dask.Client(scheduler, timeout="30s"), None
    # The workers ignore SIGINT (the preload's dask_setup): after a Ctrl-C this process stops them
    # (_stop_cluster) instead of each shutting down with a traceback. The cluster is made empty (a moment)
    # and its workers start in the background, so a Ctrl-C while they start finds the cluster to stop.
    cluster = dask.LocalCluster(n_workers=0, threads_per_worker=1, processes=True, dashboard_address=None,
                                silence_logs=logging.ERROR, preload=["ruleproof.checkers.campaign.dask_worker"])
    try:
        cluster.scale(workers or os.cpu_count() or 1)
        return dask.Client(cluster), cluster
    except BaseException:
        _stop_cluster(None, cluster)
        raise


def _stop_cluster(client: Any, cluster: Any) -> None:
    """After an interrupt: stop the local cluster's worker processes now (their nannies told first not to
    start new ones), then close the client and the cluster, all quietly; a remote scheduler's workers are
    not ours: only the client is closed."""
    from ruleproof.checkers.checks.interrupt import stop_processes

    quiet = {name: logging.getLogger(name) for name in ["distributed", "tornado", "asyncio",
                                                         *logging.Logger.manager.loggerDict]
             if name.split(".")[0] in ("distributed", "tornado", "asyncio")}
    levels = {name: log.level for name, log in quiet.items()}
    for log in quiet.values():
        log.setLevel(logging.CRITICAL + 1)
    try:
        if cluster is not None:
            import importlib

            psutil: Any = importlib.import_module("psutil")  # a dependency of Dask distributed; untyped

            cluster.shutdown_on_close = False  # closed here: Dask's own exit hook must not try again
            nannies = list(getattr(cluster, "workers", {}).values())
            for nanny in nannies:
                with contextlib.suppress(Exception):
                    nanny.close_gracefully()  # its worker's exit is not followed by a new one
            workers = []
            for nanny in nannies:
                with contextlib.suppress(Exception):
                    workers.append(psutil.Process(nanny.pid))
            stop_processes(workers, grace=0.3)
        if client is not None:
            with contextlib.suppress(Exception):
                client.close(timeout=1)
        if cluster is not None:
            with contextlib.suppress(Exception):
                cluster.close(timeout=1)
    finally:
        for name, log in quiet.items():
            log.setLevel(levels[name])


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
    interrupted = False
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
    except BaseException:  # a Ctrl-C first of all: the chunks written so far stay; stop the rest now
        interrupted = True
        if own:
            _stop_cluster(client, cluster)
        raise
    finally:
        if own and not interrupted:
            client.close()
            if cluster is not None:
                cluster.close()


def merged_so_far(store: Store) -> list[JSON]:
    """The results of the chunks finished so far, in chunk order (for progress lines and partial reports)."""
    done = store.finished()
    return [done[i] for i in sorted(done)]


__all__ = ["CAMPAIGN_EXTRA", "DEFAULT_RETRIES", "Event", "Outcome", "dask_missing", "execute_chunk", "merged_so_far",
           "plan_of", "run"]
