"""Every number a rulebook fixes is named once: in its game's table of rule constants.

Each game's specification has a :class:`~ruleproof.spec.core.ConstantTable`
(``CONSTANTS``): the rows of Take 5, the hand size, the deck, the thresholds …,
each with its passage. Every other layer (spec, engine and its fast paths, the
SMT encodings, the certificate checker, the renderers, the analyses) reads them
from there. This test reads each game's modules and fails on an integer literal
equal to one of the game's constants, unless the site is listed in
:data:`ALLOWED` with the reason it is not that constant (or why it must stay a
literal).

What is searched, and why (a search for every literal would find nothing but noise):

* the values of the number constants from :data:`SMALLEST` up: 0, 1 and 2
  stand for first/second, pairs, and empty or single things far more often
  than for a rule constant;
* the members of table constants (bullhead values, bonus tables …) from
  :data:`SMALLEST_IN_TABLE` up: the small members of a table (3, 5, 7
  bullheads) are everywhere in unrelated arithmetic;
* only where a rule constant is used: in a comparison (``len(row) >= 5``,
  ``x in {4, 5}``), a ``range(…)``, a ``%``, ``//`` or ``*`` (``card % 11``,
  ``10 * players``), or assigned to a name (``ROWS = 4``, ``players = 10``,
  ``{"rows": 4}``).
  Pixel offsets and sums in drawing code are not searched.
"""

from __future__ import annotations

import ast
import functools
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from ruleproof.spec.core import ConstantTable

ROOT = Path(__file__).resolve().parent.parent

#: The smallest value of a number constant searched for (see the module docstring).
SMALLEST = 3
#: The smallest member of a table constant searched for.
SMALLEST_IN_TABLE = 11

#: The modules of each game that must read its constants from the table (beside the spec module itself).
GAME_FILES: dict[str, tuple[str, ...]] = {
    "bigfive": ("spec/bigfive.py", "spec/bigfive_components.py", "spec/bigfive_board.py", "spec/accel/bigfive.py",
                "spec/accel/bigfive_lines.py", "spec/accel/bigfive_plays.py", "model/bigfive.py",
                "model/bigfive_fast.py", "model/bigfive_free.py", "model/bigfive_index.py", "checkers/smt/bigfive.py",
                "checkers/smt/bigfive_encoding.py", "checkers/smt/bigfive_bonus.py", "checkers/smt/bigfive_dead.py",
                "checkers/smt/bigfive_replay.py",
                "checkers/render/bigfive.py", "checkers/proofs/bigfive.py", "checkers/certcheck/bigfive.py",
                "checkers/interop/codecs.py"),
    "take5": ("spec/take5.py", "spec/accel/take5.py", "model/take5.py", "checkers/smt/take5.py",
              "checkers/smt/take5_round.py", "checkers/smt/take5_replay.py", "checkers/analysis/diff_take5.py",
              "checkers/render/take5.py",
              "checkers/proofs/take5.py", "checkers/certcheck/take5.py"),
    "cinco": ("spec/cinco.py", "spec/cinco_board.py", "spec/accel/cinco.py", "model/cinco.py", "checkers/smt/cinco.py",
              "checkers/smt/cinco_boards.py", "checkers/smt/cinco_readings.py", "checkers/smt/cinco_replay.py",
              "checkers/render/cinco.py", "checkers/proofs/cinco.py", "checkers/certcheck/cinco.py"),
    "bigpoints": ("spec/bigpoints.py", "spec/bigpoints_parts.py", "spec/accel/bigpoints.py", "model/bigpoints.py",
                  "checkers/smt/bigpoints.py", "checkers/smt/bigpoints_bounds.py", "checkers/smt/bigpoints_play.py",
                  "checkers/smt/bigpoints_search.py", "checkers/render/bigpoints.py",
                  "checkers/proofs/bigpoints.py", "checkers/certcheck/bigpoints.py"),
    "ikebana": ("spec/ikebana.py", "spec/ikebana_cards.py", "spec/ikebana_readings.py", "spec/accel/ikebana.py",
                "model/ikebana.py", "checkers/smt/ikebana.py", "checkers/render/ikebana.py",
                "checkers/proofs/ikebana.py", "checkers/certcheck/ikebana.py"),
}

#: Sites allowed to write a constant's value as a literal: ``(file, text on the line, reason)``.
_CERTCHECK = "the independent checker imports nothing of ruleproof's: it declares the constants it implements " \
             "once (IMPLEMENTS), compared with the spec's by tests/checkers/test_certcheck_constants.py"
_BF_BOXES = "BF-F-5's search boxes are board sizes in cells (width x height), not a count of the rulebook"
_BF_CODEC_THREE = "the codec's three special actions (pass, decline, bonus deck) and three chance kinds (deal, draw, " \
                  "box): counts of move kinds, not a rulebook number"
