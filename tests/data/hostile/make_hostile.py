"""Write the hostile-input regression corpus (issue 16): every input that once crashed or hung a command.

Run from the repository root: ``python tests/data/hostile/make_hostile.py``. It writes
one file per case beside itself and ``manifest.json``: for each file the command
that crashed on it and the exit code it must give now (2: bad input; 1: a
certificate rejected). ``tests/checkers/test_input_boundary.py`` replays them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROOFS = HERE.parent / "proofs"


def _record(game: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((PROOFS / f"record_{game}.json").read_text(encoding="utf-8"))
    return data


def _cert(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((PROOFS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _rehash(cert: dict[str, object]) -> dict[str, object]:
    """A forged certificate whose hash matches its (altered) state, as an attacker would write it."""
    import hashlib

    text = json.dumps(cert["state"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    cert["state_sha256"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return cert


def cases() -> list[tuple[str, bytes, str, int]]:
    """``(file name, content, command, expected exit code)``."""
    out: list[tuple[str, bytes, str, int]] = []

    def add(name: str, content: bytes | dict[str, object] | str, command: str, code: int = 2) -> None:
        if isinstance(content, dict):
            content = json.dumps(content)
        if isinstance(content, str):
            content = content.encode("utf-8")
        out.append((name, content, command, code))

    take5 = json.dumps(_record("take5")).encode("utf-8")
    add("record_invalid_utf8.json", take5.replace(b'"deal 75"', b'"deal \xff75"'), "validate")
    add("record_bom.json", b"\xef\xbb\xbf" + take5, "validate")
    add("record_deep_nesting.json", b"[" * 100_000, "validate")
    add("record_deep_meta.json", take5[:-1] + b', "meta": {"x": ' + b"[" * 5_000 + b"]" * 5_000 + b"}}", "validate")
    add("record_huge_integer.json", take5.replace(b'"players": 3', b'"players": ' + b"9" * 5_000), "validate")
    add("record_huge_seed.json", take5.replace(b'"seed": 0', b'"seed": ' + b"1" * 50), "validate")
    add("record_nan.json", take5.replace(b'"seed": 0', b'"seed": NaN'), "validate")
    add("record_duplicate_key.json", take5.replace(b'"seed": 0', b'"seed": 0, "seed": 1'), "validate")
    add("record_surrogate.json", take5.replace(b'"deal 75"', b'"deal 75\\ud800"'), "validate")
    rec = _record("take5")
    rec["version"] = True
    add("record_version_true.json", rec, "validate")
    rec = _record("take5")
    rec["players"] = 3.0
    add("record_players_float.json", rec, "validate")
    rec = _record("take5")
    rec["moves"][0]["actor"] = -1  # type: ignore[index]
    add("record_actor_minus_one.json", rec, "validate")
    rec = _record("bigfive")
    moves = rec["moves"]
    assert isinstance(moves, list)
    first_seat = next(i for i, m in enumerate(moves) if m["actor"] != "chance")
    moves[first_seat]["actor"] = 7
    add("record_bigfive_seat_beyond_players.json", rec, "validate")
    rec = _record("take5")
    moves = rec["moves"]
    assert isinstance(moves, list)
    first_seat = next(i for i, m in enumerate(moves) if m["actor"] != "chance")
    moves[first_seat]["actor"] = 5
    add("record_take5_seat_beyond_players.json", rec, f"prove:{first_seat}")
    rec = _record("ikebana")
    moves = rec["moves"]
    assert isinstance(moves, list)
    first_seat = next(i for i, m in enumerate(moves) if m["actor"] != "chance")
    for j, text in enumerate(("keep R9", "buy -1", "draw draw", "refuse 99999999999999999999")):
        bad = json.loads(json.dumps(rec))
        bad["moves"][first_seat]["move"] = text
        add(f"record_ikebana_move_parse_{j}.json", bad, "validate")
    rec = _record("bigfive")
    moves = rec["moves"]
    assert isinstance(moves, list)
    first_seat = next(i for i, m in enumerate(moves) if m["actor"] != "chance")
    moves[first_seat]["move"] = "play Lp@0,0 Gp@100000000,0"
    add("record_bigfive_huge_span.json", rec, "validate")
    rec = _record("cinco")
    rec["variant"] = {**rec["variant"], "layout_file": "/dev/zero"}  # type: ignore[dict-item]
    add("record_cinco_layout_file.json", rec, "validate")
    small = "small;square;1:0 0:1;" + " ".join(f"{x}:{y}" for y in range(6) for x in range(6))
    rec = _record("cinco")
    rec["variant"] = {**rec["variant"], "layout_data": small, "layout_sha256": "0" * 64}  # type: ignore[dict-item]
    add("record_cinco_layout_hash.json", rec, "validate")
    rec["variant"] = {**rec["variant"], "layout_data": "/dev/zero", "layout_sha256": ""}  # type: ignore[dict-item]
    add("record_cinco_layout_path.json", rec, "validate")
    rec["variant"] = {**rec["variant"], "layout_data": "big;square;1:0;" + "0:0 " * 200_000}  # type: ignore[dict-item]
    add("record_cinco_layout_huge.json", rec, "validate")
    add("record_not_a_record.json", b'{"rows": []}', "validate")
    add("record_empty.json", b"", "validate")
    add("record_truncated.json", take5[: len(take5) // 2], "validate")
    rec = _record("take5")
    rec["game"] = "chess"
    add("record_unknown_game.json", rec, "validate")

    cert = _cert("take5_play")
    cert["players"] = 0
    add("cert_players_zero.json", cert, "check-proof")
    cert = _cert("take5_play")
    cert["players"] = 1_000_000_000
    add("cert_players_huge.json", cert, "check-proof")
    cert = _cert("take5_play")
    state = cert["state"]
    assert isinstance(state, dict)
    state["players"] = 0
    cert["players"] = 0
    add("cert_state_players_zero.json", _rehash(cert), "check-proof")
    cert = _cert("cinco_burn")
    state = cert["state"]
    assert isinstance(state, dict)
    state["board"] = [0] * 100_000
    add("cert_cinco_huge_board.json", _rehash(cert), "check-proof")
    cert = _cert("take5_play")
    state = cert["state"]
    assert isinstance(state, dict)
    state["hands"] = 5
    add("cert_state_wrong_shape.json", _rehash(cert), "check-proof")
    cert = _cert("cinco_play")
    cert["variant"] = {**cert["variant"], "layout_file": "/dev/zero"}  # type: ignore[dict-item]
    add("cert_cinco_layout_file.json", cert, "check-proof:replay")
    cert = _cert("cinco_play")
    altered = {**cert["variant"], "layout_data": small, "layout_sha256": "0" * 64}  # type: ignore[dict-item]
    cert["variant"] = altered
    cert["state"] = {**cert["state"], "variant": altered}  # type: ignore[dict-item]
    add("cert_cinco_layout_hash.json", _rehash(cert), "check-proof")
    cert = _cert("bigfive_play")
    cert["move"] = "play Lp@0,0 Gp@100000000,0"
    add("cert_bigfive_huge_span.json", cert, "check-proof")
    add("cert_deep_nesting.json", b"[" * 100_000, "check-proof")
    add("cert_invalid_utf8.json", json.dumps(_cert("take5_play")).encode("utf-8").replace(b"take5", b"take\xff", 1),
        "check-proof")
    cert = _cert("take5_play")
    cert["state_sha256"] = "0" * 64
    cert["state"]["players"] = 0  # type: ignore[index]
    add("cert_hash_mismatch_stops.json", cert, "check-proof", 1)

    add("audit_not_an_audit.json", b'{"format": "ruleproof-record"}', "audit-diff")
    add("audit_list.json", b"[1, 2, 3]", "audit-diff")
    add("audit_bad_rows.json", b'{"rows": [{"game": 1}]}', "audit-diff")
    add("audit_invalid_utf8.json", b'{"rows": ["\xff"]}', "audit-diff")
    return out


def main() -> int:
    manifest = []
    for name, content, command, code in cases():
        (HERE / name).write_bytes(content)
        manifest.append({"file": name, "command": command, "exit": code})
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"{len(manifest)} hostile inputs written to {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
