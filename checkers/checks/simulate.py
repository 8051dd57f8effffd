"""Playouts with statistics: game length, scores and wins by seat, rule decisions.

Games are random playouts by default (the engine's fast path); with ``seats``
(:class:`~ruleproof.checkers.policies.core.Seats`, ``ruleproof simulate
--policy``) every decision is the policy's, drawn from keys of ``(seed, game,
seat, decision)`` (:func:`ruleproof.checkers.policies.playing.play_game`).

A rule *decides* a step when its condition (``Rule.applies``) singles the step
out: placing a card on the nearest row, taking a row, a deal. Rules that apply
to every step by construction (the player count, whose turn it is) decide
nothing and are not counted. Counting them means checking every step against
the spec, so it is opt-in where it costs time (``ruleproof simulate --rule-stats``).

>>> from ruleproof.model.registry import game_for
>>> game = game_for("take5")
>>> stats, record = simulate(game, 3, game.default_variant(), games=2, seed=1)
>>> stats.games, len(stats.lengths), record.game
(2, 2, 'take5')
"""

from __future__ import annotations

import inspect
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from ruleproof.checkers.policies.core import Seats
from ruleproof.checkers.policies.playing import play_game
from ruleproof.model.core import TERMINAL, Game
from ruleproof.model.io.records import GameRecord, make_record
from ruleproof.spec.core import Rule, RuleKind, Step, variant_to_dict


def _fmean(values: list[float] | list[int]) -> float:
    """The mean, as :func:`statistics.fmean` computes it (``math.fsum`` over the count), without importing
    :mod:`statistics` (and its fractions and decimals) into every short command.

    >>> import statistics
    >>> values = [0.1, 0.2, 0.3, 1e16, -1e16]
    >>> _fmean(values) == statistics.fmean(values)
    True
    """
    return math.fsum(values) / len(values)


@dataclass
class SimulationStats:
    """Statistics over a batch of random games."""

    game: str
    players: int
    variant: dict[str, Any]
    seed: int
    games: int = 0
    lengths: list[int] = field(default_factory=list)
    scores: list[tuple[float, ...]] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    #: Rule id → the number of steps the rule decided (see the module docstring).
    rules_fired: Counter[str] = field(default_factory=Counter)
    #: The rule ids in the specification's order (for listing the counts).
    rule_order: tuple[str, ...] = ()
    #: The winners of each game, in game order (so chunks played apart add up as one run).
    winners: list[tuple[int, ...]] = field(default_factory=list, repr=False)
    #: The policies that played (their text form: ``random``, ``greedy``, ``mcts:iterations=50+random``).
    policy: str = "random"
    #: What a report records about them (name, parameters; a plugin's class and SHA-256).
    policy_identity: dict[str, Any] = field(default_factory=dict, repr=False)

    def seat_summary(self) -> list[dict[str, float]]:
        """Mean, minimum and maximum score and the share of wins, per seat."""
        rows = []
        for seat in range(self.players):
            seat_scores = [s[seat] for s in self.scores]
            rows.append({
                "seat": seat,
                "mean_score": _fmean(seat_scores) if seat_scores else 0.0,
                "min_score": min(seat_scores, default=0.0),
                "max_score": max(seat_scores, default=0.0),
                "win_share": self.wins[seat] / self.games if self.games else 0.0,
            })
        return rows

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON-ready data."""
        lengths = self.lengths or [0]
        return {
            "game": self.game, "players": self.players, "variant": self.variant, "seed": self.seed,
            "policy": self.policy, "policy_identity": self.policy_identity or {"text": self.policy},
            "games": self.games,
            "length": {"mean": _fmean(lengths), "min": min(lengths), "max": max(lengths)},
            "seats": self.seat_summary(),
            "rule_decisions": self.rule_decisions(),
        }

    def rule_decisions(self) -> list[dict[str, Any]]:
        """``[{"rule", "steps"}]`` for every rule that decided a step, in the specification's rule order."""
        order = {rule_id: i for i, rule_id in enumerate(self.rule_order)}
        ids = sorted(self.rules_fired, key=lambda r: (order.get(r, len(order)), r))
        return [{"rule": r, "steps": self.rules_fired[r]} for r in ids]


