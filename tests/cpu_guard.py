"""A hang guard that counts this process's CPU seconds, never wall seconds.

A wall-clock bound (``signal.ITIMER_REAL``, pytest-timeout) makes a verdict
depend on machine load: on a shared machine the same test that passes idle
"hangs" at load 30. This guard counts what the test itself spends instead:
``signal.ITIMER_PROF`` runs down only while this process (any of its threads)
is on a CPU, in user or system mode, so a loaded machine slows the test and its
bound alike.

Two uses:

- :func:`cpu_bound`, a context manager around any block (the command fuzzer
  bounds each case with it); bounds nest, the tightest one fires;
- a pytest plugin (``-p cpu_guard``, loaded by ``tests/conftest.py``): every
  test's setup, call and teardown each get :data:`DEFAULT_CPU_BOUND` seconds of
  CPU (``cpu_bound`` ini option), a slow-marked test :data:`SLOW_CPU_BOUND`,
  a test marked ``@pytest.mark.cpu_bound(seconds)`` its own.

Past its bound the block raises :class:`CpuBoundExceeded`, a ``BaseException``
so no ``except Exception`` in the code under test swallows it; pytest reports
the test as failed with the bound's message.

What it cannot see: a process that waits (a deadlock, a child that never
answers) spends no CPU, and a child process's CPU is its own. Those are left to
pytest-timeout's wall bound, set so far out (pyproject.toml) that load cannot
trip it, and to the bounds the tests give their children. A signal handler runs
between Python bytecodes, so a long call into C (a solver) is interrupted when
it returns; the solvers carry their own deterministic resource limits.

Hand-written rather than a plugin from PyPI: pytest-timeout (the well-kept one)
offers only wall-clock methods (``signal`` with ``ITIMER_REAL``, ``thread``).

>>> with cpu_bound(60, "a cheap block"):
...     sum(range(1000))
499500
>>> _BOUNDS
[]
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

import pytest

#: CPU seconds per phase (setup, call, teardown) of a test in the default run: the dearest default test
#: spends well under a minute (benchmarks/TEST-COST.md); ten minutes is a bound against a hung test,
#: not a speed verdict.
DEFAULT_CPU_BOUND = 600.0
#: CPU seconds per phase of a slow-marked campaign without its own ``cpu_bound`` mark.
SLOW_CPU_BOUND = 6 * 3600.0


class CpuBoundExceeded(BaseException):
    """A block spent more CPU than its bound (a ``BaseException``: no ``except Exception`` swallows it)."""


@dataclass(frozen=True)
class _Bound:
    deadline: float  # time.process_time() at which the bound is exceeded
    seconds: float
    what: str


#: The bounds in force, outermost first.
_BOUNDS: list[_Bound] = []


def _arm() -> None:
    """Set the profiling timer to the nearest deadline, or clear it."""
    if not _BOUNDS:
        signal.setitimer(signal.ITIMER_PROF, 0)
        return
    remaining = min(b.deadline for b in _BOUNDS) - time.process_time()
    signal.setitimer(signal.ITIMER_PROF, max(remaining, 0.001))


def _on_prof(signum: int, frame: FrameType | None) -> None:
    now = time.process_time()
    expired = [b for b in _BOUNDS if b.deadline <= now + 0.01]
    if not expired:
        _arm()  # the timer's and process_time's clocks differ by a tick: wait for the rest
        return
    bound = expired[-1]  # the innermost expired bound names the block that spun
    raise CpuBoundExceeded(f"spent more than {bound.seconds:g} s of CPU: {bound.what} "
                           "(a CPU-time hang guard, tests/cpu_guard.py; machine load does not count)")


@contextmanager
def cpu_bound(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`CpuBoundExceeded` if this block spends more than ``seconds`` of this process's CPU.

    Only in the main thread (where Python runs signal handlers); elsewhere the block runs unbounded.
    """
    if seconds <= 0:
        raise ValueError(f"a CPU bound must be positive, not {seconds}")
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    bound = _Bound(time.process_time() + seconds, seconds, what)
    previous = signal.getsignal(signal.SIGPROF) if not _BOUNDS else None
    if not _BOUNDS:
        signal.signal(signal.SIGPROF, _on_prof)
    _BOUNDS.append(bound)
    _arm()
    try:
        yield
    finally:
        _BOUNDS.remove(bound)
        _arm()
        if not _BOUNDS:
            signal.signal(signal.SIGPROF, previous if previous is not None else signal.SIG_DFL)


# -- the pytest plugin ------------------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("cpu_bound", f"CPU seconds per test phase (default {DEFAULT_CPU_BOUND:g})", default=None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cpu_bound(seconds): this test's CPU bound per phase (tests/cpu_guard.py)")


def bound_of(item: pytest.Item) -> float:
    """The CPU seconds a phase of ``item`` may spend."""
    marker = item.get_closest_marker("cpu_bound")
    if marker is not None:
        return float(marker.args[0])
    if item.get_closest_marker("slow") is not None:
        return SLOW_CPU_BOUND
    configured = item.config.getini("cpu_bound")
    return float(configured) if configured else DEFAULT_CPU_BOUND


@contextmanager
def _phase(item: pytest.Item, phase: str) -> Iterator[None]:
    with cpu_bound(bound_of(item), f"{phase} of {item.nodeid}"):
        yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    with _phase(item, "setup"):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    with _phase(item, "call"):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    with _phase(item, "teardown"):
        return (yield)
