"""Playing a game by hand against bots: the session behind ``ruleproof play``.

A :class:`Session` holds the game so far (every move, chance included, so
its record replays exactly), makes chance's moves with a seeded random
generator and the bots' moves with their policies, and takes a person's
input: a move's number in the list of legal moves, the move's text, or a
command (``undo``, ``save FILE``, ``moves``, ``help``, ``quit``). A move the
rules forbid is refused with the ids of the rules it breaks, from the
specification (:meth:`~ruleproof.model.core.Game.illegal_move_error`).

The legal moves are offered in groups, one per kind of move (the first word
of the move's text: ``play``, ``exchange``, ``pass``, …), numbered in the
order shown (:meth:`Session.choices`): the kinds in the order the game's
specification declares its moves (``MOVE_TYPES``, where it has one, so a
Big Five turn offers its plays before its exchanges), else in the engine's
order. A typed line is bounded (:data:`MAX_INPUT`): a longer one is refused
before it is read as anything.

Bots: ``random`` (a uniformly random legal move) and ``mcts`` (OpenSpiel's
Monte-Carlo tree search with random rollouts, through the adapter in
:mod:`ruleproof.checkers.interop.openspiel`; it needs the ``openspiel``
extra, and it searches the true state, so it sees hidden cards). Its
default number of simulations per move is the game's
(:data:`MCTS_SIMULATIONS`): about a second a move on a 2020s laptop core.

>>> session = Session("take5", ["human", "random"], seed=3)
>>> session.advance()  # chance deals until seat 0 must choose
>>> session.actor, len(session.legal())
(0, 10)
>>> result = session.human_input("play 999")
>>> result.ok, result.rule_ids
(False, ('T5-SELECT-1',))
>>> session.human_input("1").ok
True
>>> session.advance()  # seat 1 (random) chooses; seat 0's card is too low: it takes a row
>>> session.actor, len(session.legal())
(0, 4)
>>> session.undo(), session.actor, len(session.legal())
(True, 0, 10)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.checkers.checks.interrupt import raise_if_interrupted
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.io.records import GameRecord, make_record
from ruleproof.model.registry import game_for
from ruleproof.spec.errors import IllegalMoveError, MoveParseError, RuleproofError
from ruleproof.spec.registry import game_of_type

#: The kinds of seat a session knows.
SEAT_KINDS = ("human", "random", "mcts")
#: The longest line a person may type (a move's text or a command with a file name is far shorter).
MAX_INPUT = 1000
#: The commands a person may type instead of a move.
COMMANDS = ("undo", "save", "moves", "help", "quit", "show")
#: MCTS simulations per move by game: about a second a move at most. Measured (CPU time of the bot's move at
#: every 15th decision of a random game, 20 simulations a move; /tmp script in the commit message) the
#: costliest simulation, in ms, with the fewest and with more players: Take 5 8.5 (2 players) and 11.5 (4),
#: Big Five 27 (2) and 45 (3), BigPoints 1 (2 and 4), Ikebana 4 (2) and 6.5 (4), Cinco 8 (2) and 19.5 (3).
MCTS_SIMULATIONS: dict[str, int] = {"take5": 100, "bigfive": 25, "bigpoints": 800, "ikebana": 150, "cinco": 60}
#: MCTS simulations per move for a game not in :data:`MCTS_SIMULATIONS`.
DEFAULT_SIMULATIONS = 50


@dataclass(frozen=True)
class MoveGroup:
    """The legal moves of one kind (the first word of their text), each with the number a person types."""

    kind: str
    moves: tuple[tuple[int, Any], ...]


def _kind_rank(move: Any) -> int:
    """Where the move's class stands in its specification's ``MOVE_TYPES`` (the rulebook's order)."""
    game = game_of_type(type(move))
    declared = getattr(sys.modules.get(f"ruleproof.spec.{game}" if game else type(move).__module__), "MOVE_TYPES", ())
    return declared.index(type(move)) if type(move) in declared else len(declared)


def group_moves(moves: Sequence[Any]) -> list[MoveGroup]:
    """The moves grouped by kind, the groups in the specification's order of move kinds (else the
    order of their first move), numbered from 1 in the order shown.

    >>> from ruleproof.spec.bigfive import parse_move
    >>> groups = group_moves([parse_move(t) for t in ("exchange Lb", "pass", "play Lb@0,1", "exchange Gb")])
    >>> [(g.kind, [(n, str(m)) for n, m in g.moves]) for g in groups]
    [('play', [(1, 'play Lb@0,1')]), ('exchange', [(2, 'exchange Lb'), (3, 'exchange Gb')]), ('pass', [(4, 'pass')])]
    """
    kinds: dict[str, list[Any]] = {}
    ranks: dict[str, tuple[int, int]] = {}
    for index, move in enumerate(moves):
        kind = str(move).split(" ", 1)[0]
        kinds.setdefault(kind, []).append(move)
        ranks.setdefault(kind, (_kind_rank(move), index))
    groups, number = [], 1
    for kind in sorted(kinds, key=ranks.__getitem__):
        groups.append(MoveGroup(kind, tuple(enumerate(kinds[kind], start=number))))
        number += len(kinds[kind])
    return groups


@dataclass(frozen=True)
class Answer:
    """What became of a person's input."""

    ok: bool
    message: str = ""
    rule_ids: tuple[str, ...] = ()
    command: str = ""
    argument: str = ""


Policy = Callable[["Session"], Any]


def random_policy(session: Session) -> Any:
    """A uniformly random legal move."""
    moves = session.legal()
    return moves[session.rng.randrange(len(moves))]


def mcts_policy(simulations: int = DEFAULT_SIMULATIONS, seed: int = 0) -> Policy:
    """OpenSpiel's MCTS with random rollouts (the ``openspiel`` extra).

    :raises RuleproofError: OpenSpiel is not installed (the message says how to install it).
    """
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        from ruleproof.checkers.interop import openspiel as adapter
    except ImportError as exc:
        raise_if_interrupted()  # a Ctrl-C during numpy's or pyspiel's start-up is no missing OpenSpiel
        raise RuleproofError(f"the mcts bot needs OpenSpiel ({exc}); install it with "
                             "`pip install 'ruleproof[openspiel]'`, or use the random bot") from None
    bots: dict[int, Any] = {}

    def policy(session: Session) -> Any:
        game = adapter.load(session.game.name, session.players, session.variant)
        state = game.new_initial_state()
        for _actor, move in session.history:
            state.apply_action(state.action_of(move))
        bot = bots.get(id(game))
        if bot is None:
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
            bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                               random_state=np.random.RandomState(seed))
            bots.clear()
            bots[id(game)] = bot
        return state.move_of(bot.step(state))

    return policy


