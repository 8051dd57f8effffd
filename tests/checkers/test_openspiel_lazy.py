"""The OpenSpiel adapter's on-demand work (issue 21): chance outcomes listed only
when asked, actions applied without a list, chance drawn through the engine.

Skipped as a whole when ``pyspiel`` (the ``openspiel`` extra) is not installed.
"""

from __future__ import annotations

import collections
import math
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from ruleproof.checkers.interop import openspiel as adapter
from ruleproof.model.registry import game_for

GAMES = ("take5", "bigpoints", "ikebana", "cinco", "bigfive")


@pytest.fixture(autouse=True)
def _fresh_contexts() -> None:
    """Each test starts from new history nodes: contexts (and so their nodes and
    caches) are shared per game and parameters, and earlier tests list outcomes."""
    adapter._context.cache_clear()


def _small(game_id: str) -> Any:
    flags = {"take5": {"deck": "tactical"}, "bigfive": {"children": True}}.get(game_id, {})
    return adapter.load(game_id, 2, game_for(game_id).variant_type(**flags))


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_outcomes_are_listed_only_when_asked(game_id: str) -> None:
    game = _small(game_id)
    state = game.new_initial_state()
    rng = random.Random(4)
    chance_nodes = 0
    while not state.is_terminal() and len(state.history()) < 150:
        node = state._node
        if state.is_chance_node():
            chance_nodes += 1
            state.apply_action(state.sample_chance_action(rng))
            assert node._outcomes is None and node._actions is None  # drawn and applied without a list
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert chance_nodes > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_are_accepted_without_a_list_exactly_when_legal(game_id: str) -> None:
    """Applying an action to a node that has listed nothing (decode, number again,
    ask the engine about the one move) accepts exactly the listed actions."""
    game = _small(game_id)
    context = game.context
    state = game.new_initial_state()
    rng = random.Random(7)
    checked = 0
    while not state.is_terminal() and len(state.history()) < 120:
        node = state._node
        listed = context.legal(_fresh(node))
        legal = set(listed)
        chance = state.is_chance_node()
        bound = game.max_chance_outcomes() if chance else min(game.num_distinct_actions(), 400)
        candidates = sorted(legal | {rng.randrange(bound) for _ in range(6)})
        for action in candidates:
            fresh = _fresh(node)
            if action in legal:
                after = context.child(fresh, action)
                assert after.move == listed[action]
                assert fresh._actions is None
            else:
                with pytest.raises(adapter.AdapterError, match="not legal"):
                    context.child(fresh, action)
            checked += 1
        adapter_step(state, rng)
    assert checked > 100


def _fresh(node: Any) -> Any:
    """A new node for the same position: nothing listed, nothing cached."""
    return adapter._Node(node.context, node.state, node.parent, node.actor, node.action, node.move, node.extra)


def adapter_step(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(state.sample_chance_action(rng))
    else:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def test_big_five_accepts_only_the_one_number_of_a_play() -> None:
    """A play can be decoded from another anchor of its line; only its canonical
    number (the earliest-placed anchor) is legal, with or without a list."""
    game = _small("bigfive")
    context, codec = game.context, game.context.codec
    rng = random.Random(11)
    state = game.new_initial_state()
    aliases: list[int] = []
    while not state.is_terminal() and not aliases:
        if not state.is_chance_node() and len(state.engine_state.board) >= 3:
            node = _fresh(state._node)
            numbers = {m: a for a, m in context.legal(node).items()}
            shapes = len(codec.shapes)
            for k in range(len(node.extra)):
                for j in range(2 * shapes):
                    action = codec.base_play + k * 2 * shapes + j
                    move = codec.decode(action, node.state, node.extra, False)
                    if move in numbers and numbers[move] != action:
                        aliases.append(action)
        if not aliases:
            adapter_step(state, rng)
    assert aliases, "no play with a second anchor came up"
    for action in aliases[:10]:
        with pytest.raises(adapter.AdapterError, match="not legal"):
            context.child(_fresh(state._node), action)
        with pytest.raises(Exception, match="not legal"):
            state.clone().apply_action(action)


@pytest.mark.parametrize("game_id", ("bigpoints", "ikebana", "take5"))
def test_sampled_chance_follows_the_listed_probabilities(game_id: str) -> None:
    game = _small(game_id)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_chance_node() or len(state.chance_outcomes()) < 3:
        adapter_step(state, rng)
    probabilities = dict(state.chance_outcomes())
    draws = 4000
    counts = collections.Counter(state.sample_chance_action(rng) for _ in range(draws))
    assert set(counts) <= set(probabilities)
    for action, p in probabilities.items():
        sigma = math.sqrt(draws * p * (1 - p))
        assert abs(counts[action] - draws * p) <= 5 * sigma + 1, (action, counts[action], draws * p)


def test_sampling_outside_chance_is_refused() -> None:
    state = _small("take5").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_action(random.Random(0)))
    with pytest.raises(adapter.AdapterError, match="no chance node"):
        state.sample_chance_action(random.Random(0))


