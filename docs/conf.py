"""Sphinx configuration of the ruleproof documentation.

The annotated rulebook pages and the schemas are generated at build time by
the ``_ext/ruleproof_docs`` package from the spec registry (Jinja2 templates in
``_templates/ruleproof``); the CLI reference comes from the parser through
sphinx-argparse and the curated Python API page from the docstrings through
autosummary. Theme: Furo. Build with::

    .venv/bin/sphinx-build -W -b html docs docs/_build/html
    .venv/bin/sphinx-build -W -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from ruleproof.checkers.explore.collector import batch_thresholds

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

# A build is batch work: Sphinx makes millions of short-lived objects above a heap of long-lived ones (the doctrees,
# the environment), and with the interpreter's young threshold (700) the collector rescans that heap again and
# again. As for the audit's workers (ruleproof.checkers.explore.collector.batch_thresholds): what is loaded so far
# is frozen out of the scans and a young collection waits for BATCH_YOUNG_THRESHOLD allocations; cyclic garbage is
# still collected. Measured on the HTML build (-E, warm caches, alternating): 20.6 s user without, 18.4 s with.
batch_thresholds()

project = "ruleproof"
author = "the ruleproof developers"
copyright = "the ruleproof developers"  # noqa: A001 - Sphinx's name
release = "0.1.0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "sphinx.ext.autosummary",
    "sphinxarg.ext",
    "ruleproof_docs",
    "ruleproof_smt2",
    "ruleproof_navcache",
]
templates_path = ["_templates"]
autosummary_generate = True
autosummary_imported_members = False

root_doc = "index"
exclude_patterns = ["_build", "_ext", "_templates", "_smt2", "_pdf", "Thumbs.db", ".DS_Store"]
language = "en"
nitpicky = False

html_theme = "furo"
html_static_path = ["_static"]
# The witness replays (self-contained pages written by _ext/ruleproof_docs) are
# published at /replays/ID.html.
html_extra_path = ["_generated/extra"]
(Path(__file__).resolve().parent / "_generated" / "extra").mkdir(parents=True, exist_ok=True)
html_css_files = ["ruleproof.css"]
html_title = "ruleproof"
html_search_scorer = str(Path(__file__).resolve().parent / "_static" / "rp-scorer.js")
# Furo's sidebar is computed once per folder and marked per page (_ext/ruleproof_navcache.py); on these
# pages (the root, a folder index, a game and its deepest pages, an API page, a generated index) Furo
# computes its own as well and a difference fails the build.
ruleproof_navcache_check = ["index", "games/index", "games/bigfive", "games/bigfive/source",
                            "games/bigfive/source-2", "games/ikebana/rules-3-2",
                            "reference/api/generated/ruleproof.spec.core.Rule", "genindex"]
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

#: API pages whose modules import an optional extra at their top: tag → (the
#: module the extra provides, the page, its generated entries). Where the extra
#: is missing the page is left out and the API index says which extra builds it,
#: so ``pip install -e '.[docs]'`` alone builds the site (a stand-in module would
#: not do: the OpenSpiel adapter computes with pyspiel's constants as it loads).
#: tests/docs/test_docs_extra.py checks that nothing else needs an extra.
EXTRA_PAGES = {
    "openspiel": ("pyspiel", "reference/api/openspiel.rst",
                  "reference/api/generated/ruleproof.checkers.interop.openspiel.*"),
}
for _tag, (_module, _page, _entries) in EXTRA_PAGES.items():
    if importlib.util.find_spec(_module) is not None:
        tags.add(_tag)  # noqa: F821 - Sphinx puts ``tags`` in conf.py's namespace
    else:
        exclude_patterns += [_page, _entries]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"

# The docstrings' own ``>>>`` examples run as the project's doctests under
# pytest (with their module's namespace); the doctest builder runs only the
# ``.. doctest::`` blocks written for these pages.
doctest_test_doctest_blocks = ""
# Optional extras: a page's doctest that needs one says ``:skipif: pyspiel is None``.
doctest_global_setup = """
import ruleproof
try:
    import pyspiel
except ImportError:
    pyspiel = None
"""

viewcode_line_numbers = True

# The printable annotated rulebooks as PDF, one per game from its print page
# (``games/GAME/print``, docs/_ext/ruleproof_docs/print_pages.py), typeset by
# rinohtype (``pip install -e '.[pdf]'``; ``sphinx-build -b rinoh docs docs/_build/pdf``)
# in DejaVu, which covers the Russian quotations (docs/_pdf/ruleproof.rts). The
# witness pictures are SVG, which rinohtype cannot embed: CairoSVG converts them
# to PDF (sphinxcontrib-svg2pdfconverter). Pass ``-D ruleproof_pdf_dir=docs/_build/pdf``
# to the HTML build to offer the PDFs on the print pages.
if importlib.util.find_spec("sphinxcontrib.cairosvgconverter") is not None:
    extensions.append("sphinxcontrib.cairosvgconverter")


def _rinoh_documents() -> list[dict[str, str | bool]]:
    from ruleproof.model.registry import available_games
    from ruleproof.spec.registry import spec_for

    return [{"doc": f"games/{game}/print", "target": f"ruleproof-{game}", "template": "_pdf/ruleproof.rtt",
             "title": spec_for(game).title, "subtitle": "the annotated rulebook", "author": author,
             "domain_indices": False}
            for game in available_games()]


rinoh_documents = _rinoh_documents()

# ruleproof_docs: compute the findings (quick forms) and draw the worked examples.
ruleproof_findings = True
ruleproof_capture_examples = True
html_favicon = "_static/favicon.svg"
smartquotes = False
