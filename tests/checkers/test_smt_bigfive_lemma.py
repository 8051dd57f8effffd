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


@pytest.mark.parametrize("shared", [False, True])
def test_shared_trials_shrink_to_a_minimal_core(shared: bool) -> None:
    x = z3.Int("x")
    rules = [("R-1", x < 0), ("R-2", x < 5), ("R-3", x < -3), ("R-4", x > 10)]
    result, _ = solve_rules([x > 0], rules, shared_trials=shared)
    assert result.verdict == "unsat" and result.core == ("R-1",)
    both, _ = solve_rules([], [("P", x > 2), ("Q", x > 1), ("S", x < 2)], entailed=[("Q", ("P",))],
                          shared_trials=shared)
    assert both.core == ("P", "S")


def test_trials_in_their_own_logic_keep_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """BF-F-1 shrinks its core in z3's finite-domain solver (trial_logic) after a first check in the default
    one: the same core, and only the trials' solver is the finite-domain one."""
    x = z3.Int("x")
    rules = [("R-1", x < 0), ("R-2", x < 5), ("R-3", x < -3), ("R-4", x > 10)]
    made: list[tuple[str, Any]] = []
    real = enc.TrackedSolver

    def tracked(budget: str = "default", **kwargs: Any) -> Any:
        made.append((budget, kwargs.get("logic")))
        return real(budget, **kwargs)

    monkeypatch.setattr(enc, "TrackedSolver", tracked)
    result, _ = solve_rules([x > 0, x <= 20], rules, shared_trials=True, trial_logic="QF_FD")
    assert result.verdict == "unsat" and result.core == ("R-1",)
    assert made == [("bigfive.rules", None), ("bigfive.rules-trial", "QF_FD")]


@pytest.mark.slow
def test_shared_trials_keep_bf_f8_core() -> None:
    """BF-F-8's question with a solver per trial and with one shared solver: the same minimal core."""
    from ruleproof.checkers.smt.bigfive import NO_PLAY_BOARD, NO_PLAY_HAND
    from ruleproof.spec.bigfive import parse_card, parse_move

    board = {p.cell: p.card for p in parse_move("play " + NO_PLAY_BOARD).placed}  # type: ignore[union-attr]
    near = enc.near_cells(board)
    frame = Frame(set(board) | near, near, limit=5, board=board)
    rules = frame.rules([parse_card(c) for c in NO_PLAY_HAND])
    cores = {shared: solve_rules(frame.domain(), rules, budget="bigfive.any-play", shared_trials=shared)[0].core
             for shared in (False, True)}
    assert cores[False] == cores[True] == ("BF-LINE-1", "BF-LINE-2", "BF-LINE-3", "BF-LINE-4", "BF-PLAY-1",
                                           "BF-PLAY-2")
