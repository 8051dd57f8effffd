"""Engine ⇔ specification agreement and OpenSpiel's RandomSimTest checklist.

Generic over every game: it needs nothing but a :class:`~ruleproof.model.core.Game`
and its :class:`~ruleproof.spec.core.GameSpec`. At each state of random games it
checks that

* the engine and the spec agree on who acts;
* legal moves are sorted, unique and non-empty for a seat to act;
* every generated move passes every legality rule (engine ⊆ spec) and every
  candidate move the spec accepts is generated (spec ⊆ engine);
* every transition satisfies the effect rules, and the winners of a finished
  game satisfy the outcome rules;
* move text forms parse back; chance probabilities are positive and sum to 1;
* the state survives a JSON serialisation round trip;
* every component is somewhere exactly once (conservation);
* observations are JSON data; returns lie within the declared bounds;
* games end within the declared length bound and the history replays to the
  same state.

>>> from ruleproof.model.registry import game_for
>>> game = game_for("take5")
>>> result = run_conformance(game, 3, game.default_variant(), games=1, seed=0)
>>> result.ok, result.games
(True, 1)
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import groupby, pairwise
from operator import attrgetter
from typing import Any

from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.core import Move

AnyGame = Game[Any, Any, Any]


@dataclass(frozen=True)
class Problem:
    """One failed check, with the move history that reaches it."""

    check: str
    message: str
    game_index: int
    move_index: int
    history: tuple[str, ...]

    def __str__(self) -> str:
        return f"[{self.check}] game {self.game_index}, move {self.move_index}: {self.message}"


@dataclass
class ConformanceResult:
    """What a conformance run checked and found."""

    game: str
    players: int
    variant: dict[str, Any]
    games: int = 0
    moves: int = 0
    states: int = 0
    candidate_states: int = 0
    problems: list[Problem] = field(default_factory=list)
    checks: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        """True when no check failed."""
        return not self.problems

    def summary(self) -> str:
        """One line for tables."""
        verdict = "ok" if self.ok else f"{len(self.problems)} problem(s)"
        return (f"{self.games} game{'s' * (self.games != 1)}, {self.moves} move{'s' * (self.moves != 1)}, "
                f"{self.states} state{'s' * (self.states != 1)}: {verdict}")


def _typed_equality(moves: list[Any]) -> str | None:
    """Two moves of different kinds (classes) that compare equal, as a message; ``None`` when there are none.

    >>> from typing import NamedTuple
    >>> class Take(NamedTuple):
    ...     row: int
    >>> _typed_equality([Take(1), (2,), (1,)])
    'moves of different kinds compare equal: Take(row=1) == (1,); derive moves ...'
    """
    by_value: dict[Any, Any] = {}
    for move in moves:
        other = by_value.setdefault(move, move)
        if type(other) is not type(move):
            return (f"moves of different kinds compare equal: {other!r} == {move!r}; "
                    "derive moves from ruleproof.spec.core.Move (frozen dataclasses), not NamedTuple")
    return None


def _in_key_order(moves: tuple[Any, ...]) -> bool:
    """Whether moves that all compare by :meth:`Move.sort_key` have non-decreasing keys: then sorting
    them changes nothing (the sort is stable), found with one key per move instead of two per comparison.
    ``False`` means "not shown this way" (the caller sorts)."""
    kinds = set(map(type, moves))
    for kind in kinds:
        if not issubclass(kind, Move) or kind.__lt__ is not Move.__lt__:
            return False
    try:
        if all(getattr(kind, "sort_key", None) is Move.sort_key for kind in kinds):
            return _runs_in_key_order(moves)
        keys = [m.sort_key() for m in moves]
        return not any(b < a for a, b in zip(keys, keys[1:]))
    except TypeError:
        return False


def _runs_in_key_order(moves: tuple[Any, ...]) -> bool:
    """:func:`_in_key_order` for moves keyed by :meth:`Move.sort_key` itself, ``(class name, fields...)``:
    when the moves come in runs of one class, the runs' class names strictly increase and each run's
    field values do not decrease, the keys do not decrease (found by C loops: ``map``, ``groupby``, a sort
    of a sorted list). ``False``: not shown this way (a class in two runs, two classes of one name).
    """
    runs = [(kind, len(list(group))) for kind, group in groupby(map(type, moves))]
    names = [kind.__name__ for kind, _ in runs]
    if any(b <= a for a, b in pairwise(names)):
        return False
    start = 0
    for kind, count in runs:
        fields = [f.name for f in dataclasses.fields(kind)]  # Move.sort_key's fields (once per run, not per move)
        if fields and count > 1:
            values = list(map(attrgetter(*fields), moves[start:start + count]))
            if sorted(values) != values:
                return False
        start += count
    return True


def _sorted_unique(moves: tuple[Any, ...]) -> str | None:
    if len(set(moves)) != len(moves):
        return f"duplicate legal moves: {[str(m) for m, n in Counter(moves).items() if n > 1]}"
    if _in_key_order(moves):
        return None
    try:
        if list(moves) != sorted(moves):
            return "legal moves are not sorted"
    except TypeError as exc:
        return f"legal moves cannot be sorted: {exc}"
    return None


@dataclass
class StateMemo:
    """What :func:`check_state` may reuse between the states of one run, and the verdicts at the last state.

    Nothing here decides less: each remembered fact is a pure function of
    values that compare equal, so recomputing it would give the same answer.

    * the expected components of a ``(players, variant)`` configuration
      (``Game.all_components`` depends on nothing else);
    * the moves (by class and value) whose text form has been seen to parse
      back: ``str`` of equal moves of one class is the same text, and
      parsing a text gives the same move;
    * the spec's legality verdict on each move at the last state checked
      (:attr:`state`), by class and value, so a caller at that state (a
      fuzzing step that plays or tries one of those moves) need not ask the
      spec again. A candidate move the engine also generates takes the
      verdict of the engine move's full check. The engine moves' verdicts are
      kept by ``(class, move)``. When the candidates are distinct values, the
      others are kept as the candidates asked about, each with its class
      (:attr:`others`), and those of them the spec allows (:attr:`allowed`,
      almost always none): no verdict is stored move by move.

    >>> from ruleproof.model.registry import game_for
    >>> game = game_for("take5")
    >>> state = game.new_game(2, seed=1)
    >>> memo = StateMemo()
    >>> check_state(game, state, memo=memo)
    []
    >>> memo.state is state, all(memo.verdict(m) for m in game.legal_moves(state))
    (True, True)
    """

    expected: dict[tuple[int, Any], Counter[str]] = field(default_factory=dict)
    parsed: set[tuple[type[Any], Any]] = field(default_factory=set)
    #: The last state checked and the spec's verdict on its moves, by ``(class, move)``.
    state: Any = None
    verdicts: dict[tuple[type[Any], Any], bool] = field(default_factory=dict)
    #: The candidates at :attr:`state` that the engine does not generate, each with its class
    #: (filled when the candidates are distinct values; otherwise their verdicts are in :attr:`verdicts`).
    others: dict[Any, type[Any]] = field(default_factory=dict)
    #: Those of :attr:`others` that the spec allows (each a finding of the candidate check).
    allowed: set[Any] = field(default_factory=set)
    #: The spec's candidate moves at :attr:`state`, in its order (``None``: not enumerated there).
    candidates: list[Any] | None = None

    def expected_components(self, game: AnyGame, players: int, variant: Any) -> Counter[str]:
        """``game.all_components(players, variant)``, computed once per configuration."""
        try:
            key = (players, variant)
            known = self.expected.get(key)
        except TypeError:  # an unhashable variant: nothing to remember it by
            return game.all_components(players, variant)
        if known is None:
            known = self.expected[key] = game.all_components(players, variant)
        return known

    def verdict(self, move: Any) -> bool | None:
        """The spec's legality verdict on ``move`` at :attr:`state` (``None``: not decided there)."""
        kind = type(move)
        known = self.verdicts.get((kind, move))
        if known is None and self.others.get(move) is kind:  # the one candidate equal to it is of its class
            return move in self.allowed
        return known


