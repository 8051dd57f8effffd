"""Take 5's legality rules, re-derived from the raw JSON state.

Moves: ``deal N``, ``play N``, ``row R`` / ``row R left``, ``take R`` (rows 1-4).
A forced move is a ``take R`` of a card lower than every row end: every
placement ``row R`` / ``row R left`` is then illegal.

>>> state = {"variant": {"professional": False, "row_choice": "player", "deck": "standard"}, "players": 2,
...          "round": 1, "deck": [], "dealt": 24, "hands": [[], []], "rows": [[12], [20], [50], [90]],
...          "chosen": [23, 99], "resolving": True, "piles": [[], []], "scores": [0, 0], "finished": False}
>>> [(rule, holds) for rule, holds, _ in RULES.evaluate(state, 0, RULES.parse_move("row 1"))][-4:]
[('T5-ORDER-1', True), ('T5-PHASE-1', True), ('T5-PLACE-1', True), ('T5-PLACE-2', False)]
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck.core import CHANCE, TERMINAL, Evaluation, Facts
from ruleproof.checkers.certcheck.schema import CertificateFormatError

#: The rule constants this checker implements, declared once (it imports nothing of ruleproof's, so it
#: cannot read the spec's table; tests/checkers/test_certcheck_constants.py compares the two).
IMPLEMENTS: dict[str, Any] = {
    "min_players": 2,
    "max_players": 10,
    "deck_top": 104,
    "hand_size": 10,
    "rows": 4,
    "bullheads": (("card", 55, 7), ("multiple", 11, 5), ("multiple", 10, 3), ("multiple", 5, 2), ("multiple", 1, 1)),
}
#: The bounds of the rule-constant flags this checker implements, smallest and largest value (a certificate
#: under another value is refused).
CONSTANT_BOUNDS: dict[str, tuple[int, int]] = {
    "deck_top": (24, 300),
    "hand_size": (1, 20),
    "rows": (1, 8),
    "row_capacity": (1, 10),
}
CONSTANT_RANGES: dict[str, tuple[int, ...]] = {name: tuple(range(low, high + 1))
                                               for name, (low, high) in CONSTANT_BOUNDS.items()}
#: The keys a too-low card's rows may be ordered by (flag ``low_row_keys``, each fewest first), and the order of
#: ``row_choice="auto"``: the values this checker implements (compared with the spec's by
#: tests/checkers/test_certcheck_constants.py).
LOW_ROW_KEYS = ("bullheads", "cards", "row")
AUTO_LOW_ROW_KEYS = ("bullheads", "cards", "row")


def _number(s: dict[str, Any], name: str) -> int:
    """A rule constant of the certificate's variant (its flag, or the rulebook's value when absent)."""
    return int(s["variant"].get(name, IMPLEMENTS[name]))

FORCED_CLAIM = "the card to resolve is lower than every row end: it fits no row, so its owner must take a row"
FORCED_METHOD = "every placement (each row, at its right end and at its left end) evaluated against the rules"
FORCED_ASSUMPTIONS = [
    "every row on the table holds at least one card while cards are resolved",
    "the card to resolve is the lowest chosen card not yet resolved",
]


def parse_move(text: str) -> tuple[str, int, bool]:
    """``(kind, number, left)``: kind ``deal``/``play`` with a card, ``row``/``take`` with a 0-based row.

    >>> parse_move("row 2 left"), parse_move("play 7")
    (('row', 1, True), ('play', 7, False))
    """
    words = text.split()
    if len(words) == 2 and words[0] in ("deal", "play") and words[1].isdigit() and int(words[1]) >= 1:
        return words[0], int(words[1]), False
    if (words and words[0] in ("row", "take") and len(words) >= 2 and words[1].isdigit()
            and 1 <= int(words[1]) <= max(CONSTANT_RANGES["rows"])):
        if words[0] == "take" and len(words) == 2:
            return "take", int(words[1]) - 1, False
        if words[0] == "row" and (len(words) == 2 or words[2:] == ["left"]):
            return "row", int(words[1]) - 1, len(words) == 3
    raise ValueError(f"not a Take 5 move: {text!r}")


def _deal_size(s: dict[str, Any]) -> int:
    return _number(s, "hand_size") * int(s["players"]) + _number(s, "rows")


def _round_over(s: dict[str, Any]) -> bool:
    return (s["dealt"] == _deal_size(s) and not s["resolving"] and all(not h for h in s["hands"])
            and not any(s["chosen"]))


def _pending(s: dict[str, Any]) -> tuple[int, int] | None:
    live = [(c, seat) for seat, c in enumerate(s["chosen"]) if c]
    return min(live) if s["resolving"] and live else None


def whose_turn(s: dict[str, Any]) -> int:
    """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
    if s["finished"]:
        return TERMINAL
    if s["dealt"] < _deal_size(s) or _round_over(s):
        return CHANCE
    if s["resolving"]:
        live = [(c, seat) for seat, c in enumerate(s["chosen"]) if c]
        return min(live)[1] if live else TERMINAL
    return next((seat for seat, c in enumerate(s["chosen"]) if not c), TERMINAL)


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _bullheads(card: int) -> int:
    """The first row of the declared bullhead table that matches the card (itself, or a multiple of the row's number)."""
    for kind, number, points in IMPLEMENTS["bullheads"]:
        if card == number if kind == "card" else card % number == 0:
            return int(points)
    raise ValueError(f"no bullhead value for card {card!r}")


