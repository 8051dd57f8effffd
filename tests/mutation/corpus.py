'''The project's corpus of rule mutants: realistic misreadings of the rulebooks, as small source patches.

Each :class:`Mutant` breaks one rule the way a reader could misread it, in the
engine only (``engine``), the specification only (``spec``) or both layers at
once (``both``: the misreading conformance and fuzzing cannot see, since they
compare the layers with each other). A patch is ``(file, exact old snippet,
new snippet)``; the snippet must occur exactly once in the file
(``tests/mutation/test_mutation.py`` checks it, so a refactoring that moves
the code is noticed). :mod:`mutation.campaign` applies them to a copy of the
project and runs the game's tests.

A mutant that no test can kill because it changes nothing observable carries
``equivalent``: the reason, in words.

Besides misreadings of the rules (``target`` ``rules``), the corpus plants the
bugs the referee's audit of issue 32 found surviving the whole default suite,
where no comparison of the layers can see them: in the fast paths (``fast
path``: each engine's fast playout and the paired-games lock step), in the
independent certificate checker's own tables (``certificate table``; layer
``checker``), in the reading-identity checks (``reading check``) and in the
named input limits (``limit``). Such a mutant names the test files that judge
it (``tests``), run besides its game's selection; mutants of no one game
belong to ``shared``.
'''

from __future__ import annotations

from dataclasses import dataclass

GAMES = ("take5", "cinco", "ikebana", "bigpoints", "bigfive")
#: The owner of the mutants of machinery that belongs to no one game (readings, input limits).
SHARED = "shared"
LAYERS = ("engine", "spec", "both", "checker")
TARGETS = ("rules", "fast path", "certificate table", "reading check", "limit")


@dataclass(frozen=True)
class Patch:
    """Replace the one occurrence of ``old`` in ``file`` (relative to the repository) by ``new``."""

    file: str
    old: str
    new: str


@dataclass(frozen=True)
class Mutant:
    """A misreading of rule ``rule`` of ``game``."""

    id: str
    game: str
    rule: str
    description: str
    patches: tuple[Patch, ...]
    equivalent: str = ""
    target: str = "rules"
    tests: tuple[str, ...] = ()

    @property
    def layer(self) -> str:
        """``engine``, ``spec``, ``both`` (spec and engine) or ``checker``, from the files the patches touch."""
        layers = {p.file.split("/")[0] for p in self.patches}
        if layers == {"model"}:
            return "engine"
        if layers == {"spec"}:
            return "spec"
        if layers == {"checkers"}:
            return "checker"
        return "both"


def _m(id: str, game: str, rule: str, description: str, *patches: tuple[str, str, str], equivalent: str = "",
       target: str = "rules", tests: tuple[str, ...] = ()) -> Mutant:
    return Mutant(id, game, rule, description, tuple(Patch(*p) for p in patches), equivalent, target, tests)


T5S, T5E = "spec/take5.py", "model/take5.py"
CIS, CIE = "spec/cinco.py", "model/cinco.py"
IKS, IKE, IKB = "spec/ikebana.py", "model/ikebana.py", "spec/ikebana_cards.py"
BPS, BPE = "spec/bigpoints.py", "model/bigpoints.py"
BPP = "spec/bigpoints_parts.py"
BFS, BFB, BFE = "spec/bigfive.py", "spec/bigfive_board.py", "model/bigfive.py"

_T5_SPEC_END = ("        return any(t >= variant.threshold for t in totals)",
                "        return any(t > variant.threshold for t in totals)")
_T5_SPEC_AUTO = ('AUTO_LOW_ROW_KEYS: tuple[str, ...] = ("bullheads", "cards", "row")',
                 'AUTO_LOW_ROW_KEYS: tuple[str, ...] = ("bullheads", "row")')
_T5_SPEC_WIN = ("    lowest = frozenset(s for s, t in enumerate(totals) if t == best)",
                "    lowest = frozenset({totals.index(best)})")

