"""What the audit will run: its options, its rows, and the plan of tasks (one per row), without running anything.

:func:`plan_audit` lists every row of an audit as an :class:`AuditTask` that
names its work by plain data (game, kind of check, configuration, property
or question id), so a task can be run here or sent to a worker process
(:mod:`ruleproof.checkers.analysis.audit_checks` runs one,
:mod:`ruleproof.checkers.analysis.audit_jobs` schedules many). Planning only
looks questions up (their modules are imported), it never asks them.

>>> tasks = plan_audit(["take5"], AuditOptions(checks=("property",), quick=True))
>>> [(t.check, t.item) for t in tasks]
[('property', 'T5-INV-1'), ('property', 'T5-INV-2')]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ruleproof.checkers.checks.invariants import PROPERTIES
from ruleproof.model.core import Game
from ruleproof.model.io.readings import Reading, default_reading
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
    #: Findings whose defect is accepted (catalogue ids, any case): a defect they find is not a failure
    #: (:mod:`ruleproof.checkers.catalogue.defects`; ``ruleproof audit --allow``).
    allow: tuple[str, ...] = ()
    #: One configuration per check (the first test configuration) instead of several.
    quick: bool = False
    #: Check only these player counts (empty: the counts of the engine's test configurations). A count with
    #: no test configuration is checked under the reading's variant; a count a game does not allow is skipped.
    players: tuple[int, ...] = ()
    #: Re-decide every unsat solver query and optimum bound of the findings with cvc5
    #: (:mod:`ruleproof.checkers.smt.crosscheck`).
    cross_check: bool = False
    #: Called with ``(game, check, subject)`` as each check starts (for progress).
    on_start: Callable[[str, str, str], None] | None = field(default=None, compare=False, repr=False)
    #: Called with each row as its check finishes, in the order they finish (for progress; with worker
    #: processes not the plan's order, in which :func:`run_audit` reports the rows).
    on_finish: Callable[[AuditRow], None] | None = field(default=None, compare=False, repr=False)

    def starting(self, game: str, check: str, subject: str) -> None:
        """Report that a check starts (see :attr:`on_start`)."""
        if self.on_start is not None:
            self.on_start(game, check, subject)

    def finishing(self, row: AuditRow) -> None:
        """Report that a check finished (see :attr:`on_finish`)."""
        if self.on_finish is not None:
            self.on_finish(row)

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
    #: A finding's status (:data:`ruleproof.checkers.catalogue.defects.STATUSES`: "answered, no defect",
    #: "defect found", "defect accepted", "drift", "unknown", "not applicable"); "" for other checks.
    status: str = ""

    def to_json(self) -> dict[str, Any]:
        """The row as JSON-ready data (``status`` only for a finding)."""
        row = {"game": self.game, "check": self.check, "subject": self.subject, "verdict": self.verdict,
               "detail": self.detail, "seconds": round(self.seconds, 3)}
        if self.status:
            row["status"] = self.status
        if self.data is not None:
            row["data"] = self.data
        return row

    @property
    def defect_found(self) -> bool:
        """Whether the row is a finding that found a defect the audit does not accept."""
        return self.status == "defect found"


def _config_label(players: int, variant: Any, default: Any) -> str:
    """``3 players (flag=value, ...)``: the player count and the flags that differ from the default."""
    changed = {k: v for k, v in variant_to_dict(variant).items() if variant_to_dict(default).get(k) != v}
    flags = ", ".join(f"{k}={v}" for k, v in changed.items())
    return f"{players} player{'' if players == 1 else 's'}" + (f" ({flags})" if flags else "")


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
    """The configurations a check runs on: those of ``options.players`` (:func:`_chosen_configs`), only the
    first with ``quick``."""
    configs = _configs(reading)
    if options.players:
        configs = _chosen_configs(reading, configs, options.players)
    return configs[:1] if options.quick else configs


def allows_players(reading: Reading, players: int) -> bool:
    """Whether the reading's engine starts a game of ``players`` under the reading's variant."""
    try:
        reading.engine.initial_state(players, reading.variant)
    except (RuleproofError, ValueError):
        return False
    return True


def _chosen_configs(reading: Reading, configs: tuple[tuple[int, Any], ...],
                    players: tuple[int, ...]) -> tuple[tuple[int, Any], ...]:
    """For each chosen count, the test configurations with that count, else the reading's variant at that count
    (a count the game does not allow is left out)."""
    chosen: list[tuple[int, Any]] = []
    for count in dict.fromkeys(players):
        same = [config for config in configs if config[0] == count]
        if same:
            chosen += same
        elif allows_players(reading, count):
            chosen.append((count, reading.variant))
    return tuple(chosen)


def _fuzz_configs(configs: tuple[tuple[int, Any], ...]) -> list[tuple[int, Any]]:
    return list(dict.fromkeys([configs[0], configs[-1]])) if configs else []


@dataclass(frozen=True)
class AuditTask:
    """One planned row of the audit: what :func:`run_task` runs, or the row itself when nothing runs.

    A task names its work by plain data (game, kind, configuration, property or
    question id), so it can be sent to a worker process.
    """

    game: str
    check: str
    subject: str
    players: int = 0
    variant: Any = None
    #: The property id (``property``) or the question id (``finding``).
    item: str = ""
    #: The row, known without running anything (a step the game lacks, a reading with no player count).
    row: AuditRow | None = None


def _label(game: Game[Any, Any, Any], players: int, variant: Any) -> str:
    return _config_label(players, variant, game.default_variant())


def _no_chosen_count(game_id: str, check: str, reading: Reading, options: AuditOptions) -> list[AuditTask]:
    """A ``not run`` row when ``--players`` left the game no count (else nothing)."""
    if not options.players or _run_configs(reading, options):
        return []
    counts = ", ".join(map(str, options.players))
    subject = f"{counts} player{'' if options.players == (1,) else 's'}"
    return [AuditTask(game_id, check, subject, row=AuditRow(
        game_id, check, subject, "not run",
        f"{reading.describe()} allows none of the chosen player counts ({counts})", 0.0))]


def plan_conformance(game_id: str, options: AuditOptions) -> list[AuditTask]:
    """The conformance checklist over every test configuration."""
    reading = options.reading_for(game_id)
    game = reading.engine
    return _no_chosen_count(game_id, "conformance", reading, options) or [
        AuditTask(game_id, "conformance", _label(game, players, variant), players, variant)
        for players, variant in _run_configs(reading, options)]


def plan_fuzz(game_id: str, options: AuditOptions) -> list[AuditTask]:
    """The Hypothesis state machine on the first and last test configurations."""
    reading = options.reading_for(game_id)
    configs = _run_configs(reading, options)
    skipped = _no_chosen_count(game_id, "fuzz", reading, options)
    if skipped:
        return skipped
    if not configs:
        return [AuditTask(game_id, "fuzz", reading.describe(), row=AuditRow(
            game_id, "fuzz", reading.describe(), "fail", "the reading allows no player count", 0.0))]
    return [AuditTask(game_id, "fuzz", _label(reading.engine, players, variant), players, variant)
            for players, variant in _fuzz_configs(configs)]


def plan_properties(game_id: str, options: AuditOptions) -> list[AuditTask]:
    """Each claimed property under the default variant and each test variant that changes its expectation."""
    reading = options.reading_for(game_id)
    if game_id not in PROPERTIES:
        return [AuditTask(game_id, "property", "(none)", row=AuditRow(
            game_id, "property", "(none)", "not run",
            f"no state properties are claimed for {game_id} (ruleproof.checkers.checks.invariants)", 0.0))]
    skipped = _no_chosen_count(game_id, "property", reading, options)
    if skipped:
        return skipped
    tasks = []
    for prop in PROPERTIES.get(game_id, ()):
        seen: set[bool] = set()
        for players, variant in _run_configs(reading, options):
            expected = prop.expected(variant)
            if expected in seen:
                continue
            seen.add(expected)
            tasks.append(AuditTask(game_id, "property", f"{prop.id} {_label(reading.engine, players, variant)}",
                                   players, variant, prop.id))
    return tasks


def _not_run(game_id: str, subject: str, detail: str) -> list[AuditTask]:
    return [AuditTask(game_id, "finding", subject, row=AuditRow(game_id, "finding", subject, "not run", detail, 0.0))]


def plan_findings(game_id: str, options: AuditOptions) -> list[AuditTask]:
    """The catalogue's questions about this game (solver and exhaustive search); only looked up, never asked."""
    if not options.findings:
        return []
    try:
        catalogue = importlib.import_module("ruleproof.checkers.catalogue.questions")
    except ImportError as exc:
        return _not_run(game_id, "(catalogue)", f"the catalogue could not be loaded: {exc}")
    if not parts_for(game_id).questions:
        return _not_run(game_id, "(none)", f"game {game_id!r} has no questions part (GameParts.questions is empty): "
                        "no catalogue question, Z3 encoding or search was run")
    try:
        found = list(catalogue.questions(game_id))
    except ImportError as exc:
        return _not_run(game_id, "(catalogue)", f"a questions module failed to load: {exc}")
    if not found:
        return _not_run(game_id, "(none)", f"the questions modules of {game_id!r} register no question")
    return [AuditTask(game_id, "finding", f"{q.id} {q.question}", item=q.id) for q in found
            if options.wants_finding(q.id)]