def _fits(s: dict[str, Any], card: int) -> list[list[Any]]:
    """``[row (1-based), end, distance]`` for every place the card fits."""
    out: list[list[Any]] = []
    for r, row in enumerate(s["rows"]):
        if row[-1] < card:
            out.append([r + 1, "right", card - row[-1]])
        if s["variant"]["professional"] and card < row[0]:
            out.append([r + 1, "left", row[0] - card])
    return out


def _resolution_facts(s: dict[str, Any]) -> Facts:
    pending = _pending(s)
    if pending is None:
        return {"card": None}
    card = pending[0]
    fits = _fits(s, card)
    best = min((f[2] for f in fits), default=None)
    return {
        "card": card, "seat": pending[1],
        "row_ends": [[row[0], row[-1]] for row in s["rows"]],
        "fits": fits, "nearest": sorted([f[0], f[1]] for f in fits if f[2] == best),
    }


def _low_row_keys(s: dict[str, Any]) -> list[str]:
    """The keys ordering the rows a too-low card may take (empty: any row)."""
    v = s["variant"]
    return list(AUTO_LOW_ROW_KEYS) if v["row_choice"] == "auto" else list(v.get("low_row_keys", []))


def _row_key(rows: list[list[int]], r: int, keys: list[str]) -> list[int]:
    value = {"bullheads": sum(_bullheads(c) for c in rows[r]), "cards": len(rows[r]), "row": r}
    return [value[k] for k in keys]


