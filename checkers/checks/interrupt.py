"""One Ctrl-C stops: how every long command of ``ruleproof`` ends on an interrupt.

The command line runs each command inside :func:`stop_on_interrupt`. Then:

* The first SIGINT raises :class:`KeyboardInterrupt` in the main thread, which
  unwinds the command (the CLI prints ``interrupted`` and exits 130). When the
  signal lands where Python would print "Exception ignored in …" and drop the
  interrupt — a finaliser (``__del__``; z3's objects free themselves there) or
  a callback of the cyclic collector (:data:`gc.callbacks`; Dask registers one)
  — or inside the Python code of a library that keeps C objects' state across
  its lines (:data:`UNINTERRUPTIBLE_MODULES`: z3's wrappers, where a half-made
  context later fails in its own finaliser), the exception waits a moment and
  is raised again outside.
* Work that blocks in C code and cannot see the exception registers a way to
  stop with :func:`while_running` (the SMT layer passes its z3 context's
  ``interrupt``): a watcher thread, woken by the signal itself
  (:func:`signal.set_wakeup_fd`), calls it at once, so the solver returns and
  the exception is raised.
* Worker processes ignore SIGINT (:func:`ignore_interrupts`, run by every pool
  this package starts, :mod:`ruleproof.checkers.checks.workers`); the process
  that started them stops them (:func:`stop_processes`) as the exception
  passes. So one Ctrl-C in a terminal, which reaches the whole process group,
  makes no worker print a traceback and leaves no worker behind.
* As a last resort, when the program owns its process (``deadline``), the
  watcher ends it ``deadline`` seconds after the signal if it is still running
  (stuck in a C call nobody can interrupt): it stops the child processes,
  prints ``interrupted`` and exits 130. A command that handles Ctrl-C itself
  and goes on (an interactive prompt) says so with :func:`interrupt_handled`.

Signal handling is the standard library's; there is no library for this
narrow job (z3's own Ctrl-C handling cancels the query and swallows the signal,
which is why the SMT layer turns it off and runs each query in
:func:`while_running`).

>>> with stop_on_interrupt():
...     interrupt_requested()
False
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from types import CodeType, FrameType
from typing import Any

__all__ = ["EXIT_INTERRUPTED", "ignore_interrupts", "interrupt_handled", "interrupt_requested", "interrupts_deferred",
           "raise_if_interrupted", "sigint_blocked", "stop_on_interrupt", "stop_processes", "while_running"]

#: The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130

#: Seconds a finaliser that caught the signal gets before the interrupt is raised again.
_RETRY_SECONDS = 0.02

#: Modules whose Python code is never cut short by the interrupt (it waits until they return): z3's
#: wrappers pair each C object with Python state line by line (a context interrupted in ``__init__``
#: fails again in ``__del__``). Named, not imported: only the SMT layer imports z3.
UNINTERRUPTIBLE_MODULES = ("z3",)


class _State:
    """What the handler and the watcher share (one per process)."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        #: Ways to stop the C calls running now (see :func:`while_running`), by token.
        self.stops: dict[int, Callable[[], None]] = {}
        self.next_token = 0
        self.requested = False
        self.raised = False
        self.active = False
        #: How many :func:`interrupts_deferred` blocks the main thread is in.
        self.deferring = 0
        self.deadline: float | None = None
        #: The pipe the signal's bytes go to (the watcher reads them in order), while active.
        self.writer: int | None = None


_STATE = _State()


def interrupt_requested() -> bool:
    """Whether a SIGINT arrived while :func:`stop_on_interrupt` was active."""
    return _STATE.requested


def raise_if_interrupted() -> None:
    """Raise :class:`KeyboardInterrupt` when a SIGINT arrived while :func:`stop_on_interrupt` was active.

    For an optional import's ``except ImportError``: a Ctrl-C that lands while a C extension starts up
    (numpy, pyspiel, Dask's) comes out as that extension's ImportError ("initialization failed"), and it is
    the interrupt (exit 130), not a missing extra.

    >>> raise_if_interrupted()  # no interrupt requested: nothing happens
    """
    if _STATE.requested:
        raise KeyboardInterrupt from None


