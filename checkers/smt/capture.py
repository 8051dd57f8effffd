"""Every solver question as it was put: captured where all of them pass, in :mod:`~ruleproof.checkers.smt.core`.

While :func:`capturing` is active, each check of a
:class:`~ruleproof.checkers.smt.core.TrackedSolver` and each optimisation of
:func:`~ruleproof.checkers.smt.core.maximize` leaves a :class:`Query`: the
solver's assertions at that moment (rule-tracked ones with their rule id,
background facts without), the check's assumptions, z3's verdict and the
budget it ran under. An optimum becomes the question that proves it: the
constraints with "objective > optimum", which z3's optimum claims is
``unsat`` (``kind="bound"``). The terms stay z3 terms (in the query's own
context); :mod:`ruleproof.checkers.smt.smtlib` writes them as SMT-LIB 2, and
:mod:`ruleproof.checkers.smt.crosscheck` has a second solver re-decide them.

Outside :func:`capturing` nothing is kept beyond what the solver keeps
anyway (a list of references to its assertions), so capturing costs the
catalogue nothing when it is off.

>>> import z3
>>> from ruleproof.checkers.smt.core import TrackedSolver
>>> x = z3.Int("x")
>>> with capturing() as seen:
...     solver = TrackedSolver()
...     solver.add_fact(x >= 0)
...     solver.add("R-NEG", x < 0)
...     _ = solver.check()
>>> [(q.verdict, q.kind, [rule for rule, _ in q.tracked], len(q.facts)) for q in seen]
[('unsat', 'check', ['R-NEG'], 1)]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Query:
    """One solver question: what was asserted, what z3 answered.

    :param tracked: ``(rule id, term)`` for each assertion made on behalf of a rule.
    :param facts: the background terms (no rule id).
    :param assumptions: the literals the check assumed (``check-sat-assuming``).
    :param verdict: z3's verdict (``sat``, ``unsat`` or ``unknown``); for a
        ``bound`` query the verdict z3's optimum implies (``unsat``).
    :param kind: ``check`` (a decision question as asked) or ``bound`` (the
        constraints of an optimisation with "objective > optimum").
    :param budget: the budget name of :mod:`ruleproof.checkers.smt.budgets`.
    :param rlimit: z3's resource limit for the check; ``units`` what it used.
    :param logic: the z3 solver's logic (``None``: z3's default solver).
    :param optimum: the optimum a ``bound`` query is about.
    :param core: z3's unsat core (rule ids) of an ``unsat`` check.
    """

    tracked: tuple[tuple[str, Any], ...]
    facts: tuple[Any, ...]
    assumptions: tuple[Any, ...]
    verdict: str
    kind: str = "check"
    budget: str = "default"
    rlimit: int = 0
    units: int = 0
    logic: str | None = None
    optimum: int | None = None
    core: tuple[str, ...] = ()

    @property
    def claims_unsat(self) -> bool:
        """Whether z3's answer rests on this question being ``unsat`` (a proof a second solver should confirm)."""
        return self.verdict == "unsat"


#: The capture lists open while :func:`capturing` blocks run (innermost last).
_CAPTURES: list[list[Query]] = []


def active() -> bool:
    """Whether some :func:`capturing` block is open (the solver wrappers ask before building a :class:`Query`)."""
    return bool(_CAPTURES)


def note(query: Query) -> None:
    """Give ``query`` to every open :func:`capturing` block."""
    for seen in _CAPTURES:
        seen.append(query)


@contextmanager
def capturing() -> Iterator[list[Query]]:
    """Collect a :class:`Query` for every solver check and optimum inside the block, in the order asked.

    Blocks nest: an inner block's queries are in the outer one's list too.
    """
    seen: list[Query] = []
    _CAPTURES.append(seen)
    try:
        yield seen
    finally:
        _CAPTURES.remove(seen)
