"""OpenSpiel adapter: every ruleproof game as a ``pyspiel`` Python game.

Importing this module registers one OpenSpiel game per available ruleproof
game, named ``ruleproof_<id>`` (``ruleproof_take5``, ``ruleproof_bigpoints``,
...). It is the only module that imports ``pyspiel`` (the ``openspiel`` extra).

**Parameters.** A game takes ``players`` and one parameter per flag of the
game's variant dataclass, with the flag's own name and default, so a variant
is chosen exactly as on the command line::

    pyspiel.load_game("ruleproof_take5", {"players": 3, "end_rule": "gt", "threshold": 30})
    pyspiel.load_game("ruleproof_take5(players=3,end_rule=gt,threshold=30)")

Values that OpenSpiel's game strings cannot carry are spelled with words:
``>=`` is ``ge`` and ``>`` is ``gt`` (both spellings are accepted), and a
tuple flag is a ``/``-separated string (``handicap=5/10/15``; one value
keeps a trailing ``/``). The game type (its long name, player range, which
observations it provides) and the game info (number of distinct actions,
chance outcomes, utility range, maximum length) are derived from the player
count and the variant when the game is loaded.

**Actions.** Each game has an *action codec*: player moves and chance
outcomes each map to integers ``0 .. N-1`` through a table of every move the
game can ever make under that variant (:class:`TableCodec`), except Big
Five's plays, whose space is unbounded in absolute cells; they are numbered
relative to the cards already on the table (:class:`BigFiveCodec`). Legal
actions are the engine's legal moves, encoded and sorted; an action's string
is the move's text form (``play 23``, ``deal 7``...).

**Observations.** The observation string of a seat is the engine's
:meth:`~ruleproof.model.core.Game.observation` as compact JSON. The
information state string is perfect recall: the first observation, then one
line per move: ``you <move>`` for the seat's own moves, ``seat N`` or
``chance`` for the others, followed by the observation fields that the move
changed. Observation tensors (where the observation has a fixed size) are
built from the same observation, so they never show more than the string.
Factored observations (public information only, or private only) split the
observation into the fields of the observing seat and the rest.

**Serialisation** is history-based: OpenSpiel stores the action history, and
the Python side of a state pickles as its action list, replayed on load.

>>> import pyspiel
>>> game = pyspiel.load_game("ruleproof_take5", {"players": 3, "deck": "tactical"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 42, 34)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.action_to_string(pyspiel.PlayerId.CHANCE, 6)
(True, 'deal 7')
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import random
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel

from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.core import variant_from_mapping
from ruleproof.spec.errors import RuleproofError, VariantError

__all__ = [
    "MAX_LENGTH",
    "PREFIX",
    "ActionCodec",
    "AdapterError",
    "BigFiveCodec",
    "RuleproofGame",
    "RuleproofObserver",
    "RuleproofState",
    "TableCodec",
    "codec_for",
    "default_players",
    "game_name",
    "load",
    "parameter_specification",
    "parameters_for",
    "players_and_variant",
    "random_game",
    "register",
]

#: Prefix of the OpenSpiel short names: ``ruleproof_take5`` etc.
PREFIX = "ruleproof_"

Move = Any
State = Any
Variant = Any
Params = dict[str, bool | int | float | str]


class AdapterError(RuleproofError, ValueError):
    """A game cannot be loaded or an action cannot be applied through the adapter."""


# --------------------------------------------------------------------------
# Parameters <-> variants

#: Literal flag values that OpenSpiel game strings cannot carry, with their spelling.
_ALIASES = {">=": "ge", ">": "gt", "<=": "le", "<": "lt", "==": "eq", "!=": "ne"}
_UNALIAS = {v: k for k, v in _ALIASES.items()}
_UNSAFE = set("=,()")


def _param_text(value: str) -> str:
    text = _ALIASES.get(value, value)
    if _UNSAFE & set(text):
        raise AdapterError(f"the value {value!r} cannot appear in an OpenSpiel game string (no '=', ',', '(' or ')')")
    return text


def _flag_hints(variant_type: type[Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(variant_type)
    return {f.name: hints[f.name] for f in dataclasses.fields(variant_type)}


def _is_tuple_hint(hint: Any) -> bool:
    return typing.get_origin(hint) is tuple


def _to_param(hint: Any, value: object) -> bool | int | float | str:
    """A flag value as an OpenSpiel parameter value (bool, int, float or string)."""
    if _is_tuple_hint(hint):
        items = [str(v) for v in value]  # type: ignore[attr-defined]
        return "/".join(items) + ("/" if len(items) == 1 else "")
    if isinstance(value, (bool, int, float)):
        return value
    if value is None:
        return ""
    return _param_text(str(value))


def _from_param(hint: Any, value: object) -> object:
    """A parameter value back as the flag's text form (for ``variant_from_mapping``)."""
    if _is_tuple_hint(hint):
        text = str(value).replace(",", "/").replace(" ", "/")
        return [v for v in text.split("/") if v]
    if isinstance(value, str):
        return _UNALIAS.get(value, value)
    return value


def _spec_of(game_id: str) -> Game[Any, Any, Any]:
    return game_for(game_id)


