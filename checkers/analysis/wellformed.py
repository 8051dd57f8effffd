"""Well-formedness of every game, as general game playing defines it.

For each game three questions, each asked under every variant flag that could
change its answer:

* **termination** — can a game go on forever? Answered by a bound on game
  length proved with Z3 over the quantities that every move changes (a
  ranking argument over the full game) together with an exhaustive search of
  reduced configurations for cycles; or by a witness cycle (Cinco).
* **playability** — is there a reachable non-terminal state in which the one
  to act has no legal move? Answered by exhaustive exploration of reduced
  configurations (:mod:`ruleproof.checkers.explore.statespace`).
* **weak winnability** — can every seat win along some sequence of moves?
  Answered by witness games of the full game, one won by each seat alone, for
  every player count.

Question ids are ``WF-<game prefix>-<n>`` and their expected verdicts live in
``checkers/data/findings/wellformed.json`` (one manifest for all five games),
which :class:`WellformedQuestion` reads when it answers.

Readings (issues 17 and 31). Every reading is answered; "not applicable" only
when the reading allows no player count at all. Under the default reading
each question explores its sweep (:data:`SWEEPS`, :data:`WIN_CONFIGS`: the
flags that could change its answer). Under any other reading it explores the
same configurations once each, under the reading's own flags (a reading is
one reading; a configuration keeps the flags that make it small,
:data:`REDUCTION_FLAGS`, and its bounds say so), on the reading's own engine:
a plugin's extra rules or derived engine are explored without the state
abstraction a configuration may use (an extra rule may read what the
abstraction drops), and the witness games are played on it. What carries
over, and why:

* playability and winnability are answered exactly as for the built-in
  rules (exhaustive search of the configurations; witness games played and
  checked on the reading's engine); a dead end is named with the moves that
  reach it;
* termination: a cycle found on the reading's engine is a witness; the Z3
  length bound of the full game is proved over the built-in effects and the
  flags it models (the swept flags and :data:`CONSTANT_FLAGS`), so it holds
  under extra legality rules (every play under them is a play of the built-in
  rules). Under a derived engine, whose effects may differ, or a flag the
  argument does not model (:func:`z3_bound_excluded`), termination is decided
  by the state graphs of the reduced configurations alone: acyclic graphs are
  an ``unsat`` whose answer says "proved over every state of <configuration>"
  (or, for an exploration cut at its size limit, "no counterexample among the
  first N states"), and claims nothing about the full game's length;
* the roots of a configuration are built as for the built-in rules
  (BigPoints: paths up to renaming the pawn colours), which the ``bounds``
  state.

>>> [q.id for q in QUESTIONS if q.game == "take5"]
['WF-T5-1', 'WF-T5-2', 'WF-T5-3']
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from ruleproof.checkers.analysis import probes as _probes  # noqa: F401 - answers the solver's questions under plugins
from ruleproof.checkers.catalogue.defects import WELLFORMED as WELLFORMED_DEFECTS
from ruleproof.checkers.catalogue.questions import Question, register
from ruleproof.checkers.catalogue.findings import Finding, load_manifest
from ruleproof.checkers.explore.statespace import (
    Exploration,
    config_for,
    cycle_moves,
    dead_ends,
    explore,
    explore_config,
    explored,
    find_cycle,
    longest_play,
    path_to,
)
from ruleproof.model.io import codec
from ruleproof.model.core import Game
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.errors import RuleproofError

PREFIX = {"take5": "T5", "bigpoints": "BP", "ikebana": "IK", "bigfive": "BF", "cinco": "CI"}
MANIFEST = "wellformed.json"


def load_wellformed_manifest() -> dict[str, str]:
    """The expected verdicts of every ``WF-`` question (all games)."""
    try:
        text = resources.files("ruleproof.checkers").joinpath("data", "findings", MANIFEST).read_text("utf-8")
    except FileNotFoundError:
        return {}
    data = json.loads(text)
    return {str(k): str(v["expected"] if isinstance(v, dict) else v) for k, v in data.items()}


def expected_verdict(question_id: str, game: str) -> str | None:
    """The manifest entry of a question: the game's own manifest first, then ``wellformed.json``."""
    return load_manifest(game).get(question_id) or load_wellformed_manifest().get(question_id)


@dataclass(frozen=True)
class WellformedQuestion(Question):
    """A catalogue question whose expected verdict comes from ``wellformed.json``, answered under any reading.

    Under a reading other than the default one, the question explores the reading's own flags and engine
    (module docstring), so the manifest's verdict applies only under the default reading.
    """

    def answer(self, full: bool = False) -> Finding:
        """Run the question, timing it and attaching the expected verdict."""
        start = time.perf_counter()
        finding = self.run(full, None)
        seconds = finding.seconds or (time.perf_counter() - start)
        return replace(finding, seconds=seconds, expected=expected_verdict(self.id, self.game))

    def same_input(self, reading: Any, asked: Any) -> bool:
        """Only the default reading: any flag the reading changes is explored (module docstring)."""
        return not reading.changed_flags() and not reading.has_plugin


