"""Big Five's lines and placements: «Как играть карты» and «Бонусы за большие новые группы», as plain functions.

The second of the three modules of the Big Five specification (see
:mod:`ruleproof.spec.bigfive_components` for the order). Every function here is
a pure function of the board and a play, written to be read against the text;
the fast forms of the same calculations live in
:mod:`ruleproof.spec.accel.bigfive` and are tested against these.

**Board.** A mapping of cells ``(x, y)`` to cards; ``x`` grows to the right,
``y`` downwards; the start card lies at ``(0, 0)``. In a state the board is a
sorted tuple of :class:`~ruleproof.spec.bigfive_components.Placed` triples so
that states stay hashable.

**Lines.** A *line* is a maximal run of horizontally or vertically adjacent
cards. A play puts 1–4 cards of the hand into empty cells of one straight
line; the resulting line (the text's "new group") must contain a card that was
already on the table; and every line any played card belongs to (in either
direction) must be one colour with different animals or one animal with
different colours, hence at most five cards with no two identical ones.

>>> is_line_valid([parse_card(c) for c in ("Lp", "Gp", "Zp")])
True
>>> is_line_valid([parse_card(c) for c in ("Lp", "Lp")])
False
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Literal, NamedTuple

from ruleproof.spec.bigfive_components import (
    GROUP_BONUS_BY_SIZE,
    LINE_BONUS_BY_LENGTH,
    MAX_GROUP,
    MAX_LINE,
    BigFiveVariant,
    Board,
    Cell,
    Placed,
    Play,
    animal_of,
    card_code,
    colour_of,
    parse_card,
    parse_move,
)

# --------------------------------------------------------------------------
# Lines


def board_map(board: Iterable[Placed]) -> dict[Cell, int]:
    """The board as a mapping of cells to cards."""
    return {(p.x, p.y): p.card for p in board}


#: The two directions a line runs in: along a row, along a column.
AXES: tuple[Cell, Cell] = ((1, 0), (0, 1))


def compute_run(board: Board, cell: Cell, axis: Cell) -> tuple[Cell, ...]:
    """The maximal run of occupied cells through ``cell`` along ``axis``, in order
    (``cell`` itself is included whether or not it is occupied).

    >>> b = {(0, 0): 0, (1, 0): 1, (3, 0): 2}
    >>> compute_run(b, (1, 0), (1, 0)), compute_run(b, (2, 0), (1, 0))
    (((0, 0), (1, 0)), ((0, 0), (1, 0), (2, 0), (3, 0)))
    """
    dx, dy = axis
    x, y = cell
    lo = 0
    cx, cy = x - dx, y - dy
    while (cx, cy) in board:
        lo -= 1
        cx, cy = cx - dx, cy - dy
    hi = 0
    cx, cy = x + dx, y + dy
    while (cx, cy) in board:
        hi += 1
        cx, cy = cx + dx, cy + dy
    return tuple([(x + i * dx, y + i * dy) for i in range(lo, hi + 1)])


def compute_lines_through(board: Board, cells: Iterable[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """Every line of two or more cards through any of ``cells`` in either
    direction, on a board that already holds the played cards; each line once.

    >>> b = {(0, 0): 0, (1, 0): 1, (1, 1): 6}
    >>> compute_lines_through(b, [(1, 0)])
    (((0, 0), (1, 0)), ((1, 0), (1, 1)))
    """
    found: list[tuple[Cell, ...]] = []
    for cell in cells:
        for axis in AXES:
            run = compute_run(board, cell, axis)
            if len(run) >= 2 and run not in found:
                found.append(run)
    return tuple(found)


def is_line_uniform(cards: Sequence[int]) -> bool:
    """All cards share one colour, or all share one animal: at most one colour, or at most one animal, among them.

    >>> is_line_uniform([parse_card(c) for c in ("Lp", "Gp")]), is_line_uniform([parse_card(c) for c in ("Lp", "Lb")])
    (True, True)
    >>> is_line_uniform([parse_card(c) for c in ("Lp", "Gb")]), is_line_uniform([]), is_line_uniform([30, 31])
    (False, True, True)
    """
    return len({colour_of(c) for c in cards}) <= 1 or len({animal_of(c) for c in cards}) <= 1


def has_identical_cards(cards: Sequence[int]) -> bool:
    """Two cards of the same kind (same animal and colour)."""
    return len(set(cards)) < len(cards)


def is_line_valid(cards: Sequence[int]) -> bool:
    """One colour with different animals or one animal with different colours
    (so at most five cards and no two identical)."""
    return len(cards) <= MAX_LINE and is_line_uniform(cards) and not has_identical_cards(cards)


# --------------------------------------------------------------------------
# Where a play goes: Rules 1 and 2


def is_straight(cells: Sequence[Cell]) -> bool:
    """All cells in one row or one column."""
    return len({x for x, _ in cells}) <= 1 or len({y for _, y in cells}) <= 1


def compute_play_axes(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """The directions a straight play runs in (both for a single card)."""
    if len(cells) <= 1:
        return AXES
    if len({y for _, y in cells}) == 1:
        return ((1, 0),)
    return ((0, 1),)


def compute_gaps(board: Board, cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """Empty cells between the played cells of a straight play (the played
    cards and the cards already there must form one unbroken line)."""
    if len(cells) <= 1 or not is_straight(cells):
        return ()
    played = set(cells)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    span = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]
    return tuple(c for c in span if c not in played and c not in board)


def compute_new_line(board: Board, cells: Sequence[Cell], axis: Cell) -> tuple[Cell, ...]:
    """The line along ``axis`` that the played cells form with the cards already there."""
    after = dict(board)
    for c in cells:
        after.setdefault(c, -1)
    return compute_run(after, cells[0], axis)


def contains_existing_card(board: Board, cells: Sequence[Cell]) -> bool:
    """Rule 2: the new line (along the play, for a single card along either
    direction) holds at least one card that was on the table before."""
    for axis in compute_play_axes(cells):
        line = compute_new_line(board, cells, axis)
        if any(c in board for c in line):
            return True
    return False


# --------------------------------------------------------------------------
# Everything the placement rules look at


class PlayAnalysis(NamedTuple):
    """Everything the placement rules look at for one play on one board.

    :param cells: the played cells, in the play's order.
    :param cards: the played cards, in the play's order.
    :param occupied: the played cells that already hold a card.
    :param duplicate_cells: the cells played more than once (sorted).
    :param straight: the played cells lie in one row or column.
    :param gaps: the empty cells the play leaves between its cells (:func:`compute_gaps`).
    :param has_existing: the new line keeps a card already there (:func:`contains_existing_card`).
    :param lines: every line through a played cell after the play, with its cards in line order.
    """

    cells: tuple[Cell, ...]
    cards: tuple[int, ...]
    occupied: tuple[Cell, ...]
    duplicate_cells: tuple[Cell, ...]
    straight: bool
    gaps: tuple[Cell, ...]
    has_existing: bool
    lines: tuple[tuple[tuple[Cell, ...], tuple[int, ...]], ...]


def analyse_play(board: tuple[Placed, ...], placed: tuple[Placed, ...]) -> PlayAnalysis:
    """The facts about ``placed`` on ``board`` that the placement rules use.

    The lines are those of the board after the play (a cell played twice
    holds the card played last on it).

    >>> board = (Placed(0, 0, parse_card("Lp")), Placed(1, 0, parse_card("Gp")))
    >>> a = analyse_play(board, parse_move("play Zp@2,0 Cp@3,0").placed)
    >>> a.straight, a.gaps, a.has_existing, [len(line) for line, _ in a.lines]
    (True, (), True, [4])
    """
    before = board_map(board)
    cells = tuple((p.x, p.y) for p in placed)
    after = dict(before)
    for p in placed:
        after[(p.x, p.y)] = p.card
    lines = tuple((line, tuple(after[c] for c in line)) for line in compute_lines_through(after, cells))
    return PlayAnalysis(
        cells=cells,
        cards=tuple(p.card for p in placed),
        occupied=tuple(c for c in cells if c in before),
        duplicate_cells=tuple(sorted(c for c, n in Counter(cells).items() if n > 1)),
        straight=is_straight(cells),
        gaps=compute_gaps(before, cells),
        has_existing=bool(cells) and contains_existing_card(before, cells),
        lines=lines,
    )


def is_placement_legal(board: tuple[Placed, ...], placed: tuple[Placed, ...], max_group: int = MAX_GROUP) -> bool:
    """Rules 1–3 with notes a and b, for groups of at most ``max_group`` cards (cards in hand aside)."""
    a = analyse_play(board, placed)
    if not placed or len(placed) > max_group or a.occupied or a.duplicate_cells:
        return False
    if not a.straight or a.gaps or not a.has_existing:
        return False
    return all(is_line_valid(cards) for _, cards in a.lines)


# --------------------------------------------------------------------------
# The plays a hand might make


def hand_groups(hand: Sequence[int], size: int) -> tuple[tuple[int, ...], ...]:
    """The distinct groups of ``size`` cards of ``hand`` (as sorted multisets), sorted.

    >>> hand_groups((3, 1, 3), 2)
    ((1, 3), (3, 3))
    """
    return tuple(sorted(set(itertools.combinations(sorted(hand), size))))


def _runs_through(anchor: Cell, axis: Cell) -> Iterator[list[Cell]]:
    """Every run of one to :data:`MAX_LINE` cells along ``axis`` that holds ``anchor``."""
    x, y = anchor
    dx, dy = axis
    for start in range(-(MAX_LINE - 1), 1):
        for end in range(0, start + MAX_LINE):
            yield [(x + i * dx, y + i * dy) for i in range(start, end + 1)]


def _windows(anchor: Cell, axis: Cell) -> Iterator[tuple[Cell, ...]]:
    """The windows of :data:`MAX_LINE` cells along ``axis`` that hold ``anchor``."""
    dx, dy = axis
    x, y = anchor
    for start in range(-(MAX_LINE - 1), 1):
        yield tuple((x + (start + i) * dx, y + (start + i) * dy) for i in range(MAX_LINE))


def candidate_cell_sets(board: tuple[Placed, ...], limit: int, exhaustive: bool = False) -> list[tuple[Cell, ...]]:
    """The cell sets of :func:`candidate_plays` for groups of up to ``limit`` cards, sorted.

    >>> candidate_cell_sets((Placed(0, 0, 0), Placed(1, 0, 5)), 1)
    [((-1, 0),), ((0, -1),), ((0, 1),), ((1, -1),), ((1, 1),), ((2, 0),)]
    """
    before = board_map(board)
    found: set[tuple[Cell, ...]] = set()
    for anchor in before:
        for axis in AXES:
            if exhaustive:
                for window in _windows(anchor, axis):
                    free = [c for c in window if c not in before]
                    for size in range(1, min(limit, len(free)) + 1):
                        found.update(itertools.combinations(free, size))
                continue
            for run in _runs_through(anchor, axis):
                empty = tuple(c for c in run if c not in before)
                if 1 <= len(empty) <= limit:
                    found.add(empty)
    return sorted(found)


def candidate_plays(board: tuple[Placed, ...], hand: Sequence[int], exhaustive: bool = False,
                    max_group: int = MAX_GROUP) -> list[Play]:
    """A finite superset of the legal plays of ``hand`` on ``board`` in groups of at most ``max_group`` cards,
    singles first.

    Why a superset: a legal play lies in one straight line (Rule 1) whose new
    line holds a card ``p`` that was already there (Rule 2) and has at most
    five cells (note a); its played cells are exactly the empty cells of that
    line (no gaps). All its cards lie in the new line, which is of one colour
    or of one animal (Rule 3), so they share a colour or an animal.

    * Default: for every card ``p`` and direction, every run of at most five
      cells through ``p`` with one to four empty cells gives the cell set (its
      empty cells); every assignment of distinct hand cards (as a multiset)
      that share a colour or an animal is a candidate. Rules 1 and 2 can then
      only fail for runs that are not maximal; this keeps crowded boards
      cheap enough to check every state.
    * ``exhaustive``: every set of one to four empty cells inside a window of
      five cells through ``p`` (gaps allowed), with every assignment of hand
      cards: the blunt enumeration, for small boards.

    >>> board = (Placed(0, 0, parse_card("Lp")),)
    >>> hand = [parse_card(c) for c in ("Gp", "Zp")]
    >>> plays = candidate_plays(board, hand)
    >>> sum(is_placement_legal(board, p.placed) for p in plays)
    20
    >>> len(plays) < len(candidate_plays(board, hand, exhaustive=True))
    True
    """
    limit = min(max_group, len(hand))
    orders: dict[int, list[tuple[int, ...]]] = {}
    for size in range(1, limit + 1):
        groups = [g for g in hand_groups(hand, size) if exhaustive or is_line_uniform(g)]
        orders[size] = sorted({order for g in groups for order in itertools.permutations(g)})
    singles: list[Play] = []
    groups_played: list[Play] = []
    for cells in candidate_cell_sets(board, limit, exhaustive):
        target = singles if len(cells) == 1 else groups_played
        for order in orders[len(cells)]:
            target.append(Play(tuple(sorted(Placed(x, y, card) for (x, y), card in zip(cells, order)))))
    return singles + groups_played


def compute_legal_plays(board: tuple[Placed, ...], hand: Sequence[int], min_size: int = 1,
                        max_group: int = MAX_GROUP) -> list[Play]:
    """The legal plays of ``hand`` on ``board`` with ``min_size`` to ``max_group`` cards, by the rules alone.

    >>> board = (Placed(0, 0, parse_card("Lp")),)
    >>> len(compute_legal_plays(board, [parse_card("Gp")]))
    4
    """
    return [p for p in candidate_plays(board, hand, False, max_group)
            if len(p.placed) >= min_size and is_placement_legal(board, p.placed, max_group)]


def can_place(board: tuple[Placed, ...], hand: Sequence[int], min_size: int = 1, max_group: int = MAX_GROUP) -> bool:
    """Whether ``hand`` has any legal play of ``min_size`` to ``max_group`` cards."""
    return any(len(p.placed) >= min_size and is_placement_legal(board, p.placed, max_group)
               for p in candidate_plays(board, hand, False, max_group))


def compute_anchors(board: tuple[Placed, ...], play: Play) -> tuple[Cell, ...]:
    """The cards already on the table that lie in the play's new line(s): its possible anchors."""
    before = board_map(board)
    cells = [(p.x, p.y) for p in play.placed]
    found: set[Cell] = set()
    for axis in compute_play_axes(cells):
        found.update(c for c in compute_new_line(before, cells, axis) if c in before)
    return tuple(sorted(found))


