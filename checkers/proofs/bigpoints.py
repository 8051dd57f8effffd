"""BigPoints facts for certificates, from the specification's own functions.

>>> from ruleproof.spec.bigpoints import Take, example_state
>>> state = example_state("KPBG", pawns=(2, -1, -1, -1, 1))._replace(phase="take", moved=0)
>>> EXTRACTOR.facts("BP-TAKE-1", Step(state.variant, state, 0, Take("ahead")))
{'pawn': 'blue', 'position': 2, 'ahead': [3, 'green'], 'behind': [0, 'black']}
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck import bigpoints as text
from ruleproof.spec.bigpoints import (
    BLACK,
    COLOURS,
    DISC_COLOURS,
    EXTRA,
    LETTERS,
    OVER,
    BigPointsState,
    Black,
    Lay,
    Pawn,
    Take,
    compute_allowed_pawn_moves,
    compute_destination,
    compute_free_discs,
    compute_supply,
    compute_whose_turn,
    has_next_game,
    is_gap_move,
    path_composition,
    path_size,

)
from ruleproof.spec.core import CHANCE, TERMINAL, Step

_KIND = {Lay: "lay", Pawn: "pawn", Take: "take", Black: "black"}


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _disc_at(path: str, pos: int | None) -> list[Any] | None:
    return None if pos is None else [pos, DISC_COLOURS[LETTERS.index(path[pos])]]


class _Facts:
    def facts(self, rule_id: str, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: BigPointsState = step.before
        move = step.move
        v = step.variant
        if rule_id == "BP-SETUP-1":
            return {"players": s.players}
        if rule_id == "BP-SETUP-2":
            colour = DISC_COLOURS.index(move.colour)
            left = path_composition(v)[colour] if s.phase == OVER else compute_supply(s)[colour]
            return {"colour": move.colour, "left_in_box": left}
        if rule_id == "BP-TURN-1":
            return {"actor": _who(step.actor), "to_act": _who(compute_whose_turn(s))}
        if rule_id == "BP-TURN-2":
            return {"phase": s.phase, "move_kind": _KIND[type(move)], "next_game": has_next_game(s)}
        if rule_id == "BP-MOVE-1":
            return {"pawn": move.colour, "position": s.pawns[COLOURS.index(move.colour)], "ladder": path_size(v)}
        if rule_id == "BP-MOVE-3":
            return {"phase": s.phase}
        if rule_id == "BP-TAKE-1":
            if not 0 <= s.moved < len(COLOURS):
                return {"pawn": None}
            pos = s.pawns[s.moved]
            ahead, behind = compute_free_discs(s.path, s.pawns, s.moved, pos)
            return {"pawn": COLOURS[s.moved], "position": pos, "ahead": _disc_at(s.path, ahead),
                    "behind": _disc_at(s.path, behind)}
        if rule_id == "BP-TAKE-3":
            if v.no_free_disc != "illegal":
                return {"no_free_disc": v.no_free_disc}
            if isinstance(move, Black):
                return {"no_free_disc": v.no_free_disc, "extra_moves": sorted(str(m) for m in compute_allowed_pawn_moves(s, True))}
            colour = COLOURS.index(move.colour)
            dest = compute_destination(s, colour, move.back)
            return {"no_free_disc": v.no_free_disc, "destination": dest,
                    "gap": dest is not None and is_gap_move(s, colour, move.back),
                    "allowed": sorted(str(m) for m in compute_allowed_pawn_moves(s, s.phase == EXTRA))}
        if rule_id == "BP-BLACK-1":
            return {"held": s.hands[s.turn][BLACK], "fresh": s.fresh}
        if rule_id == "BP-BLACK-2":
            return {"used_black": s.used_black}
        if rule_id == "BP-BACK-1":
            colour = COLOURS.index(move.colour)
            return {"phase": s.phase, "pawn": move.colour, "position": s.pawns[colour],
                    "destination": compute_destination(s, colour, True), "back_to_start": v.back_to_start}
        raise KeyError(f"no facts for rule {rule_id}")

    def alternatives(self, step: Step[Any, Any, Any]) -> list[Any] | None:
        s: BigPointsState = step.before
        move = step.move
        expected = {"move": Pawn, "extra": Pawn, "take": Take, "offer": Black}.get(s.phase)
        if expected is None or not isinstance(move, expected):
            return None
        options: list[Any]
        if isinstance(move, Pawn):
            options = [Pawn(c, b) for c in COLOURS for b in (False, True)]
        elif isinstance(move, Take):
            options = [Take(side) for side in ("ahead", "behind", "none")]
        else:
            options = [Black(True), Black(False)]
        return [m for m in options if m != move]

    def forced_proof(self, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: BigPointsState = step.before
        move = step.move
        if isinstance(move, Take):
            claim = ("no free disc lies on either side of the moved pawn: nothing can be taken" if move.side == "none"
                     else f"only '{move}' is possible: the other side has no free disc")
        elif isinstance(move, Pawn):
            claim = "no other pawn move is possible"
        else:
            claim = "the other choice about the black disc is not possible"
        return {"claim": claim, "method": text.FORCED_METHOD, "assumptions": list(text.FORCED_ASSUMPTIONS),
                "facts": {"phase": s.phase, "pawns": list(s.pawns), "path": s.path}}


EXTRACTOR = _Facts()
