"""Big Five facts for certificates, from the specification's own functions.

For a play the facts are the cells and cards of every line any played card
belongs to, the attribute the line shares (``colour purple``, ``animal
lion``, or none) and whether its cards are distinct; the old cards of the new
line (the anchors); occupied cells, gaps and straightness. An exchange or
pass without a placement carries the refutation of every single hand card on
every empty cell next to a card (see :mod:`ruleproof.checkers.certcheck.bigfive`
for why singles suffice).

>>> from ruleproof.spec.bigfive import make_position, parse_move
>>> state = make_position("Lp@0,0", ["Gp Zp", "Lb"])
>>> facts = EXTRACTOR.facts("BF-LINE-3", Step(state.variant, state, 0, parse_move("play Gp@1,0 Zp@2,0")))
>>> facts["lines"][0]["shared"], facts["lines"][0]["cards"]
('colour purple', ['Lp', 'Gp', 'Zp'])
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck import bigfive as text
from ruleproof.spec.bigfive import (
    ANIMAL_NAMES,
    KINDS,
    SOLO_MIN_GROUP,
    COLOUR_NAMES,
    BigFiveState,
    Bonus,
    BonusBlind,
    Discard,
    Exchange,
    Pass,
    Placed,
    Play,
    analyse_play,
    animal_of,
    board_map,
    card_code,
    colour_of,
    compute_anchors,
    compute_legal_plays,
    compute_move_kinds,
    compute_phase,
    compute_whose_turn,
    deck_size,
    drawing_seat,
    is_placement_legal,
    top_segment,
)
from ruleproof.spec.core import CHANCE, TERMINAL, Step

#: Every kind of card (any of them may be dealt first in a new round).
_FULL_POOL = tuple(range(KINDS))


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _kind(move: Any) -> str:
    return type(move).__name__.lower()


def _codes(cards: Any) -> list[str]:
    return [card_code(c) for c in cards]


def _cards_of(move: Any) -> list[int]:
    if isinstance(move, Play):
        return [p.card for p in move.placed]
    if isinstance(move, (Exchange, Discard)):
        return list(move.cards)
    return [move.card] if isinstance(move, Bonus) else []


def _shared(cards: tuple[int, ...]) -> str | None:
    colours = {colour_of(c) for c in cards}
    animals = {animal_of(c) for c in cards}
    if len(colours) == 1:
        return f"colour {COLOUR_NAMES[colours.pop()]}"
    if len(animals) == 1:
        return f"animal {ANIMAL_NAMES[animals.pop()]}"
    return None


def frontier(state: BigFiveState) -> list[tuple[int, int]]:
    """The empty cells next to a card, sorted."""
    board = board_map(state.board)
    near = {(x + dx, y + dy) for x, y in board for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return sorted(c for c in near if c not in board)


def single_witness(state: BigFiveState, hand: tuple[int, ...]) -> str | None:
    """The first legal single-card play, cells then cards in order."""
    for x, y in frontier(state):
        for card in sorted(set(hand)):
            if is_placement_legal(state.board, (Placed(x, y, card),)):
                return str(Play((Placed(x, y, card),)))
    return None


class _Facts:
    def facts(self, rule_id: str, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: BigFiveState = step.before
        move = step.move
        v = step.variant
        actor = step.actor
        hand = s.hands[actor] if 0 <= actor < s.players else ()
        if rule_id == "BF-SETUP-1":
            return {"players": s.players, "allow_five": v.allow_five, "handicap": list(v.handicap)}
        if rule_id == "BF-DEAL-1":
            pool = _FULL_POOL if s.round_over else s.pool
            return {"card": card_code(move.card), "available": move.card in pool}
        if rule_id == "BF-TURN-1":
            return {"actor": _who(actor), "to_act": _who(compute_whose_turn(s))}
        if rule_id == "BF-TURN-2":
            return {"phase": compute_phase(s), "move_kind": _kind(move),
                    "allowed": [t.__name__.lower() for t in compute_move_kinds(s)]}
        if rule_id == "BF-PLAY-1":
            rest = list(hand)
            missing = []
            for c in _cards_of(move):
                if c in rest:
                    rest.remove(c)
                else:
                    missing.append(c)
            return {"cards": _codes(_cards_of(move)), "hand": _codes(hand), "missing": _codes(sorted(missing))}
        if rule_id.startswith(("BF-PLAY-", "BF-LINE-")):
            a = analyse_play(s.board, move.placed)
            if rule_id == "BF-PLAY-2":
                return {"group_size": len(move.placed)}
            if rule_id == "BF-PLAY-3":
                return {"occupied": [list(c) for c in a.occupied], "duplicate_cells": [list(c) for c in a.duplicate_cells]}
            gaps = [list(c) for c in a.gaps]
            if rule_id == "BF-LINE-1":
                return {"straight": a.straight, "gaps": gaps}
            if rule_id == "BF-LINE-2":
                return {"straight": a.straight, "gaps": gaps, "anchors": [list(c) for c in compute_anchors(s.board, move)]}
            return {"lines": [{"cells": [list(c) for c in line], "cards": _codes(cards), "shared": _shared(cards),
                               "distinct": len(set(cards)) == len(cards)} for line, cards in a.lines]}
        if rule_id == "BF-DRAW-1":
            seat = drawing_seat(s)
            return {"card": card_code(move.card), "seat": seat, "top": _codes(top_segment(s.decks[seat]))}
        if rule_id == "BF-EXCH-1":
            return {"count": len(move.cards), "deck_size": deck_size(s.decks[actor])}
        if rule_id == "BF-PASS-1":
            witness = single_witness(s, hand)
            return {"deck_size": deck_size(s.decks[actor]), "can_place": witness is not None, "witness": witness}
        if rule_id == "BF-BONUS-2":
            return {"source": "deck" if isinstance(move, BonusBlind) else "hand", "deck_size": deck_size(s.decks[actor])}
        if rule_id == "BF-SOLO-1":
            return {"group_size": len(move.placed)}
        if rule_id == "BF-SOLO-2":
            return {"count": len(move.cards)}
        if rule_id == "BF-SOLO-3":
            plays = sorted(str(p) for p in compute_legal_plays(s.board, s.hands[0], SOLO_MIN_GROUP, v.max_group))
            return {"can_place_3": bool(plays), "witness": plays[0] if plays else None}
        if rule_id == "BF-SOLO-4":
            return {"card": card_code(move.card), "pile": _codes(s.pile)}
        raise KeyError(f"no facts for rule {rule_id}")

    def alternatives(self, step: Step[Any, Any, Any]) -> list[Any] | None:
        s: BigFiveState = step.before
        if isinstance(step.move, Discard) and s.players == 1 and step.actor == 0:
            return []  # the proof is BF-SOLO-3's exhaustive search
        if not isinstance(step.move, (Exchange, Pass)) or s.players == 1 or not 0 <= step.actor < s.players:
            return None
        hand = sorted(set(s.hands[step.actor]))
        return [Play((Placed(x, y, c),)) for x, y in frontier(s) for c in hand]

    def forced_proof(self, step: Step[Any, Any, Any]) -> dict[str, Any]:
        s: BigFiveState = step.before
        if isinstance(step.move, Discard):
            return {"claim": text.SOLO_CLAIM, "method": text.SOLO_METHOD, "assumptions": list(text.SOLO_ASSUMPTIONS),
                    "bound": text.SOLO_BOUND,
                    "facts": {"hand": _codes(s.hands[0]), "cards_on_board": len(s.board),
                              "legal_groups": len(compute_legal_plays(s.board, s.hands[0], SOLO_MIN_GROUP,
                                                                      s.variant.max_group))}}
        cells = frontier(s)
        hand = sorted(set(s.hands[step.actor]))
        return {"claim": text.FORCED_CLAIM, "method": text.FORCED_METHOD, "assumptions": list(text.FORCED_ASSUMPTIONS),
                "bound": f"{len(cells)} empty cells next to a card x {len(hand)} distinct hand cards",
                "facts": {"hand": _codes(hand), "frontier": [list(c) for c in cells]}}


EXTRACTOR = _Facts()
__all__ = ["EXTRACTOR", "frontier", "single_witness"]
