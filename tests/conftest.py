"""Shared fixtures: where the rulebooks are, and the games that exist."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


def rulebooks_dir() -> Path:
    """The source rulebooks: ``$RULEPROOF_RULEBOOKS`` or ``../shared/rulebooks`` beside the checkout."""
    env = os.environ.get("RULEPROOF_RULEBOOKS")
    return Path(env) if env else ROOT.parent / "shared" / "rulebooks"


@pytest.fixture(scope="session")
def rulebooks() -> Path:
    path = rulebooks_dir()
    if not path.is_dir():
        pytest.fail(f"rulebooks not found at {path}; set RULEPROOF_RULEBOOKS")
    return path

#: Test files that share one work unit under pytest-xdist: the docs tests share
#: one HTML build (a session fixture) and write into ``docs/``; the packaging
#: tests run ``pip wheel`` in the source tree.
_SHARED_UNITS = {"tests/docs/": "tests/docs", "tests/test_packaging.py": "packaging",
                 "tests/test_certcheck_dist.py": "packaging"}


@pytest.fixture
def interrupted_import(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``interrupted_import(name, requested)``: importing ``name`` fails as a C extension's start-up does when a
    Ctrl-C lands in it (ImportError "initialization failed"), with a SIGINT recorded as arrived or not."""
    import builtins

    from ruleproof.checkers.checks import interrupt

    real_import = builtins.__import__

    def arrange(name: str, requested: bool) -> None:
        def failing_import(module: str, *args: Any, **kwargs: Any) -> Any:
            if module == name:
                raise ImportError("initialization failed")
            return real_import(module, *args, **kwargs)

        monkeypatch.setattr(builtins, "__import__", failing_import)
        monkeypatch.setattr(interrupt._STATE, "requested", requested)

    return arrange


def work_unit(nodeid: str) -> str:
    """The xdist work unit of a test: its file, or the shared unit its file belongs to.

    >>> work_unit("tests/docs/test_browser.py::test_search[x]")
    'tests/docs'
    >>> work_unit("tests/model/test_take5.py::TestRows::test_a[p::q]")
    'tests/model/test_take5.py'
    """
    path = nodeid.split("::", 1)[0]
    return next((unit for prefix, unit in _SHARED_UNITS.items() if path.startswith(prefix)), path)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``pytest -n N``: whole files per worker (module fixtures built once), shared units kept together."""
    from xdist.scheduler import LoadScopeScheduling

    class FileUnitScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return FileUnitScheduling(config, log)


# Every run records, through pytest's own collection, which test carries which
# @pytest.mark.rule / @pytest.mark.example (tests/test_rule_index.py checks the
# shipped index against it).
# tests/cpu_guard.py bounds every test phase by its own CPU seconds (a hang guard that load cannot trip).
pytest_plugins = ["ruleproof.checkers.analysis.ruleindex", "cpu_guard"]

#: pytest-timeout's wall bound for a slow-marked campaign (the one in pyproject.toml is for the default run).
#: The hang guard that decides is CPU time (tests/cpu_guard.py: a test that spins fails at its CPU bound whatever
#: the load); this wall bound is the last resort for a test that waits for ever (a deadlock, a child that never
#: answers), so far beyond the CPU bound that no load trips it.
SLOW_TIMEOUT = 7 * 24 * 3600


#: Installed packages whose own modules pytest need not rewrite: pytest marks every module of a plugin's
#: distribution for assertion rewriting, so Hypothesis's hundred modules, imported by the test modules, were
#: rewritten (their internal asserts given pytest's messages) in every process that collects: 0.6-0.9 s of CPU
#: of the 7.5 s a collection of tests/ costs. Our own test modules are rewritten as before.
NOT_REWRITTEN = ("hypothesis",)


def pytest_configure(config: pytest.Config) -> None:
    """Leave :data:`NOT_REWRITTEN` to the plain import (when pytest's rewriting hook is the one we know)."""
    marked = getattr(getattr(config.pluginmanager, "rewrite_hook", None), "_must_rewrite", None)
    if isinstance(marked, set):
        marked.difference_update(NOT_REWRITTEN)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow-marked tests without their own ``@pytest.mark.timeout`` get :data:`SLOW_TIMEOUT` as their wall bound."""
    for item in items:
        if item.get_closest_marker("timeout") is None and item.get_closest_marker("slow") is not None:
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the tests are collected, the cyclic collector is set as the audit sets it for batch work.

    A test run is batch work: thousands of tests build many short-lived objects that reference counting frees,
    above a heap of long-lived ones (the imported modules, z3, Sphinx, the session fixtures' data). With the
    interpreter's young threshold (700) every collection of the old generation walks that whole heap again. So
    what collection built is frozen out of the scans and a young collection waits for
    :data:`~ruleproof.checkers.explore.collector.BATCH_YOUNG_THRESHOLD` allocations
    (:func:`~ruleproof.checkers.explore.collector.batch_thresholds`: the collector's half of
    :func:`~ruleproof.checkers.explore.collector.start_batch_work`, without its batch-work mode, which tests
    check). Cyclic garbage is still collected; no test looks at when. Measured on ``tests/spec`` and
    four checkers files, ``-n 0``, two alternating pairs: 39.8 and 37.1 s user without, 32.7 and 32.3 s with.
    """
    from ruleproof.checkers.explore.collector import batch_thresholds

    batch_thresholds()
