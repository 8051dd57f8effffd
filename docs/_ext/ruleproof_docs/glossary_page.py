"""A game's glossary page: its rulebook's terms and the numbers its rules fix, in Russian and English.

Each term (:mod:`ruleproof.spec.sources.glossary`) with our English, the
passage that defines it (verbatim, with our translation), the rules and
ambiguities that use it (linked); then each rule constant with its value,
meaning, the passage that fixes it and our translation of that passage.
"""

from __future__ import annotations

import importlib
from typing import Any

from .rst import esc, lit, render
from .translations import english_of


def glossary_page(ctx: Any) -> str:
    """The reST of ``games/<game>/glossary``."""
    from ruleproof.spec.sources.glossary import glossary, rules_using

    terms = [{"term": t, "uses": rules_using(ctx.game, t)} for t in glossary(ctx.game)]
    constants = []
    for constant in importlib.import_module(f"ruleproof.spec.{ctx.game}").CONSTANTS:
        found = english_of(ctx.game, constant.quote)
        bounds = f"{constant.low}–{constant.high}" if constant.low is not None else "fixed"
        quote = constant.quote
        shown = esc(quote) if quote.startswith("(paraphrase)") else f"«{esc(quote)}»"
        english = f"“{esc(found['english'])}”" if found else "(our own words, above)"
        # the meaning before the value: read as text, "1" beside "discs of each colour" would say "1 discs"
        constants.append([lit(constant.name), esc(constant.meaning), lit(repr(constant.value)), bounds,
                          f"{shown}\n\n{english}"])
    return render("glossary.rst.jinja", game=ctx.game, title=f"{ctx.spec.title}: glossary and numbers",
                  terms=terms, constants=constants)