# --------------------------------------------------------------------------
# Shared pieces



def _plugin(reading: Any) -> bool:
    return reading is not None and bool(reading.has_plugin)


def _changed(reading: Any) -> bool:
    """Whether ``reading`` is other than the default one (flags or a plugin)."""
    return reading is not None and not reading.is_default


#: Per game, the rule-constant flags (rows, capacity, hand size …) its reduced configurations, witness games and
#: length proof take from the reading: under a reading that changes them, every configuration of a sweep is
#: explored with the reading's numbers, and the Z3 length bound is proved with them.
CONSTANT_FLAGS: dict[str, tuple[str, ...]] = {
    "take5": ("rows", "row_capacity", "hand_size", "deck_top"),
    "cinco": ("chips", "hand_size", "line_length"),
}

#: Per game, the flags a reduced configuration sets to make the game small (its board, its disc counts, its
#: deal): under a reading that changes one, the configuration keeps its own value (unless the game lists the
#: flag in :data:`CONSTANT_FLAGS`, whose values the configurations take from the reading) and the bounds say so.
REDUCTION_FLAGS: dict[str, tuple[str, ...]] = {
    "bigpoints": ("colour_discs", "black_discs", "white_discs"),
    "bigfive": ("handicap",),
    "cinco": ("layout", "layout_data", "layout_sha256", "chips"),
}


def _plan(game_id: str, configs: Any, reading: Any) -> tuple[list[tuple[Any, dict[str, Any]]], str]:
    """The ``(configuration, flags)`` pairs a question explores under ``reading``, and a note for its bounds.

    Under the default reading: the sweep, which varies flags to cover the built-in readings. Under another
    reading: each configuration of the sweep once, under the reading's own flags (a reading is one reading),
    less the flags that make a configuration small (:data:`REDUCTION_FLAGS`), which it keeps.
    """
    if not _changed(reading):
        return list(configs), ""
    changed = dict(reading.changed_flags())
    reducing = set(REDUCTION_FLAGS.get(game_id, ())) - set(CONSTANT_FLAGS.get(game_id, ()))
    kept = {k: v for k, v in changed.items() if k in reducing}
    flags = {k: v for k, v in changed.items() if k not in reducing}
    out: list[tuple[Any, dict[str, Any]]] = []
    for name, _ in configs:
        if (name, flags) not in out:
            out.append((name, dict(flags)))
    note = ""
    if kept:
        note = ("; the reduced configurations keep their own " + ", ".join(sorted(kept))
                + " (what makes them small), not this reading's " + _flags_text(kept))
    return out, note


#: Explorations on a reading's engine, by the reading's identity (several questions read the same one).
_READING_CACHE: dict[tuple[Any, ...], Exploration] = {}


def _reading_key(reading: Any) -> tuple[Any, ...]:
    return (reading.game, reading.plugin_sha256, reading.engine_name(), reading.rule_ids)


def explored_under(reading: Any, game_id: str, name: str, flags: dict[str, Any]) -> Exploration:
    """A reduced configuration explored on the reading's engine (built-in engine: the shared cache).

    A plugin's rules may read any part of a state, so the configuration's state abstraction (``key``) is
    not used on a plugin's engine.
    """
    if not _plugin(reading):
        return explored(game_id, name, **flags)
    cache = (*_reading_key(reading), name,
             tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in flags.items())))
    if cache not in _READING_CACHE:
        config = config_for(game_id, name, **flags)
        _READING_CACHE[cache] = explore(reading.engine, config.initial_states(), frontier=config.frontier,
                                        max_states=config.max_states, config=config)
    return _READING_CACHE[cache]


def _explorations(game_id: str, configs: list[tuple[Any, dict[str, Any]]],
                  reading: Any) -> tuple[list[tuple[Any, dict[str, Any], Exploration]], list[str]]:
    """Each configuration explored under ``reading``; one that cannot be built under it (the reading's flags
    refuse its player count or its deal) is left out and named in the second list, with the reason."""
    done: list[tuple[Any, dict[str, Any], Exploration]] = []
    skipped: list[str] = []
    for name, flags in configs:
        try:
            done.append((name, flags, explored_under(reading, game_id, name, flags)))
        except (RuleproofError, ValueError) as exc:
            if not _changed(reading):
                raise
            skipped.append(f"{game_id}/{name} ({_flags_text(flags)}): {exc}")
    return done, skipped


