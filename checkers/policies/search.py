"""``mcts`` and ``ismcts``: Monte-Carlo tree search on positions sampled from one seat's view.

Both search with the game's own engine (its moves, its chance, its fast
random playouts) from positions drawn to agree with what the seat observes
(:meth:`~ruleproof.checkers.policies.core.SeatView.sample`); neither sees the
true position. Rewards are :meth:`~ruleproof.model.core.Game.returns` (a win
is 1, shared equally among tied winners), backed up as one value per seat;
each seat's node picks by its own value (max^n), so three or more players
are searched as they play.

* ``mcts`` — *perfect-information Monte Carlo*: draw ``worlds`` positions,
  run UCT (UCB1 with exploration constant ``c``) for ``iterations / worlds``
  iterations on each as if its hidden cards were known, and play the move
  with the most visits summed over the worlds. On a position without hidden
  information this is plain UCT.
* ``ismcts`` — *single-observer information-set MCTS* (Cowling, Powley and
  Whitehouse 2012): one tree for the seat, a fresh sampled position for every
  iteration, moves legal only in some samples chosen by UCB over their
  availability count. The tree's edges are moves and chance outcomes of the
  sampled positions.

Budget: ``iterations`` per decision (default: the game's,
:data:`DEFAULT_ITERATIONS`, about two seconds a game for the searching seat on a 2020s core, with random
opponents at the player count the docs measure: ``tests`` time nothing, the
numbers are in ``docs/reference/policies``). A forced move is played without search. Randomness: a
generator seeded by the decision's key, so the same view and key give the
same move (paired games stay paired).

Written here rather than driving OpenSpiel's ``MCTSBot`` and ``ISMCTSBot``
through the adapter (:mod:`ruleproof.checkers.interop.openspiel`): those bots
step a ``pyspiel`` state, and the adapter replays a history of actions per
state — about 10 ms a simulation for these games (measured in
:mod:`ruleproof.checkers.view.play`) against a fraction of a millisecond for
an engine playout here; ``ISMCTSBot`` also needs the game to resample
information states, which the adapter does not offer; and simulations,
paired comparisons and campaigns run in wings below the adapter. The
search itself is the textbook algorithm in about a hundred lines.

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.checkers.policies.core import SeatView
>>> game = game_for("take5")
>>> state = game.new_game(players=2, seed=1)
>>> view = SeatView(game, state, 0, b"doc|0|0")
>>> MCTSPolicy(iterations=40).choose(view) == MCTSPolicy(iterations=40).choose(view)
True
>>> ISMCTSPolicy(iterations=40).choose(view) in game.legal_moves(state)
True
"""

from __future__ import annotations

import inspect
import math
import random
from typing import Any

from ruleproof.checkers.policies.core import Policy, SeatView
from ruleproof.checkers.policies.errors import PolicyError
from ruleproof.checkers.policies.hidden import has_sampler
from ruleproof.model.core import CHANCE, TERMINAL, Game

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSPolicy", "MAX_ITERATIONS", "MCTSPolicy"]

#: Iterations per decision by game when none is given (about two seconds a game for one searching seat).
DEFAULT_ITERATIONS: dict[str, int] = {"take5": 200, "bigfive": 30, "bigpoints": 300, "ikebana": 200, "cinco": 200}
#: Iterations per decision for a game not in :data:`DEFAULT_ITERATIONS`.
FALLBACK_ITERATIONS = 100
#: The largest budget a command line may ask for.
MAX_ITERATIONS = 1_000_000
#: UCB1's exploration constant when none is given (√2: rewards lie in [0, 1]).
DEFAULT_C = math.sqrt(2)


class _Node:
    """A node of the search tree: children by move, visits, availability and summed rewards per seat."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players


def _playout(engine: Game[Any, Any, Any]) -> Any:
    """The engine's fast random playout (``state, rng → (final, steps)``)."""
    try:
        takes_trace = "trace" in inspect.signature(engine.random_playout).parameters
    except (TypeError, ValueError):  # pragma: no cover - a C-level callable
        takes_trace = False
    if takes_trace:
        return engine.random_playout
    return lambda state, rng: Game.random_playout(engine, state, rng)


