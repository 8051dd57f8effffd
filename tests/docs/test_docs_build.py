"""The annotated rulebook site builds with warnings as errors and shows what it promises.

One fresh HTML build per session (``conftest.html_build``), then its pages are
read back: every rule of every game on its section's page with its id as an
anchor, the rulebook passage it encodes (original Russian) beside our
restatement, its source, its predicate linked to the highlighted source and
its covering tests; the source view of every rulebook with every paragraph
and the coverage figure; the worked examples with pictures; ambiguities,
flags and honest "Measured" commands; findings with pictures, and the
findings overview; the CLI reference, the schemas and the Python API page.
The page doctests run with the doctest builder, and a traceability gap or a
rulebook coverage below 100 % must fail the build.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from docutils.nodes import make_id

from ruleproof.checkers.analysis.traceability import covering_tests, scan_tests, worked_examples
from ruleproof.checkers.catalogue.questions import questions
from ruleproof.checkers.cli.main import build_parser
from ruleproof.model.io.records import RECORD_SCHEMA
from ruleproof.model.registry import available_games
from ruleproof.spec import sources
from ruleproof.spec.registry import MissingPartError, load_part, spec_for

Build = Any  # conftest.Build
Page = Any  # conftest.Page
SphinxBuild = Callable[..., Any]

GAMES = available_games()
ROOT = Path(__file__).resolve().parents[2]
TESTS = scan_tests(Path(__file__).resolve().parents[2] / "tests", base=Path(__file__).resolve().parents[2])


def _flat(text: str) -> str:
    return " ".join(text.split())


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
    tests = [c for c in commands if "bin/pytest" in c]
    assert audit and tests, "the README gives both commands"
    assert audit[0] in text and tests[0] in text
    home = pages["index.html"]
    for target in ("getting-started.html", "games/index.html", "howto/check-a-reading.html", "reference/cli.html",
                   "reference/schemas.html", "reference/api/index.html"):
        assert target in home.links, target


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_on_its_section_page_with_its_passage_beside_the_restatement(
        game: str, pages: dict[str, Page], published: dict[str, Any]) -> None:
    spec = spec_for(game)
    covered = covering_tests(TESTS)
    overview = pages[f"games/{game}.html"]
    assert spec.title in overview.text and spec.rulebook in overview.text
    where = published[game]["rules"]
    assert sorted(where) == sorted(r.id for r in spec.rules)
    for rule in spec.rules:
        page = pages[where[rule.id]]
        assert rule.id in page.ids, f"no anchor #{rule.id} on {where[rule.id]}"
        assert rule.title in page.text, rule.id
        assert _flat(rule.text) in page.text, f"{rule.id}: restatement missing"
        assert f"§ «{rule.source.section}»" in page.text, f"{rule.id}: source heading missing"
        for passage in sources.passages_for(game, rule.id):
            assert f"«{_flat(passage.text)}»" in page.text, f"{rule.id}: the quoted passage is not shown"
        for test in covered[rule.id]:
            assert test.name in page.text, f"{rule.id}: covering test {test.name} not listed"
        assert f"{rule.id}" in overview.text, f"{rule.id} missing from the overview"


@pytest.mark.parametrize("game", GAMES)
def test_ambiguities_page_shows_readings_quotes_and_flags(game: str, pages: dict[str, Page],
                                                          published: dict[str, Any]) -> None:
    spec = spec_for(game)
    where = published[game]["ambiguities"]
    ids = set().union(*(pages[p].ids for p in set(where.values())))
    for amb in spec.ambiguities:
        page = pages[where[amb.id]]
        assert amb.id in page.ids, f"no anchor #{amb.id}"
        assert _flat(amb.question) in page.text
        if amb.quote:
            assert _flat(amb.quote) in page.text, f"{amb.id}: the quoted text is not shown"
        for reading in amb.readings:
            assert _flat(reading.description) in page.text, f"{amb.id}: reading missing"
        if amb.flag:
            assert make_id(f"flag-{game}-{amb.flag}") in ids
    for f in dataclasses.fields(spec.variant_type):
        assert make_id(f"flag-{game}-{f.name}") in ids, f"flag {f.name} has no row"


@pytest.mark.parametrize("game", GAMES)
def test_source_view_shows_every_paragraph_with_what_encodes_it(game: str, pages: dict[str, Page],
                                                                  published: dict[str, Any],
                                                                  source_view: Callable[[str], Page]) -> None:
    page = source_view(game)  # the source view of a long rulebook is in parts (source.html, source-2.html, …)
    coverage = sources.coverage(game)
    assert published[game]["coverage"]["figure"] == coverage.figure == 1.0
    assert "100 %" in pages[f"games/{game}.html"].text, "the overview shows the coverage figure"
    for entry in coverage.entries:
        number = entry.paragraph.number
        assert f"src-{game}-{number}" in page.ids, f"paragraph {number} has no anchor"
        assert f"¶ {number}" in page.text
        assert _flat(entry.paragraph.text) in page.text, f"paragraph {number} not shown verbatim"
        if entry.justification is not None:
            assert _flat(entry.justification.reason) in page.text, f"paragraph {number}: justification missing"
    encoded = {i for e in coverage.entries for i in e.encoded_by}
    rule_links = {link.split("#", 1)[1] for link in page.links if "#" in link}
    assert encoded <= rule_links, f"not linked from the source view: {sorted(encoded - rule_links)[:5]}"


def _findings_page_shows(game: str, asked: list[str], pages: dict[str, Page], published: dict[str, Any]) -> None:
    """``game``'s findings pages show each of ``asked`` (and nothing else) with a picture or its witness."""
    findings = published[game]["findings"]
    assert sorted(findings) == sorted(asked)
    for finding_id, shown in findings.items():
        page = pages[shown["page"]]
        assert finding_id in page.ids, f"no anchor #{finding_id} on {shown['page']}"
        pictures = [src for src in page.images if src.endswith(".svg")]
        if shown["verdict"] == "sat" and shown["witness"] is not None:
            assert pictures or "Witness (JSON)" in page.text, f"{finding_id}: neither a picture nor the witness"
    if not findings:
        assert "No findings are recorded for this game yet." in pages[f"games/{game}/findings.html"].text