TAKE5 = [
    _m("T5-M1", "take5", "T5-END-1", "the publisher's end rule read as 'more than 66' in the spec",
       (T5S, *_T5_SPEC_END)),
    _m("T5-M2", "take5", "T5-END-1", "the engine ignores a total of exactly 66 under '>='",
       (T5E, 'if total > limit or (total == limit and variant.end_rule == ">="):',
        'if total > limit or (total == limit and variant.end_rule == ">"):')),
    _m("T5-M3", "take5", "T5-END-1", "both layers read '66 or more' as 'more than 66'",
       (T5S, *_T5_SPEC_END),
       (T5E, 'if total > limit or (total == limit and variant.end_rule == ">="):', "if total > limit:")),
    _m("T5-M4", "take5", "T5-LOW-3", "automatic row choice: equal bullheads go to the lowest row, not the shortest (spec)",
       (T5S, *_T5_SPEC_AUTO)),
    _m("T5-M5", "take5", "T5-LOW-3", "automatic row choice without the 'shortest' tie-break, in both layers",
       (T5S, *_T5_SPEC_AUTO),
       (T5E, "return min([(_points(row), len(row), r) for r, row in enumerate(rows)])[2]",
        "return min([(_points(row), r) for r, row in enumerate(rows)])[1]"),
       (T5E, "best = min((p0, l0, 0), (p1, l1, 1), (p2, l2, 2), (p3, l3, 3))[2]",
        "best = min((p0, 0), (p1, 1), (p2, 2), (p3, 3))[1]")),
    _m("T5-M6", "take5", "T5-SIX-1", "the engine lets a row hold six cards",
       (T5E, "if type(move) is Take or len(row) >= variant.row_capacity:",
        "if type(move) is Take or len(row) > variant.row_capacity:")),
    _m("T5-M7", "take5", "T5-SIX-1", "the rule constants' row capacity read as six (every layer reads it)",
       (T5S, 'RuleConstant("row_capacity", 5,', 'RuleConstant("row_capacity", 6,')),
    _m("T5-M8", "take5", "T5-SCORE-1", "multiples of ten read as two bullheads in the rule constants (every layer)",
       (T5S, '("multiple", 10, 3)', '("multiple", 10, 2)')),
    _m("T5-M9", "take5", "T5-WIN-1", "tie='draw' ignored by the spec: a shared lowest total is a shared win",
       (T5S, '    if len(lowest) > 1 and state.variant.tie == "draw":', '    if len(lowest) > 1 and False:')),
    _m("T5-M10", "take5", "T5-WIN-1", "a tie for the lowest total won by the lowest seat, in both layers",
       (T5S, *_T5_SPEC_WIN),
       (T5E, "        winners = frozenset(s for s, t in enumerate(totals) if t == best)",
        "        winners = frozenset({totals.index(best)})")),
    _m("T5-M11", "take5", "T5-PLACE-2", "the spec's nearest row read as the farthest",
       (T5S, "    best = min(d for d, _ in fits)", "    best = max(d for d, _ in fits)")),
    _m("T5-M12", "take5", "T5-PLACE-1", "rows ascend read as 'not lower' (<= instead of <) in the spec",
       (T5S, "    if row[-1] < card:\n        return None\n    return f\"card {card} cannot follow",
        "    if row[-1] <= card:\n        return None\n    return f\"card {card} cannot follow"),
       equivalent="every card exists once, so a row end never equals the card being placed: '<' and '<=' agree "
                  "on every reachable position (and T5-PLACE-2 refuses such a move anyway)"),
]

_CI_SPEC_ABOVE = ("    at_or_above = tuple(n for n in free_cells(cells) if n >= card)",
                  "    at_or_above = tuple(n for n in free_cells(cells) if n > card)")
_CI_ENGINE_ABOVE = ("            targets = [row[n] for n in free if n >= card]",
                    "            targets = [row[n] for n in free if n > card]")
_CI_SPEC_JOKER = ("    return variant.joker and not any(c == FREE for c in cells[card - 1 :])",
                  "    return variant.joker and not any(c == FREE for c in cells[card :])")
_CI_SPEC_ORDER = (
    '    if colour >= 0 and is_win(board, colour, variant.line_length, variant.exact_five):\n        return "win"\n'
    '    if colour >= 0 and state.chips[colour] == 0 and (variant.chips_out == "last_chip" or not any(state.chips)):\n'
    '        return "chips"\n',
    '    if colour >= 0 and state.chips[colour] == 0 and (variant.chips_out == "last_chip" or not any(state.chips)):\n'
    '        return "chips"\n'
    '    if colour >= 0 and is_win(board, colour, variant.line_length, variant.exact_five):\n        return "win"\n')

