"""What a campaign folder's files may hold: JSON Schemas for their shape, and the checks a schema cannot say.

The shape of the manifest, of a chunk file and of a failure record, and of
each kind's parameters and chunk results, is a JSON Schema checked with
``jsonschema`` (integers are JSON integers, never ``true`` or ``1.0``; every
count is bounded and non-negative; no unknown field). What a schema cannot
say is checked here in code, each with the JSON path at fault:

* parameters are exactly what ``ruleproof campaign KIND`` writes for them
  (the game exists, every flag is valid and present, the players are allowed,
  the chunk count stays within :data:`MAX_CHUNKS`): :func:`check_params`;
* a chunk's result agrees with its range and with itself
  (:func:`check_result`): a ``simulate`` chunk of games 40–59 counts exactly 20
  games; minima are at most maxima; each exact sum lies between its count times
  the minimum and times the maximum, and its sum of squares is at least the
  square of its sum over its count (so a variance is never negative); shared
  wins add up to at most one per game; a ``diff`` chunk's diverged games are at
  most its games, the changed outcomes at most the diverged ones, and its
  witness lies in its range; a ``fuzz`` chunk is ``ok`` exactly when it has no
  error and carries its plan's seed; a ``search`` part answers its own
  sub-problem under the campaign's ``rlimit``.

Every failure is a :class:`CampaignError` (exit code 2) naming the file and
the JSON path.

>>> check_result("fuzz", {}, {"seed": 3, "examples": 2}, {"ok": True, "error": None, "sequences": 2, "steps": 9,
...                                                   "seed": 3, "examples": 2}, "c.json")
>>> check_result("fuzz", {}, {"seed": 3, "examples": 2}, {"ok": True, "error": None, "sequences": -1, "steps": 9,
...                                                   "seed": 3, "examples": 2}, "c.json")
Traceback (most recent call last):
...
ruleproof.checkers.campaign.schema.CampaignError: c.json: $.result.sequences: -1 is less than the minimum of 0
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match

from ruleproof.spec.errors import InputError, RuleproofError

JSON = Any

#: Most chunks a campaign may have (the manifest keeps one SHA-256 per finished chunk).
MAX_CHUNKS = 100_000
#: Most games (or fuzzing examples) a campaign may ask for.
MAX_GAMES = 10**12
#: Most seats a campaign's game may have (as a record).
MAX_PLAYERS = 16
#: Most steps of one fuzzed move sequence.
MAX_STEPS = 1_000_000
#: Largest Z3 resource limit (Z3 reads it as an unsigned 32-bit number).
MAX_RLIMIT = 2**32 - 1
#: Longest command line kept in the manifest (words) and longest word.
MAX_COMMAND_WORDS = 1000
MAX_WORD_CHARS = 10_000
#: Most digits of an exact sum's numerator or denominator (decimal strings).
MAX_SUM_DIGITS = 400
#: Most distinct denominators of an exact sum (floats have power-of-two denominators: at most ~1100).
MAX_SUM_TERMS = 2200
#: Most rules counted by a chunk, and longest text kept (a failure's error, a fuzzing falsifying example).
MAX_RULES = 10_000
MAX_TEXT_CHARS = 1_000_000

SHA256 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


class CampaignError(InputError):
    """A campaign folder's file is malformed, foreign or edited (exit code 2, with the file and JSON path)."""


def _strict_validator(schema: dict[str, JSON]) -> Any:
    """A Draft 2020-12 validator whose integers are JSON integers only (not ``1.0``, not ``true``)."""
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    strict = jsonschema.validators.extend(base, type_checker=checker)
    return strict(schema, format_checker=None)


def _int(low: int = 0, high: int | None = None) -> dict[str, JSON]:
    out: dict[str, JSON] = {"type": "integer", "minimum": low}
    if high is not None:
        out["maximum"] = high
    return out


def _text(most: int = MAX_WORD_CHARS) -> dict[str, JSON]:
    return {"type": "string", "maxLength": most}


