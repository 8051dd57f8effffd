"""Thumbnails of the findings overview that stay legible at a card's width.

A Big Five witness of a play draws the whole board with a legend, often nine
rows tall; shrunk to a card of the overview its card codes were a few pixels
high. Its thumbnail shows the board's used area only: the cells of the play,
the lines of four or five it makes, and one cell around them, drawn by the
game's own renderer (:func:`ruleproof.checkers.render.bigfive.render_board_svg`)
without the legend. The finding's page keeps the full picture.

>>> from types import SimpleNamespace
>>> board = " ".join(f"Lb@0,{y}" for y in range(-6, 3))
>>> f = SimpleNamespace(witness={"board": board + " Gb@1,0", "play": "play Zb@2,0 Cb@3,0"})
>>> svg = thumbnail_svg("bigfive", f)
>>> svg.count(">Lb<"), ">Gb<" in svg, "legend" in svg  # 3 of the 9 lions: the rows next to the play
(3, True, False)
>>> as_list = SimpleNamespace(witness={"board": board.split() + ["Gb@1,0"], "play": "play Zb@2,0 Cb@3,0"})
>>> thumbnail_svg("bigfive", as_list) == svg
True
>>> thumbnail_svg("take5", f) is None, thumbnail_svg("bigfive", SimpleNamespace(witness=None)) is None
(True, True)
"""

from __future__ import annotations

from typing import Any

#: Cells of context kept around the play (and its long lines) in a thumbnail.
MARGIN_CELLS = 1


def thumbnail_svg(game: str, finding: Any) -> str | None:
    """A legible thumbnail of ``finding``'s witness, or ``None`` to use its first picture as it is."""
    if game == "bigfive":
        return _bigfive_play(finding)
    return None


def _bigfive_play(finding: Any) -> str | None:
    from ruleproof.checkers.render.bigfive import long_lines, render_board_svg
    from ruleproof.spec.bigfive import Placed, Play, parse_card, parse_move
    from ruleproof.spec.errors import RuleproofError

    witness = getattr(finding, "witness", None)
    if not isinstance(witness, dict) or not isinstance(witness.get("board"), (str, list)) \
            or not isinstance(witness.get("play"), str):
        return None
    items = witness["board"].split() if isinstance(witness["board"], str) else [str(c) for c in witness["board"]]
    try:
        board = []
        for item in items:
            code, _, at = item.partition("@")
            x, _, y = at.partition(",")
            board.append(Placed(int(x), int(y), parse_card(code)))
        play = parse_move(witness["play"])
    except (RuleproofError, ValueError):
        return None
    if not isinstance(play, Play) or not play.placed:
        return None
    cells = [(p.x, p.y) for p in play.placed]
    lines = long_lines(tuple(board) + play.placed, cells)
    used = cells + [cell for line in lines for cell in line]
    x0, x1 = min(x for x, _ in used) - MARGIN_CELLS, max(x for x, _ in used) + MARGIN_CELLS
    y0, y1 = min(y for _, y in used) - MARGIN_CELLS, max(y for _, y in used) + MARGIN_CELLS
    kept = [p for p in board if x0 <= p.x <= x1 and y0 <= p.y <= y1]
    return render_board_svg(kept, play.placed, lines=lines)
