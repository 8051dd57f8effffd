"""Solver questions split into independent sub-problems (the ``search`` campaign kind).

A problem names how it splits (by board boxes, by first moves, by score
thresholds), what one sub-problem asks and how the answers combine. Every Z3
query runs under a deterministic resource limit (``rlimit``), never a clock,
so a sub-problem's verdict is the same on a loaded laptop and on a cluster;
``unknown`` (the limit was reached) is reported as such and the merged answer
is then a bound, never a proof.

``bigfive-dead`` (finding BF-F-5): is there a dead board — no card of any kind
legal on any cell — of fewer than 25 cards? A dead board's bounding box is at
least 5×5 (a card beside an extreme card would otherwise extend a line of
fewer than five), and the rules treat rows and columns alike, so the boards
within the stated boxes (and their transposes) split into disjoint classes by
their *exact* bounding box ``w × h`` with ``5 ≤ w ≤ h``: one sub-problem each.

>>> [c["box"] for c in PROBLEMS["bigfive-dead"].plan(False, None)]
[[5, 5]]
>>> [c["box"] for c in PROBLEMS["bigfive-dead"].plan(True, None)]
[[5, 5], [5, 6], [6, 6], [5, 7], [6, 7]]

``bigfive-dead-any`` asks the same question of *every* board, not only those
within the stated boxes: a 4-connected board of ``n`` cards has a bounding box
``w × h`` with ``w + h - 1 <= n`` (a path between opposite sides of the box
visits that many cells), so a dead board of at most 24 cards has an exact box
with ``5 <= w <= h`` and ``w + h <= 25``: 72 boxes. All unsat would prove that
no dead board of fewer than 25 cards exists at all. Its quick form is the boxes
beyond the stated ones with ``w + h <= 15``; ``--full`` is all 72.

>>> len(PROBLEMS["bigfive-dead-any"].plan(True, None)), PROBLEMS["bigfive-dead-any"].plan(False, None)[0]["box"]
(72, [5, 8])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.spec.errors import RuleproofError

JSON = Any


@dataclass(frozen=True)
class Problem:
    """A split solver question."""

    title: str
    #: The sub-problems for (full, most): ``most`` bounds the size asked about (``None``: the problem's own).
    plan: Callable[[bool, int | None], list[dict[str, JSON]]]
    run: Callable[[dict[str, JSON], int], dict[str, JSON]]
    merge: Callable[[Sequence[dict[str, JSON]], dict[str, JSON]], dict[str, JSON]]
    rlimit: int


# -- Big Five: the smallest dead board (BF-F-5) -------------------------------------------

#: The smallest dead board known: the 5x5 board of BF-F-5 (25 cards).
DEAD_KNOWN = 25
#: Boxes of the quick and the full search, as in :mod:`ruleproof.checkers.smt.bigfive`.
DEAD_BOXES_QUICK: tuple[tuple[int, int], ...] = ((5, 5),)
DEAD_BOXES_FULL: tuple[tuple[int, int], ...] = ((5, 5), (5, 6), (6, 6), (5, 7), (6, 7))


def _dead_plan(full: bool, most: int | None = None) -> list[dict[str, JSON]]:
    boxes = DEAD_BOXES_FULL if full else DEAD_BOXES_QUICK
    return [{"box": [w, h], "most": DEAD_KNOWN - 1 if most is None else most} for w, h in boxes]


def any_boxes(most: int) -> list[tuple[int, int]]:
    """Every exact box ``w × h`` (``5 <= w <= h``) a 4-connected board of at most ``most`` cards can
    have: ``w + h - 1 <= most``. Smallest first (by area, then width)
    (:func:`ruleproof.checkers.smt.bigfive_dead.every_box`).

    >>> any_boxes(10)
    [(5, 5), (5, 6)]
    """
    from ruleproof.checkers.smt.bigfive_dead import every_box

    return every_box(most)


def _dead_any_plan(full: bool, most: int | None = None) -> list[dict[str, JSON]]:
    bound = DEAD_KNOWN - 1 if most is None else most
    boxes = [box for box in any_boxes(bound) if full or (box not in DEAD_BOXES_FULL and sum(box) <= 15)]
    return [{"box": [w, h], "most": bound} for w, h in boxes]


def _dead_run(chunk: dict[str, JSON], rlimit: int) -> dict[str, JSON]:
    from ruleproof.checkers.smt.bigfive_dead import no_dead_board_in

    w, h = chunk["box"]
    started = time.process_time()
    # The occupancy relaxation first (it settles 68 of the 72 boxes), the full query only where it cannot.
    result, method, board = no_dead_board_in(w, h, chunk["most"], rlimit=rlimit)
    out: dict[str, JSON] = {"label": f"exact box {w}x{h}, at most {chunk['most']} cards", "verdict": result.verdict,
                            "cpu_seconds": round(time.process_time() - started, 1), "rlimit": rlimit,
                            "method": method, "units": result.resources}
    if result.verdict == "sat":
        out["witness"] = {"board": [[x, y, card] for (x, y), card in sorted(board.items())]}
        out["detail"] = f"a dead board of {len(board)} cards"
    elif result.verdict == "unsat":
        out["detail"] = "none (unsat: " + ("the occupancy alone" if method == "occupancy" else "the full query") + ")"
    else:
        out["detail"] = result.reason
    return out


def _dead_merge(parts: Sequence[dict[str, JSON]], params: dict[str, JSON]) -> dict[str, JSON]:
    boxes = ", ".join(p["label"].split(",")[0].replace("exact box ", "") for p in parts)
    most = params.get("most") or DEAD_KNOWN - 1
    every = params["problem"] == "bigfive-dead-any" and params["full"] and len(parts) == len(any_boxes(most))
    found = [p for p in parts if p["verdict"] == "sat"]
    open_parts = [p for p in parts if p["verdict"] == "unknown"]
    if found:
        return {"verdict": "sat", "answer": f"a dead board of at most {most} cards exists: "
                                            f"{found[0]['detail']} ({found[0]['label']})"}
    if open_parts:
        return {"verdict": "unknown",
                "answer": f"no dead board of at most {most} cards in the exact boxes "
                          f"{', '.join(p['label'] for p in parts if p['verdict'] == 'unsat') or 'none'}; open: "
                          f"{', '.join(p['label'] for p in open_parts)} (rlimit {params['rlimit']})"}
    smallest = (f": within these boxes the {DEAD_KNOWN}-card 5x5 board of BF-F-5 is the smallest"
                if most == DEAD_KNOWN - 1 else "")
    if every:
        smallest = (f"; these are all the boxes a 4-connected board of at most {most} cards can have, so no "
                    f"dead board of at most {most} cards exists at all")
    return {"verdict": "unsat",
            "answer": f"no dead board of at most {most} cards has its bounding box within {boxes} (or their "
                      f"transposes){smallest}"}


# -- BigPoints: the score bound by thresholds (BP-F-6) -----------------------------------------

#: Thresholds asked by the quick and the full form: "can seat 0 of two players score at least t?".
SCORE_THRESHOLDS_QUICK: tuple[int, ...] = (97, 98, 99)
SCORE_THRESHOLDS_FULL: tuple[int, ...] = tuple(range(66, 101))


def _score_plan(full: bool, most: int | None = None) -> list[dict[str, JSON]]:
    del most
    return [{"at_least": t} for t in (SCORE_THRESHOLDS_FULL if full else SCORE_THRESHOLDS_QUICK)]


def _score_run(chunk: dict[str, JSON], rlimit: int) -> dict[str, JSON]:
    from ruleproof.checkers.smt.bigpoints import score_model
    from ruleproof.checkers.smt.core import TrackedSolver

    # Through the SMT layer's solver (z3 is imported only there): its resource limit, its three verdicts.
    score, constraints = score_model(2, 0)
    solver = TrackedSolver(rlimit=rlimit)
    solver.add_fact(*constraints, score >= chunk["at_least"])
    started = time.process_time()
    result = solver.check(values=False)
    verdict = result.verdict
    out: dict[str, JSON] = {"label": f"score >= {chunk['at_least']}", "at_least": chunk["at_least"],
                            "verdict": verdict, "cpu_seconds": round(time.process_time() - started, 3),
                            "rlimit": rlimit}
    if verdict == "sat":
        out["detail"] = f"the counting model allows {solver.model().eval(score, model_completion=True)}"
    else:
        out["detail"] = "no counting model" if verdict == "unsat" else result.reason
    return out


def _score_merge(parts: Sequence[dict[str, JSON]], params: dict[str, JSON]) -> dict[str, JSON]:
    del params
    sat = [p["at_least"] for p in parts if p["verdict"] == "sat"]
    unsat = [p["at_least"] for p in parts if p["verdict"] == "unsat"]
    if any(p["verdict"] == "unknown" for p in parts) or not unsat:
        return {"verdict": "unknown", "answer": f"thresholds reached: {sat}; refuted: {unsat}; others open"}
    bound = min(unsat) - 1
    return {"verdict": "unsat", "bound": bound,
            "answer": f"the move-counting relaxation of BP-F-6 allows seat 0 of two players {max(sat, default='no')} "
                      f"points and refutes {min(unsat)}: no two-player game gives one seat more than {bound} "
                      "(an upper bound; whether a real game reaches it is BP-F-5's question)"}


#: The search problems by name.
PROBLEMS: dict[str, Problem] = {
    "bigfive-dead": Problem("Big Five: no dead board of fewer than 25 cards within the boxes of BF-F-5",
                            _dead_plan, _dead_run, _dead_merge, rlimit=400_000_000),
    "bigfive-dead-any": Problem("Big Five: no dead board of fewer than 25 cards at all (every box a board "
                                "of at most 24 cards can have; the quick form: the next boxes)",
                                _dead_any_plan, _dead_run, _dead_merge, rlimit=400_000_000),
    "bigpoints-score": Problem("BigPoints: the two-player score bound of BP-F-6, one threshold per sub-problem",
                               _score_plan, _score_run, _score_merge, rlimit=50_000_000),
}


def search_params(problem: str, *, rlimit: int | None = None, full: bool = False,
                  most: int | None = None) -> dict[str, JSON]:
    """The parameters of a ``search`` campaign (``most``: a smaller size bound than the problem's, for tests)."""
    if problem not in PROBLEMS:
        raise RuleproofError(f"unknown search problem {problem!r}; problems: {', '.join(sorted(PROBLEMS))}")
    if rlimit is not None and rlimit < 1:
        raise RuleproofError(f"--rlimit must be positive; got {rlimit!r}")
    if most is not None and most < 1:
        raise RuleproofError(f"most must be positive; got {most!r}")
    return {"problem": problem, "full": full, "rlimit": rlimit if rlimit is not None else PROBLEMS[problem].rlimit,
            "most": most}


def plan(params: dict[str, JSON]) -> list[dict[str, JSON]]:
    """The sub-problems of a ``search`` campaign."""
    return PROBLEMS[params["problem"]].plan(bool(params["full"]), params.get("most"))


def run(params: dict[str, JSON], chunk: dict[str, JSON]) -> JSON:
    """Answer one sub-problem."""
    return PROBLEMS[params["problem"]].run(chunk, int(params["rlimit"]))


def merge(params: dict[str, JSON], results: Sequence[JSON]) -> dict[str, JSON]:
    """Combine the sub-problems' answers."""
    merged = PROBLEMS[params["problem"]].merge(results, params)
    return {"problem": params["problem"], "title": PROBLEMS[params["problem"]].title, "full": params["full"],
            "rlimit": params["rlimit"], **merged, "parts": list(results)}


def ok(report: dict[str, JSON]) -> bool:
    """A search succeeded when it reached a verdict (``sat`` or ``unsat``), not ``unknown``."""
    return report.get("verdict") in ("sat", "unsat")