def _object(properties: dict[str, JSON], optional: tuple[str, ...] = ()) -> dict[str, JSON]:
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "required": [k for k in properties if k not in optional]}


SEED = {"type": "integer"}  # bounded by the input boundary's digit limit
FLAGS = {"type": "object", "maxProperties": 200}
CODE = _object({"ruleproof": _text(100), "source_sha256": SHA256})

PARAMS: dict[str, dict[str, JSON]] = {
    "simulate": _object({"game": _text(100), "players": _int(1, MAX_PLAYERS), "variant": FLAGS,
                         "games": _int(1, MAX_GAMES), "seed": SEED, "chunk": _int(1, MAX_GAMES),
                         "rule_stats": {"type": "boolean"}, "policy": _text(2000)}, optional=("policy",)),
    "diff": _object({"game": _text(100), "players": _int(1, MAX_PLAYERS), "a": FLAGS, "b": FLAGS,
                     "games": _int(1, MAX_GAMES), "seed": SEED, "chunk": _int(1, MAX_GAMES), "policy": _text(2000)},
                    optional=("policy",)),
    "fuzz": _object({"game": _text(100), "players": _int(1, MAX_PLAYERS), "variant": FLAGS,
                     "examples": _int(1, MAX_GAMES), "steps": _int(1, MAX_STEPS), "seed": SEED,
                     "chunk": _int(1, MAX_GAMES)}),
    "search": _object({"problem": _text(100), "full": {"type": "boolean"}, "rlimit": _int(1, MAX_RLIMIT),
                       "most": {"oneOf": [{"type": "null"}, _int(1, 24)]}}),
    "disputes": _object({"game": _text(100), "policies": {"type": "array", "items": _text(2000), "minItems": 1,
                                                          "maxItems": 8},
                         "seed": SEED, "width": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                         "max_games": _int(1, MAX_GAMES), "first": _int(1, MAX_GAMES),
                         "players": {"oneOf": [{"type": "null"}, {"type": "array", "items": _int(1, MAX_PLAYERS),
                                                                  "maxItems": MAX_PLAYERS}]},
                         "at": {"type": "object", "maxProperties": 1000,
                                "propertyNames": {"maxLength": 200}, "additionalProperties": _int(1, MAX_PLAYERS)}},
                        optional=("at",)),
    "strength": _object({"games": {"type": "array", "items": _text(100), "minItems": 1, "maxItems": 100},
                         "policies": {"type": "array", "items": _text(2000), "minItems": 1, "maxItems": 8},
                         "against": _text(2000), "players": _int(1, MAX_PLAYERS), "seed": SEED,
                         "width": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                         "max_games": _int(1, MAX_GAMES), "first": _int(1, MAX_GAMES)}),
}

MANIFEST_SCHEMA: dict[str, JSON] = _object({
    "format": {"const": "ruleproof.campaign"},
    "version": {"const": 2},
    "kind": {"enum": sorted(PARAMS)},
    "command": {"type": "array", "items": _text(), "maxItems": MAX_COMMAND_WORDS},
    "params": {"type": "object"},
    "chunks": _int(1, MAX_CHUNKS),
    "code": CODE,
    "codes": {"type": "array", "items": CODE, "minItems": 1, "maxItems": 1000},
    "identity_sha256": SHA256,
    "finished": {"type": "object", "maxProperties": MAX_CHUNKS,
                 "propertyNames": {"pattern": "^chunks/[0-9]{6}\\.json$"}, "additionalProperties": SHA256},
})

IDENTITY = {"type": "object", "required": ["kind", "readings", "params", "code"],
            "properties": {"code": CODE}}

CHUNK_SCHEMA: dict[str, JSON] = _object({
    "format": {"const": "ruleproof.campaign-chunk"},
    "version": {"const": 2},
    "chunk": _int(0, MAX_CHUNKS - 1),
    "range": {"type": "object"},
    "campaign": IDENTITY,
    "result": {"type": "object"},
    "cpu_seconds": {"type": "number", "minimum": 0},
    "worker": _text(300),
})

