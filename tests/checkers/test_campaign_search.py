"""The dead-board search over every box (``bigfive-dead-any``): the boxes it asks about are all the
boxes a small connected board can have, and its merged answer claims "none at all" only when every
box was refuted."""

from __future__ import annotations

import random

import pytest

from ruleproof.checkers.campaign import search


def _grow(n: int, rng: random.Random) -> set[tuple[int, int]]:
    """A random 4-connected set of ``n`` cells (each new cell touches one already in)."""
    cells = {(0, 0)}
    while len(cells) < n:
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        cells.add((x + dx, y + dy))
    return cells


def test_connected_boards_fit_the_box_bound() -> None:
    rng = random.Random(5)
    tight = 0
    for _ in range(3000):
        n = rng.randint(1, 24)
        cells = _grow(n, rng)
        w = max(x for x, _ in cells) - min(x for x, _ in cells) + 1
        h = max(y for _, y in cells) - min(y for _, y in cells) + 1
        assert w + h - 1 <= n
        tight += w + h - 1 == n
    assert tight > 0  # the bound is reached (paths), so it cannot be lowered


def test_any_boxes_are_every_box_of_a_small_board() -> None:
    boxes = search.any_boxes(24)
    assert set(boxes) == {(w, h) for w in range(5, 25) for h in range(w, 25) if w + h <= 25}
    assert len(boxes) == 72 and set(search.DEAD_BOXES_FULL) <= set(boxes)
    full = [tuple(c["box"]) for c in search.plan(search.search_params("bigfive-dead-any", full=True))]
    quick = [tuple(c["box"]) for c in search.plan(search.search_params("bigfive-dead-any"))]
    assert full == boxes and set(quick) <= set(boxes) and not set(quick) & set(search.DEAD_BOXES_FULL)


def _parts(verdicts: list[str]) -> list[dict[str, str]]:
    boxes = search.any_boxes(24)
    return [{"label": f"exact box {w}x{h}, at most 24 cards", "verdict": v, "detail": "none (unsat)"}
            for (w, h), v in zip(boxes, verdicts)]


def test_none_at_all_only_when_every_box_is_refuted() -> None:
    params = search.search_params("bigfive-dead-any", full=True)
    every = search.merge(params, _parts(["unsat"] * 72))
    assert every["verdict"] == "unsat" and "exists at all" in every["answer"]
    missing = search.merge(params, _parts(["unsat"] * 71))
    assert missing["verdict"] == "unsat" and "at all" not in missing["answer"]
    open_box = search.merge(params, _parts(["unsat"] * 71 + ["unknown"]))
    assert open_box["verdict"] == "unknown" and not search.ok(open_box)
    quick = search.merge(search.search_params("bigfive-dead-any"), _parts(["unsat"] * 7))
    assert "at all" not in quick["answer"]


@pytest.mark.slow
def test_one_box_is_refuted_by_the_solver() -> None:
    params = search.search_params("bigfive-dead-any", most=8)
    chunk = {"box": [5, 5], "most": 8}
    result = search.run(params, chunk)
    assert result["verdict"] == "unsat" and result["label"] == "exact box 5x5, at most 8 cards"
