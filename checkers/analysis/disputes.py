"""How often each dispute arises and what it changes: every ambiguity of a game, measured to a precision target.

For every ambiguity with a flag, every reading other than the default and
every player count both readings allow (under the first policy, random play;
the further policies at the count where random play finds the dispute arising
most, :func:`best_counts` — :func:`full_plan`), :func:`measure` pairs the two readings
on the same deals (``diff``'s common random numbers) under a policy and
probes every game of the default reading with the other reading's rules
(:func:`~ruleproof.checkers.analysis.pairs.probe_history`), playing until the
interval of *the share of games in which the dispute arises* is at most
:data:`DISPUTE_PRECISION`'s width (:mod:`~ruleproof.checkers.analysis.sequential`).
Each row holds that share, the share of decisions at which it arises, how
often the winner changes (overall and in the games where the dispute arose),
the mean score difference, all with their intervals, and the ``ruleproof
diff`` command that reproduces it. Rows are run as one campaign per game
(``ruleproof disputes``: :mod:`ruleproof.checkers.campaign.kinds`, kind
``disputes``) and stored as the docs' data (``docs/_data/disputes/GAME.json``).

A flagless ambiguity (the project fixes one reading because the other
contradicts the rulebook: ``Ambiguity.contradiction``) is listed with that
reason: there is no second reading to play.

Each row also keeps the counts of its first look (the first ``first`` games):
a re-run of those games must give the same counts
(``tests/docs/test_disputes_data.py``), which ties the stored data to the code.

>>> rows = plan("take5", players=[4], policies=("random",))
>>> [(r.ambiguity, r.value, r.players) for r in rows][:2]
[('T5-AMB-1', '>', 4), ('T5-AMB-2', 'immediate', 4)]
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ruleproof.checkers.analysis.sequential import Precision
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError

__all__ = ["DISPUTE_POLICIES", "DISPUTE_PRECISION", "Measurement", "best_counts", "chosen_counts", "command_of", "document", "flagless",
           "full_plan", "measure", "plan", "player_notes", "reading_key"]

JSON = Any

#: The precision every stored dispute figure is measured to: the share of games in which the dispute arises,
#: its interval at most 0.10 wide (±5 points), looks after 50, 100, 200, 400 and 800 games. 800 games reach it
#: at any share (the widest, at one half, is 0.092 wide at 800 games with the looks' 99% level).
DISPUTE_PRECISION = Precision(width=0.10, target="arises", max_games=800, first=50)
#: The policies every dispute is measured under: random play (at every player count) and the game's heuristic (at
#: the player count where random play finds the dispute arising most: :func:`best_counts`).
DISPUTE_POLICIES: tuple[str, ...] = ("random", "greedy")


@dataclass(frozen=True)
class Measurement:
    """One dispute measured at one player count under one policy."""

    game: str
    ambiguity: str
    flag: str
    default: Any
    value: Any
    players: int
    policy: str
    seed: int = 0

    def to_json(self) -> dict[str, JSON]:
        return asdict(self)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _reading(engine: Any, flag: str, value: object) -> Any:
    mapping = variant_to_dict(engine.default_variant())
    mapping[flag] = value
    return variant_from_mapping(engine.variant_type, mapping)


def reading_key(ambiguity: str, value: object) -> str:
    """The key of one reading of an ambiguity in :func:`best_counts` and the stored notes: ``AMB=value``."""
    return f"{ambiguity}={_text(value)}"


def chosen_counts(game: str) -> dict[str, int]:
    """For each reading: the player count ``diff`` chooses for it (the engine's test configuration for its flag,
    :func:`~ruleproof.checkers.analysis.diff.choose_players`) — one count per reading, for a shorter run."""
    from ruleproof.checkers.analysis.diff import choose_players
    from ruleproof.model.registry import game_for

    engine = game_for(game)
    default = engine.default_variant()
    found = {}
    for amb in engine.spec.ambiguities:
        if not amb.flag:
            continue
        for reading in amb.readings:
            if reading.value != variant_to_dict(default)[amb.flag]:
                other = _reading(engine, amb.flag, reading.value)
                found[reading_key(amb.id, reading.value)] = choose_players(engine, default, other)[0]
    return found


def best_counts(rows: Sequence[dict[str, JSON]], policy: str = "random") -> dict[str, int]:
    """For each reading measured under ``policy``: the player count at which the dispute arises most often (the
    fewest players among equals) — where the further policies measure it.

    >>> row = lambda n, rate: {"ambiguity": "X", "value": True, "players": n, "policy": "random",
    ...                        "figures": {"arises": {"rate": rate}}}
    >>> best_counts([row(2, 0.1), row(3, 0.4), row(4, 0.4)])
    {'X=true': 3}
    """
    best: dict[str, tuple[float, int]] = {}
    for r in rows:
        if r["policy"] != policy:
            continue
        key = reading_key(r["ambiguity"], r["value"])
        rank = (r["figures"]["arises"]["rate"] or 0.0, -int(r["players"]))
        if key not in best or rank > best[key]:
            best[key] = rank
    return {key: -rank[1] for key, rank in best.items()}


def plan(game: str, *, players: Sequence[int] | None = None,
         policies: Sequence[str] = DISPUTE_POLICIES, seed: int = 0,
         at: dict[str, int] | None = None) -> list[Measurement]:
    """Every measurement of ``game``'s flagged ambiguities, in the spec's order (readings, counts, policies).

    :param at: only this player count for each reading (keys :func:`reading_key`; a reading missing from it is
        not measured).
    """
    from ruleproof.checkers.analysis.diff import player_counts
    from ruleproof.model.registry import game_for

    engine = game_for(game)
    default = engine.default_variant()
    rows: list[Measurement] = []
    for amb in engine.spec.ambiguities:
        if not amb.flag:
            continue
        base = variant_to_dict(default)[amb.flag]
        for reading in amb.readings:
            if reading.value == base:
                continue
            other = _reading(engine, amb.flag, reading.value)
            counts = sorted(set(player_counts(engine, default)) & set(player_counts(engine, other)))
            for n in counts:
                if players is not None and n not in players:
                    continue
                if at is not None and at.get(reading_key(amb.id, reading.value)) != n:
                    continue
                rows.extend(Measurement(engine.name, amb.id, amb.flag, base, reading.value, n, policy, seed)
                            for policy in policies)
    return rows


def command_of(m: Measurement, precision: Precision = DISPUTE_PRECISION) -> str:
    """The ``ruleproof diff`` command that plays the measurement's games and prints its figures."""
    argv = ["ruleproof", "diff", m.game, "--b-variant", f"{m.flag}={_text(m.value)}", "--players", str(m.players),
            "--policy", m.policy, "--seed", str(m.seed), "--ci-width", f"{precision.width:g}", "--ci-on",
            precision.target, "--max-games", str(precision.max_games), "--first-look", str(precision.first),
            "--no-findings"]
    return " ".join(shlex.quote(a) for a in argv)


