"""The second solver: cvc5 re-decides an exported SMT-LIB 2 file under a deterministic resource limit.

cvc5 (PyPI ``cvc5``, the ``cvc5`` extra of ruleproof) is developed apart
from z3 (other people, other code, other algorithms), so when both say
``unsat`` a proof no longer rests on one program. It reads the very file
:mod:`ruleproof.checkers.smt.smtlib` writes (its own SMT-LIB parser,
``cvc5.InputParser``), not z3's terms, so the file that is published is the
file that is checked.

Every check is bounded by cvc5's resource limit (the option ``rlimit-per``:
resource units per check, counted by cvc5's own steps), never by a clock:
the same file gives the same verdict on a quiet and on a busy machine. A
check that runs out answers ``unknown`` (``resource limit N reached``):
"not confirmed", never agreement. :data:`CVC5_RLIMITS` holds the limit of
each budget (the z3 budget names of :mod:`ruleproof.checkers.smt.budgets`),
calibrated like z3's (about ten times the largest count measured, at least
1,000,000).

>>> text = "(set-logic QF_LIA)(declare-fun x () Int)(assert (! (> x 0) :named R-POS.1))(assert (< x 0))(check-sat)"
>>> result = cvc5_decide(text, {"R-POS.1": "R-POS"}, rlimit=1_000_000)
>>> result.verdict, result.core, 0 < result.resources < 1_000_000
('unsat', ('R-POS',), True)
>>> cvc5_decide("(set-logic QF_LIA)(declare-fun x () Int)(assert (> x 0))(check-sat)").verdict
'sat'
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from typing import Any

from ruleproof.checkers.smt.core import SolverResult

#: The name the cross-check gives the second solver in its rows.
SOLVER_NAME = "cvc5"

#: The limit of a budget with no entry below (cvc5 resource units per check).
DEFAULT_CVC5_RLIMIT = 50_000_000

#: cvc5's limit per check for the queries of each z3 budget: (limit, largest units measured for one check).
#: Measured with cvc5 1.4.2 (non-incremental, no unsat cores: as the cross-check runs it) on every unsat query
#: and optimum bound of the quick catalogue; the limit is about ten times that, at least 1,000,000. Recalibrate
#: with ``pytest -m slow tests/checkers/test_smt_crosscheck.py -s``, which prints the units each budget's
#: queries use and fails when one comes within a factor of three of its limit.
CVC5_BUDGETS: dict[str, tuple[int, int]] = {
    "T5-F-1": (1_000_000, 2_834),
    "T5-F-3": (1_000_000, 5_456),
    "T5-F-5": (1_000_000, 12_695),
    "T5-F-7": (1_000_000, 24_406),
    "wellformed.ranking": (1_000_000, 1_311),
    "ikebana.bouquets": (2_000_000, 117_365),
    "IK-F-5": (1_000_000, 573),
    "bigpoints.invariant": (1_000_000, 469),
    "bigpoints.gap": (1_000_000, 1_167),
    "bigpoints.lower": (1_000_000, 247),
    "bigpoints.length": (1_000_000, 1_665),
    "bigpoints.score": (1_000_000, 15_618),
    "BF-F-1": (6_000_000, 542_235),
    "bigfive.rules": (8_000_000, 729_952),
    "bigfive.rules-trial": (11_000_000, 1_070_143),
    "bigfive.line5-lemma": (7_000_000, 694_031),
    "bigfive.any-play": (6_000_000, 516_039),
    "bigfive.bonus": (3_000_000, 248_465),
    "bigfive.dead": (28_000_000, 2_762_758),  # BF-F-5's full form: 7x7 with the lemma and mirrors
    "bigfive.dead-occupancy": (600_000_000, 58_010_278),  # BF-F-5's full form: 11x14 (all 68 boxes: 346M, 680 s)
    "bigfive.leftover": (1_000_000, 3_847),
    "cinco.count-types": (1_000_000, 8_309),
    "cinco.nonterm-count": (1_000_000, 283),
}

#: The limit of each budget.
CVC5_RLIMITS: dict[str, int] = {name: limit for name, (limit, _) in CVC5_BUDGETS.items()}


class SecondSolverMissing(RuntimeError):
    """cvc5 is not installed (``pip install 'ruleproof[cvc5]'``)."""


def _cvc5() -> Any:
    try:
        import cvc5
    except ImportError as exc:
        raise SecondSolverMissing("the second solver cvc5 is not installed: pip install 'ruleproof[cvc5]' "
                                  "(or pip install cvc5)") from exc
    return cvc5


def available() -> bool:
    """Whether cvc5 can be imported."""
    try:
        _cvc5()
    except SecondSolverMissing:
        return False
    return True


def version() -> str:
    """cvc5's version (``cvc5 1.4.2``), or why it is missing."""
    try:
        return f"{SOLVER_NAME} {_cvc5().__version__}"
    except SecondSolverMissing:
        return f"{SOLVER_NAME} (not installed)"


