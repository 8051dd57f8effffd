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
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from ruleproof.checkers.checks.conformance import check_state
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
        candidates = list(game.spec.candidate_moves(state, actor))
        if not candidates:
            return
        move = data.draw(st.sampled_from(candidates), label="candidate")
        spec_ok = game.spec.is_legal(self.variant, state, actor, move)
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
        problems = check_state(self.game, self.state, candidates=with_candidates)
        assert not problems, problems

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
