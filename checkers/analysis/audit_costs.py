"""What each audit task costs, measured once and shipped as data, to schedule the parallel audit.

The table ``checkers/data/audit_costs.json`` holds the CPU seconds of every
task of the default audit of every game (``time.process_time`` around each
task, run in plan order in one process) and the tasks that read the same
cached exploration (:func:`ruleproof.checkers.explore.statespace.explored`).
:mod:`ruleproof.checkers.analysis.audit_jobs` hands the dearest work out first
and runs tasks that share an exploration in one worker, so it is computed
once, as in one process. The table is data, not a measurement made at run
time: the schedule never depends on the machine's load, and a stale table
only costs wall time, never changes a row.

Refresh it after a change that moves the costs (a new check, a faster
engine); the numbers are CPU seconds of one run on the machine that wrote them::

    python -m ruleproof.checkers.analysis.audit_costs checkers/data/audit_costs.json

>>> from ruleproof.checkers.analysis.audit_plan import AuditOptions, plan_audit
>>> task = next(t for t in plan_audit(["bigfive"], AuditOptions(checks=("finding",))) if t.item == "BF-F-5")
>>> estimate(task, AuditOptions()) > estimate(task, AuditOptions(), table={})
True
"""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

from ruleproof.checkers.analysis.audit_plan import AuditOptions, AuditTask

#: The table's file in the package data.
TABLE_FILE = "data/audit_costs.json"

#: The cost of a task the table does not know and whose kind it has no mean for (CPU seconds).
UNKNOWN_COST = 0.5


def task_key(task: AuditTask) -> str:
    """The table's key of a task: game, kind and the question or property id, else the subject.

    >>> task_key(AuditTask("take5", "finding", "T5-F-1 Who wins?", item="T5-F-1"))
    'take5 finding T5-F-1'
    >>> task_key(AuditTask("take5", "conformance", "4 players", 4))
    'take5 conformance 4 players'
    """
    if task.check == "property":
        return f"{task.game} {task.check} {task.subject}"
    return f"{task.game} {task.check} {task.item or task.subject}"


@functools.cache
def shipped_table() -> dict[str, Any]:
    """The table shipped with the package (``{}`` when it is missing or unreadable: every task costs the same)."""
    try:
        text = resources.files("ruleproof.checkers").joinpath(TABLE_FILE).read_text("utf-8")
        table = json.loads(text)
    except (OSError, ValueError):
        return {}
    return table if isinstance(table, dict) else {}


def _scale(task: AuditTask, options: AuditOptions, measured: Mapping[str, Any]) -> float:
    """How much more work ``options`` ask of the task than the options the table was measured with."""
    made = {"conformance": "conformance_games", "fuzz": "fuzz_examples", "property": "property_games"}
    name = made.get(task.check)
    if name is None or not isinstance(measured.get(name), (int, float)) or measured[name] <= 0:
        return 1.0
    ratio = float(getattr(options, name)) / float(measured[name])
    if task.check == "fuzz" and isinstance(measured.get("fuzz_steps"), (int, float)) and measured["fuzz_steps"] > 0:
        ratio *= options.fuzz_steps / float(measured["fuzz_steps"])
    return ratio


def estimate(task: AuditTask, options: AuditOptions, *, table: Mapping[str, Any] | None = None) -> float:
    """The estimated CPU seconds of ``task`` under ``options``: its measured cost, else the mean of its game's
    tasks of that kind, else of its kind, else :data:`UNKNOWN_COST`; scaled by the games or examples asked."""
    table = shipped_table() if table is None else table
    costs: Mapping[str, float] = table.get("costs", {})
    cost = costs.get(task_key(task))
    if cost is None:
        cost = _mean(costs, f"{task.game} {task.check} ")
    if cost is None:
        cost = _mean(costs, None, task.check)
    if cost is None:
        cost = UNKNOWN_COST
    return cost * _scale(task, options, table.get("options", {}))


def _mean(costs: Mapping[str, float], prefix: str | None, kind: str = "") -> float | None:
    found = [c for k, c in costs.items() if (k.startswith(prefix) if prefix else k.split(" ")[1:2] == [kind])]
    return sum(found) / len(found) if found else None


def shared_groups(table: Mapping[str, Any] | None = None) -> list[set[str]]:
    """The groups of task keys that read one cached exploration (each group runs in one worker)."""
    table = shipped_table() if table is None else table
    return [set(group) for group in table.get("shared", []) if isinstance(group, list)]


class _ReadLog(dict[Any, Any]):
    """The exploration cache, recording every key asked for (to find the tasks that share one)."""

    def __init__(self, cached: Mapping[Any, Any]) -> None:
        super().__init__(cached)
        self.asked: set[Any] = set()

    def __contains__(self, key: object) -> bool:
        self.asked.add(key)
        return super().__contains__(key)


def measure(games: Iterable[str], options: AuditOptions) -> dict[str, Any]:
    """Run the audit's tasks in plan order in this process and return the table: each task's CPU seconds,
    and the groups of tasks that read a common exploration."""
    from ruleproof.checkers.analysis.audit_checks import run_task
    from ruleproof.checkers.analysis.audit_plan import plan_audit
    from ruleproof.checkers.explore import statespace
    from ruleproof.checkers.explore.collector import batch_collection

    tasks = [t for t in plan_audit(games, options) if t.row is None]
    costs: dict[str, float] = {}
    readers: dict[Any, list[str]] = {}
    log = _ReadLog(statespace._CACHE)
    statespace._CACHE = log
    try:
        with batch_collection():
            for task in tasks:
                log.asked = set()
                start = time.process_time()
                run_task(task, options)
                costs[task_key(task)] = round(time.process_time() - start, 3)
                for key in log.asked:
                    readers.setdefault(key, []).append(task_key(task))
    finally:
        statespace._CACHE = dict(log)
    return {"about": "CPU seconds of each task of the default audit (ruleproof.checkers.analysis.audit_costs)",
            "options": {"conformance_games": options.conformance_games, "fuzz_examples": options.fuzz_examples,
                        "fuzz_steps": options.fuzz_steps, "property_games": options.property_games},
            "costs": costs, "shared": _merged([r for r in readers.values() if len(r) > 1])}


def _merged(groups: Sequence[list[str]]) -> list[list[str]]:
    """Groups that overlap, merged (tasks reading two explorations join both groups' readers).

    >>> _merged([["a", "b"], ["c"], ["b", "d"]])
    [['a', 'b', 'd'], ['c']]
    """
    merged: list[set[str]] = []
    for group in groups:
        joined = set(group)
        for other in [m for m in merged if m & joined]:
            joined |= other
            merged.remove(other)
        merged.append(joined)
    return sorted(sorted(m) for m in merged)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the default audit of every game and write the table to the file named (``-``: standard output)."""
    from ruleproof.model.registry import available_games

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m ruleproof.checkers.analysis.audit_costs OUT.json", file=sys.stderr)
        return 2
    table = measure(list(available_games()), AuditOptions())
    text = json.dumps(table, indent=1, sort_keys=True) + "\n"
    if args[0] == "-":
        sys.stdout.write(text)
    else:
        with open(args[0], "w", encoding="utf-8") as out:
            out.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