@pytest.mark.parametrize("game", GAMES)
def test_findings_page_shows_every_finding_with_a_picture_or_its_witness(
        game: str, html_build: Build, pages: dict[str, Page], published: dict[str, Any]) -> None:
    """Every finding the build answered: the default run's build a sample of each catalogue (``conftest``'s
    ``CATALOGUE_SAMPLE``), a whole build every question (and the slow test below checks that it is whole)."""
    asked = html_build.asked(game)
    assert asked, f"the build answered no question of {game}"
    _findings_page_shows(game, asked, pages, published)


@pytest.mark.slow
def test_a_whole_build_shows_every_finding_of_every_catalogue(
        html_build: Build, site: Path, pages: dict[str, Page], published: dict[str, Any]) -> None:
    """The published build's findings: every question of every catalogue on its game's pages and the overview
    (``-m slow``: a session that runs slow tests builds the whole catalogue; ``.ci/extra`` runs it)."""
    assert html_build.sample is None, "a session with slow tests builds the whole catalogue"
    for game in GAMES:
        _findings_page_shows(game, [q.id for q in questions(game)], pages, published)
    test_findings_overview_lists_every_finding_of_every_game_with_a_picture(html_build, site, pages, published)


def test_findings_overview_lists_every_finding_of_every_game_with_a_picture(
        html_build: Build, site: Path, pages: dict[str, Page], published: dict[str, Any]) -> None:
    page = pages["games/findings.html"]
    every = [(game, f) for game in GAMES for f in published[game]["findings"]]
    assert sorted(every) == sorted((game, f) for game in GAMES for f in html_build.asked(game))
    if html_build.sample is None:
        assert len(every) >= 40
    else:
        assert "This build answered a sample of the catalogue" in page.text
    for game, finding_id in every:
        target = published[game]["findings"][finding_id]["page"].removeprefix("games/")
        assert f"{target}#{finding_id}" in page.links, f"{finding_id} not linked from the overview"
    images = [src for src in page.images if src.endswith(".svg")]
    assert len(images) >= len(every), f"{len(images)} pictures for {len(every)} findings"
    for src in images:
        assert (site / "games" / src).resolve().is_file(), src


