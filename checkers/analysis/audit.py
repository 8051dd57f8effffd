"""Run every check that exists for a game and collect the findings in one table.

The audit is the project's main job. For each game it runs

* ``conformance``: the engine ⇔ spec checklist over every test configuration;
* ``fuzz``: the Hypothesis state machine for a few configurations;
* ``property``: the state properties claimed about the rules
  (:mod:`ruleproof.checkers.checks.invariants`), with their expected verdicts;
* ``finding``: the catalogue's questions answered by the solver or by
  exhaustive search (:mod:`ruleproof.checkers.catalogue.questions`), where they exist.

Each row has a verdict: ``pass`` (as expected), ``fail`` (a check failed or a
verdict differs from the expected one), ``unknown`` (a solver gave up; never
a proof) or ``not applicable`` (a question that cannot be asked under the
reading, with the reason).

A finding's row also has a status (:mod:`ruleproof.checkers.catalogue.defects`):
``answered, no defect``, ``defect found``, ``defect accepted``, ``drift``,
``unknown`` or ``not applicable``. A finding that reveals a defect of the
rules (a dead end, a game that need not end, a seat that cannot win, rules in
conflict) fails the audit unless the manifest records it as a known fact of
the rulebook or ``AuditOptions.allow`` names it (``ruleproof audit --allow``).

Under a reading (:class:`ruleproof.model.io.readings.Reading`, ``AuditOptions.reading``)
every step runs on the reading's engine and flags: conformance and fuzzing for
the player counts of the engine's test configurations, the properties whose
expectation the reading's flags decide, and every catalogue question (asked
under the reading, or "not applicable" with the reason). A step the game lacks
(no properties, no questions module) is a row ``not run`` that says so.

The audit lives in four modules that import one way (plan ← checks ← jobs ←
this one): :mod:`~ruleproof.checkers.analysis.audit_plan` (options, rows and
the plan of tasks), :mod:`~ruleproof.checkers.analysis.audit_checks` (running
one task), :mod:`~ruleproof.checkers.analysis.audit_jobs` (running many, in
worker processes) and this module, which runs an audit and re-exports the
names its callers use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import closing

from ruleproof.checkers.analysis.audit_checks import run_task
from ruleproof.checkers.analysis.audit_jobs import run_tasks
from ruleproof.checkers.analysis.audit_plan import (
    CHECK_KINDS,
    AuditOptions,
    AuditRow,
    AuditTask,
    allows_players,
    count_checks,
    known_finding_ids,
    plan_audit,
    plan_conformance,
    plan_findings,
    plan_fuzz,
    plan_properties,
)

__all__ = [
    "AUDIT_STEPS", "CHECK_KINDS", "AuditOptions", "AuditRow", "AuditTask", "allows_players", "audit_conformance",
    "audit_findings", "audit_fuzz", "audit_properties", "count_checks", "known_finding_ids", "plan_audit",
    "plan_conformance", "plan_findings", "plan_fuzz", "plan_properties", "run_audit", "run_task",
]


def _steps_as_rows(plan: Callable[[str, AuditOptions], list[AuditTask]]) -> Callable[[str, AuditOptions],
                                                                                 Iterable[AuditRow]]:
    def step(game_id: str, options: AuditOptions) -> Iterable[AuditRow]:
        for task in plan(game_id, options):
            if task.row is None:
                options.starting(task.game, task.check, task.subject)
            row = run_task(task, options)
            options.finishing(row)
            yield row

    step.__name__ = plan.__name__.replace("plan_", "audit_")
    step.__doc__ = plan.__doc__
    return step


#: One step per kind of check, run in this process (:func:`run_audit` plans and runs them all).
audit_conformance = _steps_as_rows(plan_conformance)
audit_fuzz = _steps_as_rows(plan_fuzz)
audit_properties = _steps_as_rows(plan_properties)
audit_findings = _steps_as_rows(plan_findings)


AUDIT_STEPS: tuple[Callable[[str, AuditOptions], Iterable[AuditRow]], ...] = (
    audit_conformance, audit_fuzz, audit_properties, audit_findings,
)

def run_audit(games: Iterable[str], options: AuditOptions, on_row: Callable[[AuditRow], None] | None = None,
              *, jobs: int = 1) -> list[AuditRow]:
    """Every audit step for every game, in order; the rows do not depend on ``jobs``.

    With ``jobs`` above 1 the independent checks run in worker processes
    (:func:`ruleproof.checkers.analysis.audit_jobs.run_tasks`) and their rows
    are reported in the plan's order, as with one job.
    """
    rows: list[AuditRow] = []
    # Closed on the way out whatever happens, so a Ctrl-C (or a failing on_row) stops the workers here.
    with closing(run_tasks(plan_audit(games, options), options, jobs=jobs)) as planned:
        for row in planned:
            rows.append(row)
            if on_row is not None:
                on_row(row)
    return rows