class _Search(Policy):
    """What the two searches share: budget, constant, checks and the final pick."""

    def __init__(self, iterations: int | None = None, c: float = DEFAULT_C) -> None:
        if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
            raise PolicyError(f"{self.name}: iterations must be from 1 to {MAX_ITERATIONS:,}; got {iterations!r}")
        if not 0 <= c <= 100 or math.isnan(c):
            raise PolicyError(f"{self.name}: c must be from 0 to 100; got {c!r}")
        self.iterations = iterations
        self.c = c

    def budget(self, engine: Game[Any, Any, Any]) -> int:
        """Iterations per decision for ``engine``'s game."""
        if self.iterations is not None:
            return self.iterations
        return DEFAULT_ITERATIONS.get(engine.name, FALLBACK_ITERATIONS)

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {}
        if self.iterations is not None:
            params["iterations"] = self.iterations
        if self.c != DEFAULT_C:
            params["c"] = self.c
        return params

    def supports(self, engine: Game[Any, Any, Any]) -> str | None:
        return has_sampler(engine)

    def _best(self, view: SeatView, visits: dict[Any, int]) -> Any:
        most = max(visits.values())
        return view.pick([m for m in view.legal if visits.get(m, 0) == most])

    def _select(self, node: _Node, moves: tuple[Any, ...], actor: int, availability: bool) -> Any:
        """UCB1 over the children of ``moves`` (all expanded), by the acting seat's mean reward."""
        c = self.c
        best_move, best_score = moves[0], -math.inf
        log_parent = math.log(node.visits) if not availability else 0.0
        for move in moves:
            child = node.children[move]
            spread = math.log(child.available) if availability else log_parent
            score = child.totals[actor] / child.visits + c * math.sqrt(spread / child.visits)
            if score > best_score:
                best_move, best_score = move, score
        return best_move

    def _iterate(self, engine: Game[Any, Any, Any], root: _Node, state: Any, rng: random.Random, playout: Any,
                 players: int, availability: bool) -> None:
        """One iteration: select and expand down from ``root`` at ``state``, play out at random, back up."""
        node = root
        path = [root]
        while True:
            actor = engine.current_player(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                move = engine.sample_chance(state, rng)
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = _Node(players)
                node = child
                state = engine.apply_unchecked(state, move)
                path.append(node)
                continue
            moves = engine.legal_moves(state)
            children = node.children
            if availability:
                for move in moves:
                    known = children.get(move)
                    if known is not None:
                        known.available += 1
            untried = [m for m in moves if m not in children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                node = children[move] = _Node(players)
                node.available = 1
                state = engine.apply_unchecked(state, move)
                path.append(node)
                break
            move = self._select(node, moves, actor, availability)
            node = children[move]
            state = engine.apply_unchecked(state, move)
            path.append(node)
        if engine.current_player(state) != TERMINAL:
            state, _ = playout(state, rng)
        rewards = engine.returns(state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat in range(players):
                totals[seat] += rewards[seat]


class MCTSPolicy(_Search):
    """UCT on ``worlds`` positions sampled from the seat's view (perfect-information Monte Carlo)."""

    name = "mcts"

    def __init__(self, iterations: int | None = None, c: float = DEFAULT_C, worlds: int = 4) -> None:
        super().__init__(iterations, c)
        if not 1 <= worlds <= 1000:
            raise PolicyError(f"mcts: worlds must be from 1 to 1000; got {worlds!r}")
        self.worlds = worlds

    def parameters(self) -> dict[str, Any]:
        params = super().parameters()
        if self.worlds != 4:
            params["worlds"] = self.worlds
        return params

    def choose(self, view: SeatView) -> Any:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        engine = view.engine
        rng = view.rng("mcts")
        playout = _playout(engine)
        players = view.players
        budget = self.budget(engine)
        worlds = min(self.worlds, budget)
        visits: dict[Any, int] = {}
        for world in range(worlds):
            state = view.sample(rng)
            root = _Node(players)
            for _ in range(budget // worlds + (world < budget % worlds)):
                self._iterate(engine, root, state, rng, playout, players, availability=False)
            for move, child in root.children.items():
                visits[move] = visits.get(move, 0) + child.visits
        return self._best(view, visits)


class ISMCTSPolicy(_Search):
    """Single-observer information-set MCTS: one tree, a freshly sampled position every iteration."""

    name = "ismcts"

    def choose(self, view: SeatView) -> Any:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        engine = view.engine
        rng = view.rng("ismcts")
        playout = _playout(engine)
        players = view.players
        root = _Node(players)
        for _ in range(self.budget(engine)):
            self._iterate(engine, root, view.sample(rng), rng, playout, players, availability=True)
        return self._best(view, {m: c.visits for m, c in root.children.items()})
