"""The most bullheads one player can take in one round of Take 5 (T5-F-6): a witness plan for any rule constants.

A player resolves one card a turn, so takes at most one row of at most
``row_capacity`` cards a turn: ``hand_size · row_capacity`` cards a round,
whose richest carry the upper bound that
:func:`ruleproof.checkers.smt.take5.round_take` proves. This module builds a
round that reaches as much as a chain through one row can, for the variant's
rows ``R``, row capacity ``C``, hand size ``H``, deck top ``D`` and any player
count ``P`` (the plan chooses it):

* **the chain** ``c_0 < c_1 < … < c_CH`` runs through row 0: ``c_0`` starts
  it; seat 0 plays ``c_Ct`` in turn ``t``, the ``(C + 1)``-th card of the
  row, and takes ``c_C(t-1) … c_Ct-1``: over ``H`` turns the ``C·H`` cards
  ``c_0 … c_CH-1``;
* **feeders**: other seats play the ``C − 1`` chain cards after ``c_Ct`` in
  the same turn, so the row is full again when the next turn starts (in turn
  1 also the ``C − 1`` cards before ``c_C``; none in the last turn);
* **junk**: every other seat plays a card lower than row 0's end at the start
  of the turn, which resolves before the turn's chain cards and goes onto one
  of the ``R − 1`` spare rows (junk cards rise from turn to turn and the spare
  rows start with the lowest cards, so junk is never too low); in the last
  turn some seats may play **high** cards above ``c_CH`` instead, which
  resolve after seat 0's last take.

Junk of turn ``t`` must lie below row 0's end ``e_t`` (``c_0`` in turn 1,
``c_Ct-1`` later), so the ``k``-th chain card must have enough cards below it
that are not chain cards: "the ``k_t``-th smallest chain card is at least
``L_t``", i.e. at most ``k_t`` chain cards lie below ``L_t``. These are
capacities on nested prefixes of the cards (a laminar matroid), so taking
cards by bullheads, richest first, whenever the capacities allow, gives a
chain of the most bullheads (:func:`plan_round`); every player count and
number of high cards is tried. The plan is only a witness: the finding
counts what the replayed game gives seat 0 and compares it with the proved
bound.

>>> plan = plan_round(Take5Variant())
>>> plan.players, plan.value, plan.chain[0], plan.chain[-1], plan.high
(10, 117, 5, 101, (102, 103, 104))
>>> plan_round(Take5Variant(row_capacity=4)).value
107
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.spec import take5 as t5
from ruleproof.spec.take5 import Take5Variant

__all__ = ["RoundPlan", "plan_round"]


@dataclass(frozen=True)
class RoundPlan:
    """A round in which seat 0 takes the row of the chain every turn (module docstring).

    :param players: the player count.
    :param capacity: the row capacity ``C`` the plan is for.
    :param chain: ``c_0 … c_CH``: seat 0 takes all but the last.
    :param spare: the first cards of the other rows.
    :param junk: per turn, the low cards other seats play onto the spare rows.
    :param high: cards above the chain, played by other seats in the last turn.
    :param value: the bullheads of ``c_0 … c_CH-1``, what seat 0 takes.
    """

    players: int
    capacity: int
    chain: tuple[int, ...]
    spare: tuple[int, ...]
    junk: tuple[tuple[int, ...], ...]
    high: tuple[int, ...]
    value: int

    @property
    def turns(self) -> int:
        return len(self.junk)

    def feeders(self, turn: int) -> tuple[int, ...]:
        """The chain cards other seats play in ``turn`` (1-based)."""
        c, h = self.capacity, self.turns
        if turn == h:
            return self.chain[1:c] if h == 1 else ()
        after = self.chain[c * turn + 1: c * turn + c]
        return (*self.chain[1:c], *after) if turn == 1 else after

    def plays(self, turn: int) -> tuple[int, ...]:
        """The card of every seat in ``turn`` (1-based): seat 0's chain card, then feeders, high cards, junk."""
        others = (*self.feeders(turn), *(self.high if turn == self.turns else ()), *self.junk[turn - 1])
        return (self.chain[self.capacity * turn], *others)

    def hands(self) -> list[list[int]]:
        """Each seat's hand: its card of every turn."""
        return [[self.plays(t)[seat] for t in range(1, self.turns + 1)] for seat in range(self.players)]


def _feeder_counts(capacity: int, turns: int) -> list[int]:
    if turns == 1:
        return [capacity - 1]
    return [2 * (capacity - 1)] + [capacity - 1] * (turns - 2) + [0]


def _candidates(variant: Take5Variant) -> Iterator[tuple[int, int]]:
    """(players, high cards) pairs, the more players and high cards first (the rulebook's plan: ten players)."""
    for players in range(t5.MAX_PLAYERS, t5.MIN_PLAYERS - 1, -1):
        if t5.players_problem(variant, players) is not None:
            continue
        for high in range(players - 1, -1, -1):
            yield players, high


def _plan_for(variant: Take5Variant, players: int, high: int) -> RoundPlan | None:
    rows, c, h, top = variant.rows, variant.row_capacity, variant.hand_size, variant.deck_top
    junk_counts = [players - 1 - f - (high if t == h - 1 else 0) for t, f in enumerate(_feeder_counts(c, h))]
    if min(junk_counts) < 0 or (rows == 1 and sum(junk_counts) > 0):
        return None
    end = top - high  # c_CH: the chain's last card, seat 0's card of the last turn
    size = c * h  # the cards seat 0 takes: c_0 .. c_CH-1, all below `end`
    if end - 1 < size:
        return None
    # At most k_t chain cards below L_t: the k_t-th chain card (row 0's end at the start of turn t) has the spare
    # rows' first cards and the junk of turns 1..t below it.
    limits, need = [], rows - 1
    for t, count in enumerate(junk_counts, start=1):
        need += count
        k = 0 if t == 1 else c * t - 1
        limits.append((k + 1 + need, k))
    chosen: list[int] = []
    below = [0] * len(limits)
    for card in sorted(range(1, end), key=lambda x: (-t5.compute_bullheads(x), -x)):
        hits = [i for i, (bound, _) in enumerate(limits) if card < bound]
        if all(below[i] < limits[i][1] for i in hits):
            chosen.append(card)
            for i in hits:
                below[i] += 1
            if len(chosen) == size:
                break
    if len(chosen) < size:
        return None
    chain = (*sorted(chosen), end)
    rest = [x for x in range(1, end) if x not in set(chosen)]
    spare = tuple(rest[: rows - 1])
    pool = iter(rest[rows - 1:])
    junk = tuple(tuple(next(pool) for _ in range(count)) for count in junk_counts)
    value = sum(t5.compute_bullheads(x) for x in chosen)
    plan = RoundPlan(players, c, chain, spare, junk, tuple(range(end + 1, top + 1))[:high], value)
    # the capacities guarantee it; checked here so a wrong plan is never replayed as a witness
    for t in range(1, h + 1):
        start_end = chain[0] if t == 1 else chain[c * t - 1]
        assert all(x < start_end for x in plan.junk[t - 1]), (t, plan)
    assert len(plan.high) == high
    return plan


def plan_round(variant: Take5Variant) -> RoundPlan | None:
    """The richest chain plan for the variant's rule constants (standard deck), or ``None`` when no player count
    leaves room for one (for example a row capacity so large that turn 1 needs more feeders than seats)."""
    best: RoundPlan | None = None
    for players, high in _candidates(variant):
        plan = _plan_for(variant, players, high)
        if plan is not None and (best is None or plan.value > best.value):
            best = plan
    return best
