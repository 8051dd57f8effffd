"""Cinco as an executable specification, with the board as data.

Source: ``004_236555ab6940bf96.txt``, with the facts and defaults of
RULES-NOTES.md §Cinco where the text is silent.

The board is a :class:`~ruleproof.spec.cinco_board.Layout` (see
:mod:`ruleproof.spec.cinco_board`): the default hexagon (provisional
numbering), the square 9×10 board, or a user's own layout, carried as data
in the variant (flags ``layout_data`` and ``layout_sha256``; the command line
fills them from ``--layout FILE``). The deck has one card
per cell number (90 on the shipped boards).

The module follows the rulebook: the numbers it fixes (:data:`CONSTANTS`), the
variant and its flags, the moves and the state, the plain calculations (players
and teams, the deal, the turn, playing a card, the end), the rule table, the
ambiguities. It is written for a reader and computes every answer afresh; the
accelerations that make it fast (memories, tables, fast forms) live beside it
in :mod:`ruleproof.spec.accel.cinco` and give the same answers.

A turn is one move of the seat to act: ``draw`` (a chance move then deals the
card), ``exchange`` (the four cards go to the seat's discard pile and chance
deals four new ones) or ``play C at N`` (card ``C`` puts a chip on cell ``N``)
or ``play C burn`` (the card burns: no chip is placed). Every card that reaches
a hand is an explicit chance move ``deal C``, one card at a time, to the
lowest seat still owed cards.

>>> v = CincoVariant()
>>> colours_in_game(4, v), colours_in_game(6, CincoVariant(teams6="3x2"))
(2, 3)
>>> board = Board(layout_of(v), (FREE,) * 90)
>>> compute_target_cells(v, board.cells, 88)
(88, 89, 90)
>>> parse_move("play 34 at 50"), parse_move("draw")
(Play(card=34, cell=50), Draw())
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple, TypeAlias

from ruleproof.spec.cinco_board import (
    BUILTIN_LAYOUTS,
    COLOUR_NAMES,
    FREE,
    MAX_LAYOUT_CELLS,
    Board,
    Layout,
    LayoutError,
    compute_winning_lines,
    is_win,
    layout_digest,
    layout_from_text,
    line_problems,
    render_board_text,
)
from ruleproof.spec.cinco_board import custom_layout_flags as custom_layout_flags  # the flags of a custom board
from ruleproof.spec.core import (
    BOUNDARY_TAGS,
    CHANCE,
    TERMINAL,
    Ambiguity,
    ConstantTable,
    GameSpec,
    Move,
    Reading,
    Rule,
    RuleConstant,
    RuleKind,
    Source,
    Step,
    check_constant_flags,
)
from ruleproof.spec.errors import MoveParseError, PlayerCountError, VariantError

RULEBOOK = "004_236555ab6940bf96.txt"

SEC_INTRO = "Игра для двух-шести игроков."
SEC_SETUP = "Подготовка к игре"
SEC_TURN = "Ход игры"
SEC_END = "Конец игры"
SEC_SPECIAL = "Особые случаи"
SEC_JOKER = "Вариант ДЖОКЕР"

NOTE_LAYOUT = "RULES-NOTES.md §Cinco row 1: the board is data; hexagon by default (provisional numbering), square 9×10 by flag"


def _src(section: str, note: str = "") -> Source:
    return Source(RULEBOOK, section, note)


# --------------------------------------------------------------------------
# The numbers the rulebook fixes

_TEAMS = ("В случае 4х или 6ти игроков - игроки разбиваются на команды по 2 или 3 человека, причем игроки разных "
          "команд садятся по кругу через одного, чтобы команды ходили по очереди.")

#: Every number of the Cinco rulebook, named once (the other layers read them from here).
CONSTANTS = ConstantTable("cinco", (
    RuleConstant("min_players", 2, "the fewest players", _src(SEC_INTRO), "Игра для двух-шести игроков."),
    RuleConstant("max_players", 6, "the most players", _src(SEC_INTRO), "Игра для двух-шести игроков."),
    RuleConstant("team_players", (4, 6), "the player counts that play in teams, seated alternately",
                 _src(SEC_INTRO, "RULES-NOTES.md §Cinco row 3"), _TEAMS),
    RuleConstant("team_sizes", (2, 3), "how many players a team has: two or three",
                 _src(SEC_INTRO, "RULES-NOTES.md §Cinco row 3"), _TEAMS),
    RuleConstant("cells", 90, "numbered cells on the board, and cards in the deck: one card of each number 1 to 90 "
                 "(the shipped boards have as many; a custom layout brings its own)", _src(SEC_INTRO, NOTE_LAYOUT),
                 "В состав игры входит игровое ПОЛЕ, 35 ФИШЕК каждого цвета, КОЛОДА из 90 карт, пронумерованных "
                 "от 1 до 90."),
    # Bounds of the flags (issue 31): chips up to the most cells a board may have (a colour can then never run
    # out before the board fills); a hand of one to ten cards (the deck must hold more cards than the hands:
    # with six players ten cards each leave 30 of the 90 to draw); lines of three to six (every cell of both
    # shipped boards lies on a run of six, not of seven: the hexagon's corners lie on two edges of six and a
    # diagonal broken by the centre; a line of two would be mere adjacency).
    RuleConstant("chips", 35, "chips of each colour (a team shares its colour's chips)", _src(SEC_INTRO),
                 "В состав игры входит игровое ПОЛЕ, 35 ФИШЕК каждого цвета", 1, MAX_LAYOUT_CELLS),
    RuleConstant("hand_size", 4, "cards dealt to each player, the most a hand may hold, and the cards exchanged "
                 "together", _src(SEC_SETUP), "Каждому игроку выдается по 4 карты в закрытую.", 1, 10),
    RuleConstant("line_length", 5, "chips of one colour in an unbroken straight line that win", _src(SEC_END),
                 "Как только игрок составляет непрерывный прямой ряд из пяти фишек своего цвета - он побеждает", 3, 6),
))

MIN_PLAYERS = CONSTANTS.number("min_players")
MAX_PLAYERS = CONSTANTS.number("max_players")
#: The player counts that play in teams (four and six).
TEAM_PLAYERS: tuple[int, ...] = CONSTANTS.table("team_players")
#: Players per team (two or three).
TEAM_SIZES: tuple[int, ...] = CONSTANTS.table("team_sizes")
CELLS = CONSTANTS.number("cells")
CHIPS = CONSTANTS.number("chips")
HAND_SIZE = CONSTANTS.number("hand_size")
#: How many chips in a row win.
LINE = CONSTANTS.number("line_length")

#: The player counts CI-SETUP-1 accepts: from two to six, everyone alone below the first team count and in
#: teams of equal size, seated alternately, from it on; five players cannot sit so and are refused.
PLAYER_COUNTS: tuple[int, ...] = tuple(n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
                                       if n < TEAM_PLAYERS[0] or n in TEAM_PLAYERS)
#: Most chips per colour (flag ``chips``): as many as the largest board has cells.
MAX_CHIPS = CONSTANTS.constant("chips").high
#: Largest hand (flag ``hand_size``).
MAX_HAND_SIZE = CONSTANTS.constant("hand_size").high
#: Longest winning line (flag ``line_length``).
MAX_LINE = CONSTANTS.constant("line_length").high
#: The limit named in the message refusing each flag of a rule constant out of its bounds.
_LIMITS = {"chips": "MAX_CHIPS", "hand_size": "MAX_HAND_SIZE", "line_length": "MAX_LINE"}


@dataclass(frozen=True)
class CincoVariant:
    """The variant flags of Cinco (RULES-NOTES.md §Cinco).

    :param layout: the shipped board: ``"hex"`` (default, provisional
        numbering) or ``"square"`` (9×10 with diagonals).
    :param layout_data: a custom board as data, the canonical text of
        :func:`~ruleproof.spec.cinco_board.layout_to_text` (validated and
        bounded; every cell must lie on a run of ``line_length`` cells); when set it replaces ``layout``. Never a file name: the
        command line reads a layout file (``--layout FILE``) and puts its text here.
    :param layout_sha256: the SHA-256 of ``layout_data``
        (:func:`~ruleproof.spec.cinco_board.layout_digest`); filled in when
        left empty, refused when it does not match (an altered layout).
    :param exact_five: only a run of exactly five chips wins (default: five
        or more).
    :param teams6: six players play as two teams of three (``"2x3"``) or
        three teams of two (``"3x2"``).
    :param joker: the Joker variant: a card with no free cell at or above its
        number may take any free cell.
    :param joker_burn: with the Joker, whether such a card may also burn (the text's «может быть занято»:
        it *may* take any free cell) instead of having to take one (CI-AMB-12).
    :param five: five players: ``"refused"`` (the publisher's rules: teams need four or six) or ``"alone"``
        (the text's «Игра для двух-шести игроков»: five play alone, each with a colour, like two or three;
        CI-AMB-11).
    :param chips: chips per colour (the text: 35), 1 to :data:`MAX_CHIPS`.
    :param hand_size: the cards of a full hand (the text: 4), 1 to :data:`MAX_HAND_SIZE`: dealt at the
        start, the most a hand holds (drawing needs fewer), exchanged all together.
    :param line_length: how many chips in a line win (the text: five), 3 to :data:`MAX_LINE`; every cell of
        the board must lie on a run that long (``exact_five`` then means a run of exactly this length).
    :param reshuffle: when the discards become the new deck: ``"on_demand"``
        (default) when a card must be dealt and the deck is empty;
        ``"when_empty"`` as soon as the deck's last card is dealt (cards
        discarded later wait for the next time).
    :param first_seat: the seat that plays first (default 0: seats are
        numbered from the player chosen to start).
    :param chips_out: ``"last_chip"`` (default): a colour placing its last chip
        without a line ends the game in a draw; ``"all_out"``: the draw comes
        only when every colour has placed all its chips, and a colour out of
        chips can only burn the cards it plays.
    :param must_place: a player holding a card that can put a chip on the
        board must play such a card (drawing, exchanging and burning only
        without one); default ``False``: nothing forces a placement.

    >>> row = custom_layout_flags(Layout("row", "square", tuple((x, 0) for x in range(12)), ((1, 0),)))["layout_data"]
    >>> CincoVariant(layout_data=row).layout_sha256 == layout_digest(row)
    True
    >>> CincoVariant(layout_data=row, layout_sha256="0" * 64)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: layout_sha256 does not match layout_data (the layout was altered, or the hash belongs to another layout): the data hashes to c4eee97e373e…
    """

    #: Flags of earlier versions: accepted at their old value (which meant "nothing"), refused otherwise.
    RETIRED_FLAGS: ClassVar[dict[str, tuple[object, str]]] = {
        "layout_file": ("", "a record never names a file to open; give the layout on the command line "
                            "(--layout FILE): it then travels in the record as layout_data"),
    }

    layout: Literal["hex", "square"] = "hex"
    layout_data: str = ""
    layout_sha256: str = ""
    exact_five: bool = False
    teams6: Literal["2x3", "3x2"] = "2x3"
    joker: bool = False
    chips: int = CHIPS
    reshuffle: Literal["on_demand", "when_empty"] = "on_demand"
    first_seat: int = 0
    chips_out: Literal["last_chip", "all_out"] = "last_chip"
    must_place: bool = False
    hand_size: int = HAND_SIZE
    line_length: int = LINE
    five: Literal["refused", "alone"] = "refused"
    joker_burn: bool = False

    def __post_init__(self) -> None:
        try:
            check_constant_flags(self, CONSTANTS)
        except VariantError as exc:
            raise VariantError(f"{exc} (limit {_LIMITS[exc.flag]})", flag=exc.flag) from None
        if not isinstance(self.first_seat, int) or isinstance(self.first_seat, bool) or not 0 <= self.first_seat < MAX_PLAYERS:
            raise VariantError(f"first_seat must be a seat number 0..{MAX_PLAYERS - 1} (limit MAX_PLAYERS); "
                               f"got {self.first_seat!r}", flag="first_seat")
        if self.layout not in ("hex", "square"):
            raise VariantError(f"layout must be 'hex' or 'square' (or give --layout FILE); got {self.layout!r}",
                               flag="layout")
        if self.teams6 not in ("2x3", "3x2"):
            raise VariantError(f"teams6 must be '2x3' or '3x2'; got {self.teams6!r}", flag="teams6")
        if not isinstance(self.layout_data, str) or not isinstance(self.layout_sha256, str):
            raise VariantError("layout_data and layout_sha256 must be strings",
                               flag="layout_data" if not isinstance(self.layout_data, str) else "layout_sha256")
        if self.layout_data:
            try:
                layout = layout_from_text(self.layout_data)
                problems = line_problems(layout, self.line_length)
                if problems:
                    raise LayoutError(f"layout {layout.name!r}: " + "; ".join(problems))
            except VariantError as exc:
                exc.flag = "layout_data"
                raise
            digest = layout_digest(self.layout_data)
            if not self.layout_sha256:
                object.__setattr__(self, "layout_sha256", digest)
            elif self.layout_sha256 != digest:
                raise VariantError("layout_sha256 does not match layout_data (the layout was altered, or the hash "
                                   f"belongs to another layout): the data hashes to {digest[:12]}…",
                                   flag="layout_sha256")
        elif self.layout_sha256:
            raise VariantError("layout_sha256 is set without layout_data (a hash names no board; give the layout "
                               "with --layout FILE)", flag="layout_sha256")
        elif self.line_length != LINE:  # the shipped boards suit every length within the bounds (tested)
            problems = line_problems(BUILTIN_LAYOUTS[self.layout], self.line_length)
            if problems:
                raise VariantError(f"line_length {self.line_length} does not suit layout {self.layout!r}: "
                                   + "; ".join(problems), flag="line_length")


def layout_of(variant: CincoVariant) -> Layout:
    """The board a variant plays on.

    >>> layout_of(CincoVariant(layout="square")).name
    'square'
    >>> layout_of(CincoVariant(**custom_layout_flags(Layout("row", "square", tuple((x, 0) for x in range(7)),
    ...                                                        ((1, 0),))))).size
    7
    """
    if variant.layout_data:
        return layout_from_text(variant.layout_data)
    return BUILTIN_LAYOUTS[variant.layout]


# --------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Chance deals ``card`` to the lowest seat still owed cards."""

    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """The seat to act draws one card (chance then deals it)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Exchange(Move):
    """The seat to act discards its four cards (chance then deals four new ones)."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Play(Move):
    """The seat to act plays ``card``: a chip goes on cell ``cell``, or the card burns (``cell`` 0)."""

    card: int
    cell: int

    def __str__(self) -> str:
        return f"play {self.card} burn" if self.cell == 0 else f"play {self.card} at {self.cell}"


