"""OpenSpiel adapter: every ruleproof game as a ``pyspiel`` Python game (the game and state wrappers).

Importing this module registers one OpenSpiel game per available ruleproof
game, named ``ruleproof_<id>`` (``ruleproof_take5``, ``ruleproof_bigpoints``,
...). It is the only module that imports ``pyspiel`` (the ``openspiel`` extra).

**Parameters.** A game takes ``players`` and one parameter per flag of the
game's variant dataclass, with the flag's own name and default, so a variant
is chosen exactly as on the command line::

    pyspiel.load_game("ruleproof_take5", {"players": 3, "end_rule": "gt", "threshold": 30})
    pyspiel.load_game("ruleproof_take5(players=3,end_rule=gt,threshold=30)")

Values that OpenSpiel's game strings cannot carry are spelled with words:
``>=`` is ``ge`` and ``>`` is ``gt`` (both spellings are accepted), and a
tuple flag is a ``/``-separated string (``handicap=5/10/15``; one value
keeps a trailing ``/``). The game type (its long name, player range, which
observations it provides) and the game info (number of distinct actions,
chance outcomes, utility range, maximum length) are derived from the player
count and the variant when the game is loaded.

**Actions.** Each game has an *action codec*: player moves and chance
outcomes each map to integers ``0 .. N-1`` through a table of every move the
game can ever make under that variant (:class:`TableCodec`), except Big
Five's plays, whose space is unbounded in absolute cells; they are numbered
relative to the cards already on the table (:class:`BigFiveCodec`). Legal
actions are the engine's legal moves, encoded and sorted; an action's string
is the move's text form (``play 23``, ``deal 7``...).

**Observations.** The observation string of a seat is the engine's
:meth:`~ruleproof.model.core.Game.observation` as compact JSON. The
information state string is perfect recall: the first observation, then one
line per move: ``you <move>`` for the seat's own moves, ``seat N`` or
``chance`` for the others, followed by the observation fields that the move
changed. Observation tensors (where the observation has a fixed size) are
built from the same observation, so they never show more than the string.
Factored observations (public information only, or private only) split the
observation into the fields of the observing seat and the rest.

**Serialisation** is history-based: OpenSpiel stores the action history, and
the Python side of a state pickles as its action list, replayed on load.

>>> import pyspiel
>>> game = pyspiel.load_game("ruleproof_take5", {"players": 3, "deck": "tactical"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 42, 34)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.action_to_string(pyspiel.PlayerId.CHANCE, 6)
(True, 'deal 7')
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel

from ruleproof.checkers.interop.codecs import (
    ActionCodec,
    BigFiveCodec,
    TableCodec,
    _bigpoints_codec,
    _cinco_codec,
    _ikebana_codec,
    _take5_codec,
)
from ruleproof.checkers.interop.params import (
    PREFIX,
    AdapterError,
    Move,
    State,
    Variant,
    _spec_of,
    default_players,
    game_name,
    parameter_specification,
    parameters_for,
    players_and_variant,
)
from ruleproof.checkers.interop.tensors import (
    TensorLayout,
    _bigpoints_tensor,
    _cinco_tensor,
    _ikebana_tensor,
    _take5_tensor,
)
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.errors import VariantError

__all__ = [
    "MAX_LENGTH",
    "PREFIX",
    "ActionCodec",
    "AdapterError",
    "BigFiveCodec",
    "RuleproofGame",
    "RuleproofObserver",
    "RuleproofState",
    "TableCodec",
    "codec_for",
    "default_players",
    "game_name",
    "load",
    "parameter_specification",
    "parameters_for",
    "players_and_variant",
    "random_game",
    "register",
]


# --------------------------------------------------------------------------
# Per-game adapter data


@dataclasses.dataclass(frozen=True)
class _Adapter:
    """How a game is adapted: its action codec, its observation tensor, and the
    fields of its observation that belong to the observing seat alone (the
    rest is public: the same for every seat)."""

    codec: Callable[[int, Variant], ActionCodec]
    tensor: Callable[[int, Variant], TensorLayout] | None
    private: frozenset[str]


_BIGFIVE_CODEC: list[BigFiveCodec] = []


def _bigfive_codec(players: int, variant: Variant) -> ActionCodec:
    if not _BIGFIVE_CODEC:
        _BIGFIVE_CODEC.append(BigFiveCodec())
    return _BIGFIVE_CODEC[0]


_ADAPTERS: dict[str, _Adapter] = {
    "take5": _Adapter(_take5_codec, _take5_tensor, frozenset({"seat", "hand", "chosen"})),
    "bigpoints": _Adapter(_bigpoints_codec, _bigpoints_tensor, frozenset({"seat", "hand"})),
    "ikebana": _Adapter(_ikebana_codec, _ikebana_tensor, frozenset({"seat", "hand", "drawn"})),
    "cinco": _Adapter(_cinco_codec, _cinco_tensor, frozenset({"seat", "colour", "hand", "discards"})),
    "bigfive": _Adapter(_bigfive_codec, None, frozenset({"seat", "hand"})),
}

#: The observation views: the seat's whole observation, its public part, its private part.
FULL, PUBLIC, PRIVATE = "full", "public", "private"


def codec_for(game_id: str, players: int, variant: Variant | None = None) -> ActionCodec:
    """The action codec of a game for a player count and variant.

    >>> codec_for("bigpoints", 2).num_distinct_actions
    15
    """
    if game_id not in _ADAPTERS:
        raise AdapterError(f"no OpenSpiel adapter for {game_id!r}; adapted: {', '.join(_ADAPTERS)}")
    engine = _spec_of(game_id)
    return _ADAPTERS[game_id].codec(players, engine.default_variant() if variant is None else variant)


# --------------------------------------------------------------------------
# History nodes: immutable, shared between clones


class _Node:
    """One position of a history: the engine state, how it was reached, and caches."""

    __slots__ = (
        "context", "state", "parent", "actor", "action", "move", "depth", "extra", "_legal", "_chance", "_obs", "_entries",
    )

    def __init__(
        self, context: _Context, state: State, parent: _Node | None, actor: int, action: int, move: Move, extra: object
    ) -> None:
        self.context = context
        self.state = state
        self.parent = parent
        self.actor = actor
        self.action = action
        self.move = move
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.extra = extra
        self._legal: dict[int, Move] | None = None
        self._chance: list[tuple[int, Move, float]] | None = None
        self._obs: dict[tuple[str, int], dict[str, Any]] = {}
        self._entries: dict[tuple[str, int], str] = {}

    def __deepcopy__(self, memo: object) -> _Node:
        return self  # immutable as far as anyone can tell: clones share it

    def __reduce__(self) -> tuple[Any, ...]:
        # History-based serialisation: the actions from the start, replayed on load.
        return (_rebuild_node, (self.context, tuple(a for _, a in self.actions())))

    def actions(self) -> list[tuple[int, int]]:
        """``(actor, action)`` from the initial state to this one."""
        items: list[tuple[int, int]] = []
        node: _Node | None = self
        while node is not None and node.parent is not None:
            items.append((node.actor, node.action))
            node = node.parent
        items.reverse()
        return items


class _Context:
    """Everything a loaded game needs: engine, player count, variant, codec, tensor layout."""

    def __init__(self, game_id: str, params: tuple[tuple[str, Any], ...]) -> None:
        self.game_id = game_id
        self.key = params
        self.players, self.variant = players_and_variant(game_id, dict(params))
        self.engine = game_for(game_id)
        self.params = parameters_for(game_id, self.players, self.variant)
        adapter = _ADAPTERS[game_id]
        self.codec = adapter.codec(self.players, self.variant)
        self.tensor = adapter.tensor(self.players, self.variant) if adapter.tensor else None
        self.private = adapter.private
        initial = self.engine.initial_state(self.players, self.variant)
        self.root = _Node(self, initial, None, 0, -1, None, self.codec.root_extra(initial))

    def __deepcopy__(self, memo: object) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_context, (self.game_id, self.key))

    # -- moves ----------------------------------------------------------------

    def legal(self, node: _Node) -> dict[int, Move]:
        """Legal action -> move, sorted by action."""
        if node._legal is None:
            engine, state = self.engine, node.state
            actor = engine.current_player(state)
            if actor == TERMINAL:
                node._legal = {}
            elif actor == CHANCE:
                node._legal = {a: m for a, m, _ in self.chance(node)}
            else:
                encode = self.codec.encode
                pairs = [(encode(m, state, node.extra, False), m) for m in engine.legal_moves(state)]
                node._legal = dict(sorted(pairs, key=lambda p: p[0]))
                if len(node._legal) != len(pairs):
                    raise AdapterError(f"two legal moves share an action in {self.game_id}")
        return node._legal

    def chance(self, node: _Node) -> list[tuple[int, Move, float]]:
        """Chance's ``(action, move, probability)``, sorted by action (empty unless chance acts)."""
        if node._chance is None:
            encode, state = self.codec.encode, node.state
            outcomes = self.engine.chance_outcomes(state)
            node._chance = sorted(((encode(m, state, node.extra, True), m, p) for m, p in outcomes), key=lambda t: t[0])
            if len({a for a, _, _ in node._chance}) != len(node._chance):
                raise AdapterError(f"two chance outcomes share an action in {self.game_id}")
        return node._chance

    def child(self, node: _Node, action: int) -> _Node:
        """The node after ``action``; raises :class:`AdapterError` for an illegal one."""
        legal = self.legal(node)
        move = legal.get(action)
        if move is None:
            actor = self.engine.current_player(node.state)
            raise AdapterError(
                f"action {action} is not legal in {game_name(self.game_id)} at move {node.depth} "
                f"(actor {actor}; legal: {', '.join(str(a) for a in list(legal)[:20])}{'...' if len(legal) > 20 else ''})"
            )
        actor = self.engine.current_player(node.state)
        after = self.engine.apply_unchecked(node.state, move)
        extra = self.codec.next_extra(node.extra, node.state, move, after)
        return _Node(self, after, node, actor, action, move, extra)

    def replay(self, actions: Iterable[int]) -> _Node:
        """The node after playing ``actions`` (chance outcomes included) from the start."""
        node = self.root
        for action in actions:
            node = self.child(node, action)
        return node

    # -- observations -----------------------------------------------------------

    def observation(self, node: _Node, seat: int, view: str = FULL) -> dict[str, Any]:
        """``seat``'s observation (:data:`FULL`), or only its public or private fields."""
        key = (view, seat)
        obs = node._obs.get(key)
        if obs is None:
            if view == FULL:
                obs = self.engine.observation(node.state, seat)
            else:
                full = self.observation(node, seat)
                private = self.private
                obs = {k: v for k, v in full.items() if (k in private) == (view == PRIVATE)}
            node._obs[key] = obs
        return obs

    def observation_string(self, node: _Node, seat: int, view: str = FULL) -> str:
        """The observation as compact JSON."""
        return json.dumps(self.observation(node, seat, view), separators=(",", ":"))

    def _entry(self, node: _Node, seat: int, view: str) -> str:
        key = (view, seat)
        entry = node._entries.get(key)
        if entry is None:
            assert node.parent is not None
            before, after = self.observation(node.parent, seat, view), self.observation(node, seat, view)
            changed = {k: v for k, v in after.items() if before.get(k, _MISSING) != v}
            changed.update({k: None for k in before if k not in after})
            if node.actor == seat and view != PUBLIC:
                who = f"you {node.move}"
            elif node.actor == CHANCE:
                who = "chance"
            else:
                who = f"seat {node.actor}"
            entry = f"{who} {json.dumps(changed, separators=(',', ':'))}"
            node._entries[key] = entry
        return entry

    def information_state_string(self, node: _Node, seat: int, view: str = FULL) -> str:
        """Perfect recall: the first observation, then per move who made it (the
        seat's own moves in full) and the observation fields it changed."""
        lines: list[str] = []
        walk: _Node | None = node
        while walk is not None and walk.parent is not None:
            lines.append(self._entry(walk, seat, view))
            walk = walk.parent
        head = f"{game_name(self.game_id)} seat {seat}" if view != PUBLIC else game_name(self.game_id)
        lines.append(f"{head} start {self.observation_string(self.root, seat, view)}")
        lines.reverse()
        return "\n".join(lines)

    # -- metadata -----------------------------------------------------------------

    def game_type(self) -> Any:
        spec = self.engine.spec
        flags = ", ".join(f"{k}={v}" for k, v in self.params.items() if k != "players")
        return pyspiel.GameType(
            short_name=game_name(self.game_id),
            long_name=f"ruleproof {spec.title} ({self.players} players; {flags})",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=self._utility(),
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=self.tensor is not None,
            provides_factored_observation_string=True,
            parameter_specification=parameter_specification(self.game_id),
        )

    def _utility(self) -> Any:
        # A win is worth 1, shared equally among tied winners: the returns sum to 1
        # (a solitaire game has no one to share with: general sum).
        if self.players > 1:
            return pyspiel.GameType.Utility.CONSTANT_SUM
        return pyspiel.GameType.Utility.GENERAL_SUM

    def game_info(self) -> Any:
        low, high = self.engine.return_bounds(self.players, self.variant)
        constant = self.players > 1
        return pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_distinct_actions,
            max_chance_outcomes=self.codec.max_chance_outcomes,
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=1.0 if constant else None,
            max_game_length=min(self.engine.max_game_length(self.players, self.variant), MAX_LENGTH),
        )


