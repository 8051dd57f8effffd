"""What a policy is, what it sees, and the seats it plays.

A :class:`Policy` chooses a move from a :class:`SeatView`: the acting seat's
observation (:meth:`ruleproof.model.core.Game.observation`), its legal moves,
the rules it plays under (the variant and the engine, which every player
knows), a key naming this decision, and :meth:`SeatView.sample`: full
positions drawn to agree with everything the seat observes
(:mod:`~ruleproof.checkers.policies.hidden`). The true position is held by the
view for that sampling only; a policy never reads it (the built-in ones are
tested for it: scrambling what the seat cannot see leaves their choice unchanged).

Randomness comes from the decision's key only (:meth:`SeatView.pick`,
:meth:`SeatView.rng`), so a policy's choice is a function of (what the seat
sees, the key): two runs of a paired comparison that reach the same position
with the same key choose alike, and a game replays from its seed.

>>> from ruleproof.model.registry import game_for
>>> game = game_for("take5")
>>> state = game.new_game(players=3, seed=1)
>>> view = SeatView(game, state, 0, b"demo|0|0")
>>> view.seat, len(view.legal), sorted(view.observation)[:3]
(0, 10, ['chosen', 'current_player', 'deck_size'])
>>> RandomPolicy().choose(view) == RandomPolicy().choose(view)
True
>>> Seats.of([RandomPolicy()]).describe()
'random'
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ruleproof.checkers.policies.draws import pick_minhash
from ruleproof.checkers.policies.errors import PolicyError
from ruleproof.checkers.policies.hidden import determinize
from ruleproof.model.core import Game

__all__ = ["Policy", "PolicyError", "RandomPolicy", "SeatView", "Seats"]

JSON = Any


class SeatView:
    """One seat's view of a position, at one decision.

    :param engine: the engine of the reading played (the rules every player knows).
    :param key: the decision's key: ``run|seat|n`` (:class:`~ruleproof.checkers.policies.draws.Draws`).
    """

    __slots__ = ("_legal", "_observation", "_state", "engine", "key", "seat")

    def __init__(self, engine: Game[Any, Any, Any], state: Any, seat: int, key: bytes) -> None:
        self.engine = engine
        self.seat = seat
        self.key = key
        self._state = state
        self._observation: dict[str, JSON] | None = None
        self._legal: tuple[Any, ...] | None = None

    @property
    def variant(self) -> Any:
        """The rules played under (public)."""
        return self.engine.variant_of(self._state)

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.engine.players_of(self._state)

    @property
    def observation(self) -> dict[str, JSON]:
        """What the seat may know of the position (the engine's observation)."""
        if self._observation is None:
            self._observation = self.engine.observation(self._state, self.seat)
        return self._observation

    @property
    def legal(self) -> tuple[Any, ...]:
        """The seat's legal moves, sorted."""
        if self._legal is None:
            self._legal = self.engine.legal_moves(self._state)
        return self._legal

    def pick(self, moves: Sequence[Any]) -> Any:
        """One of ``moves``, uniformly at random under this decision's key (min-hash: coupled across runs)."""
        return pick_minhash(moves, self.key)

    def rng(self, salt: str = "") -> random.Random:
        """A generator seeded by this decision's key (and ``salt``): the same every time it is asked for."""
        return random.Random(self.key + salt.encode())

    def sample(self, rng: random.Random) -> Any:
        """A full position that agrees with everything this seat observes, its hidden parts drawn with ``rng``.

        :raises PolicyError: the game has no sampler of hidden information (a plugin game).
        """
        return determinize(self.engine, self._state, self.seat, rng)


class Policy(ABC):
    """A way of choosing moves. Subclasses set :attr:`name` and implement :meth:`choose`.

    A policy must be a pure function of the view (it may keep caches, not
    memories of earlier decisions) and must be picklable (worker processes
    and campaign workers get a copy).
    """

    #: The policy's name in reports and on the command line.
    name: ClassVar[str] = "policy"

    @abstractmethod
    def choose(self, view: SeatView) -> Any:
        """One of ``view.legal``."""

    def parameters(self) -> dict[str, JSON]:
        """The settings that change its play (a search budget, a constant), as JSON."""
        return {}

    def describe(self) -> str:
        """``name`` or ``name:key=value,…`` (the text the command line takes back)."""
        params = self.parameters()
        if not params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in params.items())

    def identity(self) -> dict[str, JSON]:
        """What a report records about the policy."""
        return {"name": self.name, "parameters": self.parameters(), "text": self.describe()}

    def supports(self, engine: Game[Any, Any, Any]) -> str | None:
        """Why this policy cannot play ``engine``'s game (``None``: it can)."""
        return None


class RandomPolicy(Policy):
    """A uniformly random legal move (min-hash under the decision's key)."""

    name = "random"

    def choose(self, view: SeatView) -> Any:
        return view.pick(view.legal)


@dataclass(frozen=True)
class Seats:
    """The policy of every seat: ``policies[i]`` plays seat ``i``; the last one plays every seat after it."""

    policies: tuple[Policy, ...]

    @classmethod
    def of(cls, policies: Sequence[Policy]) -> Seats:
        """Seats from one or more policies (at least one)."""
        if not policies:
            raise PolicyError("give at least one policy")
        return cls(tuple(policies))

    def __getitem__(self, seat: int) -> Policy:
        return self.policies[min(seat, len(self.policies) - 1)]

    @property
    def all_random(self) -> bool:
        """Whether every seat plays uniformly at random (the fast paths apply)."""
        return all(type(p) is RandomPolicy for p in self.policies)

    def describe(self) -> str:
        """``random``, or the policies seat by seat joined by ``+`` (the last repeats)."""
        texts = [p.describe() for p in self.policies]
        while len(texts) > 1 and texts[-1] == texts[-2]:
            texts.pop()
        return "+".join(texts)

    def identity(self) -> dict[str, JSON]:
        """What a report records: the text and every seat's policy."""
        return {"text": self.describe(), "seats": [p.identity() for p in self.policies]}

    def check(self, engine: Game[Any, Any, Any]) -> None:
        """Refuse a policy that cannot play ``engine``'s game.

        :raises PolicyError: naming the policy and why.
        """
        for policy in self.policies:
            why = policy.supports(engine)
            if why:
                raise PolicyError(f"policy {policy.describe()!r} cannot play {engine.name}: {why}")
