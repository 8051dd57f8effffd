"""A thin, typed wrapper around z3 for rule-tracked, resource-limited, three-valued queries.

Every query is bounded by z3's deterministic resource limit (``rlimit``), never
by a clock: the same query gives the same verdict on a quiet machine and on a
loaded one. A solver draws its limit from the named budgets of
:mod:`ruleproof.checkers.smt.budgets` (each calibrated against the units the
query uses) or from an explicit ``rlimit``. A query that exhausts its limit
answers ``unknown`` with the reason ``resource limit N reached``; unknown is
never a proof.

Each solver works in its own z3 context (expressions are translated into it),
so what a query costs and which model it returns do not depend on what the
process solved before; :meth:`TrackedSolver.model` translates the model back,
so callers evaluate their own expressions on it.

>>> import z3
>>> x = z3.Int("x")
>>> solver = TrackedSolver(rlimit=1_000_000)
>>> solver.add("R-POS", x > 0)
>>> solver.add("R-NEG", x < 0)
>>> result = solver.check()
>>> result.verdict, result.core, 0 < result.resources < 1_000_000
('unsat', ('R-NEG', 'R-POS'), True)
>>> solver = TrackedSolver()
>>> solver.add("R-POS", x > 3)
>>> r = solver.check()
>>> r.verdict, r.model["x"] > 3, solver.model().eval(x).as_long() == r.model["x"]
('sat', True, True)

A limit too small for the question gives up, saying so:

>>> a, b, c = z3.Ints("a b c")
>>> tiny = TrackedSolver(rlimit=500)
>>> tiny.add("R-FERMAT", a > 0, b > 0, c > 0, a * a * a + b * b * b == c * c * c)
>>> tiny.check().reason
'resource limit 500 reached'
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import z3

from ruleproof.checkers.checks.interrupt import while_running
from ruleproof.checkers.smt import capture
from ruleproof.checkers.smt.budgets import RLIMITS

# z3 answers Ctrl-C by cancelling the running query ("unknown") and swallowing the signal, so the command
# went on. Off: the signal reaches Python, which stops the query through its context's interrupt
# (while_running) and raises KeyboardInterrupt (ruleproof.checkers.checks.interrupt).
z3.set_param("ctrl_c", False)

#: z3's own words for a check stopped by its resource limit (5.x says "canceled").
_LIMIT_REASONS = ("canceled", "max. resource limit exceeded", "resource limits reached")


@dataclass(frozen=True)
class SolverResult:
    """What a query gave: ``sat`` with a model, ``unsat`` with the rule ids of
    an unsat core, or ``unknown`` with the solver's reason. Never conflate
    ``unknown`` with ``unsat``. ``resources`` is the number of z3 resource
    units the query used (deterministic for a z3 build), ``rlimit`` its limit
    (0: none)."""

    verdict: str
    model: dict[str, Any] = field(default_factory=dict)
    core: tuple[str, ...] = ()
    reason: str = ""
    seconds: float = 0.0
    resources: int = 0
    rlimit: int = 0

    @property
    def proved(self) -> bool:
        """True only for ``unsat``."""
        return self.verdict == "unsat"


#: Every check made while :func:`recording` is active: (budget name, rlimit, units used, verdict).
_RECORDS: list[list[tuple[str, int, int, str]]] = []


@contextmanager
def recording() -> Iterator[list[tuple[str, int, int, str]]]:
    """Collect ``(budget, rlimit, units used, verdict)`` for every check made
    inside the block (for calibrating the budgets).

    >>> with recording() as seen:
    ...     _ = TrackedSolver(budget="default").check()
    >>> [(name, verdict) for name, _, _, verdict in seen]
    [('default', 'sat')]
    """
    seen: list[tuple[str, int, int, str]] = []
    _RECORDS.append(seen)
    try:
        yield seen
    finally:
        _RECORDS.remove(seen)


def _note(budget: str, rlimit: int, used: int, verdict: str) -> None:
    for seen in _RECORDS:
        seen.append((budget, rlimit, used, verdict))


def units_used(statistics: Any) -> int:
    """The ``rlimit count`` of z3 statistics (cumulative over the solver's context)."""
    for key in statistics.keys():
        if key == "rlimit count":
            return int(statistics.get_key_value(key))
    return 0


def gave_up_reason(reason: str, used: int, rlimit: int) -> str:
    """z3's reason for ``unknown``, reworded when the resource limit stopped the query.

    >>> gave_up_reason("canceled", 1200, 1000), gave_up_reason("incomplete quantifiers", 10, 1000)
    ('resource limit 1000 reached', 'incomplete quantifiers')
    """
    if rlimit and (used >= rlimit or reason in _LIMIT_REASONS):
        return f"resource limit {rlimit} reached"
    return reason


def budget_rlimit(budget: str, rlimit: int | None) -> int:
    """The limit of a query: ``rlimit`` when given, else the named budget's."""
    if rlimit is not None:
        if rlimit < 1:
            raise ValueError(f"rlimit must be positive; got {rlimit!r}")
        return rlimit
    if budget not in RLIMITS:
        raise KeyError(f"no resource budget named {budget!r} (see ruleproof.checkers.smt.budgets)")
    return RLIMITS[budget]


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


class _Solver(z3.Solver):  # type: ignore[misc]
    """z3's solver (for ``logic``, or the default one), keeping the list of what is asserted in scope.

    ``record`` holds ``(rule id or None, term)`` per assertion and follows
    :meth:`push` and :meth:`pop`, so a captured query
    (:mod:`ruleproof.checkers.smt.capture`) is what the check saw, also for
    z3's finite-domain solver, whose ``assertions()`` is empty.
    """

    def __init__(self, logic: str | None, ctx: z3.Context) -> None:
        native = z3.Z3_mk_solver_for_logic(ctx.ref(), z3.to_symbol(logic, ctx)) if logic else None
        super().__init__(native, ctx)
        self.record: list[tuple[str | None, Any]] = []
        self.marks: list[int] = []

    def push(self) -> None:
        super().push()
        self.marks.append(len(self.record))

    def pop(self, num: int = 1) -> None:
        super().pop(num)
        for _ in range(num):
            del self.record[self.marks.pop():]

    def reset(self) -> None:
        super().reset()
        self.record.clear()
        self.marks.clear()


class TrackedSolver:
    """A solver whose assertions are named by rule ids, bounded by a resource limit.

    Several assertions may share a rule id; the core reports each id once.
    Untracked background facts (domains, encodings) go through
    :meth:`add_fact` and never appear in cores. ``budget`` names the query's
    limit in :data:`~ruleproof.checkers.smt.budgets.RLIMITS`; ``rlimit``
    overrides it. The limit holds for each :meth:`check` separately
    (:meth:`set_budget` changes it between checks). ``logic`` picks z3's
    solver for that logic (``"QF_FD"``: the finite-domain SAT solver, for
    queries over Booleans and cardinality constraints only). ``solver`` is the z3
    solver (push, pop, options); expressions go through :meth:`add`,
    :meth:`add_fact` and :meth:`check`, which translate them into its context
    (expressions built in ``ctx`` itself are taken as they are).
    """

    def __init__(self, budget: str = "default", *, rlimit: int | None = None, logic: str | None = None) -> None:
        self.ctx = z3.Context()
        self.logic = logic
        self.solver = _Solver(logic, self.ctx)
        self.budget, self.rlimit = budget, 0
        self.set_budget(budget, rlimit)
        self._labels: dict[str, str] = {}
        self._count = 0

    def set_budget(self, budget: str, rlimit: int | None = None) -> None:
        """Bound the following checks by ``budget``'s limit (or ``rlimit``) each."""
        self.budget, self.rlimit = budget, budget_rlimit(budget, rlimit)
        self.solver.set("rlimit", self.rlimit)

    def _here(self, constraint: Any) -> Any:
        if isinstance(constraint, z3.AstRef):
            return constraint if constraint.ctx == self.ctx else constraint.translate(self.ctx)
        return z3.BoolVal(constraint, self.ctx)

    def add(self, rule_id: str, *constraints: Any) -> None:
        """Assert constraints on behalf of ``rule_id``."""
        for constraint in constraints:
            self._count += 1
            label = f"{rule_id}#{self._count}"
            self._labels[label] = rule_id
            term = self._here(constraint)
            self.solver.assert_and_track(term, z3.Bool(label, self.ctx))
            self.solver.record.append((rule_id, term))

    def add_fact(self, *constraints: Any) -> None:
        """Assert background constraints that are not rules."""
        terms = [self._here(c) for c in constraints]
        self.solver.add(*terms)
        self.solver.record.extend((None, t) for t in terms)

    def check(self, *assumptions: Any, values: bool = True) -> SolverResult:
        """Run the query within the resource limit.

        :param values: give a ``sat`` result the model's values (``values=False``
            leaves them out, for a caller that only wants the verdict; :meth:`model`
            still gives the model).
        """
        before = units_used(self.solver.statistics())
        literals = [self._here(a) for a in assumptions]
        start = time.perf_counter()
        with while_running(self.ctx.interrupt):  # one Ctrl-C stops the query (see set_param ctrl_c above)
            answer = self.solver.check(*literals)
        seconds = time.perf_counter() - start
        used = units_used(self.solver.statistics()) - before
        _note(self.budget, self.rlimit, used, str(answer))
        if capture.active():
            self._capture(literals, str(answer), used)
        if answer == z3.sat:
            found = {k: v for k, v in model_values(self.solver.model()).items() if k not in self._labels} \
                if values else {}
            return SolverResult("sat", found, seconds=seconds, resources=used, rlimit=self.rlimit)
        if answer == z3.unsat:
            core = sorted({self._labels[str(c)] for c in self.solver.unsat_core() if str(c) in self._labels})
            return SolverResult("unsat", core=tuple(core), seconds=seconds, resources=used, rlimit=self.rlimit)
        reason = gave_up_reason(self.solver.reason_unknown(), used, self.rlimit)
        return SolverResult("unknown", reason=reason, seconds=seconds, resources=used, rlimit=self.rlimit)

    def _capture(self, literals: list[Any], verdict: str, used: int) -> None:
        core = tuple(sorted({self._labels[str(c)] for c in self.solver.unsat_core() if str(c) in self._labels})) \
            if verdict == "unsat" else ()
        capture.note(capture.Query(
            tracked=tuple((r, t) for r, t in self.solver.record if r is not None),
            facts=tuple(t for r, t in self.solver.record if r is None), assumptions=tuple(literals),
            verdict=verdict, budget=self.budget, rlimit=self.rlimit, units=used, logic=self.logic, core=core))

    def model(self) -> z3.ModelRef:
        """The last model (after a ``sat`` answer), in the main z3 context."""
        return self.solver.model().translate(z3.main_ctx())


def maximize(objective: Any, constraints: list[Any], budget: str = "default", *,
             rlimit: int | None = None) -> tuple[SolverResult, int | None]:
    """Maximise an integer objective within a resource limit; returns the result and the optimum.

    The optimum counts as proved only when z3 reports ``sat`` for the
    optimisation (it then also proved that nothing larger is feasible). The
    query runs in its own z3 context, so the model returned (among equally
    good ones) is the same whatever the process solved before.

    >>> x, y = z3.Int("x"), z3.Int("y")
    >>> result, best = maximize(x + y, [x >= 0, y >= 0, x + y <= 3])
    >>> best, result.verdict, sum(result.model.values())
    (3, 'sat', 3)
    """
    limit = budget_rlimit(budget, rlimit)
    # A fresh context: the optimum found among ties (the witness) then depends
    # only on this query, not on what other queries the process ran before.
    ctx = z3.Context()
    opt = z3.Optimize(ctx=ctx)
    opt.set("rlimit", limit)
    opt.add(*[c.translate(ctx) for c in constraints])
    objective = objective.translate(ctx)
    handle = opt.maximize(objective)
    before = units_used(opt.statistics())
    start = time.perf_counter()
    with while_running(ctx.interrupt):
        answer = opt.check()
    seconds = time.perf_counter() - start
    used = units_used(opt.statistics()) - before
    _note(budget, limit, used, str(answer))
    if answer == z3.sat:
        value = opt.model().eval(handle.value() if hasattr(handle, "value") else objective, model_completion=True)
        if capture.active():  # the optimum's proof: nothing larger is feasible
            capture.note(capture.Query((), (*opt.assertions(), objective > value), (), "unsat", "bound", budget,
                                       limit, used, optimum=int(str(value))))
        return SolverResult("sat", model_values(opt.model()), seconds=seconds, resources=used,
                            rlimit=limit), int(str(value))
    if capture.active():
        capture.note(capture.Query((), tuple(opt.assertions()), (), str(answer), "check", budget, limit, used))
    if answer == z3.unsat:
        return SolverResult("unsat", seconds=seconds, resources=used, rlimit=limit), None
    reason = gave_up_reason(opt.reason_unknown(), used, limit)
    return SolverResult("unknown", reason=reason, seconds=seconds, resources=used, rlimit=limit), None


def upper_bound(term: Any) -> int | None:
    """A bound no value of the integer ``term`` exceeds, read off its shape: constants, sums and
    if-then-else (the larger branch); ``None`` for any other term.

    >>> x = z3.Int("x")
    >>> upper_bound(z3.If(x > 0, 2, 0) + z3.If(x > 5, 1, z3.If(x < 0, 3, 0)) + 1), upper_bound(x + 1)
    (6, None)
    """
    if z3.is_int_value(term):
        return int(term.as_long())
    if z3.is_add(term) or z3.is_app_of(term, z3.Z3_OP_ITE):
        parts = [upper_bound(c) for c in term.children()[1:]] if z3.is_app_of(term, z3.Z3_OP_ITE) else \
            [upper_bound(c) for c in term.children()]
        if any(p is None for p in parts):
            return None
        values = [p for p in parts if p is not None]
        return max(values) if z3.is_app_of(term, z3.Z3_OP_ITE) else sum(values)
    return None


def maximize_from_above(objective: Any, constraints: list[Any], budget: str = "default", *,
                        rlimit: int | None = None, steps: int = 16) -> tuple[SolverResult, int | None]:
    """Maximise an integer objective by asking "objective >= k?" for k from
    :func:`upper_bound` down: the first ``sat`` is the optimum, proved by the
    ``unsat`` answer for k + 1 (or by the bound itself when k is the bound).
    The bound itself is asked only when the value below it is reached (an
    ``unsat`` below it rules it out as well).
    When the objective has no such bound, or the optimum lies more than
    ``steps`` below it, :func:`maximize` (z3's Optimize) answers instead.

    Every check is bounded by the budget's limit; one ``unknown`` makes the
    result ``unknown`` (no optimum is claimed). Resources and seconds are
    summed over the checks. When the optimum is near the bound this costs a
    few decision checks instead of Optimize's climb from below (Big Five's
    bonus: about 2 million units instead of 12 to 23 million).

    >>> x, y = z3.Int("x"), z3.Int("y")
    >>> result, best = maximize_from_above(z3.If(x > 2, 3, 0) + z3.If(y > x, 2, 0), [x >= 0, y >= 0, x + y <= 5])
    >>> best, result.verdict
    (3, 'sat')
    """
    top = upper_bound(objective)
    if top is None:
        return maximize(objective, constraints, budget, rlimit=rlimit)
    seconds, units, limit = 0.0, 0, budget_rlimit(budget, rlimit)
    # The bound itself is asked only after a sat for the value below it: an unsat there rules the bound
    # out too, which saves a check whenever the optimum lies two or more below it (Big Five's bonus).
    below: SolverResult | None = None  # the sat answer for top - 1 while the bound itself is asked
    k = top - 1 if steps > 1 else top
    while k > top - steps:
        # A fresh solver per bound: z3 decided Big Five's bonus bounds 4-10 times faster than after push/pop.
        solver = TrackedSolver(budget, rlimit=rlimit)
        solver.add_fact(*constraints, objective >= k)
        result = solver.check()
        seconds, units = seconds + result.seconds, units + result.resources
        if result.verdict == "unknown":
            return SolverResult("unknown", reason=result.reason, seconds=seconds, resources=units, rlimit=limit), None
        if result.verdict == "sat" and k == top - 1:
            below, k = result, top
            continue
        if result.verdict == "sat":
            return SolverResult("sat", result.model, seconds=seconds, resources=units, rlimit=limit), k
        if below is not None:  # the bound is not reached, the value below it is
            return SolverResult("sat", below.model, seconds=seconds, resources=units, rlimit=limit), top - 1
        k -= 1
    return maximize(objective, constraints, budget, rlimit=rlimit)
