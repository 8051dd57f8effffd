"""BF-F-2 and BF-F-3's witness search: guided by the bound query's play, with the free play as fallback,
and independent of what the process solved before."""

from __future__ import annotations

import z3

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.smt import bigfive as bfq
from ruleproof.checkers.smt.bigfive_bonus import bonus_terms
from ruleproof.checkers.smt.bigfive_encoding import comb_frame, invariant_patterns
from ruleproof.checkers.smt.bigfive_replay import build_order, replay_plays
from ruleproof.checkers.smt.core import recording
from ruleproof.spec import bigfive as bf


def _answer(fid: str) -> tuple[str, object]:
    finding = next(q for q in questions("bigfive") if q.id == fid).answer(False)  # type: ignore[attr-defined]
    assert finding.verdict == "sat", finding.summary()
    return finding.answer, finding.witness


def _base(frame: object, reading: str) -> tuple[list[object], object]:
    rules = [c for _, c in frame.rules()]  # type: ignore[attr-defined]
    base = (frame.domain() + invariant_patterns(frame, True) + rules  # type: ignore[attr-defined,arg-type]
            + [frame.pl(frame.play_cells[0])])  # type: ignore[attr-defined]
    return base, bonus_terms(frame, reading)  # type: ignore[arg-type]


def test_the_answer_does_not_depend_on_what_the_process_solved_before() -> None:
    """The witness follows the bound query's model; built in z3's shared main context, that model changed
    with the terms made before (BF-F-3 after BF-F-2 found another play than BF-F-3 alone)."""
    first = _answer("BF-F-3")
    # fill the main context with the text reading's terms, as BF-F-2 made them there before
    frame = comb_frame(prefix="b")
    base, objective = _base(frame, "text")
    assert len(base) > 500 and z3.is_int(objective)
    assert _answer("BF-F-3") == first


def test_a_guide_without_a_board_falls_back_on_the_free_play() -> None:
    """A one-card play earns at most 4 (two lines of five): guided to it, a bonus of 5 has no board, and
    the free play finds one, which replays."""
    frame = comb_frame(prefix="g", ctx=z3.Context())
    base, objective = _base(frame, "text")
    values = {str(frame.pl(c)): c == frame.play_cells[0] for c in frame.play_cells}
    values |= {str(frame.pa[frame.play_cells[0]]): 0, str(frame.pc[frame.play_cells[0]]): 0}
    assert bfq.play_guide(frame, values) is not None
    with recording() as seen:
        wit, found = bfq.bonus_witness(frame, base, objective, 5, values)
    assert [(name, verdict) for name, _, _, verdict in seen] == [
        ("bigfive.bonus-guided", "unsat"), ("bigfive.bonus-witness", "sat")]
    model = wit.solver.model().translate(frame.ctx)
    board, play = frame.decode_board(model), frame.decode_play(model)
    assert len(play) > 1
    root = min(board)
    board = {(x - root[0], y - root[1]): card for (x, y), card in board.items()}
    moved = tuple(sorted(bf.Placed(p.x - root[0], p.y - root[1], p.card) for p in play))
    state, _ = replay_plays(board[(0, 0)], [p.placed for p in build_order(board)] + [moved],
                            bf.BigFiveVariant(bonus="text"))
    assert state.bonus == 5


def test_the_guide_fixes_the_models_play_and_needs_every_variable() -> None:
    frame = comb_frame(prefix="h", ctx=z3.Context())
    first = frame.play_cells[0]
    values: dict[str, object] = {str(frame.pl(c)): c == first for c in frame.play_cells}
    assert bfq.play_guide(frame, values) is None  # the played card's animal and colour are missing
    values |= {str(frame.pa[first]): 3, str(frame.pc[first]): 1}
    guide = bfq.play_guide(frame, values)
    assert guide is not None
    solver = z3.Solver(ctx=frame.ctx)
    solver.add(*frame.domain(), *guide)
    assert solver.check() == z3.sat
    model = solver.model()
    assert frame.decode_play(model) == (bf.Placed(first[0], first[1], 3 * 5 + 1),)
    assert bfq.play_guide(frame, {}) is None