ALLOWED: dict[str, tuple[tuple[str, str, str], ...]] = {
    "bigfive": (
        ("spec/bigfive_components.py", "idle_rounds: int = 5",
         "our own default for a flag the text never addresses (rounds without a placement), not a rulebook number"),
        ("checkers/smt/bigfive.py", "DEAD_BOXES_QUICK: tuple[tuple[int, int], ...] = ((5, 5),)", _BF_BOXES),
        ("checkers/smt/bigfive.py", "DEAD_BOXES_FULL: tuple[tuple[int, int], ...] = ((5, 5), (5, 6), (6, 6), (5, 7)",
         _BF_BOXES),
        ("checkers/smt/bigfive.py", "solver.add_fact((r > 0) != z3.Or(n == 2, n == 4))",
         "BF-F-6/7 test the text's remark that 2 or 4 players leave cards over (§ Подготовка к игре): the claim's "
         "own player counts"),
        ("checkers/interop/codecs.py", "self.base_bonus = 3", _BF_CODEC_THREE),
        ("checkers/interop/codecs.py", "self.max_chance_outcomes = 3 * self.KINDS", _BF_CODEC_THREE),
        ("checkers/interop/codecs.py", "if not 0 <= action < 3 * self.KINDS:", _BF_CODEC_THREE),
        ("checkers/interop/codecs.py", "self._fast_limit = 4 * (len(self.player_moves)",
         "the generic codec's cache bound (four times the moves), shared by every game"),
        *(("checkers/certcheck/bigfive.py", f'"{name}": ', _CERTCHECK)
          for name in ("max_players", "max_players_five", "animals", "colours", "copies", "hand_size",
                       "max_line", "max_group", "kids_deal", "solo_min_group", "solo_discard_cards")),
        ("checkers/certcheck/bigfive.py", '"hand_size": (3, 10),', _CERTCHECK),
        ("checkers/certcheck/bigfive.py", '"max_group": (1, 4),', _CERTCHECK),
    ),
    "take5": (
        ("model/take5.py", "if k > 5:",
         "random.sample's own switch between its two draw methods, kept so the fast playout draws what sample "
         "draws (same games from the same seeds), not the row capacity"),
        *(("model/take5.py", f"if n == {k}:", "_chain reads a row back card by card with its first five steps "
           "unrolled (any length is read; the unrolling is speed, not the row count or the row capacity)")
          for k in (4, 5)),
        ("checkers/analysis/diff_take5.py", "below, code = x, 4",
         "option code 4 is the third row's right end (codes 2·row + left)"),
        ("checkers/render/take5.py", 'if heads >= 5 else',
         "drawing: a card of five or more bullheads gets the red dots (a colour choice, not the row capacity)"),
        ("checkers/render/take5.py", "x + 5 + 4 * i if fanned else x + 7 + 5 * i", "drawing: dot offsets in pixels"),
        ("checkers/certcheck/take5.py", '"deck_top": 104,', _CERTCHECK),
        ("checkers/certcheck/take5.py", '"hand_size": 10,', _CERTCHECK),
        ("checkers/certcheck/take5.py", '"rows": 4,', _CERTCHECK),
        ("checkers/certcheck/take5.py", '"max_players": 10,', _CERTCHECK),
        ("checkers/certcheck/take5.py", '"bullheads": (("card", 55, 7),', _CERTCHECK),
        ("checkers/certcheck/take5.py", '"row_capacity": (1, 10),', _CERTCHECK),
    ),
    "cinco": (
        ("spec/cinco.py", 'if len(words) == 4 and words[0] == "play"', "the move text 'play C at N' has four words"),
        ("checkers/certcheck/cinco.py", 'if (len(words) == 4 and words[0] == "play"',
         "the move text 'play C at N' has four words"),
        ("spec/cinco.py", 'shown = ", ".join(map(str, targets[:6]))', "a message lists at most six target cells"),
        ("checkers/render/cinco.py", "for k in range(6):", "drawing: a hexagon has six corners"),
        ("checkers/certcheck/cinco.py", '"max_players": 6,', _CERTCHECK),
        ("checkers/certcheck/cinco.py", '"team_players": (4, 6),', _CERTCHECK),
        ("checkers/certcheck/cinco.py", '"hand_size": 4,', _CERTCHECK),
    ),
    "bigpoints": (
        ("checkers/smt/bigpoints_search.py", "eps = 1.0 + seed % 5",
         "the guided score search cycles through five noise levels of its tie-breaks (a search knob, not a rule number)"),
        ("checkers/certcheck/bigpoints.py", '"max_players": 5,', _CERTCHECK),
        ("checkers/certcheck/bigpoints.py", '"pawns": 5,', _CERTCHECK),
    ),
    "ikebana": (
        ("model/ikebana.py", "_P_CHOOSE, _P_REVEAL, _P_DECIDE = range(3)",
         "the fast playout's three phase codes (the state's three phases of a turn), not a rule number"),
        ("model/ikebana.py", "if code >> (3 * i) & 7)",
         "a colour's count packed in three bits of a bouquet code (at most five cards), not a multiplier"),
        ("checkers/certcheck/ikebana.py", '"values": (1, 1, 1, 2, 2, 3, 3, 4, 4, 5),', _CERTCHECK),
        ("checkers/certcheck/ikebana.py", '"max_players": 5,', _CERTCHECK),
        ("checkers/certcheck/ikebana.py", '"start_coins": 6,', _CERTCHECK),
        ("spec/ikebana_readings.py", "MAX_CARD_VALUE = 5", "the largest value a reading may print on a card (a card shows one "
         "digit), not the player count or the bouquet"),
        ("spec/ikebana_readings.py", "MAX_START_COINS = 30", "the most starting coins a reading may give (the box's thirty "
         "1-chips), a bound, not the chips table"),
        ("spec/ikebana_readings.py", "MAX_BOUQUET = 5", "the largest bouquet a reading may ask for: one card of each of the "
         "five colours (so every card can differ in colour), a bound, not the player count"),
    ),
}


