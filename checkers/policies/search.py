"""``mcts`` and ``ismcts``: Monte-Carlo tree search on positions sampled from one seat's view.

Both search with the game's own engine (its moves, its chance, its fast
random playouts) from positions drawn to agree with what the seat observes
(:meth:`~ruleproof.checkers.policies.core.SeatView.sample`); neither sees the
true position. Where an iteration stops, the position is valued by
:func:`~ruleproof.checkers.policies.leaf.leaf_values`: a random playout's
:meth:`~ruleproof.model.core.Game.returns` (a win is 1, shared equally among
tied winners), or, for a game that names one (Big Five), the game's
evaluation of the position, without a playout. The rewards are backed up as
one value per seat; each seat's node picks by its own value (max^n), so
three or more players are searched as they play.

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
:data:`DEFAULT_ITERATIONS` for ``mcts`` and :data:`ISMCTS_ITERATIONS` for
``ismcts``, about two seconds of CPU a game for the searching seat against
random play at two players: tests time nothing, the measured seconds are in
``docs/_data/disputes/strength.json``, shown on the disputes page); ``c`` and
``worlds`` default to the game's (:data:`GAME_C`, :data:`GAME_WORLDS`) and
a policy's text names only what was given. A forced move is played without
search. Randomness: a generator seeded by the decision's key, so the same
view and key give the same move (paired games stay paired).

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

import math
import random
from typing import Any, ClassVar

from ruleproof.checkers.policies.core import Policy, SeatView
from ruleproof.checkers.policies.errors import PolicyError
from ruleproof.checkers.policies.hidden import has_sampler
from ruleproof.checkers.policies.leaf import LeafValues, leaf_values
from ruleproof.model.core import CHANCE, TERMINAL, Game

__all__ = ["DEFAULT_C", "DEFAULT_ITERATIONS", "DEFAULT_WORLDS", "GAME_C", "GAME_WORLDS", "ISMCTSPolicy",
           "ISMCTS_ITERATIONS", "MAX_ITERATIONS", "MCTSPolicy", "default_settings"]

#: ``mcts``'s iterations per decision by game when none is given (about two seconds a game for one searching
#: seat). Big Five's iterations value their leaf without a playout (:mod:`~ruleproof.checkers.policies.leaf`),
#: so many more fit in the time: 300 over two worlds (:data:`GAME_WORLDS`), 150 a world, enough to try each of
#: the usual 35–65 root moves and return to the best several times.
DEFAULT_ITERATIONS: dict[str, int] = {"take5": 200, "bigfive": 300, "bigpoints": 300, "ikebana": 200, "cinco": 200}
#: ``ismcts``'s iterations per decision by game: as ``mcts``'s, but Big Five's iterations each sample a whole
#: deal of the unseen cards, so fewer fit in the same time.
ISMCTS_ITERATIONS: dict[str, int] = {**DEFAULT_ITERATIONS, "bigfive": 150}
#: Iterations per decision for a game not in :data:`DEFAULT_ITERATIONS`.
FALLBACK_ITERATIONS = 100
#: The largest budget a command line may ask for.
MAX_ITERATIONS = 1_000_000
#: UCB1's exploration constant when none is given (√2: rewards lie in [0, 1]).
DEFAULT_C = math.sqrt(2)
#: The exploration constant by game where it differs from :data:`DEFAULT_C`. Big Five's leaf values
#: (:mod:`~ruleproof.checkers.policies.leaf`) lie in a narrow band around ½ (a lead of two cards is 0.73), so √2
#: spreads the visits almost evenly over its 35–65 moves, the dozens of exchanges among them, and the move
#: visited most is nearly a lottery; 0.5 returns to the plays that gain cards.
GAME_C: dict[str, float] = {"bigfive": 0.5}
#: ``mcts``'s sampled positions per decision when none is given.
DEFAULT_WORLDS = 4
#: ``mcts``'s sampled positions by game where it differs from :data:`DEFAULT_WORLDS`: Big Five's budget over
#: four worlds leaves too few iterations a world for its many moves.
GAME_WORLDS: dict[str, int] = {"bigfive": 2}


def default_settings(engine: Game[Any, Any, Any]) -> str:
    """The two searches' settings for ``engine``'s game when none are given, as the game's page states them.

    >>> from ruleproof.model.registry import game_for
    >>> default_settings(game_for("take5"))
    'mcts: 200 iterations a decision over 4 sampled positions; ismcts: 200 iterations a decision; UCB1 constant 1.41'
    """
    mcts, ismcts = MCTSPolicy(), ISMCTSPolicy()
    return (f"mcts: {mcts.budget(engine)} iterations a decision over {mcts.world_count(engine)} sampled positions; "
            f"ismcts: {ismcts.budget(engine)} iterations a decision; UCB1 constant {mcts.exploration(engine):.3g}")


class _Node:
    """A node of the search tree: children by move, visits, availability and summed rewards per seat."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players


