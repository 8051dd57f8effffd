"""Outcome samples of whole games and the tests that compare two samplers (fast vs generic playouts).

Imported by name (``tests`` is on ``pythonpath``) by the fast-playout tests of
every engine, so each engine's fast path is held to the same statistics: KS on
game lengths and seat 0's score, chi-square on who won.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from ruleproof.model.core import Game

Playout = Callable[[Any, Any, random.Random], tuple[Any, int]]


def samples(game: Game[Any, Any, Any], players: int, variant: Any, playout: Playout, games: int,
            seed: int) -> dict[str, list[Any]]:
    """Lengths, seat 0's scores and winner sets of ``games`` games played by ``playout(game, state, rng)``."""
    rng = random.Random(seed)
    out: dict[str, list[Any]] = {"length": [], "score": [], "winners": []}
    for _ in range(games):
        final, steps = playout(game, game.initial_state(players, variant), rng)
        assert game.is_terminal(final)
        outcome = game.outcome(final)
        out["length"].append(steps)
        out["score"].append(outcome.scores[0])
        out["winners"].append(tuple(sorted(outcome.winners)))
    return out


def p_values(a: dict[str, list[Any]], b: dict[str, list[Any]]) -> dict[str, float]:
    """p-values that two samples come from one distribution: KS for length and score, chi-square for winners."""
    # SciPy is imported when a distribution test runs, not when every xdist worker collects the test files (≈ 1.8 s
    # each); without it the distribution test skips, the others in its file still run.
    stats = pytest.importorskip("scipy.stats")

    result = {key: float(stats.ks_2samp(a[key], b[key]).pvalue) for key in ("length", "score")}
    kinds = sorted(set(a["winners"]) | set(b["winners"]))
    ca, cb = Counter(a["winners"]), Counter(b["winners"])
    table = [[ca[k] + 0.5 for k in kinds], [cb[k] + 0.5 for k in kinds]]
    result["winners"] = float(stats.chi2_contingency(table)[1]) if len(kinds) > 1 else 1.0
    return result
