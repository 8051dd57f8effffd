"""The compiled build as an importable folder: the wheel ``RULEPROOF_MYPYC=1 pip wheel`` makes, unpacked.

Used by ``benchmarks/bench_compiled.py`` and ``tests/model/test_compiled_build.py``: a process started with
``PYTHONPATH=<folder>`` imports ``ruleproof`` from the folder (the path comes before the checkout's editable
install), so the engines it runs are the compiled ones; :func:`compiled_modules` tells which are.

The build needs mypy (the ``test`` extra) and a C compiler; it takes a few minutes of CPU.
"""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(out: Path) -> Path:
    """Build the compiled wheel of the checkout into ``out`` (``--no-build-isolation``: this environment's
    setuptools and mypy) and return its path."""
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "RULEPROOF_MYPYC": "1"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out),
                    str(ROOT)], env=env, check=True)
    wheels = sorted(out.glob("ruleproof-*.whl"))
    if not wheels:
        raise RuntimeError(f"no ruleproof wheel in {out}")
    return wheels[-1]


def unpack(wheel: Path, dest: Path) -> Path:
    """Unpack ``wheel`` into ``dest`` (the folder to put on ``PYTHONPATH``) and return ``dest``."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(dest)
    return dest


def compiled_modules(tree: Path) -> list[str]:
    """The modules of ``tree`` that are C extensions, as import names (``ruleproof.model.take5``)."""
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)  # the longest that fits
    names = set()
    for path in (tree / "ruleproof").rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            relative = path.relative_to(tree)
            names.add(".".join([*relative.parts[:-1], path.name[: -len(suffix)]]))
    return sorted(names)


def environment(tree: Path) -> dict[str, str]:
    """The environment of a process that imports ``ruleproof`` from ``tree``."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), *filter(None, [os.environ.get("PYTHONPATH")])])}