def default_players(game_id: str) -> int:
    """The ``players`` default of a game: its least count of two or more.

    >>> default_players("take5"), default_players("cinco")
    (2, 2)
    """
    spec = _spec_of(game_id).spec
    return max(spec.min_players, min(2, spec.max_players))


def parameter_specification(game_id: str) -> Params:
    """The game's OpenSpiel parameters with their defaults: ``players`` and every variant flag.

    >>> parameter_specification("take5")["end_rule"]
    'ge'
    """
    engine = _spec_of(game_id)
    variant = engine.default_variant()
    params: Params = {"players": default_players(game_id)}
    for name, hint in _flag_hints(engine.variant_type).items():
        params[name] = _to_param(hint, getattr(variant, name))
    return params


def parameters_for(game_id: str, players: int, variant: Variant | None = None) -> Params:
    """OpenSpiel parameters for a player count and a variant (default: every flag at its default).

    >>> from ruleproof.spec.take5 import Take5Variant
    >>> params = parameters_for("take5", 4, Take5Variant(end_rule=">", threshold=30))
    >>> params["players"], params["end_rule"], params["threshold"]
    (4, 'gt', 30)
    """
    engine = _spec_of(game_id)
    variant = engine.default_variant() if variant is None else variant
    params: Params = {"players": players}
    for name, hint in _flag_hints(engine.variant_type).items():
        params[name] = _to_param(hint, getattr(variant, name))
    return params


def players_and_variant(game_id: str, params: Mapping[str, object]) -> tuple[int, Variant]:
    """The player count and the variant that OpenSpiel parameters select.

    >>> players_and_variant("take5", {"players": 3, "end_rule": "gt"})
    (3, Take5Variant(end_rule='>', threshold=66, ...))
    """
    engine = _spec_of(game_id)
    hints = _flag_hints(engine.variant_type)
    defaults = parameter_specification(game_id)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise AdapterError(f"{game_name(game_id)} has no parameter {unknown[0]!r}; parameters: {', '.join(defaults)}")
    players = params.get("players", defaults["players"])
    if not isinstance(players, int) or isinstance(players, bool):
        raise AdapterError(f"players must be an integer; got {players!r}")
    spec = engine.spec
    if not spec.min_players <= players <= spec.max_players:
        raise AdapterError(
            f"{spec.title} is for {spec.min_players}-{spec.max_players} players; got players={players!r}"
        )
    mapping = {name: _from_param(hint, params[name]) for name, hint in hints.items() if name in params}
    variant = variant_from_mapping(engine.variant_type, mapping, from_text=True)
    return players, variant


def game_name(game_id: str) -> str:
    """The OpenSpiel short name of a ruleproof game.

    >>> game_name("take5")
    'ruleproof_take5'
    """
    return PREFIX + game_id


# --------------------------------------------------------------------------
# Action codecs


class ActionCodec:
    """Numbers a game's moves: player actions ``0 .. num_distinct_actions - 1``,
    chance outcomes ``0 .. max_chance_outcomes - 1``.

    ``extra`` is codec-specific bookkeeping carried along the history (Big
    Five's placement order); table codecs ignore it.
    """

    num_distinct_actions: int
    max_chance_outcomes: int

    def root_extra(self, state: State) -> object:
        """The bookkeeping of the initial state."""
        return None

    def next_extra(self, extra: object, before: State, move: Move, after: State) -> object:
        """The bookkeeping after ``move`` led from ``before`` to ``after``."""
        return extra

    def encode(self, move: Move, state: State, extra: object, chance: bool) -> int:
        """The action (or chance outcome) of ``move`` in ``state``."""
        raise NotImplementedError

    def decode(self, action: int, state: State, extra: object, chance: bool) -> Move:
        """The move of ``action`` in ``state``; raises ``KeyError`` when none."""
        raise NotImplementedError


def _key(move: Move) -> tuple[type[Any], Move]:
    # The type is part of the key: NamedTuple moves of different kinds can compare equal.
    return (type(move), move)


class TableCodec(ActionCodec):
    """A fixed table of every move: the action is the move's index.

    >>> from ruleproof.spec.take5 import Deal, Select, Take
    >>> codec = TableCodec([Select(1), Select(2), Take(0)], [Deal(1), Deal(2)])
    >>> codec.encode(Take(0), None, None, False), codec.decode(1, None, None, True)
    (2, Deal(card=2))
    """

    def __init__(self, player_moves: Sequence[Move], chance_moves: Sequence[Move]) -> None:
        self.player_moves = tuple(player_moves)
        self.chance_moves = tuple(chance_moves)
        self._player_index = {_key(m): i for i, m in enumerate(self.player_moves)}
        self._chance_index = {_key(m): i for i, m in enumerate(self.chance_moves)}
        if len(self._player_index) != len(self.player_moves) or len(self._chance_index) != len(self.chance_moves):
            raise ValueError("an action table lists a move twice")
        self.num_distinct_actions = len(self.player_moves)
        self.max_chance_outcomes = len(self.chance_moves)
        # Engines hand out the same move objects again and again (precomputed
        # tables), and hashing a move is slow: remember actions by object
        # identity, pinning the object so that its id is not reused.
        self._fast: tuple[dict[int, tuple[Move, int]], dict[int, tuple[Move, int]]] = ({}, {})
        self._fast_limit = 4 * (len(self.player_moves) + len(self.chance_moves)) + 64

    def encode(self, move: Move, state: State, extra: object, chance: bool) -> int:
        fast = self._fast[chance]
        hit = fast.get(id(move))
        if hit is not None and hit[0] is move:
            return hit[1]
        index = self._chance_index if chance else self._player_index
        try:
            action = index[_key(move)]
        except KeyError:
            raise AdapterError(f"the move {str(move)!r} is not in the action table") from None
        if len(fast) < self._fast_limit:
            fast[id(move)] = (move, action)
        return action

    def decode(self, action: int, state: State, extra: object, chance: bool) -> Move:
        table = self.chance_moves if chance else self.player_moves
        if not 0 <= action < len(table):
            raise KeyError(action)
        return table[action]


