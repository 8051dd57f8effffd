"""Compare two readings of a rulebook by playing the same games under both.

``compare(game, players, a, b)`` plays seeded random games under variant A and
variant B with *common random numbers*: the same deals and the same player
choices wherever both readings allow them. Each pair of runs advances in lock
step while the two positions agree; while they do, one draw per decision (or
per chance event) picks the same move in both. The first position where they
differ — the state (ignoring the variant itself), whose turn it is, the legal
moves, the chance outcomes, or the final scoring — is the pair's *divergence*.
After it the runs continue separately but stay coupled: every draw is keyed by
``(seed, game, seat, that seat's decision count)`` (chance: its event count),
a player picks the legal move with the least hashed priority under that key
(min-hash, so two different move lists pick the same move whenever it lies in
both and wins in both — probability = Jaccard overlap), and chance picks by
the Gumbel-max trick with hashed noise (right for any probabilities). Every
choice is uniform over the legal moves (chance: follows its probabilities),
so each run alone is an ordinary random playout.

Reported: how many games diverge and how, a sample divergence with both states
drawn by :meth:`Game.render_text`, the paired differences B − A of game
length, scores and win shares with 95% confidence intervals (t interval on the
paired differences), the number of games whose scores or winners change, the
player counts only one reading allows, and the catalogue findings that concern
the rules the changed flags alter. Two readings may have different engines
(a reading's extra rules or derived engine, :mod:`ruleproof.model.io.readings`):
``game_b`` plays reading B. The catalogue questions whose flags differ are
re-run under both readings by :mod:`ruleproof.checkers.analysis.catalogue_diff`
(``ruleproof diff`` does it).

>>> from ruleproof.model.registry import game_for
>>> game = game_for("take5")
>>> same = compare(game, 2, game.default_variant(), game.default_variant(), games=2)
>>> same.verdict, same.diverged
('none', 0)
>>> from ruleproof.spec.take5 import Take5Variant
>>> auto = compare(game, 3, Take5Variant(), Take5Variant(row_choice="auto"), games=4, seed=1)
>>> auto.changed_flags
{'row_choice': ('player', 'auto')}
>>> auto.diverged > 0, auto.sample is not None and auto.sample.kind
(True, 'legal moves')
"""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof.checkers.analysis.pair_play import play_pair
from ruleproof.checkers.analysis.plots import Panel, histograms_svg
from ruleproof.checkers.analysis.pairs import Divergence, PairResult, Probe
from ruleproof.checkers.analysis.sequential import Precision
from ruleproof.checkers.analysis.stats import Metric, t975, wilson
from ruleproof.checkers.policies.core import Seats
from ruleproof.model.core import Game
from ruleproof.model.io.records import GameRecord, make_record
from ruleproof.spec.core import Ambiguity, variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import RuleproofError

__all__ = [
    "VERDICTS", "Comparison", "Divergence", "Metric", "PairResult", "affected_rules", "ambiguity_verdicts",
    "choose_players", "compare", "comparison_svg", "findings_touching", "play_pair", "player_counts",
    "sample_records", "t975", "wilson",
]

JSON = Any

#: Verdict codes and their meaning.
VERDICTS = {
    "none": "no measurable change",
    "play": "play changes, outcomes do not",
    "outcomes": "outcomes change",
}

_CATALOGUE_NOTE = (
    "Listed are the findings about the rules the changed flags alter. The questions that depend on a changed flag "
    "(Question.flags and fixed) are re-run under both readings by `ruleproof diff` "
    "(ruleproof.checkers.analysis.catalogue_diff)."
)


# -- rules and findings the flags touch --------------------------------------------