CINCO = [
    _m("CI-M1", "cinco", "CI-PLAY-3", "the spec reads 'at or above the card' as 'above'", (CIS, *_CI_SPEC_ABOVE)),
    _m("CI-M2", "cinco", "CI-PLAY-3", "the engine reads 'at or above the card' as 'above'", (CIE, *_CI_ENGINE_ABOVE)),
    _m("CI-M3", "cinco", "CI-PLAY-3", "both layers read 'at or above' as 'above'",
       (CIS, *_CI_SPEC_ABOVE), (CIE, *_CI_ENGINE_ABOVE)),
    _m("CI-M4", "cinco", "CI-PLAY-3", "joker: a card whose own cell is the only free one at or above it becomes a joker "
       "(spec)", (CIS, *_CI_SPEC_JOKER)),
    _m("CI-M5", "cinco", "CI-PLAY-3", "joker misread the same way in both layers",
       (CIS, *_CI_SPEC_JOKER),
       (CIE, "            if targets:\n                moves.extend(targets)\n            elif joker and free:",
        "            if targets and (not joker or any(n > card for n in free)):\n"
        "                moves.extend(targets)\n            elif joker and free:")),
    _m("CI-M6", "cinco", "CI-HAND-1", "the spec lets a player with four cards draw",
       (CIS, "    if len(hand) >= step.variant.hand_size:\n        return (f\"seat {step.actor} holds",
        "    if len(hand) > step.variant.hand_size:\n        return (f\"seat {step.actor} holds")),
    _m("CI-M7", "cinco", "CI-HAND-2", "the engine offers the exchange with three cards too (and then no draw)",
       (CIE, "        if len(hand) == state.variant.hand_size:\n            moves.append(EXCHANGE)",
        "        if len(hand) >= state.variant.hand_size - 1:\n            moves.append(EXCHANGE)")),
    _m("CI-M8", "cinco", "CI-END-1", "a colour's last chip completing a line is a draw, in both layers",
       (CIS, *_CI_SPEC_ORDER),
       (CIE, "            if self._completes(state.variant, board, i, colour):\n"
             "                winner, finished = colour, True\n            elif (left == 0",
        "            if left == 0 and state.variant.chips_out == \"last_chip\":\n                finished = True\n"
        "            elif self._completes(state.variant, board, i, colour):\n"
        "                winner, finished = colour, True\n            elif (left == 0")),
    _m("CI-M9", "cinco", "CI-END-1", "a colour's last chip completing a line is a draw (spec)", (CIS, *_CI_SPEC_ORDER)),
    _m("CI-M10", "cinco", "CI-PLAY-4", "the spec lets a card with a single free cell left burn",
       (CIS, "    if not targets:\n        return None\n    if step.variant.joker_burn",
        "    if len(targets) <= 1:\n        return None\n    if step.variant.joker_burn")),
    _m("CI-M11", "cinco", "CI-END-1", "the engine ends the game one chip early",
       (CIE, "            elif (left == 0 and", "            elif (left == 1 and")),
    _m("CI-M13", "cinco", "CI-PLAY-3", "compute_target_cells lists every free cell for a card whose own cell is "
       "the only free one at or above it",
       (CIS, "    if at_or_above or not variant.joker:\n        return at_or_above",
        "    if any(n > card for n in at_or_above) or not variant.joker:\n        return at_or_above"),
       equivalent="compute_target_cells is read only for emptiness (CI-PLAY-4 burning, must_place) and for the "
                  "cells quoted in CI-PLAY-4's message; in the mutated branch at_or_above is non-empty, so the "
                  "free cells are too: every verdict is unchanged (CI-PLAY-3 decides jokers with is_joker_card, "
                  "which CI-M4 mutates)"),
    _m("CI-M14", "cinco", "CI-WIN-1", "the table of rule constants reads the winning line as six chips (every layer "
       "reads it from there)", (CIS, 'RuleConstant("line_length", 5,', 'RuleConstant("line_length", 6,')),
    _m("CI-M15", "cinco", "CI-HAND-2", "the engine offers the exchange with the rulebook's four cards whatever the "
       "hand_size flag says",
       (CIE, "        if len(hand) == state.variant.hand_size:\n            moves.append(EXCHANGE)",
        "        if len(hand) == 4:\n            moves.append(EXCHANGE)")),
    _m("CI-M16", "cinco", "CI-WIN-1", "the spec wins with the rulebook's line of five whatever the line_length flag says",
       (CIS, "is_win(board, colour, variant.line_length, variant.exact_five)",
        "is_win(board, colour, LINE, variant.exact_five)")),
    _m("CI-M12", "cinco", "CI-OUT-1", "a draw read as 'nobody wins' in the spec",
       (CIS, "        return team_seats(state.players, state.variant, state.winner)\n    return frozenset(range(state.players))",
        "        return team_seats(state.players, state.variant, state.winner)\n    return frozenset()")),
]

_IK_SPEC_REFUSE = ("    if coins >= refusal:\n        return refusal", "    if coins > refusal:\n        return refusal")
_IK_SPEC_BUY = ("    if card_value(card) <= s.coins[step.actor]:", "    if card_value(card) < s.coins[step.actor]:")
_IK_SPEC_BANK = ("        paid[seat] = min(due[seat], left)", "        paid[seat] = due[seat] if due[seat] <= left else 0")
_IK_SPEC_MULT = ("    return {1: scoring.one_colour, 2: scoring.two_colours, scoring.size: scoring.rainbow}.get(colours, 1)",
                 "    return {1: scoring.one_colour, 2: scoring.two_colours, 4: scoring.rainbow, "
                 "scoring.size: scoring.rainbow}.get(colours, 1)")

