"""The fuzzing machine runs the checklist once per state object, and still catches what it caught.

``try_candidate_move`` never changes the state, so the invariant that follows it
would check the very same immutable object again; the machine skips that repeat
(:class:`ruleproof.checkers.checks.fuzz.GameMachine`). These tests show the
checklist still runs on every new state (an equal but different object, a state
first seen without the candidate check) and that a broken engine is still found.
"""

from __future__ import annotations

from typing import Any

import pytest
from ruleproof.checkers.checks import fuzz
from ruleproof.checkers.checks.fuzz import GameMachine, machine_for
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Select, Take5Variant


def _first_failure(machine: type[GameMachine], *, examples: int, steps: int) -> str | None:
    """The message of the first failing sequence of a derandomised search, ``None`` when none fails.

    Only generation runs: Hypothesis's shrinking of a failing stateful run, which these tests do not need
    (they ask whether the bug is found, not for its smallest witness), cost a minute of CPU.
    """
    from hypothesis import HealthCheck, Phase, settings
    from hypothesis.stateful import run_state_machine_as_test

    try:
        run_state_machine_as_test(machine, settings=settings(
            max_examples=examples, stateful_step_count=steps, deadline=None, database=None, derandomize=True,
            phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck), print_blob=False))
    except Exception as exc:  # noqa: BLE001 - any failure of the machine is what is looked for
        return str(exc)
    return None


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, bool]]:
    calls: list[tuple[Any, bool]] = []
    real = fuzz.check_state

    def counting(game: Any, state: Any, *, candidates: bool = True, memo: Any = None) -> Any:
        calls.append((state, candidates))
        return real(game, state, candidates=candidates, memo=memo)

    monkeypatch.setattr(fuzz, "check_state", counting)
    return calls


def test_the_checklist_runs_again_only_on_a_different_state_or_with_more_checks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch)
    machine = machine_for("take5", 2, Take5Variant())()
    machine.state_is_consistent()
    machine.state_is_consistent()  # the same object, the same checks: not again
    assert len(calls) == 1 and calls[0][1] is True
    machine.state = machine.game.deserialize(machine.game.serialize(machine.state))  # equal, not the same
    machine.state_is_consistent()
    assert len(calls) == 2
    machine.steps = 1  # no candidate check at this step: a state checked with it needs nothing more
    machine.state_is_consistent()
    assert len(calls) == 2
    machine.state = machine.game.apply(machine.state, machine.game.legal_moves(machine.state)[0])
    machine.state_is_consistent()  # a new state first checked without the candidate check ...
    machine.steps = 5
    machine.state_is_consistent()  # ... is checked again when the candidate check is due
    assert [c for _, c in calls[2:]] == [False, True]


def test_invalid_engine_offering_an_absent_card_is_still_found_when_repeats_are_skipped() -> None:
    class OffersAnAbsentCard(Take5Game):
        def legal_moves(self, state: Any) -> Any:
            moves = super().legal_moves(state)
            if moves and isinstance(moves[0], Select) and len(moves) < 5:  # only late in a round
                hand = set(state.hands[self.current_player(state)])
                absent = next(c for c in range(1, 105) if c not in hand)
                return tuple(sorted(set(moves) | {Select(absent)}))
            return moves

    machine = machine_for("take5", 2, Take5Variant())
    broken = type("Broken", (machine,), {"game": OffersAnAbsentCard()})
    error = _first_failure(broken, examples=10, steps=60)
    assert error is not None and "engine-subset-spec" in error
    assert _first_failure(machine, examples=10, steps=60) is None  # the planted bug is what fails


def test_the_examples_of_one_machine_share_the_game_facts_of_the_checklist() -> None:
    """Expected components and moves seen to parse back are shared by the examples of one machine class,
    never across classes (another configuration's class, a subclass with another engine)."""
    machine = machine_for("take5", 2, Take5Variant())
    first, second = machine(), machine()
    first.state_is_consistent()
    assert first.memo.parsed and first.memo.expected
    assert second.memo.parsed is first.memo.parsed and second.memo.expected is first.memo.expected
    assert second.memo.verdicts is not first.memo.verdicts  # the per-state verdicts stay each example's own
    other = machine_for("take5", 2, Take5Variant())()
    assert other.memo.parsed is not first.memo.parsed and not other.memo.parsed
    sub = type("Sub", (machine,), {"game": Take5Game()})()
    assert sub.memo.parsed is not first.memo.parsed


def test_invalid_text_form_is_still_found_when_examples_share_the_parsed_moves() -> None:
    """Planted bug: the engine parses a selection of a card above 90 back as another card. Earlier examples
    of the search (instances of one machine class) fill the shared set with the moves that did parse back;
    the broken ones never enter it."""
    class MisreadsHighCards(Take5Game):
        def parse_move(self, text: str) -> Any:
            move = super().parse_move(text)
            return Select(move.card - 1) if isinstance(move, Select) and move.card > 90 else move

    machine = machine_for("take5", 2, Take5Variant())
    broken = type("Broken", (machine,), {"game": MisreadsHighCards()})
    error = _first_failure(broken, examples=20, steps=40)
    assert error is not None and "text-form" in error