def interrupt_handled() -> None:
    """The command caught the :class:`KeyboardInterrupt` and goes on (an interactive prompt that cancels what
    was being typed): the deadline is off and the next Ctrl-C is handled as the first.

    >>> interrupt_handled()
    >>> interrupt_requested()
    False
    """
    with _STATE.lock:
        _STATE.requested = _STATE.raised = False
        if _STATE.writer is not None:
            # After the signal's own byte in the pipe: the watcher, reading in order, calls its deadline off.
            with contextlib.suppress(OSError):
                os.write(_STATE.writer, bytes([_HANDLED]))


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Let the block run to its end: a Ctrl-C that comes meanwhile is raised as it ends.

    For a few lines that must all happen or none (a finished chunk's file and
    the record of it): the exception would otherwise land between them.
    Outside :func:`stop_on_interrupt`, or off the main thread (where the
    handler never runs), it changes nothing.

    >>> with stop_on_interrupt(), interrupts_deferred():
    ...     interrupt_requested()
    False
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _STATE.deferring += 1
    try:
        yield
    finally:
        _STATE.deferring -= 1
        if not _STATE.deferring and _STATE.requested and not _STATE.raised and _STATE.active:
            _STATE.raised = True
            raise KeyboardInterrupt


@contextlib.contextmanager
def while_running(stop: Callable[[], None]) -> Iterator[None]:
    """Call ``stop`` (from the watcher thread) if SIGINT arrives while the block runs.

    For C calls that do not return to Python on their own (a z3 check: ``stop``
    is its context's ``interrupt``). ``stop`` is held, so what it stops stays
    alive while the block runs; when an interrupt is already on its way,
    ``stop`` is called at once.

    >>> calls = []
    >>> with while_running(lambda: calls.append("stop")):
    ...     pass
    >>> calls
    []
    """
    with _STATE.lock:
        token = _STATE.next_token
        _STATE.next_token += 1
        _STATE.stops[token] = stop
        already = _STATE.requested
    try:
        if already:
            stop()
        yield
    finally:
        with _STATE.lock:
            _STATE.stops.pop(token, None)
    if _STATE.requested and not _STATE.raised:
        # Stopped, but the handler's exception waits (it landed in a finaliser): raise it here, before the
        # interrupted call's answer ("unknown") can be taken for a result.
        _STATE.raised = True
        raise KeyboardInterrupt


def _must_wait(frame: FrameType | None) -> bool:
    """Whether an exception raised in ``frame`` now would be lost or break a library (see the module docstring):
    a finaliser or a collector callback anywhere on the stack, or the innermost code in
    :data:`UNINTERRUPTIBLE_MODULES`."""
    if frame is not None and str(frame.f_globals.get("__name__", "")).split(".")[0] in UNINTERRUPTIBLE_MODULES:
        return True
    callbacks = _gc_callback_codes()
    while frame is not None:
        if frame.f_code.co_name == "__del__" or frame.f_code in callbacks:
            return True
        frame = frame.f_back
    return False


