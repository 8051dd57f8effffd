"""The cheaper exploration (issue 21) answers exactly as the straightforward one.

Each test compares the code in :mod:`ruleproof.checkers.explore.statespace` with a plain reference
written here as the module first had it: the BigPoints state abstraction, Kahn's order, the longest
play and the networkx graph.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import networkx as nx
import pytest

from ruleproof.checkers.explore import statespace as ss
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.registry import game_for


def _reference_key(state: Any) -> Any:
    return state._replace(hands=tuple(h[5] for h in state.hands), spent=(), scores=(), ladder=(), reserve="")


def _bigpoints_states() -> list[Any]:
    """States of random BigPoints games: the tiny configurations under several flags (equal variants
    built as distinct objects) and the default game."""
    from ruleproof.spec.bigpoints import BigPointsVariant

    game = game_for("bigpoints")
    flag_sets: list[dict[str, Any]] = [{}, {"back_to_start": True},
                                       {"no_free_disc": "illegal", "back_to_start": True, "extra_timing": "before"}]
    states: list[Any] = []
    rng = random.Random(21)
    for i in range(120):
        flags = flag_sets[i % len(flag_sets)]
        if i % 4 == 3:
            variant = BigPointsVariant(**flags)  # the full path
        else:
            variant = BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0, **flags)
        state = game.initial_state(2, variant)
        while not game.is_terminal(state):
            states.append(state)
            state = game.apply_unchecked(state, game.random_move(state, rng))
        states.append(state)
    return states


def _same_equivalence(states: list[Any], key: Callable[[Any], Any]) -> bool:
    """Whether ``key`` and the reference key make the same states equal."""
    to_new: dict[Any, Any] = {}
    to_old: dict[Any, Any] = {}
    for state in states:
        old, new = _reference_key(state), key(state)
        if to_new.setdefault(old, new) != new or to_old.setdefault(new, old) != old:
            return False
    return True


def test_bigpoints_key_is_the_same_equivalence_as_the_reference() -> None:
    states = _bigpoints_states()
    assert _same_equivalence(states, ss.bigpoints_key)
    # The sample must exercise the abstraction: distinct states merged, and several variants, equal
    # ones among them built as distinct objects.
    assert len({ss.bigpoints_key(s) for s in states}) < len(set(states))
    assert len({s.variant for s in states}) >= 4
    assert len({id(s.variant) for s in states}) > len({s.variant for s in states})


@pytest.mark.parametrize("drop", [0, 6], ids=["variant", "pawns"])
def test_a_key_that_merges_too_much_is_caught(drop: int) -> None:
    # The comparison above can fail: a key forgetting a field merges states the reference keeps apart.
    states = _bigpoints_states()
    assert not _same_equivalence(states, lambda s: ss.bigpoints_key(s)[:drop] + ss.bigpoints_key(s)[drop + 1:])


def _same_exploration(a: ss.Exploration, b: ss.Exploration) -> None:
    assert a.states == b.states and a.roots == b.roots and a.complete == b.complete
    assert a.actors == b.actors and a.frontier == b.frontier and a.winners == b.winners
    assert [[(str(mv), m) for mv, m in e] for e in a.succ] == [[(str(mv), m) for mv, m in e] for e in b.succ]


def test_bigpoints_exploration_is_unchanged_by_the_cheaper_key() -> None:
    config = ss.config_for("bigpoints", "tiny", back_to_start=True)
    game = game_for("bigpoints")
    roots = config.initial_states()
    # The first 6,000 states (breadth first) of the configuration's ~30,000: enough to merge many states.
    new = ss.explore(game, roots, config=config, key=ss.bigpoints_key, max_states=6_000)
    old = ss.explore(game, roots, config=config, key=_reference_key, max_states=6_000)
    _same_exploration(new, old)
    assert new.size() == old.size() and new.size()[0] > 6_000
    assert sum(len(e) for e in new.succ) > new.size()[0]  # states met more than once


def _reference_order(ex: ss.Exploration) -> tuple[list[int], list[int]]:
    indegree = [0] * len(ex.states)
    for edges in ex.succ:
        for _, m in edges:
            indegree[m] += 1
    ready = [n for n, d in enumerate(indegree) if d == 0]
    order: list[int] = []
    while ready:
        n = ready.pop()
        order.append(n)
        for _, m in ex.succ[n]:
            indegree[m] -= 1
            if indegree[m] == 0:
                ready.append(m)
    done = set(order)
    return order, [n for n in range(len(ex.states)) if n not in done]


def _cinco_without_plays() -> ss.Exploration:
    from ruleproof.spec.cinco import Play

    config = ss.config_for("cinco")
    return ss.explore(game_for("cinco"), config.initial_states(), allow=lambda s, m: not isinstance(m, Play),
                      max_states=config.max_states, config=config)


@pytest.mark.parametrize("make", [lambda: ss.explored("bigfive", "small"), _cinco_without_plays,
                                  lambda: ss.explore_config(ss.config_for("take5", "fullrow"))],
                         ids=["bigfive", "cinco-cyclic", "take5"])
def test_topological_order_equals_the_reference(make: Callable[[], ss.Exploration]) -> None:
    ex = make()
    expected = _reference_order(ex)
    first = ss.topological_order(ex)
    assert first == expected
    first[0].clear()  # the answer is computed once; callers get their own lists
    assert ss.topological_order(ex) == expected


def test_cyclic_rest_is_found() -> None:
    ex = _cinco_without_plays()
    order, rest = ss.topological_order(ex)
    assert rest and sorted(order + rest) == list(range(len(ex.states)))
    cycle = ss.find_cycle(ex)  # on a graph without attributes
    assert cycle is not None and set(cycle) <= set(rest)
    # networkx walks the bare graph in the order of the full one: the same cycle.
    edges = nx.find_cycle(ex.graph.subgraph(rest))
    assert cycle == [u for u, _ in edges] + [edges[0][0]]
    assert ss.find_cycle(ex) == cycle  # the full graph, now built, is used as it is


@pytest.mark.parametrize("game,name", [("bigfive", "small"), ("take5", "fullrow"), ("ikebana", "dry")])
def test_longest_play_equals_networkx(game: str, name: str) -> None:
    ex = ss.explored(game, name)
    g = ex.graph
    # Every state is reached from a root and no root has a predecessor: the longest path of the DAG
    # starts at a root.
    assert all(g.in_degree(r) == 0 for r in ex.roots)
    assert ss.longest_play(ex) == nx.dag_longest_path_length(g) > 0


def _reference_graph(ex: ss.Exploration) -> nx.DiGraph:
    g: nx.DiGraph = nx.DiGraph(name=ex.config.label())
    roots = set(ex.roots)
    for n, actor in enumerate(ex.actors):
        g.add_node(n, actor=actor, terminal=actor == TERMINAL, frontier=ex.frontier[n],
                   winners=ex.winners[n], root=n in roots)
    for n, edges in enumerate(ex.succ):
        for move, m in edges:
            g.add_edge(n, m, move=str(move), chance=ex.actors[n] == CHANCE)
    return g


@pytest.mark.parametrize("game,name", [("bigfive", "small"), ("take5", "fullrow")])
def test_bulk_graph_equals_the_one_built_edge_by_edge(game: str, name: str) -> None:
    ex = ss.explore_config(ss.config_for(game, name))
    got, want = ex.graph, _reference_graph(ex)
    assert got.graph == want.graph
    assert list(got.nodes(data=True)) == list(want.nodes(data=True))
    assert list(got.edges(data=True)) == list(want.edges(data=True))
    assert all(list(got.pred[n]) == list(want.pred[n]) for n in want)
    assert got.number_of_nodes() == len(ex.states)  # what the well-formedness rows report
    if game == "bigfive":
        assert any(d["chance"] for _, _, d in got.edges(data=True))  # deals are chance moves


def test_exploring_pauses_the_collector_and_restores_it() -> None:
    import gc

    seen: list[bool] = []
    game = game_for("bigfive")
    config = ss.config_for("bigfive", "small")

    def allow(state: Any, move: Any) -> bool:
        seen.append(gc.isenabled())
        return True

    assert gc.isenabled()
    ex = ss.explore(game, config.initial_states(), config=config, allow=allow, max_states=200)
    assert seen and not any(seen) and gc.isenabled() and ex.size()[0] > 200
    gc.disable()
    try:
        ss.explore(game, config.initial_states(), config=config, max_states=50)
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()
