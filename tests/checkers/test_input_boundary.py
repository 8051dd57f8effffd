"""The input boundary under attack (issue 16): hostile corpus, fuzzing, schema agreement, atomic writes.

Every command is run in-process through ``ruleproof.checkers.cli.main.main``;
an exception escaping it is a traceback a user would see, so the only allowed
outcomes are the exit codes 0, 1 and 2.

The fast default run uses a few dozen examples per strategy. The long campaign::

    .venv/bin/pytest -p no:cacheprovider -m slow tests/checkers/test_input_boundary.py

runs 100,000 mutated records and 50,000 mutated certificates (hours on one core;
``RULEPROOF_SLOW_RECORDS`` and ``RULEPROOF_SLOW_CERTS`` set other counts, and
``RULEPROOF_FUZZ_REPORT=FILE`` writes the outcome counts as JSON for the figures,
rewritten every 500 inputs so an interrupted campaign keeps its counts;
``"complete": true`` marks a run that finished).

Besides "no traceback, exit 0/1/2", a mutated record that ``validate`` accepts
(exit 0) is replayed again with the spec checking every move
(``cross_check``): an accepted record the spec refuses would be a corrupted
record accepted. A mutated certificate found valid without ``--replay`` is
counted when the replay refuses it (a forged state with a matching hash: the
checker judges the state it is given, the replay is what ties it to its record).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruleproof.checkers.certcheck import CERTIFICATE_SCHEMA, CertificateFormatError
from ruleproof.checkers.certcheck.schema import check_structure
from ruleproof.checkers.cli.main import main
from ruleproof.model.io import records
from ruleproof.model.io.inputs import decode_json, load_audit_file, scan_object
from ruleproof.model.io.outputs import OutputError, write_atomic
from ruleproof.spec.errors import InputError, RecordError

DATA = Path(__file__).resolve().parents[1] / "data"
HOSTILE = DATA / "hostile"
PROOFS = DATA / "proofs"
GAMES = ("bigfive", "bigpoints", "cinco", "ikebana", "take5")
#: Moves kept from each seed record: enough to reach every kind of move, few enough to replay fast.
SEED_MOVES = 60


def run(argv: list[str]) -> int:
    """Run the CLI in-process; any exception other than SystemExit fails the test (it would be a traceback)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    assert "Traceback" not in err.getvalue(), err.getvalue()
    assert code in (0, 1, 2), (argv, code, err.getvalue()[-500:])
    return code


# -- the corpus of inputs that once crashed ----------------------------------------------


def _manifest() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((HOSTILE / "manifest.json").read_text(encoding="utf-8"))
    return data


def _argv(command: str, path: Path) -> list[str]:
    name, _, arg = command.partition(":")
    if name == "prove":
        return ["prove", str(path), "--move", arg]
    if name == "check-proof":
        return ["check-proof", str(path)] + (["--replay"] if arg == "replay" else [])
    if name == "audit-diff":
        return ["audit-diff", str(path), str(path)]
    return [name, str(path)]


@pytest.mark.parametrize("case", _manifest(), ids=lambda c: c["file"])
def test_invalid_hostile_corpus_gives_its_exit_code(case: dict[str, Any]) -> None:
    assert run(_argv(case["command"], HOSTILE / case["file"])) == case["exit"]


def test_invalid_hostile_messages_name_file_path_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(HOSTILE / "record_huge_seed.json")]) == 2
    message = capsys.readouterr().err
    assert "record_huge_seed.json" in message and "$.seed" in message and "MAX_INT_DIGITS" in message
    assert main(["validate", str(HOSTILE / "record_actor_minus_one.json")]) == 2
    assert "$.moves[0].actor" in capsys.readouterr().err
    assert main(["validate", str(HOSTILE / "record_cinco_layout_file.json")]) == 2
    assert "$.variant.layout_file" in capsys.readouterr().err


def test_invalid_special_files_are_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    # A FIFO would block a reader forever; it is refused before it is opened.
    assert run(["validate", str(fifo)]) == 2
    assert run(["check-proof", str(fifo)]) == 2
    assert run(["validate", "/dev/zero"]) == 2
    assert run(["validate", str(tmp_path)]) == 2


def test_hash_mismatch_stops_the_check() -> None:
    from ruleproof.checkers.certcheck import check_certificate

    cert = json.loads((HOSTILE / "cert_hash_mismatch_stops.json").read_text(encoding="utf-8"))
    result = check_certificate(cert)
    assert not result.ok and len(result.reasons) == 1 and "hash mismatch" in result.reasons[0]
    assert result.rules == 0  # nothing was evaluated on the unvouched state