FAILURE_SCHEMA: dict[str, JSON] = _object({
    "format": {"const": "ruleproof.campaign-failure"},
    "version": {"const": 2},
    "chunk": _int(0, MAX_CHUNKS - 1),
    "range": {"type": "object"},
    "campaign": IDENTITY,
    "error": _text(MAX_TEXT_CHARS),
    "attempts": _int(1, 10_000),
})

_DIGITS = f"[0-9]{{1,{MAX_SUM_DIGITS}}}"
_DENOMINATOR = f"^[1-9][0-9]{{0,{MAX_SUM_DIGITS - 1}}}$"
SUMS = _object({
    "n": _int(0, MAX_GAMES),
    "sx": {"type": "object", "maxProperties": MAX_SUM_TERMS, "propertyNames": {"pattern": _DENOMINATOR},
           "additionalProperties": {"type": "string", "pattern": f"^-?{_DIGITS}$"}},
    "sxx": {"type": "object", "maxProperties": MAX_SUM_TERMS, "propertyNames": {"pattern": _DENOMINATOR},
            "additionalProperties": {"type": "string", "pattern": f"^{_DIGITS}$"}},
})
NUMBER = {"type": "number"}
RULE_COUNTS = {"type": "object", "maxProperties": MAX_RULES, "propertyNames": {"maxLength": 100},
               "additionalProperties": _int(0, MAX_GAMES * 10**6)}

RESULTS: dict[str, dict[str, JSON]] = {
    "simulate": _object({
        "games": _int(1, MAX_GAMES), "length_sum": _int(0), "length_min": _int(0), "length_max": _int(0),
        "seats": {"type": "array", "maxItems": MAX_PLAYERS,
                  "items": _object({"sums": SUMS, "min": NUMBER, "max": NUMBER})},
        "wins": {"type": "array", "maxItems": MAX_PLAYERS,
                 "items": {"type": "array", "maxItems": 10**6,
                           "items": {"type": "array", "prefixItems": [_int(1, MAX_PLAYERS), _int(1, MAX_GAMES)],
                                     "minItems": 2, "maxItems": 2}}},
        "rules_fired": RULE_COUNTS}),
    "diff": _object({
        "games": _int(1, MAX_GAMES), "diverged": _int(0), "outcome_changed": _int(0), "winners_changed": _int(0),
        "kinds": {"type": "object", "maxProperties": 100, "propertyNames": {"maxLength": 100},
                  "additionalProperties": _int(0)},
        "witness": {"oneOf": [{"type": "null"}, _int(0)]},
        "sample": {"oneOf": [{"type": "null"}, _object({
            "game_index": _int(0), "step": _int(0), "kind": _text(100), "detail": _text(MAX_TEXT_CHARS),
            "move": {"oneOf": [{"type": "null"}, _text(MAX_TEXT_CHARS)]},
            "state_a": _text(MAX_TEXT_CHARS), "state_b": _text(MAX_TEXT_CHARS),
            "only_a": {"type": "array", "items": _text(), "maxItems": 100_000},
            "only_b": {"type": "array", "items": _text(), "maxItems": 100_000},
            "next_a": {"oneOf": [{"type": "null"}, _text(MAX_TEXT_CHARS)]},
            "next_b": {"oneOf": [{"type": "null"}, _text(MAX_TEXT_CHARS)]}})]},
        "metrics": {"type": "array", "maxItems": 2 + 2 * MAX_PLAYERS,
                    "items": {"type": "array", "items": SUMS, "minItems": 3, "maxItems": 3}}}),
    "disputes": {"type": "object", "required": ["ambiguity", "flag", "players", "policy", "games", "figures",
                                                "stopping", "first_look", "command"], "maxProperties": 40},
    "strength": {"type": "object", "required": ["game", "policy", "against", "games", "win_share", "ci", "met"],
                 "maxProperties": 40},
    "fuzz": _object({"ok": {"type": "boolean"}, "error": {"oneOf": [{"type": "null"}, _text(MAX_TEXT_CHARS)]},
                     "sequences": _int(0), "steps": _int(0), "seed": _int(0), "examples": _int(1)}),
    "search": _object({
        "label": _text(200), "verdict": {"enum": ["sat", "unsat", "unknown"]}, "cpu_seconds": {"type": "number",
                                                                                             "minimum": 0},
        "rlimit": _int(1, MAX_RLIMIT), "detail": _text(), "at_least": _int(0),
        "witness": _object({"board": {"type": "array", "maxItems": 1000,
                                      "items": {"type": "array", "items": {"type": "integer"}, "minItems": 3,
                                                "maxItems": 3}}})},
        optional=("at_least", "witness")),
}