def affected_rules(game: Game[Any, Any, Any], flags: Iterable[str]) -> tuple[str, ...]:
    """The ids of the rules a change of ``flags`` alters: rules naming the flag
    (``Rule.flags``) and the rules of the ambiguities the flag selects.

    >>> from ruleproof.model.registry import game_for
    >>> affected_rules(game_for("take5"), ["end_rule"])
    ('T5-END-1',)
    """
    wanted = set(flags)
    ids = {r.id for r in game.spec.rules if wanted & set(r.flags)}
    for amb in game.spec.ambiguities:
        if amb.flag in wanted:
            ids.update(amb.rule_ids)
    order = {r.id: i for i, r in enumerate(game.spec.rules)}
    return tuple(sorted(ids, key=lambda r: order.get(r, len(order))))


def findings_touching(game: str, rule_ids: Sequence[str]) -> tuple[list[dict[str, JSON]], str]:
    """The catalogue questions of ``game`` that concern any of ``rule_ids``, and a note."""
    from ruleproof.checkers.catalogue.questions import questions
    from ruleproof.checkers.catalogue.findings import load_manifest

    if not rule_ids:
        return [], "No flag that a rule names differs between the readings, so no finding concerns the change."
    try:
        registered = questions(game)
    except ImportError as exc:  # a solver module that cannot load (e.g. no z3)
        return [], f"The findings catalogue could not be loaded ({exc}); no finding was compared."
    manifest = load_manifest(game)
    expected: Callable[[str, str], str | None] = lambda qid, g: manifest.get(qid)
    try:
        from ruleproof.checkers.analysis.wellformed import expected_verdict
    except ImportError:
        pass
    else:
        expected = expected_verdict
    wanted = set(rule_ids)
    rows = [{"id": q.id, "question": q.question, "rule_ids": list(q.rule_ids),
             "shared_rules": [r for r in q.rule_ids if r in wanted], "expected": expected(q.id, game)}
            for q in registered if wanted & set(q.rule_ids)]
    if not registered:
        return rows, f"The catalogue has no question for {game} yet, so no finding was compared."
    if not rows:
        return rows, (f"None of the {len(registered)} catalogue findings of {game} concerns the rules the changed "
                      f"flags alter ({', '.join(rule_ids)}), so none changes verdict.")
    return rows, _CATALOGUE_NOTE


# -- the comparison ---------------------------------------------------------------


def player_counts(game: Game[Any, Any, Any], variant: Any) -> tuple[int, ...]:
    """The player counts a variant allows (those ``initial_state`` accepts)."""
    counts = []
    for n in range(game.spec.min_players, game.spec.max_players + 1):
        try:
            game.initial_state(n, variant)
        except (RuleproofError, ValueError):
            continue
        counts.append(n)
    return tuple(counts)


def choose_players(game: Game[Any, Any, Any], a: Any, b: Any) -> tuple[int, str]:
    """A player count for comparing ``a`` with ``b``, and why it was chosen.

    Prefers a count from the engine's :meth:`Game.test_configs` in which a flag
    that differs between the readings is set as in B (the engine's authors
    list counts where each flag matters), then 3, 2, 4, ... Only counts that
    both readings allow are chosen.

    >>> from ruleproof.model.registry import game_for
    >>> from ruleproof.spec.cinco import CincoVariant
    >>> choose_players(game_for("cinco"), CincoVariant(), CincoVariant(teams6="3x2"))[0]
    6
    """
    both = set(player_counts(game, a)) & set(player_counts(game, b))
    if not both:
        raise RuleproofError(f"{game.name}: no player count is allowed under both readings")
    da, db = variant_to_dict(a), variant_to_dict(b)
    changed = [k for k in da if da[k] != db[k]]
    default = variant_to_dict(game.default_variant())
    for wanted in ("b", "changed"):
        for n, v in game.test_configs():
            dv = variant_to_dict(v)
            hit = [k for k in changed if (dv[k] == db[k] if wanted == "b" else dv[k] != default[k])]
            if hit and n in both:
                return n, (f"{n} players: the engine's test configuration for {', '.join(hit)} "
                           f"(pass --players to choose)")
    for n in (3, 2, 4, *sorted(both)):
        if n in both:
            return n, f"{n} players (pass --players to choose)"
    raise AssertionError("unreachable")


