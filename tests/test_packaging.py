"""The distribution ships every package folder and data file of the three layers."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = {"spec": "ruleproof.spec", "model": "ruleproof.model", "checkers": "ruleproof.checkers"}


def _package_folders() -> set[str]:
    names = set()
    for folder, package in LAYERS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder)
            names.add(".".join([package, *relative.parts]) if relative.parts else package)
    return names


def test_every_package_folder_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    assert _package_folders() == listed


def test_wheel_contains_modules_and_data(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("ruleproof-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"ruleproof/{p.relative_to(ROOT)}" for layer in LAYERS for p in (ROOT / layer).rglob("*.py")}
    expected |= {f"ruleproof/{p.relative_to(ROOT)}" for p in (ROOT / "checkers" / "data").rglob("*.json")}
    missing = sorted(expected - names)
    assert not missing, f"not in the wheel: {missing[:10]}"
