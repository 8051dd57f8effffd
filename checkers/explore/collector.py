"""How the cyclic garbage collector runs while many long-lived objects are built.

Two settings, both leaving what every check computes unchanged (no check looks
at the collector; objects are freed by reference counting as always):

* :func:`collector_paused`: no collection while an exploration builds its
  states (each collection would rescan the states kept so far);
* :func:`batch_collection`: batch work (the audit's tasks, in its process or
  in each worker) builds millions of small objects that live for a whole check
  and frees nearly all of them by reference counting. With the default young
  threshold (700) the collector scans the survivors again and again: about a
  tenth of the audit's CPU. In batch work the objects made before are frozen
  out of its scans (``gc.freeze``), a young collection waits for
  :data:`BATCH_YOUNG_THRESHOLD` allocations, and the states a paused
  exploration built are frozen when the pause ends (they are kept, cached for
  the process, and hold no reference cycles), so the first young collection
  after it does not scan them all. Cyclic garbage is still collected.

>>> with batch_collection():
...     in_batch_work()
True
>>> in_batch_work()
False
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Allocations (less deallocations) between two young collections in batch work (the interpreter's
#: default is 700). Measured with ``gc.callbacks`` on the default audit at ``--jobs 2``: about 7 s of
#: the workers' CPU in the collector at 700, under 3 s at this value.
BATCH_YOUNG_THRESHOLD = 50_000

_batch_work = [False]


def in_batch_work() -> bool:
    """Whether the collector is set for batch work (:func:`start_batch_work`, :func:`batch_collection`)."""
    return _batch_work[0]


def batch_thresholds() -> tuple[int, int, int]:
    """Freeze what exists out of the collector's scans and let a young collection wait for
    :data:`BATCH_YOUNG_THRESHOLD` allocations; the thresholds before. The collector's half of
    :func:`start_batch_work`, without its mode (the docs build and the test run set only this).

    >>> before = batch_thresholds()
    >>> gc.get_threshold()[0] >= BATCH_YOUNG_THRESHOLD, in_batch_work()
    (True, False)
    >>> gc.set_threshold(*before)
    """
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(before[0], BATCH_YOUNG_THRESHOLD), before[1], before[2])
    return before


def start_batch_work() -> tuple[tuple[int, int, int], bool]:
    """Set the collector for batch work (see the module docstring); the thresholds and the mode before,
    to restore (a worker process keeps the setting for its life)."""
    mode = _batch_work[0]
    threshold = batch_thresholds()
    _batch_work[0] = True
    return threshold, mode


@contextmanager
def batch_collection() -> Iterator[None]:
    """The collector set for batch work while the block runs, restored after.

    >>> before = gc.get_threshold()
    >>> with batch_collection():
    ...     gc.get_threshold()[0] >= BATCH_YOUNG_THRESHOLD
    True
    >>> gc.get_threshold() == before
    True
    """
    threshold, mode = start_batch_work()
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        _batch_work[0] = mode
        if not mode:
            gc.unfreeze()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while building many objects that stay alive.

    An exploration keeps every state it meets, and each full collection walks every live object
    again: while the search grows, the collector rescans the states kept so far over and over (a
    third of the search's CPU for BigPoints and Cinco). States, moves and adjacency lists hold no
    reference cycles, so reference counting frees whatever is dropped meanwhile; the collector is
    switched back on afterwards (if it was on) and collects any cycle then. In batch work
    (:func:`in_batch_work`) what was built is frozen out of the collector's scans first.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _batch_work[0]:
            gc.freeze()
        if enabled:
            gc.enable()