_MISSING = object()
#: OpenSpiel's game lengths are C ints: an engine without a finite bound (Cinco,
#: where drawing and exchanging may go on forever) declares this one.
MAX_LENGTH = 2**31 - 1


@functools.cache
def _context(game_id: str, params: tuple[tuple[str, Any], ...]) -> _Context:
    return _Context(game_id, params)


def _context_for(game_id: str, params: Mapping[str, object]) -> _Context:
    try:
        players, variant = players_and_variant(game_id, params)
    except VariantError as exc:
        raise AdapterError(f"{game_name(game_id)}: {exc}") from None
    canonical = parameters_for(game_id, players, variant)
    return _context(game_id, tuple(sorted(canonical.items())))


def _rebuild_node(context: _Context, actions: tuple[int, ...]) -> _Node:
    return context.replay(actions)


# --------------------------------------------------------------------------
# The pyspiel classes


class RuleproofGame(pyspiel.Game):  # type: ignore[misc]
    """A ruleproof game as an OpenSpiel game; one subclass per game sets :attr:`game_id`."""

    game_id: ClassVar[str] = ""

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        context = _context_for(self.game_id, dict(params or {}))
        super().__init__(context.game_type(), context.game_info(), dict(context.params))
        self.context = context

    def new_initial_state(self, *args: object) -> RuleproofState:
        """The state before the first chance move."""
        return RuleproofState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None) -> RuleproofObserver:
        """Observation (default) and information-state (``perfect_recall``) observers."""
        return RuleproofObserver(self.context, iig_obs_type, params)


