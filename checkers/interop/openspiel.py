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

A ``reading`` parameter names a reading file, loaded as ``--reading FILE``
is (:func:`~ruleproof.checkers.interop.params.players_and_reading`): its
extra rules or derived engine make the engine wrapped here. Parameter errors,
a bad reading file included, are :class:`GameParameterError`, a
``pyspiel.SpielError`` naming the file and key at fault.

**Actions.** Each game has an *action codec*: player moves and chance
outcomes each map to integers ``0 .. N-1`` through a table of every move the
game can ever make under that variant (:class:`TableCodec`), except Big
Five's plays, whose space is unbounded in absolute cells; they are numbered
relative to the cards already on the table (:class:`BigFiveCodec`). Legal
actions are the engine's legal moves, encoded and sorted; an action's string
is the move's text form (``play 23``, ``deal 7``...). Everything is
computed on demand and once per history node: who acts, the legal actions
(encoded together, :meth:`ActionCodec.encode_all`), and chance's outcome
list, which is made only when ``chance_outcomes`` is called; applying an
action without a list decodes it and asks the engine about that one move,
and ``sample_chance_action`` draws through the engine without a list. A
node that nothing but its child reaches any more gives up its engine state
after the move (its observations replay it when asked), so random play does
not keep a whole game of states alive.

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

import bisect
import functools
import json
import random
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pyspiel
from ruleproof.checkers.interop.adapters import (
    _ADAPTERS,
    FULL,
    PRIVATE,
    PUBLIC,
    codec_for,
)
from ruleproof.checkers.interop.codecs import ActionCodec, BigFiveCodec, TableCodec
from ruleproof.checkers.interop.history import _UNSHARED, _Node, _release
from ruleproof.checkers.interop.params import (
    PREFIX,
    READING,
    AdapterError,
    Move,
    State,
    Variant,
    default_players,
    game_name,
    parameter_specification,
    parameters_for,
    players_and_reading,
    players_and_variant,
)
from ruleproof.model.core import CHANCE, TERMINAL
from ruleproof.model.io.readings import ReadingError
from ruleproof.model.registry import available_games, game_for
from ruleproof.spec.errors import VariantError

__all__ = [
    "MAX_LENGTH",
    "PREFIX",
    "ActionCodec",
    "AdapterError",
    "BigFiveCodec",
    "GameParameterError",
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
    "players_and_reading",
    "players_and_variant",
    "random_game",
    "register",
]


