"""Fast playouts compared with the checked engine option by option (issue 32, point 8).

A fast playout (an engine's ``random_playout`` on mutable lists) must draw, at
every decision, a uniform one of exactly the moves ``legal_moves`` offers,
and chance outcomes from ``chance_outcomes``. Comparing whole games'
distributions (``tests/model/test_fast_playouts.py``) and replaying whole
games move by move (every drawn move legal, the same final state) cannot see a
fast path that *never* draws one legal option at a boundary (an exact-cost
purchase, a move back to the first cell of the path): every game it plays is
still legal, and a rare option barely moves the distribution. So this module
also *probes* a position: it starts the fast playout there many times with
seeded generators, stops it at its first move (:class:`StopAfter`, a trace
that raises), and compares the moves drawn with the checked engine's options:

* :func:`check_draws_every_option` — every drawn move is an option, every
  option is drawn, each at least a quarter of its fair share;
* :func:`check_playouts_replay` — whole fast games replay through the checked
  ``apply``, each move among the options of its position, to the fast path's
  final state, which the checked engine calls terminal (so an end-of-game
  check off by one fails here: one game too long has an illegal move after the
  end, one too short a final state that is not terminal);
* :func:`boundary_states` — positions along random checked games where some
  legal move is a boundary instance (a :class:`Boundary` predicate), to probe.

Used by ``tests/model/test_fast_paths_options.py`` for every game and every flag
its fast path claims (``_FAST_FLAGS``).
"""

from __future__ import annotations

import dataclasses
import math
import random
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ruleproof.model.core import CHANCE, TERMINAL, Game

AnyGame = Game[Any, Any, Any]

#: Draws per option when probing a position (a missed option has odds about e**-PER_OPTION).
PER_OPTION = 24
#: Positions with more options than this are probed for membership only (every draw legal).
MAX_COVERED = 80
#: The most moves a fast game compared here may take (besides the engine's own ``max_game_length``): Cinco
#: has no finite bound, and a fast path that made its games endless must fail, not hang (a random Cinco game
#: takes hundreds of moves).
PLAYOUT_CAP = 100_000


class Enough(Exception):
    """Raised by :class:`StopAfter` once the probe has the moves it wanted."""


class StopAfter(list[Any]):
    """A trace that stops the playout, by raising :class:`Enough`, once it holds ``limit`` moves.

    >>> trace = StopAfter(2)
    >>> trace.append("a")
    >>> try:
    ...     trace.extend(["b", "c"])
    ... except Enough:
    ...     pass
    >>> trace
    ['a', 'b']
    """

    def __init__(self, limit: int = 1) -> None:
        super().__init__()
        self.limit = limit

    def append(self, move: Any) -> None:
        super().append(move)
        if len(self) >= self.limit:
            raise Enough

    def extend(self, moves: Iterable[Any]) -> None:
        for move in moves:
            self.append(move)


def options(game: AnyGame, state: Any) -> dict[Any, float]:
    """The checked engine's options at ``state`` with their odds: chance outcomes by their probability,
    a seat's legal moves uniformly; empty at the end."""
    actor = game.current_player(state)
    if actor == TERMINAL:
        return {}
    if actor == CHANCE:
        odds: dict[Any, float] = {}
        for move, p in game.chance_outcomes(state):
            if p > 0:
                odds[move] = odds.get(move, 0.0) + p
        return odds
    moves = game.legal_moves(state)
    return {m: 1.0 / len(moves) for m in moves}


def fast_ok(game: AnyGame, state: Any) -> bool:
    """Whether ``random_playout`` takes the engine's fast path at ``state`` (not the generic one)."""
    check: Callable[[Any], bool] | None = getattr(game, "_fast_ok", None)
    return check is not None and check(game.variant_of(state))