# -- Take 5 ------------------------------------------------------------------


def _take5_codec(players: int, variant: Variant) -> ActionCodec:
    from ruleproof.spec.take5 import HAND_SIZE, ROWS, Deal, Place, Select, Take

    top = 104 if variant.deck == "standard" else HAND_SIZE * players + ROWS
    cards = range(1, top + 1)
    moves: list[Move] = [Select(c) for c in cards]
    moves += [Place(r, False) for r in range(ROWS)]
    if variant.professional:
        moves += [Place(r, True) for r in range(ROWS)]
    moves += [Take(r) for r in range(ROWS)]
    return TableCodec(moves, [Deal(c) for c in cards])


# -- BigPoints ----------------------------------------------------------------


def _bigpoints_codec(players: int, variant: Variant) -> ActionCodec:
    from ruleproof.spec.bigpoints import COLOURS, DISC_COLOURS, SIDES, Black, Lay, Pawn, Take

    moves: list[Move] = [Pawn(c, False) for c in COLOURS] + [Pawn(c, True) for c in COLOURS]
    moves += [Take(s) for s in SIDES] + [Black(False), Black(True)]
    return TableCodec(moves, [Lay(c) for c in DISC_COLOURS])


# -- Ikebana ------------------------------------------------------------------


def _ikebana_codec(players: int, variant: Variant) -> ActionCodec:
    from ruleproof.spec.ikebana import CARD_KINDS, Buy, Draw, Keep, Refuse, Reveal

    moves: list[Move] = [Draw(), Keep(), Refuse()] + [Buy(s) for s in range(players)]
    return TableCodec(moves, [Reveal(c) for c in CARD_KINDS])


# -- Cinco --------------------------------------------------------------------


def _cinco_codec(players: int, variant: Variant) -> ActionCodec:
    from ruleproof.spec.cinco import DRAW, EXCHANGE, Deal, Play, layout_of

    size = layout_of(variant).size
    cards = range(1, size + 1)
    moves: list[Move] = [DRAW, EXCHANGE]
    moves += [Play(card, cell) for card in cards for cell in range(size + 1)]
    return TableCodec(moves, [Deal(c) for c in cards])


# -- Big Five -----------------------------------------------------------------


def _multiset_count(kinds: int, size: int) -> int:
    return math.comb(kinds + size - 1, size)


def _multiset_rank(cards: Sequence[int], kinds: int) -> int:
    """The lexicographic rank of a sorted multiset among those of its size (stars and bars)."""
    size = len(cards)
    combo = [c + i for i, c in enumerate(cards)]  # a strictly increasing combination from kinds + size - 1
    universe = kinds + size - 1
    rank, previous = 0, -1
    for i, value in enumerate(combo):
        for skipped in range(previous + 1, value):
            rank += math.comb(universe - skipped - 1, size - i - 1)
        previous = value
    return rank


def _multiset_unrank(rank: int, kinds: int, size: int) -> tuple[int, ...]:
    universe = kinds + size - 1
    combo: list[int] = []
    value = 0
    for i in range(size):
        while True:
            count = math.comb(universe - value - 1, size - i - 1)
            if rank < count:
                break
            rank -= count
            value += 1
        combo.append(value)
        value += 1
    return tuple(c - i for i, c in enumerate(combo))


