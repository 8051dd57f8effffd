"""Take 5 facts for certificates, from the specification's own functions.

For a resolution move the facts are the card being resolved, the ends of
every row (first and last card), every place the card fits with its distance
and the nearest places: the row ends compared.

>>> from ruleproof.spec.take5 import Place, Take5Variant, Take5State
>>> state = Take5State(Take5Variant(), 2, 1, (), 24, ((), ()), ((12,), (20,), (50,), (90,)), (23, 99), True,
...                    ((), ()), (0, 0), False)
>>> EXTRACTOR.facts("T5-PLACE-2", Step(Take5Variant(), state, 0, Place(0)))["nearest"]
[[2, 'right']]
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck import take5 as text
from ruleproof.spec.core import CHANCE, TERMINAL, Step
from ruleproof.spec.take5 import (
    Deal,
    Place,
    Select,
    Take,
    Take5State,
    compute_auto_row,
    compute_low_row_keys,
    compute_low_rows,
    compute_nearest_positions,
    compute_pile_points,
    compute_positions,
    compute_whose_turn,
    deal_size,
    deck_cards,
    is_round_over,
    lowest_pending,
)

_KIND = {Deal: "deal", Select: "play", Place: "row", Take: "take"}


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _place(p: Place) -> list[Any]:
    return [p.row + 1, "left" if p.left else "right"]


def _resolution(state: Take5State) -> dict[str, Any]:
    if not state.resolving or not any(state.chosen):
        return {"card": None}
    card, seat = lowest_pending(state)
    fits = compute_positions(state.variant, state.rows, card)
    return {
        "card": card, "seat": seat,
        "row_ends": [[row[0], row[-1]] for row in state.rows],
        "fits": [[*_place(p), d] for d, p in fits],
        "nearest": sorted(_place(p) for p in compute_nearest_positions(state.variant, state.rows, card)),
    }


class _Facts:
    def facts(self, rule_id: str, step: Step[Any, Any, Any]) -> dict[str, Any]:
        state: Take5State = step.before
        move = step.move
        kind = _KIND[type(move)]
        if rule_id == "T5-SETUP-1":
            return {"players": state.players, "deal": deal_size(state), "deck_top": step.variant.deck_top}
        if rule_id == "T5-DEAL-1":
            over = is_round_over(state)
            source = deck_cards(step.variant, state.players) if over else state.deck
            card = move.card if isinstance(move, Deal) else None
            return {"move_kind": kind, "card": card, "from": "every card (new round)" if over else "undealt cards",
                    "available": card is not None and card in source}
        if rule_id in ("T5-TURN-1", "T5-ORDER-1"):
            return {"actor": _who(step.actor), "to_act": _who(compute_whose_turn(state))}
        if rule_id == "T5-PHASE-1":
            return {"resolving": state.resolving, "move_kind": kind, "rows": len(state.rows)}
        if rule_id == "T5-SELECT-1":
            return {"card": move.card, "hand": list(state.hands[step.actor])}
        if rule_id == "T5-LOW-3":
            facts: dict[str, Any] = {"row_choice": step.variant.row_choice}
            auto = step.variant.row_choice == "auto"
            if not auto and step.variant.low_row_keys:
                facts["low_row_keys"] = list(step.variant.low_row_keys)
            if isinstance(move, Take) and compute_low_row_keys(step.variant) and state.resolving and any(state.chosen):
                facts.update({"row_bullheads": [compute_pile_points(r) for r in state.rows],
                              "row_lengths": [len(r) for r in state.rows]})
                if auto:
                    facts["auto_row"] = compute_auto_row(state.rows) + 1
                else:
                    facts["allowed_rows"] = [r + 1 for r in compute_low_rows(step.variant, state.rows)]
            return facts
        return _resolution(state)

    def alternatives(self, step: Step[Any, Any, Any]) -> list[Any] | None:
        state = step.before
        if not isinstance(step.move, Take) or not state.resolving or not any(state.chosen):
            return None
        return [Place(r, left) for r in range(len(state.rows)) for left in (False, True)]

    def forced_proof(self, step: Step[Any, Any, Any]) -> dict[str, Any]:
        card, _ = lowest_pending(step.before)
        return {"claim": text.FORCED_CLAIM, "method": text.FORCED_METHOD, "assumptions": list(text.FORCED_ASSUMPTIONS),
                "bound": "8 placements",
                "facts": {"card": card, "row_ends": [[row[0], row[-1]] for row in step.before.rows]}}


EXTRACTOR = _Facts()
