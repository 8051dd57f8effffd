"""Paired Take 5 games at playout speed: :func:`play_pair` of the built-in Take 5 engine on mutable lists.

:func:`ruleproof.checkers.analysis.diff.play_pair` plays any game through the
:class:`~ruleproof.model.core.Game` interface: two immutable states, both
legal-move lists and a full state comparison at every step. For the built-in
Take 5 engine (the game the big ``diff`` campaigns run) :func:`fast_pair`
gives the *same* :class:`~ruleproof.checkers.analysis.diff.PairResult` — the
same keyed draws, the same choices, the same divergence kind, lengths, scores
and winners — about twenty times faster (``tests/checkers/test_diff_take5.py``
compares the two on every engine test configuration against the default and on
many seeds):

* while the runs agree there is one shared state; only what a flag can change
  is computed twice: the placements of a card (``professional``,
  ``row_choice``, ``low_row_keys``), whether the game ends after a placement (``threshold``,
  ``end_rule``, ``end_check``), the winners (``tie``) and the deck (``deck``);
* a lock-step chance draw maps onto the deck by bisection over the cumulative
  probabilities that the generic inverse CDF adds up (precomputed per deck
  size, with the same float additions); a choice with one option makes no draw
  (its draw counter still advances, so later keys are unchanged);
* after the divergence each run continues on its own with the min-hash choices
  of the generic path (the move hashes are the generic ones).

It does not draw the two states at the divergence: ``play_pair`` asks for the
generic path when ``detail`` or ``keep_history`` is set and the pair diverges.
An engine that is not exactly :class:`~ruleproof.model.take5.Take5Game` (a
reading's derived engine) or a flag this module does not know set away from
its default gets ``None`` here, and the generic path.

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.spec.take5 import Take5Variant
>>> from ruleproof.checkers.analysis.diff import play_pair
>>> game = game_for("take5")
>>> a, b = Take5Variant(), Take5Variant(end_check="immediate")
>>> fast = fast_pair(game, 3, a, b, seed=0, index=4)
>>> fast == play_pair(game, 3, a, b, seed=0, index=4, fast=False)
True
>>> fast.kind, fast.length_a > fast.length_b
('state', True)
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right, insort
from typing import Any

from ruleproof.checkers.analysis.pairs import PairResult
from ruleproof.checkers.policies.draws import move_hash as _move_hash
from ruleproof.model.core import CHANCE, Game
from ruleproof.model.take5 import Take5Game, low_rows
from ruleproof.spec.errors import RuleproofError
from ruleproof.spec.take5 import (
    DECK_TOP,
    HAND_SIZE,
    ROW_CAPACITY,
    ROWS,
    Deal,
    Place,
    Select,
    Take,
    Take5Variant,
    compute_bullheads,
)

__all__ = ["fast_pair"]

# The rulebook's numbers as local names of the loops (from the spec's table of rule constants): the lock step
# is written for them, and a reading that changes one takes the generic pair (``_applicable``).
_HAND = HAND_SIZE
_ROWS = ROWS
_CAPACITY = ROW_CAPACITY
#: The option codes of taking each row (placements are 2·row and 2·row + 1, then one take per row).
_TAKE_CODES = tuple(range(2 * _ROWS, 3 * _ROWS))
_MASK = (1 << 64) - 1
_TWO64 = 2.0**64
#: The flags the fast path knows; any other flag away from its default sends a pair down the generic path.
_KNOWN = frozenset({"end_rule", "threshold", "end_check", "row_choice", "deck", "professional", "tie", "low_row_keys"})
_BULL = tuple(compute_bullheads(c) if c else 0 for c in range(DECK_TOP + 1))
_b2b = hashlib.blake2b


def _cumulative(n: int) -> tuple[list[float], float]:
    """The running sums and the total that the generic inverse CDF adds up over ``n`` equal chances."""
    outcomes = [(None, 1.0 / n)] * n
    total = sum(p for _, p in outcomes)
    acc, cum = 0.0, []
    for _, p in outcomes:
        acc += p
        cum.append(acc)
    return cum, total


_CUM: list[tuple[list[float], float]] = [([], 0.0)] + [_cumulative(n) for n in range(1, DECK_TOP + 1)]
#: Move hashes of the generic min-hash choice (the same function, so the same numbers).
_DEAL_H = tuple(_move_hash(Deal(c)) for c in range(DECK_TOP + 1))
_SELECT_H = tuple(_move_hash(Select(c)) for c in range(DECK_TOP + 1))
#: Placement codes: ``2·row + left`` for Place, ``2·ROWS + row`` for Take (this order is the moves' sort order).
_PLACE_H = tuple([_move_hash(Place(r, bool(left))) for r in range(_ROWS) for left in (0, 1)]
                 + [_move_hash(Take(r)) for r in range(_ROWS)])
_NUMS = tuple(str(n).encode() for n in range(2048))


def _priority(k64: int, h: int) -> int:
    """The generic ``_priority`` (SplitMix64 of the key mixed with the move hash)."""
    z = ((k64 ^ h) + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class _Rules:
    """What one reading's flags decide."""

    __slots__ = ("auto", "deck", "draw", "immediate", "keys", "limit", "professional", "reach")

    def __init__(self, variant: Take5Variant, players: int) -> None:
        self.limit = variant.threshold
        self.reach = variant.end_rule == ">="
        self.immediate = variant.end_check == "immediate"
        self.auto = variant.row_choice == "auto"
        self.keys = () if self.auto else variant.low_row_keys  # the rows a too-low card may take, as data
        self.professional = variant.professional
        self.draw = variant.tie == "draw"
        top = DECK_TOP if variant.deck == "standard" else _HAND * players + _ROWS
        self.deck = list(range(1, top + 1))

    def options(self, rows: list[list[int]], card: int) -> list[int]:
        """The placement codes of ``card`` (the engine's ``_placements``, in its order)."""
        best_gap = 1000
        best: list[int] = []
        professional = self.professional
        for r in range(_ROWS):
            row = rows[r]
            gap = card - row[-1]
            if 0 < gap <= best_gap:
                if gap < best_gap:
                    best_gap, best = gap, []
                best.append(2 * r)
            if professional:
                gap = row[0] - card
                if 0 < gap <= best_gap:
                    if gap < best_gap:
                        best_gap, best = gap, []
                    best.append(2 * r + 1)
        if best:
            if len(best) > 1:
                best.sort()
            return best
        if self.auto:
            bull = _BULL
            return [_TAKE_CODES[min(range(_ROWS), key=lambda r: (sum([bull[c] for c in rows[r]]), len(rows[r]), r))]]
        if self.keys:
            return [_TAKE_CODES[r] for r in low_rows(rows, self.keys)]
        return list(_TAKE_CODES)

    def ended(self, scores: list[int], points: list[int], took: bool, round_over: bool) -> bool:
        """Whether the game ends after a placement that ``took`` a row (``round_over``: the round's last)."""
        if not (took if self.immediate else round_over):
            return False
        limit, reach = self.limit, self.reach
        for score, p in zip(scores, points):
            total = score + p
            if total > limit or (reach and total == limit):
                return True
        return False