IKEBANA = [
    _m("IK-M1", "ikebana", "IK-REFUSE-1", "the spec wants more coins than the refusal costs", (IKS, *_IK_SPEC_REFUSE)),
    _m("IK-M2", "ikebana", "IK-REFUSE-1", "the engine wants more coins than the refusal costs",
       (IKE, "affordable = money > state.refusals or", "affordable = money > state.refusals + 1 or")),
    _m("IK-M3", "ikebana", "IK-REFUSE-1", "both layers: a refusal needs one coin more than its cost",
       (IKS, *_IK_SPEC_REFUSE),
       (IKE, "affordable = money > state.refusals or", "affordable = money > state.refusals + 1 or")),
    _m("IK-M4", "ikebana", "IK-BUY-2", "the spec needs more coins than the card's value to buy it", (IKS, *_IK_SPEC_BUY)),
    _m("IK-M5", "ikebana", "IK-BUY-2", "both layers: buying needs more coins than the value",
       (IKS, *_IK_SPEC_BUY),
       (IKE, "if s != seat and pile and _VALUE[pile[-1]] <= money\n", "if s != seat and pile and _VALUE[pile[-1]] < money\n")),
    _m("IK-M6", "ikebana", "IK-SCORE-2", "the spec gives four colours x3", (IKB, *_IK_SPEC_MULT)),
    _m("IK-M7", "ikebana", "IK-SCORE-2", "both layers give four colours x3",
       (IKB, *_IK_SPEC_MULT),
       (IKE, "                   variant.bouquet: variant.rainbow_multiplier}",
        "                   4: variant.rainbow_multiplier, variant.bouquet: variant.rainbow_multiplier}")),
    _m("IK-M8", "ikebana", "IK-BANK-1", "a finite bank pays nothing to a player it cannot pay in full (spec)",
       (IKB, *_IK_SPEC_BANK)),
    _m("IK-M9", "ikebana", "IK-BANK-1", "a finite bank skips the remainder, in both layers",
       (IKB, *_IK_SPEC_BANK), (IKE, "\n                due[s] = min(due[s], left)",
                                        "\n                due[s] = due[s] if due[s] <= left else 0"),
       (IKE, "\n                    due[s] = min(due[s], left)", "\n                    due[s] = due[s] if due[s] <= left else 0")),
    _m("IK-M10", "ikebana", "IK-START-1", "the engine lets the previous start player win a tie for the next start",
       (IKE, "start = next(s for s in ((state.start + i) % players for i in range(1, players + 1)) if scores[s] == best)",
        "start = next(s for s in ((state.start + i) % players for i in range(0, players)) if scores[s] == best)")),
    _m("IK-M11", "ikebana", "IK-WIN-1", "a tie for the most coins won by the lowest seat, in both layers",
       (IKS, "    best = max(state.coins)\n    return frozenset(s for s, c in enumerate(state.coins) if c == best)",
        "    best = max(state.coins)\n    return frozenset({state.coins.index(best)})"),
       (IKE, "frozenset(s for s, c in enumerate(state.coins) if c == best))",
        "frozenset({state.coins.index(best)}))")),
    _m("IK-M12", "ikebana", "IK-END-1", "the spec plays a fifth round",
       (IKS, "    return s.round == step.variant.rounds or (", "    return s.round == step.variant.rounds + 1 or (")),
]

_BP_SPEC_STEPS = ("    return variant.step_values[::-1] if variant.inverted_ladder else variant.step_values",
                  "    return variant.step_values[::-1] if variant.inverted_ladder else "
                  "tuple(v + 1 for v in variant.step_values)")
_BP_SPEC_AHEAD = ("    ahead = next((i for i in range(position + 1, len(path)) if path[i] != TAKEN and i not in occupied), None)",
                  "    ahead = next((i for i in range(position + 1, len(path)) if path[i] != TAKEN), None)")
_BP_SPEC_FRESH = ("    return state.hands[state.turn][BLACK] - state.fresh", "    return state.hands[state.turn][BLACK]")

