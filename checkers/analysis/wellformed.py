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

Readings (issue 17). A reading that changes only flags the sweep explores is
answered by the sweep (a flag outside it makes the question not applicable,
with the flags named). A reading with a plugin is explored on *its* engine:
the reduced configurations (each under the reading's flags) are searched on
the reading's engine without the state abstraction a configuration may use
(an extra rule may read what the abstraction drops), and the witness games
are played on it. What carries over, and why:

* playability and winnability are answered exactly as for the built-in
  rules (exhaustive search of the same configurations; witness games played
  and checked on the reading's engine);
* termination: a cycle found on the reading's engine is a witness; the Z3
  length bound of the full game is proved over the built-in effects, so it
  holds under extra legality rules (every play under them is a play of the
  built-in rules) but not for a derived engine, whose effects may differ:
  there the answer is ``unknown`` unless a cycle is found, and says so;
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
from ruleproof.model import codec
from ruleproof.model.core import Game
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_from_mapping

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
    """A catalogue question whose expected verdict comes from ``wellformed.json``."""

    def answer(self, full: bool = False) -> Finding:
        """Run the question, timing it and attaching the expected verdict."""
        start = time.perf_counter()
        finding = self.run(full, None)
        seconds = finding.seconds or (time.perf_counter() - start)
        return replace(finding, seconds=seconds, expected=expected_verdict(self.id, self.game))

    def not_applicable_because(self, reading: Any) -> str | None:
        """Not applicable when the reading sets a flag the question's sweep does not explore (issue 17).

        The question sweeps the flags it declares (:data:`SWEEPS`, :data:`WIN_CONFIGS`; the quick form), so
        its answer holds under a reading that changes only those; a plugin's engine is explored itself
        (module docstring).
        """
        outside = {k: v for k, v in reading.changed_flags().items() if k not in self.flags}
        if outside:
            swept = ", ".join(self.flags) or "no flag"
            return (f"{self.id} sweeps {swept} (its reduced configurations and witness games); this reading sets "
                    + ", ".join(f"{k}={v!r}" for k, v in outside.items()) + ", which it does not explore")
        return super().not_applicable_because(reading)


# --------------------------------------------------------------------------
# Shared pieces



def _plugin(reading: Any) -> bool:
    return reading is not None and bool(reading.has_plugin)


#: Per game, the rule-constant flags (rows, capacity, hand size …) its reduced configurations, witness games and
#: length proof take from the reading: under a reading that changes them, every configuration of a sweep is
#: explored with the reading's numbers (a game not listed here answers "not applicable" under such a reading).
CONSTANT_FLAGS: dict[str, tuple[str, ...]] = {
    "take5": ("rows", "row_capacity", "hand_size", "deck_top"),
}


def _with_constants(configs: Any, reading: Any, game_id: str) -> list[tuple[Any, dict[str, Any]]]:
    """The sweep's configurations with the reading's rule-constant flags applied to each (unchanged without)."""
    changed = dict(reading.changed_flags()) if reading is not None else {}
    numbers = {k: v for k, v in changed.items() if k in CONSTANT_FLAGS.get(game_id, ())}
    return [(name, {**flags, **numbers}) for name, flags in configs]


def _configs(configs: Any, reading: Any) -> list[tuple[Any, dict[str, Any]]]:
    """Under a reading with a plugin, the sweep's configurations (or player counts) with the reading's own flags.

    The sweep varies flags to cover the built-in readings; a plugin's reading is one reading, so each
    configuration is explored once, under its flags (and the configuration's own sizes).
    """
    changed = dict(reading.changed_flags()) if reading is not None else {}
    out: list[tuple[Any, dict[str, Any]]] = []
    for name, _ in configs:
        if (name, changed) not in out:
            out.append((name, changed))
    return out


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
    cache = (*_reading_key(reading), name, tuple(sorted(flags.items())))
    if cache not in _READING_CACHE:
        config = config_for(game_id, name, **flags)
        _READING_CACHE[cache] = explore(reading.engine, config.initial_states(), frontier=config.frontier,
                                        max_states=config.max_states, config=config)
    return _READING_CACHE[cache]


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


def _termination(game_id: str, full: bool, reading: Any = None) -> Finding:
    qid = f"WF-{PREFIX[game_id]}-1"
    question = _TEXTS["1"]
    start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    if game_id == "cinco":
        return _cinco_cycle(qid, question, full, start, reading)
    configs = _configs(SWEEPS[game_id].configs(full), reading) if _plugin(reading) else SWEEPS[game_id].configs(full)
    for name, flags in _with_constants(configs, reading, game_id):
        ex = explored_under(reading, game_id, name, flags)
        cycle = find_cycle(ex)
        if cycle is not None:
            root, prefix = path_to(ex, cycle[0])
            return Finding(
                qid, game_id, question, "sat",
                f"yes: a cycle of {len(cycle) - 1} moves in {ex.config.label()}",
                witness={"config": name, "flags": flags, "root": _state_json(ex.states[root]),
                         "prefix": [str(m) for m in prefix], "cycle": [str(m) for m in cycle_moves(ex, cycle)]},
                rule_ids=RULE_IDS[game_id]["1"], seconds=time.perf_counter() - start, method="exhaustive")
        rows.append({"config": ex.config.label(), "states": len(ex.states), "complete": ex.complete,
                     "longest": longest_play(ex)})
    if _plugin(reading) and reading.derived is not None:
        why = (f"the length bound of the full game is proved with Z3 over the built-in effects; the derived engine "
               f"{reading.engine_name()} may change them, and no cycle was found in "
               + "; ".join(r["config"] for r in rows) + " explored on it")
        return Finding(qid, game_id, question, "unknown", f"not decided: {why}", witness={"reduced": rows},
                       rule_ids=RULE_IDS[game_id]["1"], seconds=time.perf_counter() - start, method="exhaustive",
                       reason=why, bounds="reduced configurations only" + _engine_note(reading))
    verdict, argument, data = _z3_termination(game_id, reading)
    if _plugin(reading):
        argument += (f"; the reading's extra rules ({', '.join(reading.rule_ids)}) only remove moves, so every play "
                     "under it is a play of the built-in rules and the bound holds")
    if verdict != "unsat":
        return Finding(qid, game_id, question, "unknown", "the solver did not prove the length bound",
                       witness={"reduced": rows, "z3": data}, rule_ids=RULE_IDS[game_id]["1"],
                       seconds=time.perf_counter() - start, method="z3",
                       reason=argument)
    bound = data.get("bound")
    return Finding(
        qid, game_id, question, "unsat",
        f"no: {argument}; every reduced configuration is acyclic"
        + (f" (full game bound: {bound} moves for the default rules)" if bound else ""),
        witness={"reduced": rows, "z3": data}, rule_ids=RULE_IDS[game_id]["1"],
        seconds=time.perf_counter() - start, method="z3+exhaustive",
        bounds="full game: Z3 over the ranking quantities; reduced: " + "; ".join(r["config"] for r in rows)
        + _engine_note(reading))


def _cinco_cycle(qid: str, question: str, full: bool, start: float, reading: Any = None) -> Finding:
    from ruleproof.spec.cinco import Play

    game = reading.engine if _plugin(reading) else game_for("cinco")
    found = []
    sweep = SWEEPS["cinco"].configs(full)
    for name, flags in (_configs(sweep, reading) if _plugin(reading) else sweep):
        config = config_for("cinco", name, **flags)
        ex = explore(game, config.initial_states(), allow=lambda s, m: not isinstance(m, Play),
                     max_states=config.max_states, config=config)
        cycle = find_cycle(ex)
        if cycle is None:
            continue
        _, prefix = path_to(ex, cycle[0])
        found.append({"config": name, "flags": flags, "prefix": [str(m) for m in prefix],
                      "cycle": [str(m) for m in cycle_moves(ex, cycle)]})
    if not found:
        return Finding(qid, "cinco", question, "unknown", "no cycle found in the explored subgraph",
                       rule_ids=RULE_IDS["cinco"]["1"], seconds=time.perf_counter() - start, method="exhaustive", reason="search bound")
    first = found[0]
    return Finding(
        qid, "cinco", question, "sat",
        f"yes: nothing forces a chip onto the board; exchanging and drawing return to an earlier state after "
        f"{len(first['cycle'])} moves (ambiguity CI-AMB-10); the same holds on the full board, where the discards "
        "are reshuffled into the deck in the same way",
        witness={"cycles": found}, rule_ids=RULE_IDS["cinco"]["1"], seconds=time.perf_counter() - start, method="exhaustive",
        bounds="reduced board line9 (9 cells, 9 cards, 2 players), moves other than play" + _engine_note(reading))


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


def _playability(game_id: str, full: bool, reading: Any = None) -> Finding:
    qid = f"WF-{PREFIX[game_id]}-2"
    question = _TEXTS["2"]
    start = time.perf_counter()
    rows = []
    configs = _configs(SWEEPS[game_id].configs(full), reading) if _plugin(reading) else SWEEPS[game_id].configs(full)
    for name, flags in _with_constants(configs, reading, game_id):
        ex = explored_under(reading, game_id, name, flags)
        stuck = dead_ends(ex)
        if stuck:
            root, moves = path_to(ex, stuck[0])
            return Finding(
                qid, game_id, question, "sat", f"yes: {len(stuck)} dead ends in {ex.config.label()}",
                witness={"config": name, "flags": flags, "root": _state_json(ex.states[root]),
                         "moves": [str(m) for m in moves]},
                rule_ids=RULE_IDS[game_id]["2"], seconds=time.perf_counter() - start, method="exhaustive")
        rows.append(f"{ex.config.label()}: {len(ex.states)} states"
                    + ("" if ex.complete else f" (first {ex.config.max_states} only)"))
    why = f"explored on the reading's engine, {reading.describe()}" if _plugin(reading) else _PLAY_WHY[game_id]
    return Finding(
        qid, game_id, question, "unsat",
        f"no: every non-terminal state of {len(rows)} reduced configurations offers a move ({why})",
        witness={"explored": rows}, rule_ids=RULE_IDS[game_id]["2"], seconds=time.perf_counter() - start,
        method="exhaustive",
        bounds="; ".join(rows) + _engine_note(reading))


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


def find_win(game: Game[Any, Any, Any], players: int, variant: Any, seat: int, tries: int = 400,
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
    if _plugin(reading):
        configs = [(n, f) for n, f in _configs(configs, reading)
                   if _players_ok(game, n, variant_from_mapping(game.variant_type, f))]
    if CONSTANT_FLAGS.get(game_id):
        configs = [(n, f) for n, f in _with_constants(configs, reading, game_id)
                   if _players_ok(game, n, variant_from_mapping(game.variant_type, f))]
    for players, flags in configs:
        variant = variant_from_mapping(game.variant_type, flags)
        for seat in range(players):
            found = find_win(game, players, variant, seat)
            if found is None:
                return Finding(qid, game_id, question, "unknown",
                               f"no random game won by seat {seat} alone ({players} players, {_flags_text(flags)})",
                               rule_ids=RULE_IDS[game_id]["3"], seconds=time.perf_counter() - start,
                               method="random", reason="search bound")
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
