"""Run every check that exists for a game and collect the findings in one table.

The audit is the project's main job. For each game it runs

* ``conformance``: the engine ⇔ spec checklist over every test configuration;
* ``fuzz``: the Hypothesis state machine for a few configurations;
* ``property``: the state properties claimed about the rules
  (:mod:`ruleproof.checkers.checks.invariants`), with their expected verdicts;
* ``finding``: the catalogue's questions answered by the solver or by
  exhaustive search (:mod:`ruleproof.checkers.catalogue.questions`), where they exist.

Each row has a verdict: ``pass`` (as expected), ``fail`` (a check failed or a
verdict differs from the expected one), ``unknown`` (a solver gave up; never
a proof) or ``not applicable`` (a question that cannot be asked under the
reading, with the reason).

Under a reading (:class:`ruleproof.model.readings.Reading`, ``AuditOptions.reading``)
every step runs on the reading's engine and flags: conformance and fuzzing for
the player counts of the engine's test configurations, the properties whose
expectation the reading's flags decide, and every catalogue question (asked
under the reading, or "not applicable" with the reason). A step the game lacks
(no properties, no questions module) is a row ``not run`` that says so.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from ruleproof.checkers.catalogue import drift
from ruleproof.checkers.checks.conformance import run_conformance
from ruleproof.checkers.checks.fuzz import machine_for
from ruleproof.checkers.checks.invariants import PROPERTIES, check_property
from ruleproof.model.core import Game
from ruleproof.model.readings import Reading, default_reading
from ruleproof.spec.core import variant_to_dict
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.registry import parts_for


@dataclass(frozen=True)
class AuditOptions:
    """How hard the audit works."""

    conformance_games: int = 2
    fuzz_examples: int = 10
    fuzz_steps: int = 60
    property_games: int = 30
    seed: int = 0
    #: Run the catalogue's solver and search questions too.
    findings: bool = True
    #: Run the full (slow) catalogue instead of its quick subset.
    full: bool = False
    #: The reading to audit under (``None``: each game's default reading).
    reading: Reading | None = None
    #: Run only these kinds of check (:data:`CHECK_KINDS`; empty: every kind).
    checks: tuple[str, ...] = ()
    #: Run only these findings (catalogue ids, any case; empty: every finding).
    finding_ids: tuple[str, ...] = ()
    #: One configuration per check (the first test configuration) instead of several.
    quick: bool = False
    #: Called with ``(game, check, subject)`` just before each check runs (for progress).
    on_start: Callable[[str, str, str], None] | None = field(default=None, compare=False, repr=False)

    def starting(self, game: str, check: str, subject: str) -> None:
        """Report that a check starts (see :attr:`on_start`)."""
        if self.on_start is not None:
            self.on_start(game, check, subject)

    def wants(self, check: str) -> bool:
        """Whether checks of kind ``check`` run."""
        return not self.checks or check in self.checks

    def wants_finding(self, finding_id: str) -> bool:
        """Whether the finding ``finding_id`` runs."""
        return not self.finding_ids or finding_id.upper() in {f.upper() for f in self.finding_ids}

    def reading_for(self, game_id: str) -> Reading:
        """The reading in force for ``game_id``."""
        if self.reading is not None and self.reading.game == game_id:
            return self.reading
        return default_reading(game_id)


@dataclass(frozen=True)
class AuditRow:
    """One line of the audit table."""

    game: str
    check: str
    subject: str
    verdict: str
    detail: str
    seconds: float
    data: Any = None

    def to_json(self) -> dict[str, Any]:
        """The row as JSON-ready data."""
        row = {"game": self.game, "check": self.check, "subject": self.subject, "verdict": self.verdict,
               "detail": self.detail, "seconds": round(self.seconds, 3)}
        if self.data is not None:
            row["data"] = self.data
        return row


def _config_label(players: int, variant: Any, default: Any) -> str:
    changed = {k: v for k, v in variant_to_dict(variant).items() if variant_to_dict(default).get(k) != v}
    flags = ", ".join(f"{k}={v}" for k, v in changed.items())
    return f"{players} players" + (f" ({flags})" if flags else "")


def _configs(reading: Reading) -> tuple[tuple[int, Any], ...]:
    """The engine's test configurations, or under a non-default reading its flags at the same player counts."""
    game = reading.engine
    if reading.is_default:
        return game.test_configs()
    counts = []
    for players, _ in game.test_configs():
        try:
            game.initial_state(players, reading.variant)
        except (RuleproofError, ValueError):
            continue
        counts.append(players)
    if not counts:
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            try:
                game.initial_state(players, reading.variant)
            except (RuleproofError, ValueError):
                continue
            counts.append(players)
            break
    return tuple((n, reading.variant) for n in dict.fromkeys(counts))


