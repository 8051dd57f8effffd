"""Cinco facts for certificates, from the specification's own functions.

>>> from ruleproof.spec.cinco import CincoVariant, Play, initial_state
>>> state = initial_state(2, CincoVariant())._replace(owed=(0, 0), hands=((88, 3), (5,)))
>>> EXTRACTOR.facts("CI-PLAY-4", Step(CincoVariant(), state, 0, Play(88, 0)))
{'card': 88, 'cell': 0, 'targets': [88, 89, 90]}
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck import cinco as text
from ruleproof.spec.cinco import (
    EXCHANGE,
    CincoState,
    Deal,
    Draw,
    Exchange,
    Play,
    cards_to_draw,
    colour_of,
    compute_target_cells,
    compute_whose_turn,
    free_cells,
)
from ruleproof.spec.cinco_board import FREE
from ruleproof.spec.core import CHANCE, TERMINAL, Step

_KIND = {Deal: "deal", Draw: "draw", Exchange: "exchange", Play: "play"}


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


class _Facts:
    def facts(self, rule_id: str, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: CincoState = step.before
        move = step.move
        hand = list(s.hands[step.actor]) if 0 <= step.actor < s.players else []
        if rule_id == "CI-SETUP-1":
            return {"players": s.players}
        if rule_id == "CI-TURN-1":
            return {"actor": _who(step.actor), "to_act": _who(compute_whose_turn(s)), "move_kind": _KIND[type(move)]}
        if rule_id == "CI-DEAL-1":
            available = move.card in cards_to_draw(s)
            return {"card": move.card, "source": "deck" if s.deck else "discards", "available": available}
        if rule_id == "CI-HAND-1":
            return {"hand": hand, "cards_to_draw": len(cards_to_draw(s))}
        if rule_id == "CI-HAND-2":
            return {"hand": hand}
        if rule_id == "CI-PLAY-1":
            return {"card": move.card, "hand": hand}
        if rule_id == "CI-PLAY-2":
            exists = 1 <= move.cell <= len(s.board)
            chip = s.board[move.cell - 1] if exists and s.board[move.cell - 1] != FREE else None
            return {"cell": move.cell, "size": len(s.board), "chip": chip}
        if rule_id == "CI-PLAY-3":
            above = [n for n in free_cells(s.board) if n >= move.card]
            return {"card": move.card, "cell": move.cell, "joker": step.variant.joker, "free_at_or_above": above}
        if rule_id == "CI-PLAY-4":
            return {"card": move.card, "cell": move.cell,
                    "targets": list(compute_target_cells(step.variant, s.board, move.card))}
        if rule_id == "CI-PLAY-5":
            colour = colour_of(s.players, step.variant, step.actor)
            return {"colour": colour, "chips_left": s.chips[colour]}
        if rule_id == "CI-END-3":
            return {"owed": list(s.owed), "hand_size": len(s.hands[s.turn]), "cards_to_draw": 0}
        raise KeyError(f"no facts for rule {rule_id}")

    def alternatives(self, step: Step[Any, Any, Any]) -> list[Any] | None:
        s: CincoState = step.before
        move = step.move
        size = len(s.board)
        if isinstance(move, Play) and move.cell == 0:
            return [Play(move.card, cell) for cell in range(1, size + 1)]
        if isinstance(move, Draw) and step.actor >= 0:
            return [EXCHANGE] + [Play(c, cell) for c in s.hands[step.actor] for cell in range(size + 1)]
        return None

    def forced_proof(self, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: CincoState = step.before
        move = step.move
        size = len(s.board)
        if isinstance(move, Play):
            return {"claim": f"card {move.card} can take no cell, so it burns",
                    "method": f"every cell 1..{size} evaluated against the placement rules", "bound": f"{size} cells",
                    "assumptions": list(text.FORCED_ASSUMPTIONS),
                    "facts": {"card": move.card, "joker": step.variant.joker, "free_cells": list(free_cells(s.board))}}
        hand = list(s.hands[step.actor])
        return {"claim": "the player must draw: no exchange and no play of a hand card is legal",
                "method": "the exchange and every hand card on every cell (and burnt) evaluated against the rules",
                "bound": f"{len(hand)} card(s) x {size + 1} placements + 1 exchange",
                "assumptions": list(text.FORCED_ASSUMPTIONS), "facts": {"hand": hand}}


EXTRACTOR = _Facts()
