"""The Big Five encoding's fast term builders make exactly z3's terms (so every query, unit count and witness stays)."""

from __future__ import annotations

from typing import Any

import pytest
import z3

from ruleproof.checkers.smt import bigfive as bfq
from ruleproof.checkers.smt import bigfive_encoding as enc
from ruleproof.checkers.smt.bigfive_bonus import bonus_terms
from ruleproof.spec.bigfive import parse_card, parse_move


def _terms() -> list[Any]:
    frame = enc.comb_frame(prefix="terms")
    out = [c for _, c in frame.rules()] + enc.invariant_patterns(frame, True)
    out += enc.invariant_patterns(frame, False, touching=frame.play_cells)
    out += [bonus_terms(frame, "text"), bonus_terms(frame, "publisher")]
    out += bfq.copies_ok(frame, frame.scope) + bfq.connected(frame, frame.scope)
    board = {p.cell: p.card for p in parse_move("play " + bfq.NO_PLAY_BOARD).placed}  # type: ignore[union-attr]
    near = enc.near_cells(board)
    fixed = enc.Frame(set(board) | near, near, limit=5, board=board)
    out += [c for _, c in fixed.rules([parse_card(c) for c in bfq.NO_PLAY_HAND])]
    return out


def _plain_copies_ok(frame: enc.Frame, cells: Any, with_play: bool = True) -> list[Any]:
    out = []
    for kind in range(25):
        a, k = kind // 5, kind % 5
        terms = [z3.If(z3.And(frame.occ[c], frame.oa[c] == a, frame.oc[c] == k), 1, 0) for c in cells]
        if with_play:
            terms += [z3.If(z3.And(frame.pl(c), frame.pa[c] == a, frame.pc[c] == k), 1, 0) for c in frame.play_cells]
        out.append(z3.Sum(terms) <= 4)
    return out


def test_fast_builders_make_the_same_terms(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _terms()
    for name, plain in (("_and", z3.And), ("_or", z3.Or), ("_implies", z3.Implies), ("_not", z3.Not)):
        monkeypatch.setattr(enc, name, plain)
    monkeypatch.setattr(enc, "_eq", lambda a, b: a == b)
    monkeypatch.setattr(enc, "_count", lambda c: z3.If(c, 1, 0))
    monkeypatch.setattr(bfq, "copies_ok", _plain_copies_ok)
    slow = _terms()
    assert len(fast) == len(slow) > 1000
    assert all(a.eq(b) for a, b in zip(fast, slow))


def test_a_changed_builder_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above can fail: an Or built as an And differs."""
    fast = _terms()
    monkeypatch.setattr(enc, "_or", z3.And)
    assert not all(a.eq(b) for a, b in zip(fast, _terms()))
