"""The OpenSpiel adapter's cost per move against the engine's: against its fast playout (issue 36) and
against its interface loop (issue 21: at most 3x).

Both sides play uniformly random games (chance by its probabilities) of the same
game, player count and variant, interleaved in one process (see :mod:`harness`):

* the engine's fast path, ``random_playout`` (first line per game, no target:
  what a move costs through the adapter in moves of the engine's fastest loop);
* the engine's interface loop: ``legal_moves`` and a random choice for a seat,
  ``sample_chance`` for chance, ``apply_unchecked`` (what the adapter wraps;
  second line, issue 21's target);
* the adapter, as :func:`~ruleproof.checkers.interop.openspiel.random_game`
  plays: ``is_terminal``, ``is_chance_node``, ``sample_chance_action`` for
  chance (drawn by the engine, no list of outcomes), ``legal_actions`` and a
  random choice for a seat, ``apply_action`` (through pyspiel's C++ state);
* the adapter as OpenSpiel's own algorithms use it (third line per game, no
  target, against the interface loop): chance by ``chance_outcomes`` (every outcome listed with its
  probability) and a weighted draw. Listing is O(outcomes) where the engine
  draws in O(1) (Take 5 deals from a deck of up to 104 cards), so this one is
  costlier by nature.

The printed ratio is the *cost* ratio: the adapter's CPU time per move over the
engine's (the engine's moves/s over the adapter's), target at most 3 (issue 21).
Skipped cleanly (no comparisons) when ``pyspiel`` is not installed.

Run on demand: ``.venv/bin/python benchmarks/bench_openspiel.py [--quick]``.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable
from typing import Any

from common import generic_playout, playout_work, run_main
from harness import Comparison, compare, until

#: The games and player counts measured (each game's default variant).
CASES = (("take5", 4), ("bigpoints", 3), ("ikebana", 3), ("cinco", 3), ("bigfive", 2))
#: The most a move through the adapter may cost, in moves of the engine.
TARGET = 3.0


class CostComparison(Comparison):
    """A comparison whose ratio is a cost (engine rate / adapter rate): met when at most the target."""

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.median <= self.target

    def line(self) -> str:
        text = super().line()
        head, _, _ = text.partition("  target")
        if self.target is None:
            return head
        return f"{head}  target <= {self.target:g}x {'ok' if self.met else 'MISSED'}"


def adapter_work(game: Any, seed: int, listed: bool = False) -> Callable[[float], float]:
    """A benchmark side playing random games through ``pyspiel``; units are moves (chance included).

    :param listed: draw chance from ``chance_outcomes`` (as OpenSpiel's algorithms
        do) instead of ``sample_chance_action``.
    """
    rng = random.Random(seed)

    def work(budget: float) -> float:
        more = until(budget)
        moves = 0
        while more():
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    if listed:
                        actions, weights = zip(*state.chance_outcomes())
                        state.apply_action(rng.choices(actions, weights)[0])
                    else:
                        state.apply_action(state.sample_chance_action(rng))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                moves += 1
        return moves

    return work


def comparisons(quick: bool = False) -> list[Comparison]:
    """Three cost comparisons per game (see the module docstring); none when ``pyspiel`` is absent."""
    if importlib.util.find_spec("pyspiel") is None:
        print("bench_openspiel: pyspiel is not installed (the openspiel extra); skipped", file=sys.stderr)
        return []
    from ruleproof.checkers.interop import openspiel as adapter
    from ruleproof.model.registry import game_for

    slices, budget = (3, 0.3) if quick else (7, 0.6)
    out: list[Comparison] = []
    for name, players in CASES:
        engine = game_for(name)
        variant = engine.default_variant()
        game = adapter.load(name, players, variant)
        fast = compare(
            f"openspiel {name} {players}p cost/move / random_playout's",
            playout_work(engine, players, variant, lambda g, s, r: g.random_playout(s, r), 5),
            adapter_work(game, 5), unit="moves", target=None, slices=slices, budget=budget,
            candidate_label=f"{type(engine).__name__}.random_playout", baseline_label="pyspiel adapter (random_game)")
        out.append(CostComparison(fast.name, fast.candidate, fast.baseline, fast.unit, fast.target,
                                  fast.candidate_rates, fast.baseline_rates))
        for listed in (False, True):
            plain = compare(
                f"openspiel {name} {players}p{' listed' if listed else ''} cost/move / engine's",
                playout_work(engine, players, variant, generic_playout, 5),
                adapter_work(game, 5, listed),
                unit="moves", target=None if listed else TARGET, slices=slices, budget=budget,
                candidate_label="engine (legal_moves, sample_chance)",
                baseline_label="pyspiel adapter (chance_outcomes)" if listed else "pyspiel adapter (random_game)")
            out.append(CostComparison(plain.name, plain.candidate, plain.baseline, plain.unit, plain.target,
                                      plain.candidate_rates, plain.baseline_rates))
    return out


def main() -> None:
    run_main(__doc__, comparisons)


if __name__ == "__main__":
    sys.exit(main())
