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
* **feeders**: other seats play the other chain cards. In turn ``t``, ``b_t``
  of them come *before* seat 0's card (the row holds ``C − b_t`` cards when
  the turn starts; in turn 1 only ``c_0``, so ``b_1 = C − 1``) and ``a_t``
  *after* it (they start the row again: the next turn finds ``1 + a_t``
  cards, so ``b_t+1 = C − 1 − a_t``). Each turn takes as many after-feeders
  as the seats allow, so a row of six needs no more than nine other seats;
  none in the last turn;
* **junk**: every other seat plays a card lower than row 0's end at the start
  of the turn, which resolves before the turn's chain cards and goes onto one
  of the ``R − 1`` spare rows (junk cards rise from turn to turn and the spare
  rows start with the lowest cards, so junk is never too low); in the last
  turn some seats may play **high** cards above ``c_CH`` instead, which
  resolve after seat 0's last take.

Junk of turn ``t`` must lie below row 0's end at the start of the turn (the
chain card ``c_j`` with ``j = C·t − b_t − 1``), so that chain card must have
enough cards below it that are not chain cards: "the ``j``-th smallest chain
card is at least ``L_t``", i.e. at most ``j`` chain cards lie below ``L_t``.
These are capacities on nested prefixes of the cards (a laminar matroid), so
taking cards by bullheads, richest first, whenever the capacities allow, gives
a chain of the most bullheads (:func:`plan_round`); every player count and
number of high cards is tried. The plan is only a witness: the finding
counts what the replayed game gives seat 0 and compares it with the proved
bound.

>>> plan = plan_round(Take5Variant())
>>> plan.players, plan.value, plan.chain[0], plan.chain[-1], plan.high
(10, 117, 5, 101, (102, 103, 104))
>>> plan_round(Take5Variant(row_capacity=4)).value
107
>>> six = plan_round(Take5Variant(row_capacity=6))
>>> six.players, six.before[:3], six.after[:3], six.value
(10, (5, 1, 0), (4, 5, 5), 127)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.spec import take5 as t5
from ruleproof.spec.take5 import Take5Variant

__all__ = ["QuietRound", "RoundPlan", "plan_round", "quiet_round"]


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
    :param before: per turn, the chain cards other seats play below seat 0's card (``b_t``).
    :param after: per turn, the chain cards other seats play above seat 0's card (``a_t``).
    """

    players: int
    capacity: int
    chain: tuple[int, ...]
    spare: tuple[int, ...]
    junk: tuple[tuple[int, ...], ...]
    high: tuple[int, ...]
    value: int
    before: tuple[int, ...]
    after: tuple[int, ...]

    @property
    def turns(self) -> int:
        return len(self.junk)

    def feeders(self, turn: int) -> tuple[int, ...]:
        """The chain cards other seats play in ``turn`` (1-based)."""
        mine = self.capacity * turn
        b, a = self.before[turn - 1], self.after[turn - 1]
        return (*self.chain[mine - b: mine], *self.chain[mine + 1: mine + 1 + a])

    def plays(self, turn: int) -> tuple[int, ...]:
        """The card of every seat in ``turn`` (1-based): seat 0's chain card, then feeders, high cards, junk."""
        others = (*self.feeders(turn), *(self.high if turn == self.turns else ()), *self.junk[turn - 1])
        return (self.chain[self.capacity * turn], *others)

    def hands(self) -> list[list[int]]:
        """Each seat's hand: its card of every turn."""
        return [[self.plays(t)[seat] for t in range(1, self.turns + 1)] for seat in range(self.players)]


def _feeder_counts(capacity: int, turns: int, others: list[int]) -> tuple[list[int], list[int]] | None:
    """``(before, after)`` per turn when turn ``t`` has ``others[t-1]`` seats besides seat 0 for chain cards (as
    many after-feeders as fit: the next turn then needs the fewest before-feeders); ``None`` when a turn cannot
    fill the row before seat 0's card."""
    before, after = [], []
    need = capacity - 1  # turn 1: the row holds only c_0
    for t in range(turns):
        if need > others[t]:
            return None
        more = 0 if t == turns - 1 else min(capacity - 1, others[t] - need)
        before.append(need)
        after.append(more)
        need = capacity - 1 - more
    return before, after


def _candidates(variant: Take5Variant) -> Iterator[tuple[int, int]]:
    """(players, high cards) pairs, the more players and high cards first (the rulebook's plan: ten players)."""
    for players in range(t5.MAX_PLAYERS, t5.MIN_PLAYERS - 1, -1):
        if t5.players_problem(variant, players) is not None:
            continue
        for high in range(players - 1, -1, -1):
            yield players, high


