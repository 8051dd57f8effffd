"""``ruleproof score GAME …``: explain the score of a hand or a play, for every game that scores one.

========== ============================================================ ==========================================
game       what is scored                                               example
========== ============================================================ ==========================================
take5      the bullheads of cards (a pile, a row)                       ``score take5 55 10 3``
bigfive    the bonus discards a play earns on a board                   ``score bigfive --board Gr@0,0 Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0``
bigpoints  a seat's points: ladder steps, white discs, black discs      ``score bigpoints --ladder RBPYG R2 W1 K1``
ikebana    a bouquet: combinations and colour multiplier                ``score ikebana R3 B3 Y3 W2 G2``
========== ============================================================ ==========================================

Cinco scores no hand or play (its games end in a line of five), so it is
refused with that reason. Each game's scoring is the specification's own
function (:func:`ruleproof.spec.take5.compute_bullheads`,
:func:`ruleproof.spec.bigfive.compute_bonus`,
:func:`ruleproof.spec.bigpoints.compute_score`,
:func:`ruleproof.spec.ikebana.explain_bouquet`); variant flags apply with
``--variant``.

>>> explain("take5", ["55", "10", "3"], board=[], ladder=None, spent=0, variant=[])["total"]
11
>>> explain("bigpoints", ["R2", "W", "K"], board=[], ladder="RBPYG", spent=0, variant=[])["total"]
10
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from ruleproof.checkers.cli.common import add_json, add_variant, game_arg, parse_variant
from ruleproof.checkers.cli.output import out, print_json
from ruleproof.spec.errors import RuleproofError

#: The games whose hands or plays can be scored.
SCORABLE = ("take5", "bigfive", "bigpoints", "ikebana")

_NOT_SCORABLE = {"cinco": "Cinco scores no hand or play: a game is won by the first line of five"}

#: The most digits of a disc count on the command line (no game has a thousand discs of a colour).
MAX_DISC_COUNT_DIGITS = 3
_CARD = re.compile(r"[0-9]{1,3}")
_COUNT = re.compile(rf"[0-9]{{1,{MAX_DISC_COUNT_DIGITS}}}")


def _shown(item: str) -> str:
    """An item for a message: quoted, cut to 40 characters (a 5,000-digit card is not echoed whole)."""
    return repr(item) if len(item) <= 40 else f"{item[:40]!r}… ({len(item)} characters)"


def _take5(items: list[str]) -> dict[str, Any]:
    from ruleproof.spec.take5 import compute_bullheads

    cards = []
    for item in items:
        # ASCII digits, at most three: str.isdigit takes '²' and int() refuses more than 4,300 digits
        if not _CARD.fullmatch(item) or not 1 <= int(item) <= 104:
            raise RuleproofError(f"a Take 5 card is a number from 1 to 104; got {_shown(item)}")
        cards.append(int(item))
    if len(set(cards)) != len(cards):
        raise RuleproofError("a card appears twice; each number is printed on one card")
    rows = [{"card": c, "bullheads": compute_bullheads(c)} for c in cards]
    total = sum(r["bullheads"] for r in rows)
    text = "\n".join(f"  {r['card']:>3}: {r['bullheads']} bullhead{'s' if r['bullheads'] != 1 else ''}" for r in rows)
    return {"cards": rows, "total": total, "text": f"{text}\n= {total} bullheads"}


def _bigfive(items: list[str], board_items: list[str], variant: Any) -> dict[str, Any]:
    from ruleproof.spec.bigfive import Play, card_code, compute_bonus, parse_card, parse_move

    board: dict[tuple[int, int], int] = {}
    for item in board_items:
        code, _, cell = item.partition("@")
        try:
            x, y = (int(v) for v in cell.split(","))
        except ValueError:
            raise RuleproofError(f"a board cell is CARD@X,Y such as Gr@0,0; got {item!r}") from None
        if (x, y) in board:
            raise RuleproofError(f"cell {x},{y} is given twice on --board")
        board[(x, y)] = parse_card(code)
    if not items:
        raise RuleproofError("name the play's cards, e.g. `score bigfive Lr@1,0 Zr@2,0 --board Gr@0,0`")
    move = parse_move("play " + " ".join(items))
    if not isinstance(move, Play):
        raise RuleproofError("a scored Big Five play is cards on cells, e.g. Lr@1,0 Zr@2,0")
    taken = [f"{p.x},{p.y}" for p in move.placed if (p.x, p.y) in board]
    if taken:
        raise RuleproofError(f"the play puts a card on an occupied cell: {', '.join(taken)}")
    bonus = compute_bonus(variant, board, move)
    text = (f"play {' '.join(str(p) for p in move.placed)} on a board of {len(board)} card(s) "
            f"({variant.bonus} bonus reading)\n= {bonus} bonus discard(s)")
    return {"board": {f"{x},{y}": card_code(c) for (x, y), c in sorted(board.items())},
            "play": [str(p) for p in move.placed], "bonus_reading": variant.bonus, "total": bonus, "text": text}


def _bigpoints(items: list[str], ladder_text: str | None, spent: int, variant: Any) -> dict[str, Any]:
    from ruleproof.spec.bigpoints import BLACK, COLOURS, LETTERS, WHITE, compute_score, compute_step_values

    if ladder_text is None:
        raise RuleproofError("give the ladder, top step first, with --ladder (colour letters of B R Y G P, e.g. RBPYG)")
    ladder: list[int] = []
    for letter in ladder_text.upper():
        index = LETTERS.find(letter)
        if index < 0 or index >= len(COLOURS) or index in ladder:
            raise RuleproofError(f"--ladder lists distinct base colours (B R Y G P), top step first; got {ladder_text!r}")
        ladder.append(index)
    hand = [0] * len(LETTERS)
    for item in items:
        letter, count = item[:1].upper(), item[1:] or "1"
        if letter not in LETTERS or not _COUNT.fullmatch(count):
            raise RuleproofError(f"a disc is a colour letter ({' '.join(LETTERS)}) and a count of 1 to "
                                 f"{MAX_DISC_COUNT_DIGITS} digits, e.g. R2 or W; got {_shown(item)}")
        hand[LETTERS.index(letter)] += int(count)
    if spent < 0:
        raise RuleproofError(f"--spent-black must be 0 or more; got {spent}")
    values = compute_step_values(variant)
    lines = [f"  {COLOURS[c]} on step {step + 1}: {hand[c]} × {values[step]} = {hand[c] * values[step]}"
             for step, c in enumerate(ladder) if hand[c]]
    total = compute_score(variant, tuple(ladder), tuple(hand), spent)
    colour_points = total - sum(hand[c] * values[step] for step, c in enumerate(ladder))
    if hand[WHITE]:
        held = colour_points // hand[WHITE]
        lines.append(f"  white: {hand[WHITE]} × {held} other colour(s) held = {colour_points}")
    if hand[BLACK]:
        lines.append(f"  black: {hand[BLACK]} disc(s), no points of their own")
    counts = {LETTERS[i]: n for i, n in enumerate(hand) if n}
    return {"ladder": [COLOURS[c] for c in ladder], "hand": counts, "spent_black": spent, "total": total,
            "text": "\n".join(lines) + f"\n= {total}"}


def _ikebana(items: list[str], variant: Any) -> dict[str, Any]:
    from ruleproof.spec.ikebana import explain_bouquet

    score = explain_bouquet(" ".join(items), variant)
    return {"cards": list(score.cards),
            "combinations": [{"name": combo.name, "points": combo.points, "cards": list(cards)}
                             for combo, cards in score.combinations],
            "unused": list(score.unused), "base": score.base, "multiplier": score.multiplier,
            "reason": score.reason, "total": score.total, "text": str(score)}


def explain(game: str, items: list[str], *, board: list[str], ladder: str | None, spent: int,
            variant: list[str]) -> dict[str, Any]:
    """The explanation of a score as data (``text`` is the readable form)."""
    from ruleproof.model.registry import game_for

    if game in _NOT_SCORABLE:
        raise RuleproofError(_NOT_SCORABLE[game])
    if game not in SCORABLE:
        raise RuleproofError(f"scoring is available for {', '.join(SCORABLE)}; got {game!r}")
    parsed = parse_variant(game_for(game), variant)
    if game == "take5":
        data = _take5(items)
    elif game == "bigfive":
        data = _bigfive(items, board, parsed)
    elif game == "bigpoints":
        data = _bigpoints(items, ladder, spent, parsed)
    else:
        data = _ikebana(items, parsed)
    return {"game": game, **data}


def cmd_score(args: argparse.Namespace) -> int:
    """Print the explanation; exit 0, or 2 for unparsable or impossible input."""
    game = game_arg(args.game)
    data = explain(game, list(args.items), board=args.board or [], ladder=args.ladder, spent=args.spent_black,
                   variant=args.variant)
    if args.json:
        print_json("score", data)
    else:
        out().print(data["text"], markup=False)
    return 0


def add_subcommand(sub: Any) -> None:
    """Register ``score`` on the CLI's subparsers."""
    p = sub.add_parser(
        "score", help="explain the score of a hand or a play (Take 5, Big Five, BigPoints, Ikebana)",
        description="Explain a score. take5: card numbers → bullheads. bigfive: a play's cards on cells "
                    "(Lr@1,0 …) and --board → bonus discards. bigpoints: discs (R2 W K …) and --ladder → points. "
                    "ikebana: up to five cards (R1 W5 …) → bouquet score.")
    p.add_argument("game", help="game id (take5, bigfive, bigpoints, ikebana; any case)")
    p.add_argument("items", nargs="*", metavar="ITEM", help="cards, cells or discs, as described above")
    p.add_argument("--board", nargs="+", metavar="CARD@X,Y", help="bigfive: the cards already on the board")
    p.add_argument("--ladder", metavar="LETTERS", help="bigpoints: the ladder's colours, top step first (e.g. RBPYG)")
    p.add_argument("--spent-black", type=int, default=0, metavar="N", help="bigpoints: black discs already spent")
    add_variant(p)
    add_json(p)
    p.set_defaults(func=cmd_score, extra_positionals="items")