class _Search(Policy):
    """What the two searches share: budget, constant, checks and the final pick."""

    #: Iterations per decision by game when none is given.
    defaults: ClassVar[dict[str, int]] = DEFAULT_ITERATIONS

    def __init__(self, iterations: int | None = None, c: float | None = None) -> None:
        if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
            raise PolicyError(f"{self.name}: iterations must be from 1 to {MAX_ITERATIONS:,}; got {iterations!r}")
        if c is not None and (not 0 <= c <= 100 or math.isnan(c)):
            raise PolicyError(f"{self.name}: c must be from 0 to 100; got {c!r}")
        self.iterations = iterations
        self.c = c

    def budget(self, engine: Game[Any, Any, Any]) -> int:
        """Iterations per decision for ``engine``'s game."""
        if self.iterations is not None:
            return self.iterations
        return self.defaults.get(engine.name, FALLBACK_ITERATIONS)

    def exploration(self, engine: Game[Any, Any, Any]) -> float:
        """UCB1's constant for ``engine``'s game: the one given, else :data:`GAME_C`'s, else :data:`DEFAULT_C`."""
        if self.c is not None:
            return self.c
        return GAME_C.get(engine.name, DEFAULT_C)

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {}
        if self.iterations is not None:
            params["iterations"] = self.iterations
        if self.c is not None:
            params["c"] = self.c
        return params

    def supports(self, engine: Game[Any, Any, Any]) -> str | None:
        return has_sampler(engine)

    def _best(self, view: SeatView, visits: dict[Any, int]) -> Any:
        most = max(visits.values())
        return view.pick([m for m in view.legal if visits.get(m, 0) == most])

    def _select(self, node: _Node, moves: tuple[Any, ...], actor: int, availability: bool, c: float) -> Any:
        """UCB1 (constant ``c``) over the children of ``moves`` (all expanded), by the acting seat's mean reward."""
        best_move, best_score = moves[0], -math.inf
        log_parent = math.log(node.visits) if not availability else 0.0
        for move in moves:
            child = node.children[move]
            spread = math.log(child.available) if availability else log_parent
            score = child.totals[actor] / child.visits + c * math.sqrt(spread / child.visits)
            if score > best_score:
                best_move, best_score = move, score
        return best_move

    def _iterate(self, engine: Game[Any, Any, Any], root: _Node, state: Any, rng: random.Random, leaf: LeafValues,
                 players: int, availability: bool, c: float) -> None:
        """One iteration: select and expand down from ``root`` at ``state``, value the leaf (``leaf``), back up."""
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
            move = self._select(node, moves, actor, availability, c)
            node = children[move]
            state = engine.apply_unchecked(state, move)
            path.append(node)
        rewards = leaf(state, rng)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat in range(players):
                totals[seat] += rewards[seat]


class MCTSPolicy(_Search):
    """UCT on ``worlds`` positions sampled from the seat's view (perfect-information Monte Carlo)."""

    name = "mcts"

    def __init__(self, iterations: int | None = None, c: float | None = None, worlds: int | None = None) -> None:
        super().__init__(iterations, c)
        if worlds is not None and not 1 <= worlds <= 1000:
            raise PolicyError(f"mcts: worlds must be from 1 to 1000; got {worlds!r}")
        self.worlds = worlds

    def parameters(self) -> dict[str, Any]:
        params = super().parameters()
        if self.worlds is not None:
            params["worlds"] = self.worlds
        return params

    def world_count(self, engine: Game[Any, Any, Any]) -> int:
        """Positions sampled per decision for ``engine``'s game: the number given, else :data:`GAME_WORLDS`'s."""
        if self.worlds is not None:
            return self.worlds
        return GAME_WORLDS.get(engine.name, DEFAULT_WORLDS)

    def choose(self, view: SeatView) -> Any:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        engine = view.engine
        rng = view.rng("mcts")
        leaf = leaf_values(engine)
        players = view.players
        budget = self.budget(engine)
        worlds = min(self.world_count(engine), budget)
        c = self.exploration(engine)
        visits: dict[Any, int] = {}
        for world in range(worlds):
            state = view.sample(rng)
            root = _Node(players)
            for _ in range(budget // worlds + (world < budget % worlds)):
                self._iterate(engine, root, state, rng, leaf, players, False, c)
            for move, child in root.children.items():
                visits[move] = visits.get(move, 0) + child.visits
        return self._best(view, visits)


class ISMCTSPolicy(_Search):
    """Single-observer information-set MCTS: one tree, a freshly sampled position every iteration."""

    name = "ismcts"
    defaults = ISMCTS_ITERATIONS

    def choose(self, view: SeatView) -> Any:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        engine = view.engine
        rng = view.rng("ismcts")
        leaf = leaf_values(engine)
        players = view.players
        root = _Node(players)
        c = self.exploration(engine)
        for _ in range(self.budget(engine)):
            self._iterate(engine, root, view.sample(rng), rng, leaf, players, True, c)
        return self._best(view, {m: c.visits for m, c in root.children.items()})
