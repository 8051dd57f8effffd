"""The try-it board's Python side: one position, moved by a reader, judged by the specification.

This module runs in the browser (Pyodide) beside ``ruleproof.spec``,
``ruleproof.model`` and the SVG renderers (:mod:`.tryit` ships them as one
zip); it imports nothing else, so it runs unchanged under CPython, where
``tests/docs/test_tryit_board.py`` checks it without a browser. The page's
script (``docs/_static/tryit/tryit.js``) holds one :class:`Board` per live
board and asks it for JSON.

A move, picked from the engine's list or typed, goes one way: its text is
parsed (:attr:`GameSpec.parse_move <ruleproof.spec.core.GameSpec.parse_move>`),
the *plain* specification (``ruleproof.spec.<game>.SPEC``) checks it for
whoever acts (:meth:`~ruleproof.spec.core.GameSpec.check_move`) and only a
move it allows is applied by the engine. The answer names every rule the move
breaks. The engine's list is a convenience: a move the spec allows that the
engine does not generate is still made, with a note that the two disagree, and
the spec's effect rules check what the engine did
(:meth:`~ruleproof.spec.core.GameSpec.check_transition`).

After a player's move, chance (the deal, a draw) moves by itself with the
board's seeded generator up to the next decision; a position where chance is
to act lists chance's outcomes as its moves, so a reader may also choose what
is drawn. Every position reached is kept: :meth:`Board.back` and
:meth:`Board.forward` step through them, and a move made from an earlier one
drops the later ones.

>>> board = Board.deal("take5", players=2, seed=3)
>>> view = board.view()
>>> view["actor"], view["legal_count"], view["groups"][0]["kind"]
('seat 0', 10, 'play')
>>> answer = board.play("play 999")
>>> answer["ok"], [v["rule"] for v in answer["violations"]]
(False, ['T5-SELECT-1'])
>>> board.play(view["groups"][0]["moves"][0])["ok"], board.view()["step"]
(True, 1)
>>> board.back()["step"], board.forward()["step"]
(0, 1)
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ruleproof.model.io.codec import decode, encode
from ruleproof.model.core import CHANCE, TERMINAL, Game
from ruleproof.model.registry import game_for
from ruleproof.spec.core import GameSpec
from ruleproof.spec.registry import MissingPartError, load_part

#: The longest move text the board reads (every game's move texts are far shorter).
MAX_MOVE_TEXT = 300
#: At most this many legal moves are listed for picking; the rest are counted and may be typed.
MAX_LISTED = 2000
#: At most this many positions are kept (a bound on memory; the oldest are dropped first).
MAX_STEPS = 2000


@dataclass(frozen=True)
class Position:
    """One position of the board's history.

    :param move: the text of the move that led here (empty for the start).
    :param actor: who made it (a seat, or ``CHANCE``).
    :param chance: the chance moves made after it, by the board's generator.
    """

    state: Any
    move: str = ""
    actor: int = TERMINAL
    chance: tuple[str, ...] = ()


def actor_label(actor: int) -> str:
    """``seat N``, ``chance`` or ``nobody (the game is over)``.

    >>> actor_label(1), actor_label(CHANCE), actor_label(TERMINAL)
    ('seat 1', 'chance', 'nobody (the game is over)')
    """
    if actor == CHANCE:
        return "chance"
    if actor == TERMINAL:
        return "nobody (the game is over)"
    return f"seat {actor}"


def group_moves(moves: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The moves grouped by kind as ``ruleproof play`` offers them (:func:`ruleproof.checkers.view.play.group_moves`).

    >>> from ruleproof.spec.take5 import Place
    >>> group_moves((Place(0), Place(1)))
    [{'kind': 'row', 'moves': ['row 1', 'row 2']}]
    """
    from ruleproof.checkers.view.play import group_moves as grouped

    return [{"kind": g.kind, "moves": [str(m) for _, m in g.moves]} for g in grouped(moves)]