def _play_shapes() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Every play relative to an anchor card on the table, as ``(offset, family, step)`` triples.

    ``offset`` is the played cell's distance from the anchor along the line
    (``-4..4``, not 0); the line holds at most five cards. ``family`` 0: the
    card has the anchor's colour and the animal ``anchor animal + step``
    (mod 5); ``family`` 1: the anchor's animal and the colour ``anchor
    colour + step``; ``step`` 1-4. Two or more played cards share a family
    and differ in step (a line is one colour or one animal, no repeats).
    """
    import itertools

    shapes: list[tuple[tuple[int, int, int], ...]] = []
    offsets = [o for o in range(-4, 5) if o]
    for size in range(1, 5):
        for cells in itertools.combinations(offsets, size):
            if max(*cells, 0) - min(*cells, 0) > 4:
                continue
            if size == 1:
                shapes += [((cells[0], f, s),) for f in (0, 1) for s in range(1, 5)]
                continue
            for family in (0, 1):
                for steps in itertools.permutations(range(1, 5), size):
                    shapes.append(tuple((o, family, s) for o, s in zip(cells, steps)))
    return tuple(shapes)


class BigFiveCodec(ActionCodec):
    """Big Five's action numbering.

    Chance outcomes: ``deal C`` is ``C``, ``draw C`` is ``25 + C`` and
    ``box C`` is ``50 + C`` (cards 0-24).

    Player actions, in blocks: ``pass``, ``decline``, ``bonus deck``; then
    ``bonus C`` (25), ``bonus pile C`` (25); ``discard`` of three cards (every
    multiset of three of the 25 kinds, by lexicographic rank); ``exchange``
    of 1-5 cards (every multiset of 1-5 kinds, by size then rank); then the
    plays. The table has no fixed cells, so a play is numbered relative to
    an *anchor*: a card already on the table in the new line, identified by
    its placement index (the start card is 0, the cards of each play follow
    in cell order; the numbering restarts with each round's board). A play
    is ``(anchor, axis, shape)``: the axis of the line (a single card uses
    the horizontal one when it has a horizontal neighbour) and a shape from
    :func:`_play_shapes`: each played card's offset from the anchor and its
    card relative to the anchor's colour and animal. The anchor is the
    earliest-placed card of the new line, so every play has one action.

    >>> codec = BigFiveCodec()
    >>> len(codec.shapes), codec.base_play, codec.num_distinct_actions
    (1504, 145483, 446283)
    """

    KINDS = 25
    MAX_ANCHORS = 100
    HAND = 5

    def __init__(self) -> None:
        from ruleproof.spec import bigfive as bf

        self.bf = bf
        self.shapes = _play_shapes()
        self._shape_index = {s: i for i, s in enumerate(self.shapes)}
        self.base_bonus = 3
        self.base_pile = self.base_bonus + self.KINDS
        self.base_discard = self.base_pile + self.KINDS
        self.base_exchange = self.base_discard + _multiset_count(self.KINDS, 3)
        self._exchange_offsets: list[int] = []
        offset = self.base_exchange
        for size in range(1, self.HAND + 1):
            self._exchange_offsets.append(offset)
            offset += _multiset_count(self.KINDS, size)
        self.base_play = offset
        self.num_distinct_actions = self.base_play + self.MAX_ANCHORS * 2 * len(self.shapes)
        self.max_chance_outcomes = 3 * self.KINDS

    # -- placement order --------------------------------------------------

    def root_extra(self, state: State) -> object:
        return tuple(sorted(p.cell for p in state.board))

    def next_extra(self, extra: object, before: State, move: Move, after: State) -> object:
        if after.board is before.board:
            return extra
        order: tuple[tuple[int, int], ...] = extra  # type: ignore[assignment]
        cells = {p.cell for p in after.board}
        if len(after.board) < len(before.board):
            return tuple(sorted(cells))
        kept = tuple(c for c in order if c in cells)
        known = set(kept)
        return kept + tuple(sorted(c for c in cells if c not in known))

    # -- encoding -----------------------------------------------------------

    def encode(self, move: Move, state: State, extra: object, chance: bool) -> int:
        bf = self.bf
        kind = type(move)
        if chance:
            base = {bf.Deal: 0, bf.Draw: self.KINDS, bf.Box: 2 * self.KINDS}.get(kind)
            if base is None:
                raise AdapterError(f"{move} is not a chance outcome")
            return base + move.card  # type: ignore[no-any-return]
        if kind is bf.Pass:
            return 0
        if kind is bf.Decline:
            return 1
        if kind is bf.BonusBlind:
            return 2
        if kind is bf.Bonus:
            return self.base_bonus + move.card  # type: ignore[no-any-return]
        if kind is bf.BonusPile:
            return self.base_pile + move.card  # type: ignore[no-any-return]
        if kind is bf.Discard:
            if len(move.cards) != 3:
                raise AdapterError(f"{move}: a discard has three cards")
            return self.base_discard + _multiset_rank(move.cards, self.KINDS)
        if kind is bf.Exchange:
            if not 1 <= len(move.cards) <= self.HAND:
                raise AdapterError(f"{move}: an exchange has 1-{self.HAND} cards")
            return self._exchange_offsets[len(move.cards) - 1] + _multiset_rank(move.cards, self.KINDS)
        if kind is bf.Play:
            return self._encode_play(move, state, extra)
        raise AdapterError(f"{move} is not a player move of Big Five")

    def _encode_play(self, move: Move, state: State, extra: object) -> int:
        order: tuple[tuple[int, int], ...] = extra  # type: ignore[assignment]
        board = {p.cell: p.card for p in state.board}
        placed = move.placed
        played = {p.cell: p.card for p in placed}
        if len(placed) > 1:
            axis = (1, 0) if len({p.y for p in placed}) == 1 else (0, 1)
        else:
            x, y = placed[0].cell
            axis = (1, 0) if (x - 1, y) in board or (x + 1, y) in board else (0, 1)
        dx, dy = axis
        # The new line: the run through the played cells on the board with them.
        x, y = placed[0].cell
        while (x - dx, y - dy) in board or (x - dx, y - dy) in played:
            x, y = x - dx, y - dy
        line: list[tuple[int, int]] = []
        while (x, y) in board or (x, y) in played:
            line.append((x, y))
            x, y = x + dx, y + dy
        existing = [c for c in line if c in board]
        if not existing:
            raise AdapterError(f"{move}: the new line has no card that was on the table")
        position = {c: i for i, c in enumerate(order)}
        anchor = min(existing, key=lambda c: position[c])
        k = position[anchor]
        if k >= self.MAX_ANCHORS:
            raise AdapterError(f"{move}: anchor index {k} beyond {self.MAX_ANCHORS}")
        a = board[anchor]
        shape = []
        for p in placed:
            offset = (p.x - anchor[0]) * dx + (p.y - anchor[1]) * dy
            if p.card % 5 == a % 5 and p.card != a:
                shape.append((offset, 0, (p.card // 5 - a // 5) % 5))
            elif p.card // 5 == a // 5 and p.card != a:
                shape.append((offset, 1, (p.card % 5 - a % 5) % 5))
            else:
                raise AdapterError(f"{move}: {p} shares neither colour nor animal with the anchor")
        index = self._shape_index.get(tuple(sorted(shape)))
        if index is None:
            raise AdapterError(f"{move}: no action numbers this play")
        return self.base_play + (k * 2 + (axis == (0, 1))) * len(self.shapes) + index

    def decode(self, action: int, state: State, extra: object, chance: bool) -> Move:
        bf = self.bf
        if chance:
            if not 0 <= action < 3 * self.KINDS:
                raise KeyError(action)
            kind, card = divmod(action, self.KINDS)
            return (bf.Deal, bf.Draw, bf.Box)[kind](card)
        if action < 0 or action >= self.num_distinct_actions:
            raise KeyError(action)
        if action < self.base_bonus:
            return (bf.Pass(), bf.Decline(), bf.BonusBlind())[action]
        if action < self.base_pile:
            return bf.Bonus(action - self.base_bonus)
        if action < self.base_discard:
            return bf.BonusPile(action - self.base_pile)
        if action < self.base_exchange:
            return bf.Discard(_multiset_unrank(action - self.base_discard, self.KINDS, 3))
        if action < self.base_play:
            size = max(i for i, start in enumerate(self._exchange_offsets) if start <= action) + 1
            rank = action - self._exchange_offsets[size - 1]
            return bf.Exchange(_multiset_unrank(rank, self.KINDS, size))
        rest, index = divmod(action - self.base_play, len(self.shapes))
        k, vertical = divmod(rest, 2)
        order: tuple[tuple[int, int], ...] = extra  # type: ignore[assignment]
        if k >= len(order):
            raise KeyError(action)
        anchor = order[k]
        a = {p.cell: p.card for p in state.board}[anchor]
        dx, dy = (0, 1) if vertical else (1, 0)
        placed = []
        for offset, family, step in self.shapes[index]:
            if family == 0:
                card = ((a // 5 + step) % 5) * 5 + a % 5
            else:
                card = (a // 5) * 5 + (a % 5 + step) % 5
            placed.append(bf.Placed(anchor[0] + offset * dx, anchor[1] + offset * dy, card))
        return bf.Play(tuple(sorted(placed)))


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
    from ruleproof.spec.take5 import HAND_SIZE, ROWS

    top = 104 if variant.deck == "standard" else HAND_SIZE * players + ROWS
    pieces: TensorPieces = [
        ("current_player", (players + 1,)),
        ("hand", (top,)),
        ("rows", (ROWS, top)),
        ("row_lengths", (ROWS,)),
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
    from ruleproof.spec.bigpoints import COLOURS, DISC_COLOURS, LETTERS, PHASES, TAKEN, path_size

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
        out["black"][:] = obs["black"]
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
        ("round", (4,)),
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


# --------------------------------------------------------------------------
# Per-game adapter data


@dataclasses.dataclass(frozen=True)
class _Adapter:
    """How a game is adapted: its action codec, its observation tensor, and the
    fields of its observation that belong to the observing seat alone (the
    rest is public: the same for every seat)."""

    codec: Callable[[int, Variant], ActionCodec]
    tensor: Callable[[int, Variant], TensorLayout] | None
    private: frozenset[str]


_BIGFIVE_CODEC: list[BigFiveCodec] = []


def _bigfive_codec(players: int, variant: Variant) -> ActionCodec:
    if not _BIGFIVE_CODEC:
        _BIGFIVE_CODEC.append(BigFiveCodec())
    return _BIGFIVE_CODEC[0]


_ADAPTERS: dict[str, _Adapter] = {
    "take5": _Adapter(_take5_codec, _take5_tensor, frozenset({"seat", "hand", "chosen"})),
    "bigpoints": _Adapter(_bigpoints_codec, _bigpoints_tensor, frozenset({"seat", "hand"})),
    "ikebana": _Adapter(_ikebana_codec, _ikebana_tensor, frozenset({"seat", "hand", "drawn"})),
    "cinco": _Adapter(_cinco_codec, _cinco_tensor, frozenset({"seat", "colour", "hand", "discards"})),
    "bigfive": _Adapter(_bigfive_codec, None, frozenset({"seat", "hand"})),
}

#: The observation views: the seat's whole observation, its public part, its private part.
FULL, PUBLIC, PRIVATE = "full", "public", "private"


def codec_for(game_id: str, players: int, variant: Variant | None = None) -> ActionCodec:
    """The action codec of a game for a player count and variant.

    >>> codec_for("bigpoints", 2).num_distinct_actions
    15
    """
    if game_id not in _ADAPTERS:
        raise AdapterError(f"no OpenSpiel adapter for {game_id!r}; adapted: {', '.join(_ADAPTERS)}")
    engine = _spec_of(game_id)
    return _ADAPTERS[game_id].codec(players, engine.default_variant() if variant is None else variant)


# --------------------------------------------------------------------------
# History nodes: immutable, shared between clones


class _Node:
    """One position of a history: the engine state, how it was reached, and caches."""

    __slots__ = (
        "context", "state", "parent", "actor", "action", "move", "depth", "extra", "_legal", "_chance", "_obs", "_entries",
    )

    def __init__(
        self, context: _Context, state: State, parent: _Node | None, actor: int, action: int, move: Move, extra: object
    ) -> None:
        self.context = context
        self.state = state
        self.parent = parent
        self.actor = actor
        self.action = action
        self.move = move
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.extra = extra
        self._legal: dict[int, Move] | None = None
        self._chance: list[tuple[int, Move, float]] | None = None
        self._obs: dict[tuple[str, int], dict[str, Any]] = {}
        self._entries: dict[tuple[str, int], str] = {}

    def __deepcopy__(self, memo: object) -> _Node:
        return self  # immutable as far as anyone can tell: clones share it

    def __reduce__(self) -> tuple[Any, ...]:
        # History-based serialisation: the actions from the start, replayed on load.
        return (_rebuild_node, (self.context, tuple(a for _, a in self.actions())))

    def actions(self) -> list[tuple[int, int]]:
        """``(actor, action)`` from the initial state to this one."""
        items: list[tuple[int, int]] = []
        node: _Node | None = self
        while node is not None and node.parent is not None:
            items.append((node.actor, node.action))
            node = node.parent
        items.reverse()
        return items


class _Context:
    """Everything a loaded game needs: engine, player count, variant, codec, tensor layout."""

    def __init__(self, game_id: str, params: tuple[tuple[str, Any], ...]) -> None:
        self.game_id = game_id
        self.key = params
        self.players, self.variant = players_and_variant(game_id, dict(params))
        self.engine = game_for(game_id)
        self.params = parameters_for(game_id, self.players, self.variant)
        adapter = _ADAPTERS[game_id]
        self.codec = adapter.codec(self.players, self.variant)
        self.tensor = adapter.tensor(self.players, self.variant) if adapter.tensor else None
        self.private = adapter.private
        initial = self.engine.initial_state(self.players, self.variant)
        self.root = _Node(self, initial, None, 0, -1, None, self.codec.root_extra(initial))

    def __deepcopy__(self, memo: object) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_context, (self.game_id, self.key))

    # -- moves ----------------------------------------------------------------

    def legal(self, node: _Node) -> dict[int, Move]:
        """Legal action -> move, sorted by action."""
        if node._legal is None:
            engine, state = self.engine, node.state
            actor = engine.current_player(state)
            if actor == TERMINAL:
                node._legal = {}
            elif actor == CHANCE:
                node._legal = {a: m for a, m, _ in self.chance(node)}
            else:
                encode = self.codec.encode
                pairs = [(encode(m, state, node.extra, False), m) for m in engine.legal_moves(state)]
                node._legal = dict(sorted(pairs, key=lambda p: p[0]))
                if len(node._legal) != len(pairs):
                    raise AdapterError(f"two legal moves share an action in {self.game_id}")
        return node._legal

    def chance(self, node: _Node) -> list[tuple[int, Move, float]]:
        """Chance's ``(action, move, probability)``, sorted by action (empty unless chance acts)."""
        if node._chance is None:
            encode, state = self.codec.encode, node.state
            outcomes = self.engine.chance_outcomes(state)
            node._chance = sorted(((encode(m, state, node.extra, True), m, p) for m, p in outcomes), key=lambda t: t[0])
            if len({a for a, _, _ in node._chance}) != len(node._chance):
                raise AdapterError(f"two chance outcomes share an action in {self.game_id}")
        return node._chance

    def child(self, node: _Node, action: int) -> _Node:
        """The node after ``action``; raises :class:`AdapterError` for an illegal one."""
        legal = self.legal(node)
        move = legal.get(action)
        if move is None:
            actor = self.engine.current_player(node.state)
            raise AdapterError(
                f"action {action} is not legal in {game_name(self.game_id)} at move {node.depth} "
                f"(actor {actor}; legal: {', '.join(str(a) for a in list(legal)[:20])}{'...' if len(legal) > 20 else ''})"
            )
        actor = self.engine.current_player(node.state)
        after = self.engine.apply_unchecked(node.state, move)
        extra = self.codec.next_extra(node.extra, node.state, move, after)
        return _Node(self, after, node, actor, action, move, extra)

    def replay(self, actions: Iterable[int]) -> _Node:
        """The node after playing ``actions`` (chance outcomes included) from the start."""
        node = self.root
        for action in actions:
            node = self.child(node, action)
        return node

    # -- observations -----------------------------------------------------------

    def observation(self, node: _Node, seat: int, view: str = FULL) -> dict[str, Any]:
        """``seat``'s observation (:data:`FULL`), or only its public or private fields."""
        key = (view, seat)
        obs = node._obs.get(key)
        if obs is None:
            if view == FULL:
                obs = self.engine.observation(node.state, seat)
            else:
                full = self.observation(node, seat)
                private = self.private
                obs = {k: v for k, v in full.items() if (k in private) == (view == PRIVATE)}
            node._obs[key] = obs
        return obs

    def observation_string(self, node: _Node, seat: int, view: str = FULL) -> str:
        """The observation as compact JSON."""
        return json.dumps(self.observation(node, seat, view), separators=(",", ":"))

    def _entry(self, node: _Node, seat: int, view: str) -> str:
        key = (view, seat)
        entry = node._entries.get(key)
        if entry is None:
            assert node.parent is not None
            before, after = self.observation(node.parent, seat, view), self.observation(node, seat, view)
            changed = {k: v for k, v in after.items() if before.get(k, _MISSING) != v}
            changed.update({k: None for k in before if k not in after})
            if node.actor == seat and view != PUBLIC:
                who = f"you {node.move}"
            elif node.actor == CHANCE:
                who = "chance"
            else:
                who = f"seat {node.actor}"
            entry = f"{who} {json.dumps(changed, separators=(',', ':'))}"
            node._entries[key] = entry
        return entry

    def information_state_string(self, node: _Node, seat: int, view: str = FULL) -> str:
        """Perfect recall: the first observation, then per move who made it (the
        seat's own moves in full) and the observation fields it changed."""
        lines: list[str] = []
        walk: _Node | None = node
        while walk is not None and walk.parent is not None:
            lines.append(self._entry(walk, seat, view))
            walk = walk.parent
        head = f"{game_name(self.game_id)} seat {seat}" if view != PUBLIC else game_name(self.game_id)
        lines.append(f"{head} start {self.observation_string(self.root, seat, view)}")
        lines.reverse()
        return "\n".join(lines)

    # -- metadata -----------------------------------------------------------------

    def game_type(self) -> Any:
        spec = self.engine.spec
        flags = ", ".join(f"{k}={v}" for k, v in self.params.items() if k != "players")
        return pyspiel.GameType(
            short_name=game_name(self.game_id),
            long_name=f"ruleproof {spec.title} ({self.players} players; {flags})",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=self._utility(),
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=self.tensor is not None,
            provides_factored_observation_string=True,
            parameter_specification=parameter_specification(self.game_id),
        )

    def _utility(self) -> Any:
        # A win is worth 1, shared equally among tied winners: the returns sum to 1
        # (a solitaire game has no one to share with: general sum).
        if self.players > 1:
            return pyspiel.GameType.Utility.CONSTANT_SUM
        return pyspiel.GameType.Utility.GENERAL_SUM

    def game_info(self) -> Any:
        low, high = self.engine.return_bounds(self.players, self.variant)
        constant = self.players > 1
        return pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_distinct_actions,
            max_chance_outcomes=self.codec.max_chance_outcomes,
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=1.0 if constant else None,
            max_game_length=min(self.engine.max_game_length(self.players, self.variant), MAX_LENGTH),
        )


