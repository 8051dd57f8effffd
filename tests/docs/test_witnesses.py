"""Witnesses are deterministic: the site, the CLI and ``audit --json`` show the same one.

A Z3 witness (a model among equally good ones) must not depend on what else
the process solved before: the docs build answers every game's catalogue in
one process, ``ruleproof audit --game take5`` only one. T5-F-5 (the five
richest cards of a row) has many optimal answers and once showed different
card sets on the site and in the terminal.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

_ANSWER = """
import json, sys
from ruleproof.checkers.catalogue.questions import questions
if sys.argv[1] == "after-other-work":
    import z3
    xs = [z3.Int(f"x{i}") for i in range(200)]
    s = z3.Solver(); s.add(z3.Sum(xs) == 77, *[x >= 0 for x in xs]); s.check()
    o = z3.Optimize(); ys = [z3.Int(f"y{i}") for i in range(30)]
    o.add(*[z3.And(y > 0, y < 50) for y in ys]); o.maximize(z3.Sum(ys)); o.check()
question = {q.id: q for q in questions("take5")}["T5-F-5"]
print(json.dumps(question.answer(False).witness, sort_keys=True))
"""


def _witness(mode: str) -> Any:
    proc = subprocess.run([sys.executable, "-c", _ANSWER, mode], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_a_z3_witness_does_not_depend_on_earlier_queries() -> None:
    fresh = _witness("fresh")
    assert fresh["row"] == [55, 66, 77, 88, 99]
    assert _witness("after-other-work") == fresh


def test_the_site_shows_the_witnesses_of_audit_json(published: dict[str, Any]) -> None:
    """``ruleproof audit take5 --json`` gives every Take 5 finding the witness the site shows.

    Only the findings are audited (``--check finding``): the other checks' rows carry no witness.
    """
    proc = subprocess.run([sys.executable, "-m", "ruleproof.checkers.cli.main", "audit", "take5", "--json",
                           "--check", "finding"],
                          capture_output=True, text=True)
    assert proc.returncode in (0, 1), proc.stderr
    # JSON Lines: one ruleproof.audit-row document per check (the check under "row"), then the summary.
    documents = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    rows = [d["row"] for d in documents if d.get("format") == "ruleproof.audit-row"]
    audit = {r["data"]["id"]: r["data"]["witness"] for r in rows if r.get("check") == "finding"}
    site = {k: v["witness"] for k, v in published["take5"]["findings"].items()}
    assert sorted(audit) == sorted(site)
    for finding_id, witness in site.items():
        assert json.loads(json.dumps(audit[finding_id])) == witness, f"{finding_id}: the site and the CLI differ"