def method_label(ex: Exploration) -> str:
    """How far an exploration decides a question: ``proved over every state of <configuration> (N states)``
    when it is complete, else ``no counterexample among the first N states of <configuration>``."""
    if ex.complete:
        return f"proved over every state of {ex.config.label()} ({len(ex.states)} states)"
    return f"no counterexample among the first {len(ex.states)} states of {ex.config.label()} (a bounded search)"


def _engine_note(reading: Any) -> str:
    """How the reduced configurations were explored, for ``bounds``."""
    if not _plugin(reading):
        return ""
    return (f"; explored on the reading's engine ({reading.describe()}) from the configurations' built-in roots, "
            "without state abstraction")


def _flags_text(flags: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in flags.items()) or "default rules"


def _state_json(state: Any) -> Any:
    return codec.encode(state)


@dataclass(frozen=True)
class Sweep:
    """The reduced configurations a question explores: ``(config name, flags)`` pairs."""

    quick: tuple[tuple[str, dict[str, Any]], ...]
    slow: tuple[tuple[str, dict[str, Any]], ...] = ()

    def configs(self, full: bool) -> tuple[tuple[str, dict[str, Any]], ...]:
        return self.quick + (self.slow if full else ())


SWEEPS: dict[str, Sweep] = {
    "take5": Sweep(
        quick=(("small", {}), ("fullrow", {}), ("small", {"professional": True}), ("fullrow", {"professional": True}),
               ("fullrow", {"row_choice": "auto"}), ("fullrow", {"end_check": "immediate"}),
               ("fullrow", {"end_rule": ">"})),
        slow=(("small", {"row_choice": "auto"}), ("small", {"end_check": "immediate", "end_rule": ">"}),
              ("small", {"professional": True, "row_choice": "auto", "end_check": "immediate"}),
              ("fullrow", {"professional": True, "row_choice": "auto"})),
    ),
    "bigpoints": Sweep(
        quick=(("tiny", {}), ("tiny", {"back_to_start": True}),
               ("tiny", {"no_free_disc": "illegal", "back_to_start": True, "extra_timing": "before"})),
        slow=(("tiny", {"no_free_disc": "illegal"}), ("tiny", {"extra_timing": "before"}),
              ("small", {}), ("blacks", {}), ("blacks", {"back_to_start": True}),
              ("blacks", {"no_free_disc": "illegal", "extra_timing": "before"})),
    ),
    "ikebana": Sweep(
        quick=(("small", {}), ("dry", {}), ("dry", {"stall": "skip"}), ("dry", {"recycle": "when_empty"})),
        slow=(("small", {"stall": "skip", "recycle": "when_empty"}), ("small", {"bank": "finite"}),
              ("dry", {"stall": "skip", "recycle": "when_empty"})),
    ),
    "bigfive": Sweep(
        quick=(("small", {}), ("small", {"stalemate": "exchange_round"}), ("small", {"idle_rounds": 3})),
        slow=(("uneven", {}), ("uneven", {"stalemate": "exchange_round"}), ("uneven", {"bonus": "publisher"})),
    ),
    "cinco": Sweep(
        quick=(("small", {}),),
        slow=(("small", {"joker": True}), ("small", {"exact_five": True})),
    ),
}


# --------------------------------------------------------------------------
# Termination: Z3 bounds for the full games


def _z3_termination(game: str, reading: Any = None) -> tuple[str, str, dict[str, Any]]:
    """Prove the full game's length bound with Z3 (under the reading's rule constants); returns (verdict,
    argument, data)."""
    from ruleproof.checkers.smt import wellformed_bounds

    return wellformed_bounds.prove_termination(game, getattr(reading, "variant", None))


#: Per game, the flags outside the sweep that the Z3 length bound reads from the reading's variant
#: (:mod:`ruleproof.checkers.smt.wellformed_bounds`: Take 5's rounds are bounded through the end threshold).
Z3_BOUND_READS: dict[str, tuple[str, ...]] = {
    # Take 5's rounds are bounded through the threshold; which row a too-low card takes (low_row_keys, like the
    # swept row_choice) does not change the bullheads a round adds.
    "take5": ("threshold", "low_row_keys"),
    # Big Five's ranking counts turns; a bonus table only sets how many bonus discards a play opens, each of
    # which lowers the open count within the turn, so the argument holds under any table.
    "bigfive": ("bonus", "bonus_lines", "bonus_group", "bonus_per", "bonus_cap"),
    # BigPoints' ranking counts pawn moves and black discs; the ladder's step values only score the end.
    "bigpoints": ("step_values",),
    # Ikebana's money bound reads the best bouquet under the reading's deck and multipliers, its bouquet size,
    # rounds, starting coins and final factor (checkers.smt.wellformed_bounds._ikebana).
    "ikebana": ("values", "bouquet", "rounds", "start_coins", "final_factor", "double_final",
                "one_colour_multiplier", "two_colour_multiplier", "rainbow_multiplier"),
}


