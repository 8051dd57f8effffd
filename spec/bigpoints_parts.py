"""What the BigPoints rulebook fixes and what it leaves open: its numbers (§ Состав игры), the variant flags
and the ambiguities whose readings they choose.

The rulebook's sections and passages, the table of its numbers (:data:`CONSTANTS`, the bounds of those a
variant may change), the discs and pawns, :class:`BigPointsVariant` with the path it lays, and the recorded
ambiguities (:data:`AMBIGUITIES`: each passage, its readings and the flag that picks one). The rules
themselves, in the rulebook's order, are :mod:`ruleproof.spec.bigpoints`, which re-exports every name here.
Kept apart only for length: it is as plain as the rules (nothing here is for speed).

>>> CONSTANTS.number("colour_discs"), STEP_VALUES
(10, (4, 3, 2, 1, 0))
>>> path_size(BigPointsVariant()), disc_composition(BigPointsVariant(colour_discs=3, black_discs=1, white_discs=0))
(55, (3, 3, 3, 3, 3, 1, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ruleproof.spec.core import Ambiguity, ConstantTable, Reading, RuleConstant, Source, check_constant_flags
from ruleproof.spec.errors import VariantError

RULEBOOK = "001_2e52b0ba102b09c9.txt"

SEC_PLAYERS = "от Brigitte и Wolfgang Ditt, для 2-5 игроков старше 8 лет"
SEC_PARTS = "Состав игры"
SEC_GOAL = "Цель игры"
SEC_SETUP = "Подготовка к игре"
SEC_PLAY = "Как играть"
SEC_EXAMPLE = "Пример"
SEC_BLACK = "Черные жетоны"
SEC_END = "Конец игры и подсчет очков"
SEC_ROUNDS = "Несколько раундов"

_NOTES = "RULES-NOTES.md §BigPoints"


def _src(section: str, note: str = "") -> Source:
    return Source(RULEBOOK, section, note)


# --------------------------------------------------------------------------
# The numbers the rulebook fixes

_PARTS = "60 деревянных жетонов (10 голубых, красных, желтых, зеленых, фиолетовых и по 5 черных и белых)"

#: Every number of the BigPoints rulebook, named once (the other layers read them from here). ``low``/``high``
#: bound a constant a variant flag may change (a flag of the same name): one disc of a colour keeps a pawn's
#: walk (straight onto the ladder); twenty of each keeps a path of at most 140 discs, which every layer
#: handles in well under a second; a step worth 0 to 20 points keeps every score below 2,000 (the solver's
#: score bound stays quick).
CONSTANTS = ConstantTable("bigpoints", (
    RuleConstant("min_players", 2, "the fewest players", _src(SEC_PLAYERS), "для 2-5 игроков"),
    RuleConstant("max_players", 5, "the most players", _src(SEC_PLAYERS), "для 2-5 игроков"),
    RuleConstant("discs", 60, "every disc of the game: the base-colour, black and white discs together",
                 _src(SEC_PARTS), _PARTS),
    RuleConstant("colour_discs", 10, "discs of each base colour (one beside the ladder, the rest on the path)",
                 _src(SEC_PARTS), _PARTS, 1, 20),
    RuleConstant("black_discs", 5, "black discs (all on the path)", _src(SEC_PARTS), _PARTS, 0, 20),
    RuleConstant("white_discs", 5, "white discs (all on the path)", _src(SEC_PARTS), _PARTS, 0, 20),
    RuleConstant("pawns", 5, "pawns, one of each base colour (and as many ladder steps)", _src(SEC_PARTS),
                 "5 фишек разных цветов: голубого, красного, желтого, зеленого и фиолетового"),
    RuleConstant("reserve_discs", 1, "discs of each base colour laid beside the ladder instead of on the path",
                 _src(SEC_SETUP), "Положите по одному жетону каждого из 5 основных цветов"),
    # The text gives the ladder's points only through its scoring example (red on the top step scores 4 a disc,
    # purple third 2, green last 0); the publisher's ladder reads 4, 3, 2, 1, 0 (RULES-NOTES.md §BigPoints row 1).
    RuleConstant("step_values", (4, 3, 2, 1, 0), "points a disc scores per ladder step its pawn stands on, top first",
                 _src(SEC_END, f"{_NOTES} row 1: the step values"), "2 красных жетона (по 4 очка) = 8", 0, 20),
    RuleConstant("blacks_per_turn", 1, "black discs a player may spend in one turn", _src(SEC_BLACK),
                 "Не разрешается использовать более одного черного жетона за один ход игрока."),
))

MIN_PLAYERS = CONSTANTS.number("min_players")
MAX_PLAYERS = CONSTANTS.number("max_players")
PAWNS = CONSTANTS.number("pawns")
COLOUR_DISCS = CONSTANTS.number("colour_discs")
BLACK_DISCS = CONSTANTS.number("black_discs")
WHITE_DISCS = CONSTANTS.number("white_discs")
RESERVE_DISCS = CONSTANTS.number("reserve_discs")
BLACKS_PER_TURN = CONSTANTS.number("blacks_per_turn")
#: Points of the ladder steps, top step (the first pawn to arrive) first.
STEP_VALUES: tuple[int, ...] = CONSTANTS.table("step_values")


def _most(name: str) -> int:
    """The largest value a variant may give the constant ``name`` (its ``high`` bound)."""
    high = CONSTANTS.constant(name).high
    if high is None:
        raise ValueError(f"rule constant {name!r} has no bounds")
    return high


#: Most discs of each base colour (``colour_discs``).
MAX_COLOUR_DISCS = _most("colour_discs")
#: Most black discs, and most white discs (``black_discs``, ``white_discs``).
MAX_SPECIAL_DISCS = _most("black_discs")
#: Most points a ladder step may be worth (``step_values``).
MAX_STEP_VALUE = _most("step_values")
#: The bound named in the message of a flag past its constant's bounds.
_LIMITS = {"colour_discs": "MAX_COLOUR_DISCS", "black_discs": "MAX_SPECIAL_DISCS", "white_discs": "MAX_SPECIAL_DISCS",
           "step_values": "MAX_STEP_VALUE"}

#: The five pawn (and base disc) colours, by index.
COLOURS: tuple[str, ...] = ("blue", "red", "yellow", "green", "purple")
#: Every disc colour, by index: the five base colours, then black and white.
DISC_COLOURS: tuple[str, ...] = COLOURS + ("black", "white")
#: One letter per disc colour, as the path string shows them.
LETTERS = "BRYGPKW"
BLACK = DISC_COLOURS.index("black")
WHITE = DISC_COLOURS.index("white")
#: A path position whose disc was taken.
TAKEN = "."
#: Where a pawn stands before it enters the path.
START = -1
SIDES: tuple[str, ...] = ("ahead", "behind", "none")
if len(COLOURS) != PAWNS or len(STEP_VALUES) != PAWNS:  # one colour and one ladder step per pawn
    raise ValueError(f"{PAWNS} pawns need as many colours and ladder steps")

# Phases of play (the ``phase`` field of a state).
LAY = "lay"  # chance lays the path
MOVE = "move"  # the normal pawn move is due
TAKE = "take"  # a disc must be taken next to the pawn just moved
OFFER = "offer"  # the player may spend a black disc for an extra move
EXTRA = "extra"  # the extra pawn move (a black disc was spent) is due
OVER = "over"  # the game is over (in a match, chance then lays the next path)
PHASES: tuple[str, ...] = (LAY, MOVE, TAKE, OFFER, EXTRA, OVER)


@dataclass(frozen=True)
class BigPointsVariant:
    """The variant flags of BigPoints (RULES-NOTES.md §BigPoints).

    :param inverted_ladder: step values 0,1,2,3,4 from the top step down
        instead of 4,3,2,1,0 (row 1).
    :param spent_black_counts: a spent black disc still counts as a colour
        when white discs are scored (row 3).
    :param no_free_disc: when no free disc lies on either side of the moved
        pawn, ``"nothing"`` is taken (default) or the pawn move is
        ``"illegal"`` (row 5); see :func:`compute_gap_moves`.
    :param back_to_start: the backward extra move may return a pawn to the
        start when no disc of its colour lies behind it (row 6).
    :param extra_timing: the black-disc extra move comes ``"after"`` the normal
        move (default) or ``"before"`` it (row 7).
    :param match: play as many games as players, rotating the start player
        and summing the scores (row 9; the text offers it as an option).
    :param colour_discs: discs of each base colour (rule constant
        ``colour_discs``: one lies beside the ladder, the rest on the path);
        smaller sets give reduced games for exhaustive exploration.
    :param black_discs: black discs on the path (rule constant ``black_discs``).
    :param white_discs: white discs on the path (rule constant ``white_discs``).
    :param step_values: the points of the ladder's steps, top step first, one
        per pawn (rule constant ``step_values``; ``inverted_ladder`` reverses
        them).
    :param black_counts: black counts as a colour when white discs are scored
        (default, as the text's example counts it); ``False`` reads "разных
        цветов" as the five base colours only (BP-AMB-2).
    :param last_reserve: the mover of the last pawn to reach the ladder still
        takes its reserve disc (default); ``False``: the game ends at once,
        before that disc is taken (BP-AMB-8).
    :param ladder_take: a pawn reaching the ladder earns its mover the reserve
        disc (``"reserve"``) or the reserve disc and then, as after every move,
        the nearest free disc behind it (``"reserve_and_path"``, BP-AMB-10).
    :param black_visibility: unspent black discs lie face up beside their
        owner (``"public"``) or only spent ones do (``"spent_only"``,
        BP-AMB-11); changes observations only.

    >>> BigPointsVariant(colour_discs=0)
    Traceback (most recent call last):
    ...
    ruleproof.spec.errors.VariantError: colour_discs must be from 1 to 20 (discs of each base colour (one beside the ladder, the rest on the path)); got 0 (limit MAX_COLOUR_DISCS)
    """

    inverted_ladder: bool = False
    spent_black_counts: bool = False
    no_free_disc: Literal["nothing", "illegal"] = "nothing"
    back_to_start: bool = False
    extra_timing: Literal["after", "before"] = "after"
    match: bool = False
    colour_discs: int = COLOUR_DISCS
    black_discs: int = BLACK_DISCS
    white_discs: int = WHITE_DISCS
    step_values: tuple[int, ...] = STEP_VALUES
    black_counts: bool = True
    last_reserve: bool = True
    ladder_take: Literal["reserve", "reserve_and_path"] = "reserve"
    black_visibility: Literal["public", "spent_only"] = "public"

    def __post_init__(self) -> None:
        try:
            check_constant_flags(self, CONSTANTS)
        except VariantError as exc:
            raise VariantError(f"{exc} (limit {_LIMITS[exc.flag]})", flag=exc.flag) from None
        if len(self.step_values) != PAWNS:
            raise VariantError(f"step_values must give one value per ladder step (PAWNS = {PAWNS}, top step first); "
                               f"got {len(self.step_values)}: {self.step_values!r}"[:300], flag="step_values")
        if path_size(self) < 1:
            raise VariantError("the path needs at least one disc; raise colour_discs, black_discs or white_discs")


# --------------------------------------------------------------------------
# The path (§ Подготовка к игре): what is laid, and how long it is


def path_composition(variant: BigPointsVariant) -> tuple[int, ...]:
    """How many discs of each colour (by :data:`DISC_COLOURS` index) make the path: each base colour's discs
    but those laid beside the ladder, and every black and white disc."""
    base = variant.colour_discs - RESERVE_DISCS
    return (base,) * len(COLOURS) + (variant.black_discs, variant.white_discs)


def path_size(variant: BigPointsVariant) -> int:
    """The number of discs in the path (55 by default); also the ladder's position."""
    return sum(path_composition(variant))


def disc_composition(variant: BigPointsVariant) -> tuple[int, ...]:
    """Every disc of the game per colour: the path plus the reserve discs beside the ladder.

    >>> disc_composition(BigPointsVariant()), sum(disc_composition(BigPointsVariant())) == CONSTANTS.number("discs")
    ((10, 10, 10, 10, 10, 5, 5), True)
    """
    comp = path_composition(variant)
    return tuple(n + (RESERVE_DISCS if c < len(COLOURS) else 0) for c, n in enumerate(comp))


# --------------------------------------------------------------------------
# What the text leaves open: each ambiguity, its readings and the flag that chooses one


AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "BP-AMB-1", "What is each ladder step worth?",
        "количество очков определяется по ступенькам",
        _src(SEC_GOAL),
        (Reading(False, "4, 3, 2, 1, 0 from the top step down (the text's example)"),
         Reading(True, "inverted: 0, 1, 2, 3, 4 from the top step down")),
        False, "inverted_ladder", ("BP-SCORE-1",),
    ),
    Ambiguity(
        "BP-AMB-2", "Does black count as a colour when white discs are scored?",
        "кроме белого цвета",
        _src(SEC_END),
        (Reading(True, "yes: the text's example counts the black disc"),
         Reading(False, "no: 'разных цветов' read as the five base colours (the text's example then totals 16, "
                 "not its 18)")),
        True, "black_counts", ("BP-SCORE-1",),
    ),
    Ambiguity(
        "BP-AMB-3", "Does a spent black disc still count as a colour for white?",
        "Черный жетон можно использовать только один раз.",
        _src(SEC_BLACK),
        (Reading(False, "no: only unspent black discs are in the hand"),
         Reading(True, "yes: spent black discs still count")),
        False, "spent_black_counts", ("BP-SCORE-1",),
    ),
    Ambiguity(
        "BP-AMB-4", "Which disc is 'ahead' or 'behind' the pawn?",
        "первый незанятый другими фишками жетон впереди или позади",
        _src(SEC_PLAY),
        (Reading("nearest", "the nearest disc still on the path and not under a pawn"),
         Reading("first_disc", "the first disc still on the path; a side whose first disc is under a pawn "
                 "offers nothing")),
        "nearest", "", ("BP-TAKE-1",),
        contradiction=(
            "Reading 'first_disc' cannot be played: § Пример lets the player who moved the blue pawn take 'черный "
            "жетон, который находится за фиолетовой фишкой', the black disc behind the purple pawn, so a pawn in "
            "between does not block the side; under first_disc that example's 'take behind' is refused "
            "(compute_free_discs(..., reach='first_disc'); a failing replay in tests/spec/test_ambiguity_flags.py)."),
    ),
    Ambiguity(
        "BP-AMB-5", "What if no free disc lies on either side of the moved pawn?",
        "Жетоны, на которых стоят фишки, брать нельзя.",
        _src(SEC_PLAY),
        (Reading("nothing", "the player takes nothing"),
         Reading("illegal", "such a pawn move is illegal (an unavoidable normal move still takes nothing)")),
        "nothing", "no_free_disc", ("BP-TAKE-1", "BP-TAKE-3"),
    ),
    Ambiguity(
        "BP-AMB-6", "Where does a backward extra move go?",
        "может переместить фишку назад на жетон соответствующего фишке цвета",
        _src(SEC_BLACK),
        (Reading(False, "to the nearest disc of its colour behind it; impossible without one or from the ladder"),
         Reading(True, "as default, but back to the start when no disc of its colour lies behind")),
        False, "back_to_start", ("BP-BACK-1", "BP-BACK-2"),
    ),
    Ambiguity(
        "BP-AMB-7", "When is the black-disc extra move made?",
        "чтобы передвинуть ещё одну фишку после своего первого хода",
        _src(SEC_BLACK),
        (Reading("after", "after the normal move and its disc"), Reading("before", "before the normal move")),
        "after", "extra_timing", ("BP-EXTRA-1", "BP-TURN-3"),
    ),
    Ambiguity(
        "BP-AMB-8", "What happens on the move that puts the last pawn on the ladder?",
        "Игра заканчивается сразу же",
        _src(SEC_END),
        (Reading(True, "the game ends at once; the mover still takes the reserve disc; "
                 "an unused extra move is lost (no pawn is left to move)"),
         Reading(False, "'сразу же' read strictly: the game ends as the pawn lands, before its reserve disc "
                 "is taken")),
        True, "last_reserve", ("BP-END-1", "BP-LADDER-2"),
    ),
    Ambiguity(
        "BP-AMB-9", "One game or several?",
        "играется количество игр равное количеству игроков",
        _src(SEC_ROUNDS),
        (Reading(False, "a single game (the text offers several games as an option)"),
         Reading(True, "a match of as many games as players, rotating the start player, scores summed")),
        False, "match", ("BP-MATCH-1",),
    ),
    Ambiguity(
        "BP-AMB-10", "Is a path disc taken as well as the reserve disc?",
        "После этого игрок может взять один жетон",
        _src(SEC_EXAMPLE),
        (Reading("reserve", "the reserve disc is taken at once, instead of a path disc "
                 "(its 'может' is not modelled as a refusal: refusing never helps, no disc lowers a score)"),
         Reading("reserve_and_path", "§ Как играть has a path disc taken after every move: the mover takes the "
                 "reserve disc and then the nearest free disc behind the pawn (nothing when none is left)")),
        "reserve", "ladder_take", ("BP-LADDER-2",),
    ),
    Ambiguity(
        "BP-AMB-11", "Which discs do the other players see?",
        "Игрок скрыто держит собранные жетоны у себя до конца игры.",
        _src(SEC_PLAY),
        (Reading("public", "colours of taken discs are secret, black discs (spent or not) lie face up "
                 "beside their owner; how many discs each player holds is public"),
         Reading("spent_only", "black discs are secret like the others until spent ('кладутся рядом с ним' read "
                 "as the spent ones)")),
        "public", "black_visibility", (),
    ),
)