_MISSING = object()
#: OpenSpiel's game lengths are C ints: an engine without a finite bound (Cinco,
#: where drawing and exchanging may go on forever) declares this one.
MAX_LENGTH = 2**31 - 1


@functools.cache
def _context(game_id: str, params: tuple[tuple[str, Any], ...]) -> _Context:
    return _Context(game_id, params)


def _context_for(game_id: str, params: Mapping[str, object]) -> _Context:
    try:
        players, variant = players_and_variant(game_id, params)
    except VariantError as exc:
        raise AdapterError(f"{game_name(game_id)}: {exc}") from None
    canonical = parameters_for(game_id, players, variant)
    return _context(game_id, tuple(sorted(canonical.items())))


def _rebuild_node(context: _Context, actions: tuple[int, ...]) -> _Node:
    return context.replay(actions)


# --------------------------------------------------------------------------
# The pyspiel classes


class RuleproofGame(pyspiel.Game):  # type: ignore[misc]
    """A ruleproof game as an OpenSpiel game; one subclass per game sets :attr:`game_id`."""

    game_id: ClassVar[str] = ""

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        context = _context_for(self.game_id, dict(params or {}))
        super().__init__(context.game_type(), context.game_info(), dict(context.params))
        self.context = context

    def new_initial_state(self, *args: object) -> RuleproofState:
        """The state before the first chance move."""
        return RuleproofState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None) -> RuleproofObserver:
        """Observation (default) and information-state (``perfect_recall``) observers."""
        return RuleproofObserver(self.context, iig_obs_type, params)


