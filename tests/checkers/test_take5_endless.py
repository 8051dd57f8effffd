"""Take 5 under numbers whose rows can keep a whole round's cards: WF-T5-1 is a defect with a witness (issue 31).

Four rows of five keep 20 cards; with hands of eight two players are dealt 20 (16 in hands, 4 starting the rows),
so a round can end with nothing taken, every total stays 0 and the same deal may come again. The length bound's
Z3 step query is satisfiable there; the answer is the constructed round, replayed by the engine, not "unknown".
"""

from __future__ import annotations

import functools

import pytest

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.smt.take5_round import quiet_round
from ruleproof.model.io.readings import reading_from_flags
from ruleproof.model.take5 import GAME
from ruleproof.spec.take5 import Take5Variant, compute_totals


@functools.cache
def termination(*flags: str) -> Finding:
    question = next(q for q in questions("take5") if q.id == "WF-T5-1")
    return question.ask(reading=reading_from_flags("take5", list(flags)))


@pytest.mark.parametrize("flags", [("hand_size=8",), ("rows=5",), ("row_capacity=6",)])
def test_a_round_without_takes_is_the_witness(flags: tuple[str, ...]) -> None:
    found = termination(*flags)
    assert found.verdict == "sat" and "no card taken" in found.answer, found.answer
    w = found.witness
    variant = reading_from_flags("take5", list(flags)).variant
    moves = [GAME.parse_move(m) for m in w["moves"]]
    dealt = len(moves) - w["repeat"]
    first = GAME.replay(w["players"], variant, moves[:dealt])
    after_round = GAME.replay(w["players"], variant, moves[: w["repeat"]])
    again = GAME.replay(w["players"], variant, moves)
    assert compute_totals(after_round) == (0,) * w["players"] and not after_round.finished
    assert again.round == first.round + 1 and again._replace(round=first.round) == first


def test_the_rulebook_s_numbers_keep_their_proof() -> None:
    """Four rows of five and hands of ten: at least 10n - 16 bullheads a round, the bound is proved."""
    assert quiet_round(Take5Variant(), 2) is None
    found = termination("row_capacity=4")
    assert found.verdict == "unsat" and found.method == "z3+exhaustive", found.answer


def test_the_quiet_round_fits_every_row() -> None:
    """The plan can fail: one card more than the rows keep and there is no quiet round."""
    plan = quiet_round(Take5Variant(hand_size=8), 2)
    assert plan is not None and len(plan.starts) == 4 and all(len(h) == 8 for h in plan.hands)
    assert quiet_round(Take5Variant(hand_size=8, row_capacity=4), 2) is None  # 16 cards, rows keep 12
