"""Z3 cores for the Cinco readings that cannot be played (CI-AMB-6 and CI-AMB-7).

Each query asserts the rules involved as tracked constraints named by rule id
(see :class:`~ruleproof.checkers.smt.core.TrackedSolver`), so ``unsat`` comes
with the list of rules that together rule the reading out. The queries are
linear and tiny; a solver limit can only turn a verdict into ``unknown``,
never into ``unsat``.

* :func:`full_board_placement` — under CI-AMB-6's ``play_on`` reading the game
  would go on after the board fills; no placement is possible then, so
  neither a line (CI-WIN-1) nor a last chip (CI-END-1) can ever end it.
* :func:`stuck_seat` — CI-AMB-7 (a seat with no card and nothing to draw)
  needs every card in the other hands, which the four-card hand limit and the
  player-count rule exclude, so neither reading is ever played.

>>> full_board_placement(90).core
('CI-AMB-6-full-board', 'CI-PLAY-2')
>>> stuck_seat(2).core
('CI-AMB-7-stuck', 'CI-HAND-1', 'CI-SETUP-1', 'cards-conserved')
"""

from __future__ import annotations

import z3

from ruleproof.checkers.smt.core import SolverResult, TrackedSolver
from ruleproof.spec.cinco import HAND_SIZE
from ruleproof.spec.cinco_board import FREE


def full_board_placement(cells: int, colours: int = 3) -> SolverResult:
    """Can a chip be placed on a board of ``cells`` cells that holds no free cell?

    ``unsat`` with core ``CI-PLAY-2`` (a chip needs a free cell) and the full
    board proves that no move after the board fills places a chip, so under the
    ``play_on`` reading nothing could end the game.
    """
    board = [z3.Int(f"cell_{n}") for n in range(1, cells + 1)]
    target = z3.Int("target")
    solver = TrackedSolver("cinco.readings")
    solver.add_fact(*[z3.And(c >= FREE, c < colours) for c in board])
    solver.add_fact(target >= 1, target <= cells)
    solver.add("CI-AMB-6-full-board", *[c != FREE for c in board])
    solver.add("CI-PLAY-2", z3.Or(*[z3.And(target == n, c == FREE) for n, c in enumerate(board, start=1)]))
    return solver.check()


def stuck_seat(players: int, hand_size: int = HAND_SIZE) -> SolverResult:
    """Can seat 0 hold no card while the deck and every discard pile are empty, on any layout?

    The number of cards (one per cell) is left open. ``unsat`` with core
    ``CI-HAND-1`` (at most ``hand_size``, four, cards in a hand), ``CI-SETUP-1``
    (a layout needs more cards than a hand per player) and the card count
    proves the position of CI-AMB-7 unreachable for every layout the game
    accepts, under any hand size.

    >>> stuck_seat(6, hand_size=10).core
    ('CI-AMB-7-stuck', 'CI-HAND-1', 'CI-SETUP-1', 'cards-conserved')
    """
    hands = [z3.Int(f"hand_{s}") for s in range(players)]
    deck, discards, size = z3.Int("deck"), z3.Int("discards"), z3.Int("cards")
    solver = TrackedSolver("cinco.readings")
    solver.add_fact(*[h >= 0 for h in hands], deck >= 0, discards >= 0)
    solver.add("cards-conserved", z3.Sum(*hands) + deck + discards == size)
    solver.add("CI-HAND-1", *[h <= hand_size for h in hands])
    solver.add("CI-SETUP-1", size > hand_size * players)
    solver.add("CI-AMB-7-stuck", hands[0] == 0, deck == 0, discards == 0)
    return solver.check()
