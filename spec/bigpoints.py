"""BigPoints as an executable specification.

Source: ``001_2e52b0ba102b09c9.txt`` (a Russian translation of Brigitte and
Wolfgang Ditt's rules), with the facts and defaults of RULES-NOTES.md
§BigPoints where the text is silent. The module follows the rulebook. What the
rulebook fixes and what it leaves open (the numbers in :data:`CONSTANTS`, the
variant flags, the ambiguities and their readings) is
:mod:`ruleproof.spec.bigpoints_parts`, re-exported here; then come the moves,
the state, the plain calculations (set-up, a turn, taking a disc, black discs,
the end and scoring, several games), what each move does, the rule predicates
and the rule table. The speed machinery lives in
:mod:`ruleproof.spec.accel.bigpoints`.

The board is a *path* of discs leading to a five-step *ladder* (the winners'
podium). Positions on the path are numbered from 0 (the first disc, where the
pawns start) to ``N - 1`` (the disc next to the ladder); a pawn at ``-1`` still
stands before the path and a pawn at ``N`` stands on the ladder.

A turn is split into explicit moves so that a record names every decision:

* ``lay blue`` — chance lays the next disc of the path (uniform over the discs
  still in the box, so a colour's probability is its share of them);
* ``move red`` — the player moves the red pawn forward (onto the next disc of
  its colour, or onto the ladder when none is left);
* ``take ahead`` / ``take behind`` — the player takes the nearest free disc on
  that side of the pawn just moved (``take none`` in the rare case that no
  free disc is left on either side: RULES-NOTES row 5);
* ``black`` / ``no black`` — whether to spend a black disc for one extra pawn
  move this turn (offered after the normal move, or before it with
  ``extra_timing="before"``); the extra move may be ``back red``.

>>> v = BigPointsVariant()
>>> path_size(v), path_composition(v)
(55, (9, 9, 9, 9, 9, 5, 5))
>>> state = example_state("BRKBGW", pawns=(-1, -1, -1, -1, -1))
>>> compute_destination(state, 0, False)
0
>>> compute_free_discs(state.path, state.pawns, 0, 0)
(1, None)
>>> [str(m) for m in compute_gap_moves(state)]
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from ruleproof.spec.bigpoints_parts import _NOTES, _src
from ruleproof.spec.bigpoints_parts import (  # what the rulebook fixes and leaves open, re-exported
    AMBIGUITIES as AMBIGUITIES,
    BLACK as BLACK,
    BLACKS_PER_TURN as BLACKS_PER_TURN,
    BLACK_DISCS as BLACK_DISCS,
    COLOURS as COLOURS,
    COLOUR_DISCS as COLOUR_DISCS,
    CONSTANTS as CONSTANTS,
    DISC_COLOURS as DISC_COLOURS,
    EXTRA as EXTRA,
    LAY as LAY,
    LETTERS as LETTERS,
    MAX_COLOUR_DISCS as MAX_COLOUR_DISCS,
    MAX_PLAYERS as MAX_PLAYERS,
    MAX_SPECIAL_DISCS as MAX_SPECIAL_DISCS,
    MAX_STEP_VALUE as MAX_STEP_VALUE,
    MIN_PLAYERS as MIN_PLAYERS,
    MOVE as MOVE,
    OFFER as OFFER,
    OVER as OVER,
    PAWNS as PAWNS,
    PHASES as PHASES,
    RESERVE_DISCS as RESERVE_DISCS,
    RULEBOOK as RULEBOOK,
    SEC_BLACK as SEC_BLACK,
    SEC_END as SEC_END,
    SEC_EXAMPLE as SEC_EXAMPLE,
    SEC_GOAL as SEC_GOAL,
    SEC_PARTS as SEC_PARTS,
    SEC_PLAY as SEC_PLAY,
    SEC_PLAYERS as SEC_PLAYERS,
    SEC_ROUNDS as SEC_ROUNDS,
    SEC_SETUP as SEC_SETUP,
    SIDES as SIDES,
    START as START,
    STEP_VALUES as STEP_VALUES,
    TAKE as TAKE,
    TAKEN as TAKEN,
    WHITE as WHITE,
    WHITE_DISCS as WHITE_DISCS,
    BigPointsVariant as BigPointsVariant,
    disc_composition as disc_composition,
    path_composition as path_composition,
    path_size as path_size,
)
from ruleproof.spec.core import (
    BOUNDARY_TAGS,
    CHANCE,
    TERMINAL,
    GameSpec,
    Move,
    Rule,
    RuleKind,
    Step,
)
from ruleproof.spec.errors import MoveParseError, PlayerCountError, VariantError


# --------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, slots=True)
class Lay(Move):
    """Chance lays a disc of ``colour`` as the next disc of the path."""

    colour: str

    def __str__(self) -> str:
        return f"lay {self.colour}"


@dataclass(frozen=True, slots=True)
class Pawn(Move):
    """The player moves the pawn of ``colour``; ``back`` only in an extra move."""

    colour: str
    back: bool = False

    def __str__(self) -> str:
        return f"{'back' if self.back else 'move'} {self.colour}"


@dataclass(frozen=True, slots=True)
class Take(Move):
    """The player takes the nearest free disc ``ahead`` of or ``behind`` the
    pawn just moved, or ``none`` when neither side has one."""

    side: str

    def __str__(self) -> str:
        return f"take {self.side}"


@dataclass(frozen=True, slots=True)
class Black(Move):
    """The player spends a black disc for an extra move (``use``) or declines."""

    use: bool

    def __str__(self) -> str:
        return "black" if self.use else "no black"


BigPointsMove = Lay | Pawn | Take | Black


def parse_move(text: str) -> BigPointsMove:
    """Parse a move's text form.

    >>> parse_move("lay white"), parse_move("move red"), parse_move("back green")
    (Lay(colour='white'), Pawn(colour='red', back=False), Pawn(colour='green', back=True))
    >>> parse_move("take behind"), parse_move("black"), parse_move("no black")
    (Take(side='behind'), Black(use=True), Black(use=False))
    >>> parse_move("move black")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.MoveParseError: no pawn has the colour 'black' in 'move black'; pawns: blue, red, yellow, green, purple
    """
    words = text.strip().split()
    if words == ["black"]:
        return Black(True)
    if words == ["no", "black"]:
        return Black(False)
    if len(words) == 2:
        verb, what = words
        if verb == "lay":
            if what not in DISC_COLOURS:
                raise MoveParseError(f"no disc has the colour {what!r} in {text!r}; discs: {', '.join(DISC_COLOURS)}")
            return Lay(what)
        if verb in {"move", "back"}:
            if what not in COLOURS:
                raise MoveParseError(f"no pawn has the colour {what!r} in {text!r}; pawns: {', '.join(COLOURS)}")
            return Pawn(what, verb == "back")
        if verb == "take":
            if what not in SIDES:
                raise MoveParseError(f"a disc is taken 'ahead', 'behind' or 'none', not {what!r} in {text!r}")
            return Take(what)
    raise MoveParseError(
        f"cannot parse move {text!r}; expected 'lay COLOUR', 'move COLOUR', 'back COLOUR', "
        "'take ahead|behind|none', 'black' or 'no black'"
    )


# --------------------------------------------------------------------------
# State (shared with the engine)


class BigPointsState(NamedTuple):
    """A BigPoints position. Every disc is in exactly one place: the box (while
    the path is laid), the path, the reserve beside the ladder, a hand, or a
    spent pile.

    :param game: index of the current game of a match (0 for a single game).
    :param phase: one of :data:`PHASES`.
    :param turn: the seat whose turn it is (during set-up: who will start).
    :param path: the laid discs, one letter of :data:`LETTERS` each, first disc
        first; a taken disc leaves :data:`TAKEN` (``"."``) in its place.
    :param pawns: each pawn's position by colour index: ``-1`` before the path,
        ``0..N-1`` on the path, ``N`` (the path size) on the ladder.
    :param ladder: the colours on the ladder, top step first.
    :param reserve: the letters of the discs still beside the ladder.
    :param hands: each seat's discs as counts per disc colour; the black count
        holds the unspent black discs only.
    :param spent: each seat's spent black discs (public, out of play).
    :param moved: the colour index of the pawn whose disc is to be taken
        (phase ``take``), else ``-1``.
    :param extra: whether the pawn move being completed is the extra move.
    :param used_black: whether the current player spent a black disc this turn.
    :param fresh: black discs the current player took this turn (not usable
        until their next turn).
    :param scores: points summed over the finished games.
    """

    variant: BigPointsVariant
    players: int
    game: int
    phase: str
    turn: int
    path: str
    pawns: tuple[int, ...]
    ladder: tuple[int, ...]
    reserve: str
    hands: tuple[tuple[int, ...], ...]
    spent: tuple[int, ...]
    moved: int
    extra: bool
    used_black: bool
    fresh: int
    scores: tuple[int, ...]


# --------------------------------------------------------------------------
# Set-up (§ Подготовка к игре)


def check_players(players: int) -> None:
    """Raise :class:`PlayerCountError` unless 2 ≤ players ≤ 5."""
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayerCountError(f"BigPoints is for {MIN_PLAYERS}–{MAX_PLAYERS} players; got {players!r}")


def compute_supply(state: BigPointsState) -> tuple[int, ...]:
    """The discs still in the box (not yet laid) per colour."""
    if state.phase != LAY:
        return (0,) * len(DISC_COLOURS)
    comp = path_composition(state.variant)
    return tuple(comp[c] - state.path.count(LETTERS[c]) for c in range(len(DISC_COLOURS)))


# --------------------------------------------------------------------------
# A turn (§ Как играть): whose turn it is, where a pawn goes


def compute_whose_turn(state: BigPointsState) -> int:
    """Who acts: a seat, :data:`CHANCE` or :data:`TERMINAL` (the spec's own account)."""
    if state.phase == LAY:
        return CHANCE
    if state.phase == OVER:
        return CHANCE if has_next_game(state) else TERMINAL
    return state.turn


def compute_destination(state: BigPointsState, colour: int, back: bool) -> int | None:
    """Where the pawn of ``colour`` would go, or ``None`` when it cannot move so.

    Forward: the next remaining disc of its colour after its position, else
    the ladder (position ``N``). Backward (RULES-NOTES row 6): the nearest
    remaining disc of its colour before its position; with ``back_to_start``
    the start when there is none. A pawn on the ladder never moves; a pawn at
    the start cannot move back.
    """
    size = path_size(state.variant)
    pos = state.pawns[colour]
    letter = LETTERS[colour]
    if pos == size:
        return None
    if not back:
        for i in range(pos + 1, len(state.path)):
            if state.path[i] == letter:
                return i
        return size
    if pos == START:
        return None
    for i in range(pos - 1, -1, -1):
        if state.path[i] == letter:
            return i
    return START if state.variant.back_to_start else None


def compute_pawn_moves(state: BigPointsState, extra: bool) -> tuple[Pawn, ...]:
    """Every pawn move the rules of movement allow, before the gap flag is
    applied: forward moves, plus backward ones when ``extra``."""
    moves = []
    for colour in range(len(COLOURS)):
        for back in (False, True) if extra else (False,):
            if compute_destination(state, colour, back) is not None:
                moves.append(Pawn(COLOURS[colour], back))
    return tuple(sorted(moves))


# --------------------------------------------------------------------------
# Taking a disc (§ Как играть, § Пример)


def compute_free_discs(path: str, pawns: tuple[int, ...], colour: int, position: int,
                       reach: str = "nearest_free") -> tuple[int | None, int | None]:
    """The disc ``(ahead, behind)`` the player may take beside the pawn of
    ``colour`` standing at ``position``; ``None`` where a side offers none.

    ``reach="nearest_free"`` (RULES-NOTES row 4): the nearest disc still on
    the path and not under another pawn. ``reach="first_disc"`` is the
    contradicting reading of BP-AMB-4 (the first disc still on the path; when
    another pawn stands on it, that side offers nothing): the text's own
    example refuses it, so it is no variant flag.

    >>> compute_free_discs("KPBG", (2, -1, -1, -1, 1), 0, 2)  # the text's example
    (3, 0)
    >>> compute_free_discs("KPBG", (2, -1, -1, -1, 1), 0, 2, "first_disc")
    (3, None)
    """
    occupied = {p for c, p in enumerate(pawns) if c != colour}
    if reach == "first_disc":
        first_ahead = next((i for i in range(position + 1, len(path)) if path[i] != TAKEN), None)
        first_behind = next((i for i in range(position - 1, -1, -1) if path[i] != TAKEN), None)
        return (None if first_ahead in occupied else first_ahead), (None if first_behind in occupied else first_behind)
    ahead = next((i for i in range(position + 1, len(path)) if path[i] != TAKEN and i not in occupied), None)
    behind = next((i for i in range(position - 1, -1, -1) if path[i] != TAKEN and i not in occupied), None)
    return ahead, behind


def _with(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def is_gap_move(state: BigPointsState, colour: int, back: bool) -> bool:
    """Whether moving the pawn of ``colour`` (forward or ``back``) would leave no
    free disc on either side of it: the gap of RULES-NOTES row 5.

    A move onto the ladder is never a gap move (the reserve disc is taken).
    """
    dest = compute_destination(state, colour, back)
    if dest is None or dest == path_size(state.variant):
        return False
    pawns = _with(state.pawns, colour, dest)
    return compute_free_discs(state.path, pawns, colour, dest) == (None, None)


def compute_allowed_pawn_moves(state: BigPointsState, extra: bool) -> tuple[Pawn, ...]:
    """The pawn moves allowed once the gap flag is applied.

    With ``no_free_disc="illegal"`` gap moves are dropped; a normal move (which
    cannot be skipped) falls back to every move when all of them are gap moves.
    """
    moves = compute_pawn_moves(state, extra)
    if state.variant.no_free_disc != "illegal":
        return moves
    kept = tuple(m for m in moves if not is_gap_move(state, COLOURS.index(m.colour), m.back))
    return kept if kept or extra else moves


def compute_gap_moves(state: BigPointsState, extra: bool | None = None) -> tuple[Pawn, ...]:
    """The pawn moves available to the player in ``state`` after which no free
    disc would lie on either side of the pawn (RULES-NOTES row 5).

    This is the helper for the state-space and solver work: the gap arises in a
    reachable state exactly when this is non-empty there. ``extra`` defaults to
    whether the state awaits an extra move.

    >>> state = example_state("BRY", pawns=(-1, 1, 2, 3, 3))
    >>> [str(m) for m in compute_gap_moves(state)]
    ['move blue']
    """
    if state.phase in (LAY, OVER):
        return ()  # no pawn moves while the path is being laid or after the end
    if extra is None:
        extra = state.phase == EXTRA
    return tuple(
        m for m in compute_pawn_moves(state, extra) if is_gap_move(state, COLOURS.index(m.colour), m.back)
    )


def has_gap(state: BigPointsState) -> bool:
    """Whether the player to move faces a gap move (a pawn move leaving no free disc)."""
    return state.phase in (MOVE, EXTRA) and bool(compute_gap_moves(state))


def is_gap_possible(variant: BigPointsVariant) -> bool:
    """A necessary condition for the gap of RULES-NOTES row 5 to arise at all;
    ``False`` means it provably never does under ``variant``.

    The argument (for the solver work to confirm), with ``p`` pawns: a move
    from disc to disc frees the disc it leaves, on the far side, so a gap move
    always takes a pawn from the start onto its only remaining disc while every
    other disc left on the path lies under one of the ``p - 1`` other pawns: at
    least ``N - p`` discs were taken. Path discs are taken only after pawn
    moves that land on the path, and only the other pawns have moved. Counting,
    for each pawn, the discs of its colour still ahead of it plus the ladder
    shows that it lands forward on the path at most ``c`` times (``c`` = its
    discs on the path) plus once per backward move, and there are at most
    ``b`` backward moves (one per black disc). So ``N - p <= (p - 1)c + 2b``
    with ``N = pc + b + w``, i.e. ``c + w <= b + p``.

    >>> is_gap_possible(BigPointsVariant()), is_gap_possible(BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0))
    (False, True)
    """
    c = variant.colour_discs - RESERVE_DISCS
    return c + variant.white_discs <= variant.black_discs + len(COLOURS)


# --------------------------------------------------------------------------
# Black discs (§ Черные жетоны)


def usable_blacks(state: BigPointsState) -> int:
    """Unspent black discs of the player to move that were not taken this turn."""
    return state.hands[state.turn][BLACK] - state.fresh


def can_use_black(state: BigPointsState) -> bool:
    """Whether the player to move may spend a black disc now (ignoring the phase):
    one is usable, none was spent this turn, and some extra move is allowed."""
    if state.used_black or usable_blacks(state) < 1:
        return False
    return bool(compute_allowed_pawn_moves(state, True))


def compute_visible_blacks(state: BigPointsState, seat: int) -> tuple[int | None, ...]:
    """Every seat's unspent black discs as ``seat`` sees them (``None``: hidden).

    By default black discs lie face up beside their owner; with
    ``black_visibility="spent_only"`` only spent ones do, so the unspent
    black discs of the other seats are hidden (BP-AMB-11).

    >>> s = example_state("BRKBGW", hands=((0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 2, 0)))
    >>> compute_visible_blacks(s, 0)
    (1, 2)
    >>> hidden = BigPointsVariant(colour_discs=2, black_discs=1, white_discs=0, black_visibility="spent_only")
    >>> compute_visible_blacks(s._replace(variant=hidden), 0)
    (1, None)
    """
    public = state.variant.black_visibility == "public"
    return tuple(h[BLACK] if public or s == seat else None for s, h in enumerate(state.hands))


# --------------------------------------------------------------------------
# The end and the scores (§ Конец игры и подсчет очков)


def is_game_over(state: BigPointsState) -> bool:
    """Every pawn stands on the ladder."""
    size = path_size(state.variant)
    return all(p == size for p in state.pawns)


def compute_step_values(variant: BigPointsVariant) -> tuple[int, ...]:
    """Points per ladder step, top step first: the variant's ``step_values`` (the rulebook's 4, 3, 2, 1, 0,
    RULES-NOTES row 1), reversed with ``inverted_ladder``.

    >>> compute_step_values(BigPointsVariant()), compute_step_values(BigPointsVariant(inverted_ladder=True))
    ((4, 3, 2, 1, 0), (0, 1, 2, 3, 4))
    >>> compute_step_values(BigPointsVariant(step_values=(6, 4, 2, 1, 0)))
    (6, 4, 2, 1, 0)
    """
    return variant.step_values[::-1] if variant.inverted_ladder else variant.step_values


def compute_score(variant: BigPointsVariant, ladder: tuple[int, ...], hand: tuple[int, ...], spent: int) -> int:
    """One seat's points for a game.

    Each base-colour disc scores the value of the step its pawn stands on;
    black discs score nothing; each white disc scores the number of different
    non-white colours held (an unspent black counts; a spent one only with
    ``spent_black_counts``; no black at all with ``black_counts=False``).

    >>> # the text's example: red on the top step, purple third, green last
    >>> compute_score(BigPointsVariant(), (1, 0, 4, 2, 3), (0, 2, 0, 1, 1, 1, 2), 0)
    18
    """
    values = compute_step_values(variant)
    points = sum(hand[c] * values[step] for step, c in enumerate(ladder))
    colours = sum(1 for c in range(len(COLOURS)) if hand[c] > 0)
    if variant.black_counts and (hand[BLACK] > 0 or (variant.spent_black_counts and spent > 0)):
        colours += 1
    return points + hand[WHITE] * colours


def compute_game_scores(state: BigPointsState) -> tuple[int, ...]:
    """Every seat's points for the current game."""
    return tuple(
        compute_score(state.variant, state.ladder, state.hands[s], state.spent[s]) for s in range(state.players)
    )


def compute_winners(state: BigPointsState) -> frozenset[int]:
    """The seats with the highest total; ties all win."""
    best = max(state.scores)
    return frozenset(s for s, t in enumerate(state.scores) if t == best)


# --------------------------------------------------------------------------
# Several games (§ Несколько раундов)


def has_next_game(state: BigPointsState) -> bool:
    """In a match, whether another game follows the current one."""
    return state.variant.match and state.game + 1 < state.players


def compute_start_seat(game: int, players: int) -> int:
    """The seat that starts game ``game`` of a match: each game the next seat.

    >>> [compute_start_seat(g, 3) for g in range(3)]
    [0, 1, 2]
    """
    return game % players


def compute_new_game(state: BigPointsState) -> BigPointsState:
    """The empty table of the next game of a match: scores kept, next start seat."""
    game = state.game + 1
    return state._replace(
        game=game, phase=LAY, turn=compute_start_seat(game, state.players), path="",
        pawns=(START,) * len(COLOURS), ladder=(), reserve="".join(LETTERS[: len(COLOURS)]),
        hands=((0,) * len(DISC_COLOURS),) * state.players, spent=(0,) * state.players,
        moved=-1, extra=False, used_black=False, fresh=0,
    )


# --------------------------------------------------------------------------
# The reference semantics: what every move does (the effect rules compare the
# engine's successor with this one, field by field)


def _start_turn(state: BigPointsState, seat: int) -> BigPointsState:
    state = state._replace(turn=seat, phase=MOVE, moved=-1, extra=False, used_black=False, fresh=0)
    if state.variant.extra_timing == "before" and can_use_black(state):
        state = state._replace(phase=OFFER)
    return state


def _next_turn(state: BigPointsState) -> BigPointsState:
    return _start_turn(state, (state.turn + 1) % state.players)


def _finish(state: BigPointsState) -> BigPointsState:
    totals = tuple(a + b for a, b in zip(state.scores, compute_game_scores(state)))
    return state._replace(phase=OVER, moved=-1, extra=False, used_black=False, fresh=0, scores=totals)


def _complete(state: BigPointsState, extra: bool) -> BigPointsState:
    """The pawn move (normal or extra) and its disc are done: what comes next."""
    state = state._replace(moved=-1, extra=False)
    if is_game_over(state):
        return _finish(state)
    if state.variant.extra_timing == "after":
        if not extra and can_use_black(state):
            return state._replace(phase=OFFER)
        return _next_turn(state)
    if extra:
        return state._replace(phase=MOVE)
    return _next_turn(state)


def compute_successor(state: BigPointsState, move: BigPointsMove) -> BigPointsState:
    """The state after a legal ``move``, as the rules describe it (slow, plain)."""
    seat = state.turn
    if isinstance(move, Lay):
        if state.phase == OVER:
            state = compute_new_game(state)
        path = state.path + LETTERS[DISC_COLOURS.index(move.colour)]
        state = state._replace(path=path)
        return _start_turn(state, state.turn) if len(path) == path_size(state.variant) else state
    if isinstance(move, Black):
        if not move.use:
            return state._replace(phase=MOVE) if state.variant.extra_timing == "before" else _next_turn(state)
        hand = _with(state.hands[seat], BLACK, state.hands[seat][BLACK] - 1)
        return state._replace(
            hands=state.hands[:seat] + (hand,) + state.hands[seat + 1 :],
            spent=_with(state.spent, seat, state.spent[seat] + 1),
            used_black=True, phase=EXTRA,
        )
    if isinstance(move, Pawn):
        colour = COLOURS.index(move.colour)
        extra = state.phase == EXTRA
        dest = compute_destination(state, colour, move.back)
        assert dest is not None, f"{move} has no destination"
        state = state._replace(pawns=_with(state.pawns, colour, dest))
        if dest == path_size(state.variant):
            state = state._replace(ladder=state.ladder + (colour,))
            last = is_game_over(state)
            if state.variant.last_reserve or not last:
                hand = _with(state.hands[seat], colour, state.hands[seat][colour] + 1)
                state = state._replace(
                    reserve=state.reserve.replace(LETTERS[colour], ""),
                    hands=state.hands[:seat] + (hand,) + state.hands[seat + 1 :],
                )
            if state.variant.ladder_take == "reserve_and_path" and not last:
                return state._replace(phase=TAKE, moved=colour, extra=extra)
            return _complete(state, extra)
        return state._replace(phase=TAKE, moved=colour, extra=extra)
    # Take
    ahead, behind = compute_free_discs(state.path, state.pawns, state.moved, state.pawns[state.moved])
    pos = ahead if move.side == "ahead" else behind if move.side == "behind" else None
    if pos is not None:
        disc = LETTERS.index(state.path[pos])
        hand = _with(state.hands[seat], disc, state.hands[seat][disc] + 1)
        state = state._replace(
            path=state.path[:pos] + TAKEN + state.path[pos + 1 :],
            hands=state.hands[:seat] + (hand,) + state.hands[seat + 1 :],
            fresh=state.fresh + (1 if disc == BLACK else 0),
        )
    return _complete(state, state.extra)


def example_state(
    path: str,
    pawns: tuple[int, ...] = (START,) * PAWNS,
    *,
    variant: BigPointsVariant | None = None,
    players: int = 2,
    phase: str = MOVE,
    turn: int = 0,
    hands: tuple[tuple[int, ...], ...] | None = None,
    path_size_override: int | None = None,
    **fields: object,
) -> BigPointsState:
    """A hand-built state for examples and tests.

    ``path`` uses :data:`LETTERS` and ``"."``; a pawn at ``len(path)`` is on the
    ladder (listed in colour order unless ``ladder=`` is given). Without
    ``variant`` the disc counts are chosen so that the path has the given
    length (``path_size_override`` for the same purpose, explicit).

    >>> s = example_state("BRKBGW")
    >>> s.phase, path_size(s.variant)
    ('move', 6)
    """
    size = path_size_override if path_size_override is not None else len(path)
    if variant is None:
        variant = _variant_for_size(size)
    if path_size(variant) != len(path):
        raise VariantError(f"path {path!r} has {len(path)} discs, the variant lays {path_size(variant)}")
    n = path_size(variant)
    ladder = tuple(c for c in range(len(COLOURS)) if pawns[c] == n)
    reserve = "".join(LETTERS[c] for c in range(len(COLOURS)) if pawns[c] != n)
    state = BigPointsState(
        variant, players, 0, phase, turn, path, tuple(pawns), ladder, reserve,
        hands if hands is not None else ((0,) * len(DISC_COLOURS),) * players,
        (0,) * players, -1, False, False, 0, (0,) * players,
    )
    return state._replace(**fields)  # type: ignore[arg-type]


def _variant_for_size(size: int) -> BigPointsVariant:
    """A variant whose path has ``size`` discs (white discs make up the rest)."""
    base = min(size // len(COLOURS), MAX_COLOUR_DISCS - RESERVE_DISCS)
    rest = size - base * len(COLOURS)
    black = min(rest, MAX_SPECIAL_DISCS)
    return BigPointsVariant(colour_discs=base + RESERVE_DISCS, black_discs=black, white_discs=rest - black)


# --------------------------------------------------------------------------
# Rules

Bstep: TypeAlias = Step[BigPointsVariant, BigPointsState, BigPointsMove]

#: The move type each phase expects.
_EXPECTED: dict[str, type] = {LAY: Lay, OVER: Lay, MOVE: Pawn, EXTRA: Pawn, TAKE: Take, OFFER: Black}


def _fits_phase(step: Bstep) -> bool:
    expected = _EXPECTED.get(step.before.phase)
    return expected is not None and isinstance(step.move, expected)


def _is_pawn(step: Bstep) -> bool:
    return isinstance(step.move, Pawn) and _fits_phase(step)  # the cheap test first: most steps are other moves


def _is_back(step: Bstep) -> bool:
    return _is_pawn(step) and isinstance(step.move, Pawn) and step.move.back


def _is_take(step: Bstep) -> bool:
    return isinstance(step.move, Take) and _fits_phase(step)


def _is_use_black(step: Bstep) -> bool:
    return isinstance(step.move, Black) and step.move.use and _fits_phase(step)


def _is_lay(step: Bstep) -> bool:
    return isinstance(step.move, Lay) and _fits_phase(step)


def _colour(move: Pawn) -> int:
    return COLOURS.index(move.colour)


def _check_players(step: Bstep) -> str | None:
    n = step.before.players
    return None if MIN_PLAYERS <= n <= MAX_PLAYERS else f"{n} players; the game is for 2–5"


def _check_turn(step: Bstep) -> str | None:
    expected = compute_whose_turn(step.before)
    if step.actor == expected:
        return None
    who = {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(expected, f"seat {expected}")
    actor = "chance" if step.actor == CHANCE else f"seat {step.actor}"
    return f"{actor} acted but it is the turn of {who}"


_PHASE_WORDS = {
    LAY: "chance to lay the next disc of the path",
    OVER: "chance to lay the next game's path",
    MOVE: "a pawn move",
    EXTRA: "the extra pawn move",
    TAKE: "taking a disc next to the pawn just moved",
    OFFER: "deciding whether to spend a black disc",
}


def _check_phase(step: Bstep) -> str | None:
    phase = step.before.phase
    if phase not in _EXPECTED:
        return f"unknown phase {phase!r}"
    if phase == OVER and not has_next_game(step.before):
        return f"{step.move}: the game is over"
    if _fits_phase(step):
        return None
    return f"{step.move} does not fit: the game awaits {_PHASE_WORDS[phase]}"


def _check_lay(step: Bstep) -> str | None:
    move = step.move
    assert isinstance(move, Lay)
    if move.colour not in DISC_COLOURS:
        return f"there are no {move.colour!r} discs"
    colour = DISC_COLOURS.index(move.colour)
    if step.before.phase == OVER:
        available = path_composition(step.variant)[colour]
    else:
        available = compute_supply(step.before)[colour]
    return None if available > 0 else f"no {move.colour} disc is left to lay"


def _check_not_on_ladder(step: Bstep) -> str | None:
    move = step.move
    assert isinstance(move, Pawn)
    if move.colour not in COLOURS:
        return f"there is no {move.colour!r} pawn"
    if step.before.pawns[_colour(move)] == path_size(step.variant):
        return f"the {move.colour} pawn is on the ladder and cannot move any more"
    return None


def _check_back_only_extra(step: Bstep) -> str | None:
    move = step.move
    assert isinstance(move, Pawn)
    if move.back and step.before.phase != EXTRA:
        return f"{move}: a pawn may move backwards only in the extra move of a black disc"
    return None


def _check_back_target(step: Bstep) -> str | None:
    move = step.move
    assert isinstance(move, Pawn)
    if move.colour not in COLOURS or step.before.phase != EXTRA:
        return None
    state = step.before
    colour = _colour(move)
    pos = state.pawns[colour]
    if pos == path_size(step.variant):
        return None  # BP-MOVE-1
    if pos == START:
        return f"the {move.colour} pawn is still before the path and cannot move back"
    if compute_destination(state, colour, True) is None:
        return f"no {move.colour} disc lies behind the {move.colour} pawn (position {pos}) to move back to"
    return None


def _check_gap(step: Bstep) -> str | None:
    if step.variant.no_free_disc != "illegal":
        return None
    state, move = step.before, step.move
    if isinstance(move, Black):
        if move.use and not state.used_black and usable_blacks(state) >= 1 and not can_use_black(state):
            return "every extra move would leave no free disc beside the pawn, so no black disc may be spent"
        return None
    assert isinstance(move, Pawn)
    if move.colour not in COLOURS:
        return None
    colour = _colour(move)
    extra = state.phase == EXTRA
    if compute_destination(state, colour, move.back) is None or not is_gap_move(state, colour, move.back):
        return None
    if move in compute_allowed_pawn_moves(state, extra):
        return None
    return f"{move} would leave no free disc on either side of the {move.colour} pawn"


def _check_take_side(step: Bstep) -> str | None:
    state, move = step.before, step.move
    assert isinstance(move, Take)
    if move.side not in SIDES:
        return f"unknown side {move.side!r}"
    if not 0 <= state.moved < len(COLOURS):
        return "no pawn was just moved"
    ahead, behind = compute_free_discs(state.path, state.pawns, state.moved, state.pawns[state.moved])
    name = COLOURS[state.moved]
    if move.side == "ahead" and ahead is None:
        return f"no free disc lies ahead of the {name} pawn"
    if move.side == "behind" and behind is None:
        return f"no free disc lies behind the {name} pawn"
    if move.side == "none" and (ahead is not None or behind is not None):
        where = ", ".join(
            f"{side} at {pos} ({DISC_COLOURS[LETTERS.index(state.path[pos])]})"
            for side, pos in (("ahead", ahead), ("behind", behind)) if pos is not None
        )
        return f"a free disc must be taken: {where}"
    return None


def _check_black_held(step: Bstep) -> str | None:
    state = step.before
    held = state.hands[state.turn][BLACK]
    if held < 1:
        return f"seat {state.turn} holds no unspent black disc"
    if usable_blacks(state) < 1:
        return f"seat {state.turn}'s black disc was taken this turn and can be used only from the next turn"
    return None


def _check_one_black(step: Bstep) -> str | None:
    if step.before.used_black:
        return f"seat {step.before.turn} already spent a black disc this turn"
    return None


# -- effect rules: each owns some fields of the successor state ----------


def _diff(step: Bstep, fields: tuple[str, ...]) -> str | None:
    after = step.after
    assert after is not None
    try:
        expected = compute_successor(step.before, step.move)
    except (AssertionError, IndexError, ValueError) as exc:
        return f"{step.move} cannot be applied here ({exc})"
    wrong = [
        f"{name} is {getattr(after, name)!r}, expected {getattr(expected, name)!r}"
        for name in fields if getattr(after, name) != getattr(expected, name)
    ]
    return "; ".join(wrong) if wrong else None


#: For each effect rule that owns fields of the successor: those fields.
#: BP-FRAME-1 checks every field that no applicable owner checks.
_OWNED_BY: dict[str, tuple[str, ...]] = {}


def _owner(rule_id: str, fields: tuple[str, ...]) -> Callable[[Bstep], str | None]:
    _OWNED_BY[rule_id] = fields

    def check(step: Bstep) -> str | None:
        return _diff(step, fields)

    return check


_TURN_FIELDS = ("turn", "moved", "extra", "used_black", "fresh")


def _check_sequence(step: Bstep) -> str | None:
    fields: tuple[str, ...] = _TURN_FIELDS + ("phase",)
    if isinstance(step.move, Black) and step.move.use:
        fields = tuple(f for f in fields if f != "used_black")  # BP-BLACK-3
    return _diff(step, fields)


def _check_timing(step: Bstep) -> str | None:
    after = step.after
    assert after is not None
    expected = compute_successor(step.before, step.move)
    if (after.phase == OFFER) == (expected.phase == OFFER):
        return None
    when = step.variant.extra_timing
    if expected.phase == OFFER:
        return f"seat {expected.turn} must be offered the black-disc extra move now ({when} the normal move)"
    return f"no black-disc extra move may be offered now (it comes {when} the normal move)"


def _check_end(step: Bstep) -> str | None:
    after = step.after
    assert after is not None
    expected = compute_successor(step.before, step.move)
    if (after.phase == OVER) == (expected.phase == OVER):
        return None
    if expected.phase == OVER:
        return "the last pawn reached the ladder: the game ends at once"
    return "the game goes on while a pawn is off the ladder"


def _ends_game(step: Bstep) -> bool:
    return (_is_pawn(step) or _is_take(step)) and compute_successor(step.before, step.move).phase == OVER


def _reaches_ladder(step: Bstep) -> bool:
    move = step.move
    if not _is_pawn(step) or not isinstance(move, Pawn) or move.colour not in COLOURS:
        return False
    return compute_destination(step.before, _colour(move), move.back) == path_size(step.variant)


def _is_new_game(step: Bstep) -> bool:
    return _is_lay(step) and step.before.phase == OVER


_OWNED_BY["BP-TURN-3"] = _TURN_FIELDS + ("phase",)


def _check_frame(step: Bstep) -> str | None:
    owned: set[str] = set()
    for rule in RULES:
        if rule.id in _OWNED_BY and rule.applies(step):
            owned.update(_OWNED_BY[rule.id])
    rest = tuple(f for f in BigPointsState._fields if f not in owned)
    return _diff(step, rest)


def _check_winners(step: Step[BigPointsVariant, BigPointsState, object]) -> str | None:
    expected = compute_winners(step.before)
    if step.move == expected:
        return None
    return f"the winners must be seats {sorted(expected)} (totals {list(step.before.scores)}), not {step.move!r}"


RULES: tuple[Rule, ...] = (
    Rule(
        "BP-SETUP-1", "Player count",
        "BigPoints is played by two to five players.",
        _src(SEC_PLAYERS), RuleKind.LEGALITY, _check_players,
    ),
    Rule(
        "BP-SETUP-2", "Path from the box",
        "Chance lays the path one disc at a time, each drawn uniformly from the discs not yet laid: "
        "nine of each base colour, five black and five white (one disc of each base colour waits beside "
        "the ladder instead).",
        _src(SEC_SETUP), RuleKind.LEGALITY, _check_lay, _is_lay,
        flags=("colour_discs", "black_discs", "white_discs"),
    ),
    Rule(
        "BP-SETUP-3", "The path grows",
        "A laid disc becomes the next disc of the path; once every disc is laid the start player's first turn begins.",
        _src(SEC_SETUP), RuleKind.EFFECT, _owner("BP-SETUP-3", ("path",)), _is_lay,
    ),
    Rule(
        "BP-SETUP-4", "Starting position",
        "While the path is laid all five pawns stand before its first disc, the ladder is empty, one disc of "
        "each base colour lies beside it and nobody holds a disc.",
        _src(SEC_SETUP), RuleKind.EFFECT, _owner("BP-SETUP-4", ("pawns", "ladder", "reserve", "hands", "spent")), _is_lay,
    ),
    Rule(
        "BP-TURN-1", "Whose turn",
        "Chance acts while the path is laid; then the players take turns clockwise from the start player; "
        "nobody acts once the game is over.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_turn,
    ),
    Rule(
        "BP-TURN-2", "Steps of a turn",
        "A turn is a pawn move followed by taking a disc (or by the ladder's reserve disc), plus at most one "
        "extra pawn move and disc paid with a black disc; each move must be the step the turn is at.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_phase,
    ),
    Rule(
        "BP-TURN-3", "Turn sequence",
        "After a pawn move the player takes a disc; when the turn's moves are done the turn passes to the next "
        "seat clockwise; a black disc taken this turn is counted as fresh until the turn ends.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_sequence, flags=("extra_timing",),
    ),
    Rule(
        "BP-MOVE-1", "Pawns on the ladder stay",
        "Any pawn not yet on the ladder may be moved; a pawn on the ladder never moves again.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_not_on_ladder, _is_pawn,
    ),
    Rule(
        "BP-MOVE-2", "Forward to its own colour",
        "A pawn moves forward to the next disc of its own colour still on the path (taken discs are gone); "
        "other pawns do not block it.",
        _src(SEC_PLAY), RuleKind.EFFECT, _owner("BP-MOVE-2", ("pawns",)),
        lambda step: _is_pawn(step) and isinstance(step.move, Pawn) and not step.move.back,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-MOVE-3", "No backward normal move",
        "A pawn may never move backwards except in the extra move paid with a black disc.",
        _src(SEC_PLAY), RuleKind.LEGALITY, _check_back_only_extra, _is_back,
    ),
    Rule(
        "BP-LADDER-1", "Onto the highest free step",
        "A pawn with no disc of its colour left ahead of it moves onto the highest free step of the ladder.",
        _src(SEC_EXAMPLE), RuleKind.EFFECT, _owner("BP-LADDER-1", ("ladder",)), _reaches_ladder,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-LADDER-2", "The reserve disc",
        "A pawn reaching the ladder earns its mover the disc of its colour waiting beside the ladder, "
        "instead of a disc from the path (with ladder_take='reserve_and_path' the mover then also takes the "
        "nearest free disc behind the pawn; with last_reserve=false the last pawn's reserve disc is not taken).",
        _src(SEC_EXAMPLE, f"{_NOTES}: the text's 'may take' is read as an automatic take"),
        RuleKind.EFFECT, _owner("BP-LADDER-2", ("reserve", "hands")), _reaches_ladder,
        flags=("ladder_take", "last_reserve"),
    ),
    Rule(
        "BP-TAKE-1", "Nearest free disc ahead or behind",
        "After a pawn move onto the path the player takes, by choice, the nearest disc ahead of or behind "
        "that pawn that is still on the path and not under a pawn; a side without such a disc cannot be "
        "chosen (so at the start only ahead, next to the ladder only behind); nothing is taken only when "
        "neither side has one.",
        _src(SEC_PLAY, f"{_NOTES} rows 4–5"), RuleKind.LEGALITY, _check_take_side, _is_take,
        flags=("no_free_disc",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-TAKE-2", "The disc goes to the hand",
        "The taken disc leaves the path and joins the player's secret discs.",
        _src(SEC_PLAY), RuleKind.EFFECT, _owner("BP-TAKE-2", ("path", "hands")), _is_take,
    ),
    Rule(
        "BP-TAKE-3", "No free disc on either side",
        "The text does not say what happens when no free disc lies on either side of the moved pawn. By "
        "default nothing is taken; with no_free_disc='illegal' such a pawn move is not allowed (and no black "
        "disc may be spent when every extra move is such a move), except that a normal move that cannot be "
        "avoided is still made and takes nothing.",
        _src(SEC_PLAY, f"{_NOTES} row 5"), RuleKind.LEGALITY, _check_gap,
        lambda step: _is_pawn(step) or _is_use_black(step), flags=("no_free_disc",),
    ),
    Rule(
        "BP-BLACK-1", "A black disc from an earlier turn",
        "Spending a black disc needs an unspent black disc that was not taken during this same turn.",
        _src(SEC_BLACK), RuleKind.LEGALITY, _check_black_held, _is_use_black,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-BLACK-2", "One black disc per turn",
        "A player spends at most one black disc per turn.",
        _src(SEC_BLACK), RuleKind.LEGALITY, _check_one_black, _is_use_black,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-BLACK-3", "Spent black discs stay out",
        "A spent black disc stays, face up, beside its owner and never returns to play.",
        _src(SEC_BLACK), RuleKind.EFFECT, _owner("BP-BLACK-3", ("hands", "spent", "used_black")), _is_use_black,
    ),
    Rule(
        "BP-EXTRA-1", "When the extra move comes",
        "The black-disc extra move is offered after the normal move and its disc (default) or, with "
        "extra_timing='before', at the start of the turn; the extra move is followed by its own disc.",
        _src(SEC_BLACK, f"{_NOTES} row 7"), RuleKind.EFFECT, _check_timing,
        lambda step: step.actor >= 0 and _fits_phase(step) or _is_lay(step), flags=("extra_timing",),
    ),
    Rule(
        "BP-BACK-1", "Backward extra move",
        "In the extra move a pawn may instead go back to the nearest disc of its colour behind it; it cannot "
        "move back from the ladder or from the start, nor when no such disc exists (with back_to_start it may "
        "then return to the start).",
        _src(SEC_BLACK, f"{_NOTES} row 6"), RuleKind.LEGALITY, _check_back_target, _is_back,
        flags=("back_to_start",),
    ),
    Rule(
        "BP-BACK-2", "Where a backward move ends",
        "A pawn moving back stops on the nearest disc of its colour behind it (or at the start with "
        "back_to_start when there is none).",
        _src(SEC_BLACK, f"{_NOTES} row 6"), RuleKind.EFFECT, _owner("BP-BACK-2", ("pawns",)), _is_back,
        flags=("back_to_start",),
    ),
    Rule(
        "BP-END-1", "The game ends at once",
        "The game ends the moment the last pawn reaches the ladder; its mover takes the reserve disc (not with "
        "last_reserve=false), and an extra move not yet made is lost.",
        _src(SEC_END, f"{_NOTES} row 8"), RuleKind.EFFECT, _check_end,
        lambda step: _is_pawn(step) or _is_take(step), flags=("last_reserve",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-SCORE-1", "Scoring",
        "Each disc of a base colour scores the value of its pawn's ladder step (4, 3, 2, 1, 0 from the top, or "
        "the variant's step_values; reversed with inverted_ladder); black discs score nothing; each white disc "
        "scores the number of different non-white colours its owner holds, black included (a spent black only "
        "with spent_black_counts; black never with black_counts=false).",
        _src(SEC_END, f"{_NOTES} rows 1–3"), RuleKind.EFFECT, _owner("BP-SCORE-1", ("scores",)), _ends_game,
        flags=("step_values", "inverted_ladder", "spent_black_counts", "black_counts"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-MATCH-1", "Several games",
        "In a match as many games as players are played, each started by the next seat; every game starts "
        "from a new path and the scores are summed.",
        _src(SEC_ROUNDS, f"{_NOTES} row 9"), RuleKind.EFFECT, _owner("BP-MATCH-1", ("game", "scores")), _is_new_game,
        flags=("match",),
    ),
    Rule(
        "BP-WIN-1", "Most points win",
        "The player with the most points (summed over a match) wins; tied players share the win.",
        _src(SEC_END), RuleKind.OUTCOME,
        _check_winners,
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "BP-FRAME-1", "Nothing else changes",
        "A move changes only what the rules above say it changes.",
        _src(SEC_PLAY), RuleKind.EFFECT, _check_frame, _fits_phase,
    ),
)


def candidate_moves(state: BigPointsState, actor: int) -> Iterable[BigPointsMove]:
    """Every syntactically possible move of ``actor``: a superset of the legal ones."""
    if actor == CHANCE:
        return [Lay(c) for c in DISC_COLOURS]
    moves: list[BigPointsMove] = [Pawn(c, b) for c in COLOURS for b in (False, True)]
    moves += [Take(s) for s in SIDES]
    moves += [Black(False), Black(True)]
    return moves


SPEC: GameSpec[BigPointsVariant, BigPointsState, BigPointsMove] = GameSpec(
    name="bigpoints",
    title="BigPoints",
    rulebook=RULEBOOK,
    variant_type=BigPointsVariant,
    rules=RULES,
    ambiguities=AMBIGUITIES,
    whose_turn=compute_whose_turn,
    candidate_moves=candidate_moves,
    parse_move=parse_move,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)