def _gc_callback_codes() -> frozenset[CodeType]:
    """The code of every function in :data:`gc.callbacks`: an exception raised in one is printed as
    "Exception ignored" and dropped, as in a finaliser (Dask's worker processes' collector diagnostics
    register one in the process that starts a local cluster)."""
    codes = set()
    for callback in list(gc.callbacks):
        function = getattr(callback, "__func__", callback)
        code = getattr(function, "__code__", None)
        if isinstance(code, CodeType):
            codes.add(code)
    return frozenset(codes)


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler: raise :class:`KeyboardInterrupt`, but not inside a finaliser."""
    _STATE.requested = True
    if _STATE.raised:
        return  # already stopping (a second press, or a retry after the exception was raised)
    if _STATE.deferring:
        return  # raised when the block ends (interrupts_deferred)
    if _must_wait(frame):
        # Raised there, the exception would be printed as "Exception ignored in ..." and lost.
        retry = threading.Timer(_RETRY_SECONDS, _retry)
        retry.daemon = True
        retry.start()
        return
    _STATE.raised = True
    raise KeyboardInterrupt


def _retry() -> None:
    """Deliver a deferred interrupt again, unless it was raised meanwhile or the handling ended.

    A real signal to the main thread (not :func:`_thread.interrupt_main`, which only marks it): a
    blocking call there (a sleep, a wait) is woken to run the handler.
    """
    with _STATE.lock:
        if _STATE.active and not _STATE.raised:
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


def _stop_running_calls() -> None:
    with _STATE.lock:
        stops = list(_STATE.stops.values())
        for stop in stops:
            with contextlib.suppress(Exception):  # a stop that fails must not keep the others from running
                stop()


#: The byte :func:`interrupt_handled` writes to the watcher's pipe (signal numbers are below it, 0 ends).
_HANDLED = 0xFE


def _watch(reader: int, finished: threading.Event) -> None:
    """The watcher thread: woken by the signal's byte on the pipe ``reader``, read in order: a SIGINT stops the
    running C calls and starts the deadline (from the first one; a retry or a second press does not move it);
    :data:`_HANDLED` calls it off; 0 (or the pipe's end) ends the thread."""
    handled: threading.Event | None = None
    while True:
        try:
            data = os.read(reader, 64)
        except OSError:
            return
        if not data:
            return
        for byte in data:
            if byte == 0:
                return
            if byte == _HANDLED and handled is not None:
                handled.set()
                handled = None
            elif byte == signal.SIGINT:
                _stop_running_calls()
                if _STATE.deadline is not None and handled is None:
                    handled = threading.Event()
                    threading.Thread(target=_keep_deadline, args=(_STATE.deadline, finished, handled),
                                     daemon=True).start()


def _keep_deadline(seconds: float, finished: threading.Event, handled: threading.Event) -> None:
    """End the process ``seconds`` after the signal unless the command returned or handled the interrupt
    (see the module docstring)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if finished.wait(0.05) or handled.is_set():
            return
    with contextlib.suppress(Exception):
        stop_processes(_children(), grace=0.2)
    with contextlib.suppress(Exception):
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()
    os._exit(EXIT_INTERRUPTED)


def _children() -> list[Any]:
    """This process's child processes (all of them with psutil, else those multiprocessing started)."""
    import importlib

    try:
        psutil: Any = importlib.import_module("psutil")  # optional (it comes with Dask); untyped
    except ImportError:
        import multiprocessing

        return list(multiprocessing.active_children())
    return list(psutil.Process().children(recursive=True))


@contextlib.contextmanager
def stop_on_interrupt(*, deadline: float | None = None) -> Iterator[None]:
    """Handle SIGINT as the module docstring says while the block runs (in the main thread; elsewhere a no-op).

    :param deadline: seconds after the signal at which the process is ended if
        it still runs (only for a program that owns its process: never in a
        caller's process such as a test run). The deadline stands after the
        block ends, while the interpreter shuts down.
    """
    if threading.current_thread() is not threading.main_thread() or _STATE.active:
        yield
        return
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    finished = threading.Event()
    previous_handler = signal.getsignal(signal.SIGINT)
    previous_fd = signal.set_wakeup_fd(writer, warn_on_full_buffer=False)
    _STATE.requested = _STATE.raised = False
    _STATE.writer = writer
    _STATE.deadline = deadline
    _STATE.active = True
    watcher = threading.Thread(target=_watch, args=(reader, finished), name="ruleproof-interrupt", daemon=True)
    watcher.start()
    signal.signal(signal.SIGINT, _on_sigint)
    try:
        yield
    finally:
        with _STATE.lock:
            _STATE.active = False  # no deferred interrupt is delivered after this
            _STATE.writer = None
        signal.signal(signal.SIGINT, previous_handler)
        signal.set_wakeup_fd(previous_fd)
        if not _STATE.requested:
            finished.set()
        with contextlib.suppress(OSError):
            os.write(writer, b"\0")
        watcher.join(1.0)
        os.close(reader)
        os.close(writer)


def ignore_interrupts() -> None:
    """In a worker process: ignore SIGINT (the process that started it stops it) and let it through again.

    A terminal's Ctrl-C reaches every process of the foreground group; a
    worker that raised :class:`KeyboardInterrupt` would print a traceback, and
    one that caught it would go on working.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(ValueError):  # not the main thread: the mask is the thread's own anyway
        signal.set_wakeup_fd(-1)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT held back in this thread while the block runs (processes it starts are born with it blocked).

    A worker started here cannot be hit by Ctrl-C before it ignores the signal
    (:func:`ignore_interrupts` unblocks it); a signal that came meanwhile is
    delivered here when the block ends.
    """
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def stop_processes(processes: Iterable[Any], *, grace: float = 0.5) -> None:
    """Stop ``processes`` (:class:`multiprocessing.Process` or ``psutil.Process``) now: SIGTERM, then SIGKILL
    for any still running after ``grace`` seconds; each is reaped.

    SIGTERM ends a worker at once, even inside a C call (no Python handler is
    installed for it), and prints nothing.
    """
    alive = list(processes)
    for process in alive:
        with contextlib.suppress(Exception):
            process.terminate()
    end = time.monotonic() + grace
    for process in alive:
        _wait(process, max(0.0, end - time.monotonic()))
    for process in alive:
        if _running(process):
            with contextlib.suppress(Exception):
                process.kill()
            _wait(process, 1.0)


def _wait(process: Any, seconds: float) -> None:
    with contextlib.suppress(Exception):
        if hasattr(process, "join"):
            process.join(seconds)
        else:
            process.wait(seconds)


def _running(process: Any) -> bool:
    try:
        return bool(process.is_alive() if hasattr(process, "is_alive") else process.is_running())
    except Exception:  # noqa: BLE001 - gone
        return False