@dataclass
class Comparison:
    """The result of :func:`compare`."""

    game: str
    players: int
    seed: int
    a: Any
    b: Any
    pairs: list[PairResult] = field(default_factory=list)
    sample: Divergence | None = None
    findings: list[dict[str, JSON]] = field(default_factory=list)
    findings_note: str = ""
    rules: tuple[str, ...] = ()
    players_only_a: tuple[int, ...] = ()
    players_only_b: tuple[int, ...] = ()
    players_note: str = ""
    #: The two readings described (:meth:`Reading.describe`), when they are more than flags.
    readings: tuple[str, str] = ("", "")
    #: The catalogue questions re-run under both readings (``CatalogueChange.to_json()`` rows).
    catalogue: list[dict[str, JSON]] = field(default_factory=list)
    #: The policies that played (text form) and what a report records about them.
    policy: str = "random"
    policy_identity: dict[str, JSON] = field(default_factory=dict)
    #: Whether every pair was probed for where reading B's rules differ (:func:`~.pairs.probe_history`).
    probed: bool = False
    #: The precision-driven stopping (:mod:`~.sequential`): the rule, the looks made, whether the target was met.
    stopping: dict[str, JSON] | None = None

    @property
    def games(self) -> int:
        """The number of games played under each reading."""
        return len(self.pairs)

    @property
    def changed_flags(self) -> dict[str, tuple[Any, Any]]:
        """``flag: (value under A, value under B)`` for every flag that differs."""
        da, db = variant_to_dict(self.a), variant_to_dict(self.b)
        return {k: (da[k], db[k]) for k in da if da[k] != db[k]}

    @property
    def diverged(self) -> int:
        """The number of games whose two runs differ somewhere."""
        return sum(1 for p in self.pairs if p.diverged)

    @property
    def outcome_changed(self) -> int:
        """The number of games whose final scores or winners differ."""
        return sum(1 for p in self.pairs if p.outcome_changed)

    @property
    def winners_changed(self) -> int:
        """The number of games whose winners differ."""
        return sum(1 for p in self.pairs if p.winners_changed)

    @property
    def kinds(self) -> dict[str, int]:
        """How many games first diverge in each way."""
        counts: dict[str, int] = {}
        for p in self.pairs:
            if p.kind is not None:
                counts[p.kind] = counts.get(p.kind, 0) + 1
        return dict(sorted(counts.items()))

    @property
    def witness(self) -> int | None:
        """The index of the first game whose outcome changes (replay it with :func:`play_pair`)."""
        return next((p.index for p in self.pairs if p.outcome_changed), None)

    @property
    def verdict(self) -> str:
        """``none``, ``play`` or ``outcomes`` (see :data:`VERDICTS`)."""
        if self.outcome_changed:
            return "outcomes"
        if self.diverged:
            return "play"
        return "none"

    def metrics(self) -> list[Metric]:
        """Paired B − A differences: game length, mean score, then each seat's score and win share."""
        pairs = self.pairs
        rows = [
            Metric.paired("game length (moves)", [p.length_a for p in pairs], [p.length_b for p in pairs]),
            Metric.paired("score, mean over seats", [statistics.fmean(p.scores_a) for p in pairs],
                          [statistics.fmean(p.scores_b) for p in pairs]),
        ]
        for seat in range(self.players):
            rows.append(Metric.paired(f"score of seat {seat}", [p.scores_a[seat] for p in pairs],
                                      [p.scores_b[seat] for p in pairs]))
        for seat in range(self.players):
            rows.append(Metric.paired(f"win share of seat {seat}", [p.returns_a[seat] for p in pairs],
                                      [p.returns_b[seat] for p in pairs]))
        return rows

    def summary(self) -> str:
        """One or two sentences: the verdict with the numbers behind it."""
        n = self.games
        flags = ", ".join(f"{k}={va!r}→{vb!r}" for k, (va, vb) in self.changed_flags.items()) or "no flag"
        head = f"{self.game} ({flags}, {self.players} player{'s' * (self.players != 1)})"
        games = f"{n} game{'s' * (n != 1)}"
        counts = ""
        if self.players_only_a or self.players_only_b:
            counts = " " + self.players_note
        if self.verdict == "none":
            return (f"{head}: no measurable change in {games} — states, turns, legal moves, chance and final "
                    f"scores were identical throughout.{counts}")
        text = f"{head}: play diverges in {self.diverged} of {games}"
        if self.verdict == "play":
            return text + f", but no final score or winner changes.{counts}"
        text += (f"; final scores change in {self.outcome_changed} and the winner in {self.winners_changed} "
                 f"(first witness: game {self.witness}).")
        significant = [m for m in self.metrics()[:2] if m.significant]
        for m in significant:
            text += f" {m.name}: {m.diff:+.2f} (95% CI {m.low:+.2f} to {m.high:+.2f})."
        return text + counts

    def to_json(self) -> dict[str, JSON]:
        """The comparison as JSON-ready data."""
        low, high = wilson(self.winners_changed, self.games)
        return {
            "game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
            "a": variant_to_dict(self.a), "b": variant_to_dict(self.b),
            "changed_flags": {k: list(v) for k, v in self.changed_flags.items()},
            "verdict": self.verdict, "verdict_text": VERDICTS[self.verdict], "summary": self.summary(),
            "diverged": self.diverged, "divergence_kinds": self.kinds,
            "outcome_changed": self.outcome_changed, "winners_changed": self.winners_changed,
            "winners_changed_ci95": [low, high], "witness_game": self.witness,
            "sample": None if self.sample is None else self.sample.to_json(),
            "metrics": [m.to_json() for m in self.metrics()],
            "players_only_a": list(self.players_only_a), "players_only_b": list(self.players_only_b),
            "rules": list(self.rules), "findings": self.findings, "findings_note": self.findings_note,
            "readings": {"a": self.readings[0], "b": self.readings[1]}, "catalogue": self.catalogue,
            "catalogue_changed": [row["id"] for row in self.catalogue if row["changed"]],
            "replay": {"function": "ruleproof.checkers.analysis.diff.play_pair", "seed": self.seed},
            "policy": self.policy, "policy_identity": self.policy_identity or {"text": self.policy},
            "probed": self.probed, "stopping": self.stopping, "figures": self.figures(),
        }

    def figures(self) -> dict[str, JSON] | None:
        """The shares with their intervals (:func:`~.sequential.figures`) when the pairs were probed or the run
        stopped by a precision target (at the stopping rule's level), else ``None`` (no SciPy needed)."""
        if not (self.probed or self.stopping) or not self.pairs:
            return None
        from ruleproof.checkers.analysis.sequential import figures

        looks = int(self.stopping["looks_planned"]) if self.stopping else 1
        return figures(self.pairs, looks=looks)


