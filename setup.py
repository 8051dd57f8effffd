"""The optional compiled build: ``RULEPROOF_MYPYC=1`` compiles ``model/`` (engines and fast paths) with mypyc.

Everything else about the distribution lives in ``pyproject.toml``; without the variable this file adds
nothing and the package is pure Python, the default. With it, the wheel also holds a C extension for every
module of :data:`COMPILED`, which Python imports instead of the ``.py`` beside it (same behaviour, the
engine tests run against it: ``tests/model/test_compiled_build.py``)::

    RULEPROOF_MYPYC=1 pip install .                       # build and install the compiled package
    RULEPROOF_MYPYC=1 pip wheel --no-deps -w dist .       # or only the wheel

mypy (which ships mypyc) is asked for as a build requirement only then, and a C compiler is needed. At run time
the compiled Take 5 loop (``model/take5_native.py``) imports ``librt.vecs``, mypy's runtime library (the
``compiled`` extra: ``RULEPROOF_MYPYC=1 pip install '.[compiled]'``); without it the engine plays its own loop.
``.ci/compiled`` builds the wheel in a fresh environment and runs the engine, spec and conformance tests
against it.

The layers live in top-level folders mapped onto ``ruleproof.*`` (``package-dir`` in ``pyproject.toml``), but
mypyc names a module after the folders it sits in; so it reads them from a tree of links,
``build/mypyc-src/ruleproof/{spec,model}``, where each module's path is its import name.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
#: The modules compiled: the engines and their fast paths. model/'s readers and writers of files (codec, inputs,
#: outputs, readings, records, registry) stay Python: they are not what a playout spends its time in.
COMPILED = ("core.py", "draws.py", "take5.py", "take5_native.py", "bigfive.py", "bigfive_fast.py", "bigfive_free.py", "bigfive_index.py",
            "bigpoints.py", "cinco.py", "ikebana.py")
#: Where the tree of links is made.
SOURCE_TREE = ROOT / "build" / "mypyc-src"


def _link_tree() -> Path:
    """``build/mypyc-src/ruleproof/{spec,model}`` as links to the layers' folders; its root returned."""
    package = SOURCE_TREE / "ruleproof"
    package.mkdir(parents=True, exist_ok=True)
    for layer in ("spec", "model"):
        link = package / layer
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(ROOT / layer, target_is_directory=True)
    return SOURCE_TREE


def _compiled_extensions() -> list[object]:
    from mypyc.build import mypycify  # only for the compiled build: mypy is its build requirement

    tree = _link_tree()
    previous = os.getcwd()
    os.chdir(tree)  # --explicit-package-bases names modules from here: ruleproof/model/take5.py -> ruleproof.model.take5
    try:
        return list(mypycify(
            ["--explicit-package-bases", "--config-file", str(ROOT / "pyproject.toml"),
             *(f"ruleproof/model/{name}" for name in COMPILED)],
            # No debug information: it is most of what the C compiler spends beyond the code itself (its -g1 and
            # Python's own -g; -g0 compiled core 17 % faster) and no user of the wheel reads it.
            opt_level="3", debug_level="0", target_dir=str(ROOT / "build" / "mypyc"),
            # One extension a module. Besides building in parallel, separate compilation is what makes a
            # compiled method accept an instance of a Python subclass (tests and restricted engines derive
            # the engines): with the whole program known, mypyc checks ``self`` against the exact class.
            separate=True,
        ))
    finally:
        os.chdir(previous)


if os.environ.get("RULEPROOF_MYPYC") == "1":
    try:
        import mypyc.build  # noqa: F401
    except ImportError:  # pip's first pass in an isolated build: ask for mypy, build nothing yet
        setup(setup_requires=["mypy>=1.10"])
        sys.exit(0)
    # One extension a module, each compiled with mypyc's runtime: as many compilers at once as there are cores.
    setup(ext_modules=_compiled_extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
else:
    setup()
