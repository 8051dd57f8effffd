"""The Big Five baseline plays the rules.

* Its census of plays (the ``Table`` kept up to date near each play) lists
  exactly the spec's legal plays, each once, on positions of the engine's games.
* Its games, replayed move by move through the specification: the replay draws
  from a second generator with the same seed, in the baseline's order (the
  pack as one shuffle, a decision as an index into the exchanges, the single
  plays and the group plays as the baseline numbers them, a bonus discard as
  an index into the distinct hand cards, the deck and giving up, a draw as the
  top of the baseline's own deck), so it plays the very same game; every move
  must pass the spec's legality rules, a decision's draw must be over
  exactly the spec's legal moves (every bonus decision, and every third play
  decision in the default run: the spec's list of legal plays is 98 % of the
  replay's cost; every one under ``-m slow``), and the final penalties must be
  the baseline's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from ruleproof.model.bigfive import GAME
from ruleproof.model.core import Game
from ruleproof.spec.bigfive import (
    FULL_DECK,
    HAND_SIZE,
    MAX_GROUP,
    MAX_LINE,
    SPEC,
    BigFiveMove,
    BigFiveState,
    BigFiveVariant,
    Bonus,
    BonusBlind,
    Box,
    Deal,
    Decline,
    Draw,
    Exchange,
    Pass,
    Placed,
    Play,
    compute_legal_plays,
    compute_whose_turn,
    deal_sizes,
)
from ruleproof.spec.core import CHANCE, TERMINAL


def cell_of(bigfive: ModuleType, x: int, y: int) -> int:
    return int(bigfive.ORIGIN + x * bigfive.SPAN + y)


def placed_of(bigfive: ModuleType, cell: int, kind: int) -> Placed:
    offset = cell - bigfive.ORIGIN + bigfive.SPAN // 2
    return Placed(offset // bigfive.SPAN, offset % bigfive.SPAN - bigfive.SPAN // 2, kind)


def table_of(bigfive: ModuleType, board: tuple[Placed, ...]) -> Any:
    table = bigfive.Table()
    table.place([cell_of(bigfive, p.x, p.y) for p in board], [p.card for p in board])
    return table


def every_play(bigfive: ModuleType, table: Any, hand: list[int]) -> list[tuple[Placed, ...]]:
    """Every play the baseline's census numbers, decoded one by one, as sorted placements."""
    mask = 0
    for k in hand:
        mask |= 1 << k
    singles, groups = table.census(mask, bigfive._twice(mask))
    plays = [(placed_of(bigfive, *table.nth_single(mask, r)),) for r in range(singles)]
    for n, empties, admitted, _ in groups:
        plays += [tuple(sorted(placed_of(bigfive, c, k) for c, k in zip(empties, bigfive._nth(admitted, r))))
                  for r in range(n)]
    return plays


def census_mismatches(bigfive: ModuleType, positions: int) -> tuple[int, int]:
    """``(positions checked, positions where the baseline's plays are not the spec's legal plays, each
    once)``, over the seats' decisions of random games of the engine (2, 3 and 4 players)."""
    rng = random.Random(7)
    checked = wrong = 0
    for players in (2, 3, 4):
        state = GAME.initial_state(players, BigFiveVariant())
        while (actor := GAME.current_player(state)) != TERMINAL and checked < positions * players // 3:
            if actor >= 0 and not state.bonus:
                hand = state.hands[actor]
                ours = every_play(bigfive, table_of(bigfive, state.board), list(hand))
                legal = sorted(p.placed for p in compute_legal_plays(state.board, hand))
                wrong += len(ours) != len(set(ours)) or sorted(ours) != legal
                checked += 1
            state = GAME.apply_unchecked(state, Game.random_move(GAME, state, rng, actor))
    return checked, wrong


def test_the_census_lists_the_specs_legal_plays_each_once(load_baseline: Any) -> None:
    checked, wrong = census_mismatches(load_baseline("bigfive"), 150)
    assert checked > 100 and wrong == 0


