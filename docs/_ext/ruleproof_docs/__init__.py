"""Sphinx extension: the annotated rulebooks, generated from the spec registry.

At ``builder-inited`` (:mod:`.generate`) it gathers every game's
specification, the tests and their markers, the findings (from
``$RULEPROOF_AUDIT_JSON`` or solved), pictures of witnesses and worked
examples, and the measured reading comparisons (:mod:`.gather`); checks
traceability and rulebook coverage; and renders the pages from the Jinja2
templates in ``docs/_templates/ruleproof`` (:mod:`.rst`, :mod:`.game_pages`,
:mod:`.site_pages`). The roles and directives the pages use are in
:mod:`.directives`.

Modules, one job each: :mod:`.audit_input` (reading an audit's JSON),
:mod:`.gather` (the expensive data, cached), :mod:`.context` (one game's
data), :mod:`.measured` (the ``ruleproof diff`` command of a measured
block), :mod:`.game_pages` and :mod:`.site_pages` (page contents),
:mod:`.rst` (escaping and templates), :mod:`.generate` (checks and writing),
:mod:`.directives` (roles and directives), :mod:`.tryit` (the try-it board on
the pages, with :mod:`.tryit_board` running in the browser).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from .coverage_view import QuotedParagraphDirective
from .engine_links import EngineDirective, follow_engine_source
from .directives import AnchorDirective, PredicateDirective, _drop_unreadable_viewcode_modules, badge_role, rule_role
from .gather import CACHE_VERSION
from .cards import OBJECT_TYPE as CARD_OBJECT
from .cards import CardDirective
from .generate import generate
from .search_index import MemoisedEnglish, command_names_in_search
from .tryit import setup_tryit


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("ruleproof_findings", True, "env", bool)
    # The finding ids a build answers (empty: every question of every catalogue, as the published site). The
    # tests' build answers a sample (tests/docs/conftest.py: CATALOGUE_SAMPLE) and its pages say so.
    app.add_config_value("ruleproof_findings_sample", [], "env", list)
    app.add_config_value("ruleproof_capture_examples", True, "env", bool)
    app.add_config_value("ruleproof_reading_diffs", True, "env", bool)
    app.add_config_value("ruleproof_traceability_fatal", True, "env", bool)
    app.add_config_value("ruleproof_tests_dir", "", "env", str)
    # A folder of PDFs built by ``sphinx-build -b rinoh`` that the HTML's print pages offer for download.
    app.add_config_value("ruleproof_pdf_dir", "", "env", str)
    app.add_object_type("rp-rule", "rp-rule", objname="rule, ambiguity or finding")
    app.add_role("rule", rule_role)
    app.add_role("rp-badge", badge_role)
    app.add_directive("rp-anchor", AnchorDirective)
    app.add_directive("rp-predicate", PredicateDirective)
    # The card lookup (cards.py): entries registered as search objects ``GAME.KEY``.
    app.add_object_type(CARD_OBJECT, CARD_OBJECT, objname="card")
    app.add_directive("rp-card-entry", CardDirective)
    app.add_directive("rp-paragraph", QuotedParagraphDirective)
    app.add_directive("rp-engine", EngineDirective)
    app.connect("viewcode-follow-imported", follow_engine_source)
    app.add_css_file("rp-content.css")
    app.connect("builder-inited", generate)
    app.connect("env-updated", command_names_in_search)
    app.add_search_language(MemoisedEnglish)
    setup_tryit(app)
    app.connect("html-collect-pages", _drop_unreadable_viewcode_modules, priority=400)
    return {"version": "2", "parallel_read_safe": False, "parallel_write_safe": True, "env_version": CACHE_VERSION}
