"""The campaign kinds: how each cuts its work into chunks, runs one chunk, and merges the results.

Every kind is a :class:`Kind` of three pure functions over JSON data:

* ``plan(params)`` — the chunks' parameters, in order (the same params give the same plan);
* ``run(params, chunk)`` — one chunk's result (runs on a Dask worker; the same inputs give the same result);
* ``merge(params, results)`` — the report from every chunk's result, in chunk order.

``simulate`` and ``diff`` cut a batch of seeded games into ranges of game
indices. Game ``i`` is seeded by ``(seed, i)`` whatever chunk it falls in, so
the merged report equals ``ruleproof simulate``/``ruleproof diff`` with the
same seed and game count, to the last bit: chunks return exact sums
(:mod:`~ruleproof.checkers.campaign.exact`), never rounded means.
Both take a ``policy`` (the text of
:func:`ruleproof.checkers.policies.loading.parse_policies`; built-in policies
only: a campaign folder never names code to run), kept in the parameters
only when it is not ``random`` so older campaign folders keep their identity.
``fuzz`` runs one Hypothesis search per chunk with a seed derived from the
campaign seed and the chunk number; each chunk is exactly ``ruleproof fuzz
GAME --seed S_i --examples K`` (the report prints that command for any
failing chunk). ``search`` splits a solver question into sub-problems
(:mod:`~ruleproof.checkers.campaign.search`).

>>> params = diff_params("take5", 2, {}, {"professional": True}, games=5, seed=3, chunk=2)
>>> [c["count"] for c in KINDS["diff"].plan(params)]
[2, 2, 1]
>>> report = KINDS["diff"].merge(params, [KINDS["diff"].run(params, c) for c in KINDS["diff"].plan(params)])
>>> report["games"], report["verdict"]
(5, 'outcomes')
"""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof.checkers.campaign.exact import Sums, add_run, replay_float_sum
from ruleproof.spec.errors import RuleproofError

JSON = Any

#: Games per chunk when none is given: big enough that scheduling costs little, small enough to resume often.
DEFAULT_GAMES_PER_CHUNK = 2_000
#: Fuzzing examples per chunk when none is given.
DEFAULT_EXAMPLES_PER_CHUNK = 20


@dataclass(frozen=True)
class Kind:
    """One campaign kind (see the module docstring)."""

    name: str
    plan: Callable[[dict[str, JSON]], list[dict[str, JSON]]]
    run: Callable[[dict[str, JSON], dict[str, JSON]], JSON]
    merge: Callable[[dict[str, JSON], Sequence[JSON]], dict[str, JSON]]
    #: Whether a merged report is a pass (exit 0) or a failed check (exit 1).
    ok: Callable[[dict[str, JSON]], bool] = lambda report: True
    #: What a chunk counts (games, examples, sub-problems), for rates.
    unit: Callable[[dict[str, JSON]], str] = lambda params: "games"


def _ranges(total: int, size: int) -> list[dict[str, JSON]]:
    if total < 1:
        raise RuleproofError(f"the campaign needs at least one game or example; got {total!r}")
    if size < 1:
        raise RuleproofError(f"--chunk must be at least 1; got {size!r}")
    return [{"first": first, "count": min(size, total - first)} for first in range(0, total, size)]


def campaign_policy(text: str | None) -> str | None:
    """The canonical text of a campaign's policy (``None`` for random), refusing a plugin.

    >>> campaign_policy("random"), campaign_policy("MCTS:iterations=50")
    (None, 'mcts:iterations=50')
    """
    from ruleproof.checkers.policies.loading import PluginPolicy, parse_policies

    seats = parse_policies(text)
    if any(isinstance(p, PluginPolicy) for p in seats.policies):
        raise RuleproofError("campaigns play built-in policies only (random, greedy, mcts, ismcts): a campaign "
                             "folder must not name code to run; use `ruleproof diff --policy FILE.py:Class` instead")
    return None if seats.all_random else seats.describe()


def _seats(params: dict[str, JSON]) -> Any:
    """The seats of a campaign's ``policy`` parameter (``None``: random, the engines' fast paths)."""
    text = params.get("policy")
    if text is None:
        return None
    from ruleproof.checkers.policies.loading import parse_policies

    return parse_policies(text)


