"""Worker processes for parallel work: stopped by one Ctrl-C, reporting progress as they go.

Every ``--jobs N`` command (``audit``, ``simulate``, ``diff``, ``fuzz``) runs
its tasks through :func:`worker_pool`, a :class:`concurrent.futures.ProcessPoolExecutor`
(the standard library's pool: one machine needs no scheduler) with three additions:

* its workers ignore SIGINT (:func:`ruleproof.checkers.checks.interrupt.ignore_interrupts`),
  and any exception leaving the ``with`` block — the :class:`KeyboardInterrupt`
  of a Ctrl-C first of all — cancels what has not started and stops the
  workers at once (:func:`~ruleproof.checkers.checks.interrupt.stop_processes`)
  instead of waiting for the running tasks, as the executor's own exit does;
* a task reports progress with :func:`report` while it runs; the events travel
  over a pipe and reach the ``on_event`` callback in the parent's main thread
  while it waits for results (:meth:`WorkerPool.result`). The same task run in
  this process (one job) reports to the callback of :func:`reporting` directly,
  so a task is written once for both;
* results are awaited in the order the caller asks (the plan's order, so the
  output does not depend on ``--jobs``), while progress arrives as it happens;
* a worker ends when the command does, however it ends: a command killed
  outright (``SIGKILL``, the out-of-memory killer) cannot stop its workers, and
  a worker waiting for its next task would wait for ever (it holds its own copy
  of the task pipe's writing end, so the pipe never closes). On Linux the
  kernel kills the worker when its parent dies (``prctl(PR_SET_PDEATHSIG)``);
  elsewhere a thread in the worker looks for the parent every
  :data:`PARENT_POLL_SECONDS`.

Python 3.14 gives the executor ``terminate_workers``; before it, the pool's
processes are read from its ``_processes`` table, the one way to reach them.

>>> def double(x: int) -> int:
...     return 2 * x
>>> seen = []
>>> with reporting(seen.append):
...     report("started")
>>> seen
['started']
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from ruleproof.checkers.checks.interrupt import ignore_interrupts, sigint_blocked, stop_processes

__all__ = ["Throttle", "WorkerPool", "end_with_parent", "report", "reporting", "worker_pool"]

T = TypeVar("T")

#: Seconds between two looks at the progress pipe while the parent waits for a result.
POLL_SECONDS = 0.05

#: Seconds between a worker's looks for its parent where the kernel cannot tell it (not Linux).
PARENT_POLL_SECONDS = 1.0
#: ``prctl``'s request "send me this signal when my parent dies" (``<linux/prctl.h>``).
_PR_SET_PDEATHSIG = 1

#: Where :func:`report` sends events: a worker's pipe (set when the worker starts), else this process's callback.
_SINK: list[Callable[[Any], None]] = []


def report(event: Any) -> None:
    """Report ``event`` (small, picklable) to whoever runs this task: the parent's ``on_event``, or the
    callback of :func:`reporting` in this process; nothing when nobody listens."""
    if _SINK:
        _SINK[-1](event)


@contextlib.contextmanager
def reporting(on_event: Callable[[Any], None] | None) -> Iterator[None]:
    """Tasks run in this process while the block runs send their :func:`report` events to ``on_event``."""
    if on_event is None:
        yield
        return
    _SINK.append(on_event)
    try:
        yield
    finally:
        _SINK.remove(on_event)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)  # the parent is gone: nobody waits for this worker's results


def end_with_parent(parent: int) -> None:
    """End this process when process ``parent`` (its parent) ends, however that ends (see the module docstring)."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            asked = ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL) == 0
        except (OSError, AttributeError):
            asked = False
        if asked:
            if os.getppid() != parent:  # it ended before the request was made
                os._exit(1)
            return
    threading.Thread(target=_watch_parent, args=(parent,), name="ruleproof-parent-watch", daemon=True).start()


def _start_worker(events: Any, initializer: Callable[[], None] | None, parent: int) -> None:
    """A worker's start: ended with its parent, SIGINT ignored, :func:`report` to the parent's pipe, then the
    caller's initializer."""
    end_with_parent(parent)
    ignore_interrupts()
    _SINK[:] = [events.put]
    if initializer is not None:
        initializer()


class WorkerPool:
    """``jobs`` worker processes (see the module docstring); made by :func:`worker_pool`."""

    def __init__(self, jobs: int, *, on_event: Callable[[Any], None] | None = None,
                 initializer: Callable[[], None] | None = None) -> None:
        self.on_event = on_event
        self._events: Any = multiprocessing.SimpleQueue()
        self._executor = ProcessPoolExecutor(max_workers=max(1, jobs), initializer=_start_worker,
                                             initargs=(self._events, initializer, os.getpid()))

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Schedule ``fn(*args, **kwargs)`` on a worker (workers start with SIGINT blocked, then ignore it)."""
        with sigint_blocked():
            return self._executor.submit(fn, *args, **kwargs)

    def pump(self) -> None:
        """Hand every event that arrived so far to ``on_event`` (in this thread)."""
        while not self._events.empty():
            event = self._events.get()
            if self.on_event is not None:
                self.on_event(event)

    def result(self, future: Future[T]) -> T:
        """``future``'s result, handing progress events on while waiting (and every event sent before it)."""
        while True:
            try:
                value = future.result(timeout=POLL_SECONDS)
            except TimeoutError:
                self.pump()
                continue
            self.pump()
            return value

    def results(self, futures: Iterable[Future[T]]) -> Iterator[T]:
        """The results of ``futures`` in their order (see :meth:`result`)."""
        for future in futures:
            yield self.result(future)

    def processes(self) -> list[Any]:
        """The worker processes running now."""
        table = getattr(self._executor, "_processes", None) or {}
        return list(table.values())

    def terminate(self) -> None:
        """Cancel what has not started and stop every worker now (running tasks are lost)."""
        processes = self.processes()
        self._executor.shutdown(wait=False, cancel_futures=True)
        stop_processes(processes)
        with contextlib.suppress(Exception):
            self._events.close()

    def close(self) -> None:
        """Wait for the workers to finish and end them (after the last result)."""
        self._executor.shutdown(wait=True)
        self.pump()
        self._events.close()


@contextlib.contextmanager
def worker_pool(jobs: int, *, on_event: Callable[[Any], None] | None = None,
                initializer: Callable[[], None] | None = None) -> Iterator[WorkerPool]:
    """A :class:`WorkerPool` of ``jobs`` workers for the block; an exception leaving it stops them at once.

    A generator that yields results from inside the block and is closed early
    (``GeneratorExit``) stops them too.
    """
    pool = WorkerPool(jobs, on_event=on_event, initializer=initializer)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        raise
    pool.close()


class Throttle:
    """Counts done items and reports them at most every ``seconds`` (and at :meth:`flush`).

    ``send(count)`` gets the number of items done since the last report.

    >>> sent = []
    >>> throttle = Throttle(sent.append, seconds=3600)
    >>> throttle.add(); throttle.add(); throttle.flush()
    >>> sent
    [2]
    """

    def __init__(self, send: Callable[[int], None], *, seconds: float = 0.1) -> None:
        self.send = send
        self.seconds = seconds
        self.pending = 0
        self.last = time.monotonic()

    def add(self, count: int = 1) -> None:
        """``count`` more items are done."""
        self.pending += count
        now = time.monotonic()
        if now - self.last >= self.seconds:
            self.last = now
            self.flush()

    def flush(self) -> None:
        """Report what is pending now."""
        if self.pending:
            count, self.pending = self.pending, 0
            self.send(count)
