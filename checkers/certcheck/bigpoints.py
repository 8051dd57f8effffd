"""BigPoints' legality rules, re-derived from the raw JSON state.

Moves: ``lay COLOUR`` (chance), ``move PAWN``, ``back PAWN``, ``take ahead``,
``take behind``, ``take none``, ``black``, ``no black``. The path is a string
of disc letters (``BRYGPKW``, ``.`` for a taken disc); pawn positions run from
-1 (before the path) to the path's size (the ladder).

A move is forced when every other choice of the same decision is illegal:
``take none`` when neither side of the moved pawn has a free disc (the
take-nothing gap), a pawn move when no other pawn can move, and so on.

>>> _free("KPBG", [2, -1, -1, -1, 1], 0, 2)  # the rulebook's example
(3, 0)
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.certcheck.core import CHANCE, TERMINAL, Evaluation, Facts
from ruleproof.checkers.certcheck.schema import CertificateFormatError

#: The rule constants this checker implements, declared once (it imports nothing of ruleproof's, so it
#: cannot read the spec's table; tests/checkers/test_certcheck_constants.py compares the two).
IMPLEMENTS: dict[str, Any] = {
    "min_players": 2,
    "max_players": 5,
    "pawns": 5,
    "reserve_discs": 1,
    "blacks_per_turn": 1,
}
PAWNS: int = IMPLEMENTS["pawns"]
RESERVE: int = IMPLEMENTS["reserve_discs"]
#: The values of the rule-constant flags this checker implements, ``(lowest, highest)``: the discs of each base
#: colour and the black and white discs (the path's make-up is read from the certificate's variant). The
#: ladder's ``step_values`` only change scores, which legality never reads: every value is accepted.
RANGES: dict[str, tuple[int, int]] = {"colour_discs": (1, 20), "black_discs": (0, 20), "white_discs": (0, 20)}

COLOURS = ("blue", "red", "yellow", "green", "purple")
DISCS = COLOURS + ("black", "white")
LETTERS = "BRYGPKW"
BLACK = DISCS.index("black")
START = -1
EXPECTED = {"lay": "lay", "over": "lay", "move": "pawn", "extra": "pawn", "take": "take", "offer": "black"}

FORCED_METHOD = "every other choice of this decision (each pawn forward and back, each side, or the black disc) evaluated"
FORCED_ASSUMPTIONS = [
    "a pawn moves to the next disc of its colour still on the path, or onto the ladder when none is left",
    "a free disc is still on the path and not under another pawn; the nearest one on the chosen side is taken",
    "backward moves exist only in the extra move paid with a black disc",
]


def parse_move(text: str) -> tuple[str, Any]:
    """``(kind, argument)`` with kinds ``lay``, ``pawn`` (argument ``(colour, back)``), ``take``, ``black``."""
    words = text.split()
    if words == ["black"]:
        return "black", True
    if words == ["no", "black"]:
        return "black", False
    if len(words) == 2:
        if words[0] == "lay" and words[1] in DISCS:
            return "lay", words[1]
        if words[0] in ("move", "back") and words[1] in COLOURS:
            return "pawn", (COLOURS.index(words[1]), words[0] == "back")
        if words[0] == "take" and words[1] in ("ahead", "behind", "none"):
            return "take", words[1]
    raise ValueError(f"not a BigPoints move: {text!r}")


def _size(v: dict[str, Any]) -> int:
    return PAWNS * (int(v["colour_discs"]) - RESERVE) + int(v["black_discs"]) + int(v["white_discs"])


def _composition(v: dict[str, Any]) -> list[int]:
    return [v["colour_discs"] - RESERVE] * PAWNS + [v["black_discs"], v["white_discs"]]


def whose_turn(s: dict[str, Any]) -> int:
    """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
    if s["phase"] == "lay":
        return CHANCE
    if s["phase"] == "over":
        return CHANCE if s["variant"]["match"] and s["game"] + 1 < s["players"] else TERMINAL
    return int(s["turn"])


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _destination(s: dict[str, Any], colour: int, back: bool) -> int | None:
    size = _size(s["variant"])
    pos = s["pawns"][colour]
    path = s["path"]
    if pos == size:
        return None
    if not back:
        return next((i for i in range(pos + 1, len(path)) if path[i] == LETTERS[colour]), size)
    if pos == START:
        return None
    found = next((i for i in range(pos - 1, -1, -1) if path[i] == LETTERS[colour]), None)
    if found is None and s["variant"]["back_to_start"]:
        return START
    return found


