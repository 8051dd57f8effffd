"""The certificate checker as its own distribution (``checkers/certcheck/pyproject.toml``).

Its wheel is built from a copy of the two folders it reads, installed *alone*
in a fresh virtual environment (``pip install --no-index``), and run on every
certificate of every game in ``tests/data/proofs``: valid ones accepted,
tampered and malformed ones rejected, with z3, Hypothesis, networkx and rich
absent from that environment.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
from wheels import build_wheel

ROOT = Path(__file__).resolve().parents[1]
PROOFS = ROOT / "tests" / "data" / "proofs"

# Run inside the fresh environment: check each file, print a JSON verdict per file.
CHECK_ALL = r"""
import importlib.util, json, sys
from ruleproof.checkers.certcheck import CertificateFormatError, check_certificate, load_certificate
absent = {name: importlib.util.find_spec(name) is None for name in ("z3", "hypothesis", "networkx", "rich", "ruleproof.model")}
out = {"absent": absent, "files": {}}
for path in sys.argv[1:]:
    try:
        result = check_certificate(load_certificate(path))
    except CertificateFormatError as exc:
        out["files"][path.rsplit("/", 1)[-1]] = ["malformed", str(exc)]
        continue
    out["files"][path.rsplit("/", 1)[-1]] = ["valid" if result.ok else "rejected", "; ".join(result.reasons)]
print(json.dumps(out))
"""


def _build_wheel(tmp: Path) -> Path:
    tree = tmp / "src"
    shutil.copytree(ROOT / "checkers" / "certcheck", tree / "checkers" / "certcheck",
                    ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    (tree / "spec").mkdir()
    shutil.copy(ROOT / "spec" / "errors.py", tree / "spec" / "errors.py")
    dist = tmp / "dist"
    # by its backend, as `pip wheel --no-build-isolation` would (tests/wheels.py: without pip's start-up)
    result = build_wheel(tree / "checkers" / "certcheck", dist)
    if result.returncode != 0 and "bdist_wheel" in result.stdout + result.stderr:
        pytest.skip("the `wheel` package is missing (pip install -e '.[test]' brings it)")
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = dist.glob("ruleproof_certcheck-*.whl")
    return wheel


def test_certcheck_pyproject_moves_with_ruleproof() -> None:
    own = tomllib.loads((ROOT / "checkers" / "certcheck" / "pyproject.toml").read_text(encoding="utf-8"))
    main = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert own["project"]["version"] == main["project"]["version"]
    assert own["project"]["dependencies"] == []


def test_certcheck_wheel_alone_checks_every_game(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "ruleproof/spec/errors.py" in names and "ruleproof/checkers/certcheck/core.py" in names
    assert not any(n.startswith(("ruleproof/model/", "ruleproof/checkers/cli/")) for n in names)
    env_dir = tmp_path / "venv"
    # No pip of its own (bootstrapping one costs three times the rest of this test): our pip installs into it.
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-index", "--no-deps",
                    str(wheel)], check=True, capture_output=True)
    expected = json.loads((PROOFS / "expected.json").read_text(encoding="utf-8"))
    # A tampered copy of each valid certificate: its verdict flipped, which no checker may accept.
    tampered = tmp_path / "tampered"
    tampered.mkdir()
    for name, want in expected.items():
        if want["expect"] == "valid":
            cert = json.loads((PROOFS / name).read_text(encoding="utf-8"))
            cert["verdict"] = "illegal" if cert["verdict"] == "legal" else "legal"
            (tampered / f"flipped_{name}").write_text(json.dumps(cert), encoding="utf-8")
    files = [str(PROOFS / n) for n in expected] + [str(p) for p in sorted(tampered.iterdir())]
    result = subprocess.run([str(python), "-I", "-c", CHECK_ALL, *files], capture_output=True, text=True,
                            check=False, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert all(report["absent"].values()), report["absent"]
    got = report["files"]
    for name, want in expected.items():
        assert got[name][0] == want["expect"], (name, got[name])
    games = {name.split("_")[0] for name, want in expected.items() if want["expect"] == "valid"}
    assert games == {"take5", "bigfive", "bigpoints", "ikebana", "cinco"}
    flipped = {n: v for n, v in got.items() if n.startswith("flipped_")}
    assert flipped and all(v[0] in ("rejected", "malformed") for v in flipped.values()), flipped
