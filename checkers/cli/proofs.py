"""The ``prove`` and ``check-proof`` subcommands (registered through ``cli.EXTENSIONS``).

``ruleproof prove RECORD --move N [--alt MOVE] [--fast] [--json] [--output FILE]``
writes a certificate for move ``N`` of a record (with ``--alt``, for another
move in the same position): exit 0 when the move is legal, 1 when it is
illegal or the engine disagrees with the specification, 2 for bad input. The
specification decides: it checks every move of the record prefix (the engine
cross-checked) and gives the verdict; ``--fast`` replays the prefix trusting
the engine (the verdict on the move stays the spec's).

``ruleproof check-proof CERT [--json] [--replay]`` re-verifies a certificate
with the independent checker: exit 0 valid, 1 rejected (with the reasons), 2
malformed. ``--replay`` also replays the record prefix with the engine and
checks that it leads to the certified state.

Readings (issue 17). ``prove --reading FILE`` proves a move of a record made
under a reading file; the certificate carries the reading's identity (its
title, extra rule ids, derived engine and plugin SHA-256; the flags are its
variant). The independent checker knows only the built-in rules, so
``check-proof`` verifies a certificate made under a plugin only when no extra
rule decides anything in it (no claim, violated rule or refuted alternative
names one): it is then a certificate about the built-in rules alone. Otherwise,
and always under a derived engine, it says plainly that it cannot verify the
plugin's rules and exits 2 (neither valid nor rejected). A plugin game is
checked with its own ``certcheck`` part, or exit 2 naming the missing part.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["prove", "game.json", "--move", "3"]).move
3
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ruleproof.checkers.certcheck import CheckResult, load_certificate
from ruleproof.checkers.certcheck.core import state_sha256
from ruleproof.checkers.cli.common import add_force, add_layout
from ruleproof.checkers.proofs.recheck import recheck
from ruleproof.model.io.outputs import check_target, write_atomic
from ruleproof.spec.errors import MoveParseError, RecordError, RuleproofError

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

#: How ``prove`` says who decided, by ``--fast``.
MODE_TEXT = {
    False: "[the specification decides: it checked every move of the record prefix and gives the verdict; "
           "the engine cross-checked]",
    True: "[--fast: the record prefix was replayed trusting the engine (not checked by the specification); "
          "the verdict on this move is the specification's]",
}


def _write(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _short(value: object, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(cert: dict[str, Any]) -> str:
    """A readable account of a certificate."""
    who = "chance" if cert["actor"] == "chance" else f"seat {cert['actor']}"
    hypothetical = " (asked about, not the record's own move)" if cert.get("hypothetical") else ""
    lines = [f"{cert['game']}: move {cert['move_index']} by {who}: {cert['move']!r} is {cert['verdict'].upper()}{hypothetical}",
             f"state sha256 {cert['state_sha256']} after {cert['move_index']} recorded move(s)"]
    for claim in cert["claims"]:
        mark = "holds " if claim["holds"] else "BROKEN"
        lines.append(f"  {mark} {claim['rule']} ({claim.get('title', '')}): {_short(claim['facts'])}")
        if claim.get("message"):
            lines.append(f"         {claim['message']}")
    if cert["verdict"] == "illegal":
        lines.append(f"violated: {', '.join(cert['violated'])}; minimal core: {', '.join(cert['core'])}")
    forced = cert["forced"]
    if forced:
        lines.append(f"forced: {forced['claim']}")
        lines.append(f"  method: {forced['method']}" + (f" ({forced['bound']})" if forced.get("bound") else ""))
        for assumption in forced["assumptions"]:
            lines.append(f"  assumes: {assumption}")
        lines.append(f"  {len(forced['alternatives'])} alternative(s) refuted, e.g. "
                     + "; ".join(f"{a['move']} ({', '.join(a['violated'])})" for a in forced["alternatives"][:3]))
    return "\n".join(lines)


def cmd_prove(args: argparse.Namespace) -> int:
    from ruleproof.checkers.cli.readingopts import reading_of
    from ruleproof.checkers.proofs.core import EngineDisagreementError, engine_disagreement, prove
    from ruleproof.model.io.records import load_record

    if args.output:
        check_target(args.output, args.force)
    record = load_record(args.record)
    layout = getattr(args, "variant", [])  # --layout FILE: the board the record must have been played on
    reading = reading_of(record.game, layout, args.reading) if args.reading or layout else None
    try:
        cert = prove(record, args.move, args.alt, source=str(args.record), reading=reading, fast=args.fast)
    except RecordError as exc:
        raise RecordError(exc.args[0], exc.path, exc.move_index, str(args.record)) from None
    except EngineDisagreementError as exc:  # a defect the tool found: a failure, not bad input
        if args.json:
            _write(json.dumps({"file": str(args.record), "ok": False, "engine_disagrees": str(exc)}, indent=2,
                              ensure_ascii=False))
        else:
            _write(f"{args.record}: engine and spec disagree, no certificate written: {exc}")
        return EXIT_FAILED
    text = json.dumps(cert, indent=2, ensure_ascii=False) + "\n"
    if args.output:
        write_atomic(args.output, text, force=args.force)
    disagreement = engine_disagreement(cert)
    if args.json:
        sys.stdout.write(text)
    else:
        _write(describe(cert))
        _write(MODE_TEXT[args.fast])
        if disagreement:
            _write(f"ENGINE DISAGREES: {disagreement}")
        if args.output:
            _write(f"certificate written to {args.output}")
    return EXIT_OK if cert["verdict"] == "legal" and not disagreement else EXIT_FAILED


def replay_reasons(cert: dict[str, Any]) -> list[str]:
    """Why the certificate's record prefix does not lead to its state (empty when it does).

    Uses the engine, so it is not part of the independent checker.
    """
    from ruleproof.checkers.checks.validate import game_of_record
    from ruleproof.model.io import codec
    from ruleproof.model.io.records import record_from_json

    data = {"format": "ruleproof-record", "version": 1, "game": cert["game"], "players": cert["players"],
            "variant": cert["variant"], "moves": cert["record"]["moves"]}
    try:
        record = record_from_json(data)
        game, variant = game_of_record(record)
        state = game.initial_state(record.players, variant)
        for i, recorded in enumerate(record.moves):
            move = game.parse_move(recorded.move)
            if recorded.actor != game.current_player(state) or move not in game.legal_moves(state):
                return [f"replay: move {i} ({recorded.move!r}) of the record prefix is illegal"]
            state = game.apply_unchecked(state, move)
    except (RecordError, MoveParseError) as exc:
        return [f"replay: the record prefix cannot be replayed ({exc})"]
    digest = state_sha256(codec.encode(state))
    if digest != cert["state_sha256"]:
        return [f"replay: the record prefix leads to a state hashing to {digest}, not the certified {cert['state_sha256']}"]
    return []


def cmd_check_proof(args: argparse.Namespace) -> int:
    data = load_certificate(args.certificate)
    result: CheckResult = recheck(data, str(args.certificate))
    if args.replay:
        result.reasons.extend(replay_reasons(data))
        result.ok = not result.reasons
    if args.json:
        _write(json.dumps({"file": str(args.certificate), "replayed": bool(args.replay), **result.to_json()},
                          indent=2, ensure_ascii=False))
    else:
        _write(f"{args.certificate}: {result}")
        if isinstance(data.get("reading"), dict) and data["reading"].get("rules"):
            _write(f"(made under reading {data['reading']['title']!r}, whose extra rule(s) "
                   f"{', '.join(data['reading']['rules'])} decide nothing here: checked against the built-in rules)")
    return EXIT_OK if result.ok else EXIT_FAILED


def add_subcommand(sub: Any) -> None:
    """Add ``prove`` and ``check-proof`` to the ``ruleproof`` subcommands."""
    p = sub.add_parser("prove", help="write a certificate for one move of a record (why it is legal or not)")
    p.add_argument("record", help="path of a JSON game record")
    p.add_argument("--move", type=int, required=True, metavar="N", help="index of the move (0-based, chance moves included)")
    p.add_argument("--alt", metavar="MOVE", help="prove this move instead of the record's move N (N may be the record's length)")
    p.add_argument("--output", metavar="FILE", help="write the certificate to FILE")
    add_force(p)
    p.add_argument("--reading", metavar="FILE",
                   help="prove under this reading file (a record made under a plugin needs the same file again; "
                        "a reading file with rules = FILE.py runs that Python file)")
    p.add_argument("--fast", action="store_true",
                   help="trusts the engine: replay the record prefix with the engine's legality check alone "
                        "(the specification does not check it; the certificate says so in producer.prefix_checked_by); "
                        "the verdict on the move is the specification's either way")
    add_layout(p)
    p.add_argument("--json", action="store_true", help="print the certificate as JSON")
    p.set_defaults(func=cmd_prove)

    p = sub.add_parser("check-proof", help="re-verify a certificate with the independent checker")
    p.add_argument("certificate", help="path of a certificate written by `ruleproof prove`")
    p.add_argument("--replay", action="store_true", help="also replay the record prefix with the engine")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_check_proof)


__all__ = ["add_subcommand", "describe", "replay_reasons", "RuleproofError"]