class RuleproofState(pyspiel.State):  # type: ignore[misc]
    """A position of a ruleproof game; its Python side is a shared, immutable history node."""

    def __init__(self, game: RuleproofGame) -> None:
        super().__init__(game)
        self._context: _Context = game.context
        self._node: _Node = game.context.root

    @property
    def engine_state(self) -> State:
        """The ruleproof engine's state."""
        return self._node.state

    def current_player(self) -> int:
        actor = self._context.engine.current_player(self._node.state)
        if actor == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if actor == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(actor)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._context.legal(self._node))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, p) for a, _, p in self._context.chance(self._node)]

    def _apply_action(self, action: int) -> None:
        self._node = self._context.child(self._node, action)

    def _action_to_string(self, player: int, action: int) -> str:
        node = self._node
        chance = player == pyspiel.PlayerId.CHANCE
        move = self._context.legal(node).get(action) if chance == self.is_chance_node() else None
        if move is None:
            try:
                move = self._context.codec.decode(action, node.state, node.extra, chance)
            except (KeyError, IndexError, ValueError):
                return f"action {action}"
        return str(move)

    def is_terminal(self) -> bool:
        return bool(self._context.engine.is_terminal(self._node.state))

    def returns(self) -> list[float]:
        return [float(r) for r in self._context.engine.returns(self._node.state)]

    def __str__(self) -> str:
        return str(self._context.engine.render_text(self._node.state))

    def move_of(self, action: int) -> Move:
        """The ruleproof move that ``action`` stands for here.

        :raises KeyError: when no move has that number in this state.
        """
        node = self._node
        legal = self._context.legal(node)
        if action in legal:
            return legal[action]
        return self._context.codec.decode(action, node.state, node.extra, self.is_chance_node())

    def action_of(self, move: Move) -> int:
        """The action that plays ``move`` (a move object or its text form) here."""
        node = self._node
        if isinstance(move, str):
            move = self._context.engine.parse_move(move)
        return self._context.codec.encode(move, node.state, node.extra, self.is_chance_node())