def is_one_sided(board: tuple[Placed, ...], play: Play) -> bool:
    """The contradicting reading "one_side" of BF-AMB-5: every old card of the
    play's new line lies on the same side of all played cards (the play
    extends its line at one end, never on both sides of an old card).

    >>> board = (Placed(0, 0, parse_card("Zp")),)
    >>> is_one_sided(board, parse_move("play Zy@0,-1 Zb@0,-2")), is_one_sided(board, parse_move("play Zy@0,-1 Zb@0,1"))
    (True, False)
    """
    before = board_map(board)
    cells = [(p.x, p.y) for p in play.placed]
    for axis in compute_play_axes(cells):
        line = compute_new_line(before, cells, axis)
        marks = "".join("o" if c in before else "p" for c in line)
        if "po" in marks and "op" in marks:
            return False
    return True


# --------------------------------------------------------------------------
# Bonuses for big new lines


def compute_old_run(board: Board, line: Sequence[Cell]) -> int:
    """The longest run of consecutive cells of ``line`` that already held cards
    on ``board``: the largest group ("связная группа", cards "в связке") the
    line was made of before the play. Old cards separated by a played cell
    were separate groups, not one.

    >>> line = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    >>> compute_old_run({(0, 0): 0, (1, 0): 5, (3, 0): 15, (4, 0): 20}, line)
    2
    """
    best = run = 0
    for cell in line:
        run = run + 1 if cell in board else 0
        best = max(best, run)
    return best


