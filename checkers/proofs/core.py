"""Legal-move certificates that anyone can re-check.

:func:`prove` answers a referee's question about move ``N`` of a game record:
*why is this move legal, why is that one not, and is it true that I have no
move?* The answer is a JSON certificate (format: :data:`CERTIFICATE_SCHEMA`,
version 1) holding

* the position: the record prefix (moves ``0 .. N-1``), the state they lead
  to (the engine's JSON encoding) and the SHA-256 of the state's canonical
  JSON (sorted keys, no spaces, UTF-8);
* the move and its verdict;
* every legality rule that applies to the move (exactly the rules whose
  ``applies`` fires in the specification), each with the facts it checked —
  for Take 5 the row ends compared, for Big Five the cells and cards of each
  line with the attribute they share and whether they are distinct — and
  whether it holds;
* for an illegal move, every violated rule and a **minimal core**;
* for a legal move that leaves no alternative (Take 5's forced take, Big
  Five's exchange or pass without a placement, Cinco's burn or draw, Ikebana's
  forced keep, BigPoints' take-nothing gap), the proof that no alternative
  exists, with the encoding's assumptions and bound.

How the core is computed. For a fixed state and move every rule is a ground
predicate; legality is the conjunction of the rules that apply, so "this move
is legal" is unsatisfiable exactly when some rule is violated, and a set of
rules is an unsat core exactly when it contains a violated rule. The
specification's :class:`~ruleproof.spec.core.Report` gives every violated
rule (a core); :func:`minimal_core` shrinks it by deletion (drop a rule, keep
the drop when the rest still refutes the move), which yields a minimal core.
With ground rules a minimal core is a single rule — the checker verifies
minimality in exactly these terms, so a certificate cannot pad its core —
while ``violated`` keeps the whole list for the reader.

Who decides. The specification: the record prefix is replayed move by move
with :func:`ruleproof.checkers.checks.validate.check_step` (the spec's turn
order and legality rules decide each move, the engine computes the states and
its transitions are checked against the spec's effect rules), and the
certificate's verdict is the spec's report on the move. The engine is asked
too; where it disagrees (about the prefix, who acts, or the move) the
certificate is still the spec's, and :func:`engine_disagreement` says how the
engine differs (``ruleproof prove`` then exits 1). ``fast=True`` replays the
prefix trusting the engine (``ruleproof prove --fast``); the verdict on the
move itself stays the spec's, since every claim of a certificate is a rule of
the spec; such a certificate says so in ``producer.prefix_checked_by``.

Independence. The facts are computed here from the specification's own
functions (:mod:`ruleproof.spec`), and re-derived by
:mod:`ruleproof.checkers.certcheck` from the JSON state with its own code,
which imports neither the engines nor the solver. A certificate is accepted
only when both agree on every rule, every fact, the verdict, the core and the
forced-move proof.

>>> from ruleproof.model.io.records import GameRecord, RecordedMove
>>> deals = [RecordedMove(-1, f"deal {c}") for c in range(1, 25)]
>>> record = GameRecord("take5", 2, {}, tuple(deals) + (RecordedMove(0, "play 3"),))
>>> cert = prove(record, 24)
>>> cert["verdict"], [c["rule"] for c in cert["claims"]]
('legal', ['T5-SETUP-1', 'T5-TURN-1', 'T5-PHASE-1', 'T5-SELECT-1'])
>>> from ruleproof.checkers.certcheck import check_certificate
>>> check_certificate(cert).ok
True
"""

from __future__ import annotations


from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ruleproof.checkers.certcheck.core import state_sha256
from ruleproof.checkers.certcheck.schema import CERTIFICATE_SCHEMA, FORMAT, VERSION
from ruleproof.checkers.checks.validate import check_step, game_of_record, parsed_moves
from ruleproof.model.io import codec
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.io.records import GameRecord
from ruleproof.spec.core import Step, variant_to_dict
from ruleproof.spec.errors import MoveParseError, RecordError, RuleproofError
from ruleproof.spec.registry import load_part, parts_for

__all__ = ["CERTIFICATE_SCHEMA", "FORMAT", "VERSION", "EngineDisagreementError", "engine_disagreement",
           "minimal_core", "prove", "prove_state"]

#: ``producer.prefix_checked_by`` of a certificate whose prefix was replayed trusting the engine.
TRUSTED_ENGINE = "engine (--fast: trusts the engine; the specification did not check the prefix)"


class EngineDisagreementError(RuleproofError):
    """The engine and the specification disagree about a move of the record prefix (a defect the tool found)."""


