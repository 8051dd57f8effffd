"""Cinco's legality rules, re-derived from the raw JSON state.

Moves: ``deal C`` (chance), ``draw``, ``exchange``, ``play C at N``,
``play C burn``. The board is a list with one entry per cell number (cell
``n`` is ``board[n - 1]``; -1 is free); legality never needs the layout's
geometry, only the cell numbers.

Forced moves: a burn (``play C burn``) is legal only when the card can take no
cell, so its certificate refutes every ``play C at N``; a ``draw`` is forced
when no exchange and no play of any hand card is legal (an empty hand).

>>> RULES.parse_move("play 34 at 50"), RULES.parse_move("play 90 burn")
(('play', (34, 50)), ('play', (90, 0)))
"""

from __future__ import annotations

import hashlib
from typing import Any

from ruleproof.checkers.certcheck.core import CHANCE, TERMINAL, Evaluation
from ruleproof.checkers.certcheck.schema import CertificateFormatError

#: The rule constants this checker implements, declared once (it imports nothing of ruleproof's, so it
#: cannot read the spec's table; tests/checkers/test_certcheck_constants.py compares the two).
IMPLEMENTS: dict[str, Any] = {
    "min_players": 2,
    "max_players": 6,
    "team_players": (4, 6),
    "team_sizes": (2, 3),
    "hand_size": 4,
}
#: A certificate's hand size when its variant names none (certificates made before the flag existed).
HAND: int = IMPLEMENTS["hand_size"]
#: The hand sizes this checker implements (flag ``hand_size``; a certificate under another is refused).
HAND_SIZES: tuple[int, ...] = tuple(range(1, 11))
_TEAM_PLAYERS: tuple[int, ...] = IMPLEMENTS["team_players"]
_PAIRS: int = IMPLEMENTS["team_sizes"][0]
_TRIPLES: int = IMPLEMENTS["team_sizes"][1]
#: The player counts CI-SETUP-1 accepts: everyone alone below the first team count, the team counts from it on.
PLAYER_COUNTS = tuple(n for n in range(IMPLEMENTS["min_players"], IMPLEMENTS["max_players"] + 1)
                      if n < _TEAM_PLAYERS[0] or n in _TEAM_PLAYERS)

FREE = -1

FORCED_ASSUMPTIONS = [
    "a chip goes on a free cell numbered at least the card's number (Joker variant: any free cell when none is)",
    "a card burns only when it can take no cell",
    "drawing needs fewer than four cards, exchanging exactly four",
]


def parse_move(text: str) -> tuple[str, Any]:
    """``(kind, argument)``; a play's argument is ``(card, cell)`` with cell 0 for a burn."""
    words = text.split()
    if words in (["draw"], ["exchange"]):
        return words[0], None
    if len(words) == 2 and words[0] == "deal" and words[1].isdigit() and int(words[1]) >= 1:
        return "deal", int(words[1])
    if len(words) == 3 and words[0] == "play" and words[1].isdigit() and words[2] == "burn" and int(words[1]) >= 1:
        return "play", (int(words[1]), 0)
    if (len(words) == 4 and words[0] == "play" and words[2] == "at" and words[1].isdigit() and words[3].isdigit()
            and int(words[1]) >= 1 and int(words[3]) >= 1):
        return "play", (int(words[1]), int(words[3]))
    raise ValueError(f"not a Cinco move: {text!r}")


def _cards_to_draw(s: dict[str, Any]) -> list[int]:
    return list(s["deck"]) if s["deck"] else sorted(c for pile in s["discards"] for c in pile)


def _blocked(s: dict[str, Any]) -> bool:
    if any(s["owed"]):
        return not _cards_to_draw(s)
    return not s["hands"][s["turn"]] and not _cards_to_draw(s)


def whose_turn(s: dict[str, Any]) -> int:
    """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
    if s["finished"] or _blocked(s):
        return TERMINAL
    if any(s["owed"]):
        return CHANCE
    return int(s["turn"])


def _hand_size(s: dict[str, Any]) -> int:
    """The cards of a full hand under the state's variant (drawing needs fewer, exchanging exactly as many)."""
    return int(s["variant"].get("hand_size", HAND))


def _colours(s: dict[str, Any]) -> int:
    """The colours in play: the players, or the teams (four: two pairs; six: ``teams6`` 2x3 or 3x2)."""
    n = int(s["players"])
    if n not in _TEAM_PLAYERS:
        return n
    if n % _TRIPLES or s["variant"]["teams6"] == "3x2":
        return n // _PAIRS
    return n // _TRIPLES


def _who(actor: int) -> str | int:
    return {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, actor)


def _free(board: list[int]) -> list[int]:
    return [n for n, c in enumerate(board, start=1) if c == FREE]


def _targets(s: dict[str, Any], card: int) -> list[int]:
    free = _free(s["board"])
    above = [n for n in free if n >= card]
    return above if above or not s["variant"]["joker"] else free


def _play_text(card: int, cell: int) -> str:
    return f"play {card} burn" if cell == 0 else f"play {card} at {cell}"


