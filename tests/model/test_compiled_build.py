"""The optional compiled build (``setup.py``, ``RULEPROOF_MYPYC=1``) passes the engine, spec and conformance tests.

The wheel is built as a user builds it (``RULEPROOF_MYPYC=1 pip wheel``), unpacked, and the tests run in a
process that imports ``ruleproof`` from it; a plugin checks, in that process and in every xdist worker, that
the engines imported are the C extensions. Slow (several minutes of CPU for the C compiler, then the tests
again), so behind ``-m slow``::

    .venv/bin/pytest -m slow -n 0 tests/model/test_compiled_build.py

With ``RULEPROOF_COMPILED_WHEEL`` naming a wheel already built (``.ci/compiled`` builds it once, in a fresh
virtual environment) the tests take that wheel instead of building another.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
#: What must be compiled: the engines and their fast paths (``COMPILED`` in ``setup.py``).
ENGINES = ("core", "draws", "take5", "take5_native", "bigfive", "bigfive_fast", "bigfive_free", "bigfive_index",
           "bigpoints", "cinco", "ikebana")
#: The tests run against the build: the engines', the specifications' and the conformance of the two.
SUITES = ("tests/model", "tests/spec", "tests/checkers/test_conformance.py",
          "tests/checkers/test_conformance_fast_forms.py")
#: Tests of the suites that do not apply to the build, each with why:
CHECKOUT_ONLY = (
    # the default rulebooks folder is read off the package's own location: for the unpacked wheel that is the
    # wheel's folder, not the checkout's
    "tests/spec/test_sources.py::test_rulebooks_dir_honours_the_environment",
    # it replaces a function of model/bigfive.py with monkeypatch: compiled callers in the module call the
    # compiled function directly, so the replacement is never called (a probe of the suite, not of the engine)
    "tests/spec/test_bigfive_bonus_table.py::test_a_changed_engine_count_is_caught_by_the_spec",
)
# (A trace that stops the playout is a list subclass with its own append: every fast playout types its trace a
# MutableSequence, since on a parameter typed ``list`` compiled code calls list's own append and plays on.)

PLUGIN = '''
import importlib.machinery

def pytest_sessionstart(session):
    import ruleproof.model.take5 as take5
    if not take5.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        raise RuntimeError("not the compiled build: " + take5.__file__)
'''


def _helper() -> ModuleType:
    """``benchmarks/compiled_tree.py``, imported by path (``benchmarks/`` is not on ``sys.path``)."""
    spec = importlib.util.spec_from_file_location("compiled_tree", ROOT / "benchmarks" / "compiled_tree.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    helper = _helper()
    out = tmp_path_factory.mktemp("compiled")
    built = os.environ.get("RULEPROOF_COMPILED_WHEEL")
    if built:  # a wheel built beforehand (.ci/compiled): a missing file is an error, not a reason to build
        wheel = Path(built)
        if not wheel.is_file():
            pytest.fail(f"RULEPROOF_COMPILED_WHEEL={built}: no such wheel")
    else:
        pytest.importorskip("mypyc")
        if shutil.which("cc") is None and shutil.which("gcc") is None:
            pytest.skip("no C compiler")
        wheel = helper.build_wheel(out / "dist")
    tree: Path = helper.unpack(wheel, out / "tree")
    (tree / "compiled_check.py").write_text(PLUGIN, encoding="utf-8")
    return tree


def test_the_wheel_holds_the_engines_compiled(compiled_tree: Path) -> None:
    compiled = _helper().compiled_modules(compiled_tree)
    assert {f"ruleproof.model.{name}" for name in ENGINES} <= set(compiled), compiled
    assert not any(name.startswith(("ruleproof.spec", "ruleproof.checkers")) for name in compiled)
    # model/'s readers and writers stay Python, and so does the cache wrapper that carries attributes
    assert (compiled_tree / "ruleproof" / "model" / "legal_cache.py").is_file()
    assert "ruleproof.model.legal_cache" not in compiled


def test_a_process_on_the_tree_imports_the_compiled_engines(compiled_tree: Path) -> None:
    code = "import ruleproof.model.take5 as m, ruleproof.model.core as c; print(m.__file__); print(c.__file__)"
    result = subprocess.run([sys.executable, "-c", code], env=_helper().environment(compiled_tree), cwd=ROOT,
                            capture_output=True, text=True, check=True)
    files = result.stdout.split()
    assert all(f.startswith(str(compiled_tree)) and not f.endswith(".py") for f in files), files


def test_engine_spec_and_conformance_tests_pass_compiled(compiled_tree: Path) -> None:
    command = [sys.executable, "-m", "pytest", "-p", "compiled_check", "-p", "no:cacheprovider", "-n", "2", "-x",
               "-q", *SUITES]
    env = _helper().environment(compiled_tree)
    # Deselected through the environment, so that the suites' own pytest runs in subprocesses (the spec tests
    # again with the accelerations off) leave them out too.
    env["PYTEST_ADDOPTS"] = " ".join([env.get("PYTEST_ADDOPTS", ""), *(f"--deselect={t}" for t in CHECKOUT_ONLY)])
    result = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
