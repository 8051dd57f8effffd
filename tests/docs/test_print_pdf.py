"""The printable annotated rulebooks as PDF (issue 34.4), built by rinohtype and looked at page by page.

``sphinx-build -b rinoh`` typesets each game's print page (``games/GAME/print``,
``docs/conf.py``'s ``rinoh_documents``) as ``ruleproof-GAME.pdf``. The test
renders the first pages of every PDF to PNG with pypdfium2 (PDFium, the
Chromium PDF engine) and checks what a reader would: the game's title on the
first page, pages that are not blank, the rulebook's Russian words and our
restatements in the text, every rule and ambiguity in the table of contents
or the body, cross-references by id. The PNGs are kept in ``docs/_build/pdf-pages/`` for a look.

The build reads the whole site again (several minutes), so the test is
behind ``-m slow``; without the ``pdf`` extra (``pip install -e '.[pdf]'``)
it skips, unless ``RULEPROOF_REQUIRE_PDF=1`` (``.ci/run``): then it fails.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ruleproof.model.registry import available_games
from ruleproof.spec import sources
from ruleproof.spec.registry import spec_for

pytestmark = pytest.mark.slow

GAMES = available_games()
#: The pages rendered to PNG and checked for ink.
FIRST_PAGES = 3
#: The least and the most of a page that may be ink (not white) for it to count as a page of text.
INK_RANGE = (0.005, 0.6)


def _require(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        reason = f"the PDF check needs {module}: pip install -e '.[pdf]'"
        if os.environ.get("RULEPROOF_REQUIRE_PDF") == "1":
            pytest.fail(f"RULEPROOF_REQUIRE_PDF is set but {reason}")
        pytest.skip(reason)


@pytest.fixture(scope="module")
def pdf_folder(tmp_path_factory: pytest.TempPathFactory, sphinx_build: Callable[..., Any]) -> Path:
    for module in ("rinoh", "pypdfium2", "sphinxcontrib.cairosvgconverter"):
        _require(module)
    build = sphinx_build("rinoh", tmp_path_factory.mktemp("docs") / "pdf")
    if build.returncode != 0:
        pytest.fail(build.describe())
    out: Path = build.out
    return out


def _ink(png: Path) -> float:
    """The share of a page's pixels that are not near white."""
    from PIL import Image

    with Image.open(png) as image:
        grey = image.convert("L")
        histogram = grey.histogram()
    return sum(histogram[:200]) / (grey.width * grey.height)


@pytest.mark.parametrize("game", GAMES)
def test_pdf_first_pages_render_with_the_title_and_the_rulebook_text(game: str, pdf_folder: Path,
                                                                     docs_build_dir: Path) -> None:
    import pypdfium2

    spec = spec_for(game)
    pdf = pdf_folder / f"ruleproof-{game}.pdf"
    assert pdf.is_file(), f"no {pdf.name} among {sorted(p.name for p in pdf_folder.glob('*.pdf'))}"
    document = pypdfium2.PdfDocument(pdf)
    try:
        assert len(document) > FIRST_PAGES, f"{pdf.name} has {len(document)} pages"
        texts = [" ".join(document[i].get_textpage().get_text_range().split()) for i in range(len(document))]
        shots = docs_build_dir / "pdf-pages"
        shots.mkdir(parents=True, exist_ok=True)
        for number in range(FIRST_PAGES):
            png = shots / f"{game}-{number + 1}.png"
            document[number].render(scale=1).to_pil().save(png)
            ink = _ink(png)
            assert INK_RANGE[0] < ink < INK_RANGE[1], f"{png.name}: {ink:.1%} of the page is ink"
    finally:
        document.close()
    assert texts[0].startswith(spec.title), texts[0][:200]
    assert "the annotated rulebook" in texts[0]
    body = " ".join(texts)
    for rule in spec.rules:
        assert f"{rule.id} · " in body, f"{rule.id} is not in {pdf.name}"
    for amb in spec.ambiguities:
        assert f"{amb.id} · " in body, f"{amb.id} is not in {pdf.name}"
    # Cross-references name the rule, ambiguity or finding ("T5-PLACE-2"), not a section number; none is broken.
    by_number = re.search(r".{0,60}Section \d.{0,20}", body)
    assert by_number is None, f"a cross-reference by section number: …{by_number.group(0) if by_number else ''}…"
    assert "??" not in body, "a broken cross-reference"
    first = spec.rules[0]
    passage = sources.passages_for(game, first.id)[0]
    # Russian words of the rulebook, in the text layer (the DejaVu fonts carry Cyrillic).
    assert " ".join(passage.text.split()[:4]) in body, f"the rulebook's words of {first.id} are not in {pdf.name}"
    assert " ".join(first.text.split()[:6]) in body