class _Cinco:
    #: The variant flags this checker implements: ``None`` for every value (the flag
    #: leaves legality alone, or every value is implemented), else the values it implements.
    #: A certificate under any other value is refused, never judged by the wrong rules.
    flags: dict[str, tuple[object, ...] | None] = {
        "layout": None,
        "layout_data": None,  # a custom board: legality uses only the cell numbers (the state's board)
        "layout_sha256": None,
        "exact_five": None,
        "teams6": None,
        "joker": None,
        "chips": None,
        "reshuffle": ("on_demand",),
        "first_seat": (0,),
        "chips_out": ("last_chip",),
        "must_place": (False,),
        "hand_size": HAND_SIZES,
        "line_length": None,  # legality never asks for a line: only winning does (an effect)
        "five": ("refused",),  # five playing alone (CI-AMB-11): not implemented here, refused
        "joker_burn": (False,),  # a joker card that may burn (CI-AMB-12): not implemented here, refused
    }

    #: Flags of earlier versions, accepted at their old value only (``layout_file`` "": no file).
    retired: dict[str, object] = {"layout_file": ""}

    def parse_move(self, text: str) -> tuple[str, Any]:
        return parse_move(text)

    def check_variant(self, variant: dict[str, Any], state: dict[str, Any]) -> None:
        """A custom board (``layout_data``) must match its SHA-256 and the state's board length.

        Legality needs only the cell numbers, so the layout's geometry is not
        re-derived; its text is still checked against its hash, and its cell
        count (the pairs after the last ``;``) against the board.
        """
        hand = variant.get("hand_size", HAND)
        if type(hand) is not int:
            raise CertificateFormatError(f"$.variant.hand_size: a hand size is a whole number; got {hand!r}")
        data, digest = variant.get("layout_data", ""), variant.get("layout_sha256", "")
        if not isinstance(data, str) or not isinstance(digest, str):
            raise CertificateFormatError("$.variant.layout_data: layout_data and layout_sha256 must be strings")
        if not data:
            if digest:
                raise CertificateFormatError("$.variant.layout_sha256: a layout hash without layout_data")
            return
        if hashlib.sha256(data.encode("utf-8")).hexdigest() != digest:
            raise CertificateFormatError("$.variant.layout_sha256: does not match the SHA-256 of layout_data "
                                         "(the layout was altered)")
        cells = data.rsplit(";", 1)[-1].split(" ")
        board = state.get("board")
        if not isinstance(board, list) or len(board) != len(cells):
            raise CertificateFormatError(f"$.state.board: the custom layout has {len(cells)} cells, the board "
                                         f"{len(board) if isinstance(board, list) else '?'}")

    def evaluate(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[Evaluation]:
        kind, arg = move
        n = s["players"]
        turn = whose_turn(s)
        out: list[Evaluation] = [("CI-SETUP-1", n in PLAYER_COUNTS, {"players": n})]
        ok_turn = actor == turn and not (actor == CHANCE and kind != "deal") and not (actor >= 0 and kind == "deal")
        out.append(("CI-TURN-1", ok_turn, {"actor": _who(actor), "to_act": _who(turn), "move_kind": kind}))
        draw_from = _cards_to_draw(s)
        if actor == CHANCE and kind == "deal":
            out.append(("CI-DEAL-1", arg in draw_from, {"card": arg, "source": "deck" if s["deck"] else "discards",
                                                          "available": arg in draw_from}))
        hand = s["hands"][actor] if 0 <= actor < n else []
        if kind == "draw" and actor >= 0:
            out.append(("CI-HAND-1", len(hand) < _hand_size(s) and bool(draw_from),
                        {"hand": hand, "cards_to_draw": len(draw_from)}))
        if kind == "exchange" and actor >= 0:
            out.append(("CI-HAND-2", len(hand) == _hand_size(s), {"hand": hand}))
        if kind == "play" and actor >= 0:
            card, cell = arg
            board = s["board"]
            out.append(("CI-PLAY-1", card in hand, {"card": card, "hand": hand}))
            exists = 1 <= cell <= len(board)
            chip = board[cell - 1] if exists and board[cell - 1] != FREE else None
            out.append(("CI-PLAY-2", cell == 0 or (exists and chip is None), {"cell": cell, "size": len(board), "chip": chip}))
            above = [c for c in _free(board) if c >= card]
            joker_card = s["variant"]["joker"] and not above
            out.append(("CI-PLAY-3", cell == 0 or cell >= card or joker_card,
                        {"card": card, "cell": cell, "joker": s["variant"]["joker"], "free_at_or_above": above}))
            targets = _targets(s, card)
            out.append(("CI-PLAY-4", cell != 0 or not targets, {"card": card, "cell": cell, "targets": targets}))
            colour = actor % _colours(s)
            left = s["chips"][colour]
            out.append(("CI-PLAY-5", cell == 0 or left > 0, {"colour": colour, "chips_left": left}))
        if not s["finished"] and _blocked(s):
            out.append(("CI-END-3", False, {"owed": s["owed"], "hand_size": len(s["hands"][s["turn"]]), "cards_to_draw": 0}))
        return out

    def alternatives(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> list[str] | None:
        kind, arg = move
        size = len(s["board"])
        if kind == "play" and arg[1] == 0:
            return [_play_text(arg[0], cell) for cell in range(1, size + 1)]
        if kind == "draw" and actor >= 0:
            hand = s["hands"][actor]
            return ["exchange"] + [_play_text(c, cell) for c in hand for cell in range(size + 1)]
        return None

    def forced_proof(self, s: dict[str, Any], actor: int, move: tuple[str, Any]) -> dict[str, Any]:
        kind, arg = move
        size = len(s["board"])
        if kind == "play":
            card = arg[0]
            return {"claim": f"card {card} can take no cell, so it burns",
                    "method": f"every cell 1..{size} evaluated against the placement rules", "bound": f"{size} cells",
                    "assumptions": FORCED_ASSUMPTIONS,
                    "facts": {"card": card, "joker": s["variant"]["joker"], "free_cells": _free(s["board"])}}
        hand = s["hands"][actor]
        return {"claim": "the player must draw: no exchange and no play of a hand card is legal",
                "method": "the exchange and every hand card on every cell (and burnt) evaluated against the rules",
                "bound": f"{len(hand)} card(s) x {size + 1} placements + 1 exchange",
                "assumptions": FORCED_ASSUMPTIONS, "facts": {"hand": hand}}


RULES = _Cinco()