def _free(path: str, pawns: list[int], colour: int, position: int) -> tuple[int | None, int | None]:
    others = {p for c, p in enumerate(pawns) if c != colour}
    ahead = next((i for i in range(position + 1, len(path)) if path[i] != "." and i not in others), None)
    behind = next((i for i in range(position - 1, -1, -1) if path[i] != "." and i not in others), None)
    return ahead, behind


def _is_gap(s: dict[str, Any], colour: int, back: bool) -> bool:
    dest = _destination(s, colour, back)
    if dest is None or dest == _size(s["variant"]):
        return False
    pawns = list(s["pawns"])
    pawns[colour] = dest
    return _free(s["path"], pawns, colour, dest) == (None, None)


def _pawn_text(colour: int, back: bool) -> str:
    return f"{'back' if back else 'move'} {COLOURS[colour]}"


def _allowed(s: dict[str, Any], extra: bool) -> list[str]:
    moves = [(c, b) for c in range(PAWNS) for b in ((False, True) if extra else (False,)) if _destination(s, c, b) is not None]
    if s["variant"]["no_free_disc"] == "illegal":
        kept = [m for m in moves if not _is_gap(s, *m)]
        if kept or extra:
            moves = kept
    return sorted(_pawn_text(c, b) for c, b in moves)


def _usable(s: dict[str, Any]) -> int:
    return int(s["hands"][s["turn"]][BLACK]) - int(s["fresh"])


def _disc_at(path: str, pos: int | None) -> list[Any] | None:
    return None if pos is None else [pos, DISCS[LETTERS.index(path[pos])]]