def z3_bound_excluded(game_id: str, reading: Any) -> str | None:
    """Why the Z3 length bound of the full game does not carry over to ``reading`` (``None``: it does).

    The ranking argument counts the built-in effects under the flags the question declares (those its sweep
    explores and the rule constants); extra legality rules only remove moves, so every play under them is a
    play of the built-in rules and the bound holds. A derived engine may change the effects, and a flag the
    argument does not model may change what it counts.

    >>> from ruleproof.model.io.readings import reading_from_flags
    >>> z3_bound_excluded("take5", reading_from_flags("take5", ["row_capacity=4"])) is None
    True
    >>> z3_bound_excluded("take5", reading_from_flags("take5", ["tie=draw"]))
    "the ranking argument of the full game's length bound does not model tie=draw"
    """
    if not _changed(reading):
        return None
    if reading.derived is not None:
        return (f"the full game's length bound is proved with Z3 over the built-in effects; the derived engine "
                f"{reading.engine_name()} may change them")
    modelled = set(_swept(game_id, "1")) | set(Z3_BOUND_READS.get(game_id, ()))
    outside = {k: v for k, v in reading.changed_flags().items() if k not in modelled}
    if outside:
        return f"the ranking argument of the full game's length bound does not model {_flags_text(outside)}"
    return None


def _termination(game_id: str, full: bool, reading: Any = None) -> Finding:
    qid = f"WF-{PREFIX[game_id]}-1"
    question = _TEXTS["1"]
    start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    if game_id == "cinco":
        return _cinco_cycle(qid, question, full, start, reading)
    configs, note = _plan(game_id, SWEEPS[game_id].configs(full), reading)
    done, skipped = _explorations(game_id, configs, reading)
    for name, flags, ex in done:
        cycle = find_cycle(ex)
        if cycle is not None:
            root, prefix = path_to(ex, cycle[0])
            return Finding(
                qid, game_id, question, "sat",
                f"yes: a cycle of {len(cycle) - 1} moves in {ex.config.label()}",
                witness={"config": name, "flags": flags, "root": _state_json(ex.states[root]),
                         "prefix": [str(m) for m in prefix], "cycle": [str(m) for m in cycle_moves(ex, cycle)]},
                rule_ids=RULE_IDS[game_id]["1"], seconds=time.perf_counter() - start, method="exhaustive",
                bounds=f"a cycle is a witness of the full rules{note}{_engine_note(reading)}")
        rows.append({"config": ex.config.label(), "states": len(ex.states), "complete": ex.complete,
                     "longest": longest_play(ex), "method": method_label(ex)})
    excluded = z3_bound_excluded(game_id, reading)
    if excluded is not None:
        return _termination_by_graphs(qid, game_id, question, rows, skipped, excluded, start, note, reading)
    verdict, argument, data = _z3_termination(game_id, reading)
    if _plugin(reading):
        argument += (f"; the reading's extra rules ({', '.join(reading.rule_ids)}) only remove moves, so every play "
                     "under it is a play of the built-in rules and the bound holds")
    if verdict != "unsat":
        endless = _take5_endless(qid, question, start, reading) if game_id == "take5" else None
        if endless is not None:
            return endless
        return Finding(qid, game_id, question, "unknown", "the solver did not prove the length bound",
                       witness={"reduced": rows, "z3": data}, rule_ids=RULE_IDS[game_id]["1"],
                       seconds=time.perf_counter() - start, method="z3",
                       reason=argument)
    bound = data.get("bound")
    return Finding(
        qid, game_id, question, "unsat",
        f"no: {argument}; every reduced configuration is acyclic"
        + (f" (full game bound: {bound} moves {_bound_scope(game_id, reading)})" if bound else ""),
        witness={"reduced": rows, "z3": data, **({"skipped": skipped} if skipped else {})},
        rule_ids=RULE_IDS[game_id]["1"], seconds=time.perf_counter() - start, method="z3+exhaustive",
        bounds="full game: Z3 over the ranking quantities; reduced: " + "; ".join(r["config"] for r in rows)
        + note + _engine_note(reading))


#: The games whose Z3 length bound is computed from the reading's numbers (the others' bound is the default rules').
_BOUND_FROM_VARIANT = ("take5", "ikebana")