def test_random_game_plays_games_the_engine_accepts() -> None:
    """random_game (chance drawn without lists) plays legal games: the engine replays them, checked."""
    game = _small("ikebana")
    for seed in range(3):
        final = adapter.random_game(game, random.Random(seed))
        assert final.is_terminal() and abs(sum(final.returns()) - 1.0) < 1e-9
        replayed = game.context.engine.replay(2, game.context.variant, _moves(final))
        assert replayed == final.engine_state


def _moves(state: Any) -> list[Any]:
    moves = []
    node = state._node
    while node.parent is not None:
        moves.append(node.move)
        node = node.parent
    return moves[::-1]


def test_clones_share_the_history_node_and_its_lists() -> None:
    """OpenSpiel clones copy the state's ``__dict__``: the node (and what it has listed) is shared, not rebuilt."""
    game = _small("take5")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(30):
        adapter_step(state, rng)
    state.legal_actions()
    clone = state.clone()
    assert clone._node is state._node and clone._node._actions is not None
    assert clone.history() == state.history()


def test_benchmark_skips_cleanly_without_pyspiel_and_reads_costs_as_at_most(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util
    import sys
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "benchmarks"
    monkeypatch.syspath_prepend(str(folder))
    before = set(sys.modules)
    try:
        bench = __import__("bench_openspiel")
        real = importlib.util.find_spec
        monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyspiel" else real(name, *a))
        assert bench.comparisons(quick=True) == []
        cheap = bench.CostComparison("x", "engine", "adapter", "moves", 3.0, [100.0, 100.0, 100.0], [50.0, 40.0, 50.0])
        dear = bench.CostComparison("x", "engine", "adapter", "moves", 3.0, [100.0], [20.0])
        assert cheap.median == 2.0 and cheap.met is True and "target <= 3x ok" in cheap.line()
        assert dear.met is False and "MISSED" in dear.line()
    finally:  # the benchmark scripts' top-level modules (harness, common...) must not shadow others
        for name in set(sys.modules) - before:
            if str(getattr(sys.modules[name], "__file__", "") or "").startswith(str(folder)):
                del sys.modules[name]


@pytest.mark.parametrize("game_id", ["take5", "bigfive"])
def test_history_nodes_nobody_holds_give_up_their_states(game_id: str) -> None:
    """In random play the nodes behind the current one release their engine states (issue 21);
    a node a clone still holds keeps its own; observations and information states of released
    nodes are made again by replay and equal those of a history that kept every state."""
    game = _small(game_id)
    state = game.new_initial_state()
    rng = random.Random(6)
    for _ in range(25):
        adapter_step(state, rng)
    clone = state.clone()
    held = state._node
    for _ in range(25):
        adapter_step(state, rng)
    walk, released = state._node.parent, 0
    while walk is not None and walk.parent is not None:
        released += walk.state is None
        walk = walk.parent
    assert released >= 40 and held.state is not None and clone._node is held
    # The same history replayed through the context keeps every state.
    context = state._context
    kept = context.replay([a for _, a in state._node.actions()])
    assert kept.state == state.engine_state and kept.parent is not None and kept.parent.state is not None
    for seat in range(2):
        for view in (adapter.FULL, adapter.PUBLIC, adapter.PRIVATE):
            assert (context.information_state_string(state._node, seat, view)
                    == context.information_state_string(kept, seat, view))
    walk = state._node.parent
    while walk is not None and walk.parent is not None:  # every released state came back, equal
        assert walk.state is not None
        walk = walk.parent
    assert clone.legal_actions() and clone.information_state_string(0)
