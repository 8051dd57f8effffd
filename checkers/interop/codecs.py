"""OpenSpiel action codecs: every move and chance outcome of a game as an integer.

A :class:`TableCodec` numbers every move a game can ever make under a variant
(:class:`CardCodec`, Take 5's, finds a card's move by its card: most of its
moves); Big Five's plays are numbered relative to the cards already on the
table (:class:`BigFiveCodec`). Pure Python (no ``pyspiel``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from ruleproof.checkers.interop.params import AdapterError, Move, State, Variant

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
    #: Whether :meth:`next_extra` does anything (the adapter skips the call when not).
    tracks_extra: bool = False
    #: Whether distinct moves always get distinct actions by construction (the
    #: adapter then does not check the actions of each state for repeats).
    one_to_one: bool = False

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

    def encode_all(self, moves: Sequence[Move], state: State, extra: object, chance: bool) -> list[int]:
        """The actions of ``moves`` (all of one state), in the same order."""
        return [self.encode(m, state, extra, chance) for m in moves]


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
        self.one_to_one = True  # a move's action is its one index in a table without repeats
        self.num_distinct_actions = len(self.player_moves)
        self.max_chance_outcomes = len(self.chance_moves)
        # Engines hand out the same move objects again and again (precomputed
        # tables), and hashing a move is slow: remember actions by object
        # identity. Every object remembered is pinned (kept alive in _pins), so
        # its id cannot be reused by another object while the entry exists.
        self._fast: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._pins: list[Move] = []
        self._fast_limit = 4 * (len(self.player_moves) + len(self.chance_moves)) + 64

    def encode(self, move: Move, state: State, extra: object, chance: bool) -> int:
        action = self._fast[chance].get(id(move))
        if action is not None:
            return action
        index = self._chance_index if chance else self._player_index
        try:
            action = index[_key(move)]
        except KeyError:
            raise AdapterError(f"the move {str(move)!r} is not in the action table") from None
        if len(self._pins) < self._fast_limit:
            self._pins.append(move)
            self._fast[chance][id(move)] = action
        return action

    def encode_all(self, moves: Sequence[Move], state: State, extra: object, chance: bool) -> list[int]:
        """The actions of ``moves``: one dictionary look-up by identity per move.

        >>> from ruleproof.spec.take5 import Deal
        >>> deals = [Deal(1), Deal(2)]
        >>> codec = TableCodec([], deals)
        >>> codec.encode_all(deals[::-1], None, None, True), codec.encode_all([Deal(2)], None, None, True)
        ([1, 0], [1])
        """
        fast = self._fast[chance]
        try:
            return [fast[id(m)] for m in moves]
        except KeyError:  # a move object not seen yet
            return [self.encode(m, state, extra, chance) for m in moves]

    def decode(self, action: int, state: State, extra: object, chance: bool) -> Move:
        table = self.chance_moves if chance else self.player_moves
        if not 0 <= action < len(table):
            raise KeyError(action)
        return table[action]


# -- Take 5 ------------------------------------------------------------------


def _take5_codec(players: int, variant: Variant) -> ActionCodec:
    from ruleproof.spec.take5 import Deal, Place, Select, Take, deck_cards

    top = len(deck_cards(variant, players))
    cards = range(1, top + 1)
    moves: list[Move] = [Select(c) for c in cards]
    moves += [Place(r, False) for r in range(variant.rows)]
    if variant.professional:
        moves += [Place(r, True) for r in range(variant.rows)]
    moves += [Take(r) for r in range(variant.rows)]
    return CardCodec(moves, [Deal(c) for c in cards], Select, Deal)


class CardCodec(TableCodec):
    """A table codec that numbers the commonest moves from their ``card`` field.

    A choice of a card (Take 5's ``Select``) and a chance outcome that is a
    card (``Deal``) make most of the moves; their actions come from a
    dictionary keyed by the card (a small integer), without the move's
    Python-level dataclass hash or its id (a large integer, slower to hash).
    Every other move, and a card the table does not hold, takes
    :class:`TableCodec`'s way, so the numbering is the table's.

    >>> from ruleproof.spec.take5 import Deal, Select, Take
    >>> codec = CardCodec([Select(1), Select(2), Take(0)], [Deal(1), Deal(2)], Select, Deal)
    >>> codec.encode_all([Select(2), Take(0)], None, None, False), codec.encode(Deal(2), None, None, True)
    ([1, 2], 1)
    """

    def __init__(self, player_moves: Sequence[Move], chance_moves: Sequence[Move], player_card: type[Any],
                 chance_card: type[Any]) -> None:
        super().__init__(player_moves, chance_moves)
        self._cards = tuple(
            (kind, {m.card: i for i, m in enumerate(table) if type(m) is kind})
            for kind, table in ((player_card, self.player_moves), (chance_card, self.chance_moves))
        )

    def encode(self, move: Move, state: State, extra: object, chance: bool) -> int:
        kind, by_card = self._cards[chance]
        if type(move) is kind:
            action = by_card.get(move.card)
            if action is not None:
                return action
        return super().encode(move, state, extra, chance)

    def encode_all(self, moves: Sequence[Move], state: State, extra: object, chance: bool) -> list[int]:
        kind, by_card = self._cards[chance]
        if moves and type(moves[0]) is kind:
            try:
                actions = [by_card[m.card] for m in moves if type(m) is kind]
            except KeyError:  # a card outside the table: TableCodec says which
                actions = []
            if len(actions) == len(moves):
                return actions
        elif len(moves) == 1:  # Take 5: a card with one place to go
            action = self._fast[chance].get(id(moves[0]))
            if action is not None:
                return [action]
        return super().encode_all(moves, state, extra, chance)


# -- BigPoints ----------------------------------------------------------------


def _bigpoints_codec(players: int, variant: Variant) -> ActionCodec:
    from ruleproof.spec.bigpoints import (
        COLOURS,
        DISC_COLOURS,
        SIDES,
        Black,
        Lay,
        Pawn,
        Take,
    )

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


@functools.lru_cache(maxsize=1 << 16)  # Big Five asks the same hands again and again
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


def _play_shapes(line: int, group: int, animals: int, colours: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Every play relative to an anchor card on the table, as ``(offset, family, step)`` triples, for lines of
    at most ``line`` cards and groups of at most ``group`` (Big Five's MAX_LINE and MAX_GROUP).

    ``offset`` is the played cell's distance from the anchor along the line
    (``-4..4``, not 0); the line holds at most five cards. ``family`` 0: the
    card has the anchor's colour and the animal ``anchor animal + step``
    (mod 5); ``family`` 1: the anchor's animal and the colour ``anchor
    colour + step``; ``step`` 1-4. Two or more played cards share a family
    and differ in step (a line is one colour or one animal, no repeats).
    """
    import itertools

    shapes: list[tuple[tuple[int, int, int], ...]] = []
    offsets = [o for o in range(1 - line, line) if o]
    steps_of = {0: range(1, animals), 1: range(1, colours)}
    for size in range(1, group + 1):
        for cells in itertools.combinations(offsets, size):
            if max(*cells, 0) - min(*cells, 0) > line - 1:
                continue
            if size == 1:
                shapes += [((cells[0], f, s),) for f in (0, 1) for s in steps_of[f]]
                continue
            for family in (0, 1):
                for steps in itertools.permutations(steps_of[family], size):
                    shapes.append(tuple((o, family, s) for o, s in zip(cells, steps)))
    return tuple(shapes)


class BigFiveCodec(ActionCodec):
    """Big Five's action numbering.

    Chance outcomes: ``deal C`` is ``C``, ``draw C`` is ``25 + C`` and
    ``box C`` is ``50 + C`` (cards 0-24).

    Player actions, in blocks: ``pass``, ``decline``, ``bonus deck``; then
    ``bonus C`` (25), ``bonus pile C`` (25); ``discard`` of three cards (every
    multiset of three of the 25 kinds, by lexicographic rank); ``exchange``
    of 1-5 cards (every multiset of 1-5 kinds, by size then rank; 1 to the
    variant's ``hand_size``); then the
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

    tracks_extra = True

    def __init__(self, hand_size: int | None = None, copies: int | None = None) -> None:
        from ruleproof.spec import bigfive as bf

        self.bf = bf
        # The rulebook's numbers, from the spec's table of rule constants (a variant's hand size numbers the
        # exchanges of up to that many cards; its copies bound the anchors).
        self.KINDS = bf.KINDS
        self.MAX_ANCHORS = bf.KINDS * (bf.COPIES if copies is None else copies)  # every card can be an anchor once
        self.HAND = bf.HAND_SIZE if hand_size is None else hand_size
        self.DISCARD = bf.SOLO_DISCARD
        self.colours, self.animals = bf.COLOUR_COUNT, bf.ANIMAL_COUNT
        self.shapes = _play_shapes(bf.MAX_LINE, bf.MAX_GROUP, bf.ANIMAL_COUNT, bf.COLOUR_COUNT)
        self._shape_index = {s: i for i, s in enumerate(self.shapes)}
        self.base_bonus = 3
        self.base_pile = self.base_bonus + self.KINDS
        self.base_discard = self.base_pile + self.KINDS
        self.base_exchange = self.base_discard + _multiset_count(self.KINDS, self.DISCARD)
        self._exchange_offsets: list[int] = []
        offset = self.base_exchange
        for size in range(1, self.HAND + 1):
            self._exchange_offsets.append(offset)
            offset += _multiset_count(self.KINDS, size)
        self.base_play = offset
        self.num_distinct_actions = self.base_play + self.MAX_ANCHORS * 2 * len(self.shapes)
        self.max_chance_outcomes = 3 * self.KINDS
        self._last: tuple[State, object, tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]] | None = None
        self._chance_base = {bf.Deal: 0, bf.Draw: self.KINDS, bf.Box: 2 * self.KINDS}
        # The action of each exchange asked about (by its cards): a hand's exchanges are listed at every
        # turn. At most every multiset of 1-5 of the 25 kinds (142,505), so bounded.
        self._exchanges: dict[tuple[int, ...], int] = {}
        # The line of a single card on a cell of the last state's table (several cards of a hand fit one cell).
        self._singles: dict[tuple[int, int], tuple[bool, int, int, int]] = {}

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
            base = self._chance_base.get(kind)
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
            if len(move.cards) != self.DISCARD:
                raise AdapterError(f"{move}: a discard has {self.DISCARD} cards")
            return self.base_discard + _multiset_rank(move.cards, self.KINDS)
        if kind is bf.Exchange:
            if not 1 <= len(move.cards) <= self.HAND:
                raise AdapterError(f"{move}: an exchange has 1-{self.HAND} cards")
            return self._exchange_offsets[len(move.cards) - 1] + _multiset_rank(move.cards, self.KINDS)
        if kind is bf.Play:
            return self._encode_play(move, state, extra)
        raise AdapterError(f"{move} is not a player move of Big Five")

    def encode_all(self, moves: Sequence[Move], state: State, extra: object, chance: bool) -> list[int]:
        """As :meth:`encode` for each move; a hand's exchanges (most of the moves) are remembered by their cards."""
        if chance:
            return [self.encode(m, state, extra, chance) for m in moves]
        exchange, play = self.bf.Exchange, self.bf.Play
        known = self._exchanges
        actions = []
        for move in moves:
            kind = type(move)
            if kind is exchange:
                action = known.get(move.cards)
                if action is None:
                    action = known[move.cards] = self.encode(move, state, extra, False)
            elif kind is play:
                action = self._encode_play(move, state, extra)
            else:
                action = self.encode(move, state, extra, False)
            actions.append(action)
        return actions

    def _tables(self, state: State, extra: object) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
        """The table (cell -> card) and the placement order (cell -> index) of a
        state, remembered for the last state asked about (compared by identity)."""
        last = self._last
        if last is not None and last[0] is state and last[1] is extra:
            return last[2]
        board = {(p.x, p.y): p.card for p in state.board}
        order: tuple[tuple[int, int], ...] = extra  # type: ignore[assignment]
        tables = (board, {c: i for i, c in enumerate(order)})
        self._last = (state, extra, tables)
        self._singles = {}
        return tables

    def _encode_play(self, move: Move, state: State, extra: object) -> int:
        board, position = self._tables(state, extra)
        placed = move.placed
        if len(placed) == 1:
            x, y, _ = placed[0]
            line = self._singles.get((x, y))
            if line is None:
                horizontal = (x - 1, y) in board or (x + 1, y) in board
                line = self._singles[x, y] = self._line(move, board, position, {(x, y)}, x, y, horizontal)
        else:
            x, y, _ = placed[0]
            line = self._line(move, board, position, {p[:2] for p in placed}, x, y, len({p[1] for p in placed}) == 1)
        horizontal, k, a, base = line
        colours = self.colours
        colour, animal = a % colours, a // colours
        shape = []
        for p in placed:
            px, py, card = p
            offset = (px if horizontal else py) - base
            if card != a and card % colours == colour:
                shape.append((offset, 0, (card // colours - animal) % self.animals))
            elif card != a and card // colours == animal:
                shape.append((offset, 1, (card % colours - colour) % colours))
            else:
                raise AdapterError(f"{move}: {p} shares neither colour nor animal with the anchor")
        shape.sort()
        index = self._shape_index.get(tuple(shape))
        if index is None:
            raise AdapterError(f"{move}: no action numbers this play")
        return self.base_play + (k * 2 + (not horizontal)) * len(self.shapes) + index

    def _line(self, move: Move, board: dict[tuple[int, int], int], position: dict[tuple[int, int], int],
              played: set[tuple[int, int]], x: int, y: int, horizontal: bool) -> tuple[bool, int, int, int]:
        """The new line of a play from its first cell ``(x, y)``: the run through the played
        cells on the board with them. Its anchor is the earliest-placed card of it that was
        on the table: ``(horizontal, anchor index, anchor card, anchor coordinate on the axis)``."""
        dx, dy = (1, 0) if horizontal else (0, 1)
        while (x - dx, y - dy) in board or (x - dx, y - dy) in played:
            x, y = x - dx, y - dy
        k = -1
        anchor = (0, 0)
        while True:
            cell = (x, y)
            if cell in board:
                i = position[cell]
                if k < 0 or i < k:
                    k, anchor = i, cell
            elif cell not in played:
                break
            x, y = x + dx, y + dy
        if k < 0:
            raise AdapterError(f"{move}: the new line has no card that was on the table")
        if k >= self.MAX_ANCHORS:
            raise AdapterError(f"{move}: anchor index {k} beyond {self.MAX_ANCHORS}")
        return horizontal, k, board[anchor], anchor[0] if horizontal else anchor[1]

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
            return bf.Discard(_multiset_unrank(action - self.base_discard, self.KINDS, self.DISCARD))
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
        a = self._tables(state, extra)[0][anchor]
        dx, dy = (0, 1) if vertical else (1, 0)
        placed = []
        for offset, family, step in self.shapes[index]:
            colours = self.colours
            if family == 0:
                card = ((a // colours + step) % self.animals) * colours + a % colours
            else:
                card = (a // colours) * colours + (a % colours + step) % colours
            placed.append(bf.Placed(anchor[0] + offset * dx, anchor[1] + offset * dy, card))
        return bf.Play(tuple(sorted(placed)))


