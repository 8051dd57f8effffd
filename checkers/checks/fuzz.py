"""Hypothesis state machines that drive an engine and its spec through move sequences.

:func:`machine_for` builds a :class:`~hypothesis.stateful.RuleBasedStateMachine`
for any game. Hypothesis chooses the moves (and chance outcomes), so a failure
shrinks to a short move sequence and prints as a runnable program. At every
step the machine checks the transition against the spec's effect rules, that
the spec accepts the engine's move, that a move the engine does not offer is
rejected by the spec (spec ⇒ engine) and raises :class:`IllegalMoveError`, and
the per-state checklist of :mod:`ruleproof.checkers.checks.conformance`.

>>> machine = machine_for("take5", 2)
>>> machine.__name__
'Take5Machine'

A long run is cut into chunks of :data:`CHUNK_EXAMPLES` move sequences, each
one Hypothesis search with its own seed (:func:`fuzz_chunks`, the plan of a
``fuzz`` campaign with the same seed and chunk size), so the chunks can run in
worker processes (:func:`run_fuzz`, ``ruleproof fuzz --jobs N``) and the
result is the same for any number of workers: the chunks and their seeds depend
only on the example count, the seed and the chunk size, and the results are
merged in chunk order. A run of at most one chunk is a single search seeded
with the given seed itself (derandomised when there is none), so
``ruleproof fuzz --seed S --examples K`` reproduces any one chunk.

>>> [count for _, count in fuzz_chunks(50, 7)]
[20, 20, 10]
>>> fuzz_chunks(5, None)
[(None, 5)]
>>> result = run_fuzz("take5", 2, None, examples=2, steps=10)
>>> result.ok, result.sequences
(True, 2)
"""

from __future__ import annotations

import hashlib
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from ruleproof.checkers.checks.conformance import StateMemo, check_state
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.registry import game_for
from ruleproof.spec.errors import IllegalMoveError


class GameMachine(RuleBasedStateMachine):
    """Base machine; :func:`machine_for` fills in the game and configuration."""

    game: Game[Any, Any, Any]
    players: int
    variant: Any
    #: Check the spec ⇒ engine direction (candidate enumeration) every n steps.
    candidate_every: int = 5

    def __init__(self) -> None:
        super().__init__()
        self.state = self.game.initial_state(self.players, self.variant)
        self.steps = 0
        #: What the checklist reuses between states, and the spec's verdicts at the
        #: state it checked last (the invariant runs before every rule). The facts that
        #: depend only on the game (expected components per configuration, moves whose text
        #: form parses back) are shared by every example of this machine class (:meth:`_shared`).
        expected, parsed = self._shared()
        self.memo = StateMemo(expected=expected, parsed=parsed)
        #: The state the checklist last passed, and whether with the candidate check: a rule that leaves
        #: the state as it was (``try_candidate_move`` never changes it) is followed by the invariant on the
        #: same immutable object, whose checklist is the same pure computation with the same verdict.
        self._passed: tuple[Any, bool] | None = None

    @classmethod
    def _shared(cls) -> tuple[dict[tuple[int, Any], Any], set[tuple[type[Any], Any]]]:
        """The :class:`StateMemo` parts every example of this machine class shares: the expected components
        of a configuration and the moves seen to parse back are pure functions of the game, the same in
        every example (a fresh example used to parse every move it met again)."""
        shared: tuple[dict[tuple[int, Any], Any], set[tuple[type[Any], Any]]] | None = cls.__dict__.get("_memo_parts")
        if shared is None:
            shared = ({}, set())
            cls._memo_parts = shared
        return shared

    def _known_verdict(self, state: Any, move: Any) -> bool | None:
        """The spec's verdict on ``move`` if the checklist already decided it at ``state``."""
        return self.memo.verdict(move) if self.memo.state is state else None

    def _actor(self) -> int:
        return self.game.current_player(self.state)

    def _not_over(self) -> bool:
        return self._actor() != TERMINAL

    @precondition(lambda self: self._not_over())
    @rule(data=st.data())
    def play_legal_move(self, data: st.DataObject) -> None:
        """Apply a legal move (a chance outcome at chance nodes)."""
        game, state = self.game, self.state
        actor = game.current_player(state)
        moves = game.legal_moves(state)
        assert moves, f"no legal move for actor {actor} in a non-terminal state"
        move = data.draw(st.sampled_from(moves), label="move")
        if self._known_verdict(state, move) is not True:  # decided here unless the checklist accepted it
            report = game.spec.check_move(self.variant, state, actor, move)
            assert report.ok, f"engine offers {move}, the spec rejects it: {report}"
        after = game.apply(state, move)
        effects = game.spec.check_transition(self.variant, state, actor, move, after)
        assert effects.ok, f"{move}: {effects}"
        self.state = after
        self.steps += 1

    @precondition(lambda self: self._actor() == CHANCE)
    @rule(seed=st.integers(0, 2**32 - 1))
    def resolve_chance(self, seed: int) -> None:
        """Make chance moves with a seeded generator until a seat acts (gets past long deals)."""
        rng = random.Random(seed)
        game = self.game
        while game.current_player(self.state) == CHANCE:
            move = game.sample_chance(self.state, rng)
            after = game.apply(self.state, move)
            effects = game.spec.check_transition(self.variant, self.state, CHANCE, move, after)
            assert effects.ok, f"{move}: {effects}"
            self.state = after
            self.steps += 1

    @precondition(lambda self: self._not_over())
    @rule(data=st.data())
    def try_candidate_move(self, data: st.DataObject) -> None:
        """Try any candidate move: engine and spec must agree on its legality."""
        game, state = self.game, self.state
        actor = game.current_player(state)
        known = self.memo.candidates if self.memo.state is state else None
        candidates = list(game.spec.candidate_moves(state, actor)) if known is None else known
        if not candidates:
            return
        move = data.draw(st.sampled_from(candidates), label="candidate")
        verdict = self._known_verdict(state, move)
        spec_ok = game.spec.is_legal(self.variant, state, actor, move) if verdict is None else verdict
        engine_ok = move in game.legal_moves(state)
        assert spec_ok == engine_ok, f"{move}: spec says {spec_ok}, engine says {engine_ok}"
        if not engine_ok:
            try:
                game.apply(state, move)
            except IllegalMoveError as exc:
                assert exc.rule_ids, f"{move}: IllegalMoveError names no rule"
            else:
                raise AssertionError(f"engine applied the illegal move {move}")

    @precondition(lambda self: not self._not_over())
    @rule()
    def start_again(self) -> None:
        """A finished game is followed by a new one (so some rule always applies)."""
        assert not self.game.legal_moves(self.state)
        self.state = self.game.initial_state(self.players, self.variant)

    @invariant()
    def state_is_consistent(self) -> None:
        """The conformance checklist holds at every state."""
        with_candidates = self.steps % self.candidate_every == 0
        passed = self._passed
        if passed is not None and passed[0] is self.state and (passed[1] or not with_candidates):
            return  # this very state passed the checklist already (with at least these checks)
        problems = check_state(self.game, self.state, candidates=with_candidates, memo=self.memo)
        assert not problems, problems
        self._passed = (self.state, with_candidates)

    @invariant()
    def chance_or_seat(self) -> None:
        """Whoever acts is chance, a seat, or nobody at the end."""
        actor = self._actor()
        assert actor in (CHANCE, TERMINAL) or 0 <= actor < self.players