def _bound_scope(game_id: str, reading: Any) -> str:
    """What the full game's move bound was computed for."""
    if _changed(reading) and game_id in _BOUND_FROM_VARIANT:
        return "under this reading's numbers"
    return "for the default rules"


def _take5_endless(qid: str, question: str, start: float, reading: Any) -> Finding | None:
    """Take 5 under numbers whose rows can keep a whole round's cards (the length bound's step query is then
    satisfiable): a round in which nobody takes a card, played on the reading's engine, is the witness that the
    game need not end (:func:`ruleproof.checkers.smt.take5.quiet_round_witness`); ``None`` when none is found."""
    from ruleproof.checkers.smt.take5_replay import quiet_round_witness
    from ruleproof.spec.take5 import Take5Variant

    variant = getattr(reading, "variant", None)
    variant = variant if isinstance(variant, Take5Variant) else Take5Variant()
    engine = reading.engine if reading is not None else game_for("take5")
    witness = quiet_round_witness(variant, engine)
    if witness is None:
        return None
    players, dealt = witness["players"], variant.hand_size * witness["players"] + variant.rows
    kept = variant.rows * variant.row_capacity
    return Finding(
        qid, "take5", question, "sat",
        f"yes: with {players} players a round deals {dealt} cards and {variant.rows} rows of {variant.row_capacity} "
        f"keep up to {kept}, so a round can end with no card taken: in the witness every card fits its row, the "
        f"totals stay {witness['totals']}, and the next round is dealt as the first (the position after its deal "
        "is the same but for the round number), so the round can repeat and the game has no bound on its length",
        witness=witness, rule_ids=RULE_IDS["take5"]["1"], seconds=time.perf_counter() - start,
        method="construction",
        bounds=f"{players} players; the witness is a round and the next deal, every move checked by the "
               f"{'reading' if _plugin(reading) else 'built-in'} engine{_engine_note(reading)}")


def _termination_by_graphs(qid: str, game_id: str, question: str, rows: list[dict[str, Any]], skipped: list[str],
                           excluded: str, start: float, note: str, reading: Any) -> Finding:
    """Termination decided by the state graphs of the reduced configurations alone (issue 31): acyclic graphs
    are the answer, over exactly the states explored, and the answer names that method and why the Z3 length
    bound of the full game is not used."""
    rule_ids = RULE_IDS[game_id]["1"]
    seconds = time.perf_counter() - start
    if not rows:
        why = f"no reduced configuration could be explored under this reading ({'; '.join(skipped)}); {excluded}"
        return Finding(qid, game_id, question, "unknown", f"not decided: {why}", witness={"skipped": skipped},
                       rule_ids=rule_ids, seconds=seconds, method="exhaustive", reason=why)
    methods = "; ".join(r["method"] for r in rows)
    complete = all(r["complete"] for r in rows)
    return Finding(
        qid, game_id, question, "unsat",
        f"no cycle: {methods} (the longest play {max(r['longest'] for r in rows)} moves); decided by the state "
        f"graphs of the reduced configurations only, since {excluded}",
        witness={"reduced": rows, **({"skipped": skipped} if skipped else {})}, rule_ids=rule_ids, seconds=seconds,
        method="exhaustive" if complete else "bounded",
        bounds=("reduced configurations only (no claim about the full game's length): " + methods + note
                + _engine_note(reading) + (f"; not explored: {'; '.join(skipped)}" if skipped else "")))


def _cinco_cycle(qid: str, question: str, full: bool, start: float, reading: Any = None) -> Finding:
    from ruleproof.spec.cinco import Play

    game = reading.engine if _plugin(reading) else game_for("cinco")
    found = []
    configs, note = _plan("cinco", SWEEPS["cinco"].configs(full), reading)
    for name, flags in configs:
        try:
            config = config_for("cinco", name, **flags)
            roots = config.initial_states()
        except (RuleproofError, ValueError) as exc:  # the reading's hands do not fit the reduced board's deal
            why = f"the reduced configuration {name} cannot be played with {_flags_text(flags)}: {exc}"
            return Finding(qid, "cinco", question, "unknown", f"not decided: {why}", rule_ids=RULE_IDS["cinco"]["1"],
                           seconds=time.perf_counter() - start, method="exhaustive", reason=why)
        ex = explore(game, roots, allow=lambda s, m: not isinstance(m, Play),
                     max_states=config.max_states, config=config)
        cycle = find_cycle(ex)
        if cycle is None:
            continue
        _, prefix = path_to(ex, cycle[0])
        found.append({"config": name, "flags": flags, "prefix": [str(m) for m in prefix],
                      "cycle": [str(m) for m in cycle_moves(ex, cycle)]})
    if not found:
        why = ("no cycle of exchanges and draws in the explored subgraph (moves other than play, "
               f"{', '.join(name for name, _ in configs)}); a game with plays is not searched for cycles")
        return Finding(qid, "cinco", question, "unknown", "no cycle found in the explored subgraph",
                       rule_ids=RULE_IDS["cinco"]["1"], seconds=time.perf_counter() - start, method="exhaustive",
                       reason="search bound" if not _changed(reading) else why)
    first = found[0]
    return Finding(
        qid, "cinco", question, "sat",
        f"yes: nothing forces a chip onto the board; exchanging and drawing return to an earlier state after "
        f"{len(first['cycle'])} moves (ambiguity CI-AMB-10); the same holds on the full board, where the discards "
        "are reshuffled into the deck in the same way",
        witness={"cycles": found}, rule_ids=RULE_IDS["cinco"]["1"], seconds=time.perf_counter() - start, method="exhaustive",
        bounds="reduced board line9 (9 cells, 9 cards, 2 players), moves other than play" + note + _engine_note(reading))


