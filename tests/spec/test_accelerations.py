"""Every acceleration gives the plain specification's answers (one generic test for every game).

A game's acceleration module (``ruleproof.spec.accel.<game>``) attaches fast
forms to its plain rules by id, replaces pure calculations of the plain module
by faster ones with the same answers, and gives a fast ``whose_turn`` and
``candidate_moves``. Here every one of them is enumerated from the game's
:class:`~ruleproof.spec.accel.core.Acceleration` (so no fast form escapes this
test) and compared with its plain counterpart on the steps of generated games
of every test configuration of every game:

* a fast ``holds`` must be ``True`` exactly when the plain rule's ``check``
  finds nothing, and must have answered both yes and no;
* a fast ``check`` must return the plain rule's very message;
* a fast calculation must return what the plain one returns, on every argument
  tuple the spec asked it about, asked again in another order;
* the fast ``whose_turn`` and ``candidate_moves`` must equal the plain ones;
* the accelerated spec's ``allowed_moves`` and ``check_move`` must equal the
  plain spec's.

``test_spec_tests_pass_with_accelerations_off`` runs the spec and boundary
tests that ask the spec's verdicts a second time in a process with the
accelerations switched off.
"""

from __future__ import annotations

import importlib
import os
import random
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import pytest

from ruleproof.model.registry import game_for
from ruleproof.spec.accel.core import ENABLED, SWITCH, AcceleratedSpec, Acceleration, FastCalculation, accelerate
from ruleproof.spec.core import CHANCE, GameSpec, RuleKind, Step
from ruleproof.spec.registry import GAME_IDS, spec_for

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not ENABLED, reason=f"accelerations are switched off ({SWITCH})")


def accel_module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"ruleproof.spec.accel.{game_id}")
    except ModuleNotFoundError:
        return None


ACCELERATED = tuple(g for g in GAME_IDS if accel_module(g) is not None)


class Moment(NamedTuple):
    """A state of a generated game: who acts, a sample of candidate moves, and the move made with its result."""

    variant: Any
    state: Any
    actor: int
    candidates: tuple[Any, ...]
    move: Any
    after: Any


def moments(game_id: str, *, steps: int = 150, every: int = 5, seed: int = 11) -> Iterator[Moment]:
    """States along a random game of each test configuration of the game; candidates at every ``every``-th."""
    game = game_for(game_id)
    plain = plain_spec(game_id)
    rng = random.Random(seed)
    for players, variant in game.test_configs():
        state = game.initial_state(players, variant)
        for index in range(steps):
            actor = game.current_player(state)
            if actor < CHANCE:
                break
            move = game.random_move(state, rng, actor)
            after = game.apply(state, move)
            candidates: tuple[Any, ...] = ()
            if index % every == 0:
                candidates = tuple(plain.candidate_moves(state, actor))
            yield Moment(variant, state, actor, candidates, move, after)
            state = after


def plain_spec(game_id: str) -> GameSpec[Any, Any, Any]:
    spec = accel_module(game_id).SPEC  # type: ignore[union-attr]
    assert isinstance(spec, AcceleratedSpec) and spec.plain is not None
    return spec.plain


def acceleration(game_id: str) -> Acceleration:
    module = accel_module(game_id)
    assert module is not None
    found: Acceleration = module.ACCELERATION
    return found


@pytest.fixture(scope="module", params=ACCELERATED)
def game_moments(request: pytest.FixtureRequest) -> tuple[str, list[Moment]]:
    return request.param, list(moments(request.param))


@pytest.mark.xfail(len(ACCELERATED) < len(GAME_IDS), strict=True, reason="issue 30: games still being split")
def test_every_builtin_game_has_an_acceleration_module() -> None:
    assert ACCELERATED == GAME_IDS


def test_every_fast_form_agrees_with_its_plain_rule(game_moments: tuple[str, list[Moment]]) -> None:
    game_id, seen = game_moments
    fast_spec = accel_module(game_id).SPEC  # type: ignore[union-attr]
    plain = plain_spec(game_id)
    answers: dict[str, set[bool]] = defaultdict(set)
    checked: dict[str, int] = defaultdict(int)
    forms = acceleration(game_id).fast_forms
    assert forms, f"{game_id} attaches no fast form"
    for form in forms:
        rule, fast_rule = plain.rule(form.rule_id), fast_spec.rule(form.rule_id)
        assert rule.check is not fast_rule.check or form.check is None
        for moment in seen:
            if rule.kind is RuleKind.LEGALITY:
                steps = [Step(moment.variant, moment.state, moment.actor, m) for m in moment.candidates]
                steps.append(Step(moment.variant, moment.state, moment.actor, moment.move))
            else:
                steps = [Step(moment.variant, moment.state, moment.actor, moment.move, moment.after)]
            for step in steps:
                if not rule.applies(step):
                    continue
                message = rule.check(step)
                if form.holds is not None:
                    verdict = form.holds(step)
                    assert verdict == (message is None), (form.rule_id, step.move, message)
                    answers[form.rule_id].add(verdict)
                if form.check is not None:
                    assert form.check(step) == message, (form.rule_id, step.move)
                checked[form.rule_id] += 1
    for form in forms:
        assert checked[form.rule_id] > 0, f"{form.rule_id}: no generated step exercised its fast form"
        if form.holds is not None:
            assert answers[form.rule_id] == {True, False}, f"{form.rule_id}: its fast form only said {answers[form.rule_id]}"