class RuleproofState(pyspiel.State):  # type: ignore[misc]
    """A position of a ruleproof game; its Python side is a shared, immutable history node."""

    def __init__(self, game: RuleproofGame) -> None:
        super().__init__(game)
        self._context: _Context = game.context
        self._node: _Node = game.context.root

    @property
    def engine_state(self) -> State:
        """The ruleproof engine's state."""
        return self._node.state

    def current_player(self) -> int:
        actor = self._context.engine.current_player(self._node.state)
        if actor == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if actor == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(actor)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._context.legal(self._node))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, p) for a, _, p in self._context.chance(self._node)]

    def _apply_action(self, action: int) -> None:
        self._node = self._context.child(self._node, action)

    def _action_to_string(self, player: int, action: int) -> str:
        node = self._node
        chance = player == pyspiel.PlayerId.CHANCE
        move = self._context.legal(node).get(action) if chance == self.is_chance_node() else None
        if move is None:
            try:
                move = self._context.codec.decode(action, node.state, node.extra, chance)
            except (KeyError, IndexError, ValueError):
                return f"action {action}"
        return str(move)

    def is_terminal(self) -> bool:
        return bool(self._context.engine.is_terminal(self._node.state))

    def returns(self) -> list[float]:
        return [float(r) for r in self._context.engine.returns(self._node.state)]

    def __str__(self) -> str:
        return str(self._context.engine.render_text(self._node.state))

    def move_of(self, action: int) -> Move:
        """The ruleproof move that ``action`` stands for here.

        :raises KeyError: when no move has that number in this state.
        """
        node = self._node
        legal = self._context.legal(node)
        if action in legal:
            return legal[action]
        return self._context.codec.decode(action, node.state, node.extra, self.is_chance_node())

    def action_of(self, move: Move) -> int:
        """The action that plays ``move`` (a move object or its text form) here."""
        node = self._node
        if isinstance(move, str):
            move = self._context.engine.parse_move(move)
        return self._context.codec.encode(move, node.state, node.extra, self.is_chance_node())


