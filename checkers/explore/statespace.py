"""Exhaustive exploration of reduced game configurations as networkx graphs.

A *reduced configuration* is a small version of a game — a few cards, a short
path, a tiny board — whose every reachable state can be listed. Its graph has
one node per state and one edge per move (chance moves included, labelled with
their text form); the well-formedness checks of
:mod:`ruleproof.checkers.analysis.wellformed` read termination (no cycle), playability
(no non-terminal dead end) and weak winnability (a terminal state won by each
seat) off it. Graphs export to GraphML and DOT (``ruleproof graph``).

Each configuration says *why* it represents the full game: which rule paths
it exercises and which parts of the full game it leaves out. Some games have
variant flags for small configurations (BigPoints ``colour_discs`` /
``black_discs`` / ``white_discs``, Cinco ``layout_data``, Big Five
``handicap``); for the others (Take 5, Ikebana) the reduced states are built
here, directly, as positions late in a round, without changing the game.
A configuration may also name *frontier* states: states that lie outside the
reduced configuration (for example a Take 5 round that is over and would deal
104 cards again); they are nodes of the graph but are not expanded.

>>> ex = explored("bigpoints", "tiny")  # explore_config, computed once per process
>>> ex.complete, ex.graph.number_of_nodes() > 100
(True, True)
>>> dead_ends(ex), find_cycle(ex)
([], None)
>>> sorted(winning_seats(ex))
[0, 1]
"""

from __future__ import annotations

import itertools
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import networkx as nx

from ruleproof.checkers.explore.collector import collector_paused
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_to_dict
from ruleproof.spec.errors import RuleproofError

# --------------------------------------------------------------------------
# Configurations


@dataclass(frozen=True)
class ReducedConfig:
    """A small configuration of a game, explored exhaustively.

    :param roots: the states exploration starts from (``None``: the game's
        initial state for ``players`` and ``variant``).
    :param frontier: states outside the configuration, kept as unexpanded
        nodes (``None``: none).
    :param why: why the configuration represents the full game.
    :param max_states: exploration stops (``complete=False``) beyond this.
    :param key: an abstraction of states: states with equal keys share a node.
        It must keep everything the legal moves and whose-turn depend on
        (so the quotient graph has the same cycles and dead ends); terminal
        winners are then those of the first state met with that key.
    """

    game: str
    name: str
    players: int
    variant: Any
    why: str
    roots: Callable[[], Iterable[Any]] | None = None
    frontier: Callable[[Any], bool] | None = None
    max_states: int = 200_000
    key: Callable[[Any], Any] | None = None

    def label(self) -> str:
        """``game/name`` with the flags that differ from the default."""
        default = type(self.variant)()
        changed = {k: v for k, v in variant_to_dict(self.variant).items() if variant_to_dict(default).get(k) != v}
        flags = ", ".join(f"{k}={v}" for k, v in changed.items() if k not in ("layout_data", "layout_sha256"))
        return f"{self.game}/{self.name} ({self.players} players{', ' + flags if flags else ''})"

    def initial_states(self) -> list[Any]:
        """The roots of the exploration."""
        if self.roots is not None:
            return list(self.roots())
        return [game_for(self.game).initial_state(self.players, self.variant)]