class _Take5:
    #: The variant flags this checker implements: ``None`` for every value (the flag
    #: leaves legality alone, or every value is implemented), else the values it implements.
    #: A certificate under any other value is refused, never judged by the wrong rules.
    flags: dict[str, tuple[object, ...] | None] = {
        "end_rule": None,
        "threshold": None,
        "end_check": None,
        "row_choice": None,
        "deck": None,
        "professional": None,
        "tie": None,
        "low_row_keys": None,  # every list of distinct keys among LOW_ROW_KEYS (check_variant)
        **CONSTANT_RANGES,
    }

    def check_variant(self, variant: dict[str, Any], state: dict[str, Any]) -> None:
        """Refuse a ``low_row_keys`` that is not a list of distinct keys this checker implements.

        >>> RULES.check_variant({"low_row_keys": ["cards", "age"]}, {})
        Traceback (most recent call last):
        ...
        ruleproof.checkers.certcheck.schema.CertificateFormatError: $.variant.low_row_keys: this checker implements distinct keys among bullheads, cards, row only, not ['cards', 'age']
        """
        del state
        keys = variant.get("low_row_keys", [])
        if (not isinstance(keys, list) or len(keys) > len(LOW_ROW_KEYS) or any(k not in LOW_ROW_KEYS for k in keys)
                or len(set(keys)) != len(keys)):
            raise CertificateFormatError(f"$.variant.low_row_keys: this checker implements distinct keys among "
                                         f"{', '.join(LOW_ROW_KEYS)} only, not {str(keys)[:80]}")
        if variant.get("row_choice") == "auto" and keys and keys != list(AUTO_LOW_ROW_KEYS):
            raise CertificateFormatError("$.variant.low_row_keys: row_choice 'auto' orders the rows by "
                                         f"{', '.join(AUTO_LOW_ROW_KEYS)}; got {str(keys)[:80]}")

    def parse_move(self, text: str) -> tuple[str, int, bool]:
        return parse_move(text)

    def evaluate(self, s: dict[str, Any], actor: int, move: tuple[str, int, bool]) -> list[Evaluation]:
        kind, number, left = move
        out: list[Evaluation] = []
        n = s["players"]
        standard = s["variant"]["deck"] == "standard"
        fits = not standard or _deal_size(s) <= _number(s, "deck_top")
        out.append(("T5-SETUP-1", IMPLEMENTS["min_players"] <= n <= IMPLEMENTS["max_players"] and fits,
                    {"players": n, "deal": _deal_size(s), "deck_top": _number(s, "deck_top")}))
        if actor == CHANCE:
            top = _number(s, "deck_top") if standard else _deal_size(s)
            everything = list(range(1, top + 1))
            source = everything if _round_over(s) else s["deck"]
            facts: Facts = {"move_kind": kind, "card": number if kind == "deal" else None,
                            "from": "every card (new round)" if _round_over(s) else "undealt cards",
                            "available": kind == "deal" and number in source}
            out.append(("T5-DEAL-1", facts["available"], facts))
        turn = whose_turn(s)
        turn_facts = {"actor": _who(actor), "to_act": _who(turn)}
        out.append(("T5-TURN-1" if not s["resolving"] else "T5-ORDER-1", actor == turn, turn_facts))
        phase_ok = True
        if actor != CHANCE and not s["finished"]:
            if s["resolving"] and kind == "play":
                phase_ok = False
            if not s["resolving"] and kind in ("row", "take"):
                phase_ok = False
            if kind == "deal":
                phase_ok = False
            if kind in ("row", "take") and number >= len(s["rows"]):
                phase_ok = False  # no such row on the table
        out.append(("T5-PHASE-1", phase_ok, {"resolving": s["resolving"], "move_kind": kind, "rows": len(s["rows"])}))
        if kind == "play" and actor >= 0 and not s["resolving"]:
            hand = s["hands"][actor] if actor < n else []
            out.append(("T5-SELECT-1", number in hand, {"card": number, "hand": hand}))
        if kind in ("row", "take") and actor >= 0 and number < len(s["rows"]):
            facts = _resolution_facts(s)
            card = facts["card"]
            pend = card is not None
            place = kind == "row"
            fits = facts.get("fits", [])
            here = [number + 1, "left" if left else "right"]
            fitting = [[f[0], f[1]] for f in fits]
            ok1 = not (place and pend and not left) or s["rows"][number][-1] < card
            ok3 = not (place and left and pend) or (s["variant"]["professional"] and card < s["rows"][number][0])
            ok2 = not (place and pend) or here not in fitting or here in facts["nearest"]
            ok_low1 = not (place and pend) or bool(fits)
            ok_low2 = not (kind == "take" and pend) or not fits
            if place and not left:
                out.append(("T5-PLACE-1", ok1, facts))
            if place:
                out.append(("T5-PLACE-2", ok2, facts))
            if place and left:
                out.append(("T5-PLACE-3", ok3, facts))
            if pend and not fits:
                out.append(("T5-LOW-1", ok_low1, facts))
            if kind == "take":
                out.append(("T5-LOW-2", ok_low2, facts))
            low3: Facts = {"row_choice": s["variant"]["row_choice"]}
            ok_low3 = True
            if kind != "take":
                return _ordered(out)
            keys = _low_row_keys(s)
            if s["variant"]["row_choice"] != "auto" and keys:
                low3["low_row_keys"] = keys
            if pend and kind == "take" and keys:
                rows = s["rows"]
                ranked = [_row_key(rows, r, keys) for r in range(len(rows))]
                allowed = [r for r in range(len(rows)) if ranked[r] == min(ranked)]
                low3.update({"row_bullheads": [sum(_bullheads(c) for c in row) for row in rows],
                             "row_lengths": [len(row) for row in rows]})
                if s["variant"]["row_choice"] == "auto":
                    low3["auto_row"] = allowed[0] + 1
                else:
                    low3["allowed_rows"] = [r + 1 for r in allowed]
                ok_low3 = number in allowed
            out.append(("T5-LOW-3", ok_low3, low3))
        return _ordered(out)

    def alternatives(self, s: dict[str, Any], actor: int, move: tuple[str, int, bool]) -> list[str] | None:
        if move[0] != "take" or _pending(s) is None:
            return None
        return [f"row {r + 1}" + (" left" if left else "") for r in range(len(s["rows"])) for left in (False, True)]

    def forced_proof(self, s: dict[str, Any], actor: int, move: tuple[str, int, bool]) -> dict[str, Any]:
        facts = _resolution_facts(s)
        return {"claim": FORCED_CLAIM, "method": FORCED_METHOD, "assumptions": FORCED_ASSUMPTIONS,
                "bound": f"{2 * len(s['rows'])} placements", "facts": {"card": facts["card"], "row_ends": facts["row_ends"]}}


#: The order of the rules in the specification (claims are listed in this order).
ORDER = ("T5-SETUP-1", "T5-DEAL-1", "T5-TURN-1", "T5-ORDER-1", "T5-PHASE-1", "T5-SELECT-1", "T5-PLACE-1",
         "T5-PLACE-2", "T5-PLACE-3", "T5-LOW-1", "T5-LOW-2", "T5-LOW-3")


def _ordered(items: list[Evaluation]) -> list[Evaluation]:
    return sorted(items, key=lambda e: ORDER.index(e[0]))


RULES = _Take5()
