"""The pages issue 34 adds beside each game's: glossaries, the publisher notes, the tests' source.

:func:`content_pages` returns them by docname for :func:`.generate.generate`
to write: ``games/<game>/glossary`` (:mod:`.glossary_page`),
``games/rules-notes`` (:mod:`.notes_page`) and ``games/tests/…``, one page
per test file that a rule page or a coverage justification links to
(:mod:`.tests_source`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .gather import REPO
from .glossary_page import glossary_page
from .notes_page import notes_page
from .tests_source import file_pages


def linked_test_files(contexts: Sequence[Any], tests: Sequence[Any]) -> set[str]:
    """The test files the pages link to: every marked test's file and every file a justification names."""
    from ruleproof.spec.sources import source_book

    files = {str(t.path) for t in tests}
    for ctx in contexts:
        book = source_book(ctx.game)
        for why in (*book.justified.values(), *book.justified_sentences):
            if why.test:
                files.add(why.test.split("::")[0])
    return files


def content_pages(contexts: Sequence[Any], tests: Sequence[Any]) -> dict[str, str]:
    """Docname → reST of the glossaries, the notes page and the test source pages."""
    pages = {f"games/{ctx.game}/glossary": glossary_page(ctx) for ctx in contexts}
    pages["games/rules-notes"] = notes_page(contexts)
    pages.update(file_pages(REPO, linked_test_files(contexts, tests)))
    return pages
