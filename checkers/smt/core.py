"""A thin, typed wrapper around z3 for rule-tracked, time-limited, three-valued queries.

>>> import z3
>>> x = z3.Int("x")
>>> solver = TrackedSolver(timeout_ms=2000)
>>> solver.add("R-POS", x > 0)
>>> solver.add("R-NEG", x < 0)
>>> result = solver.check()
>>> result.verdict, result.core
('unsat', ('R-NEG', 'R-POS'))
>>> solver = TrackedSolver()
>>> solver.add("R-POS", x > 3)
>>> r = solver.check()
>>> r.verdict, r.model["x"] > 3
('sat', True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import z3

DEFAULT_TIMEOUT_MS = 20_000


@dataclass(frozen=True)
class SolverResult:
    """What a query gave: ``sat`` with a model, ``unsat`` with the rule ids of
    an unsat core, or ``unknown`` with the solver's reason. Never conflate
    ``unknown`` with ``unsat``."""

    verdict: str
    model: dict[str, Any] = field(default_factory=dict)
    core: tuple[str, ...] = ()
    reason: str = ""
    seconds: float = 0.0

    @property
    def proved(self) -> bool:
        """True only for ``unsat``."""
        return self.verdict == "unsat"


def model_values(model: z3.ModelRef) -> dict[str, Any]:
    """A z3 model as plain Python values (ints, bools, strings for the rest)."""
    values: dict[str, Any] = {}
    for decl in model.decls():
        value = model[decl]
        if z3.is_int_value(value):
            values[decl.name()] = value.as_long()
        elif z3.is_true(value) or z3.is_false(value):
            values[decl.name()] = z3.is_true(value)
        else:
            values[decl.name()] = str(value)
    return values


class TrackedSolver:
    """A solver whose assertions are named by rule ids.

    Several assertions may share a rule id; the core reports each id once.
    Untracked background facts (domains, encodings) go through
    :meth:`add_fact` and never appear in cores.
    """

    def __init__(self, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> None:
        self.solver = z3.Solver()
        self.solver.set("timeout", timeout_ms)
        self.timeout_ms = timeout_ms
        self._labels: dict[str, str] = {}
        self._count = 0

    def add(self, rule_id: str, *constraints: Any) -> None:
        """Assert constraints on behalf of ``rule_id``."""
        for constraint in constraints:
            self._count += 1
            label = f"{rule_id}#{self._count}"
            self._labels[label] = rule_id
            self.solver.assert_and_track(constraint, z3.Bool(label))

    def add_fact(self, *constraints: Any) -> None:
        """Assert background constraints that are not rules."""
        self.solver.add(*constraints)

    def check(self, *assumptions: Any) -> SolverResult:
        """Run the query."""
        start = time.perf_counter()
        answer = self.solver.check(*assumptions)
        seconds = time.perf_counter() - start
        if answer == z3.sat:
            values = {k: v for k, v in model_values(self.solver.model()).items() if k not in self._labels}
            return SolverResult("sat", values, seconds=seconds)
        if answer == z3.unsat:
            core = sorted({self._labels[str(c)] for c in self.solver.unsat_core() if str(c) in self._labels})
            return SolverResult("unsat", core=tuple(core), seconds=seconds)
        return SolverResult("unknown", reason=self.solver.reason_unknown(), seconds=seconds)

    def model(self) -> z3.ModelRef:
        """The last model (after a ``sat`` answer)."""
        return self.solver.model()


def maximize(objective: Any, constraints: list[Any], timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[SolverResult, int | None]:
    """Maximise an integer objective; returns the result and the optimum.

    The optimum counts as proved only when z3 reports ``sat`` for the
    optimisation (it then also proved that nothing larger is feasible). The
    query runs in its own z3 context, so the model returned (among equally
    good ones) is the same whatever the process solved before.

    >>> x, y = z3.Int("x"), z3.Int("y")
    >>> result, best = maximize(x + y, [x >= 0, y >= 0, x + y <= 3])
    >>> best, result.verdict, sum(result.model.values())
    (3, 'sat', 3)
    """
    # A fresh context: the optimum found among ties (the witness) then depends
    # only on this query, not on what other queries the process ran before.
    ctx = z3.Context()
    opt = z3.Optimize(ctx=ctx)
    opt.set("timeout", timeout_ms)
    opt.add(*[c.translate(ctx) for c in constraints])
    objective = objective.translate(ctx)
    handle = opt.maximize(objective)
    start = time.perf_counter()
    answer = opt.check()
    seconds = time.perf_counter() - start
    if answer == z3.sat:
        value = opt.model().eval(handle.value() if hasattr(handle, "value") else objective, model_completion=True)
        return SolverResult("sat", model_values(opt.model()), seconds=seconds), int(str(value))
    if answer == z3.unsat:
        return SolverResult("unsat", seconds=seconds), None
    return SolverResult("unknown", reason=opt.reason_unknown(), seconds=seconds), None
