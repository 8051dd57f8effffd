"""Everything that checks the rules, in wings (sub-packages), lowest first.

=============  ==============================================================
wing           what it holds
=============  ==============================================================
``certcheck``  the independent certificate checker (standard library only)
``render``     pictures of positions: SVG, and text for terminals
``policies``   players: random, per-game greedy, MCTS and IS-MCTS on one seat's view
``checks``     engine checks: conformance, fuzzing, validation, simulation
``catalogue``  named questions about each rulebook, findings, manifests
``explore``    exhaustive state-space graphs of reduced configurations
``smt``        the Z3 layer: encodings, cores, witnesses
``proofs``     legal-move certificates (producer side)
``analysis``   well-formedness, reading comparison, audit, traceability
``campaign``   long work in deterministic chunks on Dask, resumable
``interop``    adapters to other frameworks (OpenSpiel)
``view``       seeing games: the HTML replay viewer, witnesses as records, interactive play
``cli``        the ``ruleproof`` command line
=============  ==============================================================

A wing imports only ``ruleproof.spec``, ``ruleproof.model`` and wings listed
before it in :data:`WING_ORDER` (each wing's docstring names the ones it
uses); ``tests/test_architecture.py`` checks this from the code's imports.
"""


def __getattr__(name: str) -> str:
    """``__version__``: the installed distribution's version, looked up on first use.

    ``ruleproof`` itself is a namespace package, so the version lives here, in
    the package every command imports; ``ruleproof --version`` and every JSON
    output print it. The lookup imports :mod:`importlib.metadata` (the biggest
    single import of a bare ``ruleproof --help``), so it waits until asked.

    >>> import ruleproof.checkers as checkers
    >>> checkers.__version__ == checkers.__version__ != ""
    True
    """
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import metadata

    try:
        version = metadata.version("ruleproof")
    except metadata.PackageNotFoundError:  # a bare source tree that was never installed
        version = "0+unknown"
    globals()["__version__"] = version  # later lookups find the module attribute
    return version


#: The wings from lowest to highest: a wing may import only wings before it.
WING_ORDER: tuple[str, ...] = (
    "certcheck", "render", "policies", "checks", "catalogue", "explore", "smt", "proofs", "analysis", "campaign", "interop",
    "view", "cli",
)