class _Run:
    """One run's position on mutable lists (the fields of ``Take5State`` that matter here)."""

    __slots__ = ("chosen", "dealt", "deck", "finished", "hands", "points", "resolving", "rows", "rules",
                 "scores")

    def __init__(self, rules: _Rules, players: int) -> None:
        self.rules = rules
        self.deck = list(rules.deck)
        self.dealt = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.rows: list[list[int]] = [[] for _ in range(_ROWS)]
        self.chosen = [0] * players
        self.resolving = False
        self.points = [0] * players
        self.scores = [0] * players
        self.finished = False

    def copy(self, rules: _Rules) -> _Run:
        other = _Run.__new__(_Run)
        other.rules = rules
        other.deck = list(self.deck)
        other.dealt = self.dealt
        other.hands = [list(h) for h in self.hands]
        other.rows = [list(r) for r in self.rows]
        other.chosen = list(self.chosen)
        other.resolving = self.resolving
        other.points = list(self.points)
        other.scores = list(self.scores)
        other.finished = self.finished
        return other

    def new_round(self) -> None:
        """The round is over: the next deal starts a new one (scores take the piles' points)."""
        self.scores = [s + p for s, p in zip(self.scores, self.points)]
        self.points = [0] * len(self.points)
        self.deck = list(self.rules.deck)
        self.dealt = 0
        self.hands = [[] for _ in self.hands]
        self.rows = [[] for _ in range(_ROWS)]

    def deal(self, i: int) -> None:
        """Deal the ``i``-th card of the deck to the next place in the deal order."""
        card = self.deck.pop(i)
        index = self.dealt
        n_hand = _HAND * len(self.hands)
        if index < n_hand:
            insort(self.hands[index // _HAND], card)
        else:
            self.rows[index - n_hand] = [card]
        self.dealt = index + 1

    def place(self, seat: int, code: int, rules: _Rules) -> tuple[bool, bool]:
        """Resolve ``seat``'s chosen card by placement ``code``: whether it took a row, and the round ended."""
        card = self.chosen[seat]
        rows = self.rows
        took = code >= _TAKE_CODES[0]
        r = code - _TAKE_CODES[0] if took else code >> 1
        row = rows[r]
        if took or len(row) >= _CAPACITY:
            bull = _BULL
            self.points[seat] += sum([bull[c] for c in row])
            rows[r] = [card]
            took = True
        elif code & 1:
            row.insert(0, card)
        else:
            row.append(card)
        chosen = self.chosen
        chosen[seat] = 0
        self.resolving = any(chosen)
        return took, not self.resolving and not self.hands[-1]

    def outcome(self) -> tuple[tuple[float, ...], frozenset[int], tuple[float, ...]]:
        """Final scores, winners and returns (the engine's ``outcome`` and ``returns``)."""
        totals = tuple(float(s + p) for s, p in zip(self.scores, self.points))
        best = min(totals)
        winners = frozenset(s for s, t in enumerate(totals) if t == best)
        if len(winners) > 1 and self.rules.draw:
            winners = frozenset(range(len(totals)))
        share = 1.0 / len(winners)
        return totals, winners, tuple(share if s in winners else 0.0 for s in range(len(totals)))


class _Keys:
    """The keyed draws of one run (the generic ``_Draws``: ``base|actor|count``, counted per actor).

    Each actor's hasher is primed with its key prefix once; a draw copies it and adds the count (the same
    BLAKE2b digest as hashing the whole key, at half the cost of starting a hasher).
    """

    __slots__ = ("counts", "hashers")

    def __init__(self, base: str, players: int) -> None:
        # index actor + 1: chance (-1) first, then the seats
        self.hashers = [_b2b(f"{base}|{actor}|".encode(), digest_size=8) for actor in range(CHANCE, players)]
        self.counts = [0] * (players + 1)

    def copy(self) -> _Keys:
        other = _Keys.__new__(_Keys)
        other.hashers, other.counts = self.hashers, list(self.counts)
        return other

    def skip(self, actor: int) -> None:
        """Count a draw whose value does not matter (one option)."""
        self.counts[actor + 1] += 1

    def k64(self, actor: int) -> int:
        """The next draw of ``actor`` as a 64-bit number (the generic ``_key64``)."""
        n = self.counts[actor + 1]
        self.counts[actor + 1] = n + 1
        h = self.hashers[actor + 1].copy()
        h.update(_NUMS[n] if n < 2048 else str(n).encode())
        return int.from_bytes(h.digest(), "big")

    def unit(self, actor: int) -> float:
        """The next draw of ``actor`` in (0, 1) (the generic ``_unit``)."""
        return (self.k64(actor) + 0.5) / _TWO64


def _applicable(game: Game[Any, Any, Any], variant: Any) -> bool:
    if type(game) is not Take5Game or type(variant) is not Take5Variant:
        return False
    default = Take5Variant()
    return all(f in _KNOWN or getattr(variant, f) == getattr(default, f) for f in variant.__dataclass_fields__)


def _finish(run: _Run, keys: _Keys, limit: int) -> int:
    """Play ``run`` to its end with the generic min-hash choices; the number of moves made."""
    rules = run.rules
    players = len(run.hands)
    n_deal = _HAND * players + _ROWS
    steps = 0
    deal_h, select_h, place_h = _DEAL_H, _SELECT_H, _PLACE_H
    while not run.finished:
        if steps > limit:
            raise RuleproofError(f"take5: a game ran past its bound of {limit} moves")
        if run.dealt >= n_deal and not run.resolving and not run.hands[-1]:
            run.new_round()
        if run.dealt < n_deal:
            deck = run.deck
            if len(deck) == 1:
                keys.skip(CHANCE)
                run.deal(0)
            else:
                k64 = keys.k64(CHANCE)
                best, low = 0, _MASK + 1
                for i, card in enumerate(deck):
                    z = ((k64 ^ deal_h[card]) + 0x9E3779B97F4A7C15) & _MASK
                    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    z ^= z >> 31
                    if z < low:
                        best, low = i, z
                run.deal(best)
        elif run.resolving:
            chosen = run.chosen
            card = min(c for c in chosen if c)
            seat = chosen.index(card)
            options = rules.options(run.rows, card)
            if len(options) == 1:
                keys.skip(seat)
                code = options[0]
            else:
                k64 = keys.k64(seat)
                code = min(options, key=lambda c: _priority(k64, place_h[c]))
            took, round_over = run.place(seat, code, rules)
            run.finished = rules.ended(run.scores, run.points, took, round_over)
        else:
            seat = run.chosen.index(0)
            hand = run.hands[seat]
            if len(hand) == 1:
                keys.skip(seat)
                card = hand.pop()
            else:
                k64 = keys.k64(seat)
                card = min(hand, key=lambda c: _priority(k64, select_h[c]))
                hand.remove(card)
            run.chosen[seat] = card
            run.resolving = 0 not in run.chosen
        steps += 1
    return steps


def _limit(game: Game[Any, Any, Any], players: int, a: Any, b: Any) -> int:
    return max(game.max_game_length(players, a), game.max_game_length(players, b))


def _lock_step(run: _Run, keys: _Keys, rules_b: _Rules, limit: int) -> tuple[int, str | None, bool]:
    """Play both readings on the shared ``run`` while they agree (one draw per decision, as the generic lock
    step maps it: inverse CDF for chance, the index of the draw for a seat).

    :returns: the moves made, how the readings came apart (``None``: they did not, and the game is over) and,
        after a ``state`` divergence, whether reading B is over.
    """
    rules_a = run.rules
    players = len(run.hands)
    n_hand = _HAND * players
    n_deal = n_hand + _ROWS
    same_places = (rules_a.professional == rules_b.professional and rules_a.auto == rules_b.auto
                   and rules_a.keys == rules_b.keys)
    same_end = (rules_a.limit, rules_a.reach, rules_a.immediate) == (rules_b.limit, rules_b.reach, rules_b.immediate)
    counts, hashers = keys.counts, keys.hashers
    chance = hashers[0]
    cum_table, nums, two64, bull = _CUM, _NUMS, _TWO64, _BULL
    seats = range(players)
    # Neither reading has left ends, the automatic row or keys for a too-low card's rows: a card has one place
    # or it takes any row.
    plain = same_places and not rules_a.professional and not rules_a.auto and not rules_a.keys
    too_low = list(_TAKE_CODES)
    step = 0
    while True:
        if step > limit:
            raise RuleproofError(f"take5: a game ran past its bound of {limit} moves")
        if run.dealt >= n_deal:
            run.new_round()
        # the deal: one chance draw per card, mapped onto the deck by the inverse CDF
        deck = run.deck
        drawn = []
        first = counts[0]
        counts[0] = first + n_deal
        for c in range(first, first + n_deal):
            n = len(deck)
            if n == 1:
                drawn.append(deck.pop())
                continue
            h = chance.copy()
            h.update(nums[c] if c < 2048 else str(c).encode())
            cum, total = cum_table[n]
            i = bisect_right(cum, (int.from_bytes(h.digest(), "big") + 0.5) / two64 * total)
            drawn.append(deck.pop(i if i < n else n - 1))
        hands = run.hands = [sorted(drawn[s * _HAND:(s + 1) * _HAND]) for s in seats]
        rows = run.rows = [[card] for card in drawn[n_hand:]]
        run.dealt = n_deal
        step += n_deal
        chosen, points = run.chosen, run.points
        for _turn in range(_HAND):
            for seat in seats:
                hand = hands[seat]
                n = len(hand)
                c = counts[seat + 1]
                counts[seat + 1] = c + 1
                if n == 1:
                    chosen[seat] = hand.pop()
                    continue
                h = hashers[seat + 1].copy()
                h.update(nums[c] if c < 2048 else str(c).encode())
                chosen[seat] = hand.pop(min(n - 1, int((int.from_bytes(h.digest(), "big") + 0.5) / two64 * n)))
            step += players
            run.resolving = True
            left = players
            for card in sorted(chosen):
                seat = chosen.index(card)
                if plain:  # no left ends: the row whose last card is the greatest below the card, if any
                    r0, r1, r2, r3 = rows
                    below, code = 0, -1
                    x = r0[-1]
                    if below < x < card:
                        below, code = x, 0
                    x = r1[-1]
                    if below < x < card:
                        below, code = x, 2
                    x = r2[-1]
                    if below < x < card:
                        below, code = x, 4
                    x = r3[-1]
                    if below < x < card:
                        code = 6
                    options = [code] if code >= 0 else too_low
                else:
                    options = rules_a.options(rows, card)
                    if not same_places and options != rules_b.options(rows, card):
                        return step, "legal moves", False
                n = len(options)
                c = counts[seat + 1]
                counts[seat + 1] = c + 1
                if n == 1:
                    code = options[0]
                else:
                    h = hashers[seat + 1].copy()
                    h.update(nums[c] if c < 2048 else str(c).encode())
                    code = options[min(n - 1, int((int.from_bytes(h.digest(), "big") + 0.5) / two64 * n))]
                took = code >= _TAKE_CODES[0]
                r = code - _TAKE_CODES[0] if took else code >> 1
                row = rows[r]
                if took or len(row) >= _CAPACITY:
                    points[seat] += sum([bull[x] for x in row])
                    rows[r] = [card]
                    took = True
                elif code & 1:
                    row.insert(0, card)
                else:
                    row.append(card)
                chosen[seat] = 0
                left -= 1
                run.resolving = left > 0
                step += 1
                round_over = not left and not hands[-1]
                if took or round_over:
                    end_a = rules_a.ended(run.scores, points, took, round_over)
                    end_b = end_a if same_end else rules_b.ended(run.scores, points, took, round_over)
                    if end_a != end_b:
                        run.finished = end_a
                        return step, "state", end_b  # the move left different states (one run is over)
                    if end_a:
                        run.finished = True
                        return step, None, True


def fast_pair(game: Game[Any, Any, Any], players: int, a: Any, b: Any, *, seed: int = 0, index: int = 0,
              game_b: Game[Any, Any, Any] | None = None) -> PairResult | None:
    """Game ``index`` of the batch seeded ``seed`` under ``a`` and ``b``, as ``play_pair`` plays it (without
    the drawn divergence); ``None`` when the engines or flags are not the ones this module knows."""
    gb = game if game_b is None else game_b
    if not (_applicable(game, a) and _applicable(gb, b)):
        return None
    game.initial_state(players, a)  # the player-count check, with its error
    gb.initial_state(players, b)
    rules_a, rules_b = _Rules(a, players), _Rules(b, players)
    limit = _limit(game, players, a, b)
    keys = _Keys(f"ruleproof-diff|{seed}|{index}", players)
    run = _Run(rules_a, players)
    kind: str | None
    if rules_a.deck != rules_b.deck:  # the readings set the game up differently: apart from the start
        step, kind, run_b = 0, "state", _Run(rules_b, players)
    else:
        step, kind, end_b = _lock_step(run, keys, rules_b, limit)
        run_b = run.copy(rules_b)
        run_b.finished = end_b
    if kind is None:  # both over in the same position: only the scoring may differ
        scores_a, winners_a, returns_a = run.outcome()
        scores_b, winners_b, returns_b = run_b.outcome()
        kind = "outcome" if winners_a != winners_b else None
        return PairResult(index, None, kind is not None, kind, step, step, scores_a, scores_b, winners_a,
                          winners_b, returns_a, returns_b)
    keys_b = keys.copy()
    length_a = step + _finish(run, keys, limit)
    length_b = step + _finish(run_b, keys_b, limit)
    scores_a, winners_a, returns_a = run.outcome()
    scores_b, winners_b, returns_b = run_b.outcome()
    return PairResult(index, None, True, kind, length_a, length_b, scores_a, scores_b, winners_a, winners_b,
                      returns_a, returns_b)
