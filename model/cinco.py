"""The Cinco engine.

Independent of the rule predicates in :mod:`ruleproof.spec.cinco` (it shares
only their data types and the board layouts), tuned for random playouts: each
layout's neighbour tables are computed once, a win is detected by counting the
run through the chip just placed, and moves come from prebuilt tables.

>>> from ruleproof.spec.cinco import CincoVariant
>>> state = GAME.new_game(players=2, seed=3)
>>> state.hands[0], GAME.legal_moves(state)[:3]
((17, 31, 71, 77), (Exchange(), Play(card=17, cell=17), Play(card=17, cell=18)))
>>> len(GAME.legal_moves(state))
169
>>> print(GAME.render_text(state).splitlines()[-3])
seat 0 (red): hand 17 31 71 77 | discards 0 <
"""

from __future__ import annotations

import random
import sys
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable, MutableSequence
from functools import lru_cache
from itertools import repeat
from typing import Any

from mypy_extensions import mypyc_attr

from ruleproof.model.core import CHANCE, TERMINAL, Game, Outcome
from ruleproof.model.draws import WIDTHS, draws_by_bits
from ruleproof.spec.accel.cinco import SPEC
from ruleproof.spec.cinco import (
    DRAW,
    EXCHANGE,
    CincoMove,
    CincoState,
    CincoVariant,
    Deal,
    Draw,
    Exchange,
    Play,
    check_players,
    colours_in_game,
    layout_of,
    render_text,
)
from ruleproof.spec.cinco_board import COLOUR_NAMES, FREE, Layout

#: Deal moves prebuilt for cards below this number (a larger card gets its move made on the spot).
_MAX_CARDS = 1000
_DEAL = tuple(Deal(c) for c in range(_MAX_CARDS))


class _Names(dict[int, str]):
    """Names of numbered things (``"card 7"``), made on first use from a format (at most 4096 kept; a stray
    number in a malformed state still gets its name)."""

    def __init__(self, form: str) -> None:
        super().__init__()
        self.form = form

    def __missing__(self, number: int) -> str:
        name = self.form.format(number)
        if len(self) < 4096:
            self[number] = name
        return name


_CARD_NAMES = _Names("card {}")
_CELL_NAMES = _Names("cell {}")
_CHIP_NAMES = tuple(f"{name} chip" for name in COLOUR_NAMES)


#: A padded grid position that is no cell (no colour, not FREE).
_OFF = 99


class _Geometry:
    """Neighbour tables of one layout for lines of ``line`` chips: ``rays[i]`` lists, per direction, the
    0-based cell indexes walking forwards and backwards from cell ``i`` (at most ``line`` each way: enough to
    tell a run of ``line`` from a longer one)."""

    def __init__(self, layout: Layout, line: int) -> None:
        self.line = line
        index = {c: i for i, c in enumerate(layout.coords)}
        self.size = len(layout.coords)
        rays: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = []
        for x, y in layout.coords:
            per_direction = []
            for dx, dy in layout.directions:
                walks = []
                for sign in (1, -1):
                    walk: list[int] = []
                    cx, cy = x + sign * dx, y + sign * dy
                    while (cx, cy) in index and len(walk) < line:
                        walk.append(index[(cx, cy)])
                        cx, cy = cx + sign * dx, cy + sign * dy
                    walks.append(tuple(walk))
                per_direction.append((walks[0], walks[1]))
            rays.append(tuple(per_direction))
        self.rays = tuple(rays)
        # Play(card, cell) objects, prebuilt: plays[card][cell].
        self.plays = tuple(tuple(Play(card, cell) for cell in range(self.size + 1)) for card in range(self.size + 1))
        # The padded grid of the fast playout: the layout's bounding box with a margin as wide as the longest
        # direction step, positions that are no cell holding _OFF, so a run is walked by adding a direction's
        # offset until the colour changes (no bounds checks). grid_of[n] is cell n's position (index 0 unused).
        xs = [x for x, _ in layout.coords]
        ys = [y for _, y in layout.coords]
        pad = max([max(abs(dx), abs(dy)) for dx, dy in layout.directions] or [1])
        width = max(xs) - min(xs) + 1 + 2 * pad
        height = max(ys) - min(ys) + 1 + 2 * pad
        self.grid_of = (0, *((y - min(ys) + pad) * width + x - min(xs) + pad for x, y in layout.coords))
        self.steps = tuple(dy * width + dx for dx, dy in layout.directions)
        self._empty_grid = [_OFF] * (width * height)

    def grid(self, board: list[int]) -> list[int]:
        """The padded grid of ``board`` (a colour or :data:`FREE` per cell, cell ``n`` at index ``n - 1``)."""
        grid = self._empty_grid[:]
        for at, colour in zip(self.grid_of[1:], board):
            grid[at] = colour
        return grid


