"""The Big Five baseline: a uniformly random game in one plain loop, with a board kept up to date
near each play.

The rules played are the default reading of ``000_24eedd0374a5e414.txt`` as
``ruleproof.spec.bigfive.BigFiveVariant()`` reads it, for 2–4 players: 100
cards (five animals in five colours, four copies each); one card starts the
table, the rest are dealt evenly into the players' decks (the rest boxed
unseen) and each draws five (§ Подготовка к игре); a turn plays one group or
exchanges one to five hand cards (shuffled under the own deck, as many drawn)
(§ Общий ход игры, § Как обменивать карты); a group of one to four hand cards
goes onto empty cells in one row or column, gap-free with the cards there, its
line holding a card that was on the table, and every line through a played
card then holds at most five cards, all of one colour with different animals
or of one animal with different colours (Rules 1–3, notes a and b, § Как
играть карты); a new line of four earns one bonus discard, of five two, and a
group of four one more (§ Бонусы за большие новые группы, the text's reading),
each discard a hand card or the own deck's top card, unseen, or given up; then
the hand is refilled to five from the own deck; a player with no card left
wins, the others score their cards left (§ Конец игры); a player with no
exchange (empty deck) and no play passes; after a full round without a
placement the game ends when nobody can place, and after five such rounds in
any case (the default ``stalemate="no_placement"``, ``idle_rounds=5``).

The random player's decisions, one draw each, as ``BigFiveGame.random_playout``
makes them: uniform over the legal moves, i.e. every distinct exchange (a
sub-multiset of the hand, when the deck holds a card) and every distinct play
(cards on cells); a bonus discard uniform over the distinct hand cards, the
deck's top card (when there is one) and giving up. Chance shuffles the pack
and draws uniformly from the top of a deck (an exchanged group, shuffled, lies
under the rest).

How the plays are counted and drawn without listing them (the engine's
``bigfive_index`` does the same kind of thing, written independently here):

* per empty cell next to the table and per axis, the mask of the 25 kinds its
  line along that axis admits (the line's cards share one colour or one animal
  bit, no kind twice, at most five); a single card's options are the AND of a
  cell's two masks, and the count of cells admitting each kind is kept, so a
  hand's single plays are five additions;
* per row and column, the *windows* where a group of two to four can go: a
  maximal segment of at most five cells, holding at least one card, whose
  empty cells (two or more) are the group's cells. They are kept as *blocks*:
  per stretch of whole runs of cards (the same first and last card), the empty
  cells before, between and after them; a block is filed under the colour or
  animal bits its cards share, and its windows are listed by size when a census
  first needs them. A hand counts only the blocks under a colour or animal it
  holds twice or more, each window's plays being the injective assignments of
  its cards of that colour or animal (not already in the line) that fit each
  cell's perpendicular mask;
* a play updates the masks of the empty cells at the ends of the runs through
  its cells and the blocks of its cells' rows and columns, nothing else.

Why it is the fastest we found (``benchmarks/baselines/variants.py bigfive``,
moves per CPU second against this loop, interleaved medians, 2 players): what
depends on the board alone is kept per board and only counted per hand; the
windows are made per block of runs on first use, not whenever their line
changes (the eager variant: 0.69x); the single plays are summed from the
per-kind counts, not by scanning every empty cell next to the table per
decision (0.94x). Earlier versions of this loop that recomputed a line's
windows cell by cell, or counted every window's assignments by recursion, lost
to the engine itself; a two-cell window is counted in closed form, the colour
and animal bits a hand holds twice are remembered per hand mask, and the
stalemate check stops at the first single play. The engine's fast playout,
built on the same ideas (``bigfive_index``, ``bigfive_free``), runs at 0.64–0.70x
of this loop: the two are not far apart, unlike the other games.

Its draws call ``Random._randbelow`` and ``Random.shuffle``. Written out through
``getrandbits``, as the other four baselines draw (the same numbers), they ran
1.01x this loop (nine interleaved half-second slices, 0.98–1.16x, load 4–8,
same games from the same seeds): a Big Five decision is a census of the board,
and its one draw is noise beside it, so the simpler calls stay.

What it leaves out, none of which the rules need: cards' coordinates beyond
the grid index, the box's contents, move objects and records, the other
readings (publisher bonus, multi-round games, solitaire, handicap deals).

>>> import random
>>> penalties, moves = play(random.Random(1), 2)
>>> min(penalties) == 0 and moves > 100
True
"""

