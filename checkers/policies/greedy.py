"""``greedy``: one documented heuristic per game, playing for the best position at the end of its own turn.

Every game's greedy policy but Take 5's looks ahead over the rest of its own
turn: it tries each legal move on a position sampled to agree with what the
seat sees (:meth:`~ruleproof.checkers.policies.core.SeatView.sample`), follows
its own further decisions (the best of each) and chance events (the average,
over at most :data:`CHANCE_WIDTH` outcomes), stops where another seat acts or
after :data:`DEPTH` steps, and scores the position with the game's
evaluation. Ties are broken at random under the decision's key, so the policy
is deterministic given the key and paired games stay paired.

The evaluations (the same text is on each game's page, :data:`HEURISTICS`):

* **Take 5** — choose the card whose placement, were it placed now, takes the
  fewest bullheads (a card lower than every row costs the cheapest row; a
  sixth card costs its row); among equals, the card closest above its row's
  end (fewest cards can slip in between). A row to take: the one with the
  fewest bullheads.
* **Big Five** — the play that places the most cards (the largest group);
  a bonus discard rather than none; otherwise (exchange or pass) at random:
  the evaluation is minus the cards the seat still holds (hand and deck).
* **BigPoints** — the disc and pawn that give the seat the most points as
  the ladder stands at the end of its turn (:func:`ruleproof.spec.bigpoints.compute_score`).
* **Ikebana** — the most bouquet points plus coins: buy or keep a card when
  it raises the bouquet's score by more than it costs, refuse otherwise
  (:func:`ruleproof.spec.ikebana.compute_bouquet_score` of the hand plus the coins).
* **Cinco** — a chip that wins; else the longest open line of its colour
  (a window of five cells with no other colour), then the shortest longest
  open line of any other colour (blocking).

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.checkers.policies.core import SeatView
>>> game = game_for("take5")
>>> state = game.new_game(players=3, seed=4)
>>> move = GreedyPolicy().choose(SeatView(game, state, 0, b"doc|0|0"))
>>> move in game.legal_moves(state)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ruleproof.checkers.policies.core import Policy, SeatView
from ruleproof.checkers.policies.hidden import has_sampler
from ruleproof.model.core import CHANCE, TERMINAL, Game

__all__ = ["CHANCE_WIDTH", "DEPTH", "EVALUATIONS", "GreedyPolicy", "HEURISTICS", "evaluate_moves"]

#: How many own decisions and chance events the look-ahead follows within the own turn, by game: the move
#: alone where its effect is the whole heuristic (a group played, a row taken, a chip placed), more where a
#: turn is several decisions (BigPoints: pawn, disc, black disc; Ikebana: draw, reveal, keep or refuse).
DEPTH: dict[str, int] = {"take5": 1, "bigfive": 1, "bigpoints": 4, "ikebana": 3, "cinco": 1}
#: The most chance outcomes averaged at one chance event (more are thinned evenly, in the engine's order).
CHANCE_WIDTH = 12

#: The heuristic of each game, as each game's page states it.
HEURISTICS: dict[str, str] = {
    "take5": "the card that, placed now, takes the fewest bullheads (a too-low card costs the cheapest row, a "
             "sixth card its row); among equals the card closest above its row's end; a row to take: the fewest "
             "bullheads",
    "bigfive": "the play that places the most cards (the largest group); a bonus discard rather than none; an "
               "exchange or a pass at random",
    "bigpoints": "the pawn and disc that give the most points as the ladder stands at the end of the own turn",
    "ikebana": "the most bouquet points plus coins at the end of the own turn: buy or keep a card that raises the "
               "bouquet's score by more than it costs, refuse otherwise",
    "cinco": "a winning chip; else the longest open line of the own colour, then blocking the longest open line "
             "of another colour",
}

Evaluation = Callable[[Any, int], float]


def _bigfive(state: Any, seat: int) -> float:
    return -float(len(state.hands[seat]) + sum(len(segment) for segment in state.decks[seat]))


def _bigpoints(state: Any, seat: int) -> float:
    from ruleproof.spec.bigpoints import compute_score

    return float(compute_score(state.variant, state.ladder, state.hands[seat], state.spent[seat]))


def _ikebana(state: Any, seat: int) -> float:
    from ruleproof.spec.ikebana import compute_bouquet_score

    return float(compute_bouquet_score(state.hands[seat][:5], state.variant) + state.coins[seat])


@functools.lru_cache(maxsize=16)
def _windows(variant: Any) -> tuple[tuple[int, ...], ...]:
    from ruleproof.spec.cinco import LINE, layout_of
    from ruleproof.spec.cinco_board import compute_windows

    return compute_windows(layout_of(variant), LINE)


def _cinco(state: Any, seat: int) -> float:
    from ruleproof.spec.cinco_board import FREE

    colours = len(state.chips)
    own = seat % colours
    if state.winner >= 0:
        return 1000.0 if state.winner == own else -1000.0
    cells = state.board
    best_own = 0
    best_other = 0
    for window in _windows(state.variant):
        seen = {cells[n - 1] for n in window} - {FREE}
        if len(seen) != 1:
            continue
        (colour,) = seen
        count = sum(1 for n in window if cells[n - 1] == colour)
        if colour == own:
            best_own = max(best_own, count)
        else:
            best_other = max(best_other, count)
    return 10.0 * best_own - best_other


def _take5(state: Any, seat: int) -> float:
    from ruleproof.spec.take5 import compute_bullheads

    return -float(state.scores[seat] + sum(compute_bullheads(c) for c in state.piles[seat]))


#: The evaluation of a position for a seat, by game (higher is better for the seat).
EVALUATIONS: dict[str, Evaluation] = {
    "take5": _take5, "bigfive": _bigfive, "bigpoints": _bigpoints, "ikebana": _ikebana, "cinco": _cinco,
}


def _value(engine: Game[Any, Any, Any], state: Any, seat: int, evaluate: Evaluation, depth: int) -> float:
    """The position's value for ``seat``: own decisions maximised and chance averaged while the turn lasts."""
    actor = engine.current_player(state)
    if depth <= 0 or actor == TERMINAL or (actor != CHANCE and actor != seat):
        return evaluate(state, seat)
    if actor == CHANCE:
        outcomes = engine.chance_outcomes(state)
        if len(outcomes) > CHANCE_WIDTH:
            step = len(outcomes) / CHANCE_WIDTH
            outcomes = tuple(outcomes[int(i * step)] for i in range(CHANCE_WIDTH))
        total = sum(p for _, p in outcomes)
        return sum(p * _value(engine, engine.apply_unchecked(state, m), seat, evaluate, depth - 1)
                   for m, p in outcomes) / total
    return max(_value(engine, engine.apply_unchecked(state, m), seat, evaluate, depth - 1)
               for m in engine.legal_moves(state))


