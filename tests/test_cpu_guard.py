"""The CPU-time hang guard (tests/cpu_guard.py) fires on a test that spins, and only on CPU spent.

Each spinning block below stops itself after :data:`GIVE_UP` CPU seconds, so a guard that
does not fire fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cpu_guard import _BOUNDS, CpuBoundExceeded, cpu_bound

TESTS = Path(__file__).resolve().parent
#: CPU seconds after which a spinning block gives up: the guard should have fired long before.
GIVE_UP = 20.0


def spin(seconds: float = GIVE_UP) -> None:
    """Spend ``seconds`` of this process's CPU (the guard should interrupt it first)."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_a_spinning_block_fails_with_the_guards_message() -> None:
    before = list(_BOUNDS)  # the plugin's bound on this test
    with pytest.raises(CpuBoundExceeded, match=r"spent more than 0\.1 s of CPU: a spinning block"):
        with cpu_bound(0.1, "a spinning block"):
            spin()
    assert _BOUNDS == before  # each block removed its own bound


def test_the_innermost_bound_that_runs_out_names_the_block() -> None:
    before = list(_BOUNDS)
    with pytest.raises(CpuBoundExceeded, match="the outer block"):
        with cpu_bound(0.3, "the outer block"):
            with pytest.raises(CpuBoundExceeded, match="the inner block"):
                with cpu_bound(0.1, "the inner block"):
                    spin()
            spin()  # the outer bound is armed again after the inner one fired
    assert _BOUNDS == before  # each block removed its own bound


def test_waiting_spends_no_cpu_so_it_never_trips_the_guard() -> None:
    with cpu_bound(0.2, "a sleeping block"):
        time.sleep(0.6)  # three times the bound in wall time, almost no CPU


def test_a_bound_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        with cpu_bound(0, "nothing"):
            pass


#: The bounds are small (0.1-0.3 s, session 42: 0.2-0.6 s until then) because every tenth of a second a bound
#: allows is CPU the test spends spinning before the guard fires; the guard's timer counts much finer than that.
SPINNING_TESTS = f'''
import time

import pytest


def spin():
    end = time.process_time() + {GIVE_UP}
    while time.process_time() < end:
        pass


def test_spins():
    spin()


@pytest.mark.cpu_bound(0.1)
def test_spins_under_its_own_mark():
    spin()


def test_sleeps():
    time.sleep(1.0)
'''


@pytest.mark.parametrize("workers", [[], ["-n", "1"]], ids=["in-process", "xdist-worker"])
def test_the_plugin_fails_a_spinning_test_and_passes_a_sleeping_one(tmp_path: Path, workers: list[str]) -> None:
    (tmp_path / "test_spinning.py").write_text(SPINNING_TESTS, encoding="utf-8")
    # Only the plugins this run is about (the guard, xdist for its worker, pytest-timeout switched off as in a
    # campaign): loading every installed plugin (Hypothesis, pytest-benchmark, ...) cost two thirds of its CPU.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-p", "pytest_timeout",
                           "-p", "cpu_guard", "-p", "no:cacheprovider",
                           "-o", "cpu_bound=0.2", "-o", "timeout=0", "-rA", *workers, "test_spinning.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "spent more than 0.2 s of CPU: call of test_spinning.py::test_spins" in out, out
    assert "spent more than 0.1 s of CPU: call of test_spinning.py::test_spins_under_its_own_mark" in out, out
    assert "PASSED test_spinning.py::test_sleeps" in out, out
    assert "2 failed, 1 passed" in out, out