def compare(game: Game[Any, Any, Any], players: int, a: Any, b: Any, *, games: int = 100, seed: int = 0,
            max_moves: int | None = None, min_games: int = 5, findings: bool = True,
            on_game: Callable[[int], None] | None = None, game_b: Game[Any, Any, Any] | None = None,
            jobs: int = 1, seats: Seats | None = None, probe: bool = False,
            precision: Precision | None = None, on_look: Callable[[str], None] | None = None) -> Comparison:
    """Play ``games`` seeded games under variants ``a`` and ``b`` and compare them.

    :param seats: the policies that play (default: random; see :func:`play_pair`).
    :param probe: ask reading B's rules along every game of A (how often the dispute arises).
    :param precision: play in batches until the target interval is narrow enough or its ``max_games``
        (:mod:`~ruleproof.checkers.analysis.sequential`; ``games`` is then ignored); ``on_look`` hears each look.

    :param game_b: the engine of reading B (default: ``game``, the engine of A).
    :param jobs: worker processes; the games are cut into ranges of game indices and the pairs put back in
        game order, so the comparison is the one of one process (:mod:`~ruleproof.checkers.analysis.diff_jobs`;
        ``max_moves`` runs in one).

    :param max_moves: stop early (deterministically) once the runs made this
        many moves in total, after at least ``min_games`` games.
    :param findings: look up the catalogue findings the changed flags concern.
    :raises RuleproofError: when either reading does not allow ``players``.
    """
    gb = game if game_b is None else game_b
    for label, engine, variant in (("A", game, a), ("B", gb, b)):
        try:
            engine.initial_state(players, variant)
        except (RuleproofError, ValueError) as exc:
            raise type(exc)(f"reading {label}: {exc}") from None
    if games < 1:
        raise RuleproofError(f"games must be at least 1; got {games!r}")
    result = Comparison(game.name, players, seed, a, b)
    only_a = sorted(set(player_counts(game, a)) - set(player_counts(gb, b)))
    only_b = sorted(set(player_counts(gb, b)) - set(player_counts(game, a)))
    result.players_only_a, result.players_only_b = tuple(only_a), tuple(only_b)
    notes = []
    if only_a:
        notes.append(f"Only reading A allows {', '.join(map(str, only_a))} players.")
    if only_b:
        notes.append(f"Only reading B allows {', '.join(map(str, only_b))} players.")
    result.players_note = " ".join(notes)
    if seats is not None:
        seats.check(game)
        seats.check(gb)
        result.policy, result.policy_identity = seats.describe(), seats.identity()
    result.probed = probe
    moves = 0
    if precision is not None:
        _until_precise(result, game, players, a, b, precision, jobs, on_game, game_b, seats, probe, on_look)
    elif (jobs > 1 or seats is not None or probe) and max_moves is None:
        _add_pairs(result, game, players, a, b, games, jobs, on_game, game_b, seats=seats, probe=probe)
    else:
        for index in range(games):
            pair = play_pair(game, players, a, b, seed=seed, index=index, detail=result.sample is None,
                             game_b=game_b)
            if result.sample is None and pair.divergence is not None:
                result.sample = pair.divergence
            result.pairs.append(pair)
            moves += pair.length_a + pair.length_b
            if on_game is not None:
                on_game(index)
            if max_moves is not None and moves >= max_moves and index + 1 >= min(min_games, games):
                break
    result.rules = affected_rules(game, result.changed_flags)
    if findings:
        result.findings, result.findings_note = findings_touching(game.name, result.rules)
    return result


