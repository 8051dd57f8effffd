"""Replaying Cinco witness boards through the engine.

A witness board (which colour's chip lies on which cell) is reachable when a
game places exactly those chips, each with a card that allows it, without
ending on the way. :func:`replay_board` plays such a game with the engine,
with every move checked (under the variant's flags: its chips, hand size and line length): chance deals each
seat the cards its colour needs
(the card numbered like the cell it will take, else the highest useful card
at or below a cell still to take, else a card nobody needs); a seat places a
chip when it holds a card for one of its colour's cells, and otherwise draws
(fewer than four cards) or exchanges its four cards. Any player or team
structure works: seats whose colour has nothing (left) to place keep drawing
and exchanging.

>>> from ruleproof.spec.cinco import CincoVariant
>>> result = replay_board(CincoVariant(), 2, {0: [90, 89], 1: [3]})
>>> result.placements
[(0, 90, 90), (1, 3, 3), (0, 89, 89)]
>>> result.state.board.count(0), result.state.finished
(2, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.model.cinco import GAME
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.spec.cinco import (
    DRAW,
    EXCHANGE,
    CincoState,
    CincoVariant,
    Deal,
    Play,
    cards_to_draw,
    colours_in_game,
    deal_receiver,
)
from ruleproof.spec.core import variant_from_mapping, variant_to_dict
from ruleproof.spec.errors import IllegalMoveError, RuleproofError


class ReplayError(RuleproofError):
    """The witness could not be played (a wrong witness, or the builder ran too long)."""


@dataclass(frozen=True)
class Replay:
    """A replayed witness.

    :param placements: ``(seat, card, cell)`` in the order played.
    :param moves: the text of every move, chance deals included.
    :param state: the state after the last placement.
    """

    placements: list[tuple[int, int, int]]
    moves: list[str]
    state: CincoState


def replay_board(variant: CincoVariant, players: int, chips: Mapping[int, Sequence[int]], *,
                 last: int | None = None, max_moves: int = 50_000, game: Game[Any, Any, Any] = GAME) -> Replay:
    """Place ``chips[colour]`` (cell numbers) in a real game of ``players`` seats.

    :param last: a colour whose final chip must be the last one placed (for
        a game that ends with it).
    :param game: the engine every move is checked on (a reading's engine:
        restricted by extra rules, or derived).
    :raises ReplayError: when the engine ends the game early or the builder gets stuck.
    :raises IllegalMoveError: when ``game`` refuses one of the builder's moves.
    """
    GAME = game  # noqa: N806 - the builder below plays on the engine it is given
    colours = colours_in_game(players, variant)
    todo = {k: sorted(chips.get(k, ()), reverse=True) for k in range(colours)}
    state = GAME.initial_state(players, variant)
    placements: list[tuple[int, int, int]] = []
    moves: list[str] = []
    wanted = {n for cells in todo.values() for n in cells}

    def allowed(k: int) -> list[int]:
        cells = list(todo[k])
        if last is not None and k == last and len(cells) == 1 and any(todo[j] for j in todo if j != last):
            return []
        return cells

    for _ in range(max_moves):
        if not any(todo.values()):
            return Replay(placements, moves, state)
        actor = GAME.current_player(state)
        if actor == TERMINAL:
            raise ReplayError(f"the game ended after {len(placements)} placements, before the witness was complete")
        if actor == CHANCE:
            seat = deal_receiver(state)
            k = seat % colours
            pool = set(cards_to_draw(state))
            held = {c for s in range(players) for c in state.hands[s]}
            mine = [n for n in todo[k] if n in pool and n not in held]
            spare = pool - wanted
            if mine:
                card = max(mine)
            elif todo[k]:
                top = max(todo[k])
                fitting = [c for c in pool if c <= top]
                card = max([c for c in fitting if c in spare] or fitting or list(spare) or list(pool))
            else:
                card = max(spare or pool)
            move: object = Deal(card)
        else:
            k = actor % colours
            hand = state.hands[actor]
            cells = [n for n in allowed(k) if state.board[n - 1] < 0]
            choice = None
            for n in cells:
                if n in hand:
                    choice = (n, n)
                    break
            if choice is None:
                fits = [(c, n) for c in hand for n in sorted(cells) if c <= n]
                if fits:
                    c, n = max(fits, key=lambda cn: (cn[0], -cn[1]))
                    choice = (c, n)
            if choice is not None:
                move = Play(choice[0], choice[1])
                placements.append((actor, choice[0], choice[1]))
                todo[k].remove(choice[1])
            elif len(hand) == variant.hand_size:
                move = EXCHANGE
            else:
                move = DRAW
        state = GAME.apply(state, move)
        moves.append(str(move))
        if state.finished and any(todo.values()):
            raise ReplayError(f"the game ended after {len(placements)} placements, before the witness was complete")
    raise ReplayError(f"no replay within {max_moves} moves")


#: The most cells a witness board may list (a witness is data; the largest built-in board has 100 cells).
MAX_WITNESS_CELLS = 10_000


def witness_chips(witness: Mapping[str, Any]) -> dict[int, list[int]]:
    """The cells of each colour on a witness board (``cells[n - 1]`` is cell ``n``'s colour, -1 free).

    >>> witness_chips({"cells": [0, -1, 1, 0]})
    {0: [1, 4], 1: [3]}
    """
    cells = witness.get("cells")
    if not isinstance(cells, list) or len(cells) > MAX_WITNESS_CELLS:
        raise ReplayError(f"the witness has no board of at most {MAX_WITNESS_CELLS} cells")
    chips: dict[int, list[int]] = {}
    for number, colour in enumerate(cells, start=1):
        if not isinstance(colour, int) or isinstance(colour, bool):
            raise ReplayError(f"cell {number} of the witness board holds {colour!r}, not a colour number")
        if colour >= 0:
            chips.setdefault(colour, []).append(number)
    return chips


def replay_witness_board(witness: Mapping[str, Any], reading: Any) -> list[tuple[int, dict[str, Any], Replay]]:
    """Replay a Cinco witness board on ``reading``'s engine, once per player structure it records.

    Each entry of ``witness["replays"]`` (``players``, ``flags``, and the
    ``finished``/``winner`` the board reached when it was found) is built again
    with :func:`replay_board` under the reading's flags with the entry's
    ``flags`` on top; the colour of its last placement is placed last when the
    game finished (the draw). The outcome must be the recorded one.

    :returns: ``(players, flags, replay)`` per entry.
    :raises ReplayError: a structure that cannot be built, ends otherwise, or a
        move the reading's engine refuses (named with the rules it breaks).
    """
    chips = witness_chips(witness)
    items = witness.get("replays") or [{"players": 2, "flags": {}}]
    if not isinstance(items, list):
        raise ReplayError("the witness's replays are not a list")
    out = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("players"), int):
            raise ReplayError(f"a witness replay entry is not an object with players: {item!r:.80}")
        players = int(item["players"])
        flags = dict(item.get("flags") or {})
        mapping = variant_to_dict(reading.variant) | flags
        try:
            variant = variant_from_mapping(CincoVariant, mapping, from_text=True)
        except RuleproofError as exc:
            raise ReplayError(f"{players} players: {exc}") from None
        placements = item.get("placements")
        last = None
        if item.get("finished") and isinstance(placements, list) and placements:
            last = int(placements[-1][0]) % colours_in_game(players, variant)
        try:
            replay = replay_board(variant, players, chips, last=last, game=reading.engine)
        except IllegalMoveError as exc:
            raise ReplayError(f"{players} players: the builder's move is not legal under this reading: {exc}") \
                from None
        except ReplayError as exc:
            raise ReplayError(f"{players} players: {exc}") from None
        state = replay.state
        if "finished" in item and (bool(state.finished), state.winner) != (bool(item["finished"]), item.get("winner")):
            raise ReplayError(f"{players} players: the board was found with finished={item['finished']}, "
                              f"winner={item.get('winner')}; here finished={state.finished}, winner={state.winner}")
        out.append((players, flags, replay))
    return out


def replay_problem(witness: Any, reading: Any) -> str | None:
    """``None`` when :func:`replay_witness_board` rebuilds the witness under ``reading``, else why not."""
    if not isinstance(witness, dict):
        return "the witness is not a board"
    try:
        replay_witness_board(witness, reading)
    except ReplayError as exc:
        return str(exc)
    return None