CincoMove: TypeAlias = Deal | Draw | Exchange | Play
#: The single Draw and Exchange moves.
DRAW = Draw()
EXCHANGE = Exchange()


def parse_move(text: str) -> CincoMove:
    """Parse a move's text form.

    >>> parse_move("deal 7"), parse_move("exchange"), parse_move("play 90 burn")
    (Deal(card=7), Exchange(), Play(card=90, cell=0))
    >>> parse_move("play 0 at 3")
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.MoveParseError: card and cell numbers start at 1 in 'play 0 at 3'
    """
    words = text.strip().split()
    if words == ["draw"]:
        return DRAW
    if words == ["exchange"]:
        return EXCHANGE
    try:
        if len(words) == 2 and words[0] == "deal":
            card = int(words[1])
            if card < 1:
                raise MoveParseError(f"card numbers start at 1 in {text!r}")
            return Deal(card)
        if len(words) == 3 and words[0] == "play" and words[2] == "burn":
            card = int(words[1])
            if card < 1:
                raise MoveParseError(f"card numbers start at 1 in {text!r}")
            return Play(card, 0)
        if len(words) == 4 and words[0] == "play" and words[2] == "at":
            card, cell = int(words[1]), int(words[3])
            if card < 1 or cell < 1:
                raise MoveParseError(f"card and cell numbers start at 1 in {text!r}")
            return Play(card, cell)
    except ValueError as exc:
        if isinstance(exc, MoveParseError):
            raise
        raise MoveParseError(f"expected a number in {text!r}") from None
    raise MoveParseError(
        f"cannot parse move {text!r}; expected 'deal C', 'draw', 'exchange', 'play C at N' or 'play C burn'"
    )


