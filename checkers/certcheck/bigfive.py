"""Big Five's legality rules, re-derived from the raw JSON state.

Cards are codes (animal ``LGZCE``, colour ``bygrp``: ``Lp`` is the purple
lion); the board is a list of ``{"x", "y", "card"}`` with the card as an id
``animal * 5 + colour``. A *line* is a maximal run of horizontally or
vertically adjacent cards.

**No placement.** A player exchanges or passes without being able to place a
group when no single hand card can be placed on an empty cell next to a card.
That suffices, by a closure lemma: *if a group is legal, one of its cards is
legal alone.* Proof: the group's new line holds an old card and, with the
played cards, forms one unbroken run, so some played card ``c`` is next to an
old card along the play's direction. Alone, ``c`` lies next to that card
(Rule 2); its line along the play's direction is a part of the group's new
line, which is one colour or one animal, without two identical cards and at
most five long, so the part is too; its line across is the same as in the
group's play (the other played cards lie along the play's direction). So
``c`` alone breaks no rule. The check is therefore over ``F x H`` single
placements, ``F`` the empty cells next to a card (at most ``4 x`` the cards on
the board) and ``H`` the distinct hand cards (at most 5).

The solitaire needs groups of three or more, where the lemma does not apply:
:func:`legal_plays` enumerates every group exhaustively. A legal group's new
line is a maximal run of at most five cells holding an old card whose empty
cells are exactly the played ones, so it enumerates, for every card on the
board, direction and run of at most five cells through it whose two outer
neighbours are empty, every assignment of distinct hand cards (as a multiset)
to the run's empty cells: at most ``B x 2 x 15`` runs (``B`` cards on the
board) times ``5 x 4 x 3 x 2 = 120`` assignments.

>>> board = {(0, 0): card_id("Lp")}
>>> [_line_facts([(0, 0), (1, 0)], {**board, (1, 0): card_id("Gp")})["shared"]]
['colour purple']
>>> len(legal_plays(board, [card_id("Gp"), card_id("Zp")], 1))
20
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from ruleproof.checkers.certcheck.core import CHANCE, TERMINAL, Evaluation, Facts

#: The rule constants this checker implements, declared once (it imports nothing of ruleproof's, so it
#: cannot read the spec's table; tests/checkers/test_certcheck_constants.py compares the two).
IMPLEMENTS: dict[str, Any] = {
    "min_players": 1,
    "max_players": 4,
    "max_players_five": 5,
    "animals": 5,
    "colours": 5,
    "copies": 4,
    "hand_size": 5,
    "max_line": 5,
    "max_group": 4,
    "kids_deal": 15,
    "solo_min_group": 3,
    "solo_discard_cards": 3,
}
#: The rule constants a certificate's variant may set, with the values (from, to) this checker implements; a
#: certificate under another value is refused (``flags`` below). Compared with the spec's bounds by
#: tests/checkers/test_certcheck_constants.py.
PARAMETERS: dict[str, tuple[int, int]] = {
    "hand_size": (3, 10),
    "max_group": (1, 4),
    "copies": (1, 8),
    "kids_deal": (1, 24),
}
_COLOURS: int = IMPLEMENTS["colours"]
_KINDS: int = IMPLEMENTS["animals"] * _COLOURS
_LINE: int = IMPLEMENTS["max_line"]


def _constant(s: dict[str, Any], name: str) -> int:
    """The value of rule constant ``name`` under the state's variant (the rulebook's when the variant has none)."""
    value: int = s["variant"].get(name, IMPLEMENTS[name])
    return value


def _dealt(s: dict[str, Any]) -> int:
    """Cards dealt from the deck: every card but the start card."""
    return _KINDS * _constant(s, "copies") - 1

ANIMALS = "LGZCE"
COLOURS = "bygrp"
ANIMAL_NAMES = ("lion", "giraffe", "zebra", "chimpanzee", "elephant")
COLOUR_NAMES = ("blue", "yellow", "green", "red", "purple")
AXES = ((1, 0), (0, 1))
Cell = tuple[int, int]

FORCED_CLAIM = "no group of the hand can be placed"
FORCED_METHOD = ("every hand card alone on every empty cell next to a card, evaluated against the rules; "
                 "by the closure lemma a legal group would make one of its cards legal alone")
SOLO_CLAIM = "no group of three or more hand cards can be placed, so three cards must be discarded"
SOLO_METHOD = ("exhaustive: every run of at most five cells through a card whose outer neighbours are empty, "
               "with every assignment of three or four distinct hand cards to its empty cells")
SOLO_BOUND = "cards on the board x 2 directions x 15 runs x at most 120 assignments"
SOLO_ASSUMPTIONS = [
    "a legal group's new line is a maximal run of at most five cells holding a card already on the table",
    "placement legality does not depend on the variant flags",
]
FORCED_ASSUMPTIONS = [
    "closure lemma: if a group is legal, one of its cards is legal alone (see ruleproof.checkers.certcheck.bigfive)",
    "a single card must lie next to a card already on the table (Rule 2), so only those empty cells are tried",
    "placement legality does not depend on the variant flags",
]


def card_id(code: str) -> int:
    """A card's id from its code.

    >>> card_id("Ep")
    24
    """
    if len(code) == 2 and code[0] in ANIMALS and code[1] in COLOURS:
        return ANIMALS.index(code[0]) * _COLOURS + COLOURS.index(code[1])
    raise ValueError(f"not a Big Five card: {code!r}")


def code(card: int) -> str:
    """A card's two-letter code."""
    return ANIMALS[card // _COLOURS] + COLOURS[card % _COLOURS]


#: Largest coordinate a play may name: a board of 110 cards never reaches it, and
#: the checks that walk a line's span stay small.
MAX_COORD = 1000

def _placed(word: str) -> tuple[int, int, int]:
    card, at, where = word.partition("@")
    xs, comma, ys = where.partition(",")
    if not at or not comma:
        raise ValueError(f"expected CARD@X,Y, got {word!r}")
    if len(xs) > 6 or len(ys) > 6 or abs(int(xs)) > MAX_COORD or abs(int(ys)) > MAX_COORD:
        raise ValueError(f"coordinates of {word!r} lie beyond ±{MAX_COORD} (limit MAX_COORD)")
    return int(xs), int(ys), card_id(card)


def parse_move(text: str) -> tuple[str, Any]:
    """``(kind, argument)``: kinds are the spec's move class names in lower case."""
    words = text.split()
    if not words:
        raise ValueError("empty move")
    head, rest = words[0], words[1:]
    if head in ("deal", "draw", "box") and len(rest) == 1:
        return head, card_id(rest[0])
    if head == "play" and rest:
        return "play", tuple(sorted(_placed(w) for w in rest))
    if head in ("exchange", "discard") and rest:
        return head, tuple(sorted(card_id(w) for w in rest))
    if words in (["pass"], ["decline"]):
        return head, None
    if head == "bonus" and rest == ["deck"]:
        return "bonusblind", None
    if head == "bonus" and len(rest) == 2 and rest[0] == "pile":
        return "bonuspile", card_id(rest[1])
    if head == "bonus" and len(rest) == 1:
        return "bonus", card_id(rest[0])
    raise ValueError(f"not a Big Five move: {text!r}")


def play_text(placed: tuple[tuple[int, int, int], ...]) -> str:
    """The text form of a play (cards sorted by cell)."""
    return "play " + " ".join(f"{code(c)}@{x},{y}" for x, y, c in sorted(placed))


# -- the deal and whose turn ---------------------------------------------------------


def _sizes(s: dict[str, Any]) -> list[int]:
    v, n = s["variant"], s["players"]
    if v["handicap"]:
        return list(v["handicap"])
    if v["children"]:
        return [_constant(s, "kids_deal")] * n
    return [_dealt(s) // n] * n


def _setup_length(s: dict[str, Any]) -> int:
    sizes = _sizes(s)
    hand = _constant(s, "hand_size")
    return 1 + sum(sizes) + sum(min(hand, k) for k in sizes)


def _deal_target(s: dict[str, Any], index: int) -> tuple[str, int]:
    if index == 0:
        return ("board", 0)
    i = index - 1
    sizes = _sizes(s)
    hand = _constant(s, "hand_size")
    for seat, k in enumerate(sizes):
        if i < k:
            return ("deck", seat)
        i -= k
    for seat, k in enumerate(sizes):
        if i < min(hand, k):
            return ("hand", seat)
        i -= min(hand, k)
    return ("none", -1)


def _is_setup(s: dict[str, Any]) -> bool:
    return not s["round_over"] and s["dealt"] < _setup_length(s)


def phase(s: dict[str, Any]) -> str:
    """``over``, ``round``, ``deal``, ``draw``, ``box``, ``bonus`` or ``act``."""
    if s["finished"]:
        return "over"
    if s["round_over"]:
        return "round"
    if _is_setup(s):
        return "draw" if _deal_target(s, s["dealt"])[0] == "hand" else "deal"
    if s["to_draw"]:
        return "draw"
    if s["boxing"]:
        return "box"
    if s["bonus"]:
        return "bonus"
    return "act"


def whose_turn(s: dict[str, Any]) -> int:
    """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
    p = phase(s)
    if p == "over":
        return TERMINAL
    if p in ("round", "deal", "draw", "box"):
        return CHANCE
    return int(s["turn"])


def _allowed(s: dict[str, Any]) -> list[str]:
    p = phase(s)
    solo = s["players"] == 1
    return {
        "round": ["deal"], "deal": ["deal"], "draw": ["draw"], "box": ["box"],
        "bonus": ["bonuspile", "decline"] if solo else ["bonus", "bonusblind", "decline"],
        "act": ["play", "discard"] if solo else ["play", "exchange", "pass"], "over": [],
    }[p]


def _deck_size(deck: list[list[int]]) -> int:
    return sum(len(seg) for seg in deck)


def _top(deck: list[list[int]]) -> list[int]:
    return next((list(seg) for seg in deck if seg), [])


# -- placement ------------------------------------------------------------------------


def board_of(s: dict[str, Any]) -> dict[Cell, int]:
    """The board as a mapping of cells to card ids."""
    return {(p["x"], p["y"]): p["card"] for p in s["board"]}


def _run(board: dict[Cell, Any], cell: Cell, axis: Cell) -> list[Cell]:
    (x, y), (dx, dy) = cell, axis
    lo = 0
    while (x + (lo - 1) * dx, y + (lo - 1) * dy) in board:
        lo -= 1
    hi = 0
    while (x + (hi + 1) * dx, y + (hi + 1) * dy) in board:
        hi += 1
    return [(x + i * dx, y + i * dy) for i in range(lo, hi + 1)]


def _line_facts(line: list[Cell], after: dict[Cell, int]) -> Facts:
    cards = [after[c] for c in line]
    colours = {c % _COLOURS for c in cards}
    animals = {c // _COLOURS for c in cards}
    shared = (f"colour {COLOUR_NAMES[colours.pop()]}" if len(colours) == 1
              else f"animal {ANIMAL_NAMES[animals.pop()]}" if len(animals) == 1 else None)
    return {"cells": [list(c) for c in line], "cards": [code(c) for c in cards], "shared": shared,
            "distinct": len(set(cards)) == len(cards)}


def analyse(board: dict[Cell, int], placed: tuple[tuple[int, int, int], ...]) -> Facts:
    """Everything the placement rules look at, for ``placed`` on ``board``."""
    cells = [(x, y) for x, y, _ in placed]
    counts = Counter(cells)
    straight = len({x for x, _ in cells}) <= 1 or len({y for _, y in cells}) <= 1
    gaps: list[Cell] = []
    if len(cells) > 1 and straight:
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        span = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]
        gaps = [c for c in span if c not in counts and c not in board]
    axes = AXES if len(cells) <= 1 else ((1, 0),) if len({y for _, y in cells}) == 1 else ((0, 1),)
    marked: dict[Cell, int] = dict(board)
    for c in cells:
        marked.setdefault(c, -1)
    anchors: set[Cell] = set()
    for axis in axes if cells else ():
        anchors.update(c for c in _run(marked, cells[0], axis) if c in board)
    after = dict(board)
    for x, y, card in placed:
        after[(x, y)] = card
    lines: list[list[Cell]] = []
    for cell in cells:
        for axis in AXES:
            run = _run(after, cell, axis)
            if len(run) >= 2 and run not in lines:
                lines.append(run)
    return {
        "size": len(placed),
        "occupied": [list(c) for c in cells if c in board],
        "duplicate_cells": [list(c) for c in sorted(c for c, k in counts.items() if k > 1)],
        "straight": straight, "gaps": [list(c) for c in gaps],
        "anchors": [list(c) for c in sorted(anchors)],
        "lines": [_line_facts(line, after) for line in lines],
    }


def _placement_verdicts(a: Facts, max_group: int = IMPLEMENTS["max_group"]) -> dict[str, bool]:
    lines = a["lines"]
    return {
        "BF-PLAY-2": 1 <= a["size"] <= max_group,
        "BF-PLAY-3": not a["occupied"] and not a["duplicate_cells"],
        "BF-LINE-1": a["straight"] and not a["gaps"],
        "BF-LINE-2": a["size"] == 0 or not a["straight"] or bool(a["gaps"]) or bool(a["anchors"]),
        "BF-LINE-3": all(line["shared"] is not None for line in lines),
        "BF-LINE-4": all(line["distinct"] for line in lines),
        "BF-LINE-5": all(len(line["cards"]) <= _LINE for line in lines),
    }


def placement_ok(board: dict[Cell, int], placed: tuple[tuple[int, int, int], ...],
                 max_group: int = IMPLEMENTS["max_group"]) -> bool:
    """Whether ``placed`` breaks none of the placement rules (cards in hand aside)."""
    return all(_placement_verdicts(analyse(board, placed), max_group).values())


def frontier(board: dict[Cell, int]) -> list[Cell]:
    """The empty cells next to a card, sorted."""
    near = {(x + dx, y + dy) for x, y in board for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return sorted(c for c in near if c not in board)


def single_witness(board: dict[Cell, int], hand: list[int]) -> str | None:
    """The first legal single-card play (cells, then cards, in order), if any."""
    for x, y in frontier(board):
        for card in sorted(set(hand)):
            if placement_ok(board, ((x, y, card),)):
                return play_text(((x, y, card),))
    return None


def legal_plays(board: dict[Cell, int], hand: list[int], min_size: int,
                max_group: int = IMPLEMENTS["max_group"]) -> list[str]:
    """Every legal group of ``min_size`` to ``max_group`` hand cards, by exhaustive enumeration (see the module)."""
    found: set[str] = set()
    seen: set[tuple[Cell, ...]] = set()
    for (px, py) in board:
        for dx, dy in AXES:
            for lo in range(1 - _LINE, 1):
                for hi in range(0, lo + _LINE):
                    before = (px + (lo - 1) * dx, py + (lo - 1) * dy)
                    beyond = (px + (hi + 1) * dx, py + (hi + 1) * dy)
                    if before in board or beyond in board:
                        continue
                    segment = [(px + i * dx, py + i * dy) for i in range(lo, hi + 1)]
                    empty = tuple(c for c in segment if c not in board)
                    if not min_size <= len(empty) <= min(max_group, len(hand)) or empty in seen:
                        continue
                    seen.add(empty)
                    for cards in set(itertools.permutations(sorted(hand), len(empty))):
                        placed = tuple(sorted((x, y, c) for (x, y), c in zip(empty, cards)))
                        if placement_ok(board, placed, max_group):
                            found.add(play_text(placed))
    return sorted(found)


# -- the rules -------------------------------------------------------------------------


def _move_cards(kind: str, arg: Any) -> list[int]:
    if kind == "play":
        return [c for _, _, c in arg]
    if kind in ("exchange", "discard"):
        return list(arg)
    return [arg] if kind == "bonus" else []


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


class _BigFive:
    #: The variant flags this checker implements: ``None`` for every value (the flag
    #: leaves legality alone, or every value is implemented), else the values it implements.
    #: A certificate under any other value is refused, never judged by the wrong rules.
    flags: dict[str, tuple[object, ...] | None] = {
        "bonus": None,
        "stalemate": None,
        "idle_rounds": None,
        "allow_five": None,
        "children": None,
        "handicap": None,
        "rounds": None,
        "penalty_limit": None,
        "exchange": ("any",),
        "min_group": (1,),
        "bonus_timing": None,
        "pass_rule": ("stuck",),
        "solo_discard": ("forced",),
        "solo_rest": None,
        # The bonus table (how many bonus discards a play earns) is an effect the state carries (its open
        # discards); no legality rule here recounts it, so every table is implemented.
        "bonus_lines": None,
        "bonus_group": None,
        "bonus_per": None,
        "bonus_cap": None,
        **{name: tuple(range(low, high + 1)) for name, (low, high) in PARAMETERS.items()},
    }

    def parse_move(self, text: str) -> tuple[str, Any]:
        return parse_move(text)

    def evaluate(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[Evaluation]:
        kind, arg = move
        v, n = s["variant"], s["players"]
        top = IMPLEMENTS["max_players_five"] if v["allow_five"] else IMPLEMENTS["max_players"]
        ok = IMPLEMENTS["min_players"] <= n <= top and (not v["handicap"] or len(v["handicap"]) == n)
        ok = ok and not (v["children"] and not v["handicap"] and _constant(s, "kids_deal") * n > _dealt(s))
        out: list[Evaluation] = [("BF-SETUP-1", ok, {"players": n, "allow_five": v["allow_five"],
                                                      "handicap": v["handicap"]})]
        if kind == "deal":
            pool = list(range(_KINDS)) if s["round_over"] else s["pool"]
            out.append(("BF-DEAL-1", arg in pool, {"card": code(arg), "available": arg in pool}))
        turn = whose_turn(s)
        out.append(("BF-TURN-1", actor == turn, {"actor": _who(actor), "to_act": _who(turn)}))
        allowed = _allowed(s)
        out.append(("BF-TURN-2", kind in allowed, {"phase": phase(s), "move_kind": kind, "allowed": allowed}))
        seat_move = actor >= 0 and not s["finished"]
        hand = list(s["hands"][actor]) if 0 <= actor < n else []
        if seat_move:
            rest = list(hand)
            missing = []
            for c in _move_cards(kind, arg):
                if c in rest:
                    rest.remove(c)
                else:
                    missing.append(c)
            out.append(("BF-PLAY-1", not missing, {"cards": [code(c) for c in _move_cards(kind, arg)],
                                                   "hand": [code(c) for c in hand],
                                                   "missing": [code(c) for c in sorted(missing)]}))
        board = board_of(s)
        if kind == "play" and seat_move:
            a = analyse(board, arg)
            verdicts = _placement_verdicts(a, _constant(s, "max_group"))
            out.append(("BF-PLAY-2", verdicts["BF-PLAY-2"], {"group_size": a["size"]}))
            out.append(("BF-PLAY-3", verdicts["BF-PLAY-3"], {"occupied": a["occupied"], "duplicate_cells": a["duplicate_cells"]}))
            out.append(("BF-LINE-1", verdicts["BF-LINE-1"], {"straight": a["straight"], "gaps": a["gaps"]}))
            out.append(("BF-LINE-2", verdicts["BF-LINE-2"], {"straight": a["straight"], "gaps": a["gaps"],
                                                             "anchors": a["anchors"]}))
            for rule in ("BF-LINE-3", "BF-LINE-4", "BF-LINE-5"):
                out.append((rule, verdicts[rule], {"lines": a["lines"]}))
        if kind in ("draw", "box"):
            seat = _deal_target(s, s["dealt"])[1] if _is_setup(s) else s["turn"]
            deck_top = _top(s["decks"][seat])
            out.append(("BF-DRAW-1", arg in deck_top, {"card": code(arg), "seat": seat,
                                                       "top": [code(c) for c in deck_top]}))
        if kind == "exchange" and seat_move:
            size = _deck_size(s["decks"][actor])
            out.append(("BF-EXCH-1", 1 <= len(arg) <= _constant(s, "hand_size") and size > 0,
                        {"count": len(arg), "deck_size": size}))
        if kind == "pass" and seat_move and n > 1:
            size = _deck_size(s["decks"][actor])
            witness = single_witness(board, hand)
            out.append(("BF-PASS-1", size == 0 and witness is None,
                        {"deck_size": size, "can_place": witness is not None, "witness": witness}))
        if kind in ("bonus", "bonusblind") and seat_move:
            size = _deck_size(s["decks"][actor])
            ok = not (kind == "bonusblind" and size == 0)
            out.append(("BF-BONUS-2", ok, {"source": "deck" if kind == "bonusblind" else "hand", "deck_size": size}))
        if kind == "play" and seat_move and n == 1:
            out.append(("BF-SOLO-1", len(arg) >= IMPLEMENTS["solo_min_group"], {"group_size": len(arg)}))
        if kind == "discard" and seat_move:
            out.append(("BF-SOLO-2", len(arg) == IMPLEMENTS["solo_discard_cards"], {"count": len(arg)}))
            if n == 1:
                plays = legal_plays(board, list(s["hands"][0]), IMPLEMENTS["solo_min_group"], _constant(s, "max_group"))
                out.append(("BF-SOLO-3", not plays, {"can_place_3": bool(plays), "witness": plays[0] if plays else None}))
        if kind == "bonuspile" and seat_move:
            out.append(("BF-SOLO-4", arg in s["pile"], {"card": code(arg), "pile": [code(c) for c in s["pile"]]}))
        return out

    def alternatives(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[str] | None:
        if move[0] == "discard" and s["players"] == 1 and actor == 0:
            return []  # the proof is BF-SOLO-3's exhaustive search; see forced_proof
        if move[0] not in ("exchange", "pass") or s["players"] == 1 or not 0 <= actor < s["players"]:
            return None
        hand = sorted(set(s["hands"][actor]))
        return [play_text(((x, y, c),)) for x, y in frontier(board_of(s)) for c in hand]

    def forced_proof(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> dict[str, Any]:
        if move[0] == "discard":
            return {"claim": SOLO_CLAIM, "method": SOLO_METHOD, "assumptions": SOLO_ASSUMPTIONS, "bound": SOLO_BOUND,
                    "facts": {"hand": [code(c) for c in s["hands"][0]], "cards_on_board": len(s["board"]),
                              "legal_groups": len(legal_plays(board_of(s), list(s["hands"][0]),
                                                              IMPLEMENTS["solo_min_group"], _constant(s, "max_group")))}}
        cells = frontier(board_of(s))
        hand = sorted(set(s["hands"][actor]))
        return {"claim": FORCED_CLAIM, "method": FORCED_METHOD, "assumptions": FORCED_ASSUMPTIONS,
                "bound": f"{len(cells)} empty cells next to a card x {len(hand)} distinct hand cards",
                "facts": {"hand": [code(c) for c in hand], "frontier": [list(c) for c in cells]}}


RULES = _BigFive()