class BonusTable(NamedTuple):
    """How many bonus discards a play earns (rule BF-BONUS-1), as data: the two readings of the text and any
    house rule about the bonus are tables of this shape (:func:`compute_bonus_table`).

    :param lines: cards a new line earns, indexed by its length (0 to :data:`MAX_LINE`).
    :param counting: ``"length"``: a line earns the value of its length (the text: "за новую группу в 4 карты");
        ``"reached"``: the value of every length the play makes it reach, a length counting as reached when the
        line's longest connected run of old cards (:func:`compute_old_run`) was shorter (the publisher).
    :param group: cards the play earns by the number of cards played (0 to :data:`MAX_GROUP`; empty: none).
    :param per: ``"line"``: every line the play forms earns; ``"play"``: only its best line does.
    :param cap: the most bonus cards of one play (0: no cap).

    >>> BONUS_PRESETS["text"].describe()
    'a new line earns by its length 4: 1, 5: 2; each line the play forms earns; a group of 4 cards earns 1 more'
    >>> BONUS_PRESETS["publisher"].describe()
    'a new line earns for each length it reaches 4: 1, 5: 2; each line the play forms earns; no group bonus'
    """

    lines: tuple[int, ...]
    counting: Literal["length", "reached"]
    group: tuple[int, ...]
    per: Literal["line", "play"] = "line"
    cap: int = 0

    def line_value(self, old: int, new: int) -> int:
        """Cards one line earns: ``new`` cards after the play, ``old`` its longest connected run of old cards.

        >>> BONUS_PRESETS["text"].line_value(1, 5), BONUS_PRESETS["publisher"].line_value(1, 5)
        (2, 3)
        """
        if self.counting == "length":
            return self.lines[new] if new < len(self.lines) else 0
        return sum(self.lines[old + 1: new + 1])

    def group_value(self, size: int) -> int:
        """Cards the play itself earns for playing ``size`` cards."""
        return self.group[size] if size < len(self.group) else 0

    def total(self, line_values: Sequence[int], size: int) -> int:
        """The play's bonus from the values of its lines and its number of cards (capped)."""
        lines = sum(line_values) if self.per == "line" else max(line_values, default=0)
        earned = lines + self.group_value(size)
        return min(earned, self.cap) if self.cap else earned

    def most(self, max_group: int = MAX_GROUP) -> int:
        """An upper bound of what one play of at most ``max_group`` cards earns: its own line and one line
        across each card, each paying the most a line can (capped).

        >>> BONUS_PRESETS["text"].most(), BONUS_PRESETS["publisher"].most()
        (11, 15)
        """
        per_line = max(self.lines) if self.counting == "length" else sum(self.lines)
        lines = per_line * (1 + max_group if self.per == "line" else 1)
        most = lines + max(self.group[: max_group + 1], default=0)
        return min(most, self.cap) if self.cap else most

    def describe(self) -> str:
        """The table in words (for answers and help texts)."""
        paid = ", ".join(f"{n}: {v}" for n, v in enumerate(self.lines) if v) or "nothing"
        how = "by its length" if self.counting == "length" else "for each length it reaches"
        per = "each line the play forms earns" if self.per == "line" else "only the play's best line earns"
        groups = [f"a group of {n} cards earns {v} more" for n, v in enumerate(self.group) if v]
        text = f"a new line earns {how} {paid}; {per}; {'; '.join(groups) or 'no group bonus'}"
        return text + (f"; at most {self.cap} cards a play" if self.cap else "")