def _add_pairs(result: Comparison, game: Game[Any, Any, Any], players: int, a: Any, b: Any, games: int, jobs: int,
              on_game: Callable[[int], None] | None, game_b: Game[Any, Any, Any] | None, *, start: int = 0,
              seats: Seats | None = None, probe: bool = False) -> None:
    """Add pairs ``start .. start + games - 1`` of ``result``'s seed to it, played by ``jobs`` processes (one
    task: here), with only the first divergence drawn, as one process draws it; ``on_game`` gets each game's
    index as it finishes."""
    from ruleproof.checkers.analysis.diff_jobs import pairs_in_parallel, pairs_of

    if jobs <= 1 or games <= 1:
        pairs: Iterable[PairResult] = pairs_of(game, players, a, b, result.seed, start, games, game_b, on_game,
                                               seats, probe)
    else:
        pairs = pairs_in_parallel(game, players, a, b, result.seed, games, jobs, game_b, on_game, start=start,
                                  seats=seats, probe=probe)
    try:
        for pair in pairs:
            if result.sample is None and pair.divergence is not None:
                result.sample = pair.divergence
            elif pair.divergence is not None:
                pair = dataclasses.replace(pair, divergence=None)
            result.pairs.append(pair)
    finally:  # on any way out (a Ctrl-C first of all) the generator's pool stops its workers here
        close = getattr(pairs, "close", None)
        if close is not None:
            close()