class FactExtractor(Protocol):
    """What a game's ``proofs_<game>`` module provides."""

    def facts(self, rule_id: str, step: Step[Any, Any, Any]) -> dict[str, Any]:
        """The facts rule ``rule_id`` checked for this step, as JSON-ready data."""

    def alternatives(self, step: Step[Any, Any, Any]) -> list[Any] | None:
        """The other plays of the same decision (``None``: the move is never forced)."""

    def forced_proof(self, step: Step[Any, Any, Any]) -> dict[str, Any]:
        """The claim, method, assumptions, bound and facts of a forced-move proof."""


def extractor_for(game: str) -> FactExtractor:
    """The fact extractor of a game (its ``proofs`` part).

    :raises MissingPartError: the game has no certificate facts.
    """
    module = load_part(game, "proofs")
    extractor: FactExtractor = module.EXTRACTOR
    return extractor


def minimal_core(violated: Sequence[str], refutes: Callable[[list[str]], bool]) -> list[str]:
    """Shrink a refuting set of rule ids to a minimal one by deletion.

    ``refutes(subset)`` says whether the rules in ``subset`` alone show the
    move illegal. Each rule is tried once, in order; it is dropped when the
    rest still refutes. The result refutes and no single rule can be dropped.

    >>> minimal_core(["A", "B", "C"], lambda s: "C" in s or {"A", "B"} <= set(s))
    ['C']
    >>> minimal_core(["A", "B"], lambda s: {"A", "B"} <= set(s))
    ['A', 'B']
    """
    core = list(violated)
    if not refutes(core):
        raise ValueError(f"the rules {core} do not refute the move")
    for rule in list(core):
        rest = [r for r in core if r != rule]
        if rest and refutes(rest):
            core = rest
    return core


def _actor_json(actor: int) -> int | str:
    return "chance" if actor == CHANCE else actor


def prove_state(
    game: Game[Any, Any, Any],
    state: Any,
    actor: int,
    move: Any,
    *,
    prefix: Sequence[tuple[int, str]] = (),
    seed: int | None = None,
    source: str = "",
    hypothetical: bool = False,
    reading: Any = None,
    fast: bool = False,
) -> dict[str, Any]:
    """A certificate for ``actor`` playing ``move`` in ``state`` (reached by ``prefix``).

    :param reading: the :class:`ruleproof.model.io.readings.Reading` whose engine
        ``game`` is, when it is not the built-in rules: the certificate then
        carries its identity (``reading``), and an extra rule's claim holds its
        restatement as facts (the independent checker does not know it).
    :param fast: the prefix was replayed trusting the engine (recorded in
        ``producer.prefix_checked_by``); the verdict is the spec's either way.

    The engine's own verdict on the move is compared with the spec's; a
    disagreement is recorded in ``producer.engine_disagrees`` (see
    :func:`engine_disagreement`).
    """
    spec = game.spec
    extra = set(reading.rule_ids) if reading is not None else set()
    variant = game.variant_of(state)
    extractor = extractor_for(game.name)
    step: Step[Any, Any, Any] = Step(variant, state, actor, move)
    report = spec.check_move(variant, state, actor, move)
    messages = {v.rule_id: v.message for v in report.violations}
    claims: list[dict[str, Any]] = []
    for rule in spec.legality_rules:
        if not rule.applies(step):
            continue
        facts = {"extra_rule": rule.text} if rule.id in extra else extractor.facts(rule.id, step)
        claim: dict[str, Any] = {"rule": rule.id, "title": rule.title, "holds": rule.id not in messages,
                                 "facts": facts}
        if rule.id in messages:
            claim["message"] = messages[rule.id]
        claims.append(claim)
    violated = list(report.rule_ids)
    core = minimal_core(violated, lambda subset: any(r in violated for r in subset)) if violated else []
    forced = None if violated else _forced(game, extractor, step)
    encoded = codec.encode(state)
    record: dict[str, Any] = {"moves": [{"actor": _actor_json(a), "move": m} for a, m in prefix]}
    if seed is not None:
        record["seed"] = seed
    if source:
        record["source"] = source
    cert: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "game": game.name, "players": game.players_of(state),
        "variant": variant_to_dict(variant), "record": record, "move_index": len(prefix),
        "state": encoded, "state_sha256": state_sha256(encoded),
        "actor": _actor_json(actor), "move": str(move), "verdict": "illegal" if violated else "legal",
        "claims": claims, "violated": violated, "core": core, "forced": forced,
        "producer": {"tool": "ruleproof", "rules": f"ruleproof.spec.{game.name}", "facts": parts_for(game.name).proofs},
    }
    engine_ok = actor == game.current_player(state) and game.is_legal_move(state, move)
    if engine_ok == bool(violated):
        cert["producer"]["engine_disagrees"] = (
            f"the engine {'accepts' if engine_ok else 'rejects'} this move, which the specification finds "
            f"{cert['verdict']}: engine and spec disagree (please report this); the certificate is the spec's")
    if fast:
        cert["producer"]["prefix_checked_by"] = TRUSTED_ENGINE
    if hypothetical:
        cert["hypothetical"] = True
    if reading is not None and not reading.is_default:
        cert["reading"] = reading.identity()
    return cert


