"""The Take 5 baseline plays the rules: its games, replayed move by move through the specification.

The replay draws from a second generator with the same seed, in the baseline's
order (the deal as one sample, each seat's choice as an index into its hand in
dealt order, a too-low card's row), so it plays the very same game; every move
must pass the spec's legality and effect rules, every draw must be over exactly
the spec's legal options, and the spec's totals of the final position must be
the baseline's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from ruleproof.model.take5 import GAME
from ruleproof.spec.core import CHANCE, TERMINAL
from ruleproof.spec.take5 import (
    SPEC,
    Deal,
    Place,
    Select,
    Take,
    Take5Move,
    Take5State,
    Take5Variant,
    compute_bullheads,
    compute_nearest_positions,
    compute_totals,
    compute_whose_turn,
)


class Replay:
    """A game driven move by move, each move checked by the spec (legality, then effects)."""

    def __init__(self, players: int) -> None:
        self.variant = Take5Variant()
        self.state: Take5State = GAME.initial_state(players, self.variant)
        self.moves = 0

    def options(self) -> list[Take5Move]:
        return SPEC.spec_legal_moves(self.variant, self.state, compute_whose_turn(self.state))

    def step(self, move: Take5Move) -> None:
        actor = compute_whose_turn(self.state)
        report = SPEC.check_move(self.variant, self.state, actor, move)
        assert report.ok, (move, report)
        after = GAME.apply_unchecked(self.state, move)
        effects = SPEC.check_transition(self.variant, self.state, actor, move, after)
        assert effects.ok, (move, effects)
        self.state = after
        self.moves += 1


def replay(take5: ModuleType, seed: int, players: int) -> Replay:
    """The baseline's game of ``seed``, played through the spec with the baseline's draws."""
    rng = random.Random(seed)
    randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    game = Replay(players)
    while compute_whose_turn(game.state) != TERMINAL:
        assert compute_whose_turn(game.state) == CHANCE
        dealt = rng.sample(range(1, take5.CARDS + 1), take5.HAND * players + take5.ROWS)
        for card in dealt:
            game.step(Deal(card))
        hands = [dealt[s * take5.HAND:(s + 1) * take5.HAND] for s in range(players)]
        for left in range(take5.HAND, 0, -1):
            for hand in hands:
                assert len(game.options()) == left  # the draw is over every legal choice
                game.step(Select(hand.pop(randbelow(left))))
            for card in sorted(game.state.chosen):
                places = compute_nearest_positions(game.variant, game.state.rows, card)
                options = game.options()
                if places:
                    assert options == [places[0]] and places[0] == Place(places[0].row)
                    game.step(places[0])
                else:
                    assert sorted(options) == [Take(r) for r in range(take5.ROWS)]
                    game.step(Take(randbelow(take5.ROWS)))
    return game


# The fewest, the usual and the most seats; one game of two and ten seats and two of four in the default run, the
# rest of the sample (nine games) under -m slow.
@pytest.mark.parametrize("players, seeds", [
    (2, range(1)), (4, range(2)), (10, range(1)),
    *(pytest.param(players, seeds, marks=pytest.mark.slow)
      for players, seeds in [(2, range(1, 3)), (4, range(2, 4)), (10, range(1, 2))])])
def test_the_baselines_games_replay_legally_through_the_spec(load_baseline: Any, players: int,
                                                              seeds: range) -> None:
    take5 = load_baseline("take5")
    for seed in seeds:
        totals, moves = take5.play(random.Random(seed), players)
        game = replay(take5, seed, players)
        assert compute_whose_turn(game.state) == TERMINAL
        assert list(compute_totals(game.state)) == totals
        assert game.moves == moves


def test_the_rule_numbers_are_the_default_readings(load_baseline: Any) -> None:
    take5 = load_baseline("take5")
    variant = Take5Variant()
    assert (variant.threshold, variant.end_rule, variant.end_check, variant.row_choice) == (take5.THRESHOLD, ">=",
                                                                                            "round", "player")
    assert all(take5.bullheads(c) == compute_bullheads(c) for c in range(1, take5.CARDS + 1))
    assert len(take5.BULL) == take5.CARDS + 1


def test_a_broken_baseline_fails_the_replay(load_baseline: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay catches a wrong rule: with 55 worth 1 bullhead the totals differ from the spec's."""
    take5 = load_baseline("take5")
    monkeypatch.setattr(take5, "BULL", tuple(1 if c == 55 else b for c, b in enumerate(take5.BULL)))
    differ = 0
    for seed in range(6):
        totals, _ = take5.play(random.Random(seed), 4)
        differ += list(compute_totals(replay(take5, seed, 4).state)) != totals
    assert differ