def _until_precise(result: Comparison, game: Game[Any, Any, Any], players: int, a: Any, b: Any,
                   precision: Precision, jobs: int, on_game: Callable[[int], None] | None,
                   game_b: Game[Any, Any, Any] | None, seats: Seats | None, probe: bool,
                   on_look: Callable[[str], None] | None) -> None:
    """Play the planned looks of ``precision`` until its interval is narrow enough (see :mod:`.sequential`)."""
    from ruleproof.checkers.analysis.sequential import figures, width_of

    looks = precision.looks
    made: list[dict[str, JSON]] = []
    met = False
    for look in looks:
        done = len(result.pairs)
        _add_pairs(result, game, players, a, b, look - done, jobs, on_game, game_b, start=done, seats=seats,
                  probe=probe)
        found = figures(result.pairs, looks=len(looks))
        width = width_of(found, precision.target)
        made.append({"games": look, "width": width})
        if on_look is not None:
            on_look(f"{look:,} games: interval {width:.4g} wide (target {precision.width:g})")
        if width <= precision.width:
            met = True
            break
    result.stopping = {"target": precision.target, "width": precision.width, "max_games": precision.max_games,
                       "first": precision.first, "looks_planned": len(looks), "planned": list(looks),
                       "looks": made, "met": met, "rule": precision.describe()}


def sample_records(game: Game[Any, Any, Any], result: Comparison,
                   game_b: Game[Any, Any, Any] | None = None) -> tuple[GameRecord, GameRecord] | None:
    """Game records of both runs of the sample game (``None`` when nothing diverged)."""
    if result.sample is None:
        return None
    seats = None
    if result.policy != "random":
        from ruleproof.checkers.policies.loading import parse_policies

        seats = parse_policies(result.policy) if "plugin_sha256" not in repr(result.policy_identity) else None
    pair = play_pair(game, result.players, result.a, result.b, seed=result.seed, index=result.sample.game_index,
                     keep_history=True, game_b=game_b, seats=seats)
    return (make_record(game.name, result.players, result.a, list(pair.history_a), result.seed),
            make_record(game.name, result.players, result.b, list(pair.history_b), result.seed))


def comparison_svg(result: Comparison, labels: tuple[str, str] | None = None) -> str:
    """Histograms of game length and of every seat's final score under both readings, as SVG."""
    if labels is None:
        labels = ("A", "B")
        if len(result.changed_flags) == 1:
            (flag, (va, vb)), = result.changed_flags.items()
            labels = (f"A: {flag}={va}", f"B: {flag}={vb}")
    pairs = result.pairs
    panels = [
        Panel("Game length", "moves (chance moves included)", [p.length_a for p in pairs],
              [p.length_b for p in pairs]),
        Panel("Final score (every seat)", "score", [s for p in pairs for s in p.scores_a],
              [s for p in pairs for s in p.scores_b]),
    ]
    title = f"{result.game}, {result.players} players, {result.games} paired games: {VERDICTS[result.verdict]}"
    return histograms_svg(panels, title=title, labels=labels)


# -- ambiguities, for the docs ------------------------------------------------------


def _reading_variant(game: Game[Any, Any, Any], base: Any, flag: str, value: object) -> Any:
    mapping = variant_to_dict(base)
    mapping[flag] = value
    return variant_from_mapping(game.variant_type, mapping)


def _contexts(game: Game[Any, Any, Any], flag: str) -> list[tuple[int, Any]]:
    """The engine's test configurations that set ``flag`` away from its default alongside other flags."""
    default = variant_to_dict(game.default_variant())
    found = []
    for n, v in game.test_configs():
        dv = variant_to_dict(v)
        others = {k for k in dv if dv[k] != default[k] and k != flag}
        if dv[flag] != default[flag] and others and (n, v) not in found:
            found.append((n, v))
    return found