@pytest.mark.parametrize("game", GAMES)
def test_predicates_link_to_their_highlighted_source(game: str, site: Path, pages: dict[str, Page],
                                                      published: dict[str, Any]) -> None:
    module = f"ruleproof.spec.{game}"
    source_page = f"../../_modules/ruleproof/spec/{game}.html"
    rule_pages = sorted(set(published[game]["rules"].values()))
    linked = {link.split("#", 1)[1] for p in rule_pages for link in pages[p].links
              if link.startswith(source_page + "#")}
    ids = set().union(*(pages[p].ids for p in rule_pages))
    assert linked, "no [source] link to the spec module"
    target = pages[f"_modules/ruleproof/spec/{game}.html"]
    assert linked <= target.ids, f"source anchors missing: {sorted(linked - target.ids)[:5]}"
    for rule in spec_for(game).rules:
        check = rule.check
        if check.__module__ == module and check.__qualname__ == check.__name__ != "<lambda>":
            assert check.__name__ in linked, f"{rule.id}: predicate {check.__name__} not linked"
            assert f"{module}.{check.__name__}" in ids, f"{rule.id}: no anchor for the [docs] back link"
    assert any(link.startswith(f"../../../games/{game}/rules-") for link in target.links), "no [docs] back link"


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_are_shown_with_pictures(game: str, site: Path, pages: dict[str, Page],
                                                 published: dict[str, Any]) -> None:
    shown = [pages[p] for p in published[game]["examples_pages"]]
    text = " ".join(p.text for p in shown)
    ids = set().union(*(p.ids for p in shown))
    examples = worked_examples(TESTS, game, [r.id for r in spec_for(game).rules])
    assert examples, "every game has worked examples"
    for test in examples:
        assert test.name in text
        assert f"example-{game}-{test.name}".replace("_", "-") in ids
    pictures = [src for p in shown for src in p.images if src.endswith(".svg")]
    if _has_renderer(game):
        assert pictures, "a game with an SVG renderer shows its examples' positions"
    for src in pictures:
        assert (site / "games" / game / src).resolve().is_file(), src


def test_cli_reference_lists_every_subcommand_and_option(pages: dict[str, Page]) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for action in sub._choices_actions:
        name = action.dest
        page = pages[f"reference/cli/{name}.html"]
        assert f"ruleproof {name}" in page.text, name
        for child_action in sub.choices[name]._actions:
            if child_action.help == argparse.SUPPRESS:
                continue
            for option in child_action.option_strings:
                if option in ("-h", "--help"):
                    continue
                assert option in page.text, f"{name} {option}"
        assert f"cli/{name}.html" in pages["reference/cli.html"].links


def test_schemas_page_publishes_the_record_schema(site: Path, pages: dict[str, Page]) -> None:
    page = pages["reference/schemas.html"]
    assert RECORD_SCHEMA["title"] in page.text
    downloads = [link for link in page.links if link.endswith("record.schema.json")]
    assert downloads
    published_schema = json.loads((site / "reference" / downloads[0]).resolve().read_text(encoding="utf-8"))
    assert published_schema == json.loads(json.dumps(RECORD_SCHEMA))
    try:
        proofs = importlib.import_module("ruleproof.checkers.proofs.core")
    except ImportError:
        return
    if hasattr(proofs, "CERTIFICATE_SCHEMA"):
        assert any(link.endswith("certificate.schema.json") for link in page.links)


def test_python_api_page_lists_the_public_entry_points_only(pages: dict[str, Page], docs_build_dir: Path) -> None:
    page = pages["reference/api/index.html"]
    api = docs_build_dir.parent / "reference" / "api"
    # The entry points of an optional extra have their own page, built only with the extra (conf.py's EXTRA_PAGES).
    extra = [api / "openspiel.rst"] if "reference/api/openspiel.html" in pages else []
    listed = [entry for source in [api / "index.rst", *extra]
              for entry in re.findall(r"^   ([a-z_.]+\.[A-Za-z_]+)$", source.read_text(encoding="utf-8"), re.M)]
    assert len(listed) >= 20
    for entry in ("spec_for", "game_for", "run_audit", "passage_for", "validate_record", "Finding"):
        assert entry in page.text, entry
    documented = [p for p in pages if p.startswith("reference/api/generated/")]
    assert len(documented) == len(listed), "one generated page per listed entry point, no module dumps"
    rule = pages["reference/api/generated/ruleproof.spec.core.Rule.html"]
    assert "ruleproof.spec.core.Rule" in rule.ids


def test_the_tutorials_are_in_the_site(pages: dict[str, Page]) -> None:
    """The how-to pages (written by hand) are built and reachable from the home page."""
    page = pages["howto/check-a-reading.html"]
    assert "reading" in page.text.lower()
    assert "howto/check-a-reading.html" in pages["index.html"].links


@pytest.mark.slow
def test_page_doctests_pass(html_build: Build, sphinx_build: SphinxBuild, tmp_path: Path) -> None:
    """The pages' ``.. doctest::`` blocks (getting started, the OpenSpiel how-to) under Sphinx's doctest builder.

    A second full read of the docs (about 40 s of CPU, the dearest default test): ``-m slow``, run on every
    CI run by ``.ci/extra``."""
    assert html_build.returncode == 0, html_build.describe()
    run = sphinx_build("doctest", tmp_path / "doctest")
    assert run.returncode == 0, run.describe()
    summary = run.output.split("Doctest summary")[-1]
    assert " 0 failures in tests" in summary, run.describe()
    count = re.search(r"(\d+) tests", summary)
    assert count is not None and int(count.group(1)) >= 10, run.describe()