class Session:
    """One game in progress.

    :param seats: one kind per seat (``human``, ``random``, ``mcts``).
    :param simulations: MCTS simulations per move (default: the game's, :data:`MCTS_SIMULATIONS`).
    :raises RuleproofError: an unknown seat kind or a bad player count.
    """

    def __init__(self, game: str | Game[Any, Any, Any], seats: Sequence[str], variant: Any = None,
                 seed: int | None = None, *, simulations: int | None = None,
                 reading_identity: dict[str, Any] | None = None) -> None:
        self.game = game_for(game) if isinstance(game, str) else game
        #: The identity of the reading played under, when it has a plugin (the record carries it).
        self.reading_identity = reading_identity
        self.players = len(seats)
        self.variant = self.game.default_variant() if variant is None else variant
        self.seats = list(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        self.policies: dict[int, Policy] = {}
        if simulations is None:
            simulations = MCTS_SIMULATIONS.get(self.game.name, DEFAULT_SIMULATIONS)
        if simulations < 1:
            raise RuleproofError(f"MCTS simulations must be at least 1; got {simulations}")
        self.simulations = simulations
        for seat, kind in enumerate(seats):
            if kind not in SEAT_KINDS:
                raise RuleproofError(f"seat {seat}: unknown kind {kind!r}; kinds: {', '.join(SEAT_KINDS)}")
            if kind == "random":
                self.policies[seat] = random_policy
            elif kind == "mcts":
                self.policies[seat] = mcts_policy(simulations, 0 if seed is None else seed)
        self.state = self.game.initial_state(self.players, self.variant)
        self.history: list[tuple[int, Any]] = []
        self._states: list[Any] = [self.state]

    # -- the position --------------------------------------------------------

    @property
    def actor(self) -> int:
        """Who acts now: a seat, ``CHANCE`` or ``TERMINAL``."""
        return self.game.current_player(self.state)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.actor == TERMINAL

    def legal(self) -> tuple[Any, ...]:
        """The legal moves of whoever acts, in the engine's order."""
        return self.game.legal_moves(self.state)

    def choices(self) -> list[MoveGroup]:
        """The legal moves grouped by kind and numbered as offered to a person (:func:`group_moves`)."""
        return group_moves(self.legal())

    def numbered(self) -> list[Any]:
        """The legal moves in the order of their numbers (``numbered()[n - 1]`` is move ``n``)."""
        return [move for group in self.choices() for _, move in group.moves]

    def waiting_for_human(self) -> bool:
        """Whether a person must choose the next move."""
        actor = self.actor
        return actor >= 0 and self.seats[actor] == "human"

    # -- moving ----------------------------------------------------------------

    def play(self, move: Any) -> None:
        """Make ``move`` for whoever acts (checked against the rules)."""
        actor = self.actor
        self.state = self.game.apply(self.state, move)
        self.history.append((actor, move))
        self._states.append(self.state)

    def advance(self, on_move: Callable[[int, Any], None] | None = None) -> None:
        """Let chance and the bots move until a person must choose or the game ends."""
        while not self.finished and not self.waiting_for_human():
            actor = self.actor
            if actor == CHANCE:
                move = self.game.sample_chance(self.state, self.rng)
            else:
                move = self.policies[actor](self)
            self.play(move)
            if on_move is not None:
                on_move(actor, move)

    def human_input(self, text: str) -> Answer:
        """Handle one line typed by the person to act: a move number, a move, or a command."""
        if len(text) > MAX_INPUT:
            return Answer(False, f"that line has {len(text):,} characters; a move or a command has at most "
                                 f"{MAX_INPUT:,}")
        words = text.strip().split(maxsplit=1)
        if not words:
            return Answer(False, "type a move's number, the move itself, or help")
        head = words[0].lower()
        if head in COMMANDS:
            return Answer(True, command=head, argument=words[1].strip() if len(words) > 1 else "")
        typed = text.strip()
        if typed.isdigit():
            moves = self.numbered()
            # a number longer than the count of moves cannot name one (and may be too long for int())
            digits = typed.lstrip("0") or "0"
            number = int(digits) if len(digits) <= len(str(len(moves))) else 0
            if not 1 <= number <= len(moves):
                shown = typed if len(typed) <= 12 else typed[:12] + "…"
                return Answer(False, f"there is no move {shown}: choose 1 to {len(moves)}")
            self.play(moves[number - 1])
            return Answer(True, f"{moves[number - 1]}")
        try:
            move = self.game.parse_move(typed)
        except (MoveParseError, ValueError) as exc:
            return Answer(False, f"cannot read {typed!r} as a move: {exc}")
        try:
            self.play(move)
        except IllegalMoveError as exc:
            return Answer(False, str(exc), tuple(exc.rule_ids))
        return Answer(True, str(move))

    def undo(self) -> bool:
        """Take back the last move a person made (and everything after it); ``False`` when there is none."""
        for index in range(len(self.history) - 1, -1, -1):
            actor, _ = self.history[index]
            if actor >= 0 and self.seats[actor] == "human":
                del self.history[index:]
                del self._states[index + 1:]
                self.state = self._states[-1]
                return True
        return False

    def record(self) -> GameRecord:
        """The game so far as a record (chance moves included)."""
        record = make_record(self.game.name, self.players, self.variant, self.history, self.seed)
        return GameRecord(record.game, record.players, record.variant, record.moves, record.seed,
                          {"seats": list(self.seats), "by": "ruleproof play"}, self.reading_identity)