def _run_configs(reading: Reading, options: AuditOptions) -> tuple[tuple[int, Any], ...]:
    """The configurations a check runs on (only the first with ``quick``)."""
    configs = _configs(reading)
    return configs[:1] if options.quick else configs


def _fuzz_configs(configs: tuple[tuple[int, Any], ...]) -> list[tuple[int, Any]]:
    return list(dict.fromkeys([configs[0], configs[-1]])) if configs else []


def audit_conformance(game_id: str, options: AuditOptions) -> Iterable[AuditRow]:
    """The conformance checklist over every test configuration."""
    reading = options.reading_for(game_id)
    game = reading.engine
    for players, variant in _run_configs(reading, options):
        options.starting(game_id, "conformance", _config_label(players, variant, game.default_variant()))
        start = time.perf_counter()
        result = run_conformance(game, players, variant, games=options.conformance_games, seed=options.seed,
                                 candidate_every=3)
        detail = result.summary() if result.ok else "; ".join(str(p) for p in result.problems[:3])
        yield AuditRow(game_id, "conformance", _config_label(players, variant, game.default_variant()),
                       "pass" if result.ok else "fail", detail, time.perf_counter() - start)


def audit_fuzz(game_id: str, options: AuditOptions) -> Iterable[AuditRow]:
    """The Hypothesis state machine on the first and last test configurations."""
    reading = options.reading_for(game_id)
    game = reading.engine
    configs = _run_configs(reading, options)
    if not configs:
        yield AuditRow(game_id, "fuzz", reading.describe(), "fail", "the reading allows no player count", 0.0)
        return
    for players, variant in _fuzz_configs(configs):
        options.starting(game_id, "fuzz", _config_label(players, variant, game.default_variant()))
        start = time.perf_counter()
        machine = _machine(game, players, variant) if not reading.is_default else machine_for(game_id, players, variant)
        try:
            run_state_machine_as_test(machine, settings=settings(
                max_examples=options.fuzz_examples, stateful_step_count=options.fuzz_steps, deadline=None,
                database=None, derandomize=True, suppress_health_check=list(HealthCheck), print_blob=False))
        except Exception as exc:  # noqa: BLE001 - a failing machine is a finding
            verdict, detail = "fail", f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        else:
            verdict = "pass"
            detail = f"{options.fuzz_examples} sequences of up to {options.fuzz_steps} steps, no disagreement"
        yield AuditRow(game_id, "fuzz", _config_label(players, variant, game.default_variant()), verdict, detail,
                       time.perf_counter() - start)


def audit_properties(game_id: str, options: AuditOptions) -> Iterable[AuditRow]:
    """Each claimed property under the default variant and each test variant that changes its expectation."""
    reading = options.reading_for(game_id)
    game = reading.engine
    if game_id not in PROPERTIES:
        yield AuditRow(game_id, "property", "(none)", "not run",
                       f"no state properties are claimed for {game_id} (ruleproof.checkers.checks.invariants)", 0.0)
        return
    for prop in PROPERTIES.get(game_id, ()):
        seen: set[bool] = set()
        for players, variant in _run_configs(reading, options):
            expected = prop.expected(variant)
            if expected in seen:
                continue
            seen.add(expected)
            options.starting(game_id, "property", f"{prop.id} {_config_label(players, variant, game.default_variant())}")
            start = time.perf_counter()
            result = check_property(game, prop, players, variant, games=options.property_games, seed=options.seed)
            verdict = "pass" if result.as_expected else "fail"
            if result.verdict == "holds":
                detail = f"holds on {result.states} states of {result.games} random games (expected to {'hold' if expected else 'fail'})"
            else:
                detail = f"refuted after {len(result.witness)} moves: {result.message}"
            yield AuditRow(game_id, "property", f"{prop.id} {_config_label(players, variant, game.default_variant())}",
                           verdict, detail, time.perf_counter() - start,
                           {"statement": prop.statement, "verdict": result.verdict, "witness": list(result.witness)})