class _Context:
    """Everything a loaded game needs: the reading and its engine, player count, variant, codec, tensor layout."""

    def __init__(self, game_id: str, params: tuple[tuple[str, Any], ...]) -> None:
        self.game_id = game_id
        self.key = params
        given = dict(params)
        self.players, self.reading = players_and_reading(game_id, given)
        self.variant = self.reading.variant
        # The reading's engine: the built-in one, a plugin's derived GAME, restricted by its extra RULES.
        self.engine = self.reading.engine
        self.params = parameters_for(game_id, self.players, self.variant, str(given.get(READING, "")))
        adapter = _ADAPTERS[game_id]
        self.codec = adapter.codec(self.players, self.variant)
        # Bound once: the hot path of child() looks nothing else up.
        self._apply = self.engine.apply_unchecked
        self._current = self.engine.current_player
        self._legal_moves = self.engine.legal_moves
        self._sample = self.engine.sample_chance
        self._encode = self.codec.encode
        self._encode_all = self.codec.encode_all
        self._one_to_one = self.codec.one_to_one
        self._next_extra = self.codec.next_extra if self.codec.tracks_extra else None
        self.tensor = adapter.tensor(self.players, self.variant) if adapter.tensor else None
        self.private = adapter.private
        initial = self.engine.initial_state(self.players, self.variant)
        self.root = _Node(self, initial, None, 0, -1, None, self.codec.root_extra(initial))

    def __deepcopy__(self, memo: object) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_context, (self.game_id, self.key))

    # -- moves ----------------------------------------------------------------

    def actor(self, node: _Node) -> int:
        """Who acts at ``node``: a seat, :data:`CHANCE` or :data:`TERMINAL` (asked of the engine once)."""
        who = node._who
        if who is None:
            who = node._who = self.engine.current_player(node.state)
        return who

    def _fill(self, node: _Node, actions: list[int], moves: tuple[Move, ...]) -> list[int] | None:
        """Store ``node``'s legal actions (sorted) and their moves (in the same order).

        :returns: ``None`` when ``actions`` was already sorted (the usual case),
            else the positions of the sorted actions in ``actions``.
        """
        order = None
        if len(actions) > 1:
            ordered = sorted(actions)
            if ordered != actions:
                order = sorted(range(len(actions)), key=actions.__getitem__)
                moves = tuple([moves[i] for i in order])
                actions = ordered
            if not self.codec.one_to_one and len(set(actions)) != len(actions):
                raise AdapterError(f"two legal moves (or chance outcomes) share an action in {self.game_id}")
        node._actions, node._moves = actions, moves
        return order

    def _listed(self, node: _Node, action: int) -> Move | None:
        """The move of ``action`` among ``node``'s listed legal actions (``None`` when not there)."""
        actions = node._actions
        assert actions is not None
        i = bisect.bisect_left(actions, action)
        return node._moves[i] if i < len(actions) and actions[i] == action else None

    def legal_actions(self, node: _Node) -> list[int]:
        """The legal actions (chance: its outcomes), sorted; encoded once per node."""
        actions = node._actions
        if actions is None:
            who = node._who
            if who is None:
                who = self.actor(node)
            if who >= 0:  # a seat (the usual case)
                state = node.state
                moves = self._legal_moves(state)
                if type(moves) is not tuple:
                    moves = tuple(moves)
                actions = self._encode_all(moves, state, node.extra, False)
                if len(actions) < 2 or (self._one_to_one and sorted(actions) == actions):
                    node._actions, node._moves = actions, moves  # the usual case of _fill, inlined
                    return actions
                self._fill(node, actions, moves)
            elif who == CHANCE:
                self.outcomes(node)
            else:
                self._fill(node, [], ())
            actions = node._actions
            assert actions is not None
        return actions

    def legal(self, node: _Node) -> dict[int, Move]:
        """Legal action -> move, sorted by action."""
        if node._legal is None:
            node._legal = dict(zip(self.legal_actions(node), node._moves))
        return node._legal

    def outcomes(self, node: _Node) -> list[tuple[int, float]]:
        """Chance's ``(action, probability)``, sorted by action (empty unless chance acts); made only when asked."""
        outcomes = node._outcomes
        if outcomes is None:
            pairs = self.engine.chance_outcomes(node.state) if self.actor(node) == CHANCE else ()
            if not pairs:
                outcomes = []
                if node._actions is None:
                    self._fill(node, [], ())
            else:
                moves, probabilities = zip(*pairs)
                order = self._fill(node, self.codec.encode_all(moves, node.state, node.extra, True), moves)
                if order is not None:
                    probabilities = tuple([probabilities[i] for i in order])
                assert node._actions is not None
                outcomes = list(zip(node._actions, probabilities))
            node._outcomes = outcomes
        return outcomes

    def chance(self, node: _Node) -> list[tuple[int, Move, float]]:
        """Chance's ``(action, move, probability)``, sorted by action (empty unless chance acts)."""
        outcomes = self.outcomes(node)
        return [(a, m, p) for (a, p), m in zip(outcomes, node._moves)]

    def sample(self, node: _Node, rng: random.Random) -> int:
        """A chance outcome drawn with its probability by the engine, without listing the others."""
        who = node._who
        if (self.actor(node) if who is None else who) != CHANCE:
            raise AdapterError(f"no chance node: {game_name(self.game_id)} at move {node.depth}")
        state = node.state
        move = self._sample(state, rng)
        action = self._encode(move, state, node.extra, True)
        node._sampled = (action, move)
        return action

    def _unlisted(self, node: _Node, action: int) -> Move | None:
        """The move of ``action`` when it is legal, found without listing every legal action (else ``None``).

        The action is decoded, numbered again (so that it is the one number of
        its move) and the engine checks that one move.
        """
        sampled = node._sampled
        if sampled is not None and sampled[0] == action:
            return sampled[1]
        who = self.actor(node)
        if who == TERMINAL:
            return None
        state, chance = node.state, who == CHANCE
        try:
            move = self.codec.decode(action, state, node.extra, chance)
            if self.codec.encode(move, state, node.extra, chance) != action:
                return None
        except (KeyError, IndexError, ValueError):  # AdapterError is a ValueError
            return None
        return move if self.engine.is_legal_move(state, move) else None

    def child(self, node: _Node, action: int) -> _Node:
        """The node after ``action``; raises :class:`AdapterError` for an illegal one."""
        actions = node._actions
        if actions is not None:  # the usual case: the caller has just listed them (_listed, inlined)
            i = bisect.bisect_left(actions, action)
            move = node._moves[i] if i < len(actions) and actions[i] == action else None
        else:
            sampled = node._sampled  # a chance outcome sample() has just drawn (_unlisted's first case, inlined)
            move = sampled[1] if sampled is not None and sampled[0] == action else self._unlisted(node, action)
        if move is None:
            legal = self.legal(node)
            raise AdapterError(
                f"action {action} is not legal in {game_name(self.game_id)} at move {node.depth} "
                f"(actor {self.actor(node)}; legal: {', '.join(str(a) for a in list(legal)[:20])}"
                f"{'...' if len(legal) > 20 else ''})"
            )
        state = node.state
        after = self._apply(state, move)
        extra = self._next_extra(node.extra, state, move, after) if self._next_extra is not None else node.extra
        who = node._who
        # Who acts next is asked at once (is_terminal, current_player and the C++ side all need it).
        return _Node.after(node, after, self.actor(node) if who is None else who, action, move, extra,
                           self._current(after))

    def replay(self, actions: Iterable[int]) -> _Node:
        """The node after playing ``actions`` (chance outcomes included) from the start."""
        node = self.root
        for action in actions:
            node = self.child(node, action)
        return node

    # -- observations -----------------------------------------------------------

    def state_of(self, node: _Node) -> State:
        """``node``'s engine state, made again by replaying the moves from the nearest
        ancestor that holds one when the node gave its own up (see :func:`_release`)."""
        if node.state is not None:
            return node.state
        path = []
        walk: _Node | None = node
        while walk is not None and walk.state is None:
            path.append(walk)
            walk = walk.parent
        assert walk is not None  # the root keeps its state (the context holds it)
        state = walk.state
        for step in reversed(path):
            state = step.state = self._apply(state, step.move)
        return state

    def observation(self, node: _Node, seat: int, view: str = FULL) -> dict[str, Any]:
        """``seat``'s observation (:data:`FULL`), or only its public or private fields."""
        key = (view, seat)
        cache = node._obs
        if cache is None:
            cache = node._obs = {}
        obs = cache.get(key)
        if obs is None:
            if view == FULL:
                obs = self.engine.observation(self.state_of(node), seat)
            else:
                full = self.observation(node, seat)
                private = self.private
                obs = {k: v for k, v in full.items() if (k in private) == (view == PRIVATE)}
            cache[key] = obs
        return obs

    def observation_string(self, node: _Node, seat: int, view: str = FULL) -> str:
        """The observation as compact JSON."""
        return json.dumps(self.observation(node, seat, view), separators=(",", ":"))

    def _entry(self, node: _Node, seat: int, view: str) -> str:
        key = (view, seat)
        entries = node._entries
        if entries is None:
            entries = node._entries = {}
        entry = entries.get(key)
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
            entries[key] = entry
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
        flags = ", ".join(f"{k}={v}" for k, v in self.params.items() if k not in ("players", READING))
        reading = f"; reading {self.reading.describe()}" if self.reading.has_plugin else ""
        return pyspiel.GameType(
            short_name=game_name(self.game_id),
            long_name=f"ruleproof {spec.title} ({self.players} players; {flags}{reading})",
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
_refcount = sys.getrefcount


_OS_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
if CHANCE != int(pyspiel.PlayerId.CHANCE):  # pragma: no cover - both are fixed constants
    raise ImportError("ruleproof's CHANCE differs from OpenSpiel's; current_player must translate it")
#: OpenSpiel's game lengths are C ints: an engine without a finite bound (Cinco,
#: where drawing and exchanging may go on forever) declares this one.
MAX_LENGTH = 2**31 - 1


@functools.cache
def _context(game_id: str, params: tuple[tuple[str, Any], ...]) -> _Context:
    return _Context(game_id, params)


class GameParameterError(AdapterError, pyspiel.SpielError):  # type: ignore[misc]
    """Bad game parameters (player count, flag, reading file): a :class:`pyspiel.SpielError`
    (as OpenSpiel's own parameter errors are) and an :class:`AdapterError`."""


def _context_for(game_id: str, params: Mapping[str, object]) -> _Context:
    try:
        players, reading = players_and_reading(game_id, params)
        canonical = parameters_for(game_id, players, reading.variant, str(params.get(READING, "")))
        return _context(game_id, tuple(sorted(canonical.items())))
    except (VariantError, AdapterError, ReadingError) as exc:
        raise GameParameterError(f"{game_name(game_id)}: {exc}") from None


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
        node = self._node
        actor = node._who
        if actor is None:
            actor = self._context.actor(node)
        # A seat is itself; chance is -1 in both (checked at import); only terminal differs.
        return _OS_TERMINAL if actor == TERMINAL else actor

    def _legal_actions(self, player: int) -> list[int]:
        return self._context.legal_actions(self._node)  # pybind11 copies it into a vector

    # The next three answer Python callers directly, as the C++ methods they
    # shadow would (through the overrides above), without a round trip
    # through C++ and back for every question. C++ callers still use those.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: whoever acts; chance: its outcomes), sorted."""
        if player is not None and player != self.current_player():
            return []
        node = self._node
        actions = node._actions
        if actions is None:
            actions = self._context.legal_actions(node)
        return actions[:]

    def is_chance_node(self) -> bool:
        node = self._node
        who = node._who
        return (self._context.actor(node) if who is None else who) == CHANCE

    def is_player_node(self) -> bool:
        return self._context.actor(self._node) >= 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._context.outcomes(self._node))  # a copy: the caller may change it

    def sample_chance_action(self, rng: random.Random) -> int:
        """A chance outcome drawn with its probability, without listing them all
        (the engine's :meth:`~ruleproof.model.core.Game.sample_chance`).

        OpenSpiel's own algorithms ask for :meth:`chance_outcomes`; this is the
        cheaper way for code that knows the adapter (:func:`random_game`).

        :raises AdapterError: when chance does not act here.
        """
        return self._context.sample(self._node, rng)

    def _apply_action(self, action: int) -> None:
        node = self._node
        self._node = self._context.child(node, action)
        if _refcount(node) == _UNSHARED:
            _release(node)

    def _action_to_string(self, player: int, action: int) -> str:
        node = self._node
        chance = player == pyspiel.PlayerId.CHANCE
        listed = node._actions is not None and chance == (self._context.actor(node) == CHANCE)
        move = self._context._listed(node, action) if listed else None
        if move is None:
            try:
                move = self._context.codec.decode(action, node.state, node.extra, chance)
            except (KeyError, IndexError, ValueError):
                return f"action {action}"
        return str(move)

    def is_terminal(self) -> bool:
        node = self._node
        who = node._who
        return (self._context.actor(node) if who is None else who) == TERMINAL

    def returns(self) -> list[float]:
        return [float(r) for r in self._context.engine.returns(self._node.state)]

    def __str__(self) -> str:
        return str(self._context.engine.render_text(self._node.state))

    def move_of(self, action: int) -> Move:
        """The ruleproof move that ``action`` stands for here.

        :raises KeyError: when no move has that number in this state.
        """
        node = self._node
        move = self._context._listed(node, action) if node._actions is not None else None
        if move is not None:
            return move
        return self._context.codec.decode(action, node.state, node.extra, self._context.actor(node) == CHANCE)

    def action_of(self, move: Move) -> int:
        """The action that plays ``move`` (a move object or its text form) here."""
        node = self._node
        if isinstance(move, str):
            move = self._context.engine.parse_move(move)
        return self._context.codec.encode(move, node.state, node.extra, self._context.actor(node) == CHANCE)


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


def load(game_id: str, players: int | None = None, variant: Variant | None = None, reading: str | Path = "") -> Any:
    """The OpenSpiel game of ``game_id`` for a player count, a variant and a reading file.

    With ``reading`` the flags of ``variant`` that are away from their
    defaults are set on top of the file's (see :func:`players_and_reading`).

    >>> load("bigpoints", 3).num_players()
    3
    """
    register([game_id])
    try:
        params = parameters_for(game_id, default_players(game_id) if players is None else players, variant, reading)
    except AdapterError as exc:
        raise GameParameterError(f"{game_name(game_id)}: {exc}") from None
    return pyspiel.load_game(game_name(game_id), params)


def random_game(game: Any, rng: random.Random) -> Any:
    """Play ``game`` to the end with uniformly random actions (chance by its
    probabilities, drawn without listing the outcomes)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_action(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


register()