def evaluate_moves(view: SeatView, evaluate: Evaluation, depth: int = 1) -> list[tuple[float, Any]]:
    """Each legal move with its value at the end of the own turn, on one sampled position."""
    engine = view.engine
    state = view.sample(view.rng("greedy"))
    return [(_value(engine, engine.apply_unchecked(state, m), view.seat, evaluate, depth - 1), m) for m in view.legal]


def _take5_select(view: SeatView) -> list[Any]:
    """Take 5's choice of a card, from the seat's observation alone (see the module docstring)."""
    from ruleproof.spec.take5 import compute_bullheads

    observation = view.observation
    rows = observation["rows"]
    capacity = view.variant.row_capacity
    cheapest = min(sum(compute_bullheads(c) for c in row) for row in rows)
    ranked = []
    for move in view.legal:
        card = move.card
        below = [row for row in rows if row[-1] < card]
        if not below:
            cost, gap = cheapest, 1000
        else:
            row = max(below, key=lambda r: r[-1])
            cost = sum(compute_bullheads(c) for c in row) if len(row) >= capacity else 0
            gap = card - row[-1]
        ranked.append(((cost, gap), move))
    best = min(key for key, _ in ranked)
    return [m for key, m in ranked if key == best]


class GreedyPolicy(Policy):
    """The game's heuristic (:data:`HEURISTICS`), ties broken at random under the decision's key."""

    name = "greedy"

    def supports(self, engine: Game[Any, Any, Any]) -> str | None:
        if engine.name not in EVALUATIONS:
            return f"no greedy heuristic for game {engine.name!r} (built in for {', '.join(sorted(EVALUATIONS))})"
        return has_sampler(engine)

    def choose(self, view: SeatView) -> Any:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        engine = view.engine
        if engine.name == "take5" and type(legal[0]).__name__ == "Select":
            return view.pick(_take5_select(view))
        scored = evaluate_moves(view, EVALUATIONS[engine.name], DEPTH[engine.name])
        best = max(v for v, _ in scored)
        return view.pick([m for v, m in scored if v >= best - 1e-9])