def cvc5_rlimit(budget: str) -> int:
    """cvc5's limit for the queries of z3 budget ``budget`` (:data:`DEFAULT_CVC5_RLIMIT` when it has no entry)."""
    return CVC5_RLIMITS.get(budget, DEFAULT_CVC5_RLIMIT)


def _units(solver: Any) -> int:
    stats = solver.getStatistics()
    try:
        return int(stats["resource::resourceUnitsUsed"]["value"])
    except (KeyError, TypeError):
        return 0


def cvc5_decide(text: str, names: Mapping[str, str] | None = None, *, rlimit: int = DEFAULT_CVC5_RLIMIT,
                cores: bool = True) -> SolverResult:
    """Decide the SMT-LIB 2 script ``text`` with cvc5 within ``rlimit`` resource units (per check).

    The script's commands run in order up to its first ``check-sat`` (or
    ``check-sat-assuming``), whose answer is the verdict. For ``unsat`` with
    ``cores``, the core's ``:named`` assertions are mapped to rule ids by
    ``names`` (SMT-LIB name → rule id; unnamed or unknown names are left out).
    A script cvc5 cannot read answers ``unknown`` with cvc5's message:
    not confirmed, never a verdict.
    """
    cvc5 = _cvc5()
    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("rlimit-per", str(rlimit))
    # One check per file: cvc5's non-incremental mode (half the units and time on Big Five's BF-F-1 trials).
    solver.setOption("incremental", "false")
    solver.setOption("produce-unsat-cores", "true" if cores else "false")
    symbols = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(solver, symbols)
    start = time.perf_counter()
    answer = ""
    try:
        parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "ruleproof-export")
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            name = command.getCommandName()
            if name == "set-option" and not cores and "produce-unsat" in str(command):
                continue
            if name == "set-info" and ":status" in str(command):
                continue  # the file's claim; cvc5 would turn a different answer into an error, not a verdict
            out = command.invoke(solver, symbols)
            if name in ("check-sat", "check-sat-assuming"):
                answer = out.strip()
                break
    except RuntimeError as exc:  # cvc5 reports parse and command errors as RuntimeError
        return SolverResult("unknown", reason=f"cvc5 could not read the file: {str(exc).strip()}",
                            seconds=time.perf_counter() - start, rlimit=rlimit)
    seconds = time.perf_counter() - start
    used = _units(solver)
    claimed = re.search(r"Expected result (\w+) but got (sat|unsat)", answer)
    if claimed:  # a :status cvc5 checked anyway: the answer it got is its verdict
        answer = claimed.group(2)
    if answer == "unsat":
        core: tuple[str, ...] = ()
        if cores and names:
            named = {str(term): name for term, name in symbols.getNamedTerms().items()}
            core = tuple(sorted({names[named[str(t)]] for t in solver.getUnsatCore()
                                 if str(t) in named and named[str(t)] in names}))
        return SolverResult("unsat", core=core, seconds=seconds, resources=used, rlimit=rlimit)
    if answer == "sat":
        return SolverResult("sat", seconds=seconds, resources=used, rlimit=rlimit)
    reason = answer or "no check-sat in the file"
    if answer == "unknown":
        reason = _reason_unknown(solver)
    if used >= rlimit or "resource" in reason.lower():
        reason = f"resource limit {rlimit} reached"
    return SolverResult("unknown", reason=reason, seconds=seconds, resources=used, rlimit=rlimit)


def _reason_unknown(solver: Any) -> str:
    try:
        return str(solver.getInfo("reason-unknown")).strip() or "unknown"
    except RuntimeError:
        return "unknown"