def test_invalid_build_without_covering_tests_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    """A rule without a covering test is a Sphinx warning that stops the build.

    The extension's own entry point (:func:`ruleproof_docs.generate.generate`, what ``builder-inited`` calls) runs
    in this process on a tests folder covering one rule; it stops at its first gate. That a stopped gate fails a
    real ``sphinx-build -W`` is shown by the one broken build the coverage tests share (``conftest.broken_books``),
    which stops at a later gate through the same :func:`~ruleproof_docs.generate.report`.
    """
    from sphinx.errors import ExtensionError

    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_one.py").write_text(
        'import pytest\n\n@pytest.mark.rule("T5-SETUP-1")\ndef test_only_one():\n    pass\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_ext"))
    generate = importlib.import_module("ruleproof_docs.generate")
    app = SimpleNamespace(srcdir=str(ROOT / "docs"), config=SimpleNamespace(
        ruleproof_tests_dir=str(tests), ruleproof_traceability_fatal=True))
    with caplog.at_level("WARNING"), pytest.raises(ExtensionError) as stopped:
        generate.generate(app)
    message = str(stopped.value)
    assert message.startswith("ruleproof traceability:") and "no covering test" in message
    assert "T5-DEAL-1" in message  # named, while the covered T5-SETUP-1 is not
    assert "T5-SETUP-1: no covering test" not in message
    assert any(r.levelname == "WARNING" and "T5-DEAL-1" in r.getMessage() for r in caplog.records), "no warning"


def test_invalid_build_with_an_unencoded_paragraph_fails(broken_books: Any) -> None:
    """A paragraph added to a rulebook that no rule encodes and nothing justifies drops the coverage below 100 %."""
    run = broken_books.build
    assert run.returncode != 0, run.describe()
    line = next((line for line in run.output.splitlines() if "cinco: rulebook coverage" in line), "")
    assert "< 100 % of sentences" in line and broken_books.paragraph[:40] in line, run.describe()


def test_no_page_shows_a_memory_address(pages: dict[str, Page]) -> None:
    """A default ``repr`` (``<… object at 0x…>``) tells a reader nothing and differs on every build.

    The predicate pages once showed T5-LOW-3's factory argument that way.
    """
    shown = {name: re.findall(r"object at 0x[0-9a-fA-F]+", page.text) for name, page in pages.items()}
    assert not {name: found for name, found in shown.items() if found}


def test_generated_sources_are_not_committed(docs_build_dir: Path) -> None:
    ignore = (docs_build_dir.parent / ".gitignore").read_text(encoding="utf-8")
    for entry in ("/games/", "/reference/schemas.rst", "/reference/cli/", "/reference/api/generated/",
                  "/_generated/", "/_build/"):
        assert entry in ignore


@pytest.mark.parametrize("game", GAMES)
def test_every_measured_block_names_the_command_that_reproduces_it(game: str, pages: dict[str, Page],
                                                                     published: dict[str, Any]) -> None:
    """Each flagged ambiguity with stored measurements has "Measured" blocks, each naming a stored command."""
    text = " ".join(pages[p].text for p in sorted(set(published[game]["ambiguities"].values())))
    commands = re.findall(r"Measured \((ruleproof diff [^)]*--no-findings)\)", text)
    stored = {row["command"] for row in published[game]["measured"]}
    measured = {row["ambiguity"] for row in published[game]["measured"]}
    assert len(commands) >= len(measured) and set(commands) <= stored


def test_a_measured_command_reproduces_its_numbers(published: dict[str, Any]) -> None:
    """Re-run the cheapest stored ``ruleproof diff`` command and compare its JSON with the published figures."""
    import shlex
    import subprocess
    import sys

    rows = [row for game in GAMES for row in published[game]["measured"]]
    assert rows, "no measured rows published"
    row = min(rows, key=lambda r: (r["games"] * r["players"], r["policy"] != "random", r["command"]))
    argv = shlex.split(row["command"])[1:]
    proc = subprocess.run([sys.executable, "-m", "ruleproof.checkers.cli.main", *argv, "--json", "-q"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    fresh = json.loads(proc.stdout)
    assert fresh["games"] == row["games"], row["command"]
    for key in ("arises", "winners"):
        assert fresh["figures"][key]["k"] == row[key]["k"], f"{row['command']}: {key}"
