"""Legal-move certificates: production, independent re-checking, tampering, the CLI."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.certcheck import CertificateFormatError, check_certificate, load_certificate
from ruleproof.checkers.certcheck import bigfive as bf_check
from ruleproof.checkers.certcheck.core import is_minimal_core, state_sha256
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.proofs.core import CERTIFICATE_SCHEMA, minimal_core, prove, prove_state
from ruleproof.model.io.records import load_record
from ruleproof.model.registry import game_for

DATA = Path(__file__).resolve().parents[1] / "data" / "proofs"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
VALID = sorted(n for n, e in EXPECTED.items() if e["expect"] == "valid")
BAD = sorted(n for n, e in EXPECTED.items() if e["expect"] != "valid")
GAMES = ("take5", "ikebana", "bigpoints", "cinco", "bigfive")


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _verdict(data: object) -> tuple[str, str]:
    try:
        result = check_certificate(data)
    except CertificateFormatError as exc:
        return "malformed", str(exc)
    return ("valid" if result.ok else "rejected"), str(result)


# -- the stored corpus -----------------------------------------------------------------


@pytest.mark.parametrize("name", VALID)
def test_stored_certificates_are_valid(name: str) -> None:
    result = check_certificate(_load(name))
    assert result.ok, str(result)
    assert result.verdict == EXPECTED[name]["verdict"] and result.forced == EXPECTED[name]["forced"]


@pytest.mark.parametrize("name", VALID)
def test_stored_certificates_are_reproduced_from_their_records(name: str) -> None:
    want = EXPECTED[name]
    record = load_record(DATA / want["record"])
    assert prove(record, want["index"], want["alt"]) == _load(name), (
        "the certificate changed: rerun tests/data/proofs/make_proofs.py if the spec changed on purpose")


@pytest.mark.parametrize("name", BAD)
def test_invalid_stored_certificates_are_refused(name: str) -> None:
    want = EXPECTED[name]
    try:
        data = load_certificate(DATA / name)
    except CertificateFormatError as exc:
        verdict, text = "malformed", str(exc)
    else:
        verdict, text = _verdict(data)
    assert verdict == want["expect"], text
    assert want["reason"] in text


def test_every_game_has_legal_illegal_and_forced_certificates() -> None:
    for game in GAMES:
        mine = [EXPECTED[n] for n in VALID if n.startswith(game)]
        assert any(e["verdict"] == "legal" and not e["forced"] for e in mine), game
        assert any(e["verdict"] == "illegal" for e in mine), game
        assert any(e["forced"] for e in mine), game


def test_certificates_match_the_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(CERTIFICATE_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(CERTIFICATE_SCHEMA)
    for name in VALID:
        errors = list(validator.iter_errors(_load(name)))
        assert not errors, f"{name}: {errors[0].message}"


# -- tampering: each kind is rejected ------------------------------------------------------


def test_invalid_tampered_changed_card_in_state_is_rejected() -> None:
    cert = _load("take5_forced_take.json")
    card = next(c["facts"]["card"] for c in cert["claims"] if "card" in c["facts"])
    cert["state"]["rows"][2] = [card - 1]
    cert["state_sha256"] = state_sha256(cert["state"])  # even with a consistent hash
    verdict, text = _verdict(cert)
    assert verdict == "rejected" and "facts do not match" in text


def test_invalid_tampered_changed_card_in_facts_is_rejected() -> None:
    cert = _load("bigfive_play.json")
    claim = next(c for c in cert["claims"] if c["rule"] == "BF-LINE-3")
    claim["facts"]["lines"][0]["cards"][0] = "Ep" if claim["facts"]["lines"][0]["cards"][0] != "Ep" else "Lb"
    verdict, text = _verdict(cert)
    assert verdict == "rejected" and "BF-LINE-3: facts do not match" in text


def test_invalid_tampered_changed_card_in_move_is_rejected() -> None:
    verdict, text = _verdict(_load("tampered_move_card.json"))
    assert verdict == "rejected" and "T5-SELECT-1" in text


@pytest.mark.parametrize("name", ["bigfive_play.json", "cinco_play.json"])
def test_invalid_tampered_moved_cell_is_rejected(name: str) -> None:
    cert = _load(name)
    if name.startswith("bigfive"):
        claim = next(c for c in cert["claims"] if c["rule"] == "BF-LINE-2")
        claim["facts"]["anchors"][0][0] += 1
    else:
        claim = next(c for c in cert["claims"] if c["rule"] == "CI-PLAY-2")
        claim["facts"]["cell"] += 1
    verdict, text = _verdict(cert)
    assert verdict == "rejected" and "facts do not match" in text


@pytest.mark.parametrize("name", VALID)
def test_invalid_tampered_dropped_rule_is_rejected(name: str) -> None:
    cert = _load(name)
    dropped = cert["claims"].pop(len(cert["claims"]) // 2)
    verdict, text = _verdict(cert)
    assert verdict == "rejected" and f"{dropped['rule']} decides this move but the certificate omits it" in text


@pytest.mark.parametrize("name", VALID)
def test_invalid_tampered_wrong_hash_is_rejected(name: str) -> None:
    cert = _load(name)
    cert["state_sha256"] = ("1" if cert["state_sha256"][0] != "1" else "2") + cert["state_sha256"][1:]
    verdict, text = _verdict(cert)
    assert verdict == "rejected" and "state hash mismatch" in text


@pytest.mark.parametrize("name", [n for n in VALID if EXPECTED[n]["verdict"] == "illegal"])
def test_invalid_padded_or_empty_core_is_rejected(name: str) -> None:
    cert = _load(name)
    holding = [c["rule"] for c in cert["claims"] if c["holds"]]
    for core in ([], cert["core"] + holding[:1], cert["violated"] + cert["core"] if len(cert["violated"]) > 1 else []):
        tampered = copy.deepcopy(cert)
        tampered["core"] = list(dict.fromkeys(core))
        assert _verdict(tampered)[0] == "rejected", core


@pytest.mark.parametrize("name", [n for n in VALID if EXPECTED[n]["forced"]])
def test_invalid_forced_proof_tampering_is_rejected(name: str) -> None:
    cert = _load(name)
    dropped = copy.deepcopy(cert)
    if dropped["forced"]["alternatives"]:
        dropped["forced"]["alternatives"] = dropped["forced"]["alternatives"][:-1]
    else:  # the solitaire discard: the exhaustive search's result is a fact
        dropped["forced"]["facts"]["legal_groups"] = 1
    assert _verdict(dropped)[0] == "rejected"
    hidden = copy.deepcopy(cert)
    hidden["forced"]["assumptions"] = hidden["forced"]["assumptions"][1:]
    assert _verdict(hidden)[0] == "rejected"
    absent = copy.deepcopy(cert)
    absent["forced"] = None
    assert "omits the proof" in _verdict(absent)[1]


def test_invalid_forced_claim_on_a_free_choice_is_rejected() -> None:
    cert = _load("bigfive_voluntary_exchange.json")
    cert["forced"] = _load("bigfive_forced_exchange.json")["forced"]
    verdict, text = _verdict(cert)
    assert verdict == "rejected" and "are legal" in text


# -- the core --------------------------------------------------------------------------------


def test_minimal_core_drops_every_redundant_rule() -> None:
    assert minimal_core(["A", "B", "C"], lambda s: bool(set(s) & {"B", "C"})) == ["C"]
    assert minimal_core(["A", "B"], lambda s: {"A", "B"} <= set(s)) == ["A", "B"]
    with pytest.raises(ValueError):
        minimal_core(["A"], lambda s: False)
    assert is_minimal_core(["B"], {"A", "B"}) and not is_minimal_core(["A", "B"], {"A", "B"})


def test_illegal_move_certificate_names_all_violations_and_one_core_rule() -> None:
    record = load_record(DATA / "record_take5.json")
    index = EXPECTED["take5_row.json"]["index"]
    cert = prove(record, index, "take 4")
    assert cert["verdict"] == "illegal" and cert["violated"] == ["T5-LOW-2"] and cert["core"] == ["T5-LOW-2"]
    state = game_for("take5").deserialize(cert["state"])
    wrong_seat = prove_state(game_for("take5"), state, 0 if cert["actor"] else 1, game_for("take5").parse_move("take 4"))
    assert len(wrong_seat["violated"]) >= 2 and len(wrong_seat["core"]) == 1
    assert check_certificate(wrong_seat).ok


# -- agreement between producer and checker over many positions ------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_producer_and_checker_agree_on_candidate_moves(game: str) -> None:
    engine = game_for(game)
    rng = random.Random(f"proofs:{game}")
    for players, variant in engine.test_configs()[:3]:
        state = engine.initial_state(players, variant)
        steps = 0
        while not engine.is_terminal(state) and steps < 400:
            actor = engine.current_player(state)
            if steps % 37 == 5:
                candidates = list(engine.spec.candidate_moves(state, actor))
                for move in rng.sample(candidates, min(8, len(candidates))) + [engine.legal_moves(state)[0]]:
                    cert = prove_state(engine, state, actor, move)
                    result = check_certificate(json.loads(json.dumps(cert)))
                    assert result.ok, f"{game} {players} {variant} step {steps} {move}: {result}"
            move = engine.sample_chance(state, rng) if actor < 0 else rng.choice(engine.legal_moves(state))
            state = engine.apply_unchecked(state, move)
            steps += 1


def test_big_five_closure_lemma_agrees_with_exhaustive_search() -> None:
    from ruleproof.spec.bigfive import can_place

    engine = game_for("bigfive")
    rng = random.Random(9)
    checked = 0
    for seed in range(3):
        state = engine.new_game(2, seed=seed)
        while not engine.is_terminal(state) and checked < 40:
            if engine.current_player(state) >= 0:
                board = bf_check.board_of(json.loads(json.dumps(engine.serialize(state))))
                hand = list(state.hands[state.turn])
                single = bf_check.single_witness(board, hand) is not None
                assert single == can_place(state.board, hand) == bool(bf_check.legal_plays(board, hand, 1))
                checked += 1
            moves = engine.legal_moves(state) if engine.current_player(state) >= 0 else None
            state = engine.apply_unchecked(state, rng.choice(moves) if moves else engine.sample_chance(state, rng))
    assert checked >= 20


# -- the checker's independence -------------------------------------------------------------

_BLOCKER = """
import importlib.abc, sys
BLOCKED = ("ruleproof.model", "ruleproof.checkers.smt", "ruleproof.checkers.proofs.core", "z3", "hypothesis", "networkx")
ALLOWED_SPEC = {"ruleproof.spec", "ruleproof.spec.errors"}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.startswith(BLOCKED) or (name.startswith("ruleproof.spec.") and name not in ALLOWED_SPEC):
            raise ImportError(f"blocked import of {name}")
        return None