@cache
def _validator(name: str) -> Any:
    schemas: dict[str, dict[str, JSON]] = {"manifest": MANIFEST_SCHEMA, "chunk": CHUNK_SCHEMA,
                                           "failure": FAILURE_SCHEMA}
    schemas.update({f"params:{k}": v for k, v in PARAMS.items()})
    schemas.update({f"result:{k}": v for k, v in RESULTS.items()})
    return _strict_validator(schemas[name])


def check_schema(name: str, value: JSON, prefix: str, source: str) -> None:
    """Check ``value`` against the schema ``name``; the first error names its JSON path under ``prefix``."""
    error = best_match(_validator(name).iter_errors(value))
    if error is None:
        return
    message = error.message if len(error.message) <= 300 else error.message[:297] + "..."
    raise CampaignError(message, prefix + error.json_path[1:], source=source)


# -- parameters ---------------------------------------------------------------------------------


def check_params(kind: str, params: JSON, source: str) -> None:
    """Refuse parameters that ``ruleproof campaign KIND`` would not have written (see the module docstring)."""
    from ruleproof.checkers.campaign.identity import first_difference

    check_schema(f"params:{kind}", params, "$.params", source)
    try:
        rebuilt = _rebuild(kind, params)
    except _ParamError as exc:
        raise CampaignError(exc.message, exc.where, source=source) from None
    difference = first_difference(params, rebuilt, "$.params")
    if difference is not None:
        where, found, expected = difference
        raise CampaignError(f"{_short(found)} is not what `ruleproof campaign {kind}` writes here "
                            f"({_short(expected)})", where, source=source)


class _ParamError(Exception):
    def __init__(self, message: str, where: str) -> None:
        super().__init__(message)
        self.message, self.where = message, where


def _short(value: JSON) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _reading(game: Any, flags: dict[str, JSON], name: str) -> Any:
    from ruleproof.spec.core import variant_from_mapping
    from ruleproof.spec.errors import VariantError

    try:
        return variant_from_mapping(game.variant_type, flags)
    except VariantError as exc:
        raise _ParamError(str(exc), f"$.params.{name}" + (f".{exc.flag}" if exc.flag else "")) from None


def _seats(game: Any, players: int, variant: Any) -> None:
    try:
        game.initial_state(players, variant)
    except RuleproofError as exc:
        raise _ParamError(str(exc), "$.params.players") from None