def test_every_fast_calculation_gives_the_plain_answers(game_moments: tuple[str, list[Moment]],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Each calculation is watched while the accelerated spec checks the generated steps; then the fast form
    is asked about every recorded argument tuple, in the recorded order and again interleaved with the
    previous one (a memory that ignores its arguments fails there), and compared with the plain form."""
    game_id, seen = game_moments
    calculations = acceleration(game_id).calculations
    recorded: dict[str, list[tuple[Any, ...]]] = defaultdict(list)

    def watch(calculation: FastCalculation) -> Any:
        def watched(*args: Any) -> Any:
            if len(recorded[calculation.where]) < 400:
                recorded[calculation.where].append(args)
            return calculation.fast(*args)
        return watched

    for calculation in calculations:
        monkeypatch.setattr(importlib.import_module(calculation.module), calculation.name, watch(calculation))
    fast_spec = accel_module(game_id).SPEC  # type: ignore[union-attr]
    for moment in seen:
        fast_spec.whose_turn(moment.state)
        fast_spec.allowed_moves(moment.variant, moment.state, moment.actor, moment.candidates)
        fast_spec.check_move(moment.variant, moment.state, moment.actor, moment.move)
        fast_spec.check_transition(moment.variant, moment.state, moment.actor, moment.move, moment.after)
    for calculation in calculations:
        calls = recorded[calculation.where]
        assert calls, f"{calculation.where}: the spec never asked it on the generated steps"
        # The plain answer of each recorded call, asked once (a plain calculation is a function of its arguments;
        # asking it three times cost Big Five's candidate plays 2 s); the fast form is asked every time.
        plain = [calculation.plain(*args) for args in calls]
        for index in range(len(calls)):
            for probe in (index, max(index - 1, 0), index):
                assert calculation.fast(*calls[probe]) == plain[probe], (calculation.where, calls[probe])


def test_fast_turns_and_candidates_equal_the_plain_ones(game_moments: tuple[str, list[Moment]]) -> None:
    game_id, seen = game_moments
    accel = acceleration(game_id)
    plain = plain_spec(game_id)
    for moment in seen:
        if accel.whose_turn is not None:
            assert accel.whose_turn(moment.state) == plain.whose_turn(moment.state)
        if accel.candidate_moves is not None and moment.candidates:
            assert list(accel.candidate_moves(moment.state, moment.actor)) == list(moment.candidates)


def test_the_accelerated_spec_decides_as_the_plain_spec(game_moments: tuple[str, list[Moment]]) -> None:
    game_id, seen = game_moments
    fast_spec = accel_module(game_id).SPEC  # type: ignore[union-attr]
    plain = plain_spec(game_id)
    allowed = 0
    for moment in seen:
        args = (moment.variant, moment.state, moment.actor)
        expected = plain.allowed_moves(*args, moment.candidates)
        assert fast_spec.allowed_moves(*args, moment.candidates) == expected
        assert [m for m in moment.candidates if fast_spec.is_legal(*args, m)] == expected
        assert fast_spec.check_move(*args, moment.move) == plain.check_move(*args, moment.move)
        assert (fast_spec.check_transition(*args, moment.move, moment.after)
                == plain.check_transition(*args, moment.move, moment.after))
        allowed += len(expected)
    assert allowed > 0


def test_the_registry_hands_out_the_accelerated_spec() -> None:
    for game_id in ACCELERATED:
        assert spec_for(game_id) is accel_module(game_id).SPEC  # type: ignore[union-attr]


def test_invalid_fast_form_for_an_unknown_rule_is_refused() -> None:
    from ruleproof.spec.accel.core import FastForm

    spec = plain_spec(ACCELERATED[0])
    with pytest.raises(ValueError, match="unknown rules"):
        accelerate(spec, Acceleration("demo", (FastForm("NO-SUCH-RULE", holds=lambda step: True),)), enabled=True)


def test_invalid_fast_form_that_disagrees_is_caught() -> None:
    """The comparison above can fail: a fast form that says yes to everything disagrees somewhere."""
    game_id = ACCELERATED[0]
    plain = plain_spec(game_id)
    form = acceleration(game_id).fast_forms[0]
    rule = plain.rule(form.rule_id)
    disagreements = 0
    for moment in moments(game_id, steps=60):
        for move in moment.candidates:
            step = Step(moment.variant, moment.state, moment.actor, move)
            if rule.applies(step) and rule.check(step) is not None:
                disagreements += 1  # an always-yes fast form would disagree here
    assert disagreements > 0


#: The files the plain run repeats: those whose tests ask the spec's verdicts (rules, scores, successors) of each
#: game, where a misreading planted in a plain calculation that an acceleration replaces by another algorithm (Take
#: 5's dealable cards and pile points, Cinco's draws, blocks and winning lines, Big Five's lines and candidate plays)
#: shows only with the accelerations off: the campaign's spec and boundary files of every game (the judges of its
#: rule mutants). The other files of tests/spec and tests/boundary are left out (8 of the 12 s of CPU the two whole
#: folders cost in the plain run): they read the rules' metadata or the test files (sources, boundary coverage,
#: glossary, registry, translations, sentence rules), test the accelerations themselves (test_accel_*: skipped with
#: the switch off) or the engine's playouts (test_take5_low_rows), or they ask calculations whose fast form is a
#: memory in front of the very plain function, so the accelerated run already runs the plain code (Big Five's bonus
#: tables: the successor; test_bigfive_move_classes: the class tables only an accelerated spec reads).
PLAIN_RUN = (
    *(f"tests/boundary/test_{game}_boundaries.py" for game in GAME_IDS),
    *(f"tests/spec/test_{game}.py" for game in GAME_IDS),
    "tests/spec/test_ambiguity_flags.py", "tests/spec/test_cinco_board.py",
)

#: Tests of :data:`PLAIN_RUN` left out of the plain run, and why the accelerated run already decides them.
PLAIN_RUN_DESELECTED = (
    # Ikebana's fast best split is a table in front of the plain function itself (spec/accel/ikebana.py), so the
    # accelerated run's scores of every bouquet already run the plain calculation; with the accelerations off they
    # would only cost 6 s more (every bouquet scored without the table).
    "tests/spec/test_ikebana.py::test_scorer_equals_brute_force_on_every_bouquet",
    "tests/spec/test_ikebana.py::test_best_bouquet_is_worth_75",
)


def test_the_plain_run_covers_every_games_spec_and_boundary_files() -> None:
    """A game added, or a file renamed, cannot silently leave the plain run."""
    for path in PLAIN_RUN:
        assert (ROOT / path).is_file(), path
    for deselected in PLAIN_RUN_DESELECTED:
        assert deselected.split("::")[0] in PLAIN_RUN, deselected


@pytest.mark.skipif(os.environ.get("RULEPROOF_ACCEL_SUBRUN") == "1", reason="already the plain run")
def test_spec_tests_pass_with_accelerations_off() -> None:
    """The spec and boundary files that ask the spec's verdicts (:data:`PLAIN_RUN`), run again in a process with
    every acceleration switched off."""
    env = {**os.environ, SWITCH: "off", "RULEPROOF_ACCEL_SUBRUN": "1"}
    # --assert=plain: the same verdicts (an assert fails as it does rewritten) without rewriting the modules again
    # (a fifth of this run's CPU); a failure's values are shown by the rerun the message names.
    command = [sys.executable, "-m", "pytest", "-x", "-p", "no:cacheprovider", "-n", "0", "--assert=plain",
               *(f"--deselect={node}" for node in PLAIN_RUN_DESELECTED), *PLAIN_RUN]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    rerun = f"for the values, rerun the failed test with {SWITCH}=off RULEPROOF_ACCEL_SUBRUN=1\n"
    assert result.returncode == 0, rerun + result.stdout[-4000:] + result.stderr[-2000:]
    assert re.search(r"\b[1-9]\d* passed", result.stdout), result.stdout[-2000:]


def test_the_plain_function_behind_every_attached_calculation_is_known() -> None:
    """The docs show the plain predicates a rule calls: every replaced calculation gives back its plain form."""
    from ruleproof.spec.accel.core import plain_attribute

    for game_id in ACCELERATED:
        for calculation in acceleration(game_id).calculations:
            module = importlib.import_module(calculation.module)
            assert getattr(module, calculation.name) is calculation.fast
            assert plain_attribute(module, calculation.name) is calculation.plain
