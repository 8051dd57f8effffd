"""Ikebana's legality rules, re-derived from the raw JSON state.

Moves: ``draw``, ``buy SEAT``, ``reveal CARD`` (chance), ``keep``, ``refuse``.
A move is forced when every other choice of the same decision is illegal: a
``keep`` when the next refusal cannot be paid (or nothing could be drawn
after it), a ``draw`` when no discard can be bought, a ``buy`` when nothing
can be drawn and no other discard can be bought.

>>> RULES.parse_move("buy 2"), RULES.parse_move("reveal W5")
(('buy', 2), ('reveal', 'W5'))
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck.core import CHANCE, TERMINAL, Evaluation, Facts

#: The rule constants this checker implements, written once (it imports nothing of ruleproof's);
#: ``tests/checkers/test_certcheck_constants.py`` compares them with the spec's table.
IMPLEMENTS: dict[str, Any] = {
    "colours": ("R", "G", "Y", "B", "W"),
    "values": (1, 1, 1, 2, 2, 3, 3, 4, 4, 5),
    "max_players": 5,
    "start_coins": 6,
    "min_players": 2,
}
COLOURS: str = "".join(IMPLEMENTS["colours"])
FULL_DECK = sorted(f"{c}{v}" for c in COLOURS for v in IMPLEMENTS["values"])
START_COINS: int = IMPLEMENTS["start_coins"]


class _Span:
    """A range of numbers as a certificate's flag may give it (``repr``: ``low..high``)."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def __repr__(self) -> str:
        return f"{self.low}..{self.high}"


class Within(tuple[_Span, ...]):
    """The values a number flag may take, ``low`` to ``high`` (for a list flag: each member, and ``length``
    members at most, lowest first): an entry of the checker's flag table, which
    :func:`~ruleproof.checkers.certcheck.check_reading` asks ``value in`` and names (``low..high``) when it
    refuses a value.

    >>> 3 in Within(0, 30), 31 in Within(0, 30), [1, 2, 2] in Within(1, 5, 20), [2, 1] in Within(1, 5, 20)
    (True, False, True, False)
    """

    span: _Span
    length: int | None

    def __new__(cls, low: int, high: int, length: int | None = None) -> Within:
        span = _Span(low, high)
        self = super().__new__(cls, (span,))
        self.span, self.length = span, length
        return self

    def __contains__(self, value: object) -> bool:
        if self.length is None:
            members: list[object] = [value]
        elif isinstance(value, list) and 1 <= len(value) <= self.length and value == sorted(value):
            members = list(value)
        else:
            return False
        return all(type(m) is int and self.span.low <= m <= self.span.high for m in members)


def _flag(s: dict[str, Any], name: str) -> Any:
    """A number flag of the state's variant (a certificate made before the flag existed: its rulebook value)."""
    value = s["variant"].get(name, IMPLEMENTS[name])
    return tuple(value) if isinstance(value, list) else value
ALLOWED = {"choose": ("draw", "buy"), "reveal": ("reveal",), "decide": ("keep", "refuse"), "over": ()}

FORCED_METHOD = "every other choice of this decision (draw, buy from each seat; or keep, refuse) evaluated against the rules"
FORCED_ASSUMPTIONS = [
    "a refusal costs 1, 2, 3 ... coins within one turn and must be paid in full",
    "a discarded card costs its value; only the top card of an opponent's pile can be bought",
    "a card can be drawn while the deck has one or some discard pile has cards under its top",
]


def parse_move(text: str) -> tuple[str, Any]:
    """``(kind, argument)``."""
    words = text.split()
    if len(words) == 1 and words[0] in ("draw", "keep", "refuse"):
        return words[0], None
    if len(words) == 2 and words[0] == "buy" and words[1].isdigit():
        return "buy", int(words[1])
    if (len(words) == 2 and words[0] == "reveal" and len(words[1]) == 2 and words[1][0] in COLOURS
            and words[1][1] in "12345"):
        return "reveal", words[1]
    raise ValueError(f"not an Ikebana move: {text!r}")