def audit_findings(game_id: str, options: AuditOptions) -> Iterable[AuditRow]:
    """The catalogue's questions about this game (solver and exhaustive search)."""
    if not options.findings:
        return
    try:
        catalogue = importlib.import_module("ruleproof.checkers.catalogue.questions")
    except ImportError as exc:
        yield AuditRow(game_id, "finding", "(catalogue)", "not run", f"the catalogue could not be loaded: {exc}", 0.0)
        return
    if not parts_for(game_id).questions:
        yield AuditRow(game_id, "finding", "(none)", "not run",
                       f"game {game_id!r} has no questions part (GameParts.questions is empty): no catalogue "
                       "question, Z3 encoding or search was run", 0.0)
        return
    reading = options.reading_for(game_id)
    try:
        found = list(catalogue.questions(game_id))
    except ImportError as exc:
        yield AuditRow(game_id, "finding", "(catalogue)", "not run", f"a questions module failed to load: {exc}", 0.0)
        return
    if not found:
        yield AuditRow(game_id, "finding", "(none)", "not run",
                       f"the questions modules of {game_id!r} register no question", 0.0)
        return
    for question in found:
        if not options.wants_finding(question.id):
            continue
        options.starting(game_id, "finding", f"{question.id} {question.question}")
        # drift.check_question compares the answer with the manifest: a changed verdict, a result lost to
        # unknown, a witness that no longer replays or a question that raises is a 'fail' with the reason.
        checked = drift.check_question(question, options.full, None if reading.is_default else reading)
        yield AuditRow(game_id, "finding", f"{question.id} {question.question}", checked.verdict,
                       checked.detail, checked.seconds, checked.to_json())


def _machine(game: Game[Any, Any, Any], players: int, variant: Any) -> type[Any]:
    """A state machine class for an engine that is not in the registry (a reading's engine)."""
    from ruleproof.checkers.checks.fuzz import GameMachine

    return type("ReadingMachine", (GameMachine,), {"game": game, "players": players, "variant": variant})


AUDIT_STEPS: tuple[Callable[[str, AuditOptions], Iterable[AuditRow]], ...] = (
    audit_conformance, audit_fuzz, audit_properties, audit_findings,
)

#: The kinds of check, in the order they run (``ruleproof audit --check KIND``).
CHECK_KINDS: tuple[str, ...] = ("conformance", "fuzz", "property", "finding")


def _steps(options: AuditOptions) -> list[Callable[[str, AuditOptions], Iterable[AuditRow]]]:
    wanted = dict(zip(CHECK_KINDS, AUDIT_STEPS))
    if options.finding_ids and not options.checks:
        return [audit_findings]
    return [step for kind, step in wanted.items() if options.wants(kind)]


def count_checks(games: Iterable[str], options: AuditOptions) -> int:
    """How many rows :func:`run_audit` will produce (for progress: done/total), without running anything.

    Questions are only looked up (their modules imported), never asked.
    """
    total = 0
    for game_id in games:
        reading = options.reading_for(game_id)
        configs = _run_configs(reading, options)
        for step in _steps(options):
            if step is audit_conformance:
                total += len(configs)
            elif step is audit_fuzz:
                total += len(_fuzz_configs(configs)) or 1
            elif step is audit_properties:
                props = PROPERTIES.get(game_id)
                total += sum(len({p.expected(v) for _, v in configs}) for p in props) if props else 1
            elif step is audit_findings and options.findings:
                total += _count_findings(game_id, options)
    return total


def _count_findings(game_id: str, options: AuditOptions) -> int:
    try:
        catalogue = importlib.import_module("ruleproof.checkers.catalogue.questions")
        if not parts_for(game_id).questions:
            return 1
        found = list(catalogue.questions(game_id))
    except ImportError:
        return 1
    if not found:
        return 1
    return sum(1 for q in found if options.wants_finding(q.id))


def known_finding_ids(games: Iterable[str]) -> list[str]:
    """The catalogue ids of ``games`` (for ``--finding`` suggestions)."""
    catalogue = importlib.import_module("ruleproof.checkers.catalogue.questions")
    ids: list[str] = []
    for game_id in games:
        if parts_for(game_id).questions:
            ids += [q.id for q in catalogue.questions(game_id)]
    return ids


def run_audit(games: Iterable[str], options: AuditOptions, on_row: Callable[[AuditRow], None] | None = None) -> list[AuditRow]:
    """Every audit step for every game, in order."""
    rows: list[AuditRow] = []
    for game_id in games:
        for step in _steps(options):
            for row in step(game_id, options):
                rows.append(row)
                if on_row is not None:
                    on_row(row)
    return rows