def replay_cycle(witness: dict[str, Any]) -> tuple[Any, Any]:
    """Replay a Cinco cycle witness: the state where the cycle starts and the state after one lap."""
    game = game_for("cinco")
    config = config_for("cinco", "small", **witness["flags"])
    state = config.initial_states()[0]
    for text in witness["prefix"]:
        state = game.apply(state, game.parse_move(text))
    lap = state
    for text in witness["cycle"]:
        lap = game.apply(lap, game.parse_move(text))
    return state, lap


# --------------------------------------------------------------------------
# Playability

#: The most dead ends a playability witness lists (each with the moves that reach it).
DEAD_ENDS_SHOWN = 5


def _dead_end_text(ex: Exploration, node: int, moves: list[Any]) -> str:
    actor = ex.actors[node]
    who = f"seat {actor}" if actor >= 0 else "chance"
    return f"after {', '.join(map(str, moves)) or 'no move'}: {who} to act has no legal move"


def _playability(game_id: str, full: bool, reading: Any = None) -> Finding:
    qid = f"WF-{PREFIX[game_id]}-2"
    question = _TEXTS["2"]
    start = time.perf_counter()
    rows = []
    methods = []
    configs, note = _plan(game_id, SWEEPS[game_id].configs(full), reading)
    done, skipped = _explorations(game_id, configs, reading)
    for name, flags, ex in done:
        stuck = dead_ends(ex)
        if stuck:
            shown = []
            for node in stuck[:DEAD_ENDS_SHOWN]:
                root, moves = path_to(ex, node)
                shown.append({"root": _state_json(ex.states[root]), "moves": [str(m) for m in moves],
                              "actor": ex.actors[node], "text": _dead_end_text(ex, node, moves)})
            first = shown[0]
            named = "; ".join(d["text"] for d in shown)
            return Finding(
                qid, game_id, question, "sat",
                f"yes: {len(stuck)} dead end{'s' * (len(stuck) != 1)} in {ex.config.label()}; {named}"
                + (f"; and {len(stuck) - len(shown)} more" if len(stuck) > len(shown) else ""),
                witness={"config": name, "flags": flags, "root": first["root"], "moves": first["moves"],
                         "dead_ends": shown, "count": len(stuck)},
                rule_ids=RULE_IDS[game_id]["2"], seconds=time.perf_counter() - start, method="exhaustive",
                bounds=f"{method_label(ex)}{note}{_engine_note(reading)}",
                picture=_picture(reading, game_id, ex.states[stuck[0]]))
        rows.append(f"{ex.config.label()}: {len(ex.states)} states"
                    + ("" if ex.complete else f" (first {ex.config.max_states} only)"))
        methods.append(method_label(ex))
    if not rows:
        why = f"no reduced configuration could be explored under this reading: {'; '.join(skipped)}"
        return Finding(qid, game_id, question, "unknown", f"not decided: {why}", witness={"skipped": skipped},
                       rule_ids=RULE_IDS[game_id]["2"], seconds=time.perf_counter() - start, method="exhaustive",
                       reason=why)
    why = f"explored on the reading's engine, {reading.describe()}" if _plugin(reading) else _PLAY_WHY[game_id]
    label = f"; {'; '.join(methods)}" if _changed(reading) else ""
    return Finding(
        qid, game_id, question, "unsat",
        f"no: every non-terminal state of {len(rows)} reduced configurations offers a move ({why}){label}",
        witness={"explored": rows, **({"skipped": skipped} if skipped else {})}, rule_ids=RULE_IDS[game_id]["2"],
        seconds=time.perf_counter() - start, method="exhaustive" if all("every state" in m for m in methods)
        else "bounded",
        bounds="; ".join(rows) + note + _engine_note(reading)
        + (f"; not explored: {'; '.join(skipped)}" if skipped else ""))