class _BigPoints:
    #: The variant flags this checker implements: ``None`` for every value (the flag
    #: leaves legality alone, or every value is implemented), else the values it implements.
    #: A certificate under any other value is refused, never judged by the wrong rules.
    flags: dict[str, tuple[object, ...] | None] = {
        "inverted_ladder": None,
        "spent_black_counts": None,
        "no_free_disc": None,
        "back_to_start": None,
        "extra_timing": None,
        "match": None,
        "colour_discs": None,
        "black_discs": None,
        "white_discs": None,
        "step_values": None,
        "black_counts": None,
        "last_reserve": (True,),
        "ladder_take": ("reserve",),
        "black_visibility": None,
    }

    def parse_move(self, text: str) -> tuple[str, Any]:
        return parse_move(text)

    def check_variant(self, variant: dict[str, Any], state: dict[str, Any]) -> None:
        """Refuse a path make-up outside the values this checker implements (:data:`RANGES`).

        >>> RULES.check_variant({"colour_discs": 30}, {})
        Traceback (most recent call last):
        ...
        ruleproof.checkers.certcheck.schema.CertificateFormatError: $.variant.colour_discs: this checker implements colour_discs from 1 to 20 only, not 30
        """
        del state
        for flag, (low, high) in RANGES.items():
            value = variant.get(flag)
            if type(value) is not int or not low <= value <= high:
                raise CertificateFormatError(f"$.variant.{flag}: this checker implements {flag} from {low} to {high} "
                                             f"only, not {str(value)[:40]}")

    def evaluate(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[Evaluation]:
        kind, arg = move
        n = s["players"]
        phase = s["phase"]
        size = _size(s["variant"])
        turn = whose_turn(s)
        fits = EXPECTED.get(phase) == kind
        next_game = bool(s["variant"]["match"] and s["game"] + 1 < n)
        players_ok = IMPLEMENTS["min_players"] <= n <= IMPLEMENTS["max_players"]
        out: list[Evaluation] = [("BP-SETUP-1", players_ok, {"players": n})]
        if fits and kind == "lay":
            colour = DISCS.index(arg)
            left = _composition(s["variant"])[colour] - (0 if phase == "over" else s["path"].count(LETTERS[colour]))
            out.append(("BP-SETUP-2", left > 0, {"colour": arg, "left_in_box": left}))
        out.append(("BP-TURN-1", actor == turn, {"actor": _who(actor), "to_act": _who(turn)}))
        ok_phase = phase in EXPECTED and not (phase == "over" and not next_game) and fits
        out.append(("BP-TURN-2", ok_phase, {"phase": phase, "move_kind": kind, "next_game": next_game}))
        if fits and kind == "pawn":
            colour, back = arg
            pos = s["pawns"][colour]
            out.append(("BP-MOVE-1", pos != size, {"pawn": COLOURS[colour], "position": pos, "ladder": size}))
            if back:
                out.append(("BP-MOVE-3", phase == "extra", {"phase": phase}))
        if fits and kind == "take":
            moved = s["moved"]
            if 0 <= moved < PAWNS:
                pos = s["pawns"][moved]
                ahead, behind = _free(s["path"], s["pawns"], moved, pos)
                ok = {"ahead": ahead is not None, "behind": behind is not None,
                      "none": ahead is None and behind is None}[arg]
                facts: Facts = {"pawn": COLOURS[moved], "position": pos, "ahead": _disc_at(s["path"], ahead),
                                "behind": _disc_at(s["path"], behind)}
            else:
                ok, facts = False, {"pawn": None}
            out.append(("BP-TAKE-1", ok, facts))
        use_black = fits and kind == "black" and arg
        if (fits and kind == "pawn") or use_black:
            out.append(("BP-TAKE-3", *self._gap(s, move)))
        if use_black:
            held = s["hands"][s["turn"]][BLACK]
            out.append(("BP-BLACK-1", held >= 1 and _usable(s) >= 1, {"held": held, "fresh": s["fresh"]}))
            out.append(("BP-BLACK-2", not s["used_black"], {"used_black": s["used_black"]}))
        if fits and kind == "pawn" and arg[1]:
            colour = arg[0]
            pos = s["pawns"][colour]
            dest = _destination(s, colour, True)
            ok = phase != "extra" or pos == size or (pos != START and dest is not None)
            out.append(("BP-BACK-1", ok, {"phase": phase, "pawn": COLOURS[colour], "position": pos,
                                          "destination": dest, "back_to_start": s["variant"]["back_to_start"]}))
        return out

    def _gap(self, s: dict[str, Any], move: tuple[str, Any]) -> tuple[bool, Facts]:
        flag = s["variant"]["no_free_disc"]
        if flag != "illegal":
            return True, {"no_free_disc": flag}
        if move[0] == "black":
            allowed = _allowed(s, True)
            blocked = not s["used_black"] and _usable(s) >= 1 and not allowed
            return not blocked, {"no_free_disc": flag, "extra_moves": allowed}
        colour, back = move[1]
        dest = _destination(s, colour, back)
        gap = dest is not None and _is_gap(s, colour, back)
        allowed = _allowed(s, s["phase"] == "extra")
        ok = not gap or _pawn_text(colour, back) in allowed
        return ok, {"no_free_disc": flag, "destination": dest, "gap": gap, "allowed": allowed}

    def alternatives(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[str] | None:
        kind, arg = move
        if EXPECTED.get(s["phase"]) != kind or kind == "lay":
            return None
        if kind == "pawn":
            options = [_pawn_text(c, b) for c in range(PAWNS) for b in (False, True)]
            this = _pawn_text(*arg)
        elif kind == "take":
            options = [f"take {side}" for side in ("ahead", "behind", "none")]
            this = f"take {arg}"
        else:
            options = ["black", "no black"]
            this = "black" if arg else "no black"
        return [m for m in options if m != this]

    def forced_proof(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> dict[str, Any]:
        kind, arg = move
        facts: Facts = {"phase": s["phase"], "pawns": s["pawns"], "path": s["path"]}
        if kind == "take":
            claim = ("no free disc lies on either side of the moved pawn: nothing can be taken" if arg == "none"
                     else f"only 'take {arg}' is possible: the other side has no free disc")
        elif kind == "pawn":
            claim = "no other pawn move is possible"
        else:
            claim = "the other choice about the black disc is not possible"
        return {"claim": claim, "method": FORCED_METHOD, "assumptions": FORCED_ASSUMPTIONS, "facts": facts}


RULES = _BigPoints()
