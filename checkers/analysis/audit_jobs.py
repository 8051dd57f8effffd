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
in a single process. Batches are handed out dearest first, by the CPU each task
cost when the shipped table was measured
(:mod:`ruleproof.checkers.analysis.audit_costs`; an estimate orders the work,
it never decides a row), so the longest check does not start last and the
workers finish together. The pool is made after the plan, so its workers
inherit (fork) every module the plan imported: a worker imports nothing again.

The tasks run with the garbage collector set for batch work
(:func:`~ruleproof.checkers.explore.collector.batch_collection`, in this
process or in each worker): what the checks compute does not change.

>>> from ruleproof.checkers.analysis.audit_plan import AuditOptions, plan_audit
>>> tasks = plan_audit(["take5"], AuditOptions(checks=("property",), quick=True, property_games=2))
>>> rows = list(run_tasks(tasks, AuditOptions(checks=("property",), quick=True, property_games=2), jobs=1))
>>> [r.verdict for r in rows]
['pass', 'pass']
"""

from __future__ import annotations

import pickle
from collections.abc import Generator, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ruleproof.checkers.analysis.audit_checks import run_task
from ruleproof.checkers.analysis.audit_costs import estimate, shared_groups, task_key
from ruleproof.checkers.analysis.audit_plan import AuditOptions, AuditRow, AuditTask
from ruleproof.checkers.explore.collector import batch_collection, start_batch_work

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
    order = dearest_first(tasks, groups, work)

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
    from ruleproof.checkers.checks.workers import report

    rows = []
    for index, task in tasks:
        report(("start", index))
        rows.append(run_task(task, options))
        report(("row", index, rows[-1]))
    return rows


def dearest_first(tasks: Sequence[AuditTask], groups: Sequence[list[int]], options: AuditOptions, *,
                  table: Mapping[str, Any] | None = None) -> list[int]:
    """The batches' indices, dearest first by estimated CPU (:func:`~ruleproof.checkers.analysis.audit_costs.estimate`
    from ``table``, else the shipped one), ties in plan order: handed out in this order, the last work to start
    is the cheapest."""
    cost = [sum(estimate(tasks[k], options, table=table) for k in group) for group in groups]
    return sorted(range(len(groups)), key=lambda i: (-cost[i], i))


def batch_key(task: AuditTask, shared: dict[str, int] | None = None) -> tuple[str, ...]:
    """Tasks with one key run in one worker: those that read a common exploration (the shipped table's
    ``shared`` groups, ``shared`` mapping a task's key to its group), and a game's well-formedness questions
    (which read the same explorations under any reading). Every other task is a batch of its own.
    """
    if shared is not None and task_key(task) in shared:
        return (task.game, "shared", str(shared[task_key(task)]))
    if task.check == "finding" and task.item.startswith("WF-"):
        return (task.game, "wellformed")
    return (task.game, task.check, task.subject, task.item)


def batches(tasks: Sequence[AuditTask]) -> list[list[int]]:
    """The indices of the runnable tasks, cut into batches (:func:`batch_key`), each in plan order."""
    shared = {key: number for number, group in enumerate(shared_groups()) for key in group}
    grouped: dict[tuple[str, ...], list[int]] = {}
    for index, task in enumerate(tasks):
        if task.row is None:
            grouped.setdefault(batch_key(task, shared), []).append(index)
    return list(grouped.values())