def _first_look(pairs: Sequence[Any], first: int) -> dict[str, int]:
    """The counts of the first ``first`` pairs (what a small re-run must reproduce)."""
    head = pairs[:first]
    return {"games": len(head), "arises": sum(1 for p in head if p.probe is not None and p.probe.arises),
            "diverged": sum(1 for p in head if p.diverged), "winners": sum(1 for p in head if p.winners_changed),
            "decisions": sum(p.probe.decisions for p in head if p.probe is not None),
            "differing": sum(p.probe.differing for p in head if p.probe is not None)}


def measure(m: Measurement, precision: Precision = DISPUTE_PRECISION, *, jobs: int = 1) -> dict[str, JSON]:
    """Play the measurement to its precision target; its row (see the module docstring).

    :raises RuleproofError: the reading or the player count is refused, or the policy cannot play the game.
    """
    from ruleproof.checkers.analysis.diff import compare
    from ruleproof.checkers.policies.loading import parse_policies
    from ruleproof.model.registry import game_for

    engine = game_for(m.game)
    other = _reading(engine, m.flag, m.value)
    seats = parse_policies(m.policy)
    result = compare(engine, m.players, engine.default_variant(), other, seed=m.seed, findings=False, jobs=jobs,
                     seats=seats, probe=True, precision=precision)
    found = result.figures()
    assert found is not None and result.stopping is not None
    return {**m.to_json(), "command": command_of(m, precision), "games": result.games, "figures": found,
            "stopping": {k: result.stopping[k] for k in ("met", "looks", "looks_planned", "width", "target")},
            "kinds": result.kinds, "first_look": _first_look(result.pairs, precision.first),
            "policy_identity": result.policy_identity}


