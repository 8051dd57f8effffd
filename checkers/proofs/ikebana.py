"""Ikebana facts for certificates, from the specification's own functions.

>>> from ruleproof.spec.ikebana import IkebanaVariant, Refuse, initial_state
>>> state = initial_state(2, IkebanaVariant())._replace(phase="decide", drawn="R3", refusals=6)
>>> EXTRACTOR.facts("IK-REFUSE-1", Step(IkebanaVariant(), state, 0, Refuse()))
{'drawn': 'R3', 'refusal': 7, 'coins': 6}
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck import ikebana as text
from ruleproof.spec.core import CHANCE, TERMINAL, Step
from ruleproof.spec.ikebana import Buy, Draw, IkebanaState, Keep, Refuse, Reveal, card_value, compute_whose_turn

_KIND = {Draw: "draw", Buy: "buy", Reveal: "reveal", Keep: "keep", Refuse: "refuse"}


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _under_tops(state: IkebanaState, refusing: bool) -> list[int]:
    piles = list(state.piles)
    if refusing and state.drawn is not None:
        piles[state.turn] = piles[state.turn] + (state.drawn,)
    return [max(len(p) - 1, 0) for p in piles]


class _Facts:
    def facts(self, rule_id: str, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: IkebanaState = step.before
        move = step.move
        if rule_id == "IK-SETUP-1":
            return {"players": s.players}
        if rule_id == "IK-SETUP-2":
            return {"coins": list(s.coins), "issued": s.issued, "start": s.start, "turn": s.turn}
        if rule_id == "IK-TURN-1":
            return {"actor": _who(step.actor), "to_act": _who(compute_whose_turn(s))}
        if rule_id == "IK-TURN-2":
            return {"phase": s.phase, "move_kind": _KIND[type(move)]}
        if rule_id == "IK-DRAW-1":
            return {"card": move.card, "in_deck": move.card in s.deck, "deck_size": len(s.deck)}
        if rule_id == "IK-DECK-2":
            return {"deck_size": len(s.deck), "under_tops": _under_tops(s, isinstance(move, Refuse))}
        if rule_id == "IK-REFUSE-1":
            return {"drawn": s.drawn, "refusal": s.refusals + 1, "coins": s.coins[s.turn]}
        seat = move.seat
        exists = 0 <= seat < s.players
        top = s.piles[seat][-1] if exists and s.piles[seat] else None
        if rule_id == "IK-BUY-1":
            return {"seat": seat, "players": s.players, "own": seat == step.actor, "pile_top": top}
        if rule_id == "IK-BUY-2":
            return {"card": top, "price": card_value(top) if top is not None else None, "coins": s.coins[step.actor]}
        raise KeyError(f"no facts for rule {rule_id}")

    def alternatives(self, step: Step[Any, Any, Any]) -> list[Any] | None:
        s: IkebanaState = step.before
        if s.phase == "choose" and isinstance(step.move, (Draw, Buy)):
            options: list[Any] = [Draw(), *(Buy(seat) for seat in range(s.players))]
        elif s.phase == "decide" and isinstance(step.move, (Keep, Refuse)):
            options = [Keep(), Refuse()]
        else:
            return None
        return [m for m in options if str(m) != str(step.move)]

    def forced_proof(self, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: IkebanaState = step.before
        actor = step.actor
        if s.phase == "decide":
            claim = f"the drawn card must be {'kept' if isinstance(step.move, Keep) else 'refused'}: the other choice is illegal"
            facts: dict[str, Any] = {"drawn": s.drawn, "coins": s.coins[actor], "next_refusal_cost": s.refusals + 1,
                                     "deck_size": len(s.deck), "under_tops": _under_tops(s, True)}
        else:
            claim = f"the turn must start with '{step.move}': every other choice is illegal"
            facts = {"coins": s.coins[actor], "pile_tops": [p[-1] if p else None for p in s.piles],
                     "deck_size": len(s.deck), "under_tops": _under_tops(s, False)}
        return {"claim": claim, "method": text.FORCED_METHOD, "assumptions": list(text.FORCED_ASSUMPTIONS), "facts": facts}


EXTRACTOR = _Facts()