@dataclass
class Exploration:
    """The explored graph of a configuration.

    Nodes are integers (``states[n]`` is the state). :attr:`graph` is the
    networkx view: node attributes ``actor`` (a seat, -1 chance, -2 terminal),
    ``terminal``, ``frontier``, ``winners`` (comma-separated seats of a
    terminal state) and ``root``; edge attributes ``move`` (its text form) and
    ``chance``.
    """

    config: ReducedConfig
    states: list[Any]
    roots: list[int]
    complete: bool
    seconds: float
    #: ``succ[n]``: the moves from node ``n`` and the nodes they lead to.
    succ: list[list[tuple[Any, int]]]
    actors: list[int]
    frontier: list[bool]
    winners: list[str]
    _graph: nx.DiGraph | None = None
    #: :func:`topological_order`'s answer, once computed.
    _topological: tuple[list[int], list[int]] | None = None

    @property
    def graph(self) -> nx.DiGraph:
        """The graph as a networkx ``DiGraph`` (built on first use)."""
        if self._graph is None:
            # Built in bulk (nodes in index order, then each node's edges in move order), which is
            # cheaper than one add_node / add_edge call per item and gives the same graph.
            g: nx.DiGraph = nx.DiGraph(name=self.config.label())
            roots = set(self.roots)
            frontier, winners = self.frontier, self.winners
            with collector_paused():
                g.add_nodes_from((n, {"actor": actor, "terminal": actor == TERMINAL, "frontier": frontier[n],
                                      "winners": winners[n], "root": n in roots})
                                 for n, actor in enumerate(self.actors))
                g.add_edges_from((n, m, {"move": str(move), "chance": chance})
                                 for n, edges, chance in zip(itertools.count(), self.succ,
                                                             (a == CHANCE for a in self.actors))
                                 for move, m in edges)
            self._graph = g
        return self._graph

    @property
    def moves(self) -> dict[tuple[int, int], Any]:
        """The move of each edge ``(n, m)``."""
        return {(n, m): move for n, edges in enumerate(self.succ) for move, m in edges}

    def size(self) -> tuple[int, int]:
        """``(states, moves)``."""
        return len(self.states), sum(len(e) for e in self.succ)

    def summary(self) -> str:
        """Sizes in one line."""
        nodes, edges = self.size()
        terminal = sum(1 for a in self.actors if a == TERMINAL)
        frontier = sum(self.frontier)
        text = (f"{self.config.label()}: {nodes} states, {edges} moves, "
                f"{len(self.roots)} roots, {terminal} terminal")
        if frontier:
            text += f", {frontier} frontier"
        return text + ("" if self.complete else f" (stopped at {self.config.max_states} states)")


def explore(game: Game[Any, Any, Any], roots: Sequence[Any], *, frontier: Callable[[Any], bool] | None = None,
            max_states: int = 200_000, config: ReducedConfig | None = None,
            key: Callable[[Any], Any] | None = None,
            allow: Callable[[Any, Any], bool] | None = None) -> Exploration:
    """Breadth-first search over every move (chance included) from ``roots``.

    With ``key``, states with the same key are one node (see :class:`ReducedConfig`).
    With ``allow``, only the moves ``m`` with ``allow(state, m)`` are followed:
    the result is a subgraph (its cycles are cycles of the game, but a state
    may look like a dead end only because its moves were filtered out).
    The garbage collector is paused meanwhile (:func:`collector_paused`).
    """
    with collector_paused():
        return _search(game, roots, frontier, max_states, config, key, allow)


def _search(game: Game[Any, Any, Any], roots: Sequence[Any], frontier: Callable[[Any], bool] | None,
            max_states: int, config: ReducedConfig | None, key: Callable[[Any], Any] | None,
            allow: Callable[[Any, Any], bool] | None) -> Exploration:
    start = time.perf_counter()
    index: dict[Any, int] = {}
    states: list[Any] = []
    succ: list[list[tuple[Any, int]]] = []
    actors: list[int] = []
    outside: list[bool] = []
    winners: list[str] = []
    queue: deque[int] = deque()
    current_player, legal_moves, apply = game.current_player, game.legal_moves, game.apply_unchecked

    def add(state: Any, k: Any) -> int:
        n = len(states)
        index[k] = n
        states.append(state)
        succ.append([])
        actor = current_player(state)
        actors.append(actor)
        cut = bool(frontier is not None and actor != TERMINAL and frontier(state))
        outside.append(cut)
        winners.append(",".join(map(str, sorted(game.outcome(state).winners))) if actor == TERMINAL else "")
        if not cut and actor != TERMINAL:
            queue.append(n)
        return n

    def node(state: Any) -> int:
        k = state if key is None else key(state)
        n = index.get(k)
        return add(state, k) if n is None else n

    root_ids = list(dict.fromkeys(node(s) for s in roots))
    complete = True
    get = index.get
    while queue:
        if len(states) > max_states:
            complete = False
            for n in queue:  # not expanded: outside the explored part, like frontier states
                outside[n] = True
            break
        n = queue.popleft()
        state = states[n]
        seen: set[int] = set()
        edges = succ[n]
        for move in legal_moves(state):
            if allow is not None and not allow(state, move):
                continue
            # node(), inlined: most successors are states met before.
            child = apply(state, move)
            k = child if key is None else key(child)
            m = get(k)
            if m is None:
                m = add(child, k)
            if m not in seen:
                seen.add(m)
                edges.append((move, m))
    if config is None:
        config = ReducedConfig(game.name, "custom", game.players_of(roots[0]), game.variant_of(roots[0]), "")
    return Exploration(config, states, root_ids, complete, time.perf_counter() - start, succ, actors, outside,
                       winners)