def check_state(game: AnyGame, state: Any, *, candidates: bool = True,
                memo: StateMemo | None = None) -> list[tuple[str, str]]:
    """Every problem found at one state, as ``(check, message)`` pairs.

    :param memo: what a run may reuse between its states (see
        :class:`StateMemo`); a fresh one when ``None``. It ends up holding the
        spec's verdicts on this state's moves.
    """
    spec = game.spec
    memo = StateMemo() if memo is None else memo
    memo.state, memo.verdicts, memo.candidates, memo.others, memo.allowed = state, {}, None, {}, set()
    variant = game.variant_of(state)
    players = game.players_of(state)
    found: list[tuple[str, str]] = []
    actor = game.current_player(state)
    spec_actor = spec.whose_turn(state)
    if actor != spec_actor:
        found.append(("whose-turn", f"engine says {actor}, spec says {spec_actor}"))
        return found

    # Serialisation, conservation and observations hold in every state.
    try:
        data = json.loads(json.dumps(game.serialize(state)))
        if game.deserialize(data) != state:
            found.append(("serialise", "state changed in a JSON round trip"))
    except Exception as exc:  # noqa: BLE001 - any failure here is a finding
        found.append(("serialise", f"{type(exc).__name__}: {exc}"))
    where = Counter([c for c, _ in game.components(state)])
    expected = memo.expected_components(game, players, variant)
    if not dict.__eq__(where, expected) and where != expected:  # equal dicts are equal counters (quick test first)
        extra = sorted((where - expected).elements())[:5]
        missing = sorted((expected - where).elements())[:5]
        found.append(("conservation", f"components out of place: extra {extra}, missing {missing}"))
    observations = [game.observation(state, seat) for seat in range(players)]
    try:
        json.dumps(observations)  # all seats at once; when that fails, seat by seat to name them
    except (TypeError, ValueError):
        for seat, observation in enumerate(observations):
            try:
                json.dumps(observation)
            except (TypeError, ValueError) as exc:
                found.append(("observation", f"seat {seat}: not JSON data ({exc})"))

    moves = game.legal_moves(state)
    if actor == TERMINAL:
        if moves:
            found.append(("terminal", "a finished game offers moves"))
        outcome = game.outcome(state)
        report = spec.check_outcome(variant, state, outcome.winners)
        if report:
            found.append(("outcome", str(report)))
        low, high = game.return_bounds(players, variant)
        returns = game.returns(state)
        if len(returns) != players or not all(low - 1e-9 <= r <= high + 1e-9 for r in returns):
            found.append(("returns", f"returns {returns} outside [{low}, {high}]"))
        return found

    if not moves:
        found.append(("playability", f"{'chance' if actor == CHANCE else f'seat {actor}'} has no move"))
    problem = _sorted_unique(moves)
    if problem:
        found.append(("legal-moves", problem))
    verdicts = memo.verdicts
    parsed = memo.parsed
    for move in moves:
        key = (type(move), move)
        if key not in parsed:
            try:
                if game.parse_move(str(move)) != move:
                    found.append(("text-form", f"{move!r} does not parse back from {str(move)!r}"))
                else:
                    parsed.add(key)
            except Exception as exc:  # noqa: BLE001
                found.append(("text-form", f"{move!r}: {exc}"))
        report = spec.check_move(variant, state, actor, move)
        allowed = not report.violations  # the attribute, not Report.__bool__: one call less per engine move
        verdicts[key] = allowed
        if not allowed:
            found.append(("engine-subset-spec", f"engine generates {move}, spec rejects it: {report}"))

    outcomes = game.chance_outcomes(state)
    if actor == CHANCE:
        total = math.fsum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            found.append(("chance", f"probabilities sum to {total} or are not all positive"))
        if {m for m, _ in outcomes} != set(moves):
            found.append(("chance", "chance outcomes differ from the legal moves"))
    elif outcomes:
        found.append(("chance", "a seat's node has chance outcomes"))

    if candidates:
        cands = memo.candidates = list(spec.candidate_moves(state, actor))
        found.extend(_check_candidates(spec, variant, state, actor, cands, moves, memo))
    return found