def _picture(reading: Any, game_id: str, state: Any) -> str:
    """The dead end drawn for a terminal (plain text; empty when the game has no drawing)."""
    try:
        from ruleproof.checkers.render.terminal import position_text

        engine = reading.engine if reading is not None else game_for(game_id)
        return position_text(engine, state)
    except Exception:  # noqa: BLE001 - a picture is a courtesy; the witness is the moves
        return ""


_PLAY_WHY = {
    "take5": "a chosen card always fits a row or, being too low, may take one",
    "bigpoints": "a pawn off the ladder can always move forward, a take always has a side or 'none', "
                 "and 'no black' is always allowed",
    "ikebana": "keeping is always allowed, and a player who can neither draw nor buy is never given the turn",
    "bigfive": "a player without a play or an exchange passes",
    "cinco": "a hand of four can be exchanged, a smaller one can draw, and an empty hand must draw",
}


# --------------------------------------------------------------------------
# Weak winnability: witness games of the full game


#: Player counts and flags for which every seat must be able to win.
WIN_CONFIGS: dict[str, tuple[tuple[int, dict[str, Any]], ...]] = {
    "take5": ((2, {}), (4, {}), (3, {"end_rule": ">", "end_check": "immediate"}), (3, {"professional": True})),
    "bigpoints": ((2, {}), (5, {}), (3, {"inverted_ladder": True}), (3, {"match": True})),
    "ikebana": ((2, {}), (5, {}), (3, {"bank": "finite", "shortfall": "end_game"}), (3, {"double_final": True})),
    "bigfive": ((2, {}), (4, {"children": True}), (3, {"stalemate": "exchange_round", "children": True})),
    "cinco": ((2, {}), (3, {}), (4, {}), (2, {"exact_five": True})),
}


#: Random games tried per seat before the winnability question gives up (``unknown``).
WIN_TRIES = 400


def find_win(game: Game[Any, Any, Any], players: int, variant: Any, seat: int, tries: int = WIN_TRIES,
             seed: int = 0) -> tuple[int, list[str]] | None:
    """A random game (from a fixed seed) that ``seat`` wins alone (or with its team): ``(seed, moves)``."""
    for i in range(tries):
        rng = random.Random(f"{seed}:{seat}:{i}")
        state = game.initial_state(players, variant)
        moves: list[str] = []
        for _ in range(20_000):
            if game.is_terminal(state):
                break
            move = game.random_move(state, rng)
            moves.append(str(move))
            state = game.apply_unchecked(state, move)
        else:
            continue
        winners = game.outcome(state).winners
        if seat in winners and (len(winners) == 1 or team_game(game_id_of(game), players, variant)):
            return i, moves
    return None


def game_id_of(game: Game[Any, Any, Any]) -> str:
    return game.name


def team_game(game_id: str, players: int, variant: Any) -> bool:
    """Whether seats play in teams (Cinco with 4 or 6 players): a team's win is each member's win."""
    return game_id == "cinco" and players in (4, 6)


def replay_win(game_id: str, witness: dict[str, Any]) -> frozenset[int]:
    """Replay one winnability witness through the engine; the winners of its final state."""
    game = game_for(game_id)
    variant = type(game.default_variant())(**witness["flags"])
    state = game.replay(witness["players"], variant, [game.parse_move(m) for m in witness["moves"]])
    assert game.is_terminal(state), "the witness game does not end"
    return game.outcome(state).winners