#: The kinds of check, in the order they run (``ruleproof audit --check KIND``).
CHECK_KINDS: tuple[str, ...] = ("conformance", "fuzz", "property", "finding")

_PLANS: dict[str, Callable[[str, AuditOptions], list[AuditTask]]] = {
    "conformance": plan_conformance, "fuzz": plan_fuzz, "property": plan_properties, "finding": plan_findings,
}


def _kinds(options: AuditOptions) -> list[str]:
    if options.finding_ids and not options.checks:
        return ["finding"]
    return [kind for kind in CHECK_KINDS if options.wants(kind)]


def plan_audit(games: Iterable[str], options: AuditOptions) -> list[AuditTask]:
    """Every row the audit will produce, in order, without running anything (questions are only looked up)."""
    return [task for game_id in games for kind in _kinds(options) for task in _PLANS[kind](game_id, options)]


def count_checks(games: Iterable[str], options: AuditOptions) -> int:
    """How many rows :func:`run_audit` will produce (for progress: done/total), without running anything.

    Questions are only looked up (their modules imported), never asked.
    """
    return len(plan_audit(games, options))


def known_finding_ids(games: Iterable[str]) -> list[str]:
    """The catalogue ids of ``games`` (for ``--finding`` suggestions)."""
    catalogue = importlib.import_module("ruleproof.checkers.catalogue.questions")
    ids: list[str] = []
    for game_id in games:
        if parts_for(game_id).questions:
            ids += [q.id for q in catalogue.questions(game_id)]
    return ids