def player_notes(game: str) -> dict[str, JSON]:
    """For every flagged ambiguity's other readings: the player counts both readings allow and those only one does
    (a count only one reading allows cannot be paired: what changes there is whether the game can be played)."""
    from ruleproof.checkers.analysis.diff import player_counts
    from ruleproof.model.registry import game_for

    engine = game_for(game)
    default = engine.default_variant()
    base_counts = set(player_counts(engine, default))
    notes: dict[str, JSON] = {}
    for amb in engine.spec.ambiguities:
        if not amb.flag:
            continue
        base = variant_to_dict(default)[amb.flag]
        for reading in amb.readings:
            if reading.value == base:
                continue
            other = set(player_counts(engine, _reading(engine, amb.flag, reading.value)))
            notes[reading_key(amb.id, reading.value)] = {"both": sorted(base_counts & other),
                                                          "only_default": sorted(base_counts - other),
                                                          "only_reading": sorted(other - base_counts)}
    return notes


def flagless(game: str) -> list[dict[str, JSON]]:
    """The ambiguities without a flag, each with why nothing is measured."""
    from ruleproof.model.registry import game_for

    rows = []
    for amb in game_for(game).spec.ambiguities:
        if amb.flag:
            continue
        reason = amb.contradiction or "the project fixes one reading and has no flag for another"
        rows.append({"ambiguity": amb.id, "question": amb.question, "default": amb.default,
                     "readings": [{"value": r.value, "description": r.description} for r in amb.readings],
                     "reason": f"nothing to measure: only one reading can be played. {reason}"})
    return rows


def full_plan(game: str, rows: Sequence[dict[str, JSON]], policies: Sequence[str] = DISPUTE_POLICIES, *,
              players: Sequence[int] | None = None, seed: int = 0) -> list[Measurement]:
    """What a complete measurement of ``game`` holds: the first policy at every player count, the others at the
    counts :func:`best_counts` finds in ``rows`` (the first policy's measured rows)."""
    first = plan(game, players=players, policies=policies[:1], seed=seed)
    if len(policies) == 1:
        return first
    return first + plan(game, players=players, policies=policies[1:], seed=seed,
                        at=best_counts(rows, policies[0]))


def document(game: str, rows: Sequence[dict[str, JSON]], precision: Precision = DISPUTE_PRECISION, *,
             missing: Sequence[dict[str, JSON]] = ()) -> dict[str, JSON]:
    """The stored data of one game's disputes: the measured rows, the flagless ambiguities, the rule used, and the
    planned measurements an incomplete run lacks (``missing``; an ambiguity neither measured nor listed there is
    an error)."""
    from ruleproof.model.registry import game_for

    engine = game_for(game)
    listed = {r["ambiguity"] for r in [*rows, *missing]}
    unlisted = [a.id for a in engine.spec.ambiguities if a.flag and a.id not in listed]
    if unlisted:
        raise RuleproofError(f"{game}: no measurement for {', '.join(unlisted)}")
    return {"format": "ruleproof.disputes", "version": 1, "game": engine.name, "counts": player_notes(game),
            "precision": {"width": precision.width, "target": precision.target, "max_games": precision.max_games,
                          "first": precision.first, "rule": precision.describe()},
            "ambiguities": [a.id for a in engine.spec.ambiguities],
            "rows": list(rows), "missing": list(missing), "flagless": flagless(game)}
