"""State-space exploration of reduced configurations, and its exports."""

from __future__ import annotations

import argparse
from pathlib import Path

import networkx as nx
import pytest

from ruleproof.checkers.explore import statespace as ss
from ruleproof.checkers.cli.graph import add_subcommand
from ruleproof.model.registry import game_for
from ruleproof.spec.errors import RuleproofError


def test_bigpoints_tiny_is_a_dag_without_dead_ends() -> None:
    ex = ss.explored("bigpoints", "tiny")  # the process's exploration (the BigPoints Z3 layer and WF-BP read it)
    assert ex.config.label() == ss.config_for("bigpoints", "tiny").label()
    assert ex.complete and ss.find_cycle(ex) is None and ss.dead_ends(ex) == []
    assert ss.longest_play(ex) > 0 and set(ss.winning_seats(ex)) == {0, 1}


def test_take5_roots_are_legal_mid_round_positions() -> None:
    config = ss.config_for("take5", "fullrow")
    roots = config.initial_states()
    game = game_for("take5")
    assert len(roots) == 210
    for state in roots[:20]:
        cards = sorted(c for c, _ in game.components(state))
        assert cards == sorted(str(c) for c in range(1, 25))  # every card once (tactical deck, 2 players)
        assert game.current_player(state) == 0


def test_path_to_replays_through_the_engine() -> None:
    ex = ss.explore_config(ss.config_for("take5", "fullrow"))
    game = game_for("take5")
    target = next(iter(ss.winning_seats(ex).values()))
    root, moves = ss.path_to(ex, target)
    state = ex.states[root]
    for move in moves:
        state = game.apply(state, move)
    assert game.is_terminal(state) and state == ex.states[target]


def test_cycle_is_found_in_a_cinco_subgraph() -> None:
    from ruleproof.spec.cinco import Play

    config = ss.config_for("cinco")
    ex = ss.explore(game_for("cinco"), config.initial_states(), allow=lambda s, m: not isinstance(m, Play),
                    max_states=20_000, config=config)
    cycle = ss.find_cycle(ex)
    assert cycle is not None and cycle[0] == cycle[-1]


def test_stopped_exploration_marks_its_border_as_frontier() -> None:
    config = ss.config_for("cinco")
    ex = ss.explore(game_for("cinco"), config.initial_states(), max_states=500, config=config)
    assert not ex.complete and ss.dead_ends(ex) == [] and any(ex.frontier)


def test_canonical_paths_cover_every_path_up_to_colour_renaming() -> None:
    from ruleproof.spec.bigpoints import BigPointsVariant

    paths = ss.canonical_paths(BigPointsVariant(colour_discs=2, black_discs=1, white_discs=1))
    assert len(paths) == 42 and len(set(paths)) == 42  # 7! / 5! orderings of K and W among the colours


def test_graphml_and_dot_export(tmp_path: Path) -> None:
    # 500 states of Cinco, stopped, with a frontier (session 42; the 3,959 of bigfive/small cost 0.7 s more, and
    # test_cli_graph_writes_files exports those through the command line)
    config = ss.config_for("cinco")
    ex = ss.explore(game_for("cinco"), config.initial_states(), max_states=500, config=config)
    assert any(ex.frontier)
    path = tmp_path / "g.graphml"
    ss.to_graphml(ex, path)
    back = nx.read_graphml(path)
    assert back.number_of_nodes() == ex.size()[0] and back.number_of_edges() == ex.size()[1]
    dot = ss.to_dot(ex)
    assert dot.startswith("digraph") and dot.count("->") == ex.size()[1]


def test_invalid_config_names() -> None:
    with pytest.raises(RuleproofError, match="choose one of"):
        ss.config_for("take5", "huge")
    with pytest.raises(RuleproofError, match="no reduced configurations"):
        ss.config_for("chess")


def test_cli_graph_writes_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="ruleproof")
    add_subcommand(parser.add_subparsers(dest="command"))
    # without --output the graph goes to standard output, the summary to standard error
    args = parser.parse_args(["graph", "bigfive", "--format", "dot"])
    assert args.func(args) == 0
    out, err = capsys.readouterr()
    assert out.startswith("digraph") and "bigfive/small" in err and "states" in err
    args = parser.parse_args(["graph", "take5", "--config", "fullrow", "--variant", "professional=true",
                              "--output", str(tmp_path / "t.graphml")])
    assert args.func(args) == 0
    assert nx.read_graphml(tmp_path / "t.graphml").number_of_nodes() > 100
    assert capsys.readouterr().out == ""