def _with_policy(params: dict[str, JSON], policy: str | None) -> dict[str, JSON]:
    if policy is not None:
        params["policy"] = campaign_policy(policy)
        if params["policy"] is None:
            del params["policy"]
    return params


def _game_and_variant(params: dict[str, JSON], key: str = "variant") -> tuple[Any, Any]:
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_from_mapping

    game = game_for(params["game"])
    return game, variant_from_mapping(game.variant_type, params[key])


# -- simulate ---------------------------------------------------------------------


def full_variant(game: str, flags: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
    """The game's registered id and every flag's value, given the flags set away from the defaults.

    >>> full_variant("take5", {"professional": True})[1]["professional"]
    True
    """
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_from_mapping, variant_to_dict

    g = game_for(game)
    return g.name, variant_to_dict(variant_from_mapping(g.variant_type, flags))


def simulate_params(game: str, players: int, variant: dict[str, JSON], *, games: int, seed: int = 0,
                    chunk: int = DEFAULT_GAMES_PER_CHUNK, rule_stats: bool = False,
                    policy: str | None = None) -> dict[str, JSON]:
    """The parameters of a ``simulate`` campaign (``variant``: the flags set, as JSON)."""
    game, variant = full_variant(game, variant)
    return _with_policy({"game": game, "players": players, "variant": variant, "games": games, "seed": seed,
                         "chunk": chunk, "rule_stats": rule_stats}, policy)


def _simulate_plan(params: dict[str, JSON]) -> list[dict[str, JSON]]:
    return _ranges(params["games"], params["chunk"])


def _simulate_run(params: dict[str, JSON], chunk: dict[str, JSON]) -> JSON:
    """Play the chunk's games in one ``simulate`` call (game ``i`` seeded by ``(seed, i)``) and keep sums."""
    from ruleproof.checkers.checks.simulate import simulate

    game, variant = _game_and_variant(params)
    players = params["players"]
    stats, _ = simulate(game, players, variant, games=chunk["count"], seed=params["seed"], start=chunk["first"],
                        rule_stats=params["rule_stats"], seats=_seats(params))
    lengths = stats.lengths
    seats = []
    for seat in range(players):
        column = [score[seat] for score in stats.scores]
        sums = Sums()
        sums.add_counted(Counter(column))
        seats.append({"sums": sums.to_json(), "min": min(column), "max": max(column)})
    # simulate adds 1/len(winners) to each winner's float total game after game; the chunk keeps, per seat,
    # the run-length-encoded tie sizes of the games it won, so the merge adds the same floats in the same order.
    wins: list[list[list[int]]] = [[] for _ in range(players)]
    for winners in stats.winners:
        for seat in winners:
            add_run(wins[seat], len(winners))
    return {"games": len(lengths), "length_sum": sum(lengths), "length_min": min(lengths),
            "length_max": max(lengths), "seats": seats, "wins": wins,
            "rules_fired": dict(sorted(stats.rules_fired.items()))}


def _simulate_merge(params: dict[str, JSON], results: Sequence[JSON]) -> dict[str, JSON]:
    from ruleproof.checkers.checks.simulate import simulate

    players = params["players"]
    games = sum(r["games"] for r in results)
    # The statistics object of ``simulate`` itself (no game played) renders the report, so the merged report
    # has its fields; the values that need every game (mean length, mean scores) are set from exact sums.
    game, variant = _game_and_variant(params)
    stats, _ = simulate(game, players, variant, games=0, seed=params["seed"], rule_stats=params["rule_stats"],
                        seats=_seats(params))
    stats.games = games
    stats.lengths = [min(r["length_min"] for r in results), max(r["length_max"] for r in results)]
    stats.wins = [replay_float_sum(tuple(run) for r in results for run in r["wins"][seat]) for seat in range(players)]
    for r in results:
        stats.rules_fired.update(r["rules_fired"])
    data: dict[str, JSON] = stats.to_json()
    length = Sums()
    length.n, length.sx = games, {1: sum(r["length_sum"] for r in results)}
    data["length"]["mean"] = length.fmean()
    for row in data["seats"]:
        seat = row["seat"]
        sums = Sums()
        for r in results:
            sums.merge(Sums.from_json(r["seats"][seat]["sums"]))
        row["mean_score"] = sums.fmean()
        row["min_score"] = min(r["seats"][seat]["min"] for r in results)
        row["max_score"] = max(r["seats"][seat]["max"] for r in results)
    return data


# -- diff -----------------------------------------------------------------------------


def diff_params(game: str, players: int, a: dict[str, JSON], b: dict[str, JSON], *, games: int, seed: int = 0,
                chunk: int = DEFAULT_GAMES_PER_CHUNK, policy: str | None = None) -> dict[str, JSON]:
    """The parameters of a ``diff`` campaign (``a``/``b``: flags set away from the defaults, or every flag)."""
    name, full_a = full_variant(game, a)
    _, full_b = full_variant(game, b)
    return _with_policy({"game": name, "players": players, "a": full_a, "b": full_b, "games": games, "seed": seed,
                         "chunk": chunk}, policy)


def _metric_rows(players: int) -> list[str]:
    return (["game length (moves)", "score, mean over seats"] + [f"score of seat {s}" for s in range(players)]
            + [f"win share of seat {s}" for s in range(players)])


def _diff_run(params: dict[str, JSON], chunk: dict[str, JSON]) -> JSON:
    """Play the chunk's paired games and keep, per metric row, exact sums of A, B and B − A.

    The games go through ``play_pair`` (the Take 5 pair player when it applies); each game's values are
    appended to one column per metric and side, and each column is counted and summed once at the end
    (:meth:`Sums.add_counted`): a few list appends per game beyond its play, no object per game kept.
    """
    from ruleproof.checkers.analysis.diff import play_pair

    game, a = _game_and_variant(params, "a")
    _, b = _game_and_variant(params, "b")
    players = params["players"]
    seed = params["seed"]
    rows = len(_metric_rows(players))
    cols_a: list[list[float]] = [[] for _ in range(rows)]
    cols_b: list[list[float]] = [[] for _ in range(rows)]
    kinds: Counter[str] = Counter()
    diverged = outcome = winners = 0
    witness: int | None = None
    sample: JSON = None
    fmean = statistics.fmean  # as Comparison.metrics computes the mean over seats
    seats = range(players)
    policies = _seats(params)
    for index in range(chunk["first"], chunk["first"] + chunk["count"]):
        pair = play_pair(game, players, a, b, seed=seed, index=index, detail=sample is None, seats=policies)
        if pair.diverged:  # a pair that does not diverge changes no score and no winner
            diverged += 1
            if pair.kind is not None:
                kinds[pair.kind] += 1
            if sample is None and pair.divergence is not None:
                sample = pair.divergence.to_json()
            if pair.outcome_changed:
                outcome += 1
                if witness is None:
                    witness = index
            winners += pair.winners_changed
        sa, sb, ra, rb = pair.scores_a, pair.scores_b, pair.returns_a, pair.returns_b
        cols_a[0].append(pair.length_a)
        cols_b[0].append(pair.length_b)
        cols_a[1].append(fmean(sa))
        cols_b[1].append(fmean(sb))
        for s in seats:
            cols_a[2 + s].append(sa[s])
            cols_b[2 + s].append(sb[s])
            cols_a[2 + players + s].append(ra[s])
            cols_b[2 + players + s].append(rb[s])
    metrics = []
    for col_a, col_b in zip(cols_a, cols_b):
        triple = (Sums(), Sums(), Sums())
        triple[0].add_counted(Counter(col_a))
        triple[1].add_counted(Counter(col_b))
        triple[2].add_counted(Counter([vb - va for va, vb in zip(col_a, col_b)]))
        metrics.append([acc.to_json() for acc in triple])
    return {"games": chunk["count"], "diverged": diverged, "outcome_changed": outcome, "winners_changed": winners,
            "kinds": dict(sorted(kinds.items())), "witness": witness, "sample": sample, "metrics": metrics}


def _metric(name: str, sa: Sums, sb: Sums, sd: Sums) -> Any:
    """The :class:`~ruleproof.checkers.analysis.stats.Metric` that ``Metric.paired`` computes from the values."""
    import math

    from ruleproof.checkers.analysis.stats import Metric, t975

    n = sd.n
    if n == 0:
        return Metric(name, 0.0, 0.0, 0.0, None, None, 0)
    mean = sd.fmean()
    low: float | None = None
    high: float | None = None
    if n >= 2:
        half = t975(n - 1) * sd.stdev() / math.sqrt(n)
        low, high = mean - half, mean + half
    return Metric(name, sa.fmean(), sb.fmean(), mean, low, high, n)


def merged_comparison(params: dict[str, JSON], results: Sequence[JSON], *, findings: bool = True) -> Any:
    """A :class:`~ruleproof.checkers.analysis.diff.Comparison` rebuilt from chunk results (no per-game pairs):
    its ``to_json`` and ``summary`` are those of ``compare`` over the same games."""
    from ruleproof.checkers.analysis.diff import Comparison, Divergence, compare

    game, a = _game_and_variant(params, "a")
    _, b = _game_and_variant(params, "b")
    players = params["players"]
    # The parts of a comparison that do not depend on the games (player counts, rules, findings), from
    # compare itself on one game.
    policies = _seats(params)
    skeleton = compare(game, players, a, b, games=1, seed=params["seed"], findings=findings, seats=policies)
    rows = _metric_rows(players)
    triples = [(Sums(), Sums(), Sums()) for _ in rows]
    kinds: Counter[str] = Counter()
    for r in results:
        kinds.update(r["kinds"])
        for triple, stored in zip(triples, r["metrics"]):
            for acc, doc in zip(triple, stored):
                acc.merge(Sums.from_json(doc))
    sample_doc = next((r["sample"] for r in results if r["sample"] is not None), None)
    sample = None if sample_doc is None else Divergence(**{
        **sample_doc, "only_a": tuple(sample_doc["only_a"]), "only_b": tuple(sample_doc["only_b"])})
    merged = MergedComparison(
        game.name, players, params["seed"], a, b, sample=sample, findings=skeleton.findings,
        findings_note=skeleton.findings_note, rules=skeleton.rules, players_only_a=skeleton.players_only_a,
        players_only_b=skeleton.players_only_b, players_note=skeleton.players_note,
        merged_games=sum(r["games"] for r in results), merged_diverged=sum(r["diverged"] for r in results),
        merged_outcome=sum(r["outcome_changed"] for r in results),
        merged_winners=sum(r["winners_changed"] for r in results), merged_kinds=dict(sorted(kinds.items())),
        merged_witness=next((r["witness"] for r in results if r["witness"] is not None), None),
        merged_metrics=[_metric(name, *t) for name, t in zip(rows, triples)],
        policy=skeleton.policy, policy_identity=skeleton.policy_identity)
    assert isinstance(merged, Comparison)
    return merged


def _comparison_class() -> type:
    from ruleproof.checkers.analysis.diff import Comparison

    @dataclass
    class _Merged(Comparison):
        """A comparison whose counts come from merged chunk results instead of per-game pairs."""

        merged_games: int = 0
        merged_diverged: int = 0
        merged_outcome: int = 0
        merged_winners: int = 0
        merged_kinds: dict[str, int] = field(default_factory=dict)
        merged_witness: int | None = None
        merged_metrics: list[Any] = field(default_factory=list)

        games = property(lambda self: self.merged_games)
        diverged = property(lambda self: self.merged_diverged)
        outcome_changed = property(lambda self: self.merged_outcome)
        winners_changed = property(lambda self: self.merged_winners)
        kinds = property(lambda self: self.merged_kinds)
        witness = property(lambda self: self.merged_witness)

        def metrics(self) -> list[Any]:
            return list(self.merged_metrics)

    _Merged.__name__ = _Merged.__qualname__ = "MergedComparison"
    return _Merged


class _Lazy:
    """Builds the merged comparison class on first use (the analysis wing is imported only then)."""

    cls: type | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if _Lazy.cls is None:
            _Lazy.cls = _comparison_class()
        return _Lazy.cls(*args, **kwargs)


MergedComparison = _Lazy()


def _diff_merge(params: dict[str, JSON], results: Sequence[JSON]) -> dict[str, JSON]:
    data: dict[str, JSON] = merged_comparison(params, results).to_json()
    return data


def diff_progress(params: dict[str, JSON], results: Sequence[JSON]) -> str:
    """One line on the chunks finished so far: games whose winners change and the game-length difference, with
    their 95% intervals (they narrow as chunks arrive)."""
    from ruleproof.checkers.analysis.stats import wilson

    games = sum(r["games"] for r in results)
    winners = sum(r["winners_changed"] for r in results)
    low, high = wilson(winners, games)
    triple = [Sums(), Sums(), Sums()]
    for r in results:
        for acc, doc in zip(triple, r["metrics"][0]):
            acc.merge(Sums.from_json(doc))
    length = _metric("length", *triple)
    ci = "n/a" if length.low is None else f"{length.low:+.3f} to {length.high:+.3f}"
    return (f"winners change in {winners / games:.2%} (95% CI {low:.2%} to {high:.2%}); "
            f"length B−A {length.diff:+.3f} (95% CI {ci})")


# -- fuzz -------------------------------------------------------------------------------


def fuzz_params(game: str, players: int, variant: dict[str, JSON], *, examples: int, steps: int = 200,
                seed: int = 0, chunk: int = DEFAULT_EXAMPLES_PER_CHUNK) -> dict[str, JSON]:
    """The parameters of a ``fuzz`` campaign."""
    game, variant = full_variant(game, variant)
    return {"game": game, "players": players, "variant": variant, "examples": examples, "steps": steps,
            "seed": seed, "chunk": chunk}


def chunk_seed(seed: int, index: int) -> int:
    """The Hypothesis seed of fuzzing chunk ``index`` of a campaign seeded ``seed`` (a 32-bit number).

    >>> chunk_seed(0, 0) != chunk_seed(0, 1), chunk_seed(5, 2) == chunk_seed(5, 2)
    (True, True)
    """
    digest = hashlib.sha256(f"ruleproof-fuzz|{seed}|{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _fuzz_plan(params: dict[str, JSON]) -> list[dict[str, JSON]]:
    return [{"seed": chunk_seed(params["seed"], i), "examples": r["count"]}
            for i, r in enumerate(_ranges(params["examples"], params["chunk"]))]


def run_fuzz(game_id: str, players: int, variant: Any, *, examples: int, steps: int,
             seed: int | None) -> dict[str, JSON]:
    """One Hypothesis search of the engine/spec state machine, exactly as one chunk of ``ruleproof fuzz``.

    It is :func:`ruleproof.checkers.checks.fuzz.search_machine` (which applies the
    seed where Hypothesis reads it), so a campaign chunk and the ``fuzz`` chunk
    with the same seed run the same move sequences.

    :returns: ``ok``, the failure text (``error``, with Hypothesis's falsifying program), and the number
        of move sequences and steps run (both deterministic for a given seed).
    """
    from ruleproof.checkers.checks.fuzz import machine_for, search_machine

    result = search_machine(machine_for(game_id, players, variant), examples=examples, steps=steps, seed=seed)
    return {"ok": result.error is None, "error": result.error, "sequences": result.sequences, "steps": result.steps}


def _fuzz_run(params: dict[str, JSON], chunk: dict[str, JSON]) -> JSON:
    game, variant = _game_and_variant(params)
    result = run_fuzz(game.name, params["players"], variant, examples=chunk["examples"], steps=params["steps"],
                      seed=chunk["seed"])
    return {**result, "seed": chunk["seed"], "examples": chunk["examples"]}


def _flag_text(value: JSON) -> str:
    """A flag's value as ``--variant`` reads it: a table flag comma-separated (``low_row_keys=cards,row``, empty
    for none), text as it is, anything else in its canonical JSON form (``true``, ``66``)."""
    from ruleproof.checkers.campaign.identity import canonical

    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    return value if isinstance(value, str) else canonical(value)


def fuzz_command(params: dict[str, JSON], chunk: JSON) -> str:
    """The ``ruleproof fuzz`` command that runs one chunk alone."""
    flags = "".join(f" --variant {k}={_flag_text(v)}" for k, v in sorted(params["variant"].items()))
    return (f"ruleproof fuzz {params['game']} --players {params['players']} --seed {chunk['seed']} "
            f"--examples {chunk['examples']} --steps {params['steps']}{flags}")


def _fuzz_merge(params: dict[str, JSON], results: Sequence[JSON]) -> dict[str, JSON]:
    failures = [{"chunk": i, "seed": r["seed"], "error": r["error"], "command": fuzz_command(params, r)}
                for i, r in enumerate(results) if not r["ok"]]
    return {"game": params["game"], "players": params["players"], "variant": params["variant"],
            "seed": params["seed"], "examples": sum(r["examples"] for r in results), "steps": params["steps"],
            "sequences": sum(r["sequences"] for r in results), "moves": sum(r["steps"] for r in results),
            "chunks": [{"seed": r["seed"], "examples": r["examples"], "ok": r["ok"], "sequences": r["sequences"],
                        "steps": r["steps"]} for r in results],
            "ok": not failures, "failures": failures}


# -- disputes and strength (the docs' stored measurements) -------------------------------


def disputes_params(game: str, *, policies: tuple[str, ...] | list[str] | None = None, seed: int = 0,
                    width: float | None = None, max_games: int | None = None, first: int | None = None,
                    players: list[int] | None = None, at: dict[str, int] | None = None) -> dict[str, JSON]:
    """The parameters of a ``disputes`` campaign: every flagged ambiguity of ``game`` measured to a precision target
    (:mod:`ruleproof.checkers.analysis.disputes`), one chunk per measurement; ``at`` (``AMB=value`` → player
    count) measures each reading at that count only (kept in the parameters only when given).

    >>> params = disputes_params("take5", players=[4], policies=["random"])
    >>> len(KINDS["disputes"].plan(params)), params["width"]
    (6, 0.1)
    >>> len(KINDS["disputes"].plan(disputes_params("take5", policies=["greedy"], at={"T5-AMB-1=>": 4})))
    1
    """
    from ruleproof.checkers.analysis.disputes import DISPUTE_POLICIES, DISPUTE_PRECISION
    from ruleproof.model.registry import game_for

    texts = [campaign_policy(p) or "random" for p in (policies or DISPUTE_POLICIES)]
    params: dict[str, JSON] = {
        "game": game_for(game).name, "policies": texts, "seed": seed,
        "width": DISPUTE_PRECISION.width if width is None else width,
        "max_games": DISPUTE_PRECISION.max_games if max_games is None else max_games,
        "first": DISPUTE_PRECISION.first if first is None else first,
        "players": None if players is None else sorted(set(players))}
    if at is not None:
        params["at"] = dict(sorted(at.items()))
    return params


def _precision(params: dict[str, JSON], target: str) -> Any:
    from ruleproof.checkers.analysis.sequential import Precision

    return Precision(params["width"], target, max_games=params["max_games"], first=params["first"])


def _disputes_plan(params: dict[str, JSON]) -> list[dict[str, JSON]]:
    from ruleproof.checkers.analysis.disputes import plan

    return [m.to_json() for m in plan(params["game"], players=params["players"], policies=params["policies"],
                                      seed=params["seed"], at=params.get("at"))]


def _disputes_run(params: dict[str, JSON], chunk: dict[str, JSON]) -> JSON:
    from ruleproof.checkers.analysis.disputes import Measurement, measure

    return measure(Measurement(**chunk), _precision(params, "arises"))


def _disputes_merge(params: dict[str, JSON], results: Sequence[JSON]) -> dict[str, JSON]:
    from ruleproof.checkers.analysis.disputes import document

    data: dict[str, JSON] = document(params["game"], results, _precision(params, "arises"))
    data["seed"], data["policies"] = params["seed"], params["policies"]
    return data


#: The games, policies and player count of the docs' strength table (each policy against random play).
STRENGTH_GAMES = ("take5", "bigfive", "bigpoints", "ikebana", "cinco")
STRENGTH_POLICIES = ("mcts", "ismcts", "greedy")


def strength_params(*, games: tuple[str, ...] | list[str] = STRENGTH_GAMES,
                    policies: tuple[str, ...] | list[str] = STRENGTH_POLICIES, against: str = "random",
                    players: int = 2, seed: int = 0, width: float = 0.3, max_games: int = 160,
                    first: int = 20) -> dict[str, JSON]:
    """The parameters of a ``strength`` campaign: each policy against ``against``, its seat rotating, until the
    interval of its win share is at most ``width`` wide; one chunk per game and policy.

    >>> len(KINDS["strength"].plan(strength_params(games=["take5"], policies=["greedy"])))
    1
    """
    from ruleproof.model.registry import game_for

    return {"games": [game_for(g).name for g in games],
            "policies": [campaign_policy(p) or "random" for p in policies],
            "against": campaign_policy(against) or "random", "players": players, "seed": seed, "width": width,
            "max_games": max_games, "first": first}


def _strength_plan(params: dict[str, JSON]) -> list[dict[str, JSON]]:
    return [{"game": g, "policy": p} for g in params["games"] for p in params["policies"]]


def _strength_run(params: dict[str, JSON], chunk: dict[str, JSON]) -> JSON:
    from ruleproof.checkers.analysis.metrics import strength_until
    from ruleproof.checkers.policies.loading import parse_policy
    from ruleproof.model.registry import game_for

    found: JSON = strength_until(game_for(chunk["game"]), params["players"], parse_policy(chunk["policy"]),
                                 parse_policy(params["against"]), _precision(params, "winners"), seed=params["seed"])
    return found


def _strength_merge(params: dict[str, JSON], results: Sequence[JSON]) -> dict[str, JSON]:
    return {"format": "ruleproof.strength", "version": 1, "params": params,
            "rule": _precision(params, "winners").describe().replace("paired games whose winners change",
                                                                     "games the policy wins"),
            "rows": list(results)}


# -- the registry ----------------------------------------------------------------------


def _search_kind() -> Kind:
    from ruleproof.checkers.campaign import search

    return Kind("search", search.plan, search.run, search.merge, ok=search.ok, unit=lambda p: "sub-problems")


KINDS: dict[str, Kind] = {
    "simulate": Kind("simulate", _simulate_plan, _simulate_run, _simulate_merge),
    "diff": Kind("diff", lambda p: _ranges(p["games"], p["chunk"]), _diff_run, _diff_merge),
    "fuzz": Kind("fuzz", _fuzz_plan, _fuzz_run, _fuzz_merge, ok=lambda r: bool(r["ok"]),
                 unit=lambda p: "examples"),
    "disputes": Kind("disputes", _disputes_plan, _disputes_run, _disputes_merge,
                     ok=lambda r: all(row["stopping"]["met"] for row in r["rows"]), unit=lambda p: "measurements"),
    "strength": Kind("strength", _strength_plan, _strength_run, _strength_merge, unit=lambda p: "measurements"),
}


def kind_for(name: str) -> Kind:
    """The campaign kind ``name`` (``search`` is loaded on demand: it imports the solver layer)."""
    if name == "search":
        return _search_kind()
    if name not in KINDS:
        raise RuleproofError(f"unknown campaign kind {name!r}; kinds: {', '.join([*KINDS, 'search'])}")
    return KINDS[name]


def chunk_units(kind: str, chunk: JSON) -> int:
    """How many units (games, examples, sub-problems) a chunk counts."""
    if isinstance(chunk, dict):
        if kind in ("disputes", "strength"):
            return 1
        if "count" in chunk:
            return int(chunk["count"])
        if "examples" in chunk:
            return int(chunk["examples"])
    return 1


__all__ = ["DEFAULT_EXAMPLES_PER_CHUNK", "DEFAULT_GAMES_PER_CHUNK", "KINDS", "Kind", "campaign_policy", "chunk_seed",
           "chunk_units",
           "diff_params", "diff_progress", "disputes_params", "fuzz_command", "fuzz_params", "kind_for",
           "merged_comparison", "run_fuzz", "simulate_params", "strength_params"]