class RuleproofObserver:
    """The PyObserver of a ruleproof game: strings, and the tensor where the game has one.

    The observation type picks the view: public and private information of
    one seat (the default observation, and with ``perfect_recall`` the
    information state), public information only, or private only. Only the
    default observation has a tensor.
    """

    def __init__(self, context: _Context, iig_obs_type: Any, params: Mapping[str, object] | None) -> None:
        if params:
            raise AdapterError(f"observation parameters are not supported; got {dict(params)!r}")
        self.context = context
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.view = FULL
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise AdapterError("ruleproof games observe as one seat: private_info=ALL_PLAYERS is not supported")
            single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
            if iig_obs_type.public_info:
                self.view = FULL if single else PUBLIC
            else:
                self.view = PRIVATE if single else ""
        layout = context.tensor if self.view == FULL and not self.perfect_recall else None
        self.dict: dict[str, np.ndarray] = {}
        if layout is None:
            self.tensor: np.ndarray | None = None
            return
        size = sum(int(np.prod(shape)) for _, shape in layout.pieces)
        self.tensor = np.zeros(size, np.float32)
        index = 0
        for name, shape in layout.pieces:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + count].reshape(shape)
            index += count

    def set_from(self, state: RuleproofState, player: int) -> None:
        """Fill :attr:`tensor` (and its named views in :attr:`dict`) from ``player``'s observation."""
        layout = self.context.tensor
        if self.tensor is None or layout is None:
            return
        self.tensor.fill(0)
        layout.fill(self.context.observation(state._node, player), self.dict)

    def string_from(self, state: RuleproofState, player: int) -> str:
        """The observation string, or the information-state string with ``perfect_recall``."""
        if not self.view:
            return ""
        if self.perfect_recall:
            return self.context.information_state_string(state._node, player, self.view)
        return self.context.observation_string(state._node, player, self.view)