class RuleproofObserver:
    """The PyObserver of a ruleproof game: strings, and the tensor where the game has one.

    The observation type picks the view: public and private information of
    one seat (the default observation, and with ``perfect_recall`` the
    information state), public information only, or private only. Only the
    default observation has a tensor.
    """

    def __init__(self, context: _Context, iig_obs_type: Any, params: Mapping[str, object] | None) -> None:
        if params:
            raise AdapterError(f"observation parameters are not supported; got {dict(params)!r}")
        self.context = context
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.view = FULL
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise AdapterError("ruleproof games observe as one seat: private_info=ALL_PLAYERS is not supported")
            single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
            if iig_obs_type.public_info:
                self.view = FULL if single else PUBLIC
            else:
                self.view = PRIVATE if single else ""
        layout = context.tensor if self.view == FULL and not self.perfect_recall else None
        self.dict: dict[str, np.ndarray] = {}
        if layout is None:
            self.tensor: np.ndarray | None = None
            return
        size = sum(int(np.prod(shape)) for _, shape in layout.pieces)
        self.tensor = np.zeros(size, np.float32)
        index = 0
        for name, shape in layout.pieces:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + count].reshape(shape)
            index += count

    def set_from(self, state: RuleproofState, player: int) -> None:
        """Fill :attr:`tensor` (and its named views in :attr:`dict`) from ``player``'s observation."""
        layout = self.context.tensor
        if self.tensor is None or layout is None:
            return
        self.tensor.fill(0)
        layout.fill(self.context.observation(state._node, player), self.dict)

    def string_from(self, state: RuleproofState, player: int) -> str:
        """The observation string, or the information-state string with ``perfect_recall``."""
        if not self.view:
            return ""
        if self.perfect_recall:
            return self.context.information_state_string(state._node, player, self.view)
        return self.context.observation_string(state._node, player, self.view)


