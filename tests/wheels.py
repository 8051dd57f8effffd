"""Build a wheel the way ``pip wheel --no-build-isolation`` does, without pip: the source's own PEP 517 backend.

pip's start-up and the subprocess it runs the backend's hooks in were about two thirds of the CPU of a wheel build
in the tests (1.6 of 2.2 s for the project's wheel); the wheel is the backend's, whoever calls it. The tests whose
subject is a pip command (the README's certificate checker build, an installation into a fresh environment) still
run pip.

>>> backend_of(Path(__file__).resolve().parents[1])
'setuptools.build_meta'
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

#: Run in the source folder: import the backend named in argv[1], build the wheel into argv[2], print its name.
_BUILD = "import importlib, sys; print(importlib.import_module(sys.argv[1]).build_wheel(sys.argv[2]))"


def backend_of(source: Path) -> str:
    """The build backend ``source/pyproject.toml`` names (``[build-system] build-backend``)."""
    config = tomllib.loads((source / "pyproject.toml").read_text(encoding="utf-8"))
    backend: str = config["build-system"]["build-backend"]
    return backend


def build_wheel(source: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """Build the wheel of ``source`` into ``out`` with this environment's build requirements (no isolation, no
    index), in a subprocess whose working folder is ``source``, as PEP 517 asks."""
    out.mkdir(parents=True, exist_ok=True)
    return subprocess.run([sys.executable, "-c", _BUILD, backend_of(source), str(out)], cwd=source,
                          capture_output=True, text=True, check=False)