def test_a_broken_census_is_caught(load_baseline: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lion's animal bit forgotten on one kind: the census misses the plays that line it up by animal."""
    bigfive = load_baseline("bigfive")
    monkeypatch.setattr(bigfive, "FEATURE", (bigfive.FEATURE[0] & 31, *bigfive.FEATURE[1:]))
    assert census_mismatches(bigfive, 150)[1] > 0


class Replay:
    """A game driven move by move, each move checked by the spec's legality rules."""

    def __init__(self, players: int) -> None:
        self.variant = BigFiveVariant()
        self.state: BigFiveState = GAME.initial_state(players, self.variant)
        self.moves = 0

    def options(self) -> list[BigFiveMove]:
        return SPEC.spec_legal_moves(self.variant, self.state, compute_whose_turn(self.state))

    def step(self, move: BigFiveMove, chance: bool = False) -> None:
        actor = compute_whose_turn(self.state)
        assert (actor == CHANCE) == chance, (move, actor)
        report = SPEC.check_move(self.variant, self.state, actor, move)
        assert report.ok, (move, report)
        self.state = GAME.apply_unchecked(self.state, move)
        self.moves += 1


def replay(bigfive: ModuleType, seed: int, players: int, every: int = 1) -> Replay:
    """The baseline's game of ``seed``, played through the spec with the baseline's draws; the count of the
    baseline's options is compared with the spec's legal moves at every ``every``-th play decision."""
    rng = random.Random(seed)
    randbelow: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    game = Replay(players)
    pack = [k for k in range(bigfive.KINDS) for _ in range(bigfive.COPIES)]
    rng.shuffle(pack)
    size = (len(pack) - 1) // players
    decks = [pack[1 + s * size:1 + (s + 1) * size] for s in range(players)]
    for card in pack[:1 + players * size]:
        game.step(Deal(card), chance=True)
    hands: list[list[int]] = [[] for _ in range(players)]
    for seat in range(players):
        for _ in range(HAND_SIZE):
            hands[seat].append(decks[seat].pop())
            game.step(Draw(hands[seat][-1]), chance=True)
    table = table_of(bigfive, game.state.board)
    decisions = 0
    while compute_whose_turn(game.state) != TERMINAL:
        seat = compute_whose_turn(game.state)
        hand, deck = hands[seat], decks[seat]
        assert sorted(hand) == sorted(game.state.hands[seat])
        mask = 0
        for k in hand:
            mask |= 1 << k
        exchanges = bigfive.exchange_count(hand) if deck else 0
        singles, groups = table.census(mask, bigfive._twice(mask))
        total = exchanges + singles + sum(g[0] for g in groups)
        if decisions % every == 0:
            options = game.options()
            assert len(options) == max(total, 1)
            if not total:
                assert options == [Pass()]
        decisions += 1
        if not total:
            game.step(Pass())  # a pass the spec refuses fails its legality check here
            continue
        r = randbelow(total)
        if r < exchanges:
            cards = bigfive.nth_exchange(hand, r)
            game.step(Exchange(tuple(sorted(cards))))
            for k in cards:
                hand.remove(k)
            rng.shuffle(cards)
            deck[:0] = cards
            for _ in cards:
                hand.append(deck.pop())
                game.step(Draw(hand[-1]), chance=True)
            continue
        r -= exchanges
        if r < singles:
            cell, kind = table.nth_single(mask, r)
            cells, kinds = [cell], [kind]
        else:
            r -= singles
            for n, empties, admitted, _ in groups:
                if r < n:
                    break
                r -= n
            cells, kinds = list(empties), bigfive._nth(admitted, r)
        game.step(Play(tuple(sorted(placed_of(bigfive, c, k) for c, k in zip(cells, kinds)))))
        table.place(cells, kinds)
        for k in kinds:
            hand.remove(k)
        while game.state.bonus and compute_whose_turn(game.state) == seat:
            held = sorted(set(hand))
            listed: list[BigFiveMove] = [Bonus(k) for k in held] + ([BonusBlind()] if deck else []) + [Decline()]
            assert sorted(game.options()) == sorted(listed)
            move = listed[randbelow(len(listed))]
            game.step(move)
            if isinstance(move, Bonus):
                hand.remove(move.card)
            elif isinstance(move, BonusBlind):
                game.step(Box(deck.pop()), chance=True)
        while compute_whose_turn(game.state) == CHANCE and not game.state.finished:
            hand.append(deck.pop())
            game.step(Draw(hand[-1]), chance=True)
    return game


# The fewest and the most seats (the smallest and largest deals, the most and fewest turns per seat), every third
# play decision's options counted against the spec's; every decision's, and three seats, in between, under -m slow
# (2 s of spec checks per game).
@pytest.mark.parametrize("players, seeds, every", [
    (2, range(1, 2), 3), (4, range(1), 3),
    pytest.param(2, range(1, 2), 1, marks=pytest.mark.slow), pytest.param(3, range(1), 1, marks=pytest.mark.slow),
    pytest.param(4, range(1), 1, marks=pytest.mark.slow)])
def test_the_baselines_games_replay_legally_through_the_spec(load_baseline: Any, players: int,
                                                              seeds: range, every: int) -> None:
    bigfive = load_baseline("bigfive")
    for seed in seeds:
        penalties, moves = bigfive.play(random.Random(seed), players)
        game = replay(bigfive, seed, players, every)
        assert list(game.state.penalties) == penalties
        assert game.moves == moves


def test_the_rule_numbers_are_the_default_readings(load_baseline: Any) -> None:
    bigfive = load_baseline("bigfive")
    assert sorted(k for k in range(bigfive.KINDS) for _ in range(bigfive.COPIES)) == list(FULL_DECK)
    assert (bigfive.HAND, bigfive.MAX_LINE, bigfive.MAX_GROUP) == (HAND_SIZE, MAX_LINE, MAX_GROUP)
    variant = BigFiveVariant()
    assert (variant.idle_rounds, variant.bonus, variant.stalemate) == (bigfive.IDLE_ROUNDS, "text", "no_placement")
    for players in (2, 3, 4):
        assert deal_sizes(variant, players) == ((len(FULL_DECK) - 1) // players,) * players