BIGPOINTS = [
    _m("BP-M1", "bigpoints", "BP-SCORE-1", "the spec's ladder steps worth 5 to 1", (BPS, *_BP_SPEC_STEPS)),
    _m("BP-M2", "bigpoints", "BP-SCORE-1", "ladder steps worth 5 to 1 in the rule constants (every layer reads them)",
       (BPP, 'RuleConstant("step_values", (4, 3, 2, 1, 0),', 'RuleConstant("step_values", (5, 4, 3, 2, 1),')),
    _m("BP-M3", "bigpoints", "BP-SCORE-1", "the engine lets a white disc count white as a colour",
       (BPE, "return points + hand[_W] * kinds", "return points + hand[_W] * (kinds + 1)")),
    _m("BP-M4", "bigpoints", "BP-TAKE-1", "the spec takes the disc ahead even under a pawn", (BPS, *_BP_SPEC_AHEAD)),
    _m("BP-M5", "bigpoints", "BP-TAKE-1", "both layers take the disc ahead even under a pawn",
       (BPS, *_BP_SPEC_AHEAD),
       (BPE, "    while ahead < size and (path[ahead] == _GONE or ahead in others):",
        "    while ahead < size and path[ahead] == _GONE:")),
    _m("BP-M6", "bigpoints", "BP-BLACK-2", "the spec allows a second black disc in a turn while one is held",
       (BPS, "    if step.before.used_black:\n        return f\"seat {step.before.turn} already spent",
        "    if step.before.used_black and step.before.hands[step.before.turn][BLACK] < 1:\n"
        "        return f\"seat {step.before.turn} already spent")),
    _m("BP-M7", "bigpoints", "BP-BLACK-2", "the engine offers a second black disc in a turn",
       (BPE, "if state.used_black or state.hands[state.turn][_K] - state.fresh < 1:",
        "if state.hands[state.turn][_K] - state.fresh < 1:")),
    _m("BP-M8", "bigpoints", "BP-BLACK-1", "both layers let a black disc be spent in the turn it was taken",
       (BPS, *_BP_SPEC_FRESH),
       (BPE, "if state.used_black or state.hands[state.turn][_K] - state.fresh < 1:",
        "if state.used_black or state.hands[state.turn][_K] < 1:")),
    _m("BP-M9", "bigpoints", "BP-MOVE-2", "the spec skips the next disc of the pawn's colour",
       (BPS, "        for i in range(pos + 1, len(state.path)):\n            if state.path[i] == letter:",
        "        for i in range(pos + 2, len(state.path)):\n            if state.path[i] == letter:")),
    _m("BP-M10", "bigpoints", "BP-MOVE-2", "the engine skips the next disc of the pawn's colour",
       (BPE, "            dest = path.find(letter, pos + 1)\n            if dest < 0:\n                dest = size",
        "            dest = path.find(letter, pos + 2)\n            if dest < 0:\n                dest = size")),
    _m("BP-M11", "bigpoints", "BP-WIN-1", "a tie for the most points won by the lowest seat, in both layers",
       (BPS, "    return frozenset(s for s, t in enumerate(state.scores) if t == best)",
        "    return frozenset({state.scores.index(best)})"),
       (BPE, "return Outcome(scores, frozenset(s for s, t in enumerate(scores) if t == best))",
        "return Outcome(scores, frozenset({scores.index(best)}))")),
]

_BF_SPEC_CAP = ("        earned = min(earned, room)\n        if earned and v.bonus_timing", "        if earned and v.bonus_timing")
_BF_SPEC_FOUR = ("return self.group[size] if size < len(self.group) else 0",
                 "return self.group[size - 1] if size < len(self.group) else 0")

BIGFIVE = [
    _m("BF-M1", "bigfive", "BF-BONUS-2", "the spec does not cap the bonus by the cards left", (BFS, *_BF_SPEC_CAP)),
    _m("BF-M2", "bigfive", "BF-BONUS-2", "neither layer caps the bonus by the cards left",
       (BFS, *_BF_SPEC_CAP), (BFE, "            earned = min(earned, room)\n            if earned:", "            if earned:")),
    _m("BF-M3", "bigfive", "BF-BONUS-1", "the spec pays 1, not 2, for a line of five",
       (BFB, "return self.lines[new] if new < len(self.lines) else 0",
        "return min(self.lines[new], 1) if new < len(self.lines) else 0")),
    _m("BF-M4", "bigfive", "BF-BONUS-1", "the engine pays 1 for every line size a line reaches (1 for five, not 2)",
       (BFE, "else sum(paid[old + 1: length + 1])", "else sum(min(p, 1) for p in paid[old + 1: length + 1])")),
    _m("BF-M5", "bigfive", "BF-BONUS-1", "both layers forget the bonus for a group of four",
       (BFB, *_BF_SPEC_FOUR), (BFE, "        total += table.group[k]\n", "        total += table.group[k - 1]\n")),
    _m("BF-M6", "bigfive", "BF-LINE-5", "the spec allows lines of six",
       (BFS, "if len(cards) > MAX_LINE]", "if len(cards) > MAX_LINE + 1]")),
    _m("BF-M7", "bigfive", "BF-PLAY-2", "the spec allows groups of five",
       (BFS, "    if low <= n <= top:", "    if low <= n <= top + 1:")),
    _m("BF-M8", "bigfive", "BF-REFILL-1", "the engine refills to five even when the deck runs short (after_refill)",
       (BFE, "return state._replace(bonus=earned, to_draw=need if need < have else have)",
        "return state._replace(bonus=earned, to_draw=need)")),
    _m("BF-M9", "bigfive", "BF-REFILL-1", "the spec refills to four", (BFS, "    n = min(need, have)\n    state = state._replace(bonus=0)",
                                                                         "    n = min(need - 1, have)\n    state = state._replace(bonus=0)")),
    _m("BF-M10", "bigfive", "BF-WIN-1", "a tie for the fewest cards won by the lowest seat, in both layers",
       (BFS, "    return frozenset(s for s, p in enumerate(state.penalties) if p == best)",
        "    return frozenset({state.penalties.index(best)})"),
       (BFE, "frozenset(s for s, x in enumerate(scores) if x == best))", "frozenset({scores.index(best)}))")),
    _m("BF-M11", "bigfive", "BF-SOLO-1", "the spec's solitaire allows groups of two",
       (BFS, "    return None if n >= SOLO_MIN_GROUP else", "    return None if n >= SOLO_MIN_GROUP - 1 else")),
]

