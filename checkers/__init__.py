"""Everything that checks the rules, in wings (sub-packages), lowest first.

=============  ==============================================================
wing           what it holds
=============  ==============================================================
``certcheck``  the independent certificate checker (standard library only)
``render``     SVG pictures of positions
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

from importlib import metadata as _metadata

try:
    #: The installed distribution's version (``ruleproof`` itself is a namespace package, so the
    #: version lives here, in the package every command imports; ``ruleproof --version`` prints it).
    __version__: str = _metadata.version("ruleproof")
except _metadata.PackageNotFoundError:  # a bare source tree that was never installed
    __version__ = "0+unknown"

#: The wings from lowest to highest: a wing may import only wings before it.
WING_ORDER: tuple[str, ...] = (
    "certcheck", "render", "checks", "catalogue", "explore", "smt", "proofs", "analysis", "campaign", "interop", "view",
    "cli",
)