def explore_config(config: ReducedConfig) -> Exploration:
    """Explore a reduced configuration."""
    return explore(game_for(config.game), config.initial_states(), frontier=config.frontier,
                   max_states=config.max_states, config=config, key=config.key)


# --------------------------------------------------------------------------
# Reading the graph


def dead_ends(ex: Exploration) -> list[int]:
    """Non-terminal, non-frontier states without a legal move (playability failures)."""
    return [n for n, edges in enumerate(ex.succ) if not edges and ex.actors[n] != TERMINAL and not ex.frontier[n]]


def topological_order(ex: Exploration) -> tuple[list[int], list[int]]:
    """Kahn's algorithm: ``(order, rest)``; ``rest`` (the nodes on or behind a cycle) is empty for a DAG.

    Computed once per exploration (termination and the longest play both read it); each call returns
    fresh lists. Hand-written over the integer adjacency lists rather than networkx's
    ``topological_sort`` so that no networkx graph has to be built, and so that ``rest`` comes out too.
    """
    if ex._topological is None:
        with collector_paused():
            ex._topological = _kahn(ex.succ)
    order, rest = ex._topological
    return list(order), list(rest)


def _kahn(succ: list[list[tuple[Any, int]]]) -> tuple[list[int], list[int]]:
    targets = [[m for _, m in edges] for edges in succ]
    indegree = [0] * len(succ)
    for ms in targets:
        for m in ms:
            indegree[m] += 1
    ready = [n for n, d in enumerate(indegree) if d == 0]
    order: list[int] = []
    push, pop, emit = ready.append, ready.pop, order.append
    while ready:
        n = pop()
        emit(n)
        for m in targets[n]:
            indegree[m] -= 1
            if indegree[m] == 0:
                push(m)
    rest = [n for n, d in enumerate(indegree) if d]
    return order, rest


def find_cycle(ex: Exploration) -> list[int] | None:
    """A cycle of states (first node repeated at the end), or ``None`` when the graph is acyclic."""
    _, rest = topological_order(ex)
    if not rest:
        return None
    edges = nx.find_cycle(_bare_graph(ex).subgraph(rest))
    return [int(u) for u, _ in edges] + [int(edges[0][0])]


def _bare_graph(ex: Exploration) -> nx.DiGraph:
    """:attr:`Exploration.graph` without attributes (the same nodes and edges, added in the same order, so
    networkx walks it in the same order), cheaper to build when only the shape is needed."""
    if ex._graph is not None:
        return ex._graph
    g: nx.DiGraph = nx.DiGraph()
    with collector_paused():
        g.add_nodes_from(range(len(ex.succ)))
        g.add_edges_from((n, m) for n, edges in enumerate(ex.succ) for _, m in edges)
    return g


def longest_play(ex: Exploration) -> int:
    """The most moves from a root to any state (the graph must be acyclic)."""
    order, rest = topological_order(ex)
    if rest:
        raise ValueError("the graph has a cycle: no longest play")
    lengths = [-1] * len(ex.succ)  # -1: not reached from a root (yet)
    for r in ex.roots:
        lengths[r] = 0
    succ = ex.succ
    for n in order:
        here = lengths[n] + 1
        if here == 0:
            continue
        for _, m in succ[n]:
            if lengths[m] < here:
                lengths[m] = here
    return max(max(lengths, default=0), 0)