# -- the fast paths, the checker's tables, the reading checks and the limits (issue 32, point 8) ------------------

FAST = "tests/model/test_fast_paths_options.py"
ACCEL = ("tests/spec/test_accelerations.py", "tests/spec/test_accel_fast_forms.py")
DIFF = ("tests/checkers/test_diff_take5.py", "tests/checkers/test_diff_take5_boundaries.py")
TABLES = "tests/checkers/test_certcheck_constants.py"
IDENTITY = "tests/checkers/test_reading_identity.py"
LIMITS = "tests/checkers/test_named_limits.py"
BFF, DT5 = "model/bigfive_fast.py", "checkers/analysis/diff_take5.py"
_T5_FAST_ROUND_END = ("p in zip(scores, points):\n                    total = score + p\n"
                      "                    if total > limit or (reach and total == limit):")
_T5_FAST_IMMEDIATE_END = ("                        if total > limit or (reach and total == limit):\n"
                          "                            finished = True")
_BP_FAST_BACK = "                        back_to_start or path.rfind(c, 0, pawns[c]) >= 0)]"  # the list playout's


def _fast(id: str, game: str, rule: str, description: str, *patches: tuple[str, str, str],
          tests: tuple[str, ...] = (FAST,)) -> Mutant:
    return _m(id, game, rule, description, *patches, target="fast path", tests=tests)


def _table(id: str, game: str, rule: str, description: str, *patches: tuple[str, str, str]) -> Mutant:
    return _m(id, game, rule, description, *patches, target="certificate table", tests=(TABLES,))