def _winnability(game_id: str, full: bool, reading: Any = None) -> Finding:
    qid = f"WF-{PREFIX[game_id]}-3"
    question = _TEXTS["3"]
    start = time.perf_counter()
    game = reading.engine if _plugin(reading) else game_for(game_id)
    witnesses = []
    configs = list(WIN_CONFIGS[game_id])
    if full:
        configs += [(n, {}) for n in range(game.spec.min_players, game.spec.max_players + 1)
                    if (n, {}) not in configs and _players_ok(game, n)]
    if _changed(reading):
        # One reading: its own flags at the sweep's player counts (or the first count it allows).
        changed = dict(reading.changed_flags())
        counts = list(dict.fromkeys(n for n, _ in configs))
        variant = variant_from_mapping(game.variant_type, changed)
        configs = [(n, changed) for n in counts if _players_ok(game, n, variant)]
        if not configs:
            configs = [(n, changed) for n in range(game.spec.min_players, game.spec.max_players + 1)
                       if _players_ok(game, n, variant)][:1]
        if not configs:
            why = f"the reading allows no player count from {game.spec.min_players} to {game.spec.max_players}"
            return Finding(qid, game_id, question, "not applicable", why, rule_ids=RULE_IDS[game_id]["3"],
                           seconds=time.perf_counter() - start, method="random", reason=why)
    for players, flags in configs:
        variant = variant_from_mapping(game.variant_type, flags)
        for seat in range(players):
            found = find_win(game, players, variant, seat)
            if found is None:
                return Finding(qid, game_id, question, "unknown",
                               f"no random game won by seat {seat} alone ({players} players, {_flags_text(flags)}) "
                               f"in {WIN_TRIES} tries",
                               rule_ids=RULE_IDS[game_id]["3"], seconds=time.perf_counter() - start,
                               method="random", reason=f"search bound: {WIN_TRIES} random games per seat",
                               bounds=f"{WIN_TRIES} random games per seat (no proof that the seat cannot win)")
            witnesses.append({"players": players, "flags": flags, "seat": seat, "seed": found[0], "moves": found[1]})
    summary = ", ".join(f"{n} players ({_flags_text(f)})" for n, f in configs)
    return Finding(
        qid, game_id, question, "sat",
        f"yes: a complete game won by each seat alone, replayed through the engine, for {summary}",
        witness=witnesses, rule_ids=RULE_IDS[game_id]["3"], seconds=time.perf_counter() - start, method="random",
        bounds="witness games of the full game"
        + (f", played on the reading's engine ({reading.describe()})" if _plugin(reading) else ""))


def _players_ok(game: Game[Any, Any, Any], players: int, variant: Any = None) -> bool:
    try:
        game.initial_state(players, game.default_variant() if variant is None else variant)
    except Exception:  # noqa: BLE001 - a count the default rules refuse (Cinco 5, Big Five solitaire)
        return False
    return players >= 2


# --------------------------------------------------------------------------
# Registration


def _make(game: str, kind: str) -> Callable[..., Finding]:
    run = {"1": _termination, "2": _playability, "3": _winnability}[kind]
    return lambda full, reading=None: run(game, full, reading)


_TEXTS = {
    "1": "Can a game go on forever (a cycle of states, or no bound on its length)?",
    "2": "Is there a reachable non-terminal state in which the one to act has no legal move?",
    "3": "Can every seat win along some sequence of moves (for every player count and flag that could matter)?",
}

#: The rules each question concerns, per game: termination, playability, winnability.
RULE_IDS: dict[str, dict[str, tuple[str, ...]]] = {
    "take5": {"1": ("T5-ROUND-1", "T5-END-1", "T5-SIX-1"), "2": ("T5-PLACE-2", "T5-LOW-1", "T5-LOW-3"),
              "3": ("T5-WIN-1",)},
    "bigpoints": {"1": ("BP-MOVE-2", "BP-BACK-1", "BP-END-1"), "2": ("BP-TAKE-1", "BP-TAKE-3", "BP-BLACK-1"),
                  "3": ("BP-WIN-1",)},
    "ikebana": {"1": ("IK-REFUSE-1", "IK-ROUND-1", "IK-END-1"), "2": ("IK-DECK-2", "IK-STALL-1", "IK-REFUSE-1"),
                "3": ("IK-WIN-1",)},
    "bigfive": {"1": ("BF-PLAY-1", "BF-EXCH-1", "BF-END-1", "BF-END-2"), "2": ("BF-TURN-2", "BF-PASS-1"),
                "3": ("BF-WIN-1",)},
    "cinco": {"1": ("CI-HAND-1", "CI-HAND-2", "CI-DECK-1", "CI-END-1"), "2": ("CI-HAND-1", "CI-HAND-2", "CI-HAND-3"),
              "3": ("CI-WIN-1",)},
}

def _swept(game: str, kind: str) -> tuple[str, ...]:
    """The flags the quick form of a question explores (issue 17: its answer holds under readings that change only these)."""
    configs = [flags for _, flags in WIN_CONFIGS[game]] if kind == "3" else [flags for _, flags in SWEEPS[game].quick]
    return tuple(sorted({k for flags in configs for k in flags} | set(CONSTANT_FLAGS.get(game, ()))))


QUESTIONS: list[WellformedQuestion] = []
for _game in PREFIX:
    for _kind in ("1", "2", "3"):
        QUESTIONS.append(WellformedQuestion(
            f"WF-{PREFIX[_game]}-{_kind}", _game, _TEXTS[_kind], RULE_IDS[_game][_kind], _make(_game, _kind),
            flags=_swept(_game, _kind), declared=True, takes_reading=True, plugins="engine",
            defect_when=WELLFORMED_DEFECTS[_kind].when, defect=WELLFORMED_DEFECTS[_kind].what))
        register(QUESTIONS[-1])