def first_draws(game: AnyGame, state: Any, draws: int, seed: int = 0) -> Counter[Any]:
    """The first move of ``draws`` fast playouts from ``state`` (seeded generators), counted."""
    assert fast_ok(game, state), "the fast path does not take this variant: nothing to probe"
    counts: Counter[Any] = Counter()
    for i in range(draws):
        trace = StopAfter(1)
        try:
            game.random_playout(state, random.Random(seed * 1_000_003 + i), trace)
        except Enough:
            pass
        if trace:
            counts[trace[0]] += 1
    return counts


def _names(moves: Iterable[Any]) -> list[str]:
    return sorted(str(m) for m in moves)


def check_draws_every_option(game: AnyGame, state: Any, *, per_option: int = PER_OPTION,
                             seed: int = 0) -> Counter[Any]:
    """Probe ``state``: the fast path's first moves are options, every option is drawn (at most
    :data:`MAX_COVERED` of them), and each seat option at least a quarter of its fair share.

    :returns: the counts of the moves drawn.
    """
    odds = options(game, state)
    assert odds, "a terminal position has no options to draw"
    chance = game.current_player(state) == CHANCE
    smallest = min(odds.values())
    covered = len(odds) <= MAX_COVERED and per_option / smallest <= per_option * MAX_COVERED * 2
    draws = math.ceil(per_option / smallest) if covered else 4 * per_option
    counts = first_draws(game, state, draws, seed)
    where = f"{type(game).__name__} at {state!r}"
    stray = set(counts) - set(odds)
    assert not stray, f"the fast playout drew {_names(stray)}, which the checked engine does not offer; {where}"
    if covered:
        missing = set(odds) - set(counts)
        assert not missing, (f"in {draws} draws the fast playout never drew {_names(missing)} of the "
                             f"{len(odds)} options {_names(odds)}; {where}")
        if not chance:
            fair = draws / len(odds)
            rare = {m: counts[m] for m in odds if counts[m] < fair / 4}
            assert not rare, f"options drawn far below their fair share {fair:.0f}: {rare}; {where}"
    return counts


def replay_trace(game: AnyGame, start: Any, trace: list[Any], final: Any) -> Any:
    """Replay ``trace`` from ``start`` through the checked engine: each move among the options of its
    position, the last position equal to ``final`` and terminal. Returns the replayed final state."""
    state = start
    for index, move in enumerate(trace):
        odds = options(game, state)
        assert odds, f"move {index} ({move}) of the fast playout comes after the end of the game: {state!r}"
        assert move in odds, (f"move {index} ({move}) of the fast playout is not among the checked options "
                              f"{_names(odds)} at {state!r}")
        state = game.apply(state, move)
    assert state == final, f"the fast playout's final state differs from its replay:\n{final!r}\n{state!r}"
    assert game.is_terminal(state), f"the fast playout stopped before the end of the game: {state!r}"
    return state


def check_playouts_replay(game: AnyGame, start: Any, seeds: Iterable[int]) -> list[Any]:
    """Fast playouts from ``start`` (one per seed), each replayed (:func:`replay_trace`); their final states."""
    assert fast_ok(game, start), "the fast path does not take this variant: nothing to compare"
    finals = []
    cap = min(game.max_game_length(game.players_of(start), game.variant_of(start)), PLAYOUT_CAP)
    for seed in seeds:
        trace = StopAfter(cap + 1)
        try:
            final, steps = game.random_playout(start, random.Random(seed), trace)
        except Enough:
            raise AssertionError(f"the fast playout (seed {seed}) ran past {cap} moves: a game that does not "
                                 f"end, from {start!r}") from None
        assert steps == len(trace), f"{steps} steps reported, {len(trace)} moves traced"
        finals.append(replay_trace(game, start, trace, final))
    return finals


def positions_in_phase(game: AnyGame, phase: str, players: int, variant: Any, games: int,
                       keep: Callable[[Any, int], bool]) -> list[Any]:
    """The positions of ``phase`` met in ``games`` checked random games (``new_game`` seeded 0, 1, ...; moves
    from one generator) that ``keep(state, n)`` keeps, ``n`` counting the phase's positions of that game."""
    rng = random.Random(11)
    found: list[Any] = []
    for seed in range(games):
        state = game.new_game(players, variant, seed=seed)
        met = 0
        while not game.is_terminal(state):
            if state.phase == phase:
                met += 1
                if keep(state, met):
                    found.append(state)
            state = game.apply(state, game.random_move(state, rng))
    return found


