"""``mypy --strict`` over spec/, model/ and checkers/ (as the installed package names)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    # The layers live in top-level folders mapped onto ruleproof.* at install
    # time; mypy cannot follow the editable install's import hook, so give it
    # the same mapping as a tree of links.
    package = tmp_path / "ruleproof"
    package.mkdir()
    for layer in ("spec", "model", "checkers"):
        (package / layer).symlink_to(ROOT / layer, target_is_directory=True)
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"),
               "-p", "ruleproof.spec", "-p", "ruleproof.model", "-p", "ruleproof.checkers"]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    shutil.rmtree(package, ignore_errors=True)
