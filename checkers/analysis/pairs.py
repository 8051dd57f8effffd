"""One game under two readings: the pair's result, where it diverged, and where the rules differ at all.

:class:`PairResult` is what :func:`ruleproof.checkers.analysis.diff.play_pair`
returns. :func:`probe_history` answers a different question of the same game:
not where the two runs first part, but at which positions of reading A's run
reading B's rules would have done anything differently — a different actor,
a different set of legal moves or chance outcomes, a different effect of the
move made (the end coming at another time included), a different final
scoring. Asked at every decision of the run it gives the share of decisions
in which the dispute between the readings arises; asked of the whole game,
whether it arises at all. Under random play (both runs in lock step until
they differ) a game's dispute arises exactly when its pair diverges
(``tests/checkers/test_disputes.py`` checks this); under a policy, the runs may
also part by a choice (the policy plays each reading's rules) before or
without any rule differing.

Reading B's rules are applied to A's positions by giving the position B's
variant (every engine's state carries its variant); a position B's engine
cannot take at all (it raises) counts as differing. When the readings set the
game up differently (another deck, another board) the dispute arises in every
game from the set-up and no decision share is given.

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.spec.take5 import Take5Variant
>>> game = game_for("take5")
>>> probe = probe_history(game, game, 3, Take5Variant(), Take5Variant(professional=True), [])
>>> probe.setup, probe.decisions
(False, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.model.core import CHANCE, TERMINAL, Game

__all__ = ["Divergence", "PairResult", "Probe", "position_difference", "probe_history"]

JSON = Any


@dataclass(frozen=True)
class Probe:
    """Where reading B's rules differ along reading A's run.

    :param decisions: the decisions of A's run.
    :param differing: those at which B's rules differ (actor, legal moves, or the move's effect).
    :param arises: whether B's rules differ anywhere in the game (a decision, a chance event, the set-up, the
        final scoring).
    :param setup: the readings set the game up differently (then ``arises`` and no decision share).
    """

    decisions: int
    differing: int
    arises: bool
    setup: bool = False


@dataclass(frozen=True)
class Divergence:
    """Where the two runs of a pair first differ.

    :param step: the number of moves both runs made (identically) before the
        differing position.
    :param kind: ``state`` (a move had different effects), ``turn`` (a
        different actor), ``end`` (one run is over, the other is not),
        ``legal moves``, ``chance`` (different outcomes on offer),
        ``outcome`` (same final state, different scores or winners) or, when
        policies play, ``choice`` (same position and moves, but the policy,
        playing each reading's rules, chose differently).
    :param move: the move (made in both runs) that led to the differing
        position, when there was one.
    """

    game_index: int
    step: int
    kind: str
    detail: str
    move: str | None
    state_a: str
    state_b: str
    only_a: tuple[str, ...] = ()
    only_b: tuple[str, ...] = ()
    next_a: str | None = None
    next_b: str | None = None

    def to_json(self) -> dict[str, JSON]:
        """The divergence as JSON-ready data."""
        return {"game_index": self.game_index, "step": self.step, "kind": self.kind, "detail": self.detail,
                "move": self.move, "state_a": self.state_a, "state_b": self.state_b, "only_a": list(self.only_a),
                "only_b": list(self.only_b), "next_a": self.next_a, "next_b": self.next_b}


@dataclass(frozen=True)
class PairResult:
    """One seeded game played under both readings."""

    index: int
    divergence: Divergence | None
    diverged: bool
    kind: str | None
    length_a: int
    length_b: int
    scores_a: tuple[float, ...]
    scores_b: tuple[float, ...]
    winners_a: frozenset[int]
    winners_b: frozenset[int]
    returns_a: tuple[float, ...]
    returns_b: tuple[float, ...]
    history_a: tuple[tuple[int, Any], ...] = ()
    history_b: tuple[tuple[int, Any], ...] = ()
    #: Where reading B's rules differ along reading A's run (:func:`probe_history`; ``None``: not asked).
    probe: Probe | None = None

    @property
    def outcome_changed(self) -> bool:
        """Whether the final scores or the winners differ."""
        return self.scores_a != self.scores_b or self.winners_a != self.winners_b

    @property
    def winners_changed(self) -> bool:
        """Whether the winners differ."""
        return self.winners_a != self.winners_b


def _variant_fields(game: Game[Any, Any, Any], state: Any) -> tuple[int, ...]:
    if not isinstance(state, tuple):
        return ()
    return tuple(i for i, v in enumerate(state) if isinstance(v, game.variant_type))


def _core(state: Any, skip: tuple[int, ...]) -> Any:
    if not skip:
        return state
    return tuple(v for i, v in enumerate(state) if i not in skip)


def _text(moves: Iterable[Any], limit: int = 12) -> tuple[str, ...]:
    items = sorted(str(m) for m in moves)
    return tuple(items[:limit]) + ((f"... {len(items) - limit} more",) if len(items) > limit else ())


def _as_reading(state: Any, variant: Any, skip: tuple[int, ...]) -> Any:
    """``state`` with its variant field(s) set to ``variant``."""
    if not skip:
        return state
    return type(state)(*(variant if i in skip else v for i, v in enumerate(state)))


def _differs(ga: Game[Any, Any, Any], gb: Game[Any, Any, Any], sa: Any, b: Any, move: Any,
             skip: tuple[int, ...]) -> tuple[bool, bool]:
    """``(differs, is_decision)`` at A's position ``sa`` where A made ``move`` (``None``: the game is over)."""
    try:
        sb = _as_reading(sa, b, skip)
        actor = ga.current_player(sa)
        decision = actor not in (CHANCE, TERMINAL)
        if gb.current_player(sb) != actor:
            return True, decision
        if actor == TERMINAL:
            return ga.outcome(sa) != gb.outcome(sb), False
        if actor == CHANCE:
            if ga.chance_outcomes(sa) != gb.chance_outcomes(sb):
                return True, False
        elif ga.legal_moves(sa) != gb.legal_moves(sb):
            return True, True
        after_a, after_b = ga.apply_unchecked(sa, move), gb.apply_unchecked(sb, move)
        return (_core(after_a, skip) != _core(after_b, skip)
                or ga.current_player(after_a) != gb.current_player(after_b)), decision
    except Exception:  # noqa: BLE001 - a position reading B's engine cannot take differs by definition
        return True, ga.current_player(sa) not in (CHANCE, TERMINAL)


def probe_history(ga: Game[Any, Any, Any], gb: Game[Any, Any, Any], players: int, a: Any, b: Any,
                  history: Sequence[tuple[int, Any]]) -> Probe:
    """Replay reading A's run ``history`` and ask B's rules at every position (see the module docstring)."""
    state = ga.initial_state(players, a)
    skip = _variant_fields(ga, state)
    try:
        start_b = gb.initial_state(players, b)
    except Exception:  # noqa: BLE001 - B cannot set this game up at all
        return Probe(sum(1 for actor, _ in history if actor != CHANCE), 0, True, True)
    if _core(state, skip) != _core(start_b, skip):
        return Probe(sum(1 for actor, _ in history if actor != CHANCE), 0, True, True)
    decisions = differing = 0
    arises = False
    for _actor, move in history:
        differs, decision = _differs(ga, gb, state, b, move, skip)
        decisions += decision
        differing += differs and decision
        arises = arises or differs
        state = ga.apply_unchecked(state, move)
    differs, _ = _differs(ga, gb, state, b, None, skip)
    return Probe(decisions, differing, arises or differs)


def position_difference(ga: Game[Any, Any, Any], gb: Game[Any, Any, Any], sa: Any, sb: Any,
                        skip: tuple[int, ...], last: Any) -> tuple[str | None, str]:
    """How the positions of two readings' paired games differ before the next move: ``(kind, why)`` for a
    different state (``"state"``), one game over and not the other (``"end"``), another seat to act
    (``"turn"``) or the same final position scored differently (``"outcome"``); ``(None, "")`` when they agree."""
    actor_a, actor_b = ga.current_player(sa), gb.current_player(sb)
    if _core(sa, skip) != _core(sb, skip):
        return "state", (f"the move {last} left different states" if last is not None
                         else "the readings set the game up differently")
    if actor_a != actor_b:
        if TERMINAL in (actor_a, actor_b):
            return "end", f"the game is over under {'A' if actor_a == TERMINAL else 'B'} but not under the other reading"
        return "turn", f"seat {actor_a} acts under A, seat {actor_b} under B"
    if actor_a == TERMINAL:
        oa, ob = ga.outcome(sa), gb.outcome(sb)
        if oa != ob:
            return "outcome", (f"same final position, scored {list(oa.scores)} (winners {sorted(oa.winners)}) under A, "
                               f"{list(ob.scores)} (winners {sorted(ob.winners)}) under B")
    return None, ""