def _chunk_count(total: int, size: int, name: str) -> None:
    count = -(-total // size)
    if count > MAX_CHUNKS:
        raise _ParamError(f"{total} {name} in chunks of {size} make {count} chunks, more than {MAX_CHUNKS} "
                          "(limit MAX_CHUNKS); give a larger --chunk", "$.params.chunk")


def _rebuild(kind: str, params: dict[str, JSON]) -> dict[str, JSON]:
    """The parameters the campaign's own constructor makes from ``params``' values."""
    from ruleproof.checkers.campaign import kinds, search
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_to_dict

    if kind == "disputes":
        try:
            return kinds.disputes_params(params["game"], policies=params["policies"], seed=params["seed"],
                                         width=params["width"], max_games=params["max_games"], first=params["first"],
                                         players=params["players"], at=params.get("at"))
        except RuleproofError as exc:
            raise _ParamError(str(exc), "$.params") from None
    if kind == "strength":
        try:
            return kinds.strength_params(games=params["games"], policies=params["policies"],
                                         against=params["against"], players=params["players"], seed=params["seed"],
                                         width=params["width"], max_games=params["max_games"], first=params["first"])
        except RuleproofError as exc:
            raise _ParamError(str(exc), "$.params") from None
    if kind == "search":
        if params["problem"] not in search.PROBLEMS:
            raise _ParamError(f"unknown search problem {params['problem']!r}; problems: "
                              f"{', '.join(sorted(search.PROBLEMS))}", "$.params.problem")
        return search.search_params(params["problem"], rlimit=params["rlimit"], full=params["full"],
                                    most=params["most"])
    try:
        game = game_for(params["game"])
    except RuleproofError as exc:
        raise _ParamError(str(exc), "$.params.game") from None
    if game.name != params["game"]:
        raise _ParamError(f"the game is registered as {game.name!r}, not {params['game']!r}", "$.params.game")
    if kind == "diff":
        a = _reading(game, params["a"], "a")
        b = _reading(game, params["b"], "b")
        _seats(game, params["players"], a)
        _seats(game, params["players"], b)
        _chunk_count(params["games"], params["chunk"], "games")
        return kinds.diff_params(game.name, params["players"], variant_to_dict(a), variant_to_dict(b),
                                 games=params["games"], seed=params["seed"], chunk=params["chunk"],
                                 policy=_policy(params))
    variant = _reading(game, params["variant"], "variant")
    _seats(game, params["players"], variant)
    if kind == "fuzz":
        _chunk_count(params["examples"], params["chunk"], "examples")
        return kinds.fuzz_params(game.name, params["players"], variant_to_dict(variant),
                                 examples=params["examples"], steps=params["steps"], seed=params["seed"],
                                 chunk=params["chunk"])
    _chunk_count(params["games"], params["chunk"], "games")
    return kinds.simulate_params(game.name, params["players"], variant_to_dict(variant), games=params["games"],
                                 seed=params["seed"], chunk=params["chunk"], rule_stats=params["rule_stats"],
                                 policy=_policy(params))


def _policy(params: dict[str, JSON]) -> str | None:
    """The campaign's policy text, checked (a built-in policy; a plugin or a malformed text is refused)."""
    text = params.get("policy")
    if text is None:
        return None
    from ruleproof.checkers.campaign.kinds import campaign_policy

    try:
        return campaign_policy(text)
    except RuleproofError as exc:
        raise _ParamError(str(exc), "$.params.policy") from None


# -- chunk results ---------------------------------------------------------------------------------


def _fail(message: str, where: str, source: str) -> CampaignError:
    return CampaignError(message, where, source=source)


def _sums(doc: JSON, where: str, source: str, count: int, low: float | None, high: float | None) -> Fraction:
    """Check an exact sum (count, bounds, a non-negative variance); returns its total."""
    if doc["n"] != count:
        raise _fail(f"counts {doc['n']} values, but the chunk has {count}", f"{where}.n", source)
    total = sum((Fraction(int(v), int(d)) for d, v in doc["sx"].items()), Fraction(0))
    squares = sum((Fraction(int(v), int(d) ** 2) for d, v in doc["sxx"].items()), Fraction(0))
    if count == 0 and (total or squares):
        raise _fail("an empty sum must be zero", where, source)
    if low is not None and high is not None and not count * Fraction(low) <= total <= count * Fraction(high):
        raise _fail(f"the sum {float(total):g} of {count} values is not between {count} times the minimum {low:g} "
                    f"and {count} times the maximum {high:g}", f"{where}.sx", source)
    if count * squares < total * total:
        raise _fail("the sum of squares is smaller than the square of the sum over the count (a negative "
                    "variance)", f"{where}.sxx", source)
    return total


def _simulate(params: dict[str, JSON], chunk: dict[str, JSON], r: dict[str, JSON], source: str) -> None:
    games, players = r["games"], params["players"]
    if games != chunk["count"]:
        raise _fail(f"the chunk plays games {chunk['first']} to {chunk['first'] + chunk['count'] - 1} "
                    f"({chunk['count']} games) but its result counts {games}", "$.result.games", source)
    if r["length_min"] > r["length_max"]:
        raise _fail("the shortest game is longer than the longest", "$.result.length_min", source)
    if not r["length_min"] * games <= r["length_sum"] <= r["length_max"] * games:
        raise _fail(f"the total length {r['length_sum']} of {games} games lies outside {games} times the shortest "
                    "and the longest game", "$.result.length_sum", source)
    for name in ("seats", "wins"):
        if len(r[name]) != players:
            raise _fail(f"{len(r[name])} seats for a game of {players} players", f"$.result.{name}", source)
    for seat, row in enumerate(r["seats"]):
        where = f"$.result.seats[{seat}]"
        if row["min"] > row["max"]:
            raise _fail("the minimum is greater than the maximum", f"{where}.min", source)
        _sums(row["sums"], f"{where}.sums", source, games, row["min"], row["max"])
    shares = Fraction(0)
    for seat, runs in enumerate(r["wins"]):
        won = sum(count for _, count in runs)
        if won > games:
            raise _fail(f"seat {seat} wins {won} of {games} games", f"$.result.wins[{seat}]", source)
        for k, (size, _) in enumerate(runs):
            if size > players:
                raise _fail(f"a win shared by {size} of {players} seats", f"$.result.wins[{seat}][{k}][0]", source)
        shares += sum((Fraction(count, size) for size, count in runs), Fraction(0))
    if shares > games:
        raise _fail(f"the seats' shares of wins add up to {float(shares):g}, more than the {games} games",
                    "$.result.wins", source)
    if r["rules_fired"] and not params["rule_stats"]:
        raise _fail("rule counts in a campaign that does not count rules", "$.result.rules_fired", source)


def _diff(params: dict[str, JSON], chunk: dict[str, JSON], r: dict[str, JSON], source: str) -> None:
    from ruleproof.checkers.campaign.kinds import _metric_rows

    games = r["games"]
    if games != chunk["count"]:
        raise _fail(f"the chunk plays games {chunk['first']} to {chunk['first'] + chunk['count'] - 1} "
                    f"({chunk['count']} games) but its result counts {games}", "$.result.games", source)
    if r["diverged"] > games:
        raise _fail(f"{r['diverged']} of {games} games diverge", "$.result.diverged", source)
    for name in ("outcome_changed", "winners_changed"):
        if r[name] > r["diverged"]:
            raise _fail(f"{r[name]} is more than the {r['diverged']} games that diverge", f"$.result.{name}", source)
    if sum(r["kinds"].values()) > r["diverged"]:
        raise _fail(f"the kinds count more than the {r['diverged']} games that diverge", "$.result.kinds", source)
    span = range(chunk["first"], chunk["first"] + chunk["count"])
    if (r["witness"] is None) != (r["outcome_changed"] == 0) or (r["witness"] is not None and r["witness"] not in span):
        raise _fail(f"the witness must be a game of the chunk ({span.start} to {span.stop - 1}) exactly when an "
                    "outcome changed", "$.result.witness", source)
    if r["sample"] is not None and (r["diverged"] == 0 or r["sample"]["game_index"] not in span):
        raise _fail("a sample divergence must be one of the chunk's diverging games", "$.result.sample", source)
    rows = len(_metric_rows(params["players"]))
    if len(r["metrics"]) != rows:
        raise _fail(f"{len(r['metrics'])} metric rows, not {rows}", "$.result.metrics", source)
    for i, triple in enumerate(r["metrics"]):
        for j, doc in enumerate(triple):
            _sums(doc, f"$.result.metrics[{i}][{j}]", source, games, None, None)


def _fuzz(params: dict[str, JSON], chunk: dict[str, JSON], r: dict[str, JSON], source: str) -> None:
    del params
    for name in ("seed", "examples"):
        if r[name] != chunk[name]:
            raise _fail(f"the chunk's plan has {name} {chunk[name]}, its result {r[name]}", f"$.result.{name}", source)
    if r["ok"] != (r["error"] is None):
        raise _fail("a chunk is ok exactly when it has no error", "$.result.ok", source)
    if r["ok"] and r["sequences"] < 1:
        raise _fail("a chunk that passed ran no move sequence", "$.result.sequences", source)


def _search(params: dict[str, JSON], chunk: dict[str, JSON], r: dict[str, JSON], source: str) -> None:
    if r["rlimit"] != params["rlimit"]:
        raise _fail(f"answered under rlimit {r['rlimit']}, the campaign's is {params['rlimit']}", "$.result.rlimit",
                    source)
    if "box" in chunk:
        w, h = chunk["box"]
        label = f"exact box {w}x{h}, at most {chunk['most']} cards"
        if ("witness" in r) != (r["verdict"] == "sat"):
            raise _fail("a dead board is given exactly when the verdict is sat", "$.result.verdict", source)
    else:
        label = f"score >= {chunk['at_least']}"
        if r.get("at_least") != chunk["at_least"]:
            raise _fail(f"the sub-problem asks for {chunk['at_least']}", "$.result.at_least", source)
    if r["label"] != label:
        raise _fail(f"the sub-problem is {label!r}", "$.result.label", source)


def _disputes(params: dict[str, JSON], chunk: dict[str, JSON], r: dict[str, JSON], source: str) -> None:
    for name in ("ambiguity", "flag", "players", "policy"):
        if r[name] != chunk[name]:
            raise _fail(f"the chunk measures {name} {chunk[name]!r}, its result {r[name]!r}", f"$.result.{name}", source)
    look = r["first_look"]
    if not (isinstance(look, dict) and all(isinstance(look.get(k), int) for k in ("games", "arises", "winners"))
            and 0 <= look["arises"] <= look["games"] and 0 <= look["winners"] <= look["games"] <= r["games"]):
        raise _fail("the first look's counts are inconsistent", "$.result.first_look", source)


def _strength(params: dict[str, JSON], chunk: dict[str, JSON], r: dict[str, JSON], source: str) -> None:
    for name in ("game", "policy"):
        if r[name] != chunk[name]:
            raise _fail(f"the chunk measures {name} {chunk[name]!r}, its result {r[name]!r}", f"$.result.{name}", source)
    if not (isinstance(r["games"], int) and 1 <= r["games"] <= params["max_games"]
            and isinstance(r["win_share"], (int, float)) and 0 <= r["win_share"] <= 1):
        raise _fail("the games or the win share are out of range", "$.result.games", source)


_CHECKS = {"simulate": _simulate, "diff": _diff, "fuzz": _fuzz, "search": _search, "disputes": _disputes,
           "strength": _strength}


def check_result(kind: str, params: dict[str, JSON], chunk: dict[str, JSON], result: JSON, source: str) -> None:
    """Check a chunk's result against its kind's schema, the campaign's ``params`` and its range ``chunk``
    (see the module docstring)."""
    check_schema(f"result:{kind}", result, "$.result", source)
    _CHECKS[kind](params, chunk, result, source)


__all__ = ["CHUNK_SCHEMA", "FAILURE_SCHEMA", "MANIFEST_SCHEMA", "MAX_CHUNKS", "CampaignError", "check_params",
           "check_result", "check_schema"]
