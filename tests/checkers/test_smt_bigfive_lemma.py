"""BF-F-1's lemma (BF-LINE-3 and BF-LINE-4 imply BF-LINE-5) and how solve_rules uses a proved entailment."""

from __future__ import annotations

from typing import Any

import pytest
import z3

from ruleproof.checkers.smt import bigfive_encoding as enc
from ruleproof.checkers.smt.bigfive_encoding import Frame, comb_frame, line_five_follows, solve_rules
from ruleproof.checkers.smt.core import recording


@pytest.mark.rule("BF-LINE-3", "BF-LINE-4", "BF-LINE-5")
def test_the_lemma_holds_on_the_comb_with_one_shape() -> None:
    result, shapes = line_five_follows(comb_frame(prefix="lemma_test"))
    assert result.verdict == "unsat" and shapes == 1
    assert 0 < result.resources < result.rlimit


@pytest.mark.rule("BF-LINE-3", "BF-LINE-4", "BF-LINE-5")
def test_the_lemma_fails_when_distinctness_is_not_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted bug: BF-LINE-4 that checks nothing no longer implies BF-LINE-5 (six cards of one colour fit)."""
    honest = Frame.line_valid

    def no_distinct(self: Frame, c: Any, d: Any) -> tuple[Any, Any, Any]:
        uniform, _, short = honest(self, c, d)
        return uniform, z3.BoolVal(True), short

    monkeypatch.setattr(Frame, "line_valid", no_distinct)
    result, _ = line_five_follows(comb_frame(prefix="lemma_bug"))
    assert result.verdict == "sat"


def test_the_lemma_fails_for_lines_of_four(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lemma is the pigeonhole principle: five cards of one colour can all differ, so "at most four" fails."""
    monkeypatch.setattr(enc, "MAX_LINE", 4)
    result, _ = line_five_follows(comb_frame(prefix="lemma_four"))
    assert result.verdict == "sat"


def test_an_entailed_rule_is_not_tried_and_enters_as_facts() -> None:
    x = z3.Int("x")
    rules = [("P", x > 2), ("Q", x > 1), ("S", x < 2)]
    with recording() as honest:
        result, _ = solve_rules([], rules, entailed=[("Q", ("P",))])
    assert result.verdict == "unsat" and result.core == ("P", "S")
    # A false "lemma" is trusted (the caller must prove it): S is then dropped without a check.
    with recording() as trusted:
        wrong, _ = solve_rules([], [("P", x > 2), ("S", x < 2)], entailed=[("S", ("P",))])
    assert wrong.core == ("P",)
    assert len(trusted) == 2 and len(honest) >= 2  # the first check and the trial dropping P; none for S


def test_bf_f1_core_is_the_minimal_one_with_the_lemma() -> None:
    from ruleproof.checkers.smt.bigfive import q_invariant

    with recording() as seen:
        finding = q_invariant(False)
    assert finding.verdict == "unsat"
    assert finding.witness["core"] == ["BF-LINE-3", "BF-LINE-4"] and finding.witness["lemma"] == "unsat"
    assert "BF-LINE-5 follows" in finding.answer
    assert all(verdict != "unknown" for _, _, _, verdict in seen)  # no trial gives up any more
