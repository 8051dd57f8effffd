"""Sphinx configuration of the ruleproof documentation.

The annotated rulebook pages, the CLI reference, the schemas and the API
reference are generated at build time by ``_ext/ruleproof_docs.py`` from the
spec registry; only the home page, the getting-started page and the how-to are
written by hand. Build with::

    .venv/bin/sphinx-build -W -b html docs docs/_build/html
    .venv/bin/sphinx-build -W -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "ruleproof"
author = "the ruleproof developers"
copyright = "the ruleproof developers"  # noqa: A001 - Sphinx's name
release = "0.1.0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "ruleproof_docs",
]

root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
language = "en"
nitpicky = False

html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["ruleproof.css"]
html_title = "ruleproof"
html_theme_options = {
    "description": "Tabletop rulebooks as executable specifications",
    "fixed_sidebar": True,
    "page_width": "1180px",
    "sidebar_width": "250px",
}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}

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

# ruleproof_docs: compute the findings (quick forms) and draw the worked examples.
ruleproof_findings = True
ruleproof_capture_examples = True
html_favicon = "_static/favicon.svg"
smartquotes = False
