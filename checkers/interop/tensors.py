"""OpenSpiel observation tensors: fixed-size numeric views of a seat's observation.

Built from the engine's observation only, so a tensor never shows more than the
observation string. Needs numpy (installed with the ``openspiel`` extra).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from ruleproof.checkers.interop.params import Variant
from ruleproof.model.registry import game_for

# --------------------------------------------------------------------------
# Observation tensors (built from Game.observation, so they show what the string shows)

TensorPieces = list[tuple[str, tuple[int, ...]]]
Filler = Callable[[dict[str, Any], dict[str, np.ndarray]], None]


class TensorLayout:
    """Named pieces of an observation tensor and the function that fills them from an observation."""

    def __init__(self, pieces: TensorPieces, fill: Filler) -> None:
        self.pieces = pieces
        self.fill = fill


def _one_hot(array: np.ndarray, index: int) -> None:
    if 0 <= index < array.shape[-1]:
        array[index] = 1.0


def _take5_tensor(players: int, variant: Variant) -> TensorLayout:
    from ruleproof.spec.take5 import deck_cards

    top = len(deck_cards(variant, players))
    rows = variant.rows
    pieces: TensorPieces = [
        ("current_player", (players + 1,)),
        ("hand", (top,)),
        ("rows", (rows, top)),
        ("row_lengths", (rows,)),
        ("chosen", (players, top)),
        ("hidden_choice", (players,)),
        ("piles", (players, top)),
        ("scores", (players,)),
        ("hand_sizes", (players,)),
    ]

    def fill(obs: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        who = obs["current_player"]
        _one_hot(out["current_player"], who if who >= 0 else players)
        for c in obs["hand"]:
            out["hand"][c - 1] = 1
        for r, row in enumerate(obs["rows"]):
            out["row_lengths"][r] = len(row)
            for c in row:
                out["rows"][r, c - 1] = 1
        for s, c in enumerate(obs["chosen"]):
            if c == "hidden":
                out["hidden_choice"][s] = 1
            elif c:
                out["chosen"][s, c - 1] = 1
        for s, pile in enumerate(obs["piles"]):
            for c in pile:
                out["piles"][s, c - 1] = 1
        out["scores"][:] = obs["scores"]
        out["hand_sizes"][:] = obs["hand_sizes"]

    return TensorLayout(pieces, fill)


def _bigpoints_tensor(players: int, variant: Variant) -> TensorLayout:
    from ruleproof.spec.bigpoints import (
        COLOURS,
        DISC_COLOURS,
        LETTERS,
        PHASES,
        TAKEN,
        path_size,
    )

    size = path_size(variant)
    letters = LETTERS + TAKEN
    pieces: TensorPieces = [
        ("current_player", (players + 1,)),
        ("phase", (len(PHASES),)),
        ("path", (size, len(letters))),
        ("pawns", (len(COLOURS), size + 2)),
        ("ladder", (len(COLOURS), len(COLOURS))),
        ("reserve", (len(DISC_COLOURS),)),
        ("hand", (len(DISC_COLOURS),)),
        ("disc_counts", (players,)),
        ("black", (players,)),
        ("spent_black", (players,)),
        ("moved", (len(COLOURS) + 1,)),
        ("flags", (3,)),
        ("scores", (players,)),
    ]

    def fill(obs: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        who = obs["current_player"]
        _one_hot(out["current_player"], who if who >= 0 else players)
        _one_hot(out["phase"], PHASES.index(obs["phase"]))
        for i, letter in enumerate(obs["path"][:size]):
            out["path"][i, letters.index(letter)] = 1
        for c, position in enumerate(obs["pawns"]):
            _one_hot(out["pawns"][c], position + 1)
        for step, colour in enumerate(obs["ladder"][: len(COLOURS)]):
            out["ladder"][step, COLOURS.index(colour)] = 1
        for letter in obs["reserve"]:
            if letter in LETTERS:
                out["reserve"][LETTERS.index(letter)] += 1
        for colour, n in obs["hand"].items():
            out["hand"][DISC_COLOURS.index(colour)] = n
        out["disc_counts"][:] = obs["disc_counts"]
        # Under black_visibility=spent_only another seat's unspent blacks are hidden (None): -1 marks "unknown".
        out["black"][:] = [-1 if n is None else n for n in obs["black"]]
        out["spent_black"][:] = obs["spent_black"]
        moved = obs["moved"]
        _one_hot(out["moved"], COLOURS.index(moved) if moved is not None else len(COLOURS))
        out["flags"][:] = [obs["extra"], obs["used_black"], obs["fresh_black"]]
        out["scores"][:] = obs["scores"]

    return TensorLayout(pieces, fill)


def _ikebana_tensor(players: int, variant: Variant) -> TensorLayout:
    from ruleproof.spec.ikebana import CARD_KINDS

    kinds = {c: i for i, c in enumerate(CARD_KINDS)}
    phases = ("choose", "reveal", "decide", "over")
    pieces: TensorPieces = [
        ("current_player", (players + 1,)),
        ("phase", (len(phases),)),
        ("round", (variant.rounds,)),
        ("start", (players,)),
        ("turn", (players,)),
        ("hand", (len(kinds),)),
        ("drawn", (len(kinds) + 1,)),
        ("pile_tops", (players, len(kinds))),
        ("counts", (4 * players + 3,)),
        ("last_bouquets", (players, len(kinds))),
    ]

    def fill(obs: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        who = obs["current_player"]
        _one_hot(out["current_player"], who if who >= 0 else players)
        _one_hot(out["phase"], phases.index(obs["phase"]))
        _one_hot(out["round"], obs["round"] - 1)
        _one_hot(out["start"], obs["start"])
        _one_hot(out["turn"], obs["turn"])
        for c in obs["hand"]:
            out["hand"][kinds[c]] += 1
        drawn = obs["drawn"]
        if drawn == "hidden":
            out["drawn"][len(kinds)] = 1
        elif drawn is not None:
            out["drawn"][kinds[drawn]] = 1
        for s, top in enumerate(obs["pile_tops"]):
            if top is not None:
                out["pile_tops"][s, kinds[top]] = 1
        bank = obs["bank_left"]
        out["counts"][:] = (
            obs["hand_sizes"] + obs["pile_sizes"] + obs["coins"]
            + (obs["last_payouts"] or [0] * players)
            + [obs["deck_size"], obs["refusals"], -1 if bank is None else bank]
        )
        for s, bouquet in enumerate(obs["last_bouquets"]):
            for c in bouquet:
                out["last_bouquets"][s, kinds[c]] += 1

    return TensorLayout(pieces, fill)


def _cinco_tensor(players: int, variant: Variant) -> TensorLayout:
    from ruleproof.spec.cinco import layout_of

    size = layout_of(variant).size
    probe = game_for("cinco").initial_state(players, variant)
    colours = len(probe.chips)
    pieces: TensorPieces = [
        ("current_player", (players + 1,)),
        ("board", (size, colours + 1)),
        ("hand", (size,)),
        ("discards", (size,)),
        ("counts", (colours + 3 * players + 1,)),
    ]

    def fill(obs: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        who = obs["current_player"]
        _one_hot(out["current_player"], who if who >= 0 else players)
        for n, colour in enumerate(obs["board"]):
            _one_hot(out["board"][n], colour if colour >= 0 else colours)
        for c in obs["hand"]:
            out["hand"][c - 1] = 1
        for c in obs["discards"]:
            out["discards"][c - 1] = 1
        out["counts"][:] = obs["chips"] + obs["hand_sizes"] + obs["discard_sizes"] + obs["owed"] + [obs["deck_size"]]

    return TensorLayout(pieces, fill)