def check_traced_playout_replays(game: AnyGame, start: Any, seed: int) -> None:
    """One fast playout from ``start``, traced and untraced from the same seed: the same game and step count,
    the generator left in the same state, one traced move a step, and the traced moves replay through the
    checked ``apply`` to its final state, which is terminal."""
    traced_rng, plain_rng = random.Random(seed), random.Random(seed)
    trace: list[Any] = []
    final, steps = game.random_playout(start, traced_rng, trace)
    assert game.random_playout(start, plain_rng) == (final, steps), "a trace changed the game"
    assert traced_rng.getstate() == plain_rng.getstate(), "a trace changed the draws"
    assert steps == len(trace) and game.is_terminal(final)
    state = start
    for move in trace:
        state = game.apply(state, move)
    assert state == final


def checked_states(game: AnyGame, players: int, variant: Any, seed: int) -> Iterator[Any]:
    """Every position of one random game played through the checked engine, the last one terminal."""
    rng = random.Random(seed)
    state = game.initial_state(players, variant)
    bound = game.max_game_length(players, variant)
    for _ in range(min(bound, 1_000_000) + 1):
        yield state
        if game.is_terminal(state):
            return
        state = game.apply(state, game.random_move(state, rng))
    raise AssertionError(f"the checked game ran past its bound of {bound} moves")


def spaced(states: Iterable[Any], count: int, seed: int = 0) -> list[Any]:
    """``count`` positions spread over ``states`` (all of them when there are fewer)."""
    listed = list(states)
    if len(listed) <= count:
        return listed
    step = len(listed) / count
    return [listed[int(i * step)] for i in range(count)]


@dataclass(frozen=True)
class Boundary:
    """A kind of boundary position: ``holds(game, state, move)`` says a legal ``move`` at ``state`` is an
    instance (an exact-cost purchase, a move back to the first cell …)."""

    game: str
    name: str
    players: int
    variant: Any
    holds: Callable[[AnyGame, Any, Any], bool]

    def __str__(self) -> str:
        return f"{self.game}: {self.name}"


def boundary_states(game: AnyGame, boundary: Boundary, wanted: int = 3, games: int = 60,
                    seed: int = 0) -> list[Any]:
    """Up to ``wanted`` positions (from different random checked games) where some legal move is an instance
    of ``boundary``, each with at most :data:`MAX_COVERED` legal moves (so a probe covers them all)."""
    found = []
    for g in range(games):
        for state in checked_states(game, boundary.players, boundary.variant, seed + g):
            actor = game.current_player(state)
            if actor < 0:
                continue
            moves = game.legal_moves(state)
            if len(moves) <= MAX_COVERED and any(boundary.holds(game, state, move) for move in moves):
                found.append(state)
                break
        if len(found) >= wanted:
            break
    return found


def literal_flag_values(variant_type: type[Any]) -> dict[str, tuple[Any, ...]]:
    """Every value other than the default of each ``Literal`` and ``bool`` flag of ``variant_type``.

    >>> from ruleproof.spec.take5 import Take5Variant
    >>> literal_flag_values(Take5Variant)["end_rule"], literal_flag_values(Take5Variant)["professional"]
    (('>',), (True,))
    """
    hints = typing.get_type_hints(variant_type)
    default = variant_type()
    values: dict[str, tuple[Any, ...]] = {}
    for f in dataclasses.fields(variant_type):
        hint = hints[f.name]
        if hint is bool:
            choices: tuple[Any, ...] = (False, True)
        elif typing.get_origin(hint) is typing.Literal:
            choices = typing.get_args(hint)
        else:
            continue
        values[f.name] = tuple(v for v in choices if v != getattr(default, f.name))
    return values