@lru_cache(maxsize=32)
def _geometry(layout: Layout, line: int) -> _Geometry:
    return _Geometry(layout, line)


@lru_cache(maxsize=64)
def _geometry_of(variant: CincoVariant) -> _Geometry:
    # Cached by variant too: a layout is rebuilt (or parsed from its data) and hashed otherwise.
    return _geometry(layout_of(variant), variant.line_length)


def _without(items: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = items.index(value)
    return items[:i] + items[i + 1 :]


def _with(items: tuple[int, ...], value: int) -> tuple[int, ...]:
    as_list = list(items)
    insort(as_list, value)
    return tuple(as_list)


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # compiled: a Python class (see setup.py)
class CincoGame(Game[CincoState, CincoMove, CincoVariant]):
    """Cinco for 2, 3, 4 or 6 players (:data:`~ruleproof.spec.cinco.PLAYER_COUNTS`; five with ``five="alone"``) on
    any layout."""

    spec = SPEC
    state_type = CincoState

    def initial_state(self, players: int, variant: CincoVariant) -> CincoState:
        check_players(players, variant)  # the spec's refusal (CI-SETUP-1): the same message for the same count
        size = _geometry_of(variant).size
        return CincoState(
            variant, players, tuple(range(1, size + 1)), ((),) * players, ((),) * players,
            (variant.hand_size,) * players, (FREE,) * size, (variant.chips,) * colours_in_game(players, variant),
            variant.first_seat, -1, False,
        )

    # -- whose turn ---------------------------------------------------------

    def current_player(self, state: CincoState) -> int:
        if state.finished:
            return TERMINAL
        for owed in state.owed:
            if owed:
                return CHANCE if state.deck or any(state.discards) else TERMINAL
        if not state.hands[state.turn] and not state.deck and not any(state.discards):
            return TERMINAL  # nobody can act: a draw (CI-END-3)
        return state.turn

    # -- moves ----------------------------------------------------------------

    @staticmethod
    def _drawable(state: CincoState) -> tuple[int, ...]:
        if state.deck:
            return state.deck
        return tuple(sorted(c for pile in state.discards for c in pile))

    def legal_moves(self, state: CincoState) -> tuple[CincoMove, ...]:
        actor = self.current_player(state)
        if actor == TERMINAL:
            return ()
        if actor == CHANCE:
            return tuple(_DEAL[c] for c in self._drawable(state))
        hand = state.hands[actor]
        moves: list[CincoMove] = []
        if len(hand) == state.variant.hand_size:
            moves.append(EXCHANGE)
        elif state.deck or any(state.discards):
            moves.append(DRAW)
        if not hand:
            return tuple(moves)
        board = state.board
        free = [n for n, c in enumerate(board, start=1) if c < 0]
        plays = _geometry_of(state.variant).plays
        joker = state.variant.joker
        if not state.chips[actor % len(state.chips)]:
            # out of chips (only under chips_out="all_out"): every card burns
            moves.extend(plays[card][0] for card in hand)
            return tuple(moves)
        for card in hand:
            row = plays[card]
            targets = [row[n] for n in free if n >= card]
            if targets:
                moves.extend(targets)
            elif joker and free:
                if state.variant.joker_burn:  # CI-AMB-12: a joker card may also burn
                    moves.append(row[0])
                moves.extend(row[n] for n in free)
            else:
                moves.append(row[0])
        if state.variant.must_place:
            placing = [m for m in moves if type(m) is Play and m.cell]
            if placing:
                return tuple(placing)
        return tuple(moves)

    def chance_outcomes(self, state: CincoState) -> tuple[tuple[CincoMove, float], ...]:
        if self.current_player(state) != CHANCE:
            return ()
        cards = self._drawable(state)
        p = 1.0 / len(cards)
        return tuple((_DEAL[c], p) for c in cards)

    def is_legal_move(self, state: CincoState, move: CincoMove) -> bool:
        """The one move checked directly, without the list of up to ~400 plays.

        A deal must name a drawable card; ``exchange`` needs four cards,
        ``draw`` fewer and something to draw; a play needs the card in hand and
        a free cell at or above it (any free cell with the Joker when none is),
        or burns when neither exists or the colour has no chips left. With
        ``must_place`` a placing play, when one exists, excludes the rest.
        """
        actor = self.current_player(state)
        if actor < 0:
            return actor == CHANCE and type(move) is Deal and move.card in self._drawable(state)
        kind = type(move)
        hand = state.hands[actor]
        if kind is Play:
            card, cell = move.card, move.cell  # type: ignore[union-attr]
            if card not in hand:
                return False
            board = state.board
            if not state.chips[actor % len(state.chips)]:
                return cell == 0
            if cell:
                if not 0 < cell <= len(board) or board[cell - 1] != FREE:
                    return False
                if cell >= card or not state.variant.joker:
                    return cell >= card
                return FREE not in board[card - 1 :]  # the Joker: no free cell at or above the card
            if FREE in board[card - 1 :]:
                return False  # a free cell at or above the card: it takes one
            if state.variant.joker and FREE in board and not state.variant.joker_burn:
                return False  # the Joker: it takes some free cell (unless joker_burn lets it burn)
            return not (state.variant.must_place and self._can_place(state, hand))
        if kind is Exchange:
            ok = len(hand) == state.variant.hand_size
        elif kind is Draw:
            ok = len(hand) != state.variant.hand_size and bool(state.deck or any(state.discards))
        else:
            return False
        return ok and not (state.variant.must_place and self._can_place(state, hand))

    @staticmethod
    def _can_place(state: CincoState, hand: tuple[int, ...]) -> bool:
        """Whether some card of ``hand`` can put a chip on the board."""
        board = state.board
        if not hand or FREE not in board or not state.chips[state.turn % len(state.chips)]:
            return False
        return state.variant.joker or FREE in board[min(hand) - 1 :]

    def sample_chance(self, state: CincoState, rng: Any) -> CincoMove:
        cards = self._drawable(state)
        move: Deal = _DEAL[cards[rng.randrange(len(cards))]]
        return move

    def apply_unchecked(self, state: CincoState, move: CincoMove) -> CincoState:
        kind = type(move)
        if kind is Deal:
            return self._deal(state, move.card)  # type: ignore[union-attr]
        seat = state.turn
        players = state.players
        nxt = (seat + 1) % players
        if kind is Draw:
            owed = tuple(1 if s == seat else 0 for s in range(players))
            return state._replace(owed=owed, turn=nxt)
        if kind is Exchange:
            owed = tuple(state.variant.hand_size if s == seat else 0 for s in range(players))
            discards = _replace_at(state.discards, seat, tuple(sorted(state.discards[seat] + state.hands[seat])))
            return state._replace(hands=_replace_at(state.hands, seat, ()), discards=discards, owed=owed, turn=nxt)
        card, cell = move.card, move.cell  # type: ignore[union-attr]  # a Play
        hands = _replace_at(state.hands, seat, _without(state.hands[seat], card))
        discards = _replace_at(state.discards, seat, _with(state.discards[seat], card))
        board, chips = state.board, state.chips
        winner, finished = -1, False
        if cell:
            colour = seat % len(chips)
            i = cell - 1
            board = board[:i] + (colour,) + board[i + 1 :]
            left = chips[colour] - 1
            chips = chips[:colour] + (left,) + chips[colour + 1 :]
            if self._completes(state.variant, board, i, colour):
                winner, finished = colour, True
            elif (left == 0 and (state.variant.chips_out == "last_chip" or not any(chips))) or FREE not in board:
                finished = True
        return CincoState(
            state.variant, players, state.deck, hands, discards, state.owed, board, chips, nxt, winner, finished,
        )

    def _deal(self, state: CincoState, card: int) -> CincoState:
        deck, discards = state.deck, state.discards
        if not deck:
            deck = tuple(sorted(c for pile in discards for c in pile))
            discards = ((),) * state.players
        owed = state.owed
        seat = 0
        while not owed[seat]:
            seat += 1
        deck = _without(deck, card)
        if not deck and state.variant.reshuffle == "when_empty" and any(discards):
            deck = tuple(sorted(c for pile in discards for c in pile))
            discards = ((),) * state.players
        return state._replace(
            deck=deck,
            hands=_replace_at(state.hands, seat, _with(state.hands[seat], card)),
            discards=discards,
            owed=owed[:seat] + (owed[seat] - 1,) + owed[seat + 1 :],
        )

    @staticmethod
    def _completes(variant: CincoVariant, board: tuple[int, ...], i: int, colour: int) -> bool:
        exact, line = variant.exact_five, variant.line_length
        for forward, backward in _geometry_of(variant).rays[i]:
            run = 1
            for j in forward:
                if board[j] != colour:
                    break
                run += 1
            for j in backward:
                if board[j] != colour:
                    break
                run += 1
            if run == line or (run > line and not exact):
                return True
        return False

    # -- the fast playout -----------------------------------------------------

    #: Flags the fast playout implements; a variant setting any other flag away
    #: from its default (a flag added later) plays through the generic path.
    _FAST_FLAGS = frozenset({"layout", "layout_data", "layout_sha256", "exact_five", "teams6", "joker", "chips",
                             "reshuffle", "first_seat", "chips_out", "must_place", "hand_size", "line_length",
                             "five", "joker_burn"})
    #: Methods whose override (a derived or restricted engine) sends random_playout down the generic path.
    _FAST_METHODS = ("current_player", "legal_moves", "chance_outcomes", "sample_chance", "apply_unchecked",
                     "_deal", "_completes", "_drawable", "random_move")

    def _fast_ok(self, variant: CincoVariant) -> bool:
        cls = type(self)
        if cls is not CincoGame and any(getattr(cls, m) is not getattr(CincoGame, m) for m in self._FAST_METHODS):
            return False
        return self._defaults_but(variant, self._FAST_FLAGS)

    def random_playout(self, state: CincoState, rng: random.Random,
                       trace: MutableSequence[CincoMove] | None = None) -> tuple[CincoState, int]:
        """As :meth:`Game.random_playout`, without legal-move lists or intermediate states.

        The same distribution as the generic path (``tests/model/test_fast_playouts.py``):
        a deal is a uniform card of the drawable ones; a seat's move is uniform
        over its legal moves, counted per card from a sorted list of free cells
        (bisect) and drawn by index.

        >>> import random
        >>> final, steps = GAME.random_playout(GAME.initial_state(2, CincoVariant()), random.Random(1))
        >>> GAME.is_terminal(final), steps > 8
        (True, True)
        """
        if not self._fast_ok(state.variant) or not draws_by_bits(rng):
            return super().random_playout(state, rng, trace)
        return self._fast_playout(state, rng, trace)

    def _fast_playout(self, state: CincoState, rng: random.Random,
                      trace: MutableSequence[CincoMove] | None) -> tuple[CincoState, int]:
        """The playout on mutable lists, as ``benchmarks/baselines/cinco.py`` plays: the options are one
        running total (a card's placements ``len(free) - bisect_left(free, card)``, or its burn) and the
        chosen card's count is worked out again; runs are counted on the layout's padded grid
        (:class:`_Geometry`); the cards owed are dealt right after the move that owes them; discard
        piles are sorted at the end. ``trace`` (when given) receives every move. Every draw is the one
        the playout on states makes (each written out as ``randrange(n)`` makes it, through
        ``getrandbits``: :mod:`ruleproof.model.draws`): the same game.
        """
        variant, players = state.variant, state.players
        geometry = _geometry_of(variant)
        plays, grid_of, steps_of = geometry.plays, geometry.grid_of, geometry.steps
        exact, joker, must_place = variant.exact_five, variant.joker, variant.must_place
        joker_burn = joker and variant.joker_burn
        full_hand, line = variant.hand_size, variant.line_length
        last_chip, when_empty = variant.chips_out == "last_chip", variant.reshuffle == "when_empty"
        bits = rng.getrandbits  # every draw as randrange(n) makes it, inline (model/draws.py): the same numbers
        widths = WIDTHS  # every option count of a Cinco turn is below MAX_WIDTHS (10 cards x 256 cells + 1)
        deck = list(state.deck)
        hands = [list(h) for h in state.hands]
        discards = [list(p) for p in state.discards]  # unsorted while playing
        in_discards = sum(len(p) for p in discards)
        owed = list(state.owed)
        board = list(state.board)
        grid = geometry.grid(board)
        free = [n for n, c in enumerate(board, start=1) if c == FREE]
        chips = list(state.chips)
        colours = len(chips)
        turn, winner, finished = state.turn, state.winner, state.finished
        plain = not joker and not must_place
        owing = any(owed)
        steps = 0
        while not finished:
            if owing:  # chance deals, card by card, to the lowest seat still owed
                stuck = False
                for seat in range(players):
                    hand = hands[seat]
                    while owed[seat]:
                        if not deck:
                            if not in_discards:
                                stuck = True
                                break
                            deck = sorted([c for pile in discards for c in pile])
                            discards = [[] for _ in range(players)]
                            in_discards = 0
                        n = len(deck)
                        width = widths[n]
                        r = bits(width)
                        while r >= n:
                            r = bits(width)
                        card = deck.pop(r)
                        if trace is not None:
                            trace.append(_DEAL[card])
                        if not deck and when_empty and in_discards:
                            deck = sorted([c for pile in discards for c in pile])
                            discards = [[] for _ in range(players)]
                            in_discards = 0
                        insort(hand, card)
                        owed[seat] -= 1
                        steps += 1
                    if stuck:
                        break
                if stuck:
                    break
                owing = False
            hand = hands[turn]
            if not hand and not deck and not in_discards:
                break  # nobody can act: a draw
            option = 1 if len(hand) == full_hand or deck or in_discards else 0
            colour = turn % colours
            nfree = len(free)
            if plain and chips[colour]:  # the default reading: a card's placements, or its burn
                total = option
                for card in hand:
                    total += (nfree - bisect_left(free, card)) or 1
                burns = 1  # burning is allowed (no must_place)
            else:
                placing = burns = 0
                if chips[colour]:
                    for card in hand:  # a card's placements, or its burn (a joker card: both under joker_burn)
                        k = nfree - bisect_left(free, card)
                        if k:
                            placing += k
                        elif joker:
                            placing += nfree
                            if joker_burn or not nfree:
                                burns += 1
                        else:
                            burns += 1
                else:
                    burns = len(hand)
                if must_place and placing:
                    option = burns = 0
                total = option + placing + burns
            width = widths[total]
            pick = bits(width)
            while pick >= total:
                pick = bits(width)
            steps += 1
            if pick < option:
                if len(hand) == full_hand:
                    if trace is not None:
                        trace.append(EXCHANGE)
                    due = full_hand
                    discards[turn] += hand
                    in_discards += full_hand
                    hands[turn] = hand = []
                else:
                    if trace is not None:
                        trace.append(DRAW)
                    due = 1
                seat = turn
                turn += 1
                if turn == players:
                    turn = 0
                while due:  # chance deals the cards owed now (the next seat owes none: no one else is owed)
                    if not deck:
                        if not in_discards:
                            owed[seat] = due
                            break
                        deck = sorted([c for pile in discards for c in pile])
                        discards = [[] for _ in range(players)]
                        in_discards = 0
                    n = len(deck)
                    width = widths[n]
                    r = bits(width)
                    while r >= n:
                        r = bits(width)
                    card = deck.pop(r)
                    if trace is not None:
                        trace.append(_DEAL[card])
                    if not deck and when_empty and in_discards:
                        deck = sorted([c for pile in discards for c in pile])
                        discards = [[] for _ in range(players)]
                        in_discards = 0
                    insort(hand, card)
                    due -= 1
                    steps += 1
                if due:
                    break  # a card is owed and none is left: the game stops (a draw)
                continue
            pick -= option
            cell = 0
            if plain and chips[colour]:  # the card of the pick-th option, counted again
                for i, card in enumerate(hand):
                    first = bisect_left(free, card)
                    k = nfree - first
                    if k:
                        if pick < k:
                            cell = free.pop(first + pick)
                            break
                        pick -= k
                    elif not pick:
                        break  # its burn
                    else:
                        pick -= 1
            elif chips[colour]:
                # the card of the pick-th option, counted again: its burn (unless must_place forbids it) before
                # its placements, as legal_moves lists them
                for i, card in enumerate(hand):
                    first = bisect_left(free, card)
                    k = nfree - first
                    if k:
                        burn = False
                    elif joker:
                        first, k = 0, nfree
                        burn = joker_burn or not k
                    else:
                        burn = True
                    if burn and burns:
                        if not pick:
                            break
                        pick -= 1
                    if k:
                        if pick < k:
                            cell = free.pop(first + pick)
                            break
                        pick -= k
            else:
                i = pick
                card = hand[i]
            if trace is not None:
                trace.append(plays[card][cell])
            del hand[i]
            discards[turn].append(card)
            in_discards += 1
            if cell:
                board[cell - 1] = colour
                at = grid_of[cell]
                grid[at] = colour
                chips[colour] -= 1
                for step in steps_of:
                    run = 1
                    j = at + step
                    while grid[j] == colour:
                        run += 1
                        j += step
                    j = at - step
                    while grid[j] == colour:
                        run += 1
                        j -= step
                    if run == line or (run > line and not exact):
                        winner, finished = colour, True
                        break
                else:
                    if (not chips[colour] and (last_chip or not any(chips))) or not free:
                        finished = True
            turn += 1
            if turn == players:
                turn = 0
        final = CincoState(
            variant, players, tuple(deck), tuple(tuple(h) for h in hands), tuple(tuple(sorted(p)) for p in discards),
            tuple(owed), tuple(board), tuple(chips), turn, winner, finished,
        )
        return final, steps

    # -- results ------------------------------------------------------------

    def outcome(self, state: CincoState) -> Outcome:
        players = state.players
        if state.winner >= 0:
            colours = len(state.chips)
            winners = frozenset(s for s in range(players) if s % colours == state.winner)
            return Outcome(tuple(1.0 if s in winners else 0.0 for s in range(players)), winners)
        return Outcome((0.5,) * players, frozenset(range(players)))

    def max_game_length(self, players: int, variant: CincoVariant) -> int:
        """No finite bound exists: nothing forces a player to place a chip, so drawing
        and exchanging may go on forever (ambiguity CI-AMB-10); this returns ``sys.maxsize``."""
        return sys.maxsize

    def test_configs(self) -> tuple[tuple[int, CincoVariant], ...]:
        v = CincoVariant
        return (
            (2, v()), (3, v()), (4, v()), (6, v()), (6, v(teams6="3x2")),
            (2, v(layout="square")), (3, v(layout="square", joker=True)),
            (2, v(exact_five=True)), (3, v(joker=True)), (2, v(chips=6)),
            (4, v(layout="square", exact_five=True, joker=True)), (6, v(teams6="3x2", layout="square", chips=10)),
            (2, v(reshuffle="when_empty")), (3, v(first_seat=2)), (2, v(chips_out="all_out", chips=8)),
            (3, v(must_place=True)), (3, v(hand_size=3, line_length=4, chips=20)),
            (5, v(five="alone", joker=True, joker_burn=True, chips=10)),  # CI-AMB-11, CI-AMB-12
            (4, v(chips_out="all_out", chips=6, reshuffle="when_empty", must_place=True)),
        )

    def players_of(self, state: CincoState) -> int:
        return state.players

    def variant_of(self, state: CincoState) -> CincoVariant:
        return state.variant

    # -- hidden information ---------------------------------------------------

    def observation(self, state: CincoState, seat: int) -> dict[str, Any]:
        """The board, chips and pile sizes are public; a seat sees only its own hand
        and its own face-down discard pile."""
        return {
            "seat": seat,
            "colour": COLOUR_NAMES[seat % len(state.chips)],
            "current_player": self.current_player(state),
            "board": list(state.board),
            "chips": list(state.chips),
            "hand": list(state.hands[seat]),
            "hand_sizes": list(map(len, state.hands)),
            "discards": list(state.discards[seat]),
            "discard_sizes": list(map(len, state.discards)),
            "deck_size": len(state.deck),
            "owed": list(state.owed),
            "winner": state.winner,
            "finished": state.finished,
        }

    def components(self, state: CincoState) -> Iterable[tuple[str, str]]:
        """Every card and chip and where it is.

        The names come from tables (:class:`_Names`) and runs of equal places
        from ``zip``/``repeat`` (a conservation check asks for every state's
        components; the stock alone is up to 35 chips a colour).

        >>> state = GAME.new_game(2, seed=0)
        >>> found = list(GAME.components(state))
        >>> found[0], found[-1], len(found)
        (('card 1', 'deck'), ('blue chip', 'stock'), 160)
        """
        cards = _CARD_NAMES.__getitem__
        yield from zip(map(cards, state.deck), repeat("deck"))
        for s, hand in enumerate(state.hands):
            if hand:
                yield from zip(map(cards, hand), repeat(f"hand {s}"))
        for s, pile in enumerate(state.discards):
            if pile:
                yield from zip(map(cards, pile), repeat(f"discards {s}"))
        cells, chips = _CELL_NAMES, _CHIP_NAMES
        for n, colour in enumerate(state.board, start=1):
            if colour != FREE:
                yield chips[colour], cells[n]
        for colour, left in enumerate(state.chips):
            if left > 0:
                yield from repeat((chips[colour], "stock"), left)

    def all_components(self, players: int, variant: CincoVariant) -> Counter[str]:
        size = _geometry_of(variant).size
        counts = Counter(f"card {c}" for c in range(1, size + 1))
        for colour in range(colours_in_game(players, variant)):
            counts[f"{COLOUR_NAMES[colour]} chip"] = variant.chips
        return counts

    def render_text(self, state: CincoState) -> str:
        """The board (numbers on free cells, R/B/G on chips), chips, hands and deck."""
        return render_text(state)


GAME = CincoGame()