FAST_PATHS = [
    _fast("T5-F1", "take5", "T5-END-1", "the fast playout's round-end check ends a '>=' game one bullhead past the "
          "threshold", (T5E, _T5_FAST_ROUND_END, _T5_FAST_ROUND_END.replace("total == limit)", "total == limit + 1)"))),
    _fast("T5-F2", "take5", "T5-END-1", "the fast playout's immediate end check ignores end_rule '>='",
          (T5E, _T5_FAST_IMMEDIATE_END, _T5_FAST_IMMEDIATE_END.replace(" or (reach and total == limit)", ""))),
    _fast("T5-F3", "take5", "T5-PLACE-3", "the fast playout ignores the professional flag (no left ends)",
          (T5E, "                    if professional:\n                        gap = row[0] - card",
           "                    if False:\n                        gap = row[0] - card")),
    _fast("T5-F4", "take5", "T5-SIX-1", "the fast playout lets a full row take a sixth card",
          (T5E, "                    if len(row) >= capacity:", "                    if len(row) > capacity:")),
    _fast("T5-F5", "take5", "T5-END-1", "the fast playout never stops once the game is over (it would hang without "
          "its step bound)", (T5E, "            if finished:\n                break\n            resolving = False",
                              "            if finished:\n                pass\n            resolving = False")),
    _fast("T5-F6", "take5", "T5-END-1", "the four-row fast playout reads '66 or more' as 'more than 66'",
          (T5E, 'variant.threshold if variant.end_rule == ">=" else variant.threshold + 1,  # a total this high ends',
           "variant.threshold + 1,  # a total this high ends")),
    _fast("T5-F7", "take5", "T5-SIX-1", "the four-row fast playout's record of a row taken from row 2 loses its first "
          "card (the final piles)", (T5E, "                            gone[card] = l1\n",
                                     "                            gone[card] = l1 - 1\n")),
    _fast("T5-F8", "take5", "T5-PLACE-1", "the four-row fast playout links a card placed on row 3 after row 1's end "
          "(the final rows)", (T5E, "                            link[card] = e2\n                            e2 = card",
                               "                            link[card] = e0\n                            e2 = card")),
    _fast("T5-F9", "take5", "T5-DEAL-3", "the compiled build's count of the undealt deck never reads the highest card "
          "(the final deck)", (T5E, "    for c in range(1, top + 1):\n        if present[c]:",
                               "    for c in range(1, top):\n        if present[c]:"),
          tests=("tests/model/test_take5.py",)),
    _fast("T5-D1", "take5", "T5-END-1", "the paired-games lock step reads '>=' as '>' at the threshold",
          (DT5, "            if total > limit or (reach and total == limit):", "            if total > limit:"),
          tests=DIFF),
    _fast("T5-D2", "take5", "T5-PLACE-3", "the paired-games lock step ignores the professional flag",
          (DT5, "            if professional:\n                gap = row[0] - card",
           "            if False:\n                gap = row[0] - card"), tests=DIFF),
    _fast("T5-D3", "take5", "T5-SIX-1", "the paired-games lock step lets a full row take a sixth card",
          (DT5, "                row = rows[r]\n                if took or len(row) >= _CAPACITY:",
           "                row = rows[r]\n                if took or len(row) > _CAPACITY:"), tests=DIFF),
    _fast("IK-F1", "ikebana", "IK-BUY-2", "the fast playout never draws an exact-cost purchase",
          (IKE, "value[piles[o][-1]] <= money]", "value[piles[o][-1]] < money]")),
    _fast("IK-F2", "ikebana", "IK-REFUSE-1", "the fast playout ignores partial_refusal",
          (IKE, "(money > 0 and partial)", "(money > 0 and False)")),
    _fast("IK-F3", "ikebana", "IK-REFUSE-1", "the fast playout never draws a refusal that costs every coin left",
          (IKE, "if (money > refusals or (money > 0", "if (money > refusals + 1 or (money > 0")),
    _fast("BP-F1", "bigpoints", "BP-BLACK-3", "the fast playout never moves a pawn back to the first cell of the path",
          (BPE, _BP_FAST_BACK, _BP_FAST_BACK.replace("(c, 0, pawns[c])", "(c, 1, pawns[c])"))),
    _fast("BP-F2", "bigpoints", "BP-BLACK-3", "the fast playout ignores back_to_start",
          (BPE, _BP_FAST_BACK, _BP_FAST_BACK.replace("back_to_start or", "False or"))),
    _fast("BP-F3", "bigpoints", "BP-TAKE-1", "the fast playout never takes the disc behind when one is ahead",
          (BPE, "pos = behind if behind >= 0 and randrange(2) else ahead",
           "pos = behind if behind >= 0 and randrange(2) and False else ahead")),
    _fast("CI-F1", "cinco", "CI-PLAY-3", "the fast playout never places a card on the cell of its own number",
          (CIE, "total += (nfree - bisect_left(free, card)) or 1", "total += (nfree - bisect_left(free, card + 1)) or 1"),
          (CIE, "counted again\n                for i, card in enumerate(hand):\n                    first = bisect_left(free, card)",
           "counted again\n                for i, card in enumerate(hand):\n                    first = bisect_left(free, card + 1)")),
    _fast("CI-F2", "cinco", "CI-PLAY-3", "the fast playout ignores the joker flag",
          (CIE, "                        elif joker:\n                            placing += nfree",
           "                        elif False:\n                            placing += nfree"),
          (CIE, "                    elif joker:\n                        first, k = 0, nfree",
           "                    elif False:\n                        first, k = 0, nfree")),
    _fast("CI-F3", "cinco", "CI-PLAY-4", "the fast playout ignores must_place",
          (CIE, "                if must_place and placing:\n                    option = burns = 0",
           "                if False:\n                    option = burns = 0")),
    _fast("BF-F1", "bigfive", "BF-PASS-1", "the fast playout ignores pass_rule 'always' (never draws the pass)",
          (BFF, 'passes = 1 if variant.pass_rule == "always" else 0', "passes = 0")),
    _fast("BF-F2", "bigfive", "BF-SOLO-1", "the fast playout ignores solo_discard 'optional'",
          (BFF, 'if not self.plays or variant.solo_discard == "optional":', "if not self.plays:")),
    # The specification's fast forms (spec/accel/): the same verdicts as the plain rules, faster.
    _fast("T5-A1", "take5", "T5-SCORE-1", "the spec's fast bullhead table gives card 55 six",
          ("spec/accel/take5.py", "        points = plain.compute_bullheads(card)\n",
           "        points = plain.compute_bullheads(card) if card != 55 else 6\n"), tests=ACCEL),
    _fast("CI-A1", "cinco", "CI-PLAY-3", "the spec's fast form of CI-PLAY-3 refuses a card on its own cell",
          ("spec/accel/cinco.py", "return cell == 0 or cell >= move.card or", "return cell == 0 or cell > move.card or"),
          tests=ACCEL),
    _fast("BP-A1", "bigpoints", "BP-TAKE-1", "the spec's fast form of BP-TAKE-1 never takes a disc on the first cell",
          ("spec/accel/bigpoints.py", '    if side == "behind":\n        return behind is not None',
           '    if side == "behind":\n        return behind is not None and behind > 0'), tests=ACCEL),
]