#: The bonus tables of the text's and the publisher's reading (BF-AMB-1), the values of the flag ``bonus``.
BONUS_PRESETS: dict[str, BonusTable] = {
    "text": BonusTable(LINE_BONUS_BY_LENGTH, "length", GROUP_BONUS_BY_SIZE),
    "publisher": BonusTable(LINE_BONUS_BY_LENGTH, "reached", ()),
}


def compute_bonus_table(variant: BigFiveVariant) -> BonusTable:
    """The bonus table of ``variant``: the ``bonus`` reading's count with the table flags on top.

    ``bonus`` names the count (``"text"``: each line by its length;
    ``"publisher"``: each length a line reaches) and the group bonus;
    ``bonus_lines``, ``bonus_group`` (``None``: the reading's), ``bonus_per``
    and ``bonus_cap`` give the rest. Every layer reads the bonus from this
    table: the spec (:func:`compute_bonus`), the engine and its fast
    playouts, and the SMT encodings of BF-F-2 and BF-F-3.

    >>> compute_bonus_table(BigFiveVariant()) == BONUS_PRESETS["text"]
    True
    >>> fours = compute_bonus_table(BigFiveVariant(bonus_lines=(0, 0, 0, 0, 2, 2), bonus_group=()))
    >>> fours.describe()
    'a new line earns by its length 4: 2, 5: 2; each line the play forms earns; no group bonus'
    """
    preset = BONUS_PRESETS[variant.bonus]
    group = preset.group if variant.bonus_group is None else variant.bonus_group
    return BonusTable(variant.bonus_lines, preset.counting, group, variant.bonus_per, variant.bonus_cap)