# --------------------------------------------------------------------------
# Registration and loading


def register(game_ids: Iterable[str] | None = None) -> tuple[str, ...]:
    """Register the games with OpenSpiel (idempotent); returns their short names.

    Done for every available game when this module is imported.
    """
    registered = set(pyspiel.registered_names())
    names = []
    for game_id in available_games() if game_ids is None else game_ids:
        if game_id not in _ADAPTERS:
            continue
        name = game_name(game_id)
        names.append(name)
        if name in registered:
            continue
        cls = type(f"{game_id.capitalize()}OpenSpielGame", (RuleproofGame,), {"game_id": game_id, "__module__": __name__})
        globals()[cls.__name__] = cls
        engine = game_for(game_id)
        spec = engine.spec
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"ruleproof {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=_ADAPTERS[game_id].tensor is not None,
            provides_factored_observation_string=True,
            parameter_specification=parameter_specification(game_id),
        )
        pyspiel.register_game(game_type, cls)
    return tuple(names)


def load(game_id: str, players: int | None = None, variant: Variant | None = None) -> Any:
    """The OpenSpiel game of ``game_id`` for a player count and a variant.

    >>> load("bigpoints", 3).num_players()
    3
    """
    register([game_id])
    params = parameters_for(game_id, default_players(game_id) if players is None else players, variant)
    return pyspiel.load_game(game_name(game_id), params)


def random_game(game: Any, rng: random.Random) -> Any:
    """Play ``game`` to the end with uniformly random actions (chance by its probabilities)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


register()
