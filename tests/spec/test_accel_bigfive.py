"""Big Five's accelerations on the cases the generic test does not reach (:mod:`ruleproof.spec.accel.bigfive`).

``tests/spec/test_accelerations.py`` compares every attached fast form and
calculation with its plain form on generated games. Here the tricky cases of
the line geometry and the candidate tables are probed on purpose: random
boards and plays that are not straight, leave gaps, repeat or occupy cells,
plays whose cells extend one another's runs, other cards on the same cells,
values that are no card (played or on the board), boards growing card by card
(the per-line tables), the plays made through the slot setter, the fast forms
under a derived specification's bonus hook; and planted wrong fast forms are
caught.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections import Counter
from typing import Any

import pytest

from ruleproof.model.bigfive import GAME
from ruleproof.spec import bigfive as bf
from ruleproof.spec.accel import bigfive as accel
from ruleproof.spec.accel import bigfive_lines as lines
from ruleproof.spec.accel import bigfive_plays as plays
from ruleproof.spec.accel.core import ENABLED, SWITCH, fast_form_disagreements
from ruleproof.spec.bigfive import BigFiveVariant, Placed, Play, board_map
from ruleproof.spec.core import CHANCE, TERMINAL, GameSpec, Step, check_rules

pytestmark = pytest.mark.skipif(not ENABLED, reason=f"accelerations are switched off ({SWITCH})")

SPEC = accel.SPEC
PLACEMENT = ("BF-LINE-3", "BF-LINE-4", "BF-LINE-5")


def _plain(name: str) -> Any:
    """The plain calculation that the acceleration replaced by ``name``."""
    return next(c.plain for c in accel.ACCELERATION.calculations if c.name == name)


PLAIN_ANALYSIS = _plain("analyse_play")
PLAIN_CANDIDATES = _plain("candidate_plays")
PLAIN_UNIFORM = _plain("is_line_uniform")


def _random_board(rng: random.Random) -> tuple[Placed, ...]:
    cells = {(0, 0)}
    while len(cells) < rng.randint(1, 30):
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        cells.add((x + dx, y + dy))
    return tuple(Placed(x, y, rng.randrange(25)) for x, y in sorted(cells))


def _random_play(rng: random.Random, board: tuple[Placed, ...]) -> tuple[Placed, ...]:
    x, y = rng.choice([(p.x, p.y) for p in board])
    size = rng.randint(0, 4)
    if rng.random() < 0.7:  # along one line, with a random start, step and length (gaps and overlaps happen)
        dx, dy = rng.choice([(1, 0), (0, 1)])
        start = rng.randint(-5, 2)
        step = rng.choice([1, 1, 1, 2])
        cells = [(x + (start + i * step) * dx, y + (start + i * step) * dy) for i in range(size)]
    else:  # anywhere nearby
        cells = [(x + rng.randint(-3, 3), y + rng.randint(-3, 3)) for _ in range(size)]
    return tuple(Placed(cx, cy, rng.randrange(25)) for cx, cy in cells)


# --------------------------------------------------------------------------
# The line geometry


def test_analysis_equals_the_plain_analysis_on_random_boards_and_plays() -> None:
    rng = random.Random(20261201)
    extended = 0
    for _ in range(300):
        board = _random_board(rng)
        for _ in range(15):
            placed = _random_play(rng, board)
            got = lines.analyse_play(board, placed)
            assert got == PLAIN_ANALYSIS(board, placed), (board, placed)
            # The same cells with other cards: what depends on the cells is shared, the lines' cards are not.
            recarded = tuple(Placed(p.x, p.y, rng.randrange(25)) for p in placed)
            assert lines.analyse_play(board, recarded) == PLAIN_ANALYSIS(board, recarded), (board, recarded)
            extended += any(len(line) > 1 and sum(c in {(p.x, p.y) for p in placed} for c in line) > 1
                            for line, _ in got.lines)
    assert extended > 100  # many plays whose played cells join one another's runs


def test_analysis_follows_a_played_cell_beyond_a_remembered_run() -> None:
    # The run through (2, 0) on the board alone is (2, 0) itself; played at once with (3, 0), the line grows.
    board = (Placed(0, 0, 0), Placed(1, 0, 5))
    alone = lines.analyse_play(board, (Placed(2, 0, 10),))
    assert [line for line, _ in alone.lines] == [((0, 0), (1, 0), (2, 0))]
    both = lines.analyse_play(board, (Placed(2, 0, 10), Placed(3, 0, 15)))
    assert [line for line, _ in both.lines] == [((0, 0), (1, 0), (2, 0), (3, 0))]
    far = lines.analyse_play(board, (Placed(3, 0, 10), Placed(4, 0, 15)))
    assert far.gaps == () and [line for line, _ in far.lines] == [((3, 0), (4, 0))] and not far.has_existing


def test_geometry_masks_equal_the_line_masks_on_random_boards_and_plays() -> None:
    """The masks BF-LINE-3's fast form reads, built with the geometry (a run through one empty played cell
    takes its old cards' bits remembered per board), equal :func:`_line_masks` of the geometry's lines, on
    random boards and plays (occupied and repeated cells, values that are no card, on the board or played)."""
    rng = random.Random(20261202)
    remembered = 0
    for index in range(250):
        board = _random_board(rng)
        if index % 5 == 0:  # a value that is no card on the board
            board = tuple(p._replace(card=rng.choice((-1, 30))) if rng.random() < 0.1 else p for p in board)
        before = board_map(board)
        for _ in range(20):
            placed = _random_play(rng, board)
            cells = tuple((p.x, p.y) for p in placed)
            masks_known = len(lines._LAST_RUNS[0][2]) if lines._LAST_RUNS[0][0] is board else 0
            geometry = lines._compute_geometry(board, before, cells)
            remembered += len(lines._LAST_RUNS[0][2]) > masks_known
            index_of = {cell: i for i, cell in enumerate(cells)}
            assert geometry[1] == [line for line, _ in PLAIN_ANALYSIS(board, placed).lines], (board, placed)
            assert geometry[2] == lines._line_masks(before, index_of, geometry[1]), (board, placed)
    assert remembered > 500  # the remembered masks were built (and then read) many times


def test_line_uniform_by_feature_bits_equals_the_colour_and_animal_sets() -> None:
    for size in (0, 1, 2, 3):
        for cards in itertools.product(range(25), repeat=size):
            assert lines.is_line_uniform(cards) == PLAIN_UNIFORM(cards), cards
    rng = random.Random(3)
    for _ in range(20000):
        size = rng.randint(4, 6)
        anchor = rng.randrange(25)
        cards = [rng.choice((anchor % 5 + 5 * rng.randrange(5), anchor // 5 * 5 + rng.randrange(5),
                             rng.randrange(25), rng.randrange(-3, 40))) for _ in range(size)]
        assert lines.is_line_uniform(cards) == PLAIN_UNIFORM(cards), cards


# --------------------------------------------------------------------------
# The candidate tables


# Twenty random boards (two of them enumerated exhaustively) in the default run, sixty under -m slow.
@pytest.mark.parametrize("boards", [20, pytest.param(60, marks=pytest.mark.slow)])
def test_candidate_plays_equal_the_plain_enumeration_on_random_boards_and_hands(boards: int) -> None:
    rng = random.Random(5)
    for index in range(boards):
        board = _random_board(rng)
        for _ in range(3):
            hand = [rng.randrange(25) for _ in range(rng.randint(1, 5))]
            exhaustive = index % 10 == 0
            assert plays.candidate_plays(board, hand, exhaustive=exhaustive) == \
                PLAIN_CANDIDATES(board, hand, exhaustive=exhaustive)


def test_candidate_plays_equal_the_plain_enumeration_on_a_growing_board() -> None:
    """Each board one card more than the last (most of its lines' cell sets remembered from the boards
    before): the candidates still equal the plain enumeration, for every group size limit."""
    rng = random.Random(11)
    board = _random_board(rng)
    for step in range(40):
        cells = {(p.x, p.y) for p in board}
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        if (x + dx, y + dy) not in cells:
            board = tuple(sorted((*board, Placed(x + dx, y + dy, rng.randrange(25)))))
        hand = [rng.randrange(25) for _ in range(step % 5 + 1)]
        assert plays.candidate_plays(board, hand) == PLAIN_CANDIDATES(board, hand), (board, hand)


def test_invalid_candidate_table_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted bug: the per-line table drops the longest runs; the comparison with the plain enumeration fails."""
    real = plays._line_cells.__wrapped__

    def shorter(axis: int, fixed: int, occupied: tuple[int, ...], limit: int) -> Any:
        return tuple(entry for entry in real(axis, fixed, occupied, limit) if len(entry[0]) < limit or limit < 2)

    monkeypatch.setattr(plays, "_line_cells", shorter)
    monkeypatch.setattr(plays, "_candidate_cells", plays._candidate_cells.__wrapped__)
    rng = random.Random(5)
    differ = 0
    for _ in range(20):
        board = _random_board(rng)
        hand = [rng.randrange(25) for _ in range(5)]
        differ += plays.candidate_plays(board, hand) != PLAIN_CANDIDATES(board, hand)
    assert differ > 0