def simulate(
    game: Game[Any, Any, Any],
    players: int,
    variant: Any,
    *,
    games: int,
    seed: int = 0,
    rule_stats: bool = False,
    on_game: Callable[[int], None] | None = None,
    start: int = 0,
    seats: Seats | None = None,
) -> tuple[SimulationStats, GameRecord]:
    """Play ``games`` games (random, or by ``seats``' policies); return statistics and the first game's record.

    Game ``i`` uses its own generator seeded from ``(seed, i)``, so any single
    game can be reproduced, and a batch can be cut into pieces: ``start``
    numbers the batch's first game (the campaign layer runs games
    ``start .. start + games - 1`` of a longer batch as one chunk).

    :param rule_stats: also count the rules that decided each step (off by
        default: every step of every game is then replayed and checked
        against the spec's conditions). The games are the same either way.
    :param seats: the policies that play (``None`` or every seat ``random``: the engine's random playouts).
    :raises PolicyError: a policy that cannot play the game.
    """
    spec = game.spec
    stats = SimulationStats(game.name, players, variant_to_dict(variant), seed, wins=[0.0] * players,
                            rule_order=tuple(r.id for r in spec.rules))
    if seats is not None and not seats.all_random:
        seats.check(game)
        stats.policy, stats.policy_identity = seats.describe(), seats.identity()
        return _simulate_policies(game, players, variant, stats, games, seed, rule_stats, on_game, start, seats)
    first: GameRecord | None = None
    deciders = _deciding_rules(spec) if rule_stats else ()
    playout = _playout_of(game)
    for index in range(start, start + games):
        rng = random.Random(f"{seed}:{index}")
        begin = game.initial_state(players, variant)
        # The engine's own playout (its fast path) plays every game, so a game
        # is the same whatever else is asked; its moves are kept only when the
        # record or the rule statistics need them, and replayed here.
        trace: list[Any] | None = [] if rule_stats or first is None else None
        state, steps = playout(begin, rng, trace)
        if trace is not None:
            history = _replay(game, begin, trace, state, deciders, variant, stats.rules_fired)
            if first is None:
                first = make_record(game.name, players, variant, history, seed)
        outcome = game.outcome(state)
        stats.games += 1
        stats.lengths.append(steps)
        stats.scores.append(outcome.scores)
        _add_win(stats, tuple(sorted(outcome.winners)))
        if on_game is not None:
            on_game(index)
    assert first is not None or games == 0
    return stats, first if first is not None else make_record(game.name, players, variant, [], seed)


def _simulate_policies(game: Game[Any, Any, Any], players: int, variant: Any, stats: SimulationStats, games: int,
                       seed: int, rule_stats: bool, on_game: Callable[[int], None] | None, start: int,
                       seats: Seats) -> tuple[SimulationStats, GameRecord]:
    """:func:`simulate` with policies: game ``i`` is :func:`~ruleproof.checkers.policies.playing.play_game`'s."""
    first: GameRecord | None = None
    deciders = _deciding_rules(game.spec) if rule_stats else ()
    for index in range(start, start + games):
        keep = rule_stats or first is None
        played = play_game(game, players, variant, seats, seed=seed, index=index, keep_history=keep,
                           standings=False)
        if keep:
            begin = game.initial_state(players, variant)
            moves = [move for _, move in played.history]
            final = begin
            for move in moves:
                final = game.apply_unchecked(final, move)
            history = _replay(game, begin, moves, final, deciders, variant, stats.rules_fired)
            if first is None:
                first = make_record(game.name, players, variant, history, seed)
        stats.games += 1
        stats.lengths.append(played.length)
        stats.scores.append(played.scores)
        _add_win(stats, tuple(sorted(played.winners)))
        if on_game is not None:
            on_game(index)
    return stats, first if first is not None else make_record(game.name, players, variant, [], seed)


def _add_win(stats: SimulationStats, winners: tuple[int, ...]) -> None:
    stats.winners.append(winners)
    for seat in winners:
        stats.wins[seat] += 1.0 / len(winners)


#: Games per chunk of a parallel run: big enough that a chunk's start-up cost is small.
CHUNK_GAMES = 250


def chunks(start: int, games: int, size: int = CHUNK_GAMES) -> list[tuple[int, int]]:
    """``(first, count)`` ranges of game indices that cover ``start .. start + games - 1`` in order.

    >>> chunks(0, 600, 250)
    [(0, 250), (250, 250), (500, 100)]
    """
    return [(first, min(size, start + games - first)) for first in range(start, start + games, size)]