def whose_turn(s: dict[str, Any]) -> int:
    """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
    if s["phase"] == "over":
        return TERMINAL
    if s["phase"] == "reveal":
        return CHANCE
    return int(s["turn"])


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _under_tops(s: dict[str, Any], refusing: bool) -> list[int]:
    piles = [list(p) for p in s["piles"]]
    if refusing and s["drawn"] is not None:
        piles[s["turn"]].append(s["drawn"])
    return [max(len(p) - 1, 0) for p in piles]


class _Ikebana:
    #: The variant flags this checker implements: ``None`` for every value (the flag
    #: leaves legality alone, or every value is implemented), else the values it implements.
    #: A certificate under any other value is refused, never judged by the wrong rules.
    flags: dict[str, tuple[object, ...] | None] = {
        "bank": None,
        "shortfall": None,
        "double_final": None,
        "start_tie": None,
        "recycle": None,
        "stall": None,
        "partial_refusal": (False,),
        # the rule numbers: the deck and the starting coins decide the setup rule (IK-SETUP-2); the others
        # change scoring and the end of the game, never whether a move is legal
        "values": Within(1, 5, 20),
        "start_coins": Within(0, 30),
        "rounds": None,
        "bouquet": None,
        "two_colour_multiplier": None,
        "rainbow_multiplier": None,
        "one_colour_multiplier": None,
        "final_factor": None,
    }

    def parse_move(self, text: str) -> tuple[str, Any]:
        return parse_move(text)

    def evaluate(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[Evaluation]:
        kind, arg = move
        n = s["players"]
        turn = whose_turn(s)
        out: list[Evaluation] = [("IK-SETUP-1", IMPLEMENTS["min_players"] <= n <= IMPLEMENTS["max_players"],
                                  {"players": n})]
        deck = sorted(f"{c}{v}" for c in COLOURS for v in _flag(s, "values"))
        fresh = (s["round"] == 1 and s["phase"] == "choose" and s["deck"] == deck and not any(s["hands"])
                 and not any(s["piles"]) and not s["last_scores"])
        if fresh:
            facts: Facts = {"coins": s["coins"], "issued": s["issued"], "start": s["start"], "turn": s["turn"]}
            ok = (s["coins"] == [_flag(s, "start_coins")] * n and s["issued"] == 0 and s["start"] == 0
                  and s["turn"] == 0)
            out.append(("IK-SETUP-2", ok, facts))
        out.append(("IK-TURN-1", actor == turn, {"actor": _who(actor), "to_act": _who(turn)}))
        out.append(("IK-TURN-2", kind in ALLOWED[s["phase"]], {"phase": s["phase"], "move_kind": kind}))
        if s["phase"] == "reveal" and kind == "reveal":
            out.append(("IK-DRAW-1", arg in s["deck"], {"card": arg, "in_deck": arg in s["deck"], "deck_size": len(s["deck"])}))
        in_turn = actor == turn
        if in_turn and ((s["phase"] == "choose" and kind == "draw") or (s["phase"] == "decide" and kind == "refuse")):
            under = _under_tops(s, kind == "refuse")
            out.append(("IK-DECK-2", bool(s["deck"]) or any(under), {"deck_size": len(s["deck"]), "under_tops": under}))
        if in_turn and s["phase"] == "decide" and kind == "refuse":
            cost = s["refusals"] + 1
            coins = s["coins"][s["turn"]]
            out.append(("IK-REFUSE-1", coins >= cost, {"drawn": s["drawn"], "refusal": cost, "coins": coins}))
        if in_turn and s["phase"] == "choose" and kind == "buy":
            seat = arg
            exists = 0 <= seat < n
            top = s["piles"][seat][-1] if exists and s["piles"][seat] else None
            ok1 = exists and seat != actor and top is not None
            out.append(("IK-BUY-1", ok1, {"seat": seat, "players": n, "own": seat == actor, "pile_top": top}))
            price = int(top[1]) if top is not None else None
            coins = s["coins"][actor]
            ok2 = not ok1 or (price is not None and price <= coins)
            out.append(("IK-BUY-2", ok2, {"card": top, "price": price, "coins": coins}))
        return out

    def alternatives(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[str] | None:
        text = move[0] if move[1] is None else f"{move[0]} {move[1]}"
        if s["phase"] == "choose" and move[0] in ("draw", "buy"):
            return [m for m in ["draw"] + [f"buy {seat}" for seat in range(s["players"])] if m != text]
        if s["phase"] == "decide" and move[0] in ("keep", "refuse"):
            return [m for m in ("keep", "refuse") if m != text]
        return None

    def forced_proof(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> dict[str, Any]:
        if s["phase"] == "decide":
            claim = f"the drawn card must be {'kept' if move[0] == 'keep' else 'refused'}: the other choice is illegal"
            facts: Facts = {"drawn": s["drawn"], "coins": s["coins"][actor], "next_refusal_cost": s["refusals"] + 1,
                            "deck_size": len(s["deck"]), "under_tops": _under_tops(s, True)}
        else:
            claim = f"the turn must start with '{move[0]}{'' if move[1] is None else f' {move[1]}'}': every other choice is illegal"
            facts = {"coins": s["coins"][actor], "pile_tops": [p[-1] if p else None for p in s["piles"]],
                     "deck_size": len(s["deck"]), "under_tops": _under_tops(s, False)}
        return {"claim": claim, "method": FORCED_METHOD, "assumptions": FORCED_ASSUMPTIONS, "facts": facts}


RULES = _Ikebana()
