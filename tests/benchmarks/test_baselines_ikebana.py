"""The Ikebana baseline plays the rules: its games, replayed move by move through the specification.

The replay draws from a second generator with the same seed, in the baseline's
order (a turn's start as an index into the affordable purchases, by seat, then
the draw; a card as an index into the baseline's own unordered deck, rebuilt as
the baseline rebuilds it; keep or refuse as one bit), so it plays the very same
game; every move must pass the spec's legality and effect rules, every draw
must be over exactly the spec's legal options, and the final coins must be the
baseline's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from ruleproof.model.ikebana import GAME
from ruleproof.spec.core import TERMINAL
from ruleproof.spec.ikebana import (
    BOUQUET,
    COPIES,
    FULL_DECK,
    ROUNDS,
    SPEC,
    START_COINS,
    Buy,
    Draw,
    IkebanaMove,
    IkebanaState,
    IkebanaVariant,
    Keep,
    Refuse,
    Reveal,
    compute_bouquet_score,
    compute_whose_turn,
)


def card_text(ikebana: ModuleType, card: int) -> str:
    return f"{ikebana.COLOURS[card // 5]}{ikebana.VALUE[card]}"


class Replay:
    """A game driven move by move, each move checked by the spec (legality, then effects)."""

    def __init__(self, players: int) -> None:
        self.variant = IkebanaVariant()
        self.state: IkebanaState = GAME.initial_state(players, self.variant)
        self.moves = 0

    def options(self) -> list[IkebanaMove]:
        return SPEC.spec_legal_moves(self.variant, self.state, compute_whose_turn(self.state))

    def step(self, move: IkebanaMove) -> None:
        actor = compute_whose_turn(self.state)
        report = SPEC.check_move(self.variant, self.state, actor, move)
        assert report.ok, (move, report)
        after = GAME.apply_unchecked(self.state, move)
        effects = SPEC.check_transition(self.variant, self.state, actor, move, after)
        assert effects.ok, (move, effects)
        self.state = after
        self.moves += 1


def replay(ikebana: ModuleType, seed: int, players: int) -> Replay:
    """The baseline's game of ``seed``, played through the spec with the baseline's draws."""
    rng = random.Random(seed)
    randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    game = Replay(players)
    round_ = 0
    deck: list[int] = []
    piles: list[list[int]] = []
    while compute_whose_turn(game.state) != TERMINAL:
        if game.state.round != round_:  # a new round: the baseline's deck and piles start again
            round_ = game.state.round
            deck = list(ikebana.DECK)
            piles = [[] for _ in range(players)]
        options = game.options()
        buys = sorted((m for m in options if isinstance(m, Buy)), key=lambda m: m.seat)
        listed: list[IkebanaMove] = [*buys, *(m for m in options if isinstance(m, Draw))]
        assert len(listed) == len(options)
        move = listed[randbelow(len(listed))]
        game.step(move)
        if isinstance(move, Buy):
            piles[move.seat].pop()
            continue
        seat = game.state.turn
        while True:
            if not deck:
                for pile in piles:
                    if len(pile) > 1:
                        deck += pile[:-1]
                        del pile[:-1]
            card = deck.pop(randbelow(len(deck)))
            game.step(Reveal(card_text(ikebana, card)))
            options = game.options()
            if len(options) == 2:
                assert sorted(options) == sorted([Keep(), Refuse()])
                if randbelow(2):
                    game.step(Refuse())
                    piles[seat].append(card)
                    continue
            assert Keep() in options
            game.step(Keep())
            break
    return game


@pytest.mark.parametrize("players, seeds", [(2, range(6)), (3, range(6)), (5, range(4))])
def test_the_baselines_games_replay_legally_through_the_spec(load_baseline: Any, players: int,
                                                              seeds: range) -> None:
    ikebana = load_baseline("ikebana")
    for seed in seeds:
        coins, moves = ikebana.play(random.Random(seed), players)
        game = replay(ikebana, seed, players)
        assert list(game.state.coins) == coins
        assert game.moves == moves


def test_the_score_tables_are_the_specs(load_baseline: Any) -> None:
    """Every bouquet of up to five cards the deck allows scores as the spec's ``compute_bouquet_score``."""
    import itertools
    from collections import Counter

    ikebana = load_baseline("ikebana")
    kinds = sorted(set(ikebana.DECK))
    limit = Counter(ikebana.DECK)
    checked = 0
    for size in range(BOUQUET + 1):
        for bouquet in itertools.combinations_with_replacement(kinds, size):
            if any(n > limit[k] for k, n in Counter(bouquet).items()):
                continue
            values = sum(ikebana.VALUE_CODE[k] for k in bouquet)
            colours = sum(ikebana.COLOUR_CODE[k] for k in bouquet)
            ours = ikebana.POINTS[values] * ikebana.FACTOR[colours]
            assert ours == compute_bouquet_score([card_text(ikebana, k) for k in bouquet]), bouquet
            checked += 1
    assert checked > 10_000


def test_the_rule_numbers_are_the_default_readings(load_baseline: Any) -> None:
    ikebana = load_baseline("ikebana")
    assert sorted(card_text(ikebana, k) for k in ikebana.DECK) == sorted(FULL_DECK)
    assert ikebana.COPIES == tuple(COPIES[v] for v in range(1, 6))
    assert (ikebana.BOUQUET, ikebana.START_COINS, ikebana.ROUNDS) == (BOUQUET, START_COINS, ROUNDS)


def test_a_broken_baseline_fails_the_replay(load_baseline: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay catches a wrong rule: with six starting coins read as five, the coins differ."""
    ikebana = load_baseline("ikebana")
    monkeypatch.setattr(ikebana, "START_COINS", 5)
    with pytest.raises(AssertionError):
        for seed in range(3):
            assert list(replay(ikebana, seed, 3).state.coins) == ikebana.play(random.Random(seed), 3)[0]
