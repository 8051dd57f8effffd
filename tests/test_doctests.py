"""Run the ``>>>`` examples of every ruleproof module as doctests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ("ruleproof.spec", "ruleproof.model", "ruleproof.checkers")
#: Modules whose import needs an optional extra.
OPTIONAL = {"ruleproof.checkers.interop.openspiel": "pyspiel"}


def _modules() -> list[str]:
    names = []
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        names.append(package_name)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_doctests(name: str) -> None:
    if name in OPTIONAL:
        pytest.importorskip(OPTIONAL[name])
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"