def _check_candidates(spec: Any, variant: Any, state: Any, actor: int, cands: list[Any],
                      moves: tuple[Any, ...], memo: StateMemo) -> list[tuple[str, str]]:
    """The candidate check at one state: moves of different kinds that compare equal, candidates the spec
    allows that the engine lacks, engine moves that are not candidates; the engine moves' verdicts are in
    ``memo.verdicts`` already, the other candidates' are left in ``memo``.

    Each candidate is hashed once, into a dictionary from candidate to its
    class. When that shows the candidates distinct (as many keys as
    candidates) and the engine moves are as many values as ``(class, move)``
    pairs, the findings are those of :func:`_check_candidates_by_pairs` (the
    check as first written), worked out with less hashing:

    * the candidates equal to an engine move are found by looking the engine
      moves up (each finds the one candidate equal to it, if any); the others
      go to the spec together, in the candidates' order
      (:meth:`~ruleproof.spec.core.GameSpec.allowed_moves`: the verdicts of
      ``is_legal``, its first rule asked over the whole list);
    * two moves of different kinds can compare equal only across an engine
      move and the candidate it finds (neither list has two equal values), so
      the message is looked for (:func:`_typed_equality`) only when those two
      differ in class.

    Otherwise :func:`_check_candidates_by_pairs` decides.
    """
    kinds = dict(zip(cands, map(type, cands)))
    generated = set(moves)
    if len(kinds) != len(cands) or len(generated) != len(memo.verdicts):
        return _check_candidates_by_pairs(spec, variant, state, actor, cands, moves, memo)
    found: list[tuple[str, str]] = []
    outside = []
    taken = []
    mixed = False
    for move in generated:
        kind = kinds.get(move)
        if kind is None:
            outside.append(move)
        else:
            taken.append(move)
            mixed = mixed or kind is not type(move)
    for move in taken:
        del kinds[move]
    if mixed:
        equality = _typed_equality(cands + list(moves))
        if equality:
            found.append(("move-equality", equality))
    allowed = spec.allowed_moves(variant, state, actor, kinds)
    memo.others = kinds
    if allowed:
        memo.allowed = set(allowed)
        found.append(("spec-subset-engine", f"spec allows {sorted(map(str, allowed))[:5]}, engine lacks them"))
    if outside:
        found.append(("candidates", f"engine moves {sorted(map(str, outside))[:5]} are not spec candidates"))
    return found


