"""Each game's reference pages beside its annotated rulebook: the infobox, the card lookup, the printable rulebook.

:func:`reference_pages` writes ``games/GAME/cards`` (:mod:`.cards`) and
``games/GAME/print`` (:mod:`.print_pages`) and returns what is wrong with
their sources (an infobox quote not in its text, a card citing a rule that
does not exist) for the build to report; :func:`reference_parts` gives the
overview page its infobox and the links to these pages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import cards, infobox, print_pages
from .context import GameContext
from .rst import esc, render, rule


def _cards(ctx: GameContext) -> tuple[str, list[str]] | None:
    page = cards.cards_page(ctx.game)
    if page is None:
        return None
    keys = [e.key for e in page.entries]
    examples = [f"``{k}``" for k in (keys[54:55] or keys[:1]) + keys[-1:]]
    text = render("cards.rst.jinja", game=ctx.game, title=f"{ctx.spec.title}: {page.what}", intro=page.intro,
                  entries=cards.entries_rst(page, esc, rule), examples=examples)
    return text, cards.problems(page, [r.id for r in ctx.spec.rules])


def reference_pages(contexts: Sequence[GameContext], pdfs: Mapping[str, str] | None = None
                    ) -> tuple[dict[str, str], list[str]]:
    """The reference pages of every game (docname → reST), and the problems found while making them.

    :param pdfs: game → its PDF as a docs path, for the print page to offer for download.
    """
    pages: dict[str, str] = {}
    problems: list[str] = []
    for ctx in contexts:
        made = _cards(ctx)
        if made is not None:
            pages[f"games/{ctx.game}/cards"], found = made
            problems += found
        box, found = infobox.infobox(ctx.game, ctx.coverage.entries)
        problems += found
        pages[f"games/{ctx.game}/print"] = print_pages.print_page(ctx, box, (pdfs or {}).get(ctx.game, ""))
    return pages, problems


def reference_parts(ctx: GameContext) -> dict[str, Any]:
    """The overview's infobox (reST) and its links to the reference pages: ``[(docname suffix, label)]``."""
    links = []
    if cards.cards_page(ctx.game) is not None:
        links.append(("cards", "Look up a card" if ctx.game != "bigpoints" else "Look up a disc"))
    links.append(("print", "The whole annotated rulebook on one page, to print (and as PDF)"))
    return {"infobox": infobox.infobox(ctx.game, ctx.coverage.entries)[0], "pages": links}
