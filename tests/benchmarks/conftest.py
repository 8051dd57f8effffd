"""Access to the benchmark baselines (``benchmarks/baselines/``) without putting ``benchmarks/`` on
``sys.path`` (its top-level modules, ``common`` and ``harness``, would shadow others for the session)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "benchmarks" / "baselines"


def baseline(game: str) -> ModuleType:
    """The baseline module of ``game`` (``benchmarks/baselines/<game>.py``), imported as ``baselines.<game>``."""
    if "baselines" not in sys.modules:
        spec = importlib.util.spec_from_file_location("baselines", PACKAGE / "__init__.py",
                                                      submodule_search_locations=[str(PACKAGE)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["baselines"] = module
        spec.loader.exec_module(module)
    return importlib.import_module(f"baselines.{game}")


@pytest.fixture(scope="session")
def load_baseline() -> object:
    """:func:`baseline`, for the tests (``load_baseline("take5").play(rng, players)``)."""
    return baseline