# -- seeds ---------------------------------------------------------------------------------


def _seed_record(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PROOFS / f"record_{game}.json").read_text(encoding="utf-8"))
    data["moves"] = data["moves"][:SEED_MOVES]
    return data


SEED_RECORDS = {game: _seed_record(game) for game in GAMES}
SEED_CERTS = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(PROOFS.glob("*.json"))
              if p.stem.split("_")[0] in GAMES}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20) | st.sampled_from(["chance", "deal 5", "play 3 at 4", "keep", "draw", "pass"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (long lists sampled so the list stays short)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        indices = range(len(value)) if len(value) <= 8 else sorted({0, 1, len(value) - 1, *range(0, len(value), 17)})
        for index in indices:
            found += _paths(value[index], (*prefix, index))
    return found


@st.composite
def structural_mutation(draw: st.DrawFn, seed: Any) -> Any:
    """A deep copy of ``seed`` with one value replaced, one key dropped or one string altered."""
    data = json.loads(json.dumps(seed))
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = draw(st.sampled_from(["replace", "drop", "text"]))
    if action == "drop" and isinstance(parent, dict):
        del parent[last]
    elif action == "text" and isinstance(parent[last], str):
        text = parent[last]
        cut = draw(st.integers(0, len(text)))
        parent[last] = text[:cut] + draw(st.text(max_size=6)) + text[cut + draw(st.integers(0, 3)):]
    else:
        parent[last] = draw(json_values)
    return data


@st.composite
def byte_mutation(draw: st.DrawFn, seed: bytes) -> bytes:
    """``seed`` with a few bytes flipped, inserted, deleted, or the tail cut off."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, max(0, len(data) - 1)))
        action = draw(st.sampled_from(["flip", "insert", "delete", "cut", "dup"]))
        if action == "flip" and data:
            data[where] = draw(st.integers(0, 255))
        elif action == "insert":
            data[where:where] = draw(st.binary(min_size=1, max_size=8))
        elif action == "delete":
            del data[where:where + draw(st.integers(1, 16))]
        elif action == "cut":
            del data[where:]
        elif action == "dup":
            data[where:where] = data[where:where + draw(st.integers(1, 64))]
    return bytes(data)


def _record_case(game: str) -> st.SearchStrategy[bytes]:
    seed = SEED_RECORDS[game]
    text = json.dumps(seed).encode("utf-8")
    structural = structural_mutation(seed).map(lambda d: json.dumps(d).encode("utf-8"))
    return st.one_of(structural, byte_mutation(text))


def _cert_case(name: str) -> st.SearchStrategy[bytes]:
    seed = SEED_CERTS[name]
    text = json.dumps(seed).encode("utf-8")
    return st.one_of(structural_mutation(seed).map(_maybe_rehash), byte_mutation(text))


def _maybe_rehash(cert: Any) -> bytes:
    """Half the forged certificates carry a matching hash, so the checks past the hash run too."""
    from ruleproof.checkers.certcheck import state_sha256

    if isinstance(cert, dict) and random.Random(json.dumps(cert, sort_keys=True)).random() < 0.5:
        with contextlib.suppress(Exception):
            cert["state_sha256"] = state_sha256(cert["state"])
    return json.dumps(cert).encode("utf-8")


records_any = st.sampled_from(GAMES).flatmap(lambda g: st.tuples(st.just(g), _record_case(g)))
certs_any = st.sampled_from(sorted(SEED_CERTS)).flatmap(lambda n: st.tuples(st.just(n), _cert_case(n)))
FAST = settings(max_examples=40, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
SLOW_RECORDS = settings(FAST, max_examples=int(os.environ.get("RULEPROOF_SLOW_RECORDS", 100_000)), derandomize=False)
SLOW_CERTS = settings(FAST, max_examples=int(os.environ.get("RULEPROOF_SLOW_CERTS", 50_000)), derandomize=False)
#: What the mutation runs saw (``RULEPROOF_FUZZ_REPORT``): commands by exit code, accepted inputs re-checked.
OUTCOMES: Counter[str] = Counter()


#: How often (inputs checked) a long run rewrites its report, so an interrupted campaign keeps its counts.
REPORT_EVERY = 500


def _write_report(final: bool) -> None:
    target = os.environ.get("RULEPROOF_FUZZ_REPORT")
    if target and OUTCOMES:
        report = {"complete": final, "outcomes": dict(sorted(OUTCOMES.items()))}
        tmp = Path(target + ".tmp")
        tmp.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, target)


def _count(outcome: str) -> None:
    OUTCOMES[outcome] += 1
    OUTCOMES["inputs checked"] += outcome.startswith(("records: validate exit", "certificates: check-proof"))
    if OUTCOMES["inputs checked"] % REPORT_EVERY == 0:
        _write_report(final=False)


@pytest.fixture(scope="module", autouse=True)
def _fuzz_report() -> Iterator[None]:
    yield
    _write_report(final=True)


def _check_record(tmp: Path, case: tuple[str, bytes], move: int) -> None:
    from ruleproof.checkers.checks.validate import validate_record

    path = tmp / "record.json"
    path.write_bytes(case[1])
    code = run(["validate", str(path)])
    _count(f"records: validate exit {code}")
    if code == 0:  # accepted: the spec must agree on every move
        assert validate_record(records.load_record(path)).ok, "a corrupted record was accepted"
        _count("records: accepted, spec re-check agrees")
    _count(f"records: prove exit {run(['prove', str(path), '--move', str(move)])}")


def _check_cert(tmp: Path, case: tuple[str, bytes], replay: bool) -> None:
    path = tmp / "cert.json"
    path.write_bytes(case[1])
    code = run(["check-proof", str(path)] + (["--replay"] if replay else []))
    _count(f"certificates: check-proof{' --replay' if replay else ''} exit {code}")
    if code == 0 and not replay:
        again = run(["check-proof", str(path), "--replay"])
        _count(f"certificates: valid, then --replay exit {again}")


@FAST
@given(case=records_any, move=st.integers(0, SEED_MOVES))
def test_mutated_records_give_exit_codes_only(tmp_path_factory: pytest.TempPathFactory, case: tuple[str, bytes],
                                              move: int) -> None:
    _check_record(tmp_path_factory.mktemp("r"), case, move)


@FAST
@given(case=certs_any, replay=st.booleans())
def test_mutated_certificates_give_exit_codes_only(tmp_path_factory: pytest.TempPathFactory,
                                                   case: tuple[str, bytes], replay: bool) -> None:
    _check_cert(tmp_path_factory.mktemp("c"), case, replay)


@pytest.mark.slow
@SLOW_RECORDS
@given(case=records_any, move=st.integers(0, SEED_MOVES))
def test_slow_campaign_records(tmp_path_factory: pytest.TempPathFactory, case: tuple[str, bytes], move: int) -> None:
    _check_record(tmp_path_factory.mktemp("r"), case, move)


@pytest.mark.slow
@SLOW_CERTS
@given(case=certs_any, replay=st.booleans())
def test_slow_campaign_certificates(tmp_path_factory: pytest.TempPathFactory, case: tuple[str, bytes],
                                    replay: bool) -> None:
    _check_cert(tmp_path_factory.mktemp("c"), case, replay)


# -- the hand checks agree with the published schemas ---------------------------------------

move_items = st.one_of(
    json_values,
    st.fixed_dictionaries({"actor": st.one_of(st.just("chance"), st.integers(-3, 20), st.floats(-1, 20), json_values),
                           "move": st.one_of(st.text(max_size=5), st.text(min_size=190, max_size=210), json_values)},
                          optional={"extra": json_values}),
)


def _move_check_agrees(item: Any) -> None:
    validator = jsonschema.Draft202012Validator(records.RECORD_SCHEMA["properties"]["moves"]["items"])
    plain = records._plain_move(item)
    valid = validator.is_valid(item)
    if plain:
        assert valid, item
    elif valid:  # only JSON's 2.0-is-an-integer differs: the record checker wants a JSON integer
        assert isinstance(item["actor"], float) and item["actor"].is_integer(), item


@settings(max_examples=100, deadline=None, database=None, derandomize=True)
@given(item=move_items)
def test_fast_move_check_agrees_with_the_record_schema(item: Any) -> None:
    """A sample (-m slow: three times as many)."""
    _move_check_agrees(item)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(item=move_items)
def test_fast_move_check_agrees_with_the_record_schema_campaign(item: Any) -> None:
    _move_check_agrees(item)


#: Facts the certificate checker checks in code because a schema cannot state them.
CODE_ONLY = ("move_index", "does not exist among", "claimed twice", "non-empty string")

@settings(max_examples=200, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(cert=st.sampled_from(sorted(SEED_CERTS)).flatmap(lambda n: structural_mutation(SEED_CERTS[n])))
def test_certificate_hand_check_agrees_with_the_schema(cert: Any) -> None:
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(CERTIFICATE_SCHEMA).iter_errors(cert))
    try:
        check_structure(cert)
    except CertificateFormatError as exc:
        assert error is not None or any(reason in str(exc) for reason in CODE_ONLY), str(exc)
    else:
        assert error is None, f"the hand check accepted what the schema refuses: {error.json_path}: {error.message}"


def test_record_errors_carry_the_validators_json_path() -> None:
    seed = json.loads(json.dumps(SEED_RECORDS["take5"]))
    seed["moves"][3]["move"] = ""
    with pytest.raises(RecordError) as info:
        records.record_from_json(seed)
    assert info.value.path == "$.moves[3].move" and info.value.move_index == 3


def test_plugin_game_ids_pass_the_schema_and_are_checked_in_code() -> None:
    schema = jsonschema.Draft202012Validator(records.RECORD_SCHEMA["properties"]["game"])
    assert schema.is_valid("my_plugin_game")
    seed = dict(SEED_RECORDS["take5"], game="my_plugin_game")
    with pytest.raises(RecordError, match=r"unknown game 'my_plugin_game'"):
        records.record_from_json(seed)


# -- streaming and the generic loaders -------------------------------------------------------


def test_streamed_record_equals_the_loaded_one(tmp_path: Path) -> None:
    for game in GAMES:
        path = tmp_path / f"{game}.json"
        # Fields in an unusual order (moves first) and odd spacing still stream.
        seed = SEED_RECORDS[game]
        text = '{ "moves" :' + json.dumps(seed["moves"], indent=3) + "," + json.dumps(
            {k: v for k, v in seed.items() if k != "moves"})[1:]
        path.write_text(text, encoding="utf-8")
        stream = records.open_record(path)
        assert stream.count == len(seed["moves"])
        assert stream.load() == records.record_from_json(seed) == records.load_record(path)


def test_streaming_keeps_one_move_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tracemalloc

    from ruleproof.model.io import inputs

    monkeypatch.setattr(inputs, "_CHUNK", 1 << 14)  # a 16 KiB window, so small files show the effect

    def peak(moves: int) -> int:
        path = tmp_path / f"r{moves}.json"
        seed = dict(SEED_RECORDS["take5"], moves=[{"actor": "chance", "move": "deal 5"}] * moves)
        path.write_text(json.dumps(seed), encoding="utf-8")
        tracemalloc.start()
        stream = records.open_record(path)
        assert sum(1 for _ in stream.moves()) == moves
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return top

    small, large = peak(2_000), peak(8_000)
    # Four times the moves (0.07 MB against 0.28 MB of file): the peak is the read window either way (about
    # 0.1 MB: the window and the parser's buffers).
    assert large < 1.5 * small and large < 1 << 18, (small, large)
    loaded = 0
    tracemalloc.start()
    records.load_record(tmp_path / "r8000.json")
    loaded = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert loaded > 4 * large  # the test can fail: holding every move costs far more


def test_invalid_generic_loader_limits(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="MAX_DEPTH"):
        decode_json(b"[" * 65 + b"]" * 65, "x")
    decode_json(b"[" * 64 + b"]" * 64, "x")
    with pytest.raises(InputError, match="MAX_INT_DIGITS"):
        decode_json(b"1" * 41, "x")
    with pytest.raises(InputError, match="surrogate"):
        decode_json(b'"\\udc00"', "x")
    with pytest.raises(InputError, match="MAX_VALUE_BYTES"):
        path = tmp_path / "big.json"
        path.write_text('{"meta": "' + "x" * (2 << 20) + '", "moves": []}', encoding="utf-8")
        list(scan_object(path, "moves"))
    path = tmp_path / "audit.json"
    path.write_text('{"rows": [{"game": "take5", "check": "c", "subject": "s", "verdict": 3}]}', encoding="utf-8")
    with pytest.raises(InputError, match=r"\$\.rows\[0\]\.verdict"):
        load_audit_file(path)


def test_checking_a_long_list_costs_no_memory_per_item() -> None:
    """A 9 MB certificate with a board of 3 million cells once took 500 MB: a path string per item."""
    import tracemalloc

    from ruleproof.checkers.certcheck.loader import _walk
    from ruleproof.model.io.inputs import check_value

    big = [[0, "x"]] * 20_000  # enough to tell: tracemalloc slows every allocation, so no more
    for check in (lambda: check_value(big, "$", "x.json"), lambda: _walk(big, "x.json")):
        tracemalloc.start()
        check()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert peak < 500_000, peak  # about 600 bytes; a path (or a tuple) per item would be about 1.3 MB


# -- reading files go through the same boundary -----------------------------------------------


@pytest.mark.parametrize(("content", "expected", "where"), [
    (b'game = "take5"\ntitle = "x"\n' + b"#" * (64 * 1024), "more than 65536", None),
    (b'game = "take5"\ntitle = "\xff"\n', "not UTF-8 text", None),
    (b'\xef\xbb\xbfgame = "take5"\ntitle = "x"\n', "byte order mark", None),
    (b'game = "take5"\ntitle = "x"\n[flags]\nthreshold = ' + b"9" * 50 + b"\n", "MAX_INT_DIGITS", "$.flags.threshold"),
    (b'game = "take5"\ntitle = "x"\nsource = ' + b"[" * 100 + b"]" * 100 + b"\n", "MAX_DEPTH", "$.source" + "[0]" * 63),
    (b'game = "take5"\ntitle = "x"\n[flags]\nthreshold = 100000\n', "limit MAX_THRESHOLD", "$.flags.threshold"),
    (b'game = "take5"\ntitle = \n', "not valid TOML", "$"),
])
def test_invalid_reading_files_exit_2_with_file_and_key(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         content: bytes, expected: str, where: str | None) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(content)
    assert main(["simulate", "take5", "--players", "2", "--games", "1", "--reading", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert expected in error["message"] and error["file"] == str(path) and error["kind"] == "input", error
    assert error.get("path") == where, error


def test_reading_errors_name_the_key_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.toml"
    path.write_text('game = "take5"\ntitle = "x"\ncolour = 1\n', encoding="utf-8")
    assert main(["validate", str(PROOFS / "record_take5.json"), "--reading", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["path"] == "$.colour" and "unknown key" in error["message"]


def test_reading_plugin_files_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "house.toml").write_text('game = "take5"\ntitle = "x"\nrules = "fifo.py"\n', encoding="utf-8")
    os.mkfifo(tmp_path / "fifo.py")  # would block a plain read forever
    assert main(["simulate", "take5", "--players", "2", "--reading", str(tmp_path / "house.toml")]) == 2
    assert "not a regular file" in capsys.readouterr().err


# -- atomic writes ---------------------------------------------------------------------------


def test_invalid_existing_output_needs_force(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text("old", encoding="utf-8")
    assert run(["simulate", "take5", "--players", "3", "--games", "1", "--record", str(target), "-q"]) == 2
    assert target.read_text(encoding="utf-8") == "old"
    assert run(["simulate", "take5", "--players", "3", "--games", "1", "--record", str(target), "-q", "--force"]) == 0
    assert records.load_record(target).game == "take5"
    assert run(["simulate", "take5", "--players", "3", "--games", "1", "--record", str(tmp_path / "no" / "r.json"),
                "-q"]) == 2
    assert run(["schema", "record", "--output", str(target)]) == 2


def test_a_failed_rename_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old", encoding="utf-8")

    def refuse(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OutputError, match="No space left"):
        write_atomic(target, "new", force=True)
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


_WRITER = """
import sys
from ruleproof.model.io.outputs import write_atomic
target, size = sys.argv[1], int(sys.argv[2])
n = 0
while True:
    n += 1
    body = (str(n) + ":").ljust(size, "x") + ":" + str(n)
    write_atomic(target, body, force=True)
    if n == 1:
        print("written", flush=True)
"""


def test_killing_a_writer_leaves_old_or_complete_new(tmp_path: Path) -> None:
    """SIGKILL a process rewriting a 4 MB file in a loop at several moments after its first file is whole: the file
    is always whole (counted from the first rename, so every kill lands among rewrites, whatever the load)."""
    target = tmp_path / "big.txt"
    size = 4 << 20
    for delay in (0.0, 0.03, 0.07, 0.12, 0.2):
        proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(target), str(size)], stdout=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "written\n"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        body = target.read_text(encoding="utf-8")
        head, _, tail = body.partition(":")
        assert len(body) == size + 1 + len(head) and body.endswith(":" + head), (delay, len(body))


def test_killing_simulate_record_leaves_old_or_complete_new(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text("old", encoding="utf-8")
    command = [sys.executable, "-m", "ruleproof.checkers.cli.main", "simulate", "take5", "--players", "3",
               "--games", "3", "--record", str(target), "--force", "-q"]
    for delay in (0.1, 0.5, 1.0, 1.5, 3.0):
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        text = target.read_text(encoding="utf-8")
        assert text == "old" or records.parse_record(text).game == "take5", delay