def _check_candidates_by_pairs(spec: Any, variant: Any, state: Any, actor: int, cands: list[Any],
                               moves: tuple[Any, ...], memo: StateMemo) -> list[tuple[str, str]]:
    """:func:`_check_candidates` move by move, each verdict kept by ``(class, move)`` in ``memo.verdicts``."""
    found: list[tuple[str, str]] = []
    equality = _typed_equality(cands + list(moves))
    if equality:
        found.append(("move-equality", equality))
    verdicts = memo.verdicts
    generated = set(moves)
    not_generated: set[Any] = set()
    for m in cands:
        if m in generated:  # an engine move, decided already (and not "allowed but not generated" either way)
            continue
        key = (type(m), m)
        ok = verdicts.get(key)
        if ok is None:
            ok = verdicts[key] = spec.is_legal(variant, state, actor, m)
        if ok:
            not_generated.add(m)
    outside = generated - set(cands)
    if not_generated:
        found.append(("spec-subset-engine", f"spec allows {sorted(map(str, not_generated))[:5]}, engine lacks them"))
    if outside:
        found.append(("candidates", f"engine moves {sorted(map(str, outside))[:5]} are not spec candidates"))
    return found


def run_conformance(
    game: AnyGame,
    players: int,
    variant: Any,
    *,
    games: int = 5,
    seed: int = 0,
    candidate_every: int = 1,
    max_problems: int = 20,
    on_game: Callable[[int], None] | None = None,
) -> ConformanceResult:
    """Play ``games`` random games and check every state and transition.

    :param candidate_every: check the spec ⇒ engine direction at every n-th
        state only (the candidate enumeration is the slow part).
    :param on_game: called after each game (for progress bars).
    """
    from ruleproof.spec.core import variant_to_dict

    result = ConformanceResult(game.name, players, variant_to_dict(variant))
    rng = random.Random(seed)
    spec = game.spec
    limit = game.max_game_length(players, variant)
    memo = StateMemo()
    for index in range(games):
        state = game.initial_state(players, variant)
        history: list[Any] = []

        def report(check: str, message: str) -> None:
            result.problems.append(Problem(check, message, index, len(history), tuple(map(str, history))))

        while True:
            result.states += 1
            with_candidates = result.states % candidate_every == 0
            result.candidate_states += with_candidates
            for check, message in check_state(game, state, candidates=with_candidates, memo=memo):
                report(check, message)
            if len(result.problems) >= max_problems:
                return result
            actor = game.current_player(state)
            if actor == TERMINAL:
                break
            if len(history) > limit:
                report("length", f"game exceeds the declared bound of {limit} moves")
                break
            moves = game.legal_moves(state)
            if actor == CHANCE:
                move = game.sample_chance(state, rng)
                if move not in moves:
                    report("chance", f"sampled {move} is not a chance outcome")
                    break
            elif moves:
                move = moves[rng.randrange(len(moves))]
            else:
                break
            after = game.apply(state, move)
            effect = spec.check_transition(variant, state, actor, move, after)
            if effect:
                report("effects", f"{move}: {effect}")
            history.append(move)
            state = after
            result.moves += 1
        try:
            if game.replay(players, variant, history) != state:
                report("replay", "replaying the history gives a different state")
        except Exception as exc:  # noqa: BLE001
            report("replay", f"{type(exc).__name__}: {exc}")
        result.games += 1
        if on_game is not None:
            on_game(index)
    return result
