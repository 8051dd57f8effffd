"""Run the audit's planned tasks in this process or in worker processes, reporting rows in plan order.

The audit's checks are independent: each task (:class:`~ruleproof.checkers.analysis.audit.AuditTask`)
names its game, kind and configuration or question by plain data and is run
by :func:`~ruleproof.checkers.analysis.audit.run_task` wherever it lands. With
``jobs`` above 1 the tasks go to a :class:`concurrent.futures.ProcessPoolExecutor`
(the standard library's pool; pure Python engines need processes, not threads)
and every row is reported in the plan's order, so the output is the one of a
single job: each check seeds its own randomness, every solver query works in
its own z3 context under a deterministic resource limit, and no check reads
another's result.

Tasks that share work a process caches (the explorations several catalogue
questions of one game read, :func:`ruleproof.checkers.explore.statespace.explored`)
run in one worker as a batch (:func:`batches`), so that work is done once, as
in a single process. Batches are handed out longest first, by estimated cost
(:data:`ESTIMATES`; an estimate orders the work, it never decides a row), so the
longest check does not start last.

The tasks run with the garbage collector set for batch work
(:func:`~ruleproof.checkers.explore.collector.batch_collection`, in this
process or in each worker): what the checks compute does not change.

>>> from ruleproof.checkers.analysis.audit import AuditOptions, plan_audit
>>> tasks = plan_audit(["take5"], AuditOptions(checks=("property",), quick=True, property_games=2))
>>> rows = list(run_tasks(tasks, AuditOptions(checks=("property",), quick=True, property_games=2), jobs=1))
>>> [r.verdict for r in rows]
['pass', 'pass']
"""

from __future__ import annotations

import pickle
from collections.abc import Generator, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ruleproof.checkers.explore.collector import batch_collection, start_batch_work

if TYPE_CHECKING:
    from ruleproof.checkers.analysis.audit import AuditOptions, AuditRow, AuditTask

def run_tasks(tasks: Sequence[AuditTask], options: AuditOptions, *,
              jobs: int = 1) -> Generator[AuditRow, None, None]:
    """The row of every task, in the tasks' order, run by ``jobs`` worker processes (1: here).

    ``options.on_start`` and ``options.on_finish`` are called (in this process)
    as each task starts and finishes, wherever it runs: with workers that is
    as it happens (:func:`ruleproof.checkers.checks.workers.report`), while
    the rows are yielded in the plan's order. Options that cannot be sent to a
    worker (a reading whose plugin was made at run time) run here, one task
    after another, with the same rows. Closing the iterator early (or a
    Ctrl-C while it waits) stops the workers at once.
    """
    from ruleproof.checkers.analysis.audit import run_task

    runnable = [t for t in tasks if t.row is None]
    work = replace(options, on_start=None, on_finish=None)
    if jobs > 1 and len(runnable) > 1:
        try:
            pickle.dumps((work, runnable))
        except Exception:  # noqa: BLE001 - any pickling failure: run here
            jobs = 1
    if jobs <= 1 or len(runnable) <= 1:
        with batch_collection():
            for task in tasks:
                if task.row is None:
                    options.starting(task.game, task.check, task.subject)
                row = run_task(task, options)
                options.finishing(row)
                yield row
        return
    yield from _run_pool(tasks, options, work, jobs)


def _run_pool(tasks: Sequence[AuditTask], options: AuditOptions, work: AuditOptions,
              jobs: int) -> Iterator[AuditRow]:
    from concurrent.futures import Future

    from ruleproof.checkers.checks.workers import worker_pool

    groups = batches(tasks)
    order = sorted(range(len(groups)), key=lambda i: (-sum(estimate(tasks[k]) for k in groups[i]), i))

    def on_event(event: tuple[Any, ...]) -> None:
        if event[0] == "start":
            task = tasks[event[1]]
            options.starting(task.game, task.check, task.subject)
        elif event[0] == "row":
            options.finishing(event[2])

    for task in tasks:  # rows known without running anything are done at once
        if task.row is not None:
            options.finishing(task.row)
    with worker_pool(min(jobs, len(groups)), on_event=on_event, initializer=_start_worker) as pool:
        futures: dict[int, Future[list[AuditRow]]] = {
            i: pool.submit(_run_batch, [(k, tasks[k]) for k in groups[i]], work) for i in order}
        where = {k: (i, n) for i, group in enumerate(groups) for n, k in enumerate(group)}
        for index, task in enumerate(tasks):
            if task.row is not None:
                yield task.row
                continue
            batch, position = where[index]
            yield pool.result(futures[batch])[position]


def _start_worker() -> None:
    """A worker process's start: the collector set for batch work for the process's life."""
    start_batch_work()


def _run_batch(tasks: list[tuple[int, AuditTask]], options: AuditOptions) -> list[AuditRow]:
    """A worker's job: the rows of a batch of tasks, run in order in one process, each start and row reported
    as it happens (with the task's index in the plan)."""
    from ruleproof.checkers.analysis.audit import run_task
    from ruleproof.checkers.checks.workers import report

    rows = []
    for index, task in tasks:
        report(("start", index))
        rows.append(run_task(task, options))
        report(("row", index, rows[-1]))
    return rows


#: Estimated CPU seconds of a task, to hand out the longest batches first: by finding id, by
#: ``"game kind"``, by kind. Measured per row on the default audit of every game at ``--jobs 1``
#: (``ruleproof audit --json --jobs 1``, the rows' ``seconds``: the mean of a game's rows of one kind);
#: an estimate only orders the work (a stale one costs wall time), never decides a row.
ESTIMATES: dict[str, float] = {
    "BF-F-5": 2.3, "BF-F-2": 1.9, "BF-F-1": 1.6, "BF-F-8": 1.35, "BF-F-3": 1.3, "WF-BF-3": 0.9,
    "WF-BP-1": 2.1, "BP-F-2": 0.7, "WF-IK-1": 1.2, "IK-F-2": 0.9, "WF-CI-2": 0.9, "WF-T5-1": 0.8,
    "CI-F-7": 0.55, "CI-F-15": 0.45,
    "bigfive conformance": 0.9, "cinco conformance": 0.4, "take5 conformance": 0.55, "ikebana conformance": 0.25,
    "conformance": 0.12, "cinco fuzz": 1.05, "fuzz": 0.7, "property": 0.02, "finding": 0.2,
}


def estimate(task: AuditTask) -> float:
    """The estimated CPU seconds of ``task`` (:data:`ESTIMATES`)."""
    for key in (task.item, f"{task.game} {task.check}", task.check):
        if key in ESTIMATES:
            return ESTIMATES[key]
    return 1.0


def batch_key(task: AuditTask) -> tuple[str, ...]:
    """Tasks with one key run in one worker: a game's well-formedness questions read the same explorations.

    Every other task is a batch of its own.
    """
    if task.check == "finding" and task.item.startswith("WF-"):
        return (task.game, "wellformed")
    return (task.game, task.check, task.subject, task.item)


def batches(tasks: Sequence[AuditTask]) -> list[list[int]]:
    """The indices of the runnable tasks, cut into batches (:func:`batch_key`), each in plan order."""
    grouped: dict[tuple[str, ...], list[int]] = {}
    for index, task in enumerate(tasks):
        if task.row is None:
            grouped.setdefault(batch_key(task), []).append(index)
    return list(grouped.values())
