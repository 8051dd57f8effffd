"""Fixed Big Five positions for the perft-style golden file ``tests/data/bigfive_perft.json``.

Run ``python tests/model/bigfive_positions.py`` to regenerate the file; the
counts come from the specification's own enumeration (candidates filtered by
the placement rules) and the engine must agree before anything is written.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from ruleproof.model.bigfive import _Index, generate_plays, grow_board
from ruleproof.spec import bigfive as bf

PERFT = Path(__file__).resolve().parents[1] / "data" / "bigfive_perft.json"


def position(board: str, hand: str, min_size: int = 1) -> tuple[tuple[bf.Placed, ...], tuple[int, ...], int]:
    """Board, hand and minimum group size from text."""
    placed = bf.make_position(board, ["", ""]).board
    return placed, tuple(sorted(bf.parse_card(c) for c in hand.split())), min_size


def spec_plays(board: tuple[bf.Placed, ...], hand: tuple[int, ...], min_size: int, exhaustive: bool = False) -> set[bf.Play]:
    """The legal plays by the spec: candidates filtered by the placement rules."""
    return {
        p for p in bf.candidate_plays(board, hand, exhaustive=exhaustive)
        if len(p.placed) >= min_size and bf.is_placement_legal(board, p.placed)
    }


def engine_plays(board: tuple[bf.Placed, ...], hand: tuple[int, ...], min_size: int) -> set[bf.Play]:
    """The legal plays by the engine."""
    return {bf.Play(p) for p in generate_plays(_Index(board), hand, min_size)}


def anchors(board: tuple[bf.Placed, ...], plays: set[bf.Play]) -> dict[str, int]:
    """How many plays have each old card as a possible anchor (a card of their new line)."""
    where = {(p.x, p.y): p for p in board}
    counts: Counter[str] = Counter()
    for play in plays:
        for cell in bf.compute_anchors(board, play):
            counts[str(where[cell])] += 1
    return dict(sorted(counts.items()))


def _fixed() -> list[dict[str, Any]]:
    vasya = "Gr@0,0 Gy@0,-1 Gb@0,-2 Gg@0,-3 Lg@1,-3 Zg@2,-3 Zy@2,-2 Zb@2,-1"
    petya = "Lp@0,0 Zp@1,0 Gp@2,0 Zy@1,-1 Zb@1,1 Cb@-1,1 Lb@0,1"
    return [
        {"name": "start, one colour", "board": "Lp@0,0", "hand": "Gp Zp Cp Ep Lb"},
        {"name": "start, mixed hand", "board": "Lp@0,0", "hand": "Gp Lb Zy Ey Cr"},
        {"name": "start, duplicates", "board": "Lp@0,0", "hand": "Gp Gp Lb Lb Zp"},
        {"name": "after Petya (text's example)", "board": petya, "hand": "Gb Gy Cb Ey Lr"},
        {"name": "Vasya's bonus board", "board": vasya, "hand": "Lr Zr Cr Er Gp"},
        {"name": "nothing fits", "board": "Lp@0,0", "hand": "Gb Zy Cg Er Eb"},
        {"name": "solitaire, groups of three", "board": petya, "hand": "Gb Gy Gg Gr Ey", "min_size": 3},
    ]


def build() -> list[dict[str, Any]]:
    """Every position with its golden count and per-anchor breakdown."""
    items = _fixed()
    rng = random.Random(2024)
    for size in (10, 20, 40, 60, 80, 90):
        board = grow_board(size, rng)
        rest = Counter(bf.FULL_DECK) - Counter(p.card for p in board)
        hand = rng.sample(sorted(rest.elements()), 5)
        items.append({
            "name": f"random board of {len(board)}",
            "board": " ".join(str(p) for p in board),
            "hand": " ".join(bf.card_code(c) for c in sorted(hand)),
        })
    for item in items:
        board, hand, min_size = position(item["board"], item["hand"], item.get("min_size", 1))
        plays = spec_plays(board, hand, min_size)
        if len(board) <= 10:
            assert plays == spec_plays(board, hand, min_size, exhaustive=True), item["name"]
        assert plays == engine_plays(board, hand, min_size), item["name"]
        item["min_size"] = min_size
        item["count"] = len(plays)
        item["anchors"] = anchors(board, plays)
    return items


if __name__ == "__main__":
    data = build()
    PERFT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for item in data:
        print(f"{item['count']:5}  {item['name']}")
