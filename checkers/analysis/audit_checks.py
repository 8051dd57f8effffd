"""Run one planned audit task (:class:`~ruleproof.checkers.analysis.audit_plan.AuditTask`) and make its row.

One runner per kind of check: ``conformance`` (the engine ⇔ spec checklist),
``fuzz`` (the Hypothesis state machine), ``property`` (a claimed state
property) and ``finding`` (a catalogue question, compared with the manifest
by :mod:`ruleproof.checkers.catalogue.drift`). A task runs the same in this
process or in a worker's: it seeds its own randomness and reads no other
task's result.

>>> from ruleproof.checkers.analysis.audit_plan import AuditOptions, plan_audit
>>> options = AuditOptions(checks=("property",), quick=True, property_games=2)
>>> [run_task(t, options).verdict for t in plan_audit(["take5"], options)]
['pass', 'pass']
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from ruleproof.checkers.analysis.audit_plan import AuditOptions, AuditRow, AuditTask
from ruleproof.checkers.catalogue import drift
from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.checkers.checks.fuzz import machine_for
from ruleproof.checkers.checks.invariants import PROPERTIES, check_property
from ruleproof.model.core import Game
from ruleproof.model.io.readings import Reading


def run_task(task: AuditTask, options: AuditOptions) -> AuditRow:
    """Run one planned task (in this process or a worker's) and return its row."""
    if task.row is not None:
        return task.row
    runner = _RUNNERS[task.check]
    return runner(task, options)


def _run_conformance(task: AuditTask, options: AuditOptions) -> AuditRow:
    game = options.reading_for(task.game).engine
    start = time.perf_counter()
    result = run_conformance(game, task.players, task.variant, games=options.conformance_games, seed=options.seed,
                             candidate_every=3)
    detail = result.summary() if result.ok else "; ".join(str(p) for p in result.problems[:3])
    return AuditRow(task.game, "conformance", task.subject, "pass" if result.ok else "fail", detail,
                    time.perf_counter() - start)


def _run_fuzz(task: AuditTask, options: AuditOptions) -> AuditRow:
    reading = options.reading_for(task.game)
    game = reading.engine
    start = time.perf_counter()
    machine = (_machine(game, task.players, task.variant) if not reading.is_default
               else machine_for(task.game, task.players, task.variant))
    try:
        run_state_machine_as_test(machine, settings=settings(
            max_examples=options.fuzz_examples, stateful_step_count=options.fuzz_steps, deadline=None,
            database=None, derandomize=True, suppress_health_check=list(HealthCheck), print_blob=False))
    except Exception as exc:  # noqa: BLE001 - a failing machine is a finding
        verdict, detail = "fail", f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    else:
        verdict = "pass"
        detail = (f"{options.fuzz_examples} sequence{'s' * (options.fuzz_examples != 1)} of up to "
                  f"{options.fuzz_steps} step{'s' * (options.fuzz_steps != 1)}, no disagreement")
    return AuditRow(task.game, "fuzz", task.subject, verdict, detail, time.perf_counter() - start)


def _run_property(task: AuditTask, options: AuditOptions) -> AuditRow:
    game = options.reading_for(task.game).engine
    prop = next(p for p in PROPERTIES[task.game] if p.id == task.item)
    expected = prop.expected(task.variant)
    start = time.perf_counter()
    result = check_property(game, prop, task.players, task.variant, games=options.property_games, seed=options.seed)
    verdict = "pass" if result.as_expected else "fail"
    if result.verdict == "holds":
        detail = (f"holds on {result.states} state{'s' * (result.states != 1)} of {result.games} random "
                  f"game{'s' * (result.games != 1)} (expected to {'hold' if expected else 'fail'})")
    else:
        detail = f"refuted after {len(result.witness)} moves: {result.message}"
    return AuditRow(task.game, "property", task.subject, verdict, detail, time.perf_counter() - start,
                    {"statement": prop.statement, "verdict": result.verdict, "witness": list(result.witness)})


def _run_finding(task: AuditTask, options: AuditOptions) -> AuditRow:
    catalogue = importlib.import_module("ruleproof.checkers.catalogue.questions")
    question = next(q for q in catalogue.questions(task.game) if q.id == task.item)
    reading = options.reading_for(task.game)
    # drift.check_question compares the answer with the manifest: a changed verdict, a result lost to
    # unknown, a witness that no longer replays or a question that raises is a 'fail' with the reason.
    if options.cross_check:
        return _cross_checked(task, question, options.full, None if reading.is_default else reading,
                              tuple(options.allow))
    checked = drift.check_question(question, options.full, None if reading.is_default else reading,
                                   allow=options.allow)
    return AuditRow(task.game, "finding", task.subject, checked.verdict, checked.detail, checked.seconds,
                    checked.to_json(), checked.status)


def _cross_checked(task: AuditTask, question: Any, full: bool, reading: Reading | None,
                   allow: tuple[str, ...] = ()) -> AuditRow:
    """The finding's row with cvc5's verdict on each of its unsat queries: a disagreement fails the row."""
    from ruleproof.checkers.smt.crosscheck import audit_row_verdict, cross_check_question

    start = time.perf_counter()
    checked, cross = cross_check_question(question, full, reading, allow=allow)
    data = {**checked.to_json(), "cross_check": cross.to_json()}
    return AuditRow(task.game, "finding", task.subject, audit_row_verdict(checked.verdict, cross),
                    f"{cross.summary()} — {checked.detail}", time.perf_counter() - start, data)


_RUNNERS: dict[str, Callable[[AuditTask, AuditOptions], AuditRow]] = {
    "conformance": _run_conformance, "fuzz": _run_fuzz, "property": _run_property, "finding": _run_finding,
}


def _machine(game: Game[Any, Any, Any], players: int, variant: Any) -> type[Any]:
    """A state machine class for an engine that is not in the registry (a reading's engine)."""
    from ruleproof.checkers.checks.fuzz import GameMachine

    return type("ReadingMachine", (GameMachine,), {"game": game, "players": players, "variant": variant})