# --------------------------------------------------------------------------
# State (shared with the engine)


class CincoState(NamedTuple):
    """A Cinco position. Every card is in exactly one of deck, hands, discards.

    :param deck: the cards not yet drawn, sorted (their order is chance's business).
    :param hands: each seat's hand, sorted.
    :param discards: each seat's own face-down pile of played, burnt and
        exchanged cards, sorted.
    :param owed: how many cards chance still deals to each seat.
    :param board: the chip colour on each cell (``board[n - 1]`` for cell
        ``n``), :data:`FREE` when empty.
    :param chips: the chips each colour has left.
    :param turn: the seat whose turn it is (once owed cards are dealt).
    :param winner: the colour that completed a line, -1 if none.
    :param finished: whether the game is over (a win or a draw).
    """

    variant: CincoVariant
    players: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    owed: tuple[int, ...]
    board: tuple[int, ...]
    chips: tuple[int, ...]
    turn: int
    winner: int
    finished: bool


# --------------------------------------------------------------------------
# Players and teams («Игра для двух-шести игроков»)


#: The accepted player counts in words (``2, 3, 4 or 6``).
PLAYER_COUNTS_TEXT = ", ".join(map(str, PLAYER_COUNTS[:-1])) + f" or {PLAYER_COUNTS[-1]}"


def player_counts(variant: CincoVariant | None = None) -> tuple[int, ...]:
    """The player counts CI-SETUP-1 accepts under ``variant``: :data:`PLAYER_COUNTS`, and five with
    ``five="alone"``.

    >>> player_counts(), player_counts(CincoVariant(five="alone"))
    ((2, 3, 4, 6), (2, 3, 4, 5, 6))
    """
    if variant is not None and variant.five == "alone":
        return tuple(sorted(set(PLAYER_COUNTS) | set(range(MIN_PLAYERS, MAX_PLAYERS + 1))))
    return PLAYER_COUNTS


def check_players(players: int, variant: CincoVariant | None = None) -> None:
    """Raise :class:`PlayerCountError` unless the game can be played by ``players``.

    >>> check_players(5)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.PlayerCountError: Cinco is for 2, 3, 4 or 6 players (4 and 6 play in teams); got 5: 5 players cannot form teams of equal size with alternating seats (five=alone lets them play alone)
    """
    if not isinstance(players, int) or players not in player_counts(variant):
        why = (f": {players} players cannot form teams of equal size with alternating seats (five=alone lets "
               "them play alone)"
               if isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS else "")
        raise PlayerCountError(f"Cinco is for {PLAYER_COUNTS_TEXT} players ({' and '.join(map(str, TEAM_PLAYERS))} "
                               f"play in teams); got {players!r}{why}")
    if variant is not None:
        if variant.first_seat >= players:
            raise PlayerCountError(
                f"first_seat {variant.first_seat} is not a seat of a {players}-player game (seats 0..{players - 1})"
            )
        size = layout_of(variant).size
        if size <= variant.hand_size * players:
            raise PlayerCountError(
                f"layout {layout_of(variant).name!r} has only {size} cells (and cards); "
                f"{players} players need more than {variant.hand_size * players}"
            )


def colours_in_game(players: int, variant: CincoVariant) -> int:
    """How many colours (players or teams) play: everyone alone below the team counts; four players form two
    teams of two, six players two teams of three (``teams6="2x3"``) or three teams of two (``"3x2"``)."""
    if players not in TEAM_PLAYERS:
        return players
    pairs, triples = TEAM_SIZES
    if players % triples or variant.teams6 == "3x2":
        return players // pairs  # four players, or six in three teams of two
    return players // triples  # six players in two teams of three


def colour_of(players: int, variant: CincoVariant, seat: int) -> int:
    """The colour of a seat; teams alternate around the table (seat ``s`` plays colour ``s mod teams``)."""
    return seat % colours_in_game(players, variant)


def team_seats(players: int, variant: CincoVariant, colour: int) -> frozenset[int]:
    """The seats that play ``colour``.

    >>> sorted(team_seats(6, CincoVariant(), 1))
    [1, 3, 5]
    """
    return frozenset(s for s in range(players) if colour_of(players, variant, s) == colour)


# --------------------------------------------------------------------------
# Setting up: the deck and the deal («Подготовка к игре»)


def deck_cards(variant: CincoVariant) -> tuple[int, ...]:
    """One card per cell number."""
    return tuple(range(1, layout_of(variant).size + 1))


