"""Rulebook facts asserted on the specification and on the engine, separately.

Conformance and fuzzing compare the two layers with each other, so a
misreading shared by both (or a spec-only misreading in a position random play
never reaches) survives them. A *rulebook fact* is the answer the rulebook
gives in a position the test builds by hand; :class:`Layers` states it once
and checks it on each layer on its own:

- :meth:`Layers.legal` — the exact set of legal moves: the spec's
  candidate moves filtered by its legality rules, and the engine's list;
- :meth:`Layers.refuses` — a move the rulebook forbids: the spec names the
  rule, the engine does not offer the move;
- :meth:`Layers.step` — a move the rulebook allows and what it does: the
  spec accepts the move and the after-state carrying the stated facts (and
  rejects each stated wrong answer), the engine offers the move and its
  after-state carries the facts;
- :meth:`Layers.outcome` — who wins a finished game, on both layers;
- :meth:`Layers.turn` — who acts, on both layers;
- :func:`both` — a calculation both layers make (a score, a bonus), each
  compared with the rulebook's number.

This generalises the Ikebana worked-example tests (``play`` applied the
engine and checked the spec's effect rules on its result): here the expected
answer is written in the test, so a spec that agrees with a wrong engine, or a
wrong spec in a position the engine gets right, both fail.

Every test marked ``@pytest.mark.example`` under ``tests/spec`` and every
``@pytest.mark.boundary`` test uses these helpers
(``tests/boundary/test_boundary_coverage.py`` checks it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

S = TypeVar("S")
M = TypeVar("M")

Facts = Mapping[str, object]


def _fields(state: Any, facts: Facts) -> dict[str, object]:
    return {name: getattr(state, name) for name in facts}


def both(expected: object, *, spec: object, engine: object, what: str = "value") -> None:
    """Assert that the spec's and the engine's calculation each give the rulebook's ``expected``."""
    assert spec == expected, f"spec: {what} is {spec!r}, the rulebook says {expected!r}"
    assert engine == expected, f"engine: {what} is {engine!r}, the rulebook says {expected!r}"


class Layers(Generic[S, M]):
    """The two layers of one game: ``game`` (an engine) and its ``game.spec``."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.spec = game.spec

    # -- who acts ----------------------------------------------------------------

    def actor(self, state: S) -> int:
        """Who acts, by the spec (the engine must agree: see :meth:`turn`)."""
        who: int = self.spec.whose_turn(state)
        return who

    def turn(self, state: S, seat: int) -> None:
        """The rulebook says ``seat`` acts in ``state``."""
        assert self.spec.whose_turn(state) == seat, f"spec: {self.spec.whose_turn(state)} acts, the rulebook says {seat}"
        assert self.game.current_player(state) == seat, (
            f"engine: {self.game.current_player(state)} acts, the rulebook says {seat}")

    # -- legality --------------------------------------------------------------------

    def legal(self, state: S, expected: Iterable[M], *, actor: int | None = None) -> None:
        """The rulebook allows exactly ``expected`` in ``state``."""
        want = set(expected)
        who = self.actor(state) if actor is None else actor
        variant = self.game.variant_of(state)
        spec_moves = set(self.spec.spec_legal_moves(variant, state, who))
        assert spec_moves == want, (
            f"spec: extra {sorted(map(str, spec_moves - want))}, missing {sorted(map(str, want - spec_moves))}")
        engine_moves = set(self.game.legal_moves(state))
        assert engine_moves == want, (
            f"engine: extra {sorted(map(str, engine_moves - want))}, missing {sorted(map(str, want - engine_moves))}")

    def allows(self, state: S, move: M, *, actor: int | None = None) -> None:
        """The rulebook allows ``move`` in ``state`` (other moves may be legal too)."""
        who = self.actor(state) if actor is None else actor
        report = self.spec.check_move(self.game.variant_of(state), state, who, move)
        assert report.ok, f"spec refuses {move}: {report}"
        assert move in self.game.legal_moves(state), f"engine does not offer {move}"

    def refuses(self, state: S, move: M, rule_id: str, *, actor: int | None = None) -> None:
        """The rulebook forbids ``move`` by rule ``rule_id``."""
        who = self.actor(state) if actor is None else actor
        report = self.spec.check_move(self.game.variant_of(state), state, who, move)
        assert rule_id in report.rule_ids, f"spec: {move} breaks {report.rule_ids or 'no rule'}, expected {rule_id}"
        assert move not in self.game.legal_moves(state), f"engine offers {move}, which {rule_id} forbids"

    # -- effects ------------------------------------------------------------------------

    def step(self, state: S, move: M, facts: Facts | None = None, *, wrong: Sequence[Facts] = (),
             actor: int | None = None) -> S:
        """Make the allowed ``move``; the after-state carries ``facts`` (field → value).

        Spec: the move breaks no legality rule; the engine's after-state with
        ``facts`` written into it breaks no effect rule; each mapping in
        ``wrong`` written into it instead breaks some effect rule. Engine: the
        move is offered and its after-state's fields equal ``facts``.

        :returns: the engine's after-state, for the next step.
        """
        facts = facts or {}
        who = self.actor(state) if actor is None else actor
        variant = self.game.variant_of(state)
        report = self.spec.check_move(variant, state, who, move)
        assert report.ok, f"spec refuses {move}: {report}"
        assert move in self.game.legal_moves(state), f"engine does not offer {move}"
        after: S = self.game.apply_unchecked(state, move)
        expected = after._replace(**facts) if facts else after  # type: ignore[attr-defined]
        report = self.spec.check_transition(variant, state, who, move, expected)
        assert report.ok, f"spec rejects the rulebook's answer {dict(facts)} after {move}: {report}"
        for bad in wrong:
            report = self.spec.check_transition(variant, state, who, move, after._replace(**bad))  # type: ignore[attr-defined]
            assert not report.ok, f"spec accepts the wrong answer {dict(bad)} after {move}"
        got = _fields(after, facts)
        assert got == dict(facts), f"engine after {move}: {got}, the rulebook says {dict(facts)}"
        return after

    # -- outcome ------------------------------------------------------------------------

    def outcome(self, state: S, winners: Iterable[int], *, wrong: Sequence[Iterable[int]] = ()) -> None:
        """The finished ``state`` is won by exactly ``winners``."""
        want = frozenset(winners)
        variant = self.game.variant_of(state)
        report = self.spec.check_outcome(variant, state, want)
        assert report.ok, f"spec rejects the winners {sorted(want)}: {report}"
        for bad in wrong:
            assert not self.spec.check_outcome(variant, state, frozenset(bad)).ok, (
                f"spec accepts the wrong winners {sorted(bad)}")
        got = self.game.outcome(state).winners
        assert got == want, f"engine: winners {sorted(got)}, the rulebook says {sorted(want)}"
