"""Take 5 witnesses as games: move lists from a new game, every move checked by the engine.

The findings of :mod:`ruleproof.checkers.smt.take5` and the termination
question (WF-T5-1) answer with games; this module deals the cards a witness
needs (:func:`deal_moves`), plays and resolves its turns (:func:`select_all`,
:func:`resolve`), and plays the rounds planned in
:mod:`ruleproof.checkers.smt.take5_round` (:func:`round_witness`,
:func:`quiet_round_witness`).

>>> state = replay(2, {}, deal_moves(2, Take5Variant(), [[10], [20]], [1, 2, 3, 4]))
>>> state.rows
((1,), (2,), (3,), (4,))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ruleproof.checkers.smt.take5_round import RoundPlan, plan_round, quiet_round  # plan_round: doctests
from ruleproof.model.take5 import GAME
from ruleproof.spec import take5 as t5
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.take5 import Select, Take, Take5State, Take5Variant

__all__ = ["changed_flags", "deal_moves", "quiet_round_witness", "replay", "resolve", "round_witness", "select_all"]

_DEFAULT_VARIANT = Take5Variant()


def changed_flags(variant: Take5Variant) -> dict[str, Any]:
    """The flags of ``variant`` that differ from the defaults (a witness's ``flags``)."""
    default = variant_to_dict(_DEFAULT_VARIANT)
    return {k: v for k, v in variant_to_dict(variant).items() if default[k] != v}


def replay(players: int, flags: dict[str, Any], moves: Sequence[str]) -> Take5State:
    """Play ``moves`` (text forms) through the engine from a new game; every move is checked."""
    state = GAME.initial_state(players, variant_from_mapping(Take5Variant, flags))
    for text in moves:
        state = GAME.apply(state, GAME.parse_move(text))
    return state


def deal_moves(players: int, variant: Take5Variant, hands: Sequence[Sequence[int]], rows: Sequence[int]) -> list[str]:
    """The deal giving each seat ``hands[s]`` (filled up to the variant's hand size with unused cards, lowest
    first) and ``rows`` as the rows' starting cards."""
    used = {c for h in hands for c in h} | set(rows)
    spare = [c for c in t5.deck_cards(variant, players) if c not in used]
    moves = []
    for seat in range(players):
        hand = list(hands[seat]) if seat < len(hands) else []
        while len(hand) < variant.hand_size:
            hand.append(spare.pop(0))
        moves += [f"deal {c}" for c in hand]
    return moves + [f"deal {c}" for c in rows]


def resolve(state: Take5State, choose: Callable[[Take5State, tuple[Any, ...]], Any] | None = None,
            ) -> tuple[Take5State, list[str]]:
    """Resolve the revealed cards: the only legal move, or ``choose``'s pick among several."""
    moves: list[str] = []
    while state.resolving and not state.finished:
        legal = GAME.legal_moves(state)
        move = legal[0] if len(legal) == 1 or choose is None else choose(state, legal)
        moves.append(str(move))
        state = GAME.apply(state, move)
    return state, moves


def select_all(state: Take5State, cards: Sequence[int]) -> tuple[Take5State, list[str]]:
    """Every seat in turn chooses its card of ``cards`` (seat order)."""
    moves = []
    for card in cards:
        move = Select(card)
        moves.append(str(move))
        state = GAME.apply(state, move)
    return state, moves


def _spare_row(state: Take5State, legal: tuple[Any, ...]) -> Any:
    """A choice while a round plan resolves: take a row other than the chain's (row 0)."""
    takes = [m for m in legal if isinstance(m, Take) and m.row != 0]
    return takes[0] if takes else legal[0]


def round_witness(plan: RoundPlan, variant: Take5Variant) -> tuple[list[str], Take5State]:
    """The moves of ``plan`` (:mod:`~ruleproof.checkers.smt.take5_round`) from a new game under ``variant``,
    every move checked by the engine, and the state after its last turn.

    >>> moves, state = round_witness(plan_round(Take5Variant()), Take5Variant())
    >>> t5.compute_totals(state)[0]
    117
    """
    hands = plan.hands()
    moves = deal_moves(plan.players, variant, hands, [plan.chain[0], *plan.spare])
    state = replay(plan.players, changed_flags(variant), moves)
    for turn in range(plan.turns):
        state, ms = select_all(state, [hand[turn] for hand in hands])
        moves += ms
        state, ms = resolve(state, _spare_row)
        moves += ms
    return moves, state


def quiet_round_witness(variant: Take5Variant, engine: Any = GAME) -> dict[str, Any] | None:
    """WF-T5-1's witness where the rows can keep a whole round's cards: for the fewest players that allows, a
    round in which nobody takes a card (:func:`~ruleproof.checkers.smt.take5_round.quiet_round`), played on
    ``engine`` (every move checked), and the next round dealt the same way. Every total is unchanged and the
    position after the second deal is the one after the first but for the round number, so the round can come
    again and again: the game has no bound on its length. ``None`` when no player count allows such a round or
    the engine refuses a move.

    >>> w = quiet_round_witness(Take5Variant(row_capacity=6))
    >>> w["players"], w["totals"], len(w["moves"]), w["repeat"]
    (2, [0, 0], 88, 64)
    >>> quiet_round_witness(Take5Variant()) is None
    True
    """
    for players in range(t5.MIN_PLAYERS, t5.MAX_PLAYERS + 1):
        if t5.players_problem(variant, players) is not None:
            continue
        plan = quiet_round(variant, players)
        if plan is None:
            continue
        deal = deal_moves(players, variant, [list(h) for h in plan.hands], plan.starts)
        try:
            state = engine.initial_state(players, variant)
            moves: list[str] = []
            for text in deal:
                state = engine.apply(state, engine.parse_move(text))
            moves += deal
            dealt = state
            for turn in range(variant.hand_size):
                for card in (hand[turn] for hand in plan.hands):
                    state = engine.apply(state, Select(card))
                    moves.append(str(Select(card)))
                while state.resolving and not state.finished:
                    (move,) = engine.legal_moves(state)  # a quiet round offers no choice
                    state = engine.apply(state, move)
                    moves.append(str(move))
            repeat = len(moves)
            for text in deal:
                state = engine.apply(state, engine.parse_move(text))
            moves += deal
        except (ValueError, RuleproofError):
            continue
        if state.finished or state._replace(round=dealt.round) != dealt:
            continue
        return {"players": players, "flags": changed_flags(variant), "moves": moves, "repeat": repeat,
                "totals": list(t5.compute_totals(state)), "rows": [list(r) for r in dealt.rows]}
    return None