def initial_state(players: int, variant: CincoVariant) -> CincoState:
    """The state before the deal: every card in the deck, a hand (four) owed to each seat, ``first_seat`` (0) to
    start."""
    check_players(players, variant)
    size = layout_of(variant).size
    return CincoState(
        variant, players, tuple(range(1, size + 1)), ((),) * players, ((),) * players,
        (variant.hand_size,) * players, (FREE,) * size, (variant.chips,) * colours_in_game(players, variant),
        variant.first_seat, -1, False,
    )


def deal_receiver(state: CincoState) -> int:
    """The seat the next dealt card goes to: the lowest seat still owed cards (-1: none)."""
    for seat, count in enumerate(state.owed):
        if count:
            return seat
    return -1


def cards_to_draw(state: CincoState) -> tuple[int, ...]:
    """The cards chance may deal next: the deck, or every discard when the deck is empty."""
    if state.deck:
        return state.deck
    return tuple(sorted(c for pile in state.discards for c in pile))


def compute_deal(
    variant: CincoVariant, deck: tuple[int, ...], discards: tuple[tuple[int, ...], ...], card: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The deck and discard piles after chance deals ``card``.

    An empty deck is first rebuilt from every discard pile (both readings of
    CI-AMB-5); with ``reshuffle="when_empty"`` the piles also become the new
    deck as soon as the deal takes the deck's last card.

    >>> compute_deal(CincoVariant(), (7,), ((1, 2), (3,)), 7)
    ((), ((1, 2), (3,)))
    >>> compute_deal(CincoVariant(reshuffle="when_empty"), (7,), ((1, 2), (3,)), 7)
    ((1, 2, 3), ((), ()))
    """
    empty: tuple[tuple[int, ...], ...] = ((),) * len(discards)
    if not deck:
        deck, discards = tuple(sorted(c for pile in discards for c in pile)), empty
    deck = tuple(c for c in deck if c != card)
    if not deck and variant.reshuffle == "when_empty" and any(discards):
        deck, discards = tuple(sorted(c for pile in discards for c in pile)), empty
    return deck, discards


# --------------------------------------------------------------------------
# The turn: who acts, drawing, playing a card («Ход игры»)


def is_blocked(state: CincoState) -> bool:
    """Nobody can act: cards are owed, or the seat to act holds no card, and there
    is nothing to draw (deck and discards empty)."""
    nothing_to_draw = not cards_to_draw(state)
    if any(state.owed):
        return nothing_to_draw
    return nothing_to_draw and not state.hands[state.turn]


def compute_whose_turn(state: CincoState) -> int:
    """Who acts: a seat, :data:`CHANCE` or :data:`TERMINAL` (the spec's own account).

    A position in which nobody can act (cards are owed but none can be drawn,
    or the seat to act holds no card and none can be drawn) is over: a draw
    (rule CI-END-3). It cannot arise in play when the layout has more cards
    than four per player, which :func:`check_players` requires.
    """
    if state.finished or is_blocked(state):
        return TERMINAL
    if any(state.owed):
        return CHANCE
    return state.turn


def board_of(state: CincoState) -> Board:
    """The state's board with its layout."""
    return Board(layout_of(state.variant), state.board)


def free_cells(cells: tuple[int, ...]) -> tuple[int, ...]:
    """The numbers of the free cells."""
    return tuple(n for n, c in enumerate(cells, start=1) if c == FREE)


def is_joker_card(variant: CincoVariant, cells: tuple[int, ...], card: int) -> bool:
    """Whether ``card`` acts as a joker: the Joker variant is on and no free cell is numbered ``card`` or more."""
    return variant.joker and not any(c == FREE for c in cells[card - 1 :])


def compute_target_cells(variant: CincoVariant, cells: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The cells ``card`` may put a chip on: free cells numbered at or above it; a
    joker card (Joker variant) any free cell. Empty: the card burns."""
    at_or_above = tuple(n for n in free_cells(cells) if n >= card)
    if at_or_above or not variant.joker:
        return at_or_above
    return free_cells(cells)


def can_place(state: CincoState, seat: int) -> bool:
    """Whether ``seat`` holds a card that can put a chip on the board (its colour has a chip and the card a cell)."""
    if state.chips[colour_of(state.players, state.variant, seat)] == 0:
        return False
    return any(compute_target_cells(state.variant, state.board, c) for c in state.hands[seat])


# --------------------------------------------------------------------------
# The end: a line, the draws («Конец игры», «Особые случаи»)


EndReason: TypeAlias = Literal["win", "chips", "full", ""]


def compute_end_reason(state: CincoState, colour: int) -> EndReason:
    """Why the game ends right after ``colour`` placed a chip (-1: no chip was
    placed) leading to ``state`` (``""``: it goes on). A win comes first, then
    the draws: the colour's last chip used, the board full."""
    variant = state.variant
    board = board_of(state)
    if colour >= 0 and is_win(board, colour, variant.line_length, variant.exact_five):
        return "win"
    if colour >= 0 and state.chips[colour] == 0 and (variant.chips_out == "last_chip" or not any(state.chips)):
        return "chips"
    if FREE not in state.board:
        return "full"
    return ""


def compute_winners(state: CincoState) -> frozenset[int]:
    """The seats of the winning colour; in a draw (also a blocked position) every seat shares."""
    if state.winner >= 0:
        return team_seats(state.players, state.variant, state.winner)
    return frozenset(range(state.players))


def render_text(state: CincoState) -> str:
    """The board, the chips left, the hands and the piles, as text."""
    colours = colours_in_game(state.players, state.variant)
    lines = [render_board_text(layout_of(state.variant), state.board)]
    lines.append("chips: " + ", ".join(f"{COLOUR_NAMES[c]} {state.chips[c]}" for c in range(colours)))
    for s in range(state.players):
        mark = " <" if compute_whose_turn(state) == s else ""
        lines.append(
            f"seat {s} ({COLOUR_NAMES[colour_of(state.players, state.variant, s)]}): "
            f"hand {' '.join(map(str, state.hands[s])) or '-'} | discards {len(state.discards[s])}{mark}"
        )
    status = f"deck {len(state.deck)}"
    if state.finished:
        status += " | " + (f"{COLOUR_NAMES[state.winner]} wins" if state.winner >= 0 else "draw")
    lines.append(status)
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Rules

CStep: TypeAlias = Step[CincoVariant, CincoState, CincoMove]


def _colour(step: CStep) -> int:
    return colour_of(step.before.players, step.variant, step.actor)


def _is_seat_move(step: CStep) -> bool:
    return step.actor >= 0 and not isinstance(step.move, Deal)


def _is_play(step: CStep) -> bool:
    return isinstance(step.move, Play) and step.actor >= 0


def _is_placement(step: CStep) -> bool:
    return _is_play(step) and step.move.cell != 0  # type: ignore[union-attr]


def _is_deal(step: CStep) -> bool:
    return step.actor == CHANCE and isinstance(step.move, Deal)


def _hand(step: CStep) -> tuple[int, ...]:
    state = step.before
    return state.hands[step.actor] if 0 <= step.actor < state.players else ()


def _check_players(step: CStep) -> str | None:
    n = step.before.players
    if n in player_counts(step.variant):
        return None
    return f"{n} players; Cinco is for {PLAYER_COUNTS_TEXT} (five cannot form alternating teams; five=alone lets them)"


def _check_turn(step: CStep) -> str | None:
    expected = compute_whose_turn(step.before)
    if step.actor == expected:
        if step.actor == CHANCE and not isinstance(step.move, Deal):
            return f"{step.move}: chance only deals cards"
        if step.actor >= 0 and isinstance(step.move, Deal):
            return f"{step.move}: players do not deal cards"
        return None
    who = {CHANCE: "chance (cards are owed)", TERMINAL: "nobody (the game is over)"}.get(expected, f"seat {expected}")
    actor = "chance" if step.actor == CHANCE else f"seat {step.actor}"
    return f"{actor} acted but it is the turn of {who}"


def _check_deal_card(step: CStep) -> str | None:
    move = step.move
    if not isinstance(move, Deal):
        return None
    if move.card in cards_to_draw(step.before):
        return None
    where = "deck" if step.before.deck else "discard piles (the deck is empty)"
    return f"card {move.card} is not in the {where}"


def _check_draw(step: CStep) -> str | None:
    if not isinstance(step.move, Draw):
        return None
    hand = _hand(step)
    if len(hand) >= step.variant.hand_size:
        return (f"seat {step.actor} holds {len(hand)} cards {list(hand)}; drawing needs fewer than "
                f"{step.variant.hand_size}")
    if not cards_to_draw(step.before):
        return "there is no card to draw (deck and discard piles are empty)"
    return None


def _check_exchange(step: CStep) -> str | None:
    if not isinstance(step.move, Exchange):
        return None
    hand = _hand(step)
    if len(hand) != step.variant.hand_size:
        return (f"seat {step.actor} holds {len(hand)} cards {list(hand)}; exchanging needs exactly "
                f"{step.variant.hand_size}")
    return None


def _check_card_in_hand(step: CStep) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    hand = _hand(step)
    return None if move.card in hand else f"card {move.card} is not in seat {step.actor}'s hand {list(hand)}"


def _check_free_cell(step: CStep) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    cells = step.before.board
    if move.cell == 0:
        return None
    if not 1 <= move.cell <= len(cells):
        return f"there is no cell {move.cell} on the board (cells 1..{len(cells)})"
    colour = cells[move.cell - 1]
    if colour != FREE:
        return f"cell {move.cell} already holds a {COLOUR_NAMES[colour]} chip"
    return None


def _check_at_or_above(step: CStep) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    if move.cell == 0 or move.cell >= move.card:
        return None
    cells = step.before.board
    if is_joker_card(step.variant, cells, move.card):
        return None
    if step.variant.joker:
        higher = [n for n in free_cells(cells) if n >= move.card]
        return (
            f"card {move.card} cannot take cell {move.cell}: free cells {higher} are numbered "
            f"{move.card} or more, so the card is no joker"
        )
    return f"card {move.card} can only take a free cell numbered {move.card} or more, not cell {move.cell}"


def _check_burn(step: CStep) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    if move.cell != 0:
        return None
    if step.before.chips[_colour(step)] == 0:
        return None  # a colour out of chips (chips_out "all_out") can only burn
    targets = compute_target_cells(step.variant, step.before.board, move.card)
    if not targets:
        return None
    if step.variant.joker_burn and is_joker_card(step.variant, step.before.board, move.card):
        return None  # CI-AMB-12: the joker card may take any free cell, or burn
    shown = ", ".join(map(str, targets[:6])) + (", ..." if len(targets) > 6 else "")
    return f"card {move.card} cannot burn: it can take free cells [{shown}]"


def _check_chip_left(step: CStep) -> str | None:
    move = step.move
    assert isinstance(move, Play)
    if move.cell == 0:
        return None
    colour = _colour(step)
    if step.before.chips[colour] > 0:
        return None
    return f"the {COLOUR_NAMES[colour]} colour has no chip left"


def _check_must_place(step: CStep) -> str | None:
    move = step.move
    if not step.variant.must_place or (isinstance(move, Play) and move.cell != 0):
        return None
    if not 0 <= step.actor < step.before.players or not can_place(step.before, step.actor):
        return None
    return f"{move}: seat {step.actor} holds a card that can place a chip, and with must_place it must play one"


def _check_not_blocked(step: CStep) -> str | None:
    state = step.before
    if state.finished or not is_blocked(state):
        return None
    if any(state.owed):
        return "cards are owed but the deck and every discard pile are empty: the game is over (a draw)"
    return f"seat {state.turn} holds no card and the deck and discards are empty: the game is over (a draw)"


def _same_except(before: CincoState, after: CincoState, *names: str) -> list[str]:
    fixed = ("variant", "players", "deck", "hands", "discards", "owed", "board", "chips")
    return [f for f in fixed if f not in names and getattr(before, f) != getattr(after, f)]


def _check_deal_effect(step: CStep) -> str | None:
    before, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Deal)
    seat = deal_receiver(before)
    if seat < 0:
        return None
    expected_deck, expected_discards = compute_deal(step.variant, before.deck, before.discards, move.card)
    if after.deck != expected_deck:
        return f"dealing {move.card} must remove it from the deck"
    if after.hands[seat] != tuple(sorted(before.hands[seat] + (move.card,))):
        return f"card {move.card} must go to seat {seat}'s hand (the lowest seat owed cards)"
    owed = list(before.owed)
    owed[seat] -= 1
    if after.owed != tuple(owed):
        return f"seat {seat} must be owed one card fewer: {owed}"
    others = [s for s in range(before.players) if s != seat]
    if any(after.hands[s] != before.hands[s] for s in others):
        return "only the receiving seat's hand may change"
    if after.discards != expected_discards:
        if any(expected_discards):
            return "the discard piles stay put while the deck has cards"
        return "the discard piles must be shuffled into the new deck"
    changed = _same_except(before, after, "deck", "hands", "owed", "discards")
    if changed or after.turn != before.turn or after.finished != before.finished:
        return f"dealing a card must not change {changed or ['turn/finished']}"
    return None


def _check_reshuffle(step: CStep) -> str | None:
    after = step.after
    assert after is not None
    if any(after.discards):
        return "when the deck is empty every discard pile is shuffled into the new deck"
    return None


def _check_draw_effect(step: CStep) -> str | None:
    before, after = step.before, step.after
    assert after is not None
    owed = tuple(1 if s == step.actor else 0 for s in range(before.players))
    if after.owed != owed:
        return f"drawing makes chance deal exactly one card to seat {step.actor}"
    changed = _same_except(before, after, "owed")
    return f"drawing must not change {changed}" if changed else None


def _check_exchange_effect(step: CStep) -> str | None:
    before, after = step.before, step.after
    assert after is not None
    seat = step.actor
    hand = before.hands[seat]
    if after.hands[seat] != () or Counter(after.discards[seat]) != Counter(before.discards[seat] + hand):
        return f"all {len(hand)} cards {list(hand)} must go to seat {seat}'s discard pile"
    owed = tuple(step.variant.hand_size if s == seat else 0 for s in range(before.players))
    if after.owed != owed:
        return f"exchanging makes chance deal {step.variant.hand_size} new cards to seat {seat}"
    changed = _same_except(before, after, "owed", "hands", "discards")
    return f"exchanging must not change {changed}" if changed else None


def _check_play_effect(step: CStep) -> str | None:
    before, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Play)
    seat = step.actor
    hand = list(before.hands[seat])
    if move.card in hand:
        hand.remove(move.card)
    if after.hands[seat] != tuple(hand):
        return f"card {move.card} must leave seat {seat}'s hand"
    if Counter(after.discards[seat]) != Counter(before.discards[seat] + (move.card,)):
        return f"card {move.card} must go to seat {seat}'s own discard pile"
    if move.cell == 0 and (after.board != before.board or after.chips != before.chips):
        return f"burnt card {move.card} places no chip; the chip stays with its owner"
    changed = _same_except(before, after, "hands", "discards", "board", "chips")
    return f"playing a card must not change {changed}" if changed else None


def _check_team_chip(step: CStep) -> str | None:
    before, after, move = step.before, step.after, step.move
    assert after is not None and isinstance(move, Play)
    colour = _colour(step)
    expected_board = before.board[: move.cell - 1] + (colour,) + before.board[move.cell :]
    if after.board != expected_board:
        return f"cell {move.cell} must receive a {COLOUR_NAMES[colour]} chip (seat {step.actor}'s team colour)"
    chips = tuple(c - 1 if i == colour else c for i, c in enumerate(before.chips))
    if after.chips != chips:
        return f"the {COLOUR_NAMES[colour]} team's shared stock must drop by one to {chips[colour]}"
    return None


def _end_reason_after(step: CStep) -> EndReason:
    after = step.after
    assert after is not None
    colour = _colour(step) if _is_placement(step) else -1
    return compute_end_reason(after._replace(finished=False, winner=-1), colour)


def _check_win(step: CStep) -> str | None:
    after = step.after
    assert after is not None
    reason = _end_reason_after(step)
    if reason == "win":
        colour = _colour(step)
        if not after.finished or after.winner != colour:
            lines = compute_winning_lines(board_of(after), colour, step.variant.line_length, step.variant.exact_five)
            return f"{COLOUR_NAMES[colour]} completes the line {list(lines[0])} and must win at once"
        return None
    if after.winner != -1:
        return f"{COLOUR_NAMES[after.winner]} is declared the winner without a line of {step.variant.line_length}"
    return None


def _check_draw_end(reason: EndReason, why: str) -> Callable[[CStep], str | None]:
    def check(step: CStep) -> str | None:
        after = step.after
        assert after is not None
        if _end_reason_after(step) != reason:
            return None
        if after.finished and after.winner == -1:
            return None
        return f"the game must end in a draw: {why}"

    return check


def _check_goes_on(step: CStep) -> str | None:
    before, after = step.before, step.after
    assert after is not None
    if _end_reason_after(step) == "":
        if after.finished:
            return "the game must go on: no line was completed and no draw condition holds"
    expected_turn = (before.turn + 1) % before.players
    if after.turn != expected_turn:
        return f"the turn must pass to seat {expected_turn}"
    return None


def _check_outcome(step: Step[CincoVariant, CincoState, object]) -> str | None:
    expected = compute_winners(step.before)
    if step.move == expected:
        return None
    return f"the winners must be seats {sorted(expected)}, not {step.move!r}"


RULES: tuple[Rule, ...] = (
    Rule(
        "CI-SETUP-1", "Player count",
        "Cinco is played by two, three, four or six players; five are refused because they cannot form "
        "teams of equal size sitting alternately (with five='alone' five play alone, CI-AMB-11).",
        _src(SEC_INTRO, "RULES-NOTES.md §Cinco row 3"), RuleKind.LEGALITY, _check_players, flags=("five",),
    ),
    Rule(
        "CI-TURN-1", "Turn order",
        "Seats take turns around the table starting with seat first_seat (0 by default); chance acts only to "
        "deal the cards owed "
        "after a draw, an exchange or at the start (four, hand_size, to each seat, one card at a time, lowest "
        "seat first), and nobody acts once the game is over.",
        _src(SEC_TURN), RuleKind.LEGALITY, _check_turn, flags=("first_seat", "hand_size"),
    ),
    Rule(
        "CI-DEAL-1", "Cards come from the deck",
        "A dealt card comes from the deck; when the deck is empty it comes from the new deck formed by "
        "shuffling every discard pile.",
        _src(SEC_SETUP), RuleKind.LEGALITY, _check_deal_card, _is_deal, moves=(Deal,),
    ),
    Rule(
        "CI-DEAL-2", "Dealt card joins the hand",
        "A dealt card leaves the deck and joins the hand of the lowest seat still owed a card; while the "
        "deck has cards the discard piles stay where they are (with reshuffle 'when_empty' they become the "
        "new deck as soon as the deck's last card is dealt).",
        _src(SEC_SETUP), RuleKind.EFFECT, _check_deal_effect, _is_deal, flags=("reshuffle",),
    ),
    Rule(
        "CI-DECK-1", "Reshuffle",
        "When a card must be drawn and the deck is empty, all players' discard piles are shuffled together "
        "into a new deck; with reshuffle 'when_empty' this happens as soon as the deck's last card is dealt.",
        _src(SEC_SPECIAL, "RULES-NOTES.md §Cinco row 6"), RuleKind.EFFECT, _check_reshuffle,
        lambda step: _is_deal(step) and (
            not step.before.deck or (step.variant.reshuffle == "when_empty" and len(step.before.deck) == 1)
        ),
        flags=("reshuffle",),
    ),
    Rule(
        "CI-HAND-1", "Draw with fewer than four",
        "A player may draw one card only while holding fewer than four (hand_size); with no card at all "
        "drawing is the only possible move.",
        _src(SEC_TURN, "RULES-NOTES.md §Cinco row 4"), RuleKind.LEGALITY, _check_draw,
        lambda step: isinstance(step.move, Draw) and step.actor >= 0, moves=(Draw,), flags=("hand_size",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "CI-HAND-2", "Exchange all four",
        "A player holding exactly four cards (hand_size) may exchange them, all together, instead of playing.",
        _src(SEC_TURN, "RULES-NOTES.md §Cinco row 4"), RuleKind.LEGALITY, _check_exchange,
        lambda step: isinstance(step.move, Exchange) and step.actor >= 0, moves=(Exchange,), flags=("hand_size",),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "CI-HAND-3", "Drawing",
        "Drawing gives the player one card from the deck and ends the turn; nothing else changes.",
        _src(SEC_TURN), RuleKind.EFFECT, _check_draw_effect,
        lambda step: isinstance(step.move, Draw) and step.actor >= 0,
    ),
    Rule(
        "CI-HAND-4", "Exchanging",
        "Exchanging puts the four cards (hand_size) on the player's own discard pile and gives as many new "
        "cards from the deck; the turn ends.",
        _src(SEC_TURN), RuleKind.EFFECT, _check_exchange_effect,
        lambda step: isinstance(step.move, Exchange) and step.actor >= 0, flags=("hand_size",),
    ),
    Rule(
        "CI-PLAY-1", "Play from the hand",
        "The card played must come from the player's own hand.",
        _src(SEC_TURN), RuleKind.LEGALITY, _check_card_in_hand, _is_play, moves=(Play,),
    ),
    Rule(
        "CI-PLAY-2", "A free cell",
        "A chip can only go on a cell of the board that holds no chip.",
        _src(SEC_TURN, NOTE_LAYOUT), RuleKind.LEGALITY, _check_free_cell, _is_play,
        flags=("layout", "layout_data"), moves=(Play,),
    ),
    Rule(
        "CI-PLAY-3", "At or above the card",
        "The chip goes on a cell numbered at least the card's number. In the Joker variant a card with no "
        "free cell at or above its number may take any free cell instead.",
        _src(SEC_TURN), RuleKind.LEGALITY, _check_at_or_above, _is_play, flags=("joker",),
        moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "CI-PLAY-4", "Burning",
        "A played card burns (no chip is placed) only when it cannot take any cell: no free cell numbered at "
        "or above it, or in the Joker variant no free cell at all; a colour out of chips (chips_out 'all_out') "
        "burns every card it plays. With joker_burn a joker card may burn although it could take a cell.",
        _src(SEC_TURN, "RULES-NOTES.md §Cinco row 5"), RuleKind.LEGALITY, _check_burn, _is_play,
        flags=("joker", "chips_out", "joker_burn"), moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "CI-PLAY-5", "A chip to place",
        "Placing needs a chip of the player's colour still in stock.",
        _src(SEC_SETUP), RuleKind.LEGALITY, _check_chip_left, _is_play, flags=("chips",), moves=(Play,),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "CI-PLAY-7", "Must place (must_place)",
        "Only with must_place: a player holding a card that can put a chip on a cell (and a chip to put) must "
        "play such a card; drawing, exchanging and burning are left for turns without one.",
        _src(SEC_TURN, "CI-AMB-10: the text forces no placement, so play may go on forever"), RuleKind.LEGALITY,
        _check_must_place, lambda step: step.variant.must_place and _is_seat_move(step), flags=("must_place",),
    ),
    Rule(
        "CI-PLAY-6", "Played cards to the own pile",
        "A played card, placed or burnt, leaves the hand for the player's own face-down discard pile; a burnt "
        "card places no chip and the chip stays in stock.",
        _src(SEC_TURN), RuleKind.EFFECT, _check_play_effect, _is_play,
    ),
    Rule(
        "CI-TEAM-1", "Team colours",
        "Each player or team owns one colour with 35 chips; with four players two teams of two, with six two "
        "teams of three or three teams of two, seated alternately (seat s plays colour s mod teams). "
        "A placed chip has the team's colour and comes out of the team's shared stock.",
        _src(SEC_INTRO, "RULES-NOTES.md §Cinco row 3"), RuleKind.EFFECT, _check_team_chip, _is_placement,
        flags=("teams6", "chips"),
    ),
    Rule(
        "CI-WIN-1", "Five in a line",
        "The player (team) whose chip completes an unbroken straight line of five (line_length) or more chips "
        "of its colour wins at once; with exact_five only a run of exactly that many wins.",
        _src(SEC_END, "RULES-NOTES.md §Cinco row 2"), RuleKind.EFFECT, _check_win, _is_seat_move,
        flags=("exact_five", "layout", "layout_data", "line_length"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "CI-END-1", "Out of chips: a draw",
        "When a colour places its last chip without completing a line, the game ends in a draw; with chips_out "
        "'all_out' only when the last chip of every colour is placed.",
        _src(SEC_SPECIAL, "RULES-NOTES.md §Cinco row 7"), RuleKind.EFFECT,
        _check_draw_end("chips", "the colour has used all its chips"),
        lambda step: _is_placement(step) and (
            step.before.chips[_colour(step)] == 1 if step.variant.chips_out == "last_chip"
            else sum(step.before.chips) == 1
        ),
        flags=("chips", "chips_out"),
        tags=BOUNDARY_TAGS,
    ),
    Rule(
        "CI-END-2", "Full board: a draw",
        "When no free cell is left and nobody has won, the game ends in a draw (the text is silent; see "
        "CI-AMB-6).",
        _src(SEC_SPECIAL), RuleKind.EFFECT,
        _check_draw_end("full", "no free cell is left"),
        lambda step: _is_placement(step) and step.before.board.count(FREE) == 1,
    ),
    Rule(
        "CI-END-3", "No possible move: a draw",
        "A position where nobody can act (the seat to act holds no card, or cards are owed, and the deck and "
        "discards are empty) is over and drawn; no move may be made in it (the text is silent; see CI-AMB-7).",
        _src(SEC_SPECIAL), RuleKind.LEGALITY, _check_not_blocked,
        lambda step: not step.before.finished and is_blocked(step.before),
    ),
    Rule(
        "CI-TURN-2", "The turn passes",
        "After a player's move the turn passes to the next seat, and the game goes on unless a line was "
        "completed or a draw condition holds.",
        _src(SEC_TURN), RuleKind.EFFECT, _check_goes_on, _is_seat_move,
    ),
    Rule(
        "CI-OUT-1", "Winners",
        "Every seat of the winning colour wins; after a draw every seat shares the result.",
        _src(SEC_END), RuleKind.OUTCOME, _check_outcome,
    ),
)

AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "CI-AMB-1", "What does the board look like and how are its cells numbered?",
        "В состав игры входит игровое ПОЛЕ",
        _src(SEC_INTRO, NOTE_LAYOUT),
        (Reading("hex", "radius-5 hexagon without its centre, rings numbered outwards alternating direction "
                 "(provisional: the published numbering is unknown)"),
         Reading("square", "9×10 square with rows, columns and diagonals")),
        "hex", "layout", ("CI-PLAY-2", "CI-WIN-1"),
    ),
    Ambiguity(
        "CI-AMB-2", "Does a line of six or more win, or only exactly five?",
        "непрерывный прямой ряд из пяти фишек своего цвета",
        _src(SEC_END, "RULES-NOTES.md §Cinco row 2"),
        (Reading(False, "five or more in a line win (the publisher)"),
         Reading(True, "only a run of exactly five wins")),
        False, "exact_five", ("CI-WIN-1",),
    ),
    Ambiguity(
        "CI-AMB-3", "How do six players form teams?",
        "игроки разбиваются на команды по 2 или 3 человека",
        _src(SEC_INTRO, "RULES-NOTES.md §Cinco row 3"),
        (Reading("2x3", "two teams of three"), Reading("3x2", "three teams of two")),
        "2x3", "teams6", ("CI-TEAM-1",),
    ),
    Ambiguity(
        "CI-AMB-4", "What happens to a card with no free cell at or above its number?",
        "В этом случае карта \"сгорает\"",
        _src(SEC_TURN, "RULES-NOTES.md §Cinco row 5"),
        (Reading(False, "it burns: the card is discarded and no chip placed"),
         Reading(True, "Joker variant: it must take some free cell (it burns only when the board is full)")),
        False, "joker", ("CI-PLAY-3", "CI-PLAY-4"),
    ),
    Ambiguity(
        "CI-AMB-5", "When exactly are the discards shuffled into a new deck?",
        "тогда все сброшенные ранее игроками карты тасуются и образуют новую колоду",
        _src(SEC_SPECIAL, "RULES-NOTES.md §Cinco row 6"),
        (Reading("on_demand", "when a card must be dealt and the deck is empty, every card then in any "
                 "discard pile (including cards just exchanged) forms the new deck"),
         Reading("when_empty", "as soon as the deck's last card is dealt, the discard piles of that moment form "
                 "the new deck; cards discarded later wait for the next time")),
        "on_demand", "reshuffle", ("CI-DECK-1", "CI-DEAL-1", "CI-DEAL-2"),
    ),
    Ambiguity(
        "CI-AMB-6", "What if the board fills up before anyone wins or runs out of chips?",
        "Теоретически, игрок до конца игры может использовать все свои фишки. В таком случае исход игры - ничья.",
        _src(SEC_SPECIAL),
        (Reading("draw", "the game ends in a draw as soon as no free cell is left (three colours hold 105 "
                 "chips for 90 cells, so this can happen; otherwise play would never end)"),
         Reading("play_on", "play goes on with every played card burning, until a colour runs out of chips")),
        "draw", "", ("CI-END-2",),
        contradiction=(
            "'play_on' cannot be played: on a full board CI-PLAY-2 (a chip needs a free cell) forbids every "
            "placement, so no colour can complete a line (CI-WIN-1) or use its last chip (CI-END-1), and the text "
            "('Конец игры', 'Особые случаи') has no other end; a game that fills the board would never finish"
        ),
    ),
    Ambiguity(
        "CI-AMB-7", "What if the seat to act can make no move at all?",
        "Если карт в руке нет совсем, игрок обязан тянуть карту из колоды.",
        _src(SEC_TURN),
        (Reading("draw", "the game ends in a draw; this needs an empty hand with empty deck and discards, "
                 "which cannot happen when the layout has more cards than four per player (required)"),
         Reading("skip", "the seat is passed over and the next seat acts")),
        "draw", "", ("CI-END-3",),
        contradiction=(
            "neither reading can ever be played: the position needs every card in the other hands, but CI-HAND-1 "
            "keeps a hand at four cards and CI-SETUP-1 requires more cards than four per player, so no game "
            "reaches it; 'skip' would moreover break CI-HAND-1's obligation to draw with an empty hand "
            "('Если карт в руке нет совсем, игрок обязан тянуть карту из колоды')"
        ),
    ),
    Ambiguity(
        "CI-AMB-8", "Who plays first?",
        "Произвольно определяется игрок, совершающий первый ход.",
        _src(SEC_SETUP),
        (Reading(0, "seat 0 starts; seats are numbered from whoever was chosen"),
         Reading(1, "the chosen player keeps their place at the table: first_seat names them (1 here, any seat "
                 "of the game in general) and the deal still starts with seat 0")),
        0, "first_seat", ("CI-TURN-1",),
    ),
    Ambiguity(
        "CI-AMB-9", "When does running out of chips end the game?",
        "игрок до конца игры может использовать все свои фишки. В таком случае исход игры - ничья",
        _src(SEC_SPECIAL, "RULES-NOTES.md §Cinco row 7"),
        (Reading("last_chip", "as soon as a colour (a team's shared stock) places its last chip without "
                 "completing a line"),
         Reading("all_out", "only when every colour has placed all its chips; until then a colour out of chips "
                 "draws, exchanges and burns the cards it plays")),
        "last_chip", "chips_out", ("CI-END-1", "CI-PLAY-4", "CI-PLAY-5"),
    ),
    Ambiguity(
        "CI-AMB-10", "Must the game end at all?",
        "Игроки ходят по кругу.",
        _src(SEC_TURN),
        (Reading(False, "nothing forces a player to place: drawing and exchanging may go on forever; "
                 "the engine reports no finite bound on the game length"),
         Reading(True, "a player who can place a chip must play such a card (must_place); play still has no "
                 "finite bound, since chance may keep dealing cards that fit nowhere")),
        False, "must_place", ("CI-PLAY-7",),
    ),
    Ambiguity(
        "CI-AMB-11", "Can five play?",
        "Игра для двух-шести игроков.",
        _src(SEC_INTRO, "RULES-NOTES.md §Cinco row 3"),
        (Reading("refused", "no: teams form only with four or six, and five cannot sit in equal alternating "
                 "teams (the publisher's rules)"),
         Reading("alone", "yes: the text says two to six and forms teams only «В случае 4х или 6ти игроков», so "
                 "five play alone, each with a colour, as two or three do")),
        "refused", "five", ("CI-SETUP-1",),
    ),
    Ambiguity(
        "CI-AMB-12", "Must a joker card take a free cell, or may it still burn?",
        "ей может быть занято ЛЮБОЕ свободное место на поле",
        _src(SEC_JOKER),
        (Reading(False, "it must take a free cell: a card burns only when it can take no cell (as without the "
                 "Joker)"),
         Reading(True, "it may take any free cell, or burn: «может» (may) grants a choice, not a duty")),
        False, "joker_burn", ("CI-PLAY-4",),
    ),
)


def candidate_moves(state: CincoState, actor: int) -> Iterable[CincoMove]:
    """Every syntactically possible move of ``actor``: a superset of the legal ones: chance deals any card of
    the deck; a seat may exchange, draw, burn any card, and put each card of its hand on every cell.

    >>> moves = candidate_moves(initial_state(2, CincoVariant(layout="square"))._replace(owed=(0, 0),
    ...                         hands=((7,), ())), 0)
    >>> len(moves), [str(m) for m in moves[:3]], [str(m) for m in moves[92:94]]
    (182, ['exchange', 'draw', 'play 1 burn'], ['play 7 at 1', 'play 7 at 2'])
    """
    cards = deck_cards(state.variant)
    if actor == CHANCE:
        return [Deal(c) for c in cards]
    hand = state.hands[actor] if 0 <= actor < state.players else ()
    cells = range(1, len(cards) + 1)
    return [EXCHANGE, DRAW, *[Play(c, 0) for c in cards], *[Play(c, n) for c in hand for n in cells]]


SPEC: GameSpec[CincoVariant, CincoState, CincoMove] = GameSpec(
    name="cinco",
    title="Cinco",
    rulebook=RULEBOOK,
    variant_type=CincoVariant,
    rules=RULES,
    ambiguities=AMBIGUITIES,
    whose_turn=compute_whose_turn,
    candidate_moves=candidate_moves,
    parse_move=parse_move,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)
