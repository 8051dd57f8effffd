"""Regenerate the certificates in tests/data/proofs/ (run by hand after a spec change).

For every game one real record is simulated (``record_<game>.json``) and
certificates are written for chosen moves: legal ones, forced ones (no
alternative play) and illegal alternatives asked about in the same position.
Tampered copies change one thing each; ``expected.json`` says what the checker
must answer (``valid``, ``rejected`` with a reason fragment, or ``malformed``).

    .venv/bin/python tests/data/proofs/make_proofs.py
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from ruleproof.checkers.certcheck.core import state_sha256
from ruleproof.checkers.proofs.core import prove
from ruleproof.checkers.checks.simulate import simulate
from ruleproof.model.io.records import GameRecord
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_from_mapping

HERE = Path(__file__).resolve().parent

#: game -> (players, variant flags, seed)
RECORDS: dict[str, tuple[int, dict[str, Any], int]] = {
    "take5": (3, {}, 0),
    "ikebana": (2, {}, 0),
    "bigpoints": (2, {"colour_discs": 2, "black_discs": 1, "white_discs": 0}, 25),
    "cinco": (2, {}, 0),
    "bigfive": (2, {}, 1),
    "bigfive_pass": (2, {"children": True}, 4),
    "bigfive_solo": (1, {}, 0),
}

#: Which move to prove: its text starts with this, and it is forced (True), not forced (False) or either (None).
Pick = tuple[str, bool | None, bool]


def _kind(prefix: str, forced: bool | None = None, *, last: bool = False) -> Pick:
    """Pick the first (or ``last``) move whose text starts with ``prefix`` and whose forcedness is ``forced``."""
    return (prefix, forced, last)


#: (file name, record key, how to find the move, hypothetical move or None)
CASES: list[tuple[str, str, Pick, str | None]] = [
    ("take5_deal.json", "take5", _kind("deal"), None),
    ("take5_play.json", "take5", _kind("play"), None),
    ("take5_row.json", "take5", _kind("row"), None),
    ("take5_forced_take.json", "take5", _kind("take", True), None),
    ("take5_illegal_row.json", "take5", _kind("row"), "row 1"),
    ("ikebana_draw.json", "ikebana", _kind("draw", False), None),
    ("ikebana_forced_keep.json", "ikebana", _kind("keep", True), None),
    ("ikebana_illegal_keep.json", "ikebana", _kind("draw", False), "keep"),
    ("ikebana_illegal_refuse.json", "ikebana", _kind("keep", True), "refuse"),
    ("bigpoints_move.json", "bigpoints", _kind("move"), None),
    ("bigpoints_take_nothing.json", "bigpoints", _kind("take none", True), None),
    ("bigpoints_illegal_back.json", "bigpoints", _kind("move"), "back blue"),
    ("cinco_play.json", "cinco", _kind("play", False), None),
    ("cinco_burn.json", "cinco", _kind("play", True), None),
    ("cinco_forced_draw.json", "cinco", _kind("draw", True), None),
    ("cinco_illegal_exchange.json", "cinco", _kind("draw", True), "exchange"),
    ("bigfive_play.json", "bigfive", _kind("play Gp"), None),
    ("bigfive_forced_exchange.json", "bigfive", _kind("exchange", True), None),
    ("bigfive_voluntary_exchange.json", "bigfive", _kind("exchange", False), None),
    ("bigfive_illegal_play.json", "bigfive", _kind("play"), "play Lb@0,1"),
    ("bigfive_pass.json", "bigfive_pass", _kind("pass", True), None),
    ("bigfive_solo_discard.json", "bigfive_solo", _kind("discard", None, last=True), None),
]


def _record(key: str) -> GameRecord:
    game_id = key.split("_")[0]
    players, flags, seed = RECORDS[key]
    game = game_for(game_id)
    variant = variant_from_mapping(game.variant_type, flags)
    _, record = simulate(game, players, variant, games=1, seed=seed, rule_stats=False)
    return record


def _find(record: GameRecord, pick: Pick, alt: str | None) -> dict[str, Any]:
    prefix, forced, last = pick
    order = list(enumerate(record.moves))
    for index, recorded in reversed(order) if last else order:
        if not recorded.move.startswith(prefix):
            continue
        cert = prove(record, index)
        if forced is None or (cert["forced"] is not None) == forced:
            return prove(record, index, alt) if alt else cert
    raise LookupError(f"no move matches {pick}")


def _rehash(cert: dict[str, Any]) -> dict[str, Any]:
    cert["state_sha256"] = state_sha256(cert["state"])
    return cert


def _tampered(certs: dict[str, dict[str, Any]]) -> dict[str, tuple[dict[str, Any] | str, dict[str, Any]]]:
    out: dict[str, tuple[dict[str, Any] | str, dict[str, Any]]] = {}

    # a changed card: a row end of the forced take's state (hash recomputed) now lets the card fit
    cert = copy.deepcopy(certs["take5_forced_take.json"])
    card = cert["claims"][-1]["facts"].get("card") or next(c["facts"]["card"] for c in cert["claims"] if "card" in c["facts"])
    cert["state"]["rows"][0] = [card - 1]
    out["tampered_changed_card.json"] = (_rehash(cert), {"expect": "rejected", "reason": "facts do not match"})

    # a changed card in the move: the played card is not the one the facts name
    cert = copy.deepcopy(certs["take5_play.json"])
    card = int(cert["move"].split()[1])
    other = next(c for c in range(1, 105) if c != card and c not in cert["state"]["hands"][cert["actor"]])
    cert["move"] = f"play {other}"
    out["tampered_move_card.json"] = (cert, {"expect": "rejected", "reason": "T5-SELECT-1"})

    # a moved cell: the Big Five play's first card shifted one cell down
    cert = copy.deepcopy(certs["bigfive_play.json"])
    words = cert["move"].split()
    code, _, where = words[1].partition("@")
    x, y = where.split(",")
    words[1] = f"{code}@{x},{int(y) + 1}"
    cert["move"] = " ".join(words)
    out["tampered_moved_cell.json"] = (cert, {"expect": "rejected", "reason": "facts do not match"})

    # a moved cell in Cinco: the chip claimed on the next cell
    cert = copy.deepcopy(certs["cinco_play.json"])
    words = cert["move"].split()
    words[3] = str(int(words[3]) + 1 if int(words[3]) < len(cert["state"]["board"]) else int(words[3]) - 1)
    cert["move"] = " ".join(words)
    out["tampered_cinco_cell.json"] = (cert, {"expect": "rejected", "reason": "CI-PLAY-"})

    # a dropped rule
    cert = copy.deepcopy(certs["bigfive_play.json"])
    cert["claims"] = [c for c in cert["claims"] if c["rule"] != "BF-LINE-3"]
    out["tampered_dropped_rule.json"] = (cert, {"expect": "rejected", "reason": "BF-LINE-3 decides this move but the certificate omits it"})

    # a wrong hash
    cert = copy.deepcopy(certs["ikebana_forced_keep.json"])
    cert["state_sha256"] = "0" * 64
    out["tampered_wrong_hash.json"] = (cert, {"expect": "rejected", "reason": "state hash mismatch"})

    # a forged verdict: the illegal move claimed legal
    cert = copy.deepcopy(certs["bigpoints_illegal_back.json"])
    cert["verdict"], cert["violated"], cert["core"] = "legal", [], []
    for claim in cert["claims"]:
        claim["holds"] = True
    out["tampered_forged_verdict.json"] = (cert, {"expect": "rejected", "reason": "re-checking gives the opposite"})

    # a padded core and a forced-move proof with an alternative dropped
    cert = copy.deepcopy(certs["cinco_burn.json"])
    cert["forced"]["alternatives"] = cert["forced"]["alternatives"][1:]
    out["tampered_forced_alternative.json"] = (cert, {"expect": "rejected", "reason": "forced: the alternatives differ"})
    cert = copy.deepcopy(certs["bigfive_forced_exchange.json"])
    cert["forced"] = None
    out["tampered_forced_dropped.json"] = (cert, {"expect": "rejected", "reason": "omits the proof"})

    # malformed inputs
    out["malformed_not_json.json"] = ("{\"format\": \"ruleproof-certificate\", ", {"expect": "malformed", "reason": "not valid JSON"})
    cert = copy.deepcopy(certs["take5_play.json"])
    cert["version"] = 99
    out["malformed_version.json"] = (cert, {"expect": "malformed", "reason": "unsupported version"})
    cert = copy.deepcopy(certs["take5_play.json"])
    del cert["claims"]
    out["malformed_missing_claims.json"] = (cert, {"expect": "malformed", "reason": "missing field 'claims'"})
    cert = copy.deepcopy(certs["take5_play.json"])
    cert["move"] = "jump 3"
    out["malformed_move.json"] = (cert, {"expect": "malformed", "reason": "not a Take 5 move"})
    return out


def main() -> None:
    records = {key: _record(key) for key in RECORDS}
    for key, record in records.items():
        (HERE / f"record_{key}.json").write_text(record.dumps(), encoding="utf-8")
    expected: dict[str, dict[str, Any]] = {}
    certs: dict[str, dict[str, Any]] = {}
    for name, key, pick, alt in CASES:
        cert = _find(records[key], pick, alt)
        certs[name] = cert
        (HERE / name).write_text(json.dumps(cert, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        expected[name] = {"expect": "valid", "record": f"record_{key}.json", "index": cert["move_index"],
                          "alt": alt, "verdict": cert["verdict"], "forced": cert["forced"] is not None}
    for name, (data, want) in _tampered(certs).items():
        text = data if isinstance(data, str) else json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        (HERE / name).write_text(text, encoding="utf-8")
        expected[name] = want
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