def constant_values(table: ConstantTable) -> dict[int, list[str]]:
    """Every searched number of the table, with the names of the constants holding it."""
    found: dict[int, list[str]] = {}

    def walk(name: str, value: object, smallest: int) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            if value >= smallest:
                found.setdefault(value, []).append(name)
        elif isinstance(value, tuple):
            for item in value:
                walk(name, item, SMALLEST_IN_TABLE)

    for constant in table:
        walk(constant.name, constant.value, SMALLEST)
    return found


def _in_rule_context(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether the literal ``node`` stands where a rule constant would (see the module docstring)."""
    parent = parents.get(node)
    while isinstance(parent, (ast.Tuple, ast.List, ast.Set, ast.UnaryOp)):  # `in {4, 5}`, `-5`
        node, parent = parent, parents.get(parent)
    if isinstance(parent, ast.Compare):
        return True
    if isinstance(parent, ast.BinOp):
        return isinstance(parent.op, (ast.Mod, ast.FloorDiv, ast.Mult))
    if isinstance(parent, ast.Call):
        return getattr(parent.func, "id", "") == "range"
    if isinstance(parent, (ast.Assign, ast.AnnAssign)):
        return parent.value is node
    if isinstance(parent, ast.Dict):  # {"rows": 4}: a value under a name
        return any(value is node and isinstance(key, ast.Constant) and isinstance(key.value, str)
                   for key, value in zip(parent.keys, parent.values))
    return False


def table_lines(tree: ast.AST) -> set[int]:
    """The lines of the ``CONSTANTS = ConstantTable(...)`` assignment in a module's ``tree`` (where the numbers
    live)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "ConstantTable"):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


@functools.lru_cache(maxsize=None)
def _rule_context_literals(path: Path) -> tuple[tuple[int, int, str], ...]:
    """``(line, value, line text)`` of every integer literal in ``path`` that stands where a rule constant would,
    outside the constants table: the module parsed once per run (several games' searches read the same
    files, and each parse and walk of a module cost a tenth of a second)."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = table_lines(tree)
    parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
    return tuple((node.lineno, node.value, lines[node.lineno - 1].strip()) for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and type(node.value) is int and node.lineno not in skip
                 and _in_rule_context(node, parents))


def literal_sites(path: Path, values: dict[int, list[str]]) -> Iterator[tuple[int, int, str]]:
    """``(line, value, line text)`` of every integer literal in ``path`` equal to a searched number, outside the
    constants table and outside docstrings (strings are not searched at all)."""
    for line, value, text in _rule_context_literals(path):
        if value in values:
            yield line, value, text


@pytest.mark.parametrize("game_id", sorted(GAME_FILES))
def test_rule_constants_are_read_from_the_table(game_id: str) -> None:
    table: ConstantTable = importlib.import_module(f"ruleproof.spec.{game_id}").CONSTANTS
    values = constant_values(table)
    allowed = ALLOWED.get(game_id, ())
    stray = []
    used_allowances = set()
    for relative in GAME_FILES[game_id]:
        for line, value, text in literal_sites(ROOT / relative, values):
            match = [a for a in allowed if a[0] == relative and a[1] in text]
            if match:
                used_allowances.update(match)
                continue
            stray.append(f"{relative}:{line}: {value} ({', '.join(values[value])}) in {text!r}")
    assert not stray, "rule constants written as literals (read them from CONSTANTS, or allow the site with a " \
                      "reason in tests/test_rule_constants.py):\n" + "\n".join(stray)
    unused = [a for a in allowed if a not in used_allowances]
    assert not unused, f"allowed sites that no longer exist: {unused}"


@pytest.mark.parametrize("game_id", sorted(GAME_FILES))
def test_every_constant_has_its_passage(game_id: str) -> None:
    table: ConstantTable = importlib.import_module(f"ruleproof.spec.{game_id}").CONSTANTS
    assert table.game == game_id and list(table)
    for constant in table:
        assert constant.quote.strip(), constant.name
        assert constant.source.section, constant.name
        assert constant.meaning, constant.name


def test_invalid_literal_is_found(tmp_path: Path) -> None:
    """The search can fail: a planted literal row capacity is found, the table's own is not."""
    module = tmp_path / "demo.py"
    module.write_text("CONSTANTS = ConstantTable('demo', (5,))\nif len(row) >= 5:\n    x = y + 5\n", encoding="utf-8")
    assert [(line, value) for line, value, _ in literal_sites(module, {5: ["row_capacity"]})] == [(2, 5)]
