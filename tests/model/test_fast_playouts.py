"""Fast playout paths draw the same distribution as the checked path.

An engine may override ``Game.random_playout`` with a path that skips
legal-move lists (DESIGN.md, "Fast paths keep the checked path honest"). Here
the fast path and the interface's generic playout (a uniform legal move, chance
by its odds) each play a few hundred games from the same start; the lengths,
seat 0's score and the winners are compared with two-sample tests (KS for the
numbers, chi-square for the winner counts) at a generous significance with
fixed seeds, so the tests are deterministic. A deliberately biased sampler
fails the same comparison, which shows the comparison can fail.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from ruleproof.model.core import Game
from ruleproof.model.registry import game_for
from ruleproof.model.take5 import GAME as TAKE5
from ruleproof.spec.take5 import Take, Take5Variant

stats = pytest.importorskip("scipy.stats")

ALPHA = 1e-3  # a real difference shows up far below this; a fair sampler passes with 99.9 %

AnyGame = Game[Any, Any, Any]


def _generic(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
    return Game.random_playout(game, state, rng)


def _samples(game: AnyGame, players: int, variant: Any, playout: Any, games: int, seed: int) -> dict[str, list[Any]]:
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


def _p_values(a: dict[str, list[Any]], b: dict[str, list[Any]]) -> dict[str, float]:
    result = {key: float(stats.ks_2samp(a[key], b[key]).pvalue) for key in ("length", "score")}
    kinds = sorted(set(a["winners"]) | set(b["winners"]))
    ca, cb = Counter(a["winners"]), Counter(b["winners"])
    table = [[ca[k] + 0.5 for k in kinds], [cb[k] + 0.5 for k in kinds]]
    result["winners"] = float(stats.chi2_contingency(table)[1]) if len(kinds) > 1 else 1.0
    return result


def _same_distribution(game: AnyGame, players: int, variant: Any, fast: Any, games: int) -> dict[str, float]:
    return _p_values(_samples(game, players, variant, fast, games, seed=1),
                     _samples(game, players, variant, _generic, games, seed=2))


FAST = [
    ("take5", 4, Take5Variant()),
    ("take5", 3, Take5Variant(professional=True, end_check="immediate", threshold=30)),
    ("take5", 5, Take5Variant(row_choice="auto", deck="tactical")),
]


@pytest.mark.parametrize(("game_id", "players", "variant"), FAST)
def test_fast_playout_draws_the_checked_distribution(game_id: str, players: int, variant: Any) -> None:
    game = game_for(game_id)
    assert type(game).random_playout is not Game.random_playout, "no fast path to compare"
    p = _same_distribution(game, players, variant, lambda g, s, r: g.random_playout(s, r), games=300)
    assert min(p.values()) > ALPHA, p


def _fullest_row_bias(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
    """A biased sampler: seat 0, when it must take a row, takes the fullest one."""
    steps = 0
    while not game.is_terminal(state):
        actor = game.current_player(state)
        if actor < 0:
            move = game.sample_chance(state, rng)
        else:
            moves = game.legal_moves(state)
            if actor == 0 and isinstance(moves[0], Take):
                move = max(moves, key=lambda m: len(state.rows[m.row]))
            else:
                move = moves[rng.randrange(len(moves))]
        state = game.apply_unchecked(state, move)
        steps += 1
    return state, steps


def test_invalid_biased_sampler_is_caught() -> None:
    p = _same_distribution(TAKE5, 4, Take5Variant(), _fullest_row_bias, games=300)
    assert min(p.values()) < ALPHA, p


@pytest.mark.parametrize(("players", "variant"), TAKE5.test_configs())
def test_take5_fast_playout_replays_through_the_checked_path(players: int, variant: Take5Variant) -> None:
    """Every move of the fast path is legal and the replayed state is its final state."""
    for seed in range(4):
        rng = random.Random(seed)
        start = TAKE5.new_game(players, variant, seed=seed)
        for _ in range(rng.randrange(150)):  # start mid-round sometimes
            if TAKE5.is_terminal(start):
                break
            start = TAKE5.apply(start, TAKE5.random_move(start, rng))
        trace: list[Any] = []
        final, steps = TAKE5._fast_playout(start, rng, trace)
        assert steps == len(trace)
        state = start
        for move in trace:
            state = TAKE5.apply(state, move)
        assert state == final
