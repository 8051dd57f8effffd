"""Where each rule lives in the engine: one table, rule id → the engine functions that implement it.

The specification decides (its predicate is shown on every rule page); the
engine is the fast path whose agreement with it the conformance checks test.
A reader who wants to see *how* the engine does what a rule says follows the
links this table makes: each entry names functions or methods of the game's
engine module ``ruleproof.model.<game>`` by their qualified names (or
``module:qualname`` for another module). The table is kept by hand and
checked by ``tests/docs/test_content_pages.py``: every rule of every game has
an entry and every name exists in its module (a renamed engine function
fails the test, so the links cannot rot silently).

The ``.. rp-engine:: GAME RULE-ID`` directive draws the entry as Python
object descriptions, so Sphinx's viewcode publishes the engine modules as
highlighted source and links each name to its lines.

>>> ENGINE["take5"]["T5-PLACE-2"]
('Take5Game._nearest', 'Take5Game._placements')
>>> resolve("take5", "Take5Game._nearest")
('ruleproof.model.take5', 'Take5Game._nearest')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, cast

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

_T5 = "Take5Game"
_BF = "BigFiveGame"
_BP = "BigPointsGame"
_IK = "IkebanaGame"
_CI = "CincoGame"

#: game → rule id → the engine names that implement the rule (qualified names in ``ruleproof.model.<game>``).
ENGINE: dict[str, dict[str, tuple[str, ...]]] = {
    "take5": {
        "T5-SETUP-1": (f"{_T5}.initial_state",),
        "T5-DEAL-1": (f"{_T5}.legal_moves", f"{_T5}._full_deck", f"{_T5}._deal"),
        "T5-DEAL-2": (f"{_T5}._deal",),
        "T5-DEAL-3": (f"{_T5}._select", f"{_T5}._resolve"),
        "T5-TURN-1": (f"{_T5}.current_player",),
        "T5-ORDER-1": (f"{_T5}.current_player",),
        "T5-PHASE-1": (f"{_T5}.legal_moves",),
        "T5-SELECT-1": (f"{_T5}.legal_moves",),
        "T5-SELECT-2": (f"{_T5}._select",),
        "T5-PLACE-1": (f"{_T5}._nearest", f"{_T5}.legal_moves"),
        "T5-PLACE-2": (f"{_T5}._nearest", f"{_T5}._placements"),
        "T5-PLACE-3": (f"{_T5}._nearest",),
        "T5-PLACE-4": (f"{_T5}._resolve",),
        "T5-SIX-1": (f"{_T5}._resolve",),
        "T5-LOW-1": (f"{_T5}._placements", f"{_T5}.too_low_rows"),
        "T5-LOW-2": (f"{_T5}._placements",),
        "T5-LOW-3": (f"{_T5}.too_low_rows", f"{_T5}._auto_row"),
        "T5-LOW-4": (f"{_T5}._resolve",),
        "T5-TURN-2": (f"{_T5}._resolve", f"{_T5}.current_player"),
        "T5-SCORE-1": ("_points",),
        "T5-ROUND-1": (f"{_T5}._round_over", f"{_T5}._deal"),
        "T5-END-1": (f"{_T5}._end_reached",),
        "T5-WIN-1": (f"{_T5}.outcome",),
    },
    "bigfive": {
        "BF-SETUP-1": (f"{_BF}.initial_state",),
        "BF-DEAL-1": (f"{_BF}._chance_source", "_deck"),
        "BF-DEAL-2": (f"{_BF}._deal",),
        "BF-TURN-1": (f"{_BF}.current_player",),
        "BF-TURN-2": (f"{_BF}.legal_moves",),
        "BF-TURN-3": (f"{_BF}._end_turn",),
        "BF-PLAY-1": (f"{_BF}.legal_moves",),
        "BF-PLAY-2": (f"{_BF}.plays",),
        "BF-PLAY-3": (f"{_BF}.plays",),
        "BF-PLAY-4": (f"{_BF}._play",),
        "BF-LINE-1": (f"{_BF}.plays",),
        "BF-LINE-2": (f"{_BF}.plays",),
        "BF-LINE-3": (f"{_BF}.plays",),
        "BF-LINE-4": (f"{_BF}.plays",),
        "BF-LINE-5": (f"{_BF}.plays",),
        "BF-DRAW-1": (f"{_BF}._chance_source", "_top"),
        "BF-DRAW-2": (f"{_BF}._draw",),
        "BF-REFILL-1": (f"{_BF}._refill", f"{_BF}._refill_first"),
        "BF-EXCH-1": (f"{_BF}.legal_moves",),
        "BF-EXCH-2": (f"{_BF}.apply_unchecked",),
        "BF-PASS-1": (f"{_BF}.legal_moves",),
        "BF-BONUS-1": ("_bonus", f"{_BF}.bonus_earned", f"{_BF}._play"),
        "BF-BONUS-2": (f"{_BF}.legal_moves", f"{_BF}._chance_source"),
        "BF-BONUS-3": (f"{_BF}.apply_unchecked", f"{_BF}._after_bonus"),
        "BF-END-1": (f"{_BF}._play", f"{_BF}._round_end"),
        "BF-END-2": (f"{_BF}._end_turn", f"{_BF}._round_end"),
        "BF-WIN-1": (f"{_BF}.outcome",),
        "BF-ROUND-1": (f"{_BF}._new_round", f"{_BF}._round_end"),
        "BF-ROUND-2": (f"{_BF}._round_end",),
        "BF-SOLO-1": (f"{_BF}.legal_moves",),
        "BF-SOLO-2": (f"{_BF}.legal_moves", f"{_BF}.apply_unchecked"),
        "BF-SOLO-3": (f"{_BF}.legal_moves",),
        "BF-SOLO-4": (f"{_BF}.apply_unchecked",),
        "BF-SOLO-5": (f"{_BF}._solo_end", f"{_BF}._refill"),
    },
    "bigpoints": {
        "BP-SETUP-1": (f"{_BP}.initial_state",),
        "BP-SETUP-2": (f"{_BP}.chance_outcomes", f"{_BP}._supply"),
        "BP-SETUP-3": (f"{_BP}._lay",),
        "BP-SETUP-4": (f"{_BP}.initial_state",),
        "BP-TURN-1": (f"{_BP}.current_player", f"{_BP}._begin"),
        "BP-TURN-2": (f"{_BP}.legal_moves",),
        "BP-TURN-3": (f"{_BP}._take_at", f"{_BP}._complete"),
        "BP-MOVE-1": (f"{_BP}._pawn_moves",),
        "BP-MOVE-2": (f"{_BP}._pawn_moves", f"{_BP}._pawn_to"),
        "BP-MOVE-3": (f"{_BP}._pawn_moves",),
        "BP-LADDER-1": (f"{_BP}._pawn_to",),
        "BP-LADDER-2": (f"{_BP}._pawn_to",),
        "BP-TAKE-1": ("_take_sides", "_free_sides", f"{_BP}._take"),
        "BP-TAKE-2": (f"{_BP}._take_at",),
        "BP-TAKE-3": (f"{_BP}._pawn_moves", "_take_sides"),
        "BP-BLACK-1": (f"{_BP}._black_usable",),
        "BP-BLACK-2": (f"{_BP}._black_usable",),
        "BP-BLACK-3": (f"{_BP}._black",),
        "BP-EXTRA-1": (f"{_BP}._complete", f"{_BP}._black"),
        "BP-BACK-1": (f"{_BP}._pawn_moves",),
        "BP-BACK-2": (f"{_BP}._pawn_to",),
        "BP-END-1": (f"{_BP}._complete", f"{_BP}._pawn_to"),
        "BP-SCORE-1": (f"{_BP}._game_scores", "_step_values"),
        "BP-MATCH-1": (f"{_BP}._next_game", f"{_BP}._begin"),
        "BP-WIN-1": (f"{_BP}.outcome",),
        "BP-FRAME-1": (f"{_BP}.apply_unchecked",),
    },
    "ikebana": {
        "IK-SETUP-1": (f"{_IK}.initial_state",),
        "IK-SETUP-2": (f"{_IK}.initial_state",),
        "IK-TURN-1": (f"{_IK}.current_player",),
        "IK-TURN-2": (f"{_IK}.legal_moves",),
        "IK-DRAW-1": (f"{_IK}.chance_outcomes",),
        "IK-DRAW-2": (f"{_IK}.apply_unchecked",),
        "IK-DRAW-3": (f"{_IK}._reveal",),
        "IK-DECK-1": ("_recycle",),
        "IK-DECK-2": ("_can_draw", f"{_IK}.legal_moves"),
        "IK-KEEP-1": (f"{_IK}.apply_unchecked", f"{_IK}._end_turn"),
        "IK-REFUSE-1": (f"{_IK}.legal_moves", f"{_IK}._refuse"),
        "IK-REFUSE-2": (f"{_IK}._refuse",),
        "IK-REFUSE-3": (f"{_IK}._refuse",),
        "IK-BUY-1": (f"{_IK}.legal_moves",),
        "IK-BUY-2": (f"{_IK}.legal_moves", f"{_IK}._buy"),
        "IK-BUY-3": (f"{_IK}._buy",),
        "IK-ORDER-1": (f"{_IK}._end_turn",),
        "IK-STALL-1": (f"{_IK}._end_turn", "_can_act"),
        "IK-ROUND-1": (f"{_IK}._end_turn",),
        "IK-SCORE-1": ("_table_points", "_points"),
        "IK-SCORE-2": ("_multiplier",),
        "IK-PAY-1": (f"{_IK}._score_round",),
        "IK-PAY-2": (f"{_IK}._score_round",),
        "IK-BANK-1": (f"{_IK}._score_round", f"{_IK}.bank_left"),
        "IK-START-1": (f"{_IK}._score_round",),
        "IK-ROUND-2": (f"{_IK}._score_round",),
        "IK-END-1": (f"{_IK}._score_round",),
        "IK-MONEY-1": (f"{_IK}._refuse", f"{_IK}._buy", f"{_IK}._score_round"),
        "IK-WIN-1": (f"{_IK}.outcome",),
    },
    "cinco": {
        "CI-SETUP-1": (f"{_CI}.initial_state",),
        "CI-TURN-1": (f"{_CI}.current_player",),
        "CI-DEAL-1": (f"{_CI}.chance_outcomes", f"{_CI}._drawable"),
        "CI-DEAL-2": (f"{_CI}._deal",),
        "CI-DECK-1": (f"{_CI}._drawable", f"{_CI}._deal"),
        "CI-HAND-1": (f"{_CI}.legal_moves",),
        "CI-HAND-2": (f"{_CI}.legal_moves",),
        "CI-HAND-3": (f"{_CI}.apply_unchecked",),
        "CI-HAND-4": (f"{_CI}.apply_unchecked",),
        "CI-PLAY-1": (f"{_CI}.legal_moves",),
        "CI-PLAY-2": (f"{_CI}.legal_moves",),
        "CI-PLAY-3": (f"{_CI}.legal_moves",),
        "CI-PLAY-4": (f"{_CI}.legal_moves", f"{_CI}._can_place"),
        "CI-PLAY-5": (f"{_CI}._can_place", f"{_CI}.legal_moves"),
        "CI-PLAY-7": (f"{_CI}.legal_moves", f"{_CI}._can_place"),
        "CI-PLAY-6": (f"{_CI}.apply_unchecked",),
        "CI-TEAM-1": (f"{_CI}.initial_state", f"{_CI}.apply_unchecked"),
        "CI-WIN-1": (f"{_CI}._completes",),
        "CI-END-1": (f"{_CI}.apply_unchecked",),
        "CI-END-2": (f"{_CI}.apply_unchecked",),
        "CI-END-3": (f"{_CI}.current_player", f"{_CI}.legal_moves"),
        "CI-TURN-2": (f"{_CI}.apply_unchecked", f"{_CI}.current_player"),
        "CI-OUT-1": (f"{_CI}.outcome",),
    },
}


def resolve(game: str, name: str) -> tuple[str, str]:
    """``(module, qualname)`` of a table entry (``module:qualname`` or a name in ``ruleproof.model.<game>``)."""
    if ":" in name:
        module, qualname = name.split(":", 1)
        return module, qualname
    return f"ruleproof.model.{game}", name


def lookup(game: str, name: str) -> Any:
    """The engine object a table entry names.

    :raises AttributeError: when the module has no such name.
    """
    module_name, qualname = resolve(game, name)
    obj: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def engine_names(module: str) -> frozenset[str]:
    """Every qualified name the table gives in ``module``."""
    return frozenset(qualname for game, table in ENGINE.items() for names in table.values() for name in names
                     for found, qualname in [resolve(game, name)] if found == module)


def follow_engine_source(app: Any, module: str, qualname: str) -> str | None:
    """``viewcode-follow-imported``: keep a table entry in the module that defines it in its text.

    An engine swaps some methods for their fast forms at import time
    (``_FAST_METHODS``), so viewcode, following the attribute's
    ``__module__``, would look for the plain method's source in the fast
    module and link nothing. The table means the plain definition.
    """
    from .directives import _tags

    if qualname in engine_names(module) and qualname in _tags(module):
        return module
    return None


class EngineDirective(SphinxDirective):
    """``.. rp-engine:: GAME RULE-ID``: the engine functions of the rule, linked to their highlighted source."""

    required_arguments = 2
    has_content = False
    option_spec: dict[str, Callable[[str], Any]] = {}

    def run(self) -> list[nodes.Node]:
        from .directives import _tags

        game, rule_id = self.arguments
        names = ENGINE.get(game, {}).get(rule_id, ())
        if not names:
            return [nodes.paragraph("", "", nodes.emphasis("", f"No engine function is recorded for {rule_id}."))]
        seen = cast("set[str]", self.env.temp_data.setdefault("rp_engine_ids", set()))
        # One description, one signature per function (side by side): viewcode links each to its source.
        desc = addnodes.desc(domain="py", objtype="function", desctype="function", no_index=True,
                             classes=["py", "function", "rp-engine"])
        unlinked: list[str] = []
        for name in names:
            module, qualname = resolve(game, name)
            if qualname not in _tags(module):
                unlinked.append(f"{module}.{qualname}")
                continue
            sig = addnodes.desc_signature(module=module, fullname=qualname, _toc_parts=(), _toc_name="")
            full = f"{module}.{qualname}"
            if full not in seen:
                seen.add(full)
                sig["ids"].append(full)
            sig["classes"].append("rp-engine-line")
            sig += addnodes.desc_annotation("engine ", "engine ")
            if module != f"ruleproof.model.{game}":  # the game's own engine module goes without saying
                sig += addnodes.desc_addname(f"{module}.", f"{module}.")
            sig += addnodes.desc_name(qualname, qualname)
            desc += sig
        desc += addnodes.desc_content()
        out: list[nodes.Node] = [desc] if len(desc) > 1 else []
        out += [nodes.paragraph("", f"engine: {full}") for full in unlinked]
        return out