def _forced(game: Game[Any, Any, Any], extractor: FactExtractor, step: Step[Any, Any, Any]) -> dict[str, Any] | None:
    alternatives = extractor.alternatives(step)
    if alternatives is None:
        return None
    refuted = []
    for alt in alternatives:
        report = game.spec.check_move(step.variant, step.before, step.actor, alt)
        if report.ok:
            return None
        refuted.append({"move": str(alt), "violated": list(report.rule_ids)})
    proof = dict(extractor.forced_proof(step))
    proof["alternatives"] = refuted
    return proof


def prove(record: GameRecord, index: int, move: str | None = None, *, source: str = "",
          reading: Any = None, fast: bool = False) -> dict[str, Any]:
    """A certificate for move ``index`` of ``record``.

    The moves before ``index`` must be legal (they are replayed and checked).
    With ``move`` (a move's text form) the certificate is about that move
    instead of the record's own (``hypothetical``); ``index`` may then be the
    record's length, the position after its last move. The actor is the
    record's for its own move, else whoever is to act.

    With ``reading`` (:class:`ruleproof.model.io.readings.Reading`) the moves are
    checked on the reading's engine and the certificate carries its identity;
    the record must have been made under that reading.

    The prefix is checked by the specification (:func:`check_step`), or, with
    ``fast``, by the engine alone; the actor of a hypothetical move is the one
    the spec says acts.

    :raises EngineDisagreementError: the engine and the spec disagree about a
        move of the prefix, or about who acts.
    :raises RecordError: an index out of range, an illegal earlier move, a
        move that does not parse, a hypothetical move when nobody can act, or
        a record made under another reading.
    """
    game, variant = game_of_record(record)
    if reading is not None or (record.reading or {}).get("rules") or (record.reading or {}).get("engine"):
        from ruleproof.model.io.readings import Reading

        asked = reading if reading is not None else Reading(record.game, variant, title="the built-in rules")
        mismatch = asked.mismatch(record.variant, record.reading)
        if mismatch:
            raise RecordError("the record was made under another reading than the one asked for: "
                              + "; ".join(mismatch) + " (give the reading it was made under with --reading FILE)",
                              "$.reading")
        game, variant = asked.engine, asked.variant
    limit = len(record.moves) if move is not None else len(record.moves) - 1
    if not 0 <= index <= limit:
        raise RecordError(f"move index {index} is out of range; the record has {len(record.moves)} moves "
                          f"(0..{len(record.moves) - 1}{', or its length with a hypothetical move' if move is None else ''})",
                          "$.moves", index)
    state = game.initial_state(record.players, variant)
    prefix: list[tuple[int, str]] = []
    for i, recorded, parsed in parsed_moves(game, record.moves[:index]):
        verdict = check_step(game, variant, state, recorded.actor, parsed, fast=fast)
        if verdict.kind == "illegal":
            raise RecordError(f"move {i} ({recorded.move!r}) is illegal ({verdict.reason}); a certificate needs a "
                              "legal prefix: run `ruleproof validate` and prove that move instead", f"$.moves[{i}]", i)
        if verdict.kind:
            raise EngineDisagreementError(f"move {i} ({recorded.move!r}) of the record prefix: {verdict.reason}")
        state = verdict.after
        prefix.append((recorded.actor, str(parsed)))
    if move is None:
        actor, text = record.moves[index].actor, record.moves[index].move
        path = f"$.moves[{index}].move"
    else:
        actor, text = game.spec.whose_turn(state), move
        path = "move"
        if not fast and actor != game.current_player(state):
            raise EngineDisagreementError(f"after move {index - 1} the specification says {actor} acts, the engine "
                                          f"says {game.current_player(state)}: engine and spec disagree")
        if actor == TERMINAL:
            raise RecordError("the game is over after these moves: nobody can act, so there is no move to prove", path, index)
    try:
        parsed = game.parse_move(text)
    except MoveParseError as exc:
        raise RecordError(str(exc), path, index) from None
    return prove_state(game, state, actor, parsed, prefix=prefix, seed=record.seed, source=source,
                       hypothetical=move is not None, reading=reading, fast=fast)


def engine_disagreement(cert: dict[str, Any]) -> str | None:
    """How the engine disagreed with the spec about the certificate's move (``None``: it agreed).

    >>> engine_disagreement({"producer": {}}) is None
    True
    """
    producer = cert.get("producer")
    found = producer.get("engine_disagrees") if isinstance(producer, dict) else None
    return found if isinstance(found, str) else None
