"""The BigPoints baseline plays the rules: its games, replayed move by move through the specification.

The replay draws from a second generator with the same seed, in the baseline's
order (the path as one shuffle of its supply, the pawn as an index into the
pawns off the ladder, then the backward moves in the extra move, the side and
the black disc as one bit each), so it plays the very same game through the
spec's own successor (``compute_successor``); every move must pass the spec's
legality rules, every draw must be over exactly the spec's legal options, and
the spec's scores of the final position must be the baseline's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from ruleproof.model.bigpoints import GAME
from ruleproof.spec.core import CHANCE, TERMINAL
from ruleproof.spec.bigpoints import (
    COLOURS,
    DISC_COLOURS,
    EXTRA,
    LETTERS,
    MOVE,
    OFFER,
    SPEC,
    STEP_VALUES,
    TAKE,
    BigPointsMove,
    BigPointsState,
    BigPointsVariant,
    Black,
    Lay,
    Pawn,
    Take,
    compute_free_discs,
    compute_successor,
    compute_whose_turn,
    path_composition,
)


class Replay:
    """A game driven by the spec's successor, each move checked by the spec's legality rules."""

    def __init__(self, players: int) -> None:
        self.variant = BigPointsVariant()
        self.state: BigPointsState = GAME.initial_state(players, self.variant)
        self.moves = 0

    def options(self) -> list[BigPointsMove]:
        return SPEC.spec_legal_moves(self.variant, self.state, compute_whose_turn(self.state))

    def step(self, move: BigPointsMove) -> None:
        report = SPEC.check_move(self.variant, self.state, compute_whose_turn(self.state), move)
        assert report.ok, (move, report)
        self.state = compute_successor(self.state, move)
        self.moves += 1


def replay(bigpoints: ModuleType, seed: int, players: int) -> Replay:
    """The baseline's game of ``seed``, played through the spec with the baseline's draws."""
    rng = random.Random(seed)
    randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    game = Replay(players)
    order = list(bigpoints.SUPPLY)
    rng.shuffle(order)
    for kind in order:
        assert compute_whose_turn(game.state) == CHANCE
        game.step(Lay(DISC_COLOURS[kind]))
    size = len(game.state.path)
    while compute_whose_turn(game.state) != TERMINAL:
        state = game.state
        options = game.options()
        active = [c for c in range(len(COLOURS)) if state.pawns[c] != size]
        if state.phase == MOVE:
            assert sorted(options) == sorted(Pawn(COLOURS[c]) for c in active)
            game.step(Pawn(COLOURS[active[randbelow(len(active))]]))
        elif state.phase == EXTRA:
            listed = [Pawn(COLOURS[c]) for c in active]
            listed += [Pawn(COLOURS[c], True) for c in active
                       if state.pawns[c] >= 0 and state.path.rfind(LETTERS[c], 0, state.pawns[c]) >= 0]
            assert sorted(options) == sorted(listed)
            game.step(listed[randbelow(len(listed))])
        elif state.phase == TAKE:
            ahead, behind = compute_free_discs(state.path, state.pawns, state.moved, state.pawns[state.moved])
            if ahead is not None and behind is not None:
                assert sorted(options) == [Take("ahead"), Take("behind")]
                game.step(Take("behind" if randbelow(2) else "ahead"))
            else:
                assert len(options) == 1
                game.step(options[0])
        else:
            assert state.phase == OFFER and sorted(options) == [Black(False), Black(True)]
            game.step(Black(bool(randbelow(2))))
    return game


@pytest.mark.parametrize("players, seeds", [(2, range(8)), (3, range(8)), (5, range(6))])
def test_the_baselines_games_replay_legally_through_the_spec(load_baseline: Any, players: int,
                                                              seeds: range) -> None:
    bigpoints = load_baseline("bigpoints")
    for seed in seeds:
        scores, moves = bigpoints.play(random.Random(seed), players)
        game = replay(bigpoints, seed, players)
        assert list(game.state.scores) == scores
        assert game.moves == moves


def test_the_rule_numbers_are_the_default_readings(load_baseline: Any) -> None:
    bigpoints = load_baseline("bigpoints")
    assert bigpoints.ON_PATH == path_composition(BigPointsVariant())
    assert bigpoints.STEP_VALUES == STEP_VALUES
    assert bigpoints.PATH == len(bigpoints.SUPPLY) == sum(path_composition(BigPointsVariant()))


def test_a_broken_baseline_fails_the_replay(load_baseline: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay catches a wrong rule: with the ladder's steps worth 5 to 1 the scores differ from the spec's."""
    bigpoints = load_baseline("bigpoints")
    monkeypatch.setattr(bigpoints, "STEP_VALUES", (5, 4, 3, 2, 1))
    assert any(list(replay(bigpoints, seed, 3).state.scores) != bigpoints.play(random.Random(seed), 3)[0]
               for seed in range(4))