def test_plays_made_through_the_slot_equal_plays_made_by_the_class() -> None:
    """Candidate plays are made by ``object.__new__`` and the ``placed`` slot (no Python call per play):
    the same values as ``Play(group)`` (class, field, hash, text, order), still frozen, and that holds only
    while ``placed`` is the class's one field and nothing runs after ``__init__``; a setter that stores
    another group is caught."""
    assert [f.name for f in dataclasses.fields(Play)] == ["placed"]
    assert not hasattr(Play, "__post_init__")
    rng = random.Random(3)
    groups = [_random_play(rng, _random_board(rng)) for _ in range(200)]
    made = plays._plays(groups)
    expected = [Play(g) for g in groups]
    assert made == expected
    assert [type(p) for p in made] == [Play] * len(groups)
    assert [hash(p) for p in made] == [hash(p) for p in expected]
    assert [str(p) for p in made] == [str(p) for p in expected]
    assert sorted(made) == sorted(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made[0].placed = ()  # type: ignore[misc]

    planted = plays._SET_PLACED
    try:
        plays._SET_PLACED = lambda play, group: planted(play, group[::-1])
        assert plays._plays(groups) != expected
    finally:
        plays._SET_PLACED = planted


# --------------------------------------------------------------------------
# The fast forms, on odd plays as well as candidates


def _odd_plays(rng: random.Random, state: Any) -> list[Play]:
    """Plays the candidates never hold: on occupied or repeated cells, scattered, far away, any cards."""
    cells = [(p.x, p.y) for p in state.board]
    found = []
    for _ in range(20):
        x, y = rng.choice(cells)
        size = rng.randint(1, 5)
        if rng.random() < 0.6:
            dx, dy = rng.choice([(1, 0), (0, 1)])
            start = rng.randint(-5, 1)
            spots = [(x + (start + i) * dx, y + (start + i) * dy) for i in range(size)]
        else:
            spots = [(x + rng.randint(-3, 3), y + rng.randint(-3, 3)) for _ in range(size)]
        found.append(Play(tuple(sorted(Placed(cx, cy, rng.randrange(25)) for cx, cy in spots))))
    return found


@functools.cache
def _steps() -> tuple[Step[Any, Any, Any], ...]:
    """Steps at the seats' turns of random games: candidates (at most 80 per position), the engine's moves and
    odd plays; at every turn chance's candidates too."""
    rng = random.Random(20261201)
    steps: list[Step[Any, Any, Any]] = []
    for players, variant in ((1, BigFiveVariant(children=True)), (2, BigFiveVariant()),
                             (3, BigFiveVariant(children=True)), (4, BigFiveVariant(bonus="publisher"))):
        state = GAME.new_game(players, variant, seed=players)
        for turn in itertools.count():
            actor = GAME.current_player(state)
            if actor == TERMINAL or turn > 400:
                break
            moves = list(GAME.legal_moves(state))
            if turn % 5 == 0:
                candidates = list(SPEC.candidate_moves(state, actor))
                sample = rng.sample(candidates, min(80, len(candidates))) + moves
                if actor != CHANCE:
                    sample += _odd_plays(rng, state)
                steps += [Step(variant, state, actor, m) for m in sample]
            chosen = [m for m in moves if isinstance(m, Play)]
            state = GAME.apply(state, rng.choice(chosen if chosen and rng.random() < 0.9 else moves))
    return tuple(steps)


def _disagreements(spec: GameSpec[Any, Any, Any], every: int = 1) -> Counter[str]:
    found: Counter[str] = Counter()
    for step in _steps()[::every]:
        found.update(fast_form_disagreements(spec.legality_rules, step))
    return found


def test_fast_forms_agree_with_messages_and_is_legal_with_check_move() -> None:
    steps = _steps()
    assert _disagreements(SPEC) == Counter()
    broken: Counter[str] = Counter()
    for step in steps:
        report = SPEC.check_move(step.variant, step.before, step.actor, step.move)
        assert report == check_rules(SPEC.plain.legality_rules, step), step.move
        broken.update(report.rule_ids)
        assert SPEC.is_legal(step.variant, step.before, step.actor, step.move) == (not report), step.move
    # Every fast form was asked on moves that break its rule and on moves that keep it.
    assert all(broken[r] >= 20 for r in ("BF-LINE-3", "BF-LINE-4", "BF-TURN-2", "BF-DEAL-1", "BF-DRAW-1")), broken
    assert broken["BF-LINE-5"] >= 1, broken
    assert len(steps) - max(broken[r] for r in PLACEMENT) > 1000


def test_invalid_fast_form_of_line_3_is_caught() -> None:
    """Planted bug: a BF-LINE-3 fast form that looks at the first line of a play only."""

    def first_line_only(step: Step[Any, Any, Any]) -> bool:
        found = lines.analyse_play(step.before.board, step.move.placed).lines
        return not found or lines.is_line_uniform(found[0][1])

    rules = tuple(dataclasses.replace(r, holds=first_line_only) if r.id == "BF-LINE-3" else r for r in SPEC.rules)
    planted = dataclasses.replace(SPEC, rules=rules)
    found = _disagreements(planted)
    assert set(found) == {"BF-LINE-3"} and found["BF-LINE-3"] > 5
    assert any(planted.is_legal(s.variant, s.before, s.actor, s.move)
               != (not planted.check_move(s.variant, s.before, s.actor, s.move)) for s in _steps())


def test_invalid_fast_form_of_draw_top_is_caught() -> None:
    """Planted bug: a BF-DRAW-1 fast form that looks at the bottom segment of the deck instead of the top."""

    def bottom(step: Step[Any, Any, Any]) -> bool:
        deck = [seg for seg in step.before.decks[bf.drawing_seat(step.before)] if seg]
        return bool(deck) and step.move.card in deck[-1]

    rules = tuple(dataclasses.replace(r, holds=bottom) if r.id == "BF-DRAW-1" else r for r in SPEC.rules)
    planted = dataclasses.replace(SPEC, rules=rules)
    found = {fast_form_disagreements(planted.legality_rules, s) for s in _steps()}
    assert found == {(), ("BF-DRAW-1",)}


def test_line_3_fast_form_reads_the_lines_when_a_value_is_no_card() -> None:
    """BF-LINE-3's fast form falls back on the analysis's lines for values that are no cards (played or on
    the board); it agrees there with the rule read literally (colours and animals as sets over the plain
    analysis's lines; the message form cannot name a value that is no card), and it both rejects and accepts
    such plays."""
    steps = [s for s in _steps() if isinstance(s.move, Play) and s.move.placed and s.actor >= 0][::7][:300]
    rule = SPEC.rule("BF-LINE-3")
    assert rule.holds is not None
    verdicts: set[bool] = set()
    for step in steps:
        first = step.move.placed[0]
        for odd in (30, -1):
            played = Play((first._replace(card=odd), *step.move.placed[1:]))
            board = (step.before.board[0]._replace(card=odd), *step.before.board[1:])
            for odd_step in (step._replace(move=played), step._replace(before=step.before._replace(board=board))):
                found = PLAIN_ANALYSIS(odd_step.before.board, odd_step.move.placed).lines
                literal = all(PLAIN_UNIFORM(cards) for _, cards in found)
                assert rule.holds(odd_step) == literal, odd_step
                verdicts.add(rule.holds(odd_step))
    assert verdicts == {True, False}


def test_derived_specs_keep_the_fast_forms_under_the_bonus_hook() -> None:
    seen: list[object] = []

    class Watching(bf.BonusCount):
        def count(self, variant: Any, board: Any, placed: Any) -> int:
            seen.append(bf.bonus_hook_in_force())
            return super().count(variant, board, placed)

    hook = Watching()
    derived = accel.build_spec(hook, name="bigfive-demo")
    assert all(derived.rule(r).holds is not None for r in PLACEMENT)
    assert _disagreements(derived, every=3) == Counter()
    # The effect rules of the derived spec ask its hook (through the accelerated successor, hook in the key).
    step = next(s for s in _steps() if isinstance(s.move, Play) and SPEC.is_legal(s.variant, s.before, s.actor, s.move))
    after = GAME.apply(step.before, step.move)
    assert not derived.check_transition(step.variant, step.before, step.actor, step.move, after)
    assert seen and all(h is hook for h in seen)
    assert bf.bonus_hook_in_force() is None


def test_the_accelerated_spec_decides_as_the_plain_one_under_non_default_constants() -> None:
    """Groups of at most two cards, hands of six, two copies of each kind: the fast candidates, forms and
    calculations still give the plain spec's answers (they read the variant's constants)."""
    variant = BigFiveVariant(max_group=2, hand_size=6, copies=2)
    rng = random.Random(8)
    plain = SPEC.plain
    state = GAME.new_game(3, variant, seed=8)
    checked = 0
    for turn in range(300):
        actor = GAME.current_player(state)
        if actor == TERMINAL:
            break
        if actor != CHANCE and turn % 5 == 0:
            candidates = list(plain.candidate_moves(state, actor))
            assert list(SPEC.candidate_moves(state, actor)) == candidates
            assert SPEC.allowed_moves(variant, state, actor, candidates) == plain.allowed_moves(variant, state, actor,
                                                                                                candidates)
            checked += 1
        state = GAME.apply(state, GAME.random_move(state, rng, actor))
    assert checked > 8