# --------------------------------------------------------------------------
# Registration and loading


def register(game_ids: Iterable[str] | None = None) -> tuple[str, ...]:
    """Register the games with OpenSpiel (idempotent); returns their short names.

    Done for every available game when this module is imported.
    """
    registered = set(pyspiel.registered_names())
    names = []
    for game_id in available_games() if game_ids is None else game_ids:
        if game_id not in _ADAPTERS:
            continue
        name = game_name(game_id)
        names.append(name)
        if name in registered:
            continue
        cls = type(f"{game_id.capitalize()}OpenSpielGame", (RuleproofGame,), {"game_id": game_id, "__module__": __name__})
        globals()[cls.__name__] = cls
        engine = game_for(game_id)
        spec = engine.spec
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"ruleproof {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=_ADAPTERS[game_id].tensor is not None,
            provides_factored_observation_string=True,
            parameter_specification=parameter_specification(game_id),
        )
        pyspiel.register_game(game_type, cls)
    return tuple(names)


def load(game_id: str, players: int | None = None, variant: Variant | None = None) -> Any:
    """The OpenSpiel game of ``game_id`` for a player count and a variant.

    >>> load("bigpoints", 3).num_players()
    3
    """
    register([game_id])
    params = parameters_for(game_id, default_players(game_id) if players is None else players, variant)
    return pyspiel.load_game(game_name(game_id), params)


def random_game(game: Any, rng: random.Random) -> Any:
    """Play ``game`` to the end with uniformly random actions (chance by its probabilities)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


register()