sys.meta_path.insert(0, Block())
from ruleproof.checkers.certcheck.__main__ import main
code = main(sys.argv[1:])
bad = sorted(m for m in sys.modules if m.startswith(BLOCKED) or (m.startswith("ruleproof.spec.") and m not in ALLOWED_SPEC))
assert not bad, bad
sys.exit(code)
"""


def _standalone(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _BLOCKER, *args], capture_output=True, text=True, check=False)


def test_checker_runs_with_engine_spec_and_solver_imports_blocked() -> None:
    valid = _standalone(*(str(DATA / n) for n in VALID))
    assert valid.returncode == 0, valid.stdout + valid.stderr
    assert valid.stdout.count("valid:") == len(VALID)


@pytest.mark.parametrize(("name", "code"), [("tampered_dropped_rule.json", 1), ("tampered_wrong_hash.json", 1),
                                            ("malformed_version.json", 2), ("malformed_not_json.json", 2)])
def test_invalid_certificates_fail_the_standalone_checker(name: str, code: int) -> None:
    result = _standalone(str(DATA / name))
    assert result.returncode == code, result.stdout + result.stderr


# -- the command line -----------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_prove_and_check_proof_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = DATA / "record_take5.json"
    index = str(EXPECTED["take5_forced_take.json"]["index"])
    out_file = tmp_path / "cert.json"
    code, out, _ = run(capsys, "prove", str(record), "--move", index, "--output", str(out_file))
    assert code == 0 and "LEGAL" in out and "forced:" in out and "T5-LOW-1" in out
    code, out, _ = run(capsys, "check-proof", str(out_file), "--replay", "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["forced"] and data["replayed"]
    code, out, _ = run(capsys, "prove", str(record), "--move", index, "--alt", "row 1", "--json")
    assert code == 1 and json.loads(out)["verdict"] == "illegal"


def test_check_proof_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check-proof", str(DATA / "bigfive_forced_exchange.json"))[0] == 0
    code, out, _ = run(capsys, "check-proof", str(DATA / "tampered_dropped_rule.json"))
    assert code == 1 and "rejected" in out and "BF-LINE-3" in out
    code, _, err = run(capsys, "check-proof", str(DATA / "malformed_missing_claims.json"))
    assert code == 2 and "missing field 'claims'" in err


def test_invalid_replay_detects_a_state_rewritten_with_its_hash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cert = _load("take5_play.json")
    hand = cert["state"]["hands"][cert["actor"]]
    played = int(cert["move"].split()[1])
    spare = next(c for c in range(1, 105) if c not in hand and all(c not in h for h in cert["state"]["hands"]))
    cert["state"]["hands"][cert["actor"]] = sorted([c for c in hand if c != next(x for x in hand if x != played)] + [spare])
    cert["state"]["deck"] = sorted(c for c in cert["state"]["deck"] if c != spare)
    cert["state_sha256"] = state_sha256(cert["state"])
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(cert), encoding="utf-8")
    code, out, _ = run(capsys, "check-proof", str(path))
    assert code == 1  # the hand in the claims no longer matches
    claim = next(c for c in cert["claims"] if c["rule"] == "T5-SELECT-1")
    claim["facts"]["hand"] = cert["state"]["hands"][cert["actor"]]
    path.write_text(json.dumps(cert), encoding="utf-8")
    assert run(capsys, "check-proof", str(path))[0] == 0  # a consistent proof about another position ...
    code, out, _ = run(capsys, "check-proof", str(path), "--replay")
    assert code == 1 and "replay" in out  # ... which the record does not reach


def test_invalid_prove_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = DATA / "record_take5.json"
    code, _, err = run(capsys, "prove", str(record), "--move", "100000")
    assert code == 2 and "out of range" in err
    code, _, err = run(capsys, "prove", str(record), "--move", "3", "--alt", "jump")
    assert code == 2 and "cannot parse move 'jump'" in err
    data = json.loads(record.read_text(encoding="utf-8"))
    data["moves"][1]["move"] = "deal 200"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "prove", str(bad), "--move", "5")
    assert code == 2 and "move 1" in err and "legal prefix" in err


def test_schema_command_prints_the_certificate_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "certificate")
    assert code == 0 and json.loads(out)["properties"]["format"]["const"] == "ruleproof-certificate"
