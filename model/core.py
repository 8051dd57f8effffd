"""The uniform game interface every engine implements.

An engine is a :class:`Game`: immutable states, explicit chance moves and the
OpenSpiel-like calls ``new_game``, ``current_player``, ``legal_moves``,
``chance_outcomes``, ``apply``, ``is_terminal``, ``returns`` and
``observation``. The engine is the fast path; its legality must equal the
specification's (checked by :mod:`ruleproof.checkers.checks.conformance`), but the
spec is consulted only when a move is rejected, to name the rules it breaks.

>>> from ruleproof.model.registry import game_for
>>> game = game_for("take5")
>>> state = game.new_game(players=3, seed=7)
>>> game.current_player(state)
0
>>> len(game.legal_moves(state))
10
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from mypy_extensions import mypyc_attr

from ruleproof.model.io import codec
from ruleproof.model.legal_cache import filling_the_cache
from ruleproof.spec.core import CHANCE, TERMINAL, GameSpec
from ruleproof.spec.errors import IllegalMoveError

__all__ = ["CHANCE", "TERMINAL", "Game", "Outcome"]

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")

JSON = Any


class Outcome(NamedTuple):
    """How a finished game ended.

    :param scores: each seat's points in the game's own terms (for Take 5,
        bullheads: fewer is better).
    :param winners: the seats that won; several when the win is shared.
    """

    scores: tuple[float, ...]
    winners: frozenset[int]


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # compiled: a Python class (see setup.py)
class Game(ABC, Generic[S, M, V]):
    """An engine for one game. Subclasses set the class attributes and the abstract methods."""

    #: The game's executable specification (consulted off the hot path only).
    spec: GameSpec[V, S, M]
    #: The NamedTuple type of states (used for serialisation).
    state_type: type[S]

    def __init__(self) -> None:
        # One-entry cache filled by legal_moves (see __init_subclass__): the
        # state it was made for (compared by identity; states are immutable
        # and the cache holds a reference), its moves, their frozenset (built
        # on the second membership test) and whether one test was made, so apply(state, m, check=True)
        # right after legal_moves(state) neither generates the moves twice nor
        # scans them.
        self._cache: tuple[object, tuple[M, ...], frozenset[M] | None, bool] = (None, (), None, False)
        # The last variant and flags :meth:`_defaults_but` was asked about, and its answer.
        self._flags_memo: tuple[object, object, bool] = (None, None, False)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        raw = cls.__dict__.get("legal_moves")
        if (raw is None or getattr(raw, "_fills_cache", False) or cls.__dict__.get("_legal_moves_fills_cache", False)
                or getattr(raw, "__isabstractmethod__", False)):
            return
        if "is_legal_move" not in cls.__dict__:
            # A direct legality check written for another move generator does
            # not apply to this one: fall back to the generic check.
            setattr(cls, "is_legal_move", Game.is_legal_move)

        setattr(cls, "legal_moves", filling_the_cache(raw))

    def _defaults_but(self, variant: V, flags: frozenset[str]) -> bool:
        """Whether every flag of ``variant`` but ``flags`` is at its default (a fast path that knows
        ``flags`` may play it). The answer for the last variant and flags asked about is remembered
        (variants are frozen): a playout asks once per call.

        >>> from ruleproof.model.registry import game_for
        >>> game = game_for("take5")
        >>> v = game.variant_type(threshold=30)
        >>> game._defaults_but(v, frozenset({"threshold"})), game._defaults_but(v, frozenset())
        (True, False)
        """
        memo = self._flags_memo
        if memo[0] is variant and memo[1] is flags:
            return memo[2]
        default = type(variant)()
        answer = all(f in flags or getattr(variant, f) == getattr(default, f)
                     for f in variant.__dataclass_fields__)  # type: ignore[attr-defined]
        self._flags_memo = (variant, flags, answer)
        return answer

    # -- metadata -------------------------------------------------------

    @property
    def name(self) -> str:
        """The game's short id."""
        return self.spec.name

    @property
    def variant_type(self) -> type[V]:
        """The frozen dataclass of the game's variant flags."""
        return self.spec.variant_type

    def default_variant(self) -> V:
        """The variant with every flag at its default."""
        return self.spec.variant_type()

    # -- the interface ----------------------------------------------------

    @abstractmethod
    def initial_state(self, players: int, variant: V) -> S:
        """The state before any chance move; raise ``PlayerCountError`` for a bad count."""

    def new_game(self, players: int, variant: V | None = None, seed: int | None = None) -> S:
        """A new game. With ``seed`` the opening chance moves (the deal) are made
        with ``random.Random(seed)`` up to the first decision of a player."""
        state = self.initial_state(players, self.default_variant() if variant is None else variant)
        if seed is None:
            return state
        rng = random.Random(seed)
        while self.current_player(state) == CHANCE:
            state = self.apply(state, self.sample_chance(state, rng), check=False)
        return state

    @abstractmethod
    def current_player(self, state: S) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_moves(self, state: S) -> tuple[M, ...]:
        """The moves of whoever acts, sorted and without duplicates (chance: its outcomes)."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> tuple[tuple[M, float], ...]:
        """Chance's moves with their probabilities (summing to 1); empty unless chance acts."""

    def sample_chance(self, state: S, rng: random.Random) -> M:
        """Draw one chance outcome with its probability."""
        outcomes = self.chance_outcomes(state)
        moves = [m for m, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(moves, weights)[0]

    @abstractmethod
    def apply_unchecked(self, state: S, move: M) -> S:
        """The state after ``move``, which the caller guarantees to be legal."""

    def apply(self, state: S, move: M, *, check: bool = True) -> S:
        """The state after ``move``.

        :raises IllegalMoveError: when ``check`` is set and the move is not
            legal; the error names every rule the move breaks.
        """
        if check and not self.is_legal_move(state, move):
            raise self.illegal_move_error(state, move)
        return self.apply_unchecked(state, move)

    def is_legal_move(self, state: S, move: M) -> bool:
        """Whether ``move`` is legal for whoever acts in ``state`` (chance: a possible outcome).

        The default looks the move up in a frozenset of :meth:`legal_moves`,
        cached for the last state asked about; engines override it with a
        direct check of the one move where that is cheaper. Either way it
        must agree with ``move in legal_moves(state)``.
        """
        cached = self._cache
        if cached[0] is not state:
            self.legal_moves(state)
            cached = self._cache
            if cached[0] is not state:  # a subclass that bypasses the cache
                return move in self.legal_moves(state)
        members = cached[2]
        if members is None:
            # The first question about this state is a scan (most states are
            # asked about once, as in validation); the second builds the set.
            if not cached[3]:
                self._cache = (state, cached[1], None, True)
                return move in cached[1]
            members = frozenset(cached[1])
            self._cache = (state, cached[1], members, True)
        return move in members

    def illegal_move_error(self, state: S, move: M, actor: int | None = None) -> IllegalMoveError:
        """An error naming the rules ``move`` breaks, from the specification."""
        who = self.current_player(state) if actor is None else actor
        report = self.spec.check_move(self.variant_of(state), state, who, move)
        if report.ok:
            return IllegalMoveError(f"{move} is not legal here (the engine rejects it; the spec finds no rule broken)")
        return IllegalMoveError(f"{move} is illegal: {report}", report.rule_ids)

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        return self.current_player(state) == TERMINAL

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """Scores and winners of a finished game (or the standings so far)."""

    def returns(self, state: S) -> tuple[float, ...]:
        """Utility per seat: a win is worth 1, shared equally among tied winners."""
        result = self.outcome(state)
        players = len(result.scores)
        if not self.is_terminal(state):
            return (0.0,) * players
        share = 1.0 / len(result.winners)
        return tuple(share if s in result.winners else 0.0 for s in range(players))

    def return_bounds(self, players: int, variant: V) -> tuple[float, float]:
        """The least and greatest value :meth:`returns` can give."""
        return (0.0, 1.0)

    def test_configs(self) -> tuple[tuple[int, V], ...]:
        """Player counts and variants that the generic checks exercise.

        Subclasses add every flag that changes behaviour.
        """
        low, high = self.spec.min_players, self.spec.max_players
        variant = self.default_variant()
        return tuple((n, variant) for n in sorted({low, min(low + 1, high), high}))

    @abstractmethod
    def max_game_length(self, players: int, variant: V) -> int:
        """An upper bound on the number of moves (chance moves included) of any game."""

    @abstractmethod
    def observation(self, state: S, seat: int) -> dict[str, JSON]:
        """What ``seat`` may know of ``state``, as JSON-ready data."""

    @abstractmethod
    def components(self, state: S) -> Iterable[tuple[str, str]]:
        """Every physical component with its location, as ``(component, place)``."""

    @abstractmethod
    def all_components(self, players: int, variant: V) -> Counter[str]:
        """The multiset of components the game is played with."""

    @abstractmethod
    def players_of(self, state: S) -> int:
        """The number of seats."""

    @abstractmethod
    def variant_of(self, state: S) -> V:
        """The variant a state is played under."""

    def render_text(self, state: S) -> str:
        """A human-readable picture of the state (subclasses draw more)."""
        return repr(state)

    # -- text forms and serialisation ------------------------------------

    def parse_move(self, text: str) -> M:
        """A move from its text form; ``parse_move(str(m)) == m``."""
        return self.spec.parse_move(text)

    def serialize(self, state: S) -> JSON:
        """The state as JSON-ready data."""
        return codec.encode(state)

    def deserialize(self, data: JSON) -> S:
        """A state from :meth:`serialize`'s output."""
        result: S = codec.decode(self.state_type, data)
        return result

    def replay(self, players: int, variant: V, moves: Sequence[M]) -> S:
        """The state after playing ``moves`` (checked) from a new game."""
        state = self.initial_state(players, variant)
        for move in moves:
            state = self.apply(state, move)
        return state

    def random_move(self, state: S, rng: random.Random, actor: int | None = None) -> M:
        """A chance outcome drawn with its probability, or a uniformly random legal move.

        ``actor`` may be passed when the caller already knows who acts.
        """
        if (self.current_player(state) if actor is None else actor) == CHANCE:
            return self.sample_chance(state, rng)
        moves = self.legal_moves(state)
        return moves[rng.randrange(len(moves))]

    def random_playout(self, state: S, rng: random.Random, trace: MutableSequence[M] | None = None) -> tuple[S, int]:
        """Play uniformly random moves (chance by its probabilities) to the end.

        Engines override it with a fast path that draws the same distribution
        (``tests/model/test_fast_playouts.py``); it may consume ``rng``
        differently from this one, but the same engine, state and generator
        always give the same game, with or without ``trace``.

        :param trace: when given, every move made is appended to it, in order.
        :returns: the final state and the number of moves made.
        """
        steps = 0
        while True:
            actor = self.current_player(state)
            if actor == TERMINAL:
                return state, steps
            move = self.random_move(state, rng, actor)
            if trace is not None:
                trace.append(move)
            state = self.apply_unchecked(state, move)
            steps += 1


def _unsubscripted(cls: type, params: object) -> type:
    return cls


if "__class_getitem__" not in dir(Game):
    # The compiled build (setup.py): mypyc leaves Generic out of the class's bases, so ``Game[S, M, V]`` (type
    # aliases, classes derived at run time) would fail; it names the class itself there, as it does for mypy.
    setattr(Game, "__class_getitem__", classmethod(_unsubscripted))
