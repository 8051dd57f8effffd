"""Hypothesis state machines for every game (short by default; ``-m slow`` runs long campaigns)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from ruleproof.checkers.checks.fuzz import machine_for
from ruleproof.model.registry import available_games, game_for
from ruleproof.model.take5 import Take5Game
from ruleproof.spec.take5 import Take5Variant

QUICK = settings(max_examples=8, stateful_step_count=40, deadline=None, database=None,
                 suppress_health_check=list(HealthCheck), derandomize=True)
LONG = settings(max_examples=200, stateful_step_count=300, deadline=None,
                suppress_health_check=list(HealthCheck))


def _configs() -> list[object]:
    params = []
    for game_id in available_games():
        configs = game_for(game_id).test_configs()
        for players, variant in dict.fromkeys([configs[0], configs[-1]]):
            params.append(pytest.param(game_id, players, variant, id=f"{game_id}-{players}p"))
    return params


@pytest.mark.parametrize(("game_id", "players", "variant"), _configs())
def test_state_machine_quick(game_id: str, players: int, variant: object) -> None:
    run_state_machine_as_test(machine_for(game_id, players, variant), settings=QUICK)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "variant"), _configs())
def test_state_machine_long(game_id: str, players: int, variant: object) -> None:
    run_state_machine_as_test(machine_for(game_id, players, variant), settings=LONG)


def test_invalid_engine_is_found_by_the_machine() -> None:
    """A Take 5 engine that lets a seat choose a card it does not hold is caught."""

    class Lenient(Take5Game):
        def legal_moves(self, state):  # type: ignore[no-untyped-def]
            moves = super().legal_moves(state)
            if not state.resolving and state.dealt == 24 and moves and type(moves[0]).__name__ == "Select":
                from ruleproof.spec.take5 import Select

                return tuple(sorted(set(moves) | {Select(104)}))
            return moves

    machine = machine_for("take5", 2, Take5Variant(deck="tactical"))
    broken = type("Broken", (machine,), {"game": Lenient()})
    with pytest.raises(AssertionError):
        run_state_machine_as_test(broken, settings=settings(QUICK, max_examples=30, stateful_step_count=30))
