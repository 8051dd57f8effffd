"""The Cinco baseline plays the rules: its games, replayed move by move through the specification.

The replay draws from a second generator with the same seed, in the baseline's
order (a dealt card as an index into the baseline's own unordered deck, rebuilt
as the baseline rebuilds it; a seat's move as an index into the draw or
exchange, then each card of the hand in the baseline's order with its free
cells at or above it, ascending, or its burn), so it plays the very same game;
every move must pass the spec's legality and effect rules, every draw must be
over exactly the spec's legal options, and the winner must be the baseline's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from ruleproof.model.cinco import GAME
from ruleproof.spec.cinco import (
    CHIPS,
    HAND_SIZE,
    LINE,
    SPEC,
    CincoMove,
    CincoState,
    CincoVariant,
    Deal,
    Draw,
    Exchange,
    Play,
    compute_whose_turn,
)
from ruleproof.spec.cinco_board import FREE, hex_layout
from ruleproof.spec.core import TERMINAL


class Replay:
    """A game driven move by move, each move checked by the spec (legality, then effects)."""

    def __init__(self, players: int) -> None:
        self.variant = CincoVariant()
        self.state: CincoState = GAME.initial_state(players, self.variant)
        self.moves = 0

    def options(self) -> list[CincoMove]:
        return SPEC.spec_legal_moves(self.variant, self.state, compute_whose_turn(self.state))

    def step(self, move: CincoMove) -> None:
        actor = compute_whose_turn(self.state)
        report = SPEC.check_move(self.variant, self.state, actor, move)
        assert report.ok, (move, report)
        after = GAME.apply_unchecked(self.state, move)
        effects = SPEC.check_transition(self.variant, self.state, actor, move, after)
        assert effects.ok, (move, effects)
        self.state = after
        self.moves += 1


def replay(seed: int, players: int) -> Replay:
    """The baseline's game of ``seed``, played through the spec with the baseline's draws."""
    rng = random.Random(seed)
    randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    game = Replay(players)
    deck = list(range(1, len(game.state.board) + 1))
    discards: list[int] = []
    hands: list[list[int]] = [[] for _ in range(players)]

    def deal(seat: int) -> None:
        nonlocal deck, discards
        if not deck:
            deck, discards = discards, []
        card = deck.pop(randbelow(len(deck)))
        hands[seat].append(card)
        game.step(Deal(card))

    for seat in range(players):
        for _ in range(HAND_SIZE):
            deal(seat)
    while compute_whose_turn(game.state) != TERMINAL:
        seat = compute_whose_turn(game.state)
        hand = hands[seat]
        free = [n for n, c in enumerate(game.state.board, start=1) if c == FREE]
        listed: list[CincoMove] = [m for m in game.options() if not isinstance(m, Play)]
        for card in hand:
            listed += [Play(card, cell) for cell in free if cell >= card] or [Play(card, 0)]
        assert sorted(listed) == sorted(game.options())
        move = listed[randbelow(len(listed))]
        game.step(move)
        if isinstance(move, Exchange):
            discards += hand
            hand.clear()
            for _ in range(HAND_SIZE):
                deal(seat)
        elif isinstance(move, Draw):
            deal(seat)
        else:
            assert isinstance(move, Play)
            hand.remove(move.card)
            discards.append(move.card)
    return game


# Every seat count; two games of two and three seats and one of four and six in the default run, the rest of the
# sample (sixteen games) under -m slow.
@pytest.mark.parametrize("players, seeds", [
    (2, range(2)), (3, range(2)), (4, range(1)), (6, range(1)),
    *(pytest.param(players, seeds, marks=pytest.mark.slow)
      for players, seeds in [(2, range(2, 5)), (3, range(2, 5)), (4, range(1, 3)), (6, range(1, 3))])])
def test_the_baselines_games_replay_legally_through_the_spec(load_baseline: Any, players: int,
                                                              seeds: range) -> None:
    cinco = load_baseline("cinco")
    for seed in seeds:
        winner, moves = cinco.play(random.Random(seed), players)
        game = replay(seed, players)
        assert game.state.winner == winner
        assert game.moves == moves


def test_the_board_and_numbers_are_the_default_readings(load_baseline: Any) -> None:
    cinco: ModuleType = load_baseline("cinco")
    assert cinco.hex_cells() == hex_layout().coords
    assert (cinco.HAND, cinco.CHIPS, cinco.LINE, cinco.CELLS) == (HAND_SIZE, CHIPS, LINE, hex_layout().size)
    # the padded grid's steps are the layout's directions (q, r and q - r), and no cell is on its rim
    width = cinco.WIDTH
    assert cinco.DIRECTIONS == tuple(dq + dr * width for dq, dr in hex_layout().directions)
    assert all(cinco.EMPTY_GRID[at + d] != cinco.FREE or (at + d) in cinco.GRID_OF
               for at in cinco.GRID_OF[1:] for d in (1, -1, width, -width))
    assert all(0 < at % width < width - 1 and 0 < at // width < width - 1 for at in cinco.GRID_OF[1:])


def test_a_broken_baseline_fails_the_replay(load_baseline: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay catches a wrong rule: runs of four winning end the games differently."""
    cinco = load_baseline("cinco")
    monkeypatch.setattr(cinco, "LINE", 4)
    assert any((replay(seed, 2).state.winner, replay(seed, 2).moves) != cinco.play(random.Random(seed), 2)
               for seed in range(4))