from __future__ import annotations

import random
from typing import Any

#: The rulebook's numbers (the default reading of the spec's variant).
KINDS = 25  # card kind = animal * 5 + colour
COPIES = 4
HAND = 5
MAX_LINE = 5
MAX_GROUP = 4
IDLE_ROUNDS = 5
#: A card kind's bits: one for its colour (0-4), one for its animal (5-9).
FEATURE: tuple[int, ...] = tuple(1 << (k % 5) | 1 << (5 + k // 5) for k in range(KINDS))
#: The kinds with each bit (colour 0-4, animal 5-9), as 25-bit masks.
WITH: tuple[int, ...] = tuple(sum(1 << k for k in range(KINDS) if FEATURE[k] >> f & 1) for f in range(10))
ALL = (1 << KINDS) - 1
#: The bits set in each 10-bit number (the colours and animals a line's cards share).
BITS: tuple[tuple[int, ...], ...] = tuple(tuple(f for f in range(10) if m >> f & 1) for m in range(1024))
#: The grid: cell = (x + 128) * 256 + (y + 128); the two axes' steps (x, then y).
SPAN = 256
STEPS = (SPAN, 1)
ORIGIN = 128 * SPAN + 128
EMPTY = -1
#: Where groups may go around some whole runs of a line: [the kinds on it, the axis, its windows by size
#: (made when first asked for), the empty cells before its first card (nearest last), those between its
#: cards, those after its last card, how many cells its cards span]; a window is some cells before, all
#: between, some after: at most five cells in all.
Block = list[Any]
#: A window's group plays for one hand: (how many, the empty cells, the kinds each admits, the axis).
Group = tuple[int, tuple[int, ...], tuple[int, ...], int]


def line_mask(kinds: list[int]) -> int:
    """The kinds that may join a line already holding ``kinds`` (one new card): sharing a colour or an
    animal with all of them, none twice, at most five cards."""
    if len(kinds) >= MAX_LINE:
        return 0
    common = 1023
    taken = 0
    for k in kinds:
        common &= FEATURE[k]
        if taken >> k & 1:
            return 0
        taken |= 1 << k
    mask = 0
    for f in range(10):
        if common >> f & 1:
            mask |= WITH[f]
    return mask & ~taken


class Table:
    """The cards on the table and what a hand may play there (see the module's docstring).

    ``grid[cell]`` is a kind or :data:`EMPTY`; ``masks[axis]`` maps an empty cell with a card next to it
    along ``axis`` to the kinds that axis admits; ``single`` maps each empty cell next to a card to the
    kinds it takes alone, and ``per_kind[k]`` counts the cells taking kind ``k``; ``windows[f][n]`` maps
    a line to its windows of ``n`` empty cells whose cards share bit ``f``, each ``(empty cells, kinds on
    the line, axis)``.
    """

    __slots__ = ("grid", "masks", "single", "per_kind", "blocks", "lines")

    def __init__(self) -> None:
        self.grid = [EMPTY] * (SPAN * SPAN)
        self.masks: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.single: dict[int, int] = {}
        self.per_kind = [0] * KINDS
        self.blocks: list[dict[tuple[int, int], list[Block]]] = [{} for _ in range(10)]
        self.lines: dict[tuple[int, int], list[int]] = {}  # (axis, line) -> its occupied cells, sorted

    # -- placing ------------------------------------------------------------------

    def place(self, cells: list[int], kinds: list[int]) -> None:
        """Put ``kinds`` on ``cells`` and bring every mask and window up to date."""
        grid, masks, single, per_kind = self.grid, self.masks, self.single, self.per_kind
        for cell, kind in zip(cells, kinds):
            grid[cell] = kind
            old = single.pop(cell, 0)
            while old:
                low = old & -old
                per_kind[low.bit_length() - 1] -= 1
                old ^= low
            masks[0].pop(cell, None)
            masks[1].pop(cell, None)
        touched: set[int] = set()
        for axis in (0, 1):
            step = STEPS[axis]
            ends: set[int] = set()
            lines: set[int] = set()
            for cell in cells:
                lines.add(cell // SPAN if axis else cell % SPAN)
                for direction in (step, -step):
                    at = cell + direction
                    while grid[at] != EMPTY:
                        at += direction
                    ends.add(at)
            mask = masks[axis]
            for end in ends:
                kinds_on: list[int] = []
                for direction in (step, -step):
                    at = end + direction
                    while grid[at] != EMPTY:
                        kinds_on.append(grid[at])
                        at += direction
                mask[end] = line_mask(kinds_on)
                touched.add(end)
            for line in lines:
                self._windows(axis, line, cells)
        for cell in touched:
            old = single.get(cell, 0)
            new = masks[0].get(cell, ALL) & masks[1].get(cell, ALL)
            single[cell] = new
            changed = old ^ new
            while changed:
                low = changed & -changed
                per_kind[low.bit_length() - 1] += 1 if new & low else -1
                changed ^= low

    def _windows(self, axis: int, line: int, placed: list[int]) -> None:
        """Recompute the windows of one line (``axis`` 0: a row, keyed by its y; 1: a column, by its x).

        A window holds whole runs of cards ``occupied[i..j]`` (``i`` a run's first card, ``j`` a run's
        last), the empty cells between them and up to four more before and after, with an empty cell
        beyond each end: the bits its cards share and the kinds it holds are worked out once per ``i..j``.
        """
        grid, step = self.grid, STEPS[axis]
        key = (axis, line)
        occupied = self.lines.setdefault(key, [])
        for cell in placed:
            if (cell // SPAN if axis else cell % SPAN) == line:
                occupied.append(cell)
        occupied.sort()
        blocks = self.blocks
        for by_line in blocks:
            by_line.pop(key, None)
        span = (MAX_LINE - 1) * step  # a window's last cell minus its first
        n = len(occupied)
        for i in range(n):
            first = occupied[i]
            if i and occupied[i - 1] == first - step:
                continue  # not the first card of its run
            lowest = max(occupied[i - 1] + 2 * step, first - span) if i else first - span
            common, taken = 1023, 0
            inner: tuple[int, ...] = ()
            previous = first
            for j in range(i, n):
                last = occupied[j]
                if last - first > span:
                    break  # longer than a line
                if last - previous > step:
                    inner += tuple(range(previous + step, last, step))
                previous = last
                kind = grid[last]
                if taken >> kind & 1:
                    break  # a kind twice: no group completes this line
                common &= FEATURE[kind]
                taken |= 1 << kind
                if not common:
                    break
                if j + 1 < n and occupied[j + 1] == last + step:
                    continue  # not the last card of its run
                highest = occupied[j + 1] - 2 * step if j + 1 < n else last + span
                head = tuple(range(max(lowest, last - span), first, step))
                tail = tuple(range(last + step, min(highest, first + span) + step, step))
                block: Block = [taken, axis, None, head, inner, tail, (last - first) // step + 1]
                for f in BITS[common]:
                    if key in blocks[f]:
                        blocks[f][key].append(block)
                    else:
                        blocks[f][key] = [block]

    # -- counting and drawing plays -----------------------------------------------

    def census(self, hand_mask: int, hand_bits: list[int]) -> tuple[int, list[Group]]:
        """``(single plays, groups)`` of a hand: its single plays' count and, per window and bit that
        has group plays, ``(count, empty cells, per-cell admitted kinds, axis)``. ``hand_bits`` are the colour
        and animal bits the hand holds twice or more (in distinct kinds)."""
        per_kind = self.per_kind
        singles = 0
        m = hand_mask
        while m:
            low = m & -m
            singles += per_kind[low.bit_length() - 1]
            m ^= low
        groups: list[Group] = []
        masks = self.masks
        for f in hand_bits:
            kinds = hand_mask & WITH[f]
            room = min(kinds.bit_count(), MAX_GROUP)
            for listed in self.blocks[f].values():
                for block in listed:
                    free = kinds & ~block[0]
                    most = min(room, free.bit_count())
                    if most < 2:
                        continue
                    by_size = block[2]
                    if by_size is None:
                        by_size = block[2] = _block_windows(block)
                    across = masks[1 - block[1]]
                    for size in range(2, most + 1):
                        for empties in by_size[size]:
                            if size == 2:
                                a = across.get(empties[0], ALL) & free
                                b = across.get(empties[1], ALL) & free
                                count = a.bit_count() * b.bit_count() - (a & b).bit_count()
                                admitted: tuple[int, ...] = (a, b)
                            else:
                                admitted = tuple([across.get(c, ALL) & free for c in empties])
                                count = _count(admitted, 0, 0)
                            if count:
                                groups.append((count, empties, admitted, block[1]))
        return singles, groups

    def nth_single(self, hand_mask: int, r: int) -> tuple[int, int]:
        """The ``r``-th single play of the hand ``hand_mask`` as ``(cell, kind)``."""
        for cell, admitted in self.single.items():
            here = admitted & hand_mask
            n = here.bit_count()
            if r < n:
                while r:
                    here &= here - 1
                    r -= 1
                return cell, (here & -here).bit_length() - 1
            r -= n
        raise IndexError("no such single play")

    def can_place(self, hand: list[int]) -> bool:
        """Whether ``hand`` has any play (a single play first: the per-kind counts answer most hands)."""
        per_kind = self.per_kind
        mask = 0
        for k in hand:
            if per_kind[k]:
                return True
            mask |= 1 << k
        return bool(self.census(mask, _twice(mask))[1])


def _block_windows(block: Block) -> list[list[tuple[int, ...]]]:
    """A block's windows by their number of empty cells (0 to 4): ``h`` cells before its cards, all
    between, ``t`` after, within a line of five."""
    head, inner, tail, olds = block[3], block[4], block[5], block[6]
    by_size: list[list[tuple[int, ...]]] = [[] for _ in range(MAX_GROUP + 1)]
    rest = MAX_LINE - olds  # cells left for the line before and after the block's cards
    for h in range(min(len(head), rest) + 1):
        for t in range(min(len(tail), rest - h) + 1):
            empties = head[len(head) - h:] + inner + tail[:t]
            if 2 <= len(empties) <= MAX_GROUP:
                by_size[len(empties)].append(empties)
    return by_size


def _count(admitted: tuple[int, ...], i: int, used: int) -> int:
    """Injective assignments of kinds to the cells ``i..``: each cell a kind of its mask, none twice."""
    options = admitted[i] & ~used
    if i == len(admitted) - 1:
        return options.bit_count()
    n = 0
    while options:
        low = options & -options
        n += _count(admitted, i + 1, used | low)
        options ^= low
    return n


def _nth(admitted: tuple[int, ...], r: int) -> list[int]:
    """The ``r``-th assignment counted by :func:`_count` (kinds per cell)."""
    chosen: list[int] = []
    used = 0
    for i in range(len(admitted)):
        options = admitted[i] & ~used
        while options:
            low = options & -options
            n = _count(admitted, i + 1, used | low) if i < len(admitted) - 1 else 1
            if r < n:
                chosen.append(low.bit_length() - 1)
                used |= low
                break
            r -= n
            options ^= low
    return chosen


_TWICE: dict[int, list[int]] = {}


def _twice(hand_mask: int) -> list[int]:
    """The colour and animal bits shared by two or more of the hand's distinct kinds (remembered per
    hand mask: a game sees a few hundred; the memory is emptied at 65,536)."""
    bits = _TWICE.get(hand_mask)
    if bits is None:
        if len(_TWICE) >= 1 << 16:
            _TWICE.clear()
        bits = _TWICE[hand_mask] = [f for f in range(10) if (hand_mask & WITH[f]).bit_count() >= 2]
    return bits


def exchange_count(hand: list[int]) -> int:
    """Distinct non-empty sub-multisets of ``hand``."""
    n = 1
    for k in set(hand):
        n *= hand.count(k) + 1
    return n - 1


def nth_exchange(hand: list[int], r: int) -> list[int]:
    """The sub-multiset numbered ``r + 1`` in mixed radix over the hand's kinds (ascending)."""
    r += 1
    out: list[int] = []
    for k in sorted(set(hand)):
        m = hand.count(k)
        r, take = divmod(r, m + 1)
        out += [k] * take
    return out


def play_bonus(grid: list[int], cells: list[int], axis: int) -> int:
    """Bonus discards a play earns (the text's reading), the cards already on ``grid``: per line of
    four through a played card one, of five two; a group of four one more."""
    total = 1 if len(cells) == MAX_GROUP else 0
    axes = (0, 1) if len(cells) == 1 else (axis,)
    runs = [(cells[0], a) for a in axes] + ([(c, 1 - axis) for c in cells] if len(cells) > 1 else [])
    for cell, a in runs:
        step = STEPS[a]
        n = 1
        at = cell + step
        while grid[at] != EMPTY:
            n += 1
            at += step
        at = cell - step
        while grid[at] != EMPTY:
            n += 1
            at -= step
        total += 1 if n == 4 else 2 if n == 5 else 0
    return total


def play(rng: random.Random, players: int) -> tuple[list[int], int]:
    """One random game for 2–4 seats: ``(penalties, moves)``, penalties being each loser's cards left.

    ``moves`` counts every chance move (the deal's cards, draws, a blind discard's card) and every
    decision, as the engine counts its steps.
    """
    randbelow = rng._randbelow  # type: ignore[attr-defined]  # what randrange(n) calls, without its checks
    shuffle = rng.shuffle
    pack = [k for k in range(KINDS) for _ in range(COPIES)]
    shuffle(pack)
    size = (len(pack) - 1) // players
    decks = [pack[1 + s * size:1 + (s + 1) * size] for s in range(players)]  # the top is the end
    hands = [[deck.pop() for _ in range(HAND)] for deck in decks]
    table = Table()
    table.place([ORIGIN], [pack[0]])
    moves = 1 + players * size + players * HAND
    seat = 0
    idle = 0
    while True:
        hand, deck = hands[seat], decks[seat]
        hand_mask = 0
        exchanges = 1
        for k in hand:
            bit = 1 << k
            if hand_mask & bit:
                exchanges = 0  # a kind twice: counted by multiplicities below
            hand_mask |= bit
        if not deck:
            exchanges = 0
        elif exchanges:
            exchanges = (1 << len(hand)) - 1  # distinct cards: every non-empty subset
        else:
            exchanges = exchange_count(hand)
        singles, groups = table.census(hand_mask, _twice(hand_mask))
        total = exchanges + singles
        for group in groups:
            total += group[0]
        moves += 1
        if not total:  # no exchange and no play: pass
            idle += 1
        else:
            r = randbelow(total)
            if r < exchanges:
                cards = nth_exchange(hand, r)
                for k in cards:
                    hand.remove(k)
                shuffle(cards)
                deck[:0] = cards
                for _ in cards:
                    hand.append(deck.pop())
                moves += len(cards)
                idle += 1
            else:
                r -= exchanges
                if r < singles:
                    cell, kind = table.nth_single(hand_mask, r)
                    cells, kinds, axis = [cell], [kind], 0
                else:
                    r -= singles
                    for n, empties, admitted, axis in groups:
                        if r < n:
                            break
                        r -= n
                    cells, kinds = list(empties), _nth(admitted, r)
                table.place(cells, kinds)
                for k in kinds:
                    hand.remove(k)
                idle = 0
                if not hand and not deck:
                    return _penalties(hands, decks), moves
                bonus = min(play_bonus(table.grid, cells, axis), len(hand) + len(deck))
                while bonus:
                    kinds_held = sorted(set(hand))
                    pick = randbelow(len(kinds_held) + (2 if deck else 1))
                    moves += 1
                    if pick < len(kinds_held):
                        hand.remove(kinds_held[pick])
                    elif deck and pick == len(kinds_held):
                        deck.pop()  # its top card to the box, unseen
                        moves += 1
                    else:
                        break  # given up
                    bonus -= 1
                    if not hand and not deck:
                        return _penalties(hands, decks), moves
                while len(hand) < HAND and deck:
                    hand.append(deck.pop())
                    moves += 1
        if idle >= players and (idle >= players * IDLE_ROUNDS or not any(table.can_place(h) for h in hands)):
            return _penalties(hands, decks), moves
        seat += 1
        if seat == players:
            seat = 0


def _penalties(hands: list[list[int]], decks: list[list[int]]) -> list[int]:
    left = [len(h) + len(d) for h, d in zip(hands, decks)]
    best = min(left)
    return [n if n > best else 0 for n in left]