CERTIFICATE_TABLES = [
    _table("T5-C1", "take5", "T5-SCORE-1", "the checker's bullhead table gives card 55 six bullheads",
           ("checkers/certcheck/take5.py", '("card", 55, 7)', '("card", 55, 6)')),
    _table("CI-C1", "cinco", "CI-SETUP-1", "the checker's table forms teams for five players",
           ("checkers/certcheck/cinco.py", '"team_players": (4, 6),', '"team_players": (4, 5, 6),')),
    _table("IK-C1", "ikebana", "IK-BUY-2", "the checker prices a 5 at 4 coins",
           ("checkers/certcheck/ikebana.py", "price = int(top[1]) if top is not None else None",
            "price = min(int(top[1]), 4) if top is not None else None")),
    _table("IK-C2", "ikebana", "IK-SETUP-2", "the checker's deck holds two 5s of each colour",
           ("checkers/certcheck/ikebana.py", '"values": (1, 1, 1, 2, 2, 3, 3, 4, 4, 5),',
            '"values": (1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5),')),
    _table("BP-C1", "bigpoints", "BP-MOVE-2", "the checker's letters swap black and white",
           ("checkers/certcheck/bigpoints.py", 'LETTERS = "BRYGPKW"', 'LETTERS = "BRYGPWK"')),
    _table("BF-C1", "bigfive", "BF-SETUP-1", "the checker's colour letters swap green and red",
           ("checkers/certcheck/bigfive.py", 'COLOURS = "bygrp"', 'COLOURS = "byrgp"')),
]

_RD = "model/io/readings.py"
READING_CHECKS = [
    _m("RD-M1", SHARED, "reading identity", "a record with no plugin digest passes as made under a plugin's reading",
       (_RD, "        if digest != self.plugin_sha256:", "        if digest and digest != self.plugin_sha256:"),
       target="reading check", tests=(IDENTITY,)),
    _m("RD-M2", SHARED, "reading identity", "a record without extra rules passes as made under a reading with some",
       (_RD, "        if rules != list(self.rule_ids):", "        if rules and rules != list(self.rule_ids):"),
       target="reading check", tests=(IDENTITY,)),
    _m("RD-M3", SHARED, "reading identity", "the views replay a record that carries only a plugin digest under the "
       "built-in rules", ("checkers/view/under.py",
                          'if identity.get("rules") or identity.get("engine") or identity.get("plugin_sha256"):',
                          'if identity.get("rules") or identity.get("engine"):'),
       target="reading check", tests=(IDENTITY,)),
    _m("LM-M1", SHARED, "MAX_PLUGIN_NAME", "a plugin name one character past the limit is accepted",
       (_RD, "len(name) > MAX_PLUGIN_NAME:", "len(name) > MAX_PLUGIN_NAME + 1:"), target="limit", tests=(LIMITS,)),
    _m("LM-M2", SHARED, "MAX_MOVE_CHARS", "a record move one character past the limit is accepted",
       ("model/io/records.py", "0 < len(move) <= MAX_MOVE_CHARS", "0 < len(move) <= MAX_MOVE_CHARS + 1"),
       target="limit", tests=(LIMITS,)),
    _m("LM-M3", SHARED, "MAX_TITLE", "new-game refuses a title of exactly the limit",
       ("checkers/cli/newgame.py", "len(title) > MAX_TITLE:", "len(title) >= MAX_TITLE:"), target="limit",
       tests=(LIMITS,)),
    _m("LM-M4", SHARED, "MAX_LIST_ITEMS", "the certificate loader accepts a list one item past the limit",
       ("checkers/certcheck/loader.py", "len(item) > list_limit:", "len(item) > list_limit + 1:"), target="limit",
       tests=(LIMITS,)),
    _m("LM-M5", SHARED, "MAX_INT_DIGITS", "the input boundary refuses an integer of exactly the limit's digits",
       ("model/io/inputs.py", 'if len(text.lstrip("-")) > limits.max_int_digits:',
        'if len(text.lstrip("-")) >= limits.max_int_digits:'), target="limit", tests=(LIMITS,)),
]

MUTANTS: tuple[Mutant, ...] = (*TAKE5, *CINCO, *IKEBANA, *BIGPOINTS, *BIGFIVE, *FAST_PATHS, *CERTIFICATE_TABLES,
                               *READING_CHECKS)