def _plan_for(variant: Take5Variant, players: int, high: int, turns: int) -> RoundPlan | None:
    rows, c, h, top = variant.rows, variant.row_capacity, turns, variant.deck_top
    others = [players - 1 - (high if t == h - 1 else 0) for t in range(h)]
    if min(others) < 0:
        return None
    counts = _feeder_counts(c, h, others)
    if counts is None:
        return None
    before, after = counts
    junk_counts = [o - b - a for o, b, a in zip(others, before, after)]
    if rows == 1 and sum(junk_counts) > 0:
        return None
    end = top - high  # c_CH: the chain's last card, seat 0's card of the last turn
    size = c * h  # the cards seat 0 takes: c_0 .. c_CH-1, all below `end`
    if end - 1 < size + rows - 1 + sum(junk_counts):
        return None
    # At most j_t chain cards below L_t: the j_t-th chain card (row 0's end at the start of turn t) has the spare
    # rows' first cards and the junk of turns 1..t below it.
    limits, need = [], rows - 1
    for t, count in enumerate(junk_counts, start=1):
        need += count
        j = c * t - before[t - 1] - 1
        limits.append((j + 1 + need, j))
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
    taken = set(chosen)
    rest = [x for x in range(1, end) if x not in taken]
    spare = tuple(rest[: rows - 1])
    pool = iter(rest[rows - 1:])
    junk = tuple(tuple(next(pool) for _ in range(count)) for count in junk_counts)
    value = sum(t5.compute_bullheads(x) for x in chosen)
    plan = RoundPlan(players, c, chain, spare, junk, tuple(range(end + 1, top + 1))[:high], value,
                     tuple(before), tuple(after))
    # the capacities guarantee it; checked here so a wrong plan is never replayed as a witness
    for t in range(1, h + 1):
        start_end = chain[c * t - before[t - 1] - 1]
        assert all(x < start_end for x in plan.junk[t - 1]), (t, plan)
    assert len(plan.high) == high
    return plan


def plan_round(variant: Take5Variant, turns: int | None = None) -> RoundPlan | None:
    """The richest chain plan for the variant's rule constants (standard deck), or ``None`` when no player count
    leaves room for one (for example one row of one card: no other seat can feed it).

    ``turns``: plan only the first turns of the round (a hand then holds more cards than the plan plays; T5-F-5
    asks for one turn), at most ``hand_size``.

    >>> plan_round(Take5Variant(hand_size=2), turns=1).value  # the five richest cards in one turn
    27
    """
    count = variant.hand_size if turns is None else min(turns, variant.hand_size)
    best: RoundPlan | None = None
    for players, high in _candidates(variant):
        plan = _plan_for(variant, players, high, count)
        if plan is not None and (best is None or plan.value > best.value):
            best = plan
    return best


@dataclass(frozen=True)
class QuietRound:
    """A round in which no card is taken (WF-T5-1 under numbers whose rows keep a whole round's cards).

    :param players: the player count.
    :param starts: each row's first card.
    :param hands: each seat's cards, in the order it plays them.
    """

    players: int
    starts: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]


def quiet_round(variant: Take5Variant, players: int) -> QuietRound | None:
    """A round of ``players`` in which every played card fits a row and none is the one too many, or ``None``
    when the rows cannot keep ``hand_size · players`` more cards (``rows · (row_capacity − 1)`` at most) or the
    deck is too small.

    The lowest ``hand_size · players + rows`` cards of the deck are laid out in order: each row starts with a
    card and the next up to ``row_capacity − 1`` cards follow it, so every card's nearest lower row end is its
    own row's; the seats play them lowest first, turn after turn, so every row grows in order and no card is
    too low (the lowest card of all starts a row).

    >>> q = quiet_round(Take5Variant(row_capacity=6), 2)
    >>> q.starts, q.hands[0][:3], q.hands[1][:3]
    ((1, 7, 13, 19), (2, 4, 6), (3, 5, 8))
    >>> quiet_round(Take5Variant(), 2) is None  # four rows of five keep 16 more cards, not 20
    True
    """
    rows, capacity, hand = variant.rows, variant.row_capacity, variant.hand_size
    played = hand * players
    cards = t5.deck_cards(variant, players)
    if played > rows * (capacity - 1) or played + rows > len(cards):
        return None
    used = cards[: played + rows]
    per_row = [played // rows + (1 if i < played % rows else 0) for i in range(rows)]
    starts: list[int] = []
    order: list[int] = []
    index = 0
    for count in per_row:
        starts.append(used[index])
        order.extend(used[index + 1: index + 1 + count])
        index += count + 1
    hands = tuple(tuple(order[turn * players + seat] for turn in range(hand)) for seat in range(players))
    return QuietRound(players, tuple(starts), hands)