def _verdict_entry(game: Game[Any, Any, Any], amb: Ambiguity, value: object, players: int, reason: str, a: Any,
                   b: Any, games: int, seed: int, max_moves: int) -> dict[str, JSON]:
    result = compare(game, players, a, b, games=games, seed=seed, max_moves=max_moves)
    description = next((r.description for r in amb.readings if r.value == value), "")
    return {
        "ambiguity": amb.id, "question": amb.question, "flag": amb.flag, "default": amb.default,
        "reading": value, "reading_description": description, "players": players, "players_reason": reason,
        "games": result.games, "seed": seed, "a": variant_to_dict(a), "b": variant_to_dict(b),
        "verdict": result.verdict, "verdict_text": VERDICTS[result.verdict], "summary": result.summary(),
        "comparison": result.to_json(), "svg": comparison_svg(result), "also": [],
    }


def ambiguity_verdicts(game: str | Game[Any, Any, Any], *, games: int = 200, seed: int = 0,
                       max_moves: int = 20_000, contexts: int = 3) -> list[dict[str, JSON]]:
    """For every flagged ambiguity of ``game``: the default reading against each
    other reading, as JSON-ready verdicts with an SVG histogram each.

    Both readings start from the default variant; the player count comes from
    :func:`choose_players`. When that shows no change and the engine's test
    configurations set the flag together with other flags (e.g. more rounds),
    the comparison is repeated in up to ``contexts`` such settings (stopping
    at the first that shows a change) and each is added under ``"also"``.
    Each comparison plays up to ``games`` games and stops early once the runs
    made ``max_moves`` moves in total (at least 5 games; deterministic).
    A reading whose value is not a value of the flag gets ``verdict`` ``"not
    run"`` and the reason in ``summary``.

    >>> rows = ambiguity_verdicts("take5", games=2, max_moves=3000)
    >>> [(r["ambiguity"], r["reading"]) for r in rows][:2]
    [('T5-AMB-1', '>'), ('T5-AMB-2', 'immediate')]
    >>> sorted(rows[0])[:6]
    ['a', 'also', 'ambiguity', 'b', 'comparison', 'default']
    """
    if isinstance(game, str):
        from ruleproof.model.registry import game_for

        game = game_for(game)
    default = game.default_variant()
    rows: list[dict[str, JSON]] = []
    for amb in game.spec.ambiguities:
        if not amb.flag:
            continue
        base_value = variant_to_dict(default)[amb.flag]
        for reading in amb.readings:
            if reading.value == base_value:
                continue
            try:
                b = _reading_variant(game, default, amb.flag, reading.value)
            except RuleproofError as exc:
                rows.append({"ambiguity": amb.id, "question": amb.question, "flag": amb.flag,
                             "default": amb.default, "reading": reading.value,
                             "reading_description": reading.description, "players": None, "players_reason": "",
                             "games": 0, "seed": seed, "a": variant_to_dict(default), "b": None,
                             "verdict": "not run", "verdict_text": "not run",
                             "summary": f"the reading's value {reading.value!r} is not a value of flag "
                                        f"{amb.flag!r}: {exc}", "comparison": None, "svg": "", "also": []})
                continue
            players, reason = choose_players(game, default, b)
            row = _verdict_entry(game, amb, reading.value, players, reason, default, b, games, seed, max_moves)
            if row["verdict"] == "none":
                for n, v in _contexts(game, amb.flag)[:contexts]:
                    ca = _reading_variant(game, v, amb.flag, base_value)
                    cb = _reading_variant(game, v, amb.flag, reading.value)
                    if n not in player_counts(game, ca) or n not in player_counts(game, cb):
                        continue
                    others = {k: x for k, x in variant_to_dict(v).items()
                              if x != variant_to_dict(default)[k] and k != amb.flag}
                    why = (f"{n} players with " + ", ".join(f"{k}={x!r}" for k, x in others.items())
                           + " (an engine test configuration)")
                    extra = _verdict_entry(game, amb, reading.value, n, why, ca, cb, games, seed, max_moves)
                    del extra["also"]
                    row["also"].append(extra)
                    if extra["verdict"] != "none":
                        break
            rows.append(row)
    return rows