class Board:
    """One game's position and its history, moved by a reader.

    :param game: the game's id.
    :param state: the starting position (any state of the game).
    :param seed: the seed of the generator that makes chance's moves.
    """

    def __init__(self, game: str, state: Any, seed: int = 0) -> None:
        self.engine: Game[Any, Any, Any] = game_for(game)
        #: The plain specification: the board's verdicts are its (not the accelerated spec's).
        self.spec: GameSpec[Any, Any, Any] = load_part(game, "spec").SPEC
        self.rng = random.Random(seed)
        self.history: list[Position] = [Position(state)]
        self.at = 0
        try:
            self._renderer: Callable[..., str] | None = load_part(game, "renderer").render_view
        except (MissingPartError, AttributeError):
            self._renderer = None

    @classmethod
    def from_json(cls, game: str, data: object, seed: int = 0) -> Board:
        """A board at a position given as :func:`ruleproof.model.io.codec.encode` JSON (or its text)."""
        if isinstance(data, str):
            data = json.loads(data)
        return cls(game, decode(game_for(game).state_type, data), seed)

    @classmethod
    def deal(cls, game: str, players: int = 0, seed: int = 0) -> Board:
        """A board at a random deal of ``players`` (default: the fewest the game takes), made with ``seed``."""
        engine = game_for(game)
        count = players or engine.spec.min_players
        return cls(game, engine.new_game(count, seed=seed), seed)

    # -- the position ------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The position shown."""
        return self.history[self.at].state

    def actor(self) -> int:
        """Who acts in the position shown: a seat, ``CHANCE`` or ``TERMINAL``."""
        return self.engine.current_player(self.state)

    def picture(self) -> str:
        """The position as SVG (the game's renderer, everyone's cards shown), or ``""`` without one."""
        if self._renderer is None:
            return ""
        kwargs: dict[str, Any] = {}
        if self.at and "last" in inspect.signature(self._renderer).parameters:
            last = self.history[self.at]
            try:
                kwargs["last"] = self.spec.parse_move(last.move)
            except ValueError:
                pass
        try:
            return self._renderer(self.state, None, **kwargs)
        except Exception:  # noqa: BLE001 - a position a renderer cannot draw is still shown as text
            return ""

    def view(self) -> dict[str, Any]:
        """Everything the page shows of the position: who acts, the legal moves grouped, the picture, the text."""
        actor = self.actor()
        moves: tuple[Any, ...] = ()
        problem = ""
        if actor != TERMINAL:
            try:
                moves = tuple(self.engine.legal_moves(self.state))
            except Exception as exc:  # noqa: BLE001 - a hand-built example position may be beyond the engine
                problem = f"the engine cannot list the moves here ({type(exc).__name__}: {exc}); type a move instead"
        listed = moves[:MAX_LISTED]
        view: dict[str, Any] = {
            "game": self.engine.name,
            "actor": actor_label(actor),
            "chance": actor == CHANCE,
            "terminal": actor == TERMINAL,
            "legal_count": len(moves),
            "listed": len(listed),
            "groups": group_moves(listed),
            "problem": problem,
            "svg": self.picture(),
            "text": self.engine.render_text(self.state),
            "step": self.at,
            "steps": len(self.history),
            "moves": [{"move": p.move, "actor": actor_label(p.actor), "chance": list(p.chance)}
                      for p in self.history[1:]],
            "variant": _plain(encode(self.engine.variant_of(self.state))),
            "players": self.engine.players_of(self.state),
        }
        if actor == TERMINAL:
            outcome = self.engine.outcome(self.state)
            view["outcome"] = {"scores": list(outcome.scores), "winners": sorted(outcome.winners)}
        return view

    # -- moving ------------------------------------------------------------------

    def play(self, text: str) -> dict[str, Any]:
        """Try the move ``text`` for whoever acts; the answer says whether it was made and why not.

        ``ok`` is whether the move was made; when it was not, ``stage`` says
        where it stopped (``input``: over-long or no one to move, ``parse``:
        not a move of this game, ``rules``: the specification forbids it, with
        ``violations``: rule id and message each). A made move may carry
        ``notes``: where the engine disagrees with the specification.
        """
        text = " ".join(str(text).split())
        if not text:
            return _refused("input", "type a move, or pick one from the list")
        if len(text) > MAX_MOVE_TEXT:
            return _refused("input", f"a move is at most {MAX_MOVE_TEXT} characters; got {len(text)}")
        actor = self.actor()
        if actor == TERMINAL:
            return _refused("input", "the game is over: no one moves; step back to try another move")
        try:
            move = self.spec.parse_move(text)
        except (ValueError, TypeError) as exc:
            return _refused("parse", f"{text!r} is not a move of {self.spec.title}: {exc}")
        variant = self.engine.variant_of(self.state)
        report = self.spec.check_move(variant, self.state, actor, move)
        if not report.ok:
            return {"ok": False, "stage": "rules", "move": str(move), "actor": actor_label(actor),
                    "message": f"{move} breaks {len(report.violations)} rule"
                               f"{'' if len(report.violations) == 1 else 's'} of the specification",
                    "violations": [{"rule": v.rule_id, "message": v.message} for v in report.violations]}
        return self._make(move, actor)

    def _make(self, move: Any, actor: int) -> dict[str, Any]:
        notes = []
        before = self.state
        try:
            generated = self.engine.is_legal_move(before, move)
        except Exception:  # noqa: BLE001 - see view(): the engine may not handle a hand-built position
            generated = False
        if not generated:
            notes.append("the specification allows this move but the engine does not generate it "
                         "(the two disagree here: please report it)")
        try:
            after = self.engine.apply(before, move, check=False)
        except Exception as exc:  # noqa: BLE001 - reported, not raised into the page
            return _refused("engine", f"the specification allows {move}, but the engine could not make it "
                                      f"({type(exc).__name__}: {exc})")
        effects = self.spec.check_transition(self.engine.variant_of(before), before, actor, move, after)
        notes += [f"the engine's result breaks {v.rule_id}: {v.message}" for v in effects.violations]
        chance: list[str] = []
        if actor != CHANCE:
            after = self._chance(after, chance)
        del self.history[self.at + 1:]
        self.history.append(Position(after, str(move), actor, tuple(chance)))
        if len(self.history) > MAX_STEPS:
            del self.history[:len(self.history) - MAX_STEPS]
        self.at = len(self.history) - 1
        return {"ok": True, "move": str(move), "actor": actor_label(actor), "chance": chance, "notes": notes}

    def _chance(self, state: Any, made: list[str]) -> Any:
        """Chance's moves from ``state`` up to the next decision (at most the game's length bound)."""
        bound = self.engine.max_game_length(self.engine.players_of(state), self.engine.variant_of(state))
        while self.engine.current_player(state) == CHANCE and len(made) < bound:
            move = self.engine.sample_chance(state, self.rng)
            state = self.engine.apply(state, move, check=False)
            made.append(str(move))
        return state

    def chance_moves(self) -> dict[str, Any]:
        """Let chance make its moves from the position shown (a deal, a draw) up to the next decision."""
        if self.actor() != CHANCE:
            return _refused("input", "chance is not to move here")
        made: list[str] = []
        after = self._chance(self.state, made)
        del self.history[self.at + 1:]
        self.history.append(Position(after, "", CHANCE, tuple(made)))
        self.at = len(self.history) - 1
        return {"ok": True, "move": "", "actor": "chance", "chance": made, "notes": []}

    def random_move(self) -> dict[str, Any]:
        """Make a random legal move of whoever acts (from the engine's list, checked by the spec as any other)."""
        if self.actor() == CHANCE:
            return self.chance_moves()
        try:
            moves = self.engine.legal_moves(self.state)
        except Exception as exc:  # noqa: BLE001 - see view()
            return _refused("engine", f"the engine cannot list the moves here ({type(exc).__name__}: {exc})")
        if not moves:
            return _refused("input", "no legal move here")
        return self.play(str(moves[self.rng.randrange(len(moves))]))

    # -- stepping ----------------------------------------------------------------

    def back(self) -> dict[str, Any]:
        """The previous position (stays at the first)."""
        self.at = max(0, self.at - 1)
        return self.view()

    def forward(self) -> dict[str, Any]:
        """The next position, when one was reached before (stays at the last)."""
        self.at = min(len(self.history) - 1, self.at + 1)
        return self.view()

    def goto(self, step: int) -> dict[str, Any]:
        """Position number ``step`` (clamped to those reached)."""
        self.at = min(len(self.history) - 1, max(0, int(step)))
        return self.view()

    # -- for the page's script ---------------------------------------------------

    def call(self, method: str, argument: object = None) -> str:
        """One request of the page's script, answered as JSON text (an error becomes ``{"ok": false}``).

        >>> board = Board.deal("cinco", seed=1)
        >>> json.loads(board.call("play", "nonsense"))["stage"]
        'parse'
        >>> json.loads(board.call("erase"))["message"]
        "unknown request 'erase'"
        """
        actions: dict[str, Callable[[], dict[str, Any]]] = {
            "view": self.view, "back": self.back, "forward": self.forward, "chance": self.chance_moves,
            "random": self.random_move, "play": lambda: self.play(str(argument)),
            "goto": lambda: self.goto(int(argument)),  # type: ignore[call-overload]
        }
        action = actions.get(method)
        if action is None:
            return json.dumps(_refused("input", f"unknown request {method!r}"))
        try:
            return json.dumps(action(), ensure_ascii=False)
        except Exception as exc:  # noqa: BLE001 - the page shows it instead of a stuck board
            return json.dumps(_refused("error", f"{type(exc).__name__}: {exc}"), ensure_ascii=False)


def _refused(stage: str, message: str) -> dict[str, Any]:
    return {"ok": False, "stage": stage, "message": message, "violations": []}


def _plain(value: object) -> object:
    return json.loads(json.dumps(value, default=str))
