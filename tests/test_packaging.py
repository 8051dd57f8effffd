"""The distribution ships every package folder and data file of the three layers.

What counts is what Python imports: a package folder is a layer's folder or a
folder with an ``__init__.py`` inside a package folder. A wheel build run in the
checkout (the README's ``pip wheel … checkers/certcheck``) leaves ``build/``
and ``*.egg-info`` folders with copies of modules; they are not packages of the
tree, so they neither belong in ``pyproject.toml`` nor in the wheel (issue 35:
they once failed these tests).
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from wheels import build_wheel

ROOT = Path(__file__).resolve().parents[1]
LAYERS = {"spec": "ruleproof.spec", "model": "ruleproof.model", "checkers": "ruleproof.checkers"}


def package_dirs(folder: Path) -> Iterator[Path]:
    """``folder`` and every folder below it that Python imports as a package (each on a chain of ``__init__.py``)."""
    yield folder
    for child in sorted(folder.iterdir()):
        if child.is_dir() and (child / "__init__.py").is_file():
            yield from package_dirs(child)


def package_names(root: Path) -> set[str]:
    """The import names of the layers' packages in the tree at ``root``."""
    names = set()
    for folder, package in LAYERS.items():
        for path in package_dirs(root / folder):
            relative = path.relative_to(root / folder)
            names.add(".".join([package, *relative.parts]) if relative.parts else package)
    return names


def wheel_files(root: Path) -> set[str]:
    """What the wheel must hold: every module of the packages and the data files, as wheel paths."""
    expected = {f"ruleproof/{p.relative_to(root)}" for layer in LAYERS for folder in package_dirs(root / layer)
                for p in folder.glob("*.py")}
    expected |= {f"ruleproof/{p.relative_to(root)}" for p in (root / "checkers" / "data").rglob("*.json")}
    return expected


def _listed(root: Path) -> set[str]:
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return set(config["tool"]["setuptools"]["packages"])


def test_every_package_folder_is_listed_in_pyproject() -> None:
    assert package_names(ROOT) == _listed(ROOT)


def test_wheel_contains_modules_and_data(tmp_path: Path) -> None:
    # Built with this environment's setuptools and wheel when it has them (as the certificate checker's wheel
    # below): an isolated build environment, installed afresh for every run, cost half this test's CPU and says
    # nothing about the contents; and by the backend itself, not through pip (tests/wheels.py: pip's start-up was
    # most of the rest). Without them (a Python whose venvs bring no setuptools), an isolated build by pip.
    local = all(importlib.util.find_spec(name) is not None for name in ("setuptools", "wheel"))
    if local:
        built = build_wheel(ROOT, tmp_path)
    else:
        built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                                str(ROOT)], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = tmp_path.glob("ruleproof-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(wheel_files(ROOT) - names)
    assert not missing, f"not in the wheel: {missing[:10]}"


def test_the_readme_certificate_checker_build_leaves_these_tests_passing(tmp_path: Path) -> None:
    """The README's step run in a copy of the checkout leaves ``build/`` there; the tree's packages and the
    wheel's expected files do not change."""
    tree = tmp_path / "checkout"
    ignore = shutil.ignore_patterns("__pycache__", "build", "*.egg-info", "dist")
    for layer in LAYERS:
        shutil.copytree(ROOT / layer, tree / layer, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    before = (package_names(tree), wheel_files(tree))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                            "-q", "-w", "dist", "checkers/certcheck"], cwd=tree, capture_output=True, text=True,
                           check=False)
    if built.returncode != 0 and "bdist_wheel" in built.stdout + built.stderr:
        pytest.skip("the `wheel` package is missing (pip install -e '.[test]' brings it)")
    assert built.returncode == 0, built.stdout + built.stderr
    leftovers = [p for p in (tree / "checkers" / "certcheck" / "build").rglob("__init__.py")]
    assert leftovers, "the build left no copies: this test no longer shows anything"
    assert (package_names(tree), wheel_files(tree)) == before
    assert package_names(tree) == _listed(tree)


def test_invalid_a_walk_of_every_init_file_counts_the_build_copies(tmp_path: Path) -> None:
    """The rule above can fail: a plain search for ``__init__.py`` (the old test) takes the copies for packages."""
    (tmp_path / "checkers" / "certcheck" / "build" / "lib" / "ruleproof" / "x").mkdir(parents=True)
    (tmp_path / "checkers" / "certcheck" / "__init__.py").write_text("")
    (tmp_path / "checkers" / "__init__.py").write_text("")
    (tmp_path / "checkers" / "certcheck" / "build" / "lib" / "ruleproof" / "x" / "__init__.py").write_text("")
    found = {p.parent for p in (tmp_path / "checkers").rglob("__init__.py")}
    imported = set(package_dirs(tmp_path / "checkers"))
    assert len(found) == 3 and imported == {tmp_path / "checkers", tmp_path / "checkers" / "certcheck"}