def simulate_parallel(game: Game[Any, Any, Any], players: int, variant: Any, *, games: int, seed: int = 0,
                      rule_stats: bool = False, jobs: int = 1, on_game: Callable[[int], None] | None = None,
                      start: int = 0, chunk: int = CHUNK_GAMES,
                      seats: Seats | None = None) -> tuple[SimulationStats, GameRecord]:
    """:func:`simulate` with its games cut into :func:`chunks` run by ``jobs`` worker processes.

    The result equals ``simulate`` with the same arguments to the last bit:
    game ``i`` is seeded by ``(seed, i)`` whatever chunk plays it, and the
    chunks are merged in game order (scores, lengths, rule counts, and the win
    shares re-added game by game, as floats add in one run). Worker processes
    (:func:`ruleproof.checkers.checks.workers.worker_pool`: stopped by one
    Ctrl-C) run pure Python engines in parallel, which threads cannot; with
    more than one job the chunks are at most ``chunk`` games and small enough
    that every worker gets several (:func:`parallel_chunk`). An engine that
    cannot be sent to a worker (a plugin class made at run time) is run here,
    one chunk after another, with the same result.

    :param on_game: called with each game's index as the game finishes, while
        the work goes on (with several jobs the games of different chunks finish
        in no fixed order).
    """
    import pickle

    try:
        pickle.dumps((game, seats))
    except Exception:  # noqa: BLE001 - any pickling failure: run in this process
        jobs = 1
    parts = chunks(start, games, parallel_chunk(games, jobs, chunk) if jobs > 1 else chunk)
    stats, record = simulate(game, players, variant, games=0, seed=seed, rule_stats=rule_stats, seats=seats)
    first_record: GameRecord | None = None

    def merge(part: SimulationStats, part_record: GameRecord) -> None:
        nonlocal first_record
        if first_record is None and part.games:
            first_record = part_record
        stats.games += part.games
        stats.lengths += part.lengths
        stats.scores += part.scores
        stats.rules_fired.update(part.rules_fired)
        for winners in part.winners:
            _add_win(stats, winners)

    if jobs <= 1 or len(parts) <= 1:
        for first, count in parts:
            merge(*simulate(game, players, variant, games=count, seed=seed, rule_stats=rule_stats, start=first,
                            on_game=on_game, seats=seats))
    else:
        from ruleproof.checkers.checks.workers import worker_pool

        def on_event(event: tuple[str, list[int]]) -> None:
            if on_game is not None:
                for index in event[1]:
                    on_game(index)

        with worker_pool(min(jobs, len(parts)), on_event=on_event) as pool:
            futures = [pool.submit(_simulate_chunk, game, players, variant, count, seed, rule_stats, first, seats)
                       for first, count in parts]
            for part in pool.results(futures):
                merge(*part)
    return stats, first_record if first_record is not None else record


def parallel_chunk(games: int, jobs: int, chunk: int = CHUNK_GAMES) -> int:
    """Games per chunk for ``jobs`` workers: at most ``chunk``, and about four chunks per worker for short runs
    (so ``simulate --games 200 --jobs 2`` runs in parallel too, and progress moves evenly).

    >>> parallel_chunk(200, 2), parallel_chunk(100_000, 2), parallel_chunk(3, 4)
    (25, 250, 1)
    """
    return max(1, min(chunk, -(-games // (4 * max(1, jobs)))))


def _simulate_chunk(game: Game[Any, Any, Any], players: int, variant: Any, games: int, seed: int, rule_stats: bool,
                    start: int, seats: Seats | None = None) -> tuple[SimulationStats, GameRecord]:
    """A worker's task: one chunk, reporting the indices of its finished games as it goes."""
    from ruleproof.checkers.checks.workers import Throttle, report

    done: list[int] = []

    def send(count: int) -> None:
        report(("games", done[-count:]))

    throttle = Throttle(send)

    def on_game(index: int) -> None:
        done.append(index)
        throttle.add()

    result = simulate(game, players, variant, games=games, seed=seed, rule_stats=rule_stats, start=start,
                      on_game=on_game, seats=seats)
    throttle.flush()
    return result


def _playout_of(game: Game[Any, Any, Any]) -> Callable[[Any, random.Random, list[Any] | None], tuple[Any, int]]:
    """``game.random_playout`` when it takes a trace (every built-in engine), else the interface's own."""
    try:
        takes_trace = "trace" in inspect.signature(game.random_playout).parameters
    except (TypeError, ValueError):  # a C-level callable: an engine of the compiled build (setup.py), which
        takes_trace = True  # keeps Game.random_playout's signature
    if takes_trace:
        return game.random_playout
    return lambda state, rng, trace: Game.random_playout(game, state, rng, trace)


def _replay(game: Game[Any, Any, Any], state: Any, moves: list[Any], final: Any, deciders: tuple[Rule, ...],
            variant: Any, fired: Counter[str]) -> list[tuple[int, Any]]:
    """The ``(actor, move)`` history of a played game, counting rule decisions on the way.

    :raises AssertionError: when the moves do not replay to the playout's final
        state (an engine whose fast path and checked path disagree).
    """
    history: list[tuple[int, Any]] = []
    for move in moves:
        actor = game.current_player(state)
        after = game.apply_unchecked(state, move)
        if deciders:
            fired.update(_decided(deciders, variant, state, actor, move, after))
        history.append((actor, move))
        state = after
    if state != final:
        raise AssertionError(f"{game.name}: the playout's moves do not replay to its final state")
    return history


def _deciding_rules(spec: Any) -> tuple[Rule, ...]:
    """The legality and effect rules with a condition of their own (not the default "every step")."""
    always = {f.name: f.default for f in fields(Rule)}["applies"]
    return tuple(r for r in spec.rules if r.kind in (RuleKind.LEGALITY, RuleKind.EFFECT) and r.applies is not always)


def _decided(rules: tuple[Rule, ...], variant: Any, before: Any, actor: int, move: Any, after: Any) -> list[str]:
    step = Step(variant, before, actor, move, after)
    return [r.id for r in rules if r.applies(step)]