def winning_seats(ex: Exploration) -> dict[int, int]:
    """For each seat, a terminal state it wins (shared wins count)."""
    found: dict[int, int] = {}
    for n, text in enumerate(ex.winners):
        if text:
            for seat in map(int, text.split(",")):
                found.setdefault(seat, n)
    return found


def distances(ex: Exploration) -> dict[int, int]:
    """The fewest moves from a root to each reachable state (one breadth-first search from every root
    at once): ``distances(ex)[n] == len(path_to(ex, n)[1])``, for all states in the time of one search.

    >>> ex = explored("bigpoints", "tiny")
    >>> far = distances(ex)
    >>> all(far[n] == len(path_to(ex, n)[1]) for n in (0, 5, 50, len(ex.states) - 1))
    True
    """
    far = dict.fromkeys(ex.roots, 0)
    queue: deque[int] = deque(ex.roots)
    while queue:
        n = queue.popleft()
        for _, m in ex.succ[n]:
            if m not in far:
                far[m] = far[n] + 1
                queue.append(m)
    return far


def path_to(ex: Exploration, target: int) -> tuple[int, list[Any]]:
    """A shortest move sequence from some root to ``target``: ``(root, moves)``."""
    parents: dict[int, int | None] = {}
    queue: deque[int] = deque()
    for r in ex.roots:
        parents[r] = None
        queue.append(r)
    while queue:
        n = queue.popleft()
        if n == target:
            break
        for _, m in ex.succ[n]:
            if m not in parents:
                parents[m] = n
                queue.append(m)
    if target not in parents:
        raise ValueError(f"state {target} is not reachable from the roots")
    chain = [target]
    while parents[chain[-1]] is not None:
        chain.append(parents[chain[-1]])  # type: ignore[arg-type]
    chain.reverse()
    return chain[0], [_move(ex, a, b) for a, b in itertools.pairwise(chain)]


def _move(ex: Exploration, a: int, b: int) -> Any:
    return next(move for move, m in ex.succ[a] if m == b)


def cycle_moves(ex: Exploration, cycle: Sequence[int]) -> list[Any]:
    """The moves around a cycle returned by :func:`find_cycle`."""
    return [_move(ex, a, b) for a, b in itertools.pairwise(cycle)]


# --------------------------------------------------------------------------
# Export


