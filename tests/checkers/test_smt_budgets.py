"""Solver verdicts do not depend on machine load: every z3 check is bounded by a
deterministic resource limit (checkers/smt/budgets.py), never by a clock."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.smt import budgets
from ruleproof.checkers.smt.core import recording

ROOT = Path(__file__).resolve().parents[2]
CHECKERS = ROOT / "checkers"
GAMES = ("take5", "bigpoints", "ikebana", "bigfive", "cinco")
#: A budget named where a solver is made: TrackedSolver("x"), maximize(..., "x") or maximize_from_above(..., "x"),
#: set_budget("x"), budget="x".
_NAMED = re.compile(r'(?:TrackedSolver\(|set_budget\(|budget(?:: str)? ?= ?|maximize(?:_from_above)?\([^\n]*,\s*)"([A-Za-z0-9.\-]+)"')


def _question(fid: str) -> object:
    game = {"T5": "take5", "CI": "cinco", "BF": "bigfive", "BP": "bigpoints", "IK": "ikebana"}[fid.split("-")[0]]
    return next(q for q in questions(game) if q.id == fid)


def _run(fid: str) -> tuple[str, list[tuple[str, int, int, str]]]:
    with recording() as seen:
        finding = _question(fid).answer(False)  # type: ignore[attr-defined]
    return finding.verdict, list(seen)


def test_no_wall_clock_limit_in_the_checkers() -> None:
    offenders = []
    for path in CHECKERS.rglob("*.py"):
        text = path.read_text("utf-8")
        for pattern in (r'set\(\s*["\']timeout["\']', r"\btimeout_ms\b", r'set_param\(\s*["\']timeout'):
            offenders += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert not offenders, offenders


def test_every_named_budget_exists_and_is_used() -> None:
    used = set()
    for path in (CHECKERS / "smt").glob("*.py"):
        used |= set(_NAMED.findall(path.read_text("utf-8")))
    assert used, "no budget names found: the pattern is stale"
    assert used <= set(budgets.RLIMITS), used - set(budgets.RLIMITS)
    assert set(budgets.RLIMITS) == used, set(budgets.RLIMITS) - used


def test_every_budget_keeps_a_wide_margin() -> None:
    for name, (limit, measured) in budgets.BUDGETS.items():
        assert limit >= 5 * measured and limit >= 1_000_000, (name, limit, measured)
        assert name in budgets.__doc__, f"{name} is missing from the table in the module docstring"


def test_the_same_query_twice_gives_the_same_verdict_and_units() -> None:
    # T5-F-7 (a proof, one check) and T5-F-5 (Optimize): the second run follows the first in the same
    # process, and each solver has its own context, so not even the history changes the count.
    for fid in ("T5-F-7", "T5-F-5"):
        first, second = _run(fid), _run(fid)
        assert first == second and first[1] and first[0] in ("sat", "unsat"), (fid, first, second)
        assert all(used * 5 <= limit for _, limit, used, _ in first[1]), first


def test_a_tiny_limit_gives_unknown_never_a_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(budgets.RLIMITS, "T5-F-7", 1_000)
    proof = _question("T5-F-7").answer(False)  # type: ignore[attr-defined]
    assert proof.verdict == "unknown" and proof.audit_verdict == "unknown"
    assert proof.reason == "resource limit 1000 reached" and "resource limit 1000 reached" in proof.summary()
    monkeypatch.setitem(budgets.RLIMITS, "T5-F-5", 1_000)
    optimum = _question("T5-F-5").answer(False)  # type: ignore[attr-defined]
    assert optimum.verdict == "unknown" and optimum.reason == "resource limit 1000 reached"


def test_a_busy_machine_gives_the_same_verdict() -> None:
    # One CPU-burning process per core runs for the whole query; with no clock deciding anything the
    # verdict and the resource units are those of the quiet run.
    quiet = _run("T5-F-7")
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        busy = _run("T5-F-7")
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    assert busy == quiet and quiet[0] == "unsat"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_budgets_keep_their_margin_over_the_catalogue(game: str) -> None:
    # The calibration: every check of the quick catalogue stays within a third of its limit, and every
    # verdict is the manifest's. Run with -s to print the units each query uses.
    largest: dict[str, int] = {}
    for question in questions(game):
        with recording() as seen:
            finding = question.answer(False)
        assert finding.audit_verdict == "pass", finding.summary()
        for name, limit, used, verdict in seen:
            if verdict == "unknown":
                assert name == "bigfive.rules-trial", (question.id, name, used)  # a trial may give up
                continue
            largest[name] = max(largest.get(name, 0), used)
            assert used * 3 <= limit, (question.id, name, used, limit)
    for name, used in sorted(largest.items()):
        print(f"{game}: {name:24s} {used:>13,d} of {budgets.RLIMITS[name]:>13,d}")