def compute_bonus(variant: BigFiveVariant, board: Board, play: Play) -> int:
    """Bonus discards earned by ``play`` on ``board`` (the board before the play), by the variant's bonus table
    (:func:`compute_bonus_table`).

    Every line of two or more cards through a played card (in either
    direction) is a new line and earns by the table. The text's reading: a
    line of 4 earns 1, of 5 earns 2, and a group of 4 played cards earns 1
    more (:data:`LINE_BONUS`, :data:`GROUP_BONUS`). The publisher's reading:
    a line earns 1 when the play makes it reach 4 cards and 2 when it makes
    it reach 5. A group is a connected run (000_24eedd0374a5e414.txt § Цель
    игры: "связной группы"; § Как играть карты: cards "в связке"), so a line
    reaches 4 when its longest run of old cards (:func:`compute_old_run`) was
    shorter than 4: pieces of 2 and 2 joined by one card were never a line of
    four, and the play earns both bonuses.

    >>> b = {(0, 0): parse_card("Gr")}
    >>> p = parse_move("play Lr@1,0 Zr@2,0 Cr@3,0 Er@4,0")
    >>> compute_bonus(BigFiveVariant(), b, p), compute_bonus(BigFiveVariant(bonus="publisher"), b, p)
    (3, 3)
    >>> b = {(x, 0): parse_card(a + "b") for x, a in zip((0, 1, 3, 4), "LGCE")}
    >>> compute_bonus(BigFiveVariant(bonus="publisher"), b, parse_move("play Zb@2,0"))
    3
    >>> compute_bonus(BigFiveVariant(bonus_lines=(0, 0, 0, 0, 2, 2), bonus_group=()), b, parse_move("play Zb@2,0"))
    2
    """
    table = compute_bonus_table(variant)
    after = dict(board)
    for p in play.placed:
        after[(p.x, p.y)] = p.card
    values = [table.line_value(compute_old_run(board, line), len(line))
              for line in compute_lines_through(after, [(p.x, p.y) for p in play.placed])]
    return table.total(values, len(play.placed))


# --------------------------------------------------------------------------
# Text picture of a board


def render_board(board: Iterable[Placed], marks: Iterable[Placed] = (), margin: int = 1) -> str:
    """The board as a grid of card codes; ``marks`` (e.g. a rejected play) show in brackets.

    >>> print(render_board([Placed(0, 0, 24), Placed(1, 0, 19)], [Placed(0, 1, 23)], margin=0))
    y\\x    0    1
      0   Ep   Cp
      1 [Er]    .
    """
    cells = {(p.x, p.y): card_code(p.card) for p in board}
    marked = {(p.x, p.y): f"[{card_code(p.card)}]" for p in marks}
    every = list(cells) + list(marked)
    if not every:
        return "(empty board)"
    xs = [x for x, _ in every]
    ys = [y for _, y in every]
    x0, x1, y0, y1 = min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin
    lines = ["y\\x" + "".join(f"{x:>5}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            if (x, y) in marked:
                row.append(marked[(x, y)].rjust(5))
            else:
                row.append(cells.get((x, y), ".").rjust(5))
        lines.append(f"{y:>3}" + "".join(row))
    return "\n".join(line.rstrip() for line in lines)
