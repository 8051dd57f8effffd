"""The annotated rulebook site builds with warnings as errors and shows what it promises.

One fresh HTML build per session (``conftest.html_build``), then its pages are
read back: every rule of every game with its id as an anchor, its source, its
predicate linked to the highlighted source, its covering tests; the worked
examples with pictures; ambiguities and flags; findings; the CLI reference,
the schemas and the API reference. The page doctests run with the doctest
builder, and a traceability gap must fail the build.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import re
from collections.abc import Callable
import pkgutil
from pathlib import Path
from typing import Any

import pytest
from docutils.nodes import make_id

from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.cli.main import build_parser
from ruleproof.checkers.analysis.traceability import worked_examples, scan_tests, covering_tests
from ruleproof.model.records import RECORD_SCHEMA
from ruleproof.model.registry import available_games
from ruleproof.spec.registry import MissingPartError, load_part, spec_for

Build = Any  # conftest.Build
Page = Any  # conftest.Page
SphinxBuild = Callable[..., Any]

GAMES = available_games()
TESTS = scan_tests()


def _has_renderer(game: str) -> bool:
    try:
        return hasattr(load_part(game, "renderer"), "render_svg")
    except MissingPartError:
        return False


def test_html_build_passes_with_warnings_as_errors(html_build: Build) -> None:
    assert html_build.returncode == 0, html_build.describe()
    assert "build succeeded" in html_build.output
    print(f"html build: {html_build.seconds:.1f} s")


def test_home_and_getting_started_give_the_readme_commands(pages: dict[str, Page], docs_build_dir: Path) -> None:
    text = pages["getting-started.html"].text
    readme = (docs_build_dir.parents[1] / "README.md").read_text(encoding="utf-8")
    commands = [line.strip() for line in readme.splitlines() if line.strip().startswith("python3 -m venv")]
    audit = [c for c in commands if "ruleproof audit" in c]
    tests = [c for c in commands if c.endswith("pytest")]
    assert audit and tests, "the README gives both commands"
    assert audit[0] in text and tests[0] in text
    home = pages["index.html"]
    for target in ("getting-started.html", "games/index.html", "howto/check-a-reading.html", "reference/cli.html",
                   "reference/schemas.html", "reference/api/index.html"):
        assert target in home.links, target


@pytest.mark.parametrize("game", GAMES)
def test_game_page_shows_every_rule_with_id_source_and_tests(game: str, pages: dict[str, Page]) -> None:
    page = pages[f"games/{game}.html"]
    spec = spec_for(game)
    covered = covering_tests(TESTS)
    assert spec.title in page.text and spec.rulebook in page.text
    for rule in spec.rules:
        assert rule.id in page.ids, f"no anchor #{rule.id}"
        assert rule.title in page.text, rule.id
        assert " ".join(rule.text.split()) in page.text, f"{rule.id}: restatement missing"
        assert f"§ «{rule.source.section}»" in page.text, f"{rule.id}: source heading missing"
        for test in covered[rule.id]:
            assert test.name in page.text, f"{rule.id}: covering test {test.name} not listed"
    for amb in spec.ambiguities:
        assert amb.id in page.ids, f"no anchor #{amb.id}"
        assert " ".join(amb.question.split()) in page.text
        for reading in amb.readings:
            assert " ".join(reading.description.split()) in page.text, f"{amb.id}: reading missing"
        if amb.flag:
            assert make_id(f"flag-{game}-{amb.flag}") in page.ids
    for f in dataclasses.fields(spec.variant_type):
        assert make_id(f"flag-{game}-{f.name}") in page.ids, f"flag {f.name} has no row"


@pytest.mark.parametrize("game", GAMES)
def test_game_page_shows_every_finding(game: str, site: Path, pages: dict[str, Page], docs_build_dir: Path) -> None:
    page = pages[f"games/{game}.html"]
    published = json.loads((docs_build_dir.parent / "_generated" / "site.json").read_text(encoding="utf-8"))[game]
    assert sorted(published["findings"]) == sorted(q.id for q in questions(game))
    for finding_id in published["findings"]:
        assert finding_id in page.ids, f"no anchor #{finding_id}"
    if not published["findings"]:
        assert "No findings are recorded for this game yet." in page.text


@pytest.mark.parametrize("game", GAMES)
def test_predicates_link_to_their_highlighted_source(game: str, site: Path, pages: dict[str, Page]) -> None:
    page = pages[f"games/{game}.html"]
    module = f"ruleproof.spec.{game}"
    source_page = f"../_modules/ruleproof/spec/{game}.html"
    linked = {link.split("#", 1)[1] for link in page.links if link.startswith(source_page + "#")}
    assert linked, "no [source] link to the spec module"
    target = pages[f"_modules/ruleproof/spec/{game}.html"]
    assert linked <= target.ids, f"source anchors missing: {sorted(linked - target.ids)[:5]}"
    for rule in spec_for(game).rules:
        check = rule.check
        if check.__module__ == module and check.__qualname__ == check.__name__ != "<lambda>":
            assert check.__name__ in linked, f"{rule.id}: predicate {check.__name__} not linked"
            assert f"{module}.{check.__name__}" in page.ids, f"{rule.id}: no anchor for the [docs] back link"
    assert any(link.startswith(f"../../../games/{game}.html#") for link in target.links), "no [docs] back link"


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_are_shown_with_pictures(game: str, site: Path, pages: dict[str, Page]) -> None:
    page = pages[f"games/{game}.html"]
    examples = worked_examples(TESTS, game, [r.id for r in spec_for(game).rules])
    for test in examples:
        assert test.name in page.text
        assert f"example-{game}-{test.name}".replace("_", "-") in page.ids
    pictures = [src for src in page.images if src.endswith(".svg")]
    if _has_renderer(game) and examples:
        assert pictures, "a game with an SVG renderer shows its examples' positions"
    for src in pictures:
        assert (site / "games" / src).resolve().is_file(), src


def test_cli_reference_lists_every_subcommand_and_option(pages: dict[str, Page]) -> None:
    text = pages["reference/cli.html"].text
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, child in sub.choices.items():
        assert f"ruleproof {name}" in text, name
        for action in child._actions:
            for option in action.option_strings:
                if option in ("-h", "--help"):
                    continue
                assert option in text, f"{name} {option}"


def test_schemas_page_publishes_the_record_schema(site: Path, pages: dict[str, Page]) -> None:
    page = pages["reference/schemas.html"]
    assert RECORD_SCHEMA["title"] in page.text
    downloads = [link for link in page.links if link.endswith("record.schema.json")]
    assert downloads
    published = json.loads((site / "reference" / downloads[0]).resolve().read_text(encoding="utf-8"))
    assert published == json.loads(json.dumps(RECORD_SCHEMA))
    try:
        proofs = importlib.import_module("ruleproof.checkers.proofs.core")
    except ImportError:
        return
    if hasattr(proofs, "CERTIFICATE_SCHEMA"):
        assert any(link.endswith("certificate.schema.json") for link in page.links)


def test_api_reference_has_a_page_per_module(pages: dict[str, Page]) -> None:
    for package in ("ruleproof.spec", "ruleproof.model", "ruleproof.checkers"):
        module = importlib.import_module(package)
        names = [package] + [i.name for i in pkgutil.walk_packages(module.__path__, prefix=package + ".")
                             if not i.name.rsplit(".", 1)[-1].startswith("_")]
        for name in names:
            assert f"reference/api/{name}.html" in pages, name
    core = pages["reference/api/ruleproof.spec.core.html"]
    assert "ruleproof.spec.core.Rule" in core.ids


def test_howto_explains_flipping_a_flag_and_comparing_audits(pages: dict[str, Page]) -> None:
    text = pages["howto/check-a-reading.html"].text
    assert "--variant professional=yes" in text
    assert "audit-diff before.json after.json" in text


def test_page_doctests_pass(html_build: Build, sphinx_build: SphinxBuild, tmp_path: Path) -> None:
    assert html_build.returncode == 0, html_build.describe()
    run = sphinx_build("doctest", tmp_path / "doctest")
    assert run.returncode == 0, run.describe()
    summary = run.output.split("Doctest summary")[-1]
    assert " 0 failures in tests" in summary, run.describe()
    count = re.search(r"(\d+) tests", summary)
    assert count is not None and int(count.group(1)) >= 10, run.describe()


def test_invalid_build_without_covering_tests_fails(tmp_path: Path, sphinx_build: SphinxBuild) -> None:
    """A rule without a covering test is a Sphinx warning, so ``-W`` fails the build."""
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_one.py").write_text(
        'import pytest\n\n@pytest.mark.rule("T5-SETUP-1")\ndef test_only_one():\n    pass\n', encoding="utf-8")
    run = sphinx_build("html", tmp_path / "out", "-D", f"ruleproof_tests_dir={tests}", "-D", "ruleproof_findings=0",
                       "-D", "ruleproof_capture_examples=0", "-d", str(tmp_path / "doctrees"))
    assert run.returncode != 0
    assert "no covering test" in run.output
    assert "T5-DEAL-1" in run.output  # named, while the covered T5-SETUP-1 is not
    assert "T5-SETUP-1: no covering test" not in run.output


def test_generated_sources_are_not_committed(docs_build_dir: Path) -> None:
    ignore = (docs_build_dir.parent / ".gitignore").read_text(encoding="utf-8")
    for folder in ("/games/", "/reference/", "/_generated/", "/_build/"):
        assert folder in ignore


@pytest.mark.parametrize("game", GAMES)
def test_every_flagged_ambiguity_shows_its_measured_diff(game: str, pages: dict[str, Page]) -> None:
    """Each non-default reading of a flagged ambiguity has its ``ruleproof diff`` verdict on the page."""
    page = pages[f"games/{game}.html"]
    spec = spec_for(game)
    expected = sum(1 for amb in spec.ambiguities if amb.flag for r in amb.readings if r.value != amb.default)
    assert page.text.count("Measured (ruleproof diff") >= expected
    for amb in spec.ambiguities:
        if amb.flag:
            assert f"ruleproof diff {game} --a " in page.text and amb.flag in page.text