def _plain(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def to_graphml(ex: Exploration, path: str | Path, *, states: bool = True) -> None:
    """Write the graph as GraphML; ``states`` adds each state's ``repr`` as a node attribute."""
    g = _export_graph(ex, states)
    nx.write_graphml(g, str(path))


def _export_graph(ex: Exploration, states: bool) -> nx.DiGraph:
    g: nx.DiGraph = nx.DiGraph(name=ex.config.label())
    for n, d in ex.graph.nodes(data=True):
        attrs = {k: _plain(v) for k, v in d.items()}
        if states:
            attrs["state"] = repr(ex.states[n])
        g.add_node(n, **attrs)
    for u, v, d in ex.graph.edges(data=True):
        g.add_edge(u, v, **{k: _plain(x) for k, x in d.items()})
    return g


def to_dot(ex: Exploration) -> str:
    """The graph in Graphviz DOT, written by networkx's pydot writer: roots as
    boxes, terminal states double circles labelled with their winners, frontier
    states dashed, chance edges dotted.

    >>> text = to_dot(explored("bigpoints", "tiny"))
    >>> text.splitlines()[0]
    'digraph "bigpoints/tiny (2 players, colour_discs=2, black_discs=1, white_discs=0)" {'
    """
    g: nx.DiGraph = nx.DiGraph()
    g.graph["node"] = {"shape": "circle", "label": ""}
    for n, d in ex.graph.nodes(data=True):
        attrs: dict[str, str] = {}
        if d["terminal"]:
            attrs.update(shape="doublecircle", label=_dot_quote("win " + d["winners"]))
        elif d["root"]:
            attrs.update(shape="box", label=_dot_quote("root"))
        if d["frontier"]:
            attrs["style"] = "dashed"
        g.add_node(f"n{n}", **attrs)
    for u, v, d in ex.graph.edges(data=True):
        attrs = {"label": _dot_quote(d["move"])}
        if d["chance"]:
            attrs["style"] = "dotted"
        g.add_edge(f"n{u}", f"n{v}", **attrs)
    dot = nx.nx_pydot.to_pydot(g)
    dot.set_strict(False)
    dot.set_name(_dot_quote(ex.config.label()))
    text: str = dot.to_string()
    return text


def _dot_quote(text: str) -> str:
    # pydot writes attribute values as given: quote them so spaces and symbols survive.
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --------------------------------------------------------------------------
# The reduced configurations of each game


def _take5_roots(players: int, variant: Any, family: str) -> Callable[[], list[Any]]:
    from ruleproof.spec.take5 import Take5State, deck_cards

    def build() -> list[Any]:
        deal = variant.hand_size * players + variant.rows
        everything = deck_cards(variant, players)
        rows_count, capacity = variant.rows, variant.row_capacity
        hand = min(2, variant.hand_size)  # the round's last turns: two cards a hand (one when hands hold one)
        roots: list[Any] = []
        prefix: tuple[int, ...] = ()
        if family == "fullrow" and capacity > 1:
            # one row a card short of full (the next card fills it, the one after takes it), one-card rows beside
            prefix = tuple(range(1, capacity))
            universe = tuple(range(capacity, capacity + rows_count - 1 + hand * players))
        else:
            universe = tuple(range(1, rows_count + hand * players + 1))
        singles = rows_count - (1 if prefix else 0)
        used = set(universe) | set(prefix)
        deck = tuple(c for c in everything if c not in used)  # the same for every root: built once
        for ends in itertools.combinations(universe, singles):
            rest = [c for c in universe if c not in ends]
            rows = ((prefix,) if prefix else ()) + tuple((e,) for e in ends)
            for hand0 in itertools.combinations(rest, len(rest) // 2):
                hand1 = tuple(c for c in rest if c not in hand0)
                roots.append(Take5State(
                    variant, players, 1, deck, deal, (hand0, hand1), rows, (0, 0), False, ((), ()), (0, 0), False,
                ))
        return roots

    return build


def _take5_frontier(state: Any) -> bool:
    # A round that is over and not the end of the game: the next deal is the full game.
    deal = state.variant.hand_size * state.players + state.variant.rows
    return state.dealt == deal and not state.resolving and not state.hands[-1]


def _take5_config(name: str, **flags: Any) -> ReducedConfig:
    from ruleproof.spec.take5 import Take5Variant

    family = "fullrow" if name == "fullrow" else "singles"
    variant = Take5Variant(**{"threshold": 1, "deck": "tactical", **flags})
    rows, capacity = variant.rows, variant.row_capacity
    default = Take5Variant()
    if (rows, capacity, variant.hand_size) == (default.rows, default.row_capacity, default.hand_size):
        deal = ("cards 1-8 into four one-card rows (row order fixed by symmetry)" if family == "singles"
                else "cards 5-11 beside a four-card row 1-2-3-4 (so that sixth cards and too-low takes both occur)")
    else:
        deal = (f"{rows + 4} cards into {rows} one-card rows (row order fixed by symmetry)" if family == "singles"
                else f"cards beside a row of {capacity - 1} (so that a card taking the full row and too-low takes "
                     "both occur)") + f", under {rows} rows of {capacity} cards and hands of {variant.hand_size}"
    why = ("the last two turns of a round for two players (hands of two cards), from every deal of " + deal
           + "; threshold 1 ends the game at the round's end whenever a card was taken. Every placement "
             "rule (nearest row, sixth card, too-low take, the professional left end) fires in these turns; "
             "longer rounds repeat the same turn structure, and the number of rounds is bounded separately "
             "(T5 termination proof).")
    return ReducedConfig("take5", name, 2, variant, why, _take5_roots(2, variant, family), _take5_frontier)


def _bigpoints_config(name: str, **flags: Any) -> ReducedConfig:
    from ruleproof.spec.bigpoints import BigPointsVariant

    sizes = {"tiny": dict(colour_discs=2, black_discs=1, white_discs=0),
             "small": dict(colour_discs=2, black_discs=1, white_discs=1),
             "blacks": dict(colour_discs=2, black_discs=2, white_discs=0)}[name]
    variant = BigPointsVariant(**{**sizes, **flags})
    why = ("the whole game after set-up, from every path with one disc of each pawn colour plus "
           f"{sizes['black_discs']} black and {sizes['white_discs']} white (up to renaming the five colours, "
           "which every rule treats alike): every kind of move (forward, onto the ladder, black-disc extra move, "
           "backward move, take ahead/behind/none) occurs, and so does the no-free-disc gap, which the full "
           "path excludes only by counting (BP-F-1).")
    return ReducedConfig("bigpoints", name, 2, variant, why, _bigpoints_roots(2, variant), key=bigpoints_key)


def bigpoints_key(state: Any) -> Any:
    """A BigPoints state without what only scoring reads (the ladder order, discs in hand other than
    black, spent discs, scores): legal moves and turns depend on the rest alone.

    The key is a plain tuple of the fields kept, in field order, with the black discs in hand for
    ``hands`` and the variant replaced by its number among the variants met so far
    (:func:`_variant_number`: equal variants get equal numbers). Two states get equal keys exactly when
    ``state._replace(hands=<black discs>, spent=(), scores=(), ladder=(), reserve="")`` is equal (the
    dropped fields are constants there), so the quotient is the same; building a tuple is cheaper than
    ``_replace`` and hashing a number cheaper than hashing the variant (a frozen dataclass hashes all its
    fields each time).

    >>> game = game_for("bigpoints")
    >>> state = game.initial_state(2, game.default_variant())
    >>> bigpoints_key(state) == bigpoints_key(state._replace(scores=(3, 4), spent=(1, 0)))
    True
    >>> bigpoints_key(state) == bigpoints_key(state._replace(turn=1))
    False
    """
    (variant, players, game, phase, turn, path, pawns, _ladder, _reserve, hands, _spent, moved, extra, used_black,
     fresh, _scores) = state
    last = _LAST_VARIANT  # _variant_number(variant), its identity check for the last variant inlined
    number = last[1] if last[0] is variant else _variant_number(variant)
    blacks = (hands[0][5], hands[1][5]) if players == 2 else tuple([hand[5] for hand in hands])
    return (number, players, game, phase, turn, path, pawns, blacks, moved, extra, used_black, fresh)


#: ``id(variant) -> (variant, number)``; the variant is kept so that its id is never reused.
_VARIANT_IDS: dict[int, tuple[Any, int]] = {}
#: ``variant -> number``, by equality.
_VARIANT_NUMBERS: dict[Any, int] = {}
#: The last variant numbered, with its number (an entry of :data:`_VARIANT_IDS`).
_LAST_VARIANT: tuple[Any, int] = (None, -1)


def _variant_number(variant: Any) -> int:
    """A number per variant, equal for equal variants (looked up by identity first: states of one
    exploration share their variant object)."""
    global _LAST_VARIANT
    known = _VARIANT_IDS.get(id(variant))
    if known is not None and known[0] is variant:
        _LAST_VARIANT = known
        return known[1]
    number = _VARIANT_NUMBERS.setdefault(variant, len(_VARIANT_NUMBERS))
    _VARIANT_IDS[id(variant)] = _LAST_VARIANT = (variant, number)
    return number


def canonical_paths(variant: Any) -> list[str]:
    """Every path the variant can lay, up to renaming the five pawn colours:
    the first discs of the base colours appear in the order B, R, Y, G, P.

    >>> from ruleproof.spec.bigpoints import BigPointsVariant
    >>> canonical_paths(BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0))
    ['BKRYGP', 'BRKYGP', 'BRYGKP', 'BRYGPK', 'BRYKGP', 'KBRYGP']
    """
    from ruleproof.spec.bigpoints import LETTERS, path_composition

    counts = dict(zip(LETTERS, path_composition(variant)))
    found: list[str] = []

    def extend(prefix: str, seen: int) -> None:
        if not any(counts.values()):
            found.append(prefix)
            return
        for letter in LETTERS:
            if not counts[letter]:
                continue
            base = LETTERS.index(letter)
            nxt = seen
            if base < 5 and letter not in prefix:
                if base != seen:
                    continue
                nxt = seen + 1
            counts[letter] -= 1
            extend(prefix + letter, nxt)
            counts[letter] += 1

    extend("", 0)
    return sorted(found)


def _bigpoints_roots(players: int, variant: Any) -> Callable[[], list[Any]]:
    from ruleproof.spec.bigpoints import DISC_COLOURS, LETTERS, Lay

    def build() -> list[Any]:
        game = game_for("bigpoints")
        roots = []
        for path in canonical_paths(variant):
            state = game.initial_state(players, variant)
            for letter in path:
                state = game.apply(state, Lay(DISC_COLOURS[LETTERS.index(letter)]))
            roots.append(state)
        return roots

    return build


def _ikebana_roots(variant: Any, family: str) -> Callable[[], list[Any]]:
    from ruleproof.spec.ikebana import IkebanaState

    dealt = 2 * variant.start_coins  # the two players' starting coins: more in the purses was paid out by the bank
    size = variant.bouquet

    def build() -> list[Any]:
        # Seat 1 looks at a card it drew in the final round; what follows is decided by the engine. Seat 0
        # needs one card, seat 1 two (the one it looks at and one more).
        roots = []
        hands = (("R1", "R2", "R3", "R4", "R5")[:size - 1], ("B3", "B4", "B5")[-(size - 2):])
        if family == "small":
            decks: tuple[tuple[str, ...], ...] = (("G1", "G3", "Y4"),)
            pile_sets: tuple[tuple[tuple[str, ...], ...], ...] = ((("G2",), ("Y1", "W3")),)
        else:
            decks = ((),)
            pile_sets = (((), ()), (("G2",), ()), (("G2", "G3"), ("Y1",)), (("G2",), ("Y1", "W3", "W4")))
        for deck in decks:
            for piles in pile_sets:
                for coins in ((6, 6), (0, 12), (2, 3)) if family == "dry" else ((6, 6), (2, 3)):
                    roots.append(IkebanaState(
                        variant, 2, variant.rounds, 0, 1, "decide", deck, hands, piles, "B2", 0, coins,
                        sum(coins) - dealt if sum(coins) >= dealt else 0, (), (), (), ()))
        return roots

    return build


def _ikebana_config(name: str, **flags: Any) -> ReducedConfig:
    from ruleproof.spec.ikebana import IkebanaVariant

    variant = IkebanaVariant(**flags)
    family = "dry" if name == "dry" else "small"
    why = ("the last turns of the final round for two players, built directly: seat 1 looks at a card it drew "
           "(three cards in hand), seat 0 needs one card, purses from 0 to 12 coins; "
           + ("three cards left in the deck and discard tops to buy: every turn option (draw, refuse with rising "
              "cost, forced keep, buy, recycle) occurs"
              if family == "small" else
              "the deck is empty, so every draw recycles the discards or stalls; covers the stall and "
              "recycling rules that the full deck (50 cards, at most 25 in hands) never reaches")
           + ". A full round repeats the same turns; rounds are bounded by four.")
    return ReducedConfig("ikebana", name, 2, variant, why, _ikebana_roots(variant, family))


def _bigfive_roots(players: int, variant: Any) -> Callable[[], list[Any]]:
    game = game_for("bigfive")

    def build() -> list[Any]:
        state = game.initial_state(players, variant)
        # Animals and colours are symmetric (every rule treats them alike), so the start card is fixed.
        first = game.legal_moves(state)[0]
        return [game.apply_unchecked(state, first)]

    return build


def _bigfive_config(name: str, **flags: Any) -> ReducedConfig:
    from ruleproof.spec.bigfive import BigFiveVariant

    deal = {"small": (1, 1), "uneven": (2, 1)}[name]
    variant = BigFiveVariant(**{"handicap": deal, "idle_rounds": 1, **flags})
    why = (f"two players with the handicap deal {list(deal)} (cards per deck), every deal of the decks "
           "after a fixed start card (animals and colours are symmetric, so one start card stands for all "
           "25); plays, passes and the stalemate ending occur. Exchanges and bonuses need larger decks; "
           "their termination is covered by the idle-round bound.")
    return ReducedConfig("bigfive", name, 2, variant, why, _bigfive_roots(2, variant))


def cinco_layout_path(name: str = "line9") -> str:
    """The file of a small Cinco layout shipped for the reduced configurations."""
    ref = resources.files("ruleproof.checkers").joinpath("data", f"cinco_{name}.json")
    with resources.as_file(ref) as path:
        return str(path)


def _cinco_config(name: str, **flags: Any) -> ReducedConfig:
    from ruleproof.spec.cinco import CincoVariant

    from ruleproof.model.io.inputs import load_layout_file
    from ruleproof.spec.cinco import custom_layout_flags

    layout = custom_layout_flags(load_layout_file(cinco_layout_path("line9")))
    variant = CincoVariant(**{**layout, "chips": 5, **flags})
    why = ("two players on a one-direction board of nine cells numbered 1-9 (five windows of five), "
           "nine cards, five chips each: drawing, exchanging, reshuffling the discards, playing at or above "
           "the number, burning and winning all occur. The graph is cut at max_states; a cycle found in it "
           "is a real cycle of the full rules.")
    return ReducedConfig("cinco", name, 2, variant, why, max_states=60_000)


_BUILDERS: dict[str, tuple[Callable[..., ReducedConfig], tuple[str, ...]]] = {
    "take5": (_take5_config, ("small", "fullrow")),
    "bigpoints": (_bigpoints_config, ("small", "tiny", "blacks")),
    "ikebana": (_ikebana_config, ("small", "dry")),
    "bigfive": (_bigfive_config, ("small", "uneven")),
    "cinco": (_cinco_config, ("small",)),
}


def config_names(game: str) -> tuple[str, ...]:
    """The reduced configurations a game has (``small`` always)."""
    return _BUILDERS[game][1] if game in _BUILDERS else ()


def config_for(game: str, name: str = "small", **flags: Any) -> ReducedConfig:
    """A game's reduced configuration, with variant ``flags`` on top.

    :raises RuleproofError: an unknown game or configuration name.
    """
    if game not in _BUILDERS:
        raise RuleproofError(f"no reduced configurations for {game!r}; games: {', '.join(_BUILDERS)}")
    build, names = _BUILDERS[game]
    if name not in names:
        raise RuleproofError(f"{game} has no configuration {name!r}; choose one of {', '.join(names)}")
    # A reading's table flags arrive as JSON lists (Reading.changed_flags); a variant holds tuples.
    return build(name, **{k: tuple(v) if isinstance(v, list) else v for k, v in flags.items()})


# Several questions (well-formedness, the BigPoints Z3 layer) read the same
# exploration: it is computed once per process.
_CACHE: dict[tuple[str, str, tuple[tuple[str, Any], ...]], Exploration] = {}


def explored(game: str, name: str, **flags: Any) -> Exploration:
    """The exploration of a reduced configuration (cached: several questions read it; a table flag's list is keyed
    as a tuple)."""
    key = (game, name, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in flags.items())))
    if key not in _CACHE:
        _CACHE[key] = explore_config(config_for(game, name, **flags))
    return _CACHE[key]