def machine_for(game_id: str, players: int, variant: Any = None) -> type[GameMachine]:
    """A state machine class for one game, player count and variant.

    Use it in a test module as ``TestTake5 = machine_for("take5", 3).TestCase``.
    """
    game = game_for(game_id)
    chosen = game.default_variant() if variant is None else variant
    name = "".join(part.capitalize() for part in game_id.split("_")) + "Machine"
    return type(name, (GameMachine,), {"game": game, "players": players, "variant": chosen})


#: Move sequences per chunk of a long run (the default chunk of a ``fuzz`` campaign too).
CHUNK_EXAMPLES = 20


def chunk_seed(seed: int, index: int) -> int:
    """The Hypothesis seed of chunk ``index`` of a run seeded ``seed`` (a 32-bit number).

    The same derivation as a ``fuzz`` campaign's chunks, so ``ruleproof fuzz``
    and ``ruleproof campaign fuzz`` with one seed and chunk size search the same
    sequences.

    >>> chunk_seed(0, 0) != chunk_seed(0, 1), chunk_seed(5, 2) == chunk_seed(5, 2)
    (True, True)
    """
    digest = hashlib.sha256(f"ruleproof-fuzz|{seed}|{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def fuzz_chunks(examples: int, seed: int | None, size: int = CHUNK_EXAMPLES) -> list[tuple[int | None, int]]:
    """``(hypothesis seed, examples)`` of each chunk of a run, in order (see the module docstring).

    ``None`` as a seed means a derandomised search (only for a one-chunk run without a seed).
    """
    if examples <= size:
        return [(seed, examples)]
    base = 0 if seed is None else seed
    return [(chunk_seed(base, i), min(size, examples - first)) for i, first in enumerate(range(0, examples, size))]


@dataclass(frozen=True)
class ChunkResult:
    """What one Hypothesis search found: the failure text (``None``: none) and what it ran."""

    seed: int | None
    examples: int
    error: str | None
    sequences: int
    steps: int


@dataclass(frozen=True)
class FuzzResult:
    """A fuzzing run: its chunks in order; ``error`` is the first failing chunk's failure."""

    chunks: tuple[ChunkResult, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """No chunk found a disagreement."""
        return all(c.error is None for c in self.chunks)

    @property
    def error(self) -> str | None:
        """The failure of the first failing chunk (``None``: none failed)."""
        return next((c.error for c in self.chunks if c.error is not None), None)

    @property
    def sequences(self) -> int:
        """Move sequences run, over every chunk."""
        return sum(c.sequences for c in self.chunks)

    @property
    def steps(self) -> int:
        """Steps taken, over every chunk."""
        return sum(c.steps for c in self.chunks)


def search_machine(machine: type[GameMachine], *, examples: int, steps: int, seed: int | None,
                   on_sequence: Callable[[], None] | None = None) -> ChunkResult:
    """One Hypothesis search of ``machine``: ``examples`` sequences of up to ``steps`` steps.

    :param seed: the Hypothesis seed (``None``: derandomised, the same sequences every run).
    :param on_sequence: called after each move sequence (for progress).
    """
    from hypothesis import HealthCheck, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis.stateful import get_state_machine_test

    counts = [0, 0]

    class Counted(machine):  # type: ignore[misc,valid-type]
        def teardown(self) -> None:
            super().teardown()
            counts[0] += 1
            counts[1] += self.steps
            if on_sequence is not None:
                on_sequence()

    config = settings(max_examples=examples, stateful_step_count=steps, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck), derandomize=seed is None, print_blob=True)
    error: str | None = None
    # The seed goes on the test Hypothesis builds (``@seed`` on ``run_state_machine_as_test``
    # itself would be ignored: Hypothesis reads it from the ``@given`` test it runs).
    test = get_state_machine_test(Counted, settings=config)
    if seed is not None:
        test = hypothesis_seed(seed)(test)
    try:
        test()
    except Exception as exc:  # noqa: BLE001 - an engine or spec that raises is a disagreement too
        text = str(exc) if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {exc}"
        error = "\n".join([text, *getattr(exc, "__notes__", [])])
    return ChunkResult(seed, examples, error, counts[0], counts[1])


def _search_registered(game_id: str, players: int, variant: Any, examples: int, steps: int,
                       seed: int | None) -> ChunkResult:
    """One chunk in a worker process: the registry's machine for the game (classes made here, not sent),
    each finished sequence reported to the parent as it goes."""
    from ruleproof.checkers.checks.workers import Throttle, report

    throttle = Throttle(lambda count: report(("sequences", count)))
    ticks = _ChunkTicks(examples, throttle.add)
    result = search_machine(machine_for(game_id, players, variant), examples=examples, steps=steps, seed=seed,
                            on_sequence=ticks.add)
    ticks.finish()
    throttle.flush()
    return result


class _ChunkTicks:
    """Progress of one chunk: one tick per sequence, ``examples`` in all.

    Hypothesis may run more sequences than the examples asked for (invalid
    draws, shrinking a failure) or stop sooner; counting the chunk as its
    example count keeps ``done/total`` true.
    """

    def __init__(self, examples: int, tick: Callable[[], None] | None) -> None:
        self.left = examples
        self.tick = tick

    def add(self) -> None:
        if self.left > 0 and self.tick is not None:
            self.left -= 1
            self.tick()

    def finish(self) -> None:
        while self.left > 0 and self.tick is not None:
            self.add()


def run_fuzz(game_id: str, players: int, variant: Any, *, examples: int, steps: int, seed: int | None = None,
             jobs: int = 1, chunk: int = CHUNK_EXAMPLES, machine: type[GameMachine] | None = None,
             on_sequence: Callable[[], None] | None = None,
             on_chunk: Callable[[ChunkResult], None] | None = None) -> FuzzResult:
    """Fuzz a game in :func:`fuzz_chunks` run by ``jobs`` worker processes; the result does not depend on ``jobs``.

    Worker processes (:func:`ruleproof.checkers.checks.workers.worker_pool`:
    stopped by one Ctrl-C) run the pure Python engines in parallel, which
    threads cannot. Each worker builds the registry's machine for ``game_id``;
    a ``machine`` of its own (a reading's engine, made at run time and not sent
    to another process) runs here, one chunk after another, with the same result.

    :param on_sequence: called after each sequence, as it finishes (in a worker: reported to this process);
        ``examples`` times in all (see :class:`_ChunkTicks`).
    :param on_chunk: called with each chunk's result, in chunk order.
    """
    plan = fuzz_chunks(examples, seed, chunk)
    if machine is None:
        try:
            pickle.dumps(variant)
        except Exception:  # noqa: BLE001 - any pickling failure: run here
            machine = machine_for(game_id, players, variant)
    results: list[ChunkResult] = []
    if jobs <= 1 or len(plan) <= 1 or machine is not None:
        here = machine if machine is not None else machine_for(game_id, players, variant)
        for chunk_seed_, count in plan:
            ticks = _ChunkTicks(count, on_sequence)
            results.append(search_machine(here, examples=count, steps=steps, seed=chunk_seed_,
                                          on_sequence=ticks.add))
            ticks.finish()
            if on_chunk is not None:
                on_chunk(results[-1])
        return FuzzResult(tuple(results))
    from ruleproof.checkers.checks.workers import worker_pool

    def on_event(event: tuple[str, int]) -> None:
        if on_sequence is not None:
            for _ in range(event[1]):
                on_sequence()

    with worker_pool(min(jobs, len(plan)), on_event=on_event) as pool:
        futures = [pool.submit(_search_registered, game_id, players, variant, count, steps, chunk_seed_)
                   for chunk_seed_, count in plan]
        for chunk_result in pool.results(futures):
            results.append(chunk_result)
            if on_chunk is not None:
                on_chunk(chunk_result)
    return FuzzResult(tuple(results))
