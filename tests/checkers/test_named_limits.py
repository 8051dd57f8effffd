"""Every named limit, at its boundary: the limit itself is accepted, one past it refused (issue 32, point 8).

The limits are found, not listed: every module-level constant named
``MAX_*`` in ``spec/``, ``model/`` and ``checkers/`` (read from the sources'
syntax trees). Each one has a probe here, or the name of the test file that
probes its boundary (which must mention it), or a stated reason why it has
no boundary of its own to probe (a value derived from other limits, a display
setting). A new limit fails :func:`test_every_named_limit_is_probed` until it
is placed.

A probe says whether a value of a given size is refused *because of that
limit* (the error names the constant, or the JSON path it guards). Where a
limit is too large to reach in a test (512 MB, a million games), the probe sets
the module's constant to a small stand-in first (the code reads it when it
runs), or probes the function the limit is passed to and checks that the
limit is what gets passed.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.analysis import sweep as analysis_sweep
from ruleproof.checkers.campaign import schema as campaign_schema
from ruleproof.checkers.catalogue import replay as catalogue_replay
from ruleproof.checkers.certcheck import bigfive as cc_bigfive
from ruleproof.checkers.certcheck import loader as cc_loader
from ruleproof.checkers.certcheck import schema as cc_schema
from ruleproof.checkers.cli import checks as cli_checks
from ruleproof.checkers.cli import newgame
from ruleproof.checkers.cli.main import main
from ruleproof.checkers.smt import cinco_replay
from ruleproof.checkers.view import play as view_play
from ruleproof.checkers.policies import loading as policy_loading
from ruleproof.checkers.policies import search as policy_search
from ruleproof.checkers.policies.errors import PolicyError
from ruleproof.model.io import inputs, readings, records
from ruleproof.model.io.readings import default_reading
from ruleproof.model.registry import game_for
from ruleproof.spec import bigfive_components, cinco_board

ROOT = Path(__file__).resolve().parents[2]
PROOFS = ROOT / "tests" / "data" / "proofs"
LAYERS = ("spec", "model", "checkers")


def layer_folder(layer: str) -> Path:
    """Where the layer's package lives (the imported one: the checkout, or a copy under test)."""
    import importlib

    return Path(importlib.import_module(f"ruleproof.{layer}").__file__ or "").parent


def named_limits() -> set[str]:
    """``layer/file:NAME`` of every module-level ``MAX_*`` (or ``_MAX_*``) constant in the three layers."""
    found = set()
    for layer in LAYERS:
        folder = layer_folder(layer)
        for path in sorted(folder.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, ast.AnnAssign) else []
                for target in targets:
                    if isinstance(target, ast.Name) and target.id.lstrip("_").startswith("MAX_"):
                        found.add(f"{layer}/{path.relative_to(folder).as_posix()}:{target.id}")
    return found


def _names(error: BaseException) -> str:
    return " ".join(str(a) for a in (error, *getattr(error, "args", ()), getattr(error, "path", "")))


def refused_naming(call: Callable[[], object], *words: str) -> bool:
    """Whether ``call`` raises an error whose text names every one of ``words`` (the limit, or its path)."""
    try:
        call()
    except Exception as error:  # noqa: BLE001 - any error that names the limit counts as its refusal
        return all(w in _names(error) for w in words)
    return False


@dataclass(frozen=True)
class Probe:
    """``refused(n)``: whether size ``n`` is refused by the limit; ``stand_in``: a small value the module's
    constant is set to first (when the real one is too large to reach)."""

    refused: Callable[[int, Path], bool]
    stand_in: int | None = None


def _record(move_text: str = "deal 1", players: int = 2, moves: int = 1) -> dict[str, Any]:
    data = json.loads((PROOFS / "record_take5.json").read_text(encoding="utf-8"))
    data["players"] = players
    data["moves"] = [{"actor": "chance", "move": move_text}] * moves
    return data


def _certificate(players: int) -> dict[str, Any]:
    data = json.loads((PROOFS / "take5_play.json").read_text(encoding="utf-8"))
    data["players"] = players
    return data


def _file(tmp: Path, size: int, name: str = "f.txt", fill: bytes = b"#") -> Path:
    path = tmp / name
    path.write_bytes(fill * size)
    return path


def _nested(n: int) -> bytes:
    return b"[" * n + b"]" * n


def _layout(name: str = "small", cells: int = 9, directions: int = 4, far: int = 0) -> object:
    """A layout checked by ``validate_layout``: ``cells`` cells in rows of 16, ``directions`` directions
    ``(1, k)``, one more cell at ``(far, 20)`` when ``far``."""
    coords = [(i % 16, i // 16) for i in range(cells)] + ([(far, 20)] if far else [])
    dirs = [(1, 0), (0, 1), (1, 1), (1, -1), *((1, k) for k in range(2, 60))][:directions]
    return cinco_board.validate_layout(cinco_board.Layout(name, "square", tuple(coords), tuple(dirs)))


def _policy_refused(make: Callable[[], object]) -> bool:
    """Whether building a policy (or a seat list) raises :class:`PolicyError`."""
    try:
        make()
    except PolicyError:
        return True
    return False


def _policy_text(n: int) -> str:
    return "random" + " " * (n - len("random"))  # a valid text of exactly n characters (parse_policies strips)


PROBES: dict[str, Probe] = {
    # policies (issue 33): the text of --policy, its seats, a search's budget; metrics' games
    "checkers/policies/loading.py:MAX_POLICY_TEXT": Probe(lambda n, _: _policy_refused(
        lambda: policy_loading.parse_policies(_policy_text(n))), 40),
    "checkers/policies/loading.py:MAX_SEATS": Probe(lambda n, _: _policy_refused(
        lambda: policy_loading.parse_policies("+".join(["random"] * n)))),
    "checkers/policies/search.py:MAX_ITERATIONS": Probe(lambda n, _: _policy_refused(
        lambda: policy_search.MCTSPolicy(iterations=n))),
    "checkers/cli/metrics.py:MAX_GAMES": Probe(lambda n, _: _cli_refuses(["metrics", "take5", "--games", str(n), "-q"],
                                                                       "--games"), 2),
    # -- records (model/io/records.py) --
    "model/io/records.py:MAX_MOVE_CHARS": Probe(lambda n, t: refused_naming(
        lambda: records.record_from_json(_record("x" * n)), "$.moves[0].move")),
    "model/io/records.py:MAX_PLAYERS": Probe(lambda n, t: refused_naming(
        lambda: records.record_from_json(_record(players=n)), "$.players")),
    "model/io/records.py:MAX_MOVES": Probe(lambda n, t: refused_naming(
        lambda: records.record_from_json(_record(moves=n)), "MAX_MOVES"), stand_in=3),
    # -- the input boundary (model/io/inputs.py) --
    "model/io/inputs.py:MAX_INT_DIGITS": Probe(lambda n, t: refused_naming(
        lambda: inputs.decode_json(b"1" * n, "x.json"), "MAX_INT_DIGITS")),
    "model/io/inputs.py:MAX_DEPTH": Probe(lambda n, t: refused_naming(
        lambda: inputs.decode_json(_nested(n), "x.json"), "MAX_DEPTH")),
    "model/io/inputs.py:MAX_STRING_CHARS": Probe(lambda n, t: refused_naming(
        lambda: inputs.decode_json(b'"' + b"a" * n + b'"', "x.json"), "MAX_STRING_CHARS")),
    # read_bytes with the file kind's bound (a stand-in size; test_limits_passed_as_parameters: the kinds pass these)
    "model/io/inputs.py:MAX_RECORD_BYTES": Probe(lambda n, t: refused_naming(
        lambda: inputs.read_bytes(_file(t, n), inputs.MAX_RECORD_BYTES), "bytes, more than"), stand_in=100),
    "model/io/inputs.py:MAX_DOCUMENT_BYTES": Probe(lambda n, t: refused_naming(
        lambda: inputs.read_bytes(_file(t, n), inputs.MAX_DOCUMENT_BYTES), "bytes, more than"), stand_in=100),
    "model/io/inputs.py:MAX_READING_BYTES": Probe(lambda n, t: refused_naming(
        lambda: inputs.load_reading_file(_file(t, n, "r.toml")), "bytes")),
    # -- readings and plugins (model/io/readings.py) --
    "model/io/readings.py:MAX_PLUGIN_NAME": Probe(lambda n, t: refused_naming(
        lambda: readings.plugin_path(t / "r.toml", "a" * (n - 3) + ".py"), "MAX_PLUGIN_NAME")),
    "model/io/readings.py:MAX_PLUGIN_BYTES": Probe(lambda n, t: refused_naming(
        lambda: readings.load_plugin_module(_file(t, n, f"p{n}.py")), "MAX_PLUGIN_BYTES"), stand_in=64),
    # -- the certificate checker's own boundary (checkers/certcheck) --
    "checkers/certcheck/loader.py:MAX_INT_DIGITS": Probe(lambda n, t: refused_naming(
        lambda: cc_loader.decode_certificate(b"1" * n, "c.json"), "MAX_INT_DIGITS")),
    "checkers/certcheck/loader.py:MAX_DEPTH": Probe(lambda n, t: refused_naming(
        lambda: cc_loader.decode_certificate(_nested(n), "c.json"), "MAX_DEPTH")),
    "checkers/certcheck/loader.py:MAX_LIST_ITEMS": Probe(lambda n, t: refused_naming(
        lambda: cc_loader.check_bounds({"board": [0] * n}), "MAX_LIST_ITEMS")),
    "checkers/certcheck/loader.py:MAX_CERTIFICATE_BYTES": Probe(lambda n, t: refused_naming(
        lambda: cc_loader.read_certificate(_file(t, n, "c.json", b" ")), "MAX_CERTIFICATE_BYTES"), stand_in=16),
    "checkers/certcheck/schema.py:MAX_PLAYERS": Probe(lambda n, t: refused_naming(
        lambda: cc_schema.check_structure(_certificate(n)), "$.players")),
    "checkers/certcheck/bigfive.py:MAX_COORD": Probe(lambda n, t: refused_naming(
        lambda: cc_bigfive.parse_move(f"play Lb@{n},0"), "MAX_COORD")),
    # -- moves and layouts of the spec --
    "spec/bigfive_components.py:MAX_COORD": Probe(lambda n, t: refused_naming(
        lambda: game_for("bigfive").parse_move(f"play Lb@{n},0"), "MAX_COORD")),
    "spec/cinco_board.py:MAX_LAYOUT_NAME": Probe(lambda n, t: refused_naming(
        lambda: _layout(name="a" * n), "MAX_LAYOUT_NAME")),
    "spec/cinco_board.py:MAX_LAYOUT_CELLS": Probe(lambda n, t: refused_naming(
        lambda: _layout(cells=n), "MAX_LAYOUT_CELLS")),
    "spec/cinco_board.py:MAX_LAYOUT_DIRECTIONS": Probe(lambda n, t: refused_naming(
        lambda: _layout(directions=n), "MAX_LAYOUT_DIRECTIONS")),
    "spec/cinco_board.py:MAX_LAYOUT_COORD": Probe(lambda n, t: refused_naming(
        lambda: _layout(far=n), "MAX_LAYOUT_COORD")),
    # -- the command line --
    "checkers/cli/newgame.py:MAX_TITLE": Probe(lambda n, t: refused_naming(
        lambda: newgame.check_title("a" * n), "MAX_TITLE")),
    "checkers/cli/checks.py:MAX_SIMULATE_GAMES": Probe(lambda n, t: _cli_refuses(
        ["simulate", "take5", "--players", "2", "--games", str(n), "--quiet"], "MAX_SIMULATE_GAMES"), stand_in=2),
    "checkers/cli/checks.py:MAX_FUZZ_EXAMPLES": Probe(lambda n, t: _cli_refuses(
        ["fuzz", "take5", "--players", "2", "--examples", str(n), "--steps", "5", "--quiet"], "MAX_FUZZ_EXAMPLES"), stand_in=2),
    "checkers/cli/checks.py:MAX_FUZZ_STEPS": Probe(lambda n, t: _cli_refuses(
        ["fuzz", "take5", "--players", "2", "--examples", "1", "--steps", str(n), "--quiet"], "MAX_FUZZ_STEPS"), stand_in=5),
    # Checked before anything runs: an unknown flag or game after the check keeps the run at the limit short.
    "checkers/cli/play.py:MAX_SIMULATIONS": Probe(lambda n, t: _cli_says(
        ["play", "no-such-game", "--simulations", str(n)], "--simulations must be")),
    "checkers/cli/sweep.py:MAX_GAMES": Probe(lambda n, t: _cli_says(
        ["sweep", "take5", "row_capacity=4", "--games", str(n), "--variant", "no_such_flag=1"], "--games must be")),
    "checkers/cli/score.py:MAX_DISC_COUNT_DIGITS": Probe(lambda n, t: _cli_says(
        ["score", "bigpoints", "R" + "9" * n, "--ladder", "RBPYG"], "digits")),
    "checkers/analysis/sweep.py:MAX_VALUES": Probe(lambda n, t: refused_naming(
        lambda: analysis_sweep.sweep(default_reading("take5"), "row_capacity", ["99"] * n, players=2), "values in one sweep")),
    "checkers/catalogue/replay.py:MAX_WITNESS_MOVES": Probe(lambda n, t: "MAX_WITNESS_MOVES" in str(
        catalogue_replay.replay_moves(default_reading("take5"), 2, {}, ["no such move"] * n)), stand_in=3),
    "checkers/smt/cinco_replay.py:MAX_WITNESS_CELLS": Probe(lambda n, t: refused_naming(
        lambda: cinco_replay.witness_chips({"cells": [-1] * n}), f"at most {cinco_replay.MAX_WITNESS_CELLS} cells")),
    # -- campaign folders: the schemas every manifest, chunk and failure file is checked against --
    "checkers/campaign/schema.py:MAX_PLAYERS": Probe(lambda n, t: _campaign_refuses(
        "params:simulate", {**_SIMULATE, "players": n}, "$.players")),
    "checkers/campaign/schema.py:MAX_GAMES": Probe(lambda n, t: _campaign_refuses(
        "params:simulate", {**_SIMULATE, "games": n}, "$.games")),
    "checkers/campaign/schema.py:MAX_STEPS": Probe(lambda n, t: _campaign_refuses(
        "params:fuzz", {**_FUZZ, "steps": n}, "$.steps")),
    "checkers/campaign/schema.py:MAX_RLIMIT": Probe(lambda n, t: _campaign_refuses(
        "params:search", {"problem": "p", "full": False, "rlimit": n, "most": None}, "$.rlimit")),
    "checkers/campaign/schema.py:MAX_COMMAND_WORDS": Probe(lambda n, t: _campaign_refuses(
        "manifest", {**_MANIFEST, "command": ["w"] * n}, "$.command")),
    "checkers/campaign/schema.py:MAX_WORD_CHARS": Probe(lambda n, t: _campaign_refuses(
        "manifest", {**_MANIFEST, "command": ["w" * n]}, "$.command[0]")),
    "checkers/campaign/schema.py:MAX_TEXT_CHARS": Probe(lambda n, t: _campaign_refuses(
        "failure", {**_FAILURE, "error": "e" * n}, "$.error")),
    "checkers/campaign/schema.py:MAX_SUM_DIGITS": Probe(lambda n, t: _subschema_refuses(
        campaign_schema.SUMS, {"n": 1, "sx": {"1": "9" * n}, "sxx": {"1": "1"}}, "$.sx")),
    "checkers/campaign/schema.py:MAX_SUM_TERMS": Probe(lambda n, t: _subschema_refuses(
        campaign_schema.SUMS, {"n": 1, "sx": {str(k): "1" for k in range(1, n + 1)}, "sxx": {}}, "$.sx")),
    "checkers/campaign/schema.py:MAX_RULES": Probe(lambda n, t: _subschema_refuses(
        campaign_schema.RULE_COUNTS, {f"R-{k}": 1 for k in range(n)}, "$")),
    "checkers/view/play.py:MAX_INPUT": Probe(lambda n, t: "a move or a command has at most" in view_play.Session(
        "take5", ["human", "random"], seed=1).human_input("9" * n).message),
}


_SIMULATE = {"game": "take5", "players": 2, "variant": {}, "games": 10, "seed": 1, "chunk": 5, "rule_stats": False}
_FUZZ = {"game": "take5", "players": 2, "variant": {}, "examples": 10, "steps": 5, "seed": 1, "chunk": 5}
_CODE = {"ruleproof": "0.1.0", "source_sha256": "0" * 64}
_MANIFEST = {"format": "ruleproof.campaign", "version": 2, "kind": "simulate", "command": ["ruleproof"],
             "params": {}, "chunks": 1, "code": _CODE, "codes": [_CODE], "identity_sha256": "0" * 64, "finished": {}}
_FAILURE = {"format": "ruleproof.campaign-failure", "version": 2, "chunk": 0, "range": {},
            "campaign": {"kind": "simulate", "readings": {}, "params": {}, "code": _CODE}, "error": "e", "attempts": 1}


def _campaign_refuses(schema: str, document: dict[str, Any], path: str) -> bool:
    """Whether the campaign schema ``schema`` refuses ``document`` at ``path`` (and nowhere else)."""
    try:
        campaign_schema.check_schema(schema, document, "$", "campaign.json")
    except campaign_schema.CampaignError as error:
        assert error.path == path, (schema, error.path, str(error))
        return True
    return False


def _subschema_refuses(schema: dict[str, Any], document: Any, path: str) -> bool:
    errors = list(campaign_schema._strict_validator(schema).iter_errors(document))
    assert all(e.json_path.startswith(path) for e in errors), [(e.json_path, e.message[:80]) for e in errors]
    return bool(errors)


def _cli_says(argv: list[str], words: str) -> bool:
    """Whether ``ruleproof ARGV`` exits 2 with ``words`` in its error (any other outcome: not refused)."""
    capsys = _CAPTURE[0]
    code = main(argv)
    err = capsys.readouterr().err
    return code == 2 and words in err

_CAPTURE: list[Any] = []


def _cli_refuses(argv: list[str], name: str) -> bool:
    """Whether ``ruleproof ARGV`` exits 2 naming ``name``; otherwise it must succeed (exit 0)."""
    capsys = _CAPTURE[0]
    code = main(argv)
    err = capsys.readouterr().err
    if code == 2 and name in err:
        return True
    assert code == 0, (argv, code, err)
    return False


#: Limits whose boundary another test file probes (it must name the limit).
ELSEWHERE: dict[str, str] = {
    **{f"spec/{m}:{n}": "tests/checkers/test_flag_bounds.py" for m, n in [
        ("take5.py", "MAX_THRESHOLD"), ("bigpoints_parts.py", "MAX_COLOUR_DISCS"),
        ("bigpoints_parts.py", "MAX_SPECIAL_DISCS"), ("cinco.py", "MAX_CHIPS"), ("bigfive_components.py", "MAX_ROUNDS"),
        ("bigfive_components.py", "MAX_IDLE_ROUNDS"), ("bigfive_components.py", "MAX_PENALTY_LIMIT")]},
    "model/io/inputs.py:MAX_VALUE_BYTES": "tests/checkers/test_input_boundary.py",
    "checkers/campaign/schema.py:MAX_CHUNKS": "tests/checkers/test_campaign_folder.py",
    # house rules as data (issue 31.2): the bonus table's entries and cap, the too-low card's keys
    "spec/bigfive_components.py:MAX_BONUS_CAP": "tests/checkers/test_flag_bounds.py",
    "spec/bigfive_components.py:MAX_BONUS_ENTRY": "tests/spec/test_bigfive_bonus_table.py",
    "spec/take5.py:MAX_LOW_ROW_KEYS": "tests/spec/test_take5_low_rows.py",
    # rule constants as flags (issue 31.1): each bound probed at its value and one past it
    **{f"spec/{m}:{n}": "tests/checkers/test_flag_bounds.py" for m, n in [
        ("cinco.py", "MAX_HAND_SIZE"), ("cinco.py", "MAX_LINE"), ("ikebana_readings.py", "MAX_COLOUR_CARDS"),
        ("ikebana_readings.py", "MAX_START_COINS"), ("ikebana_readings.py", "MAX_ROUNDS"),
        ("ikebana_readings.py", "MAX_BOUQUET"), ("ikebana_readings.py", "MAX_MULTIPLIER")]},
    "spec/ikebana_readings.py:MAX_CARD_VALUE": "tests/spec/test_ikebana.py",
    # the draws' table of bit widths: every n up to it, and every game's largest option count below it
    "model/draws.py:MAX_WIDTHS": "tests/model/test_draws.py",
}

#: Limits with no boundary of their own to probe here, and why.
NO_PROBE: dict[str, str] = {
    "spec/cinco_board.py:MAX_LAYOUT_TEXT": "derived: the longest text of a layout within the other layout limits",
    "spec/take5.py:MAX_ROWS": "derived: the rows flag's upper bound in the table of rule constants (test_flag_bounds)",
    "spec/bigfive_components.py:MAX_LINE": "a rule of the rulebook (BF-LINE-5), tested by the rule tests "
                                           "(mutant BF-M6)",
    "spec/bigfive_components.py:MAX_GROUP": "a rule of the rulebook (BF-PLAY-2), tested by the rule tests "
                                            "(mutant BF-M7)",
    "checkers/render/witness.py:MAX_PICTURES": "a display setting (pictures drawn per witness), not an input bound",
    "checkers/view/steps.py:MAX_ALTERNATIVES": "a display setting (alternatives shown per step), not an input bound",
    "model/cinco.py:_MAX_CARDS": "the size of an engine's move table, not an input bound",
    "model/take5_native.py:MAX_BOUND": "the size of the compiled loop's table of draw widths (decks from it up "
                                       "are played by the engine's own loop; the rules' largest deck has 300 "
                                       "cards), not an input bound",
    "checkers/analysis/sequential.py:MAX_LOOKS": "the stopping plan's own cap on its interim looks (a design "
                                                 "constant of the method), not an input bound",
    "spec/bigpoints_parts.py:MAX_STEP_VALUE": "derived: the step_values flag's upper bound in the table of rule "
                                              "constants, probed by test_flag_bounds (named there by the table)",
    "checkers/analysis/probes.py:MAX_MOVES": "a bound on one random probe game's length (every built-in game ends "
                                             "long before), not an input bound",
    "checkers/interop/openspiel.py:MAX_LENGTH": "OpenSpiel's own integer range for game lengths (the optional "
                                                "adapter's tests need open_spiel)",
}

def test_every_named_limit_is_probed() -> None:
    found = named_limits()
    placed = set(PROBES) | set(ELSEWHERE) | set(NO_PROBE) | set(SPEC_PLAYERS) | set(FILE_LIMITS) | {
        "checkers/view/sources.py:MAX_FINDING_BYTES"}
    assert found == placed, {"new, to place": sorted(found - placed), "gone": sorted(placed - found)}
    for key, test_file in ELSEWHERE.items():
        assert key.split(":")[1] in (ROOT / test_file).read_text(encoding="utf-8"), (key, test_file)


@pytest.mark.parametrize("key", sorted(PROBES))
def test_a_named_limit_accepts_its_value_and_refuses_one_more(key: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    probe = PROBES[key]
    path, name = key.split(":")
    module = _module(path)
    limit = getattr(module, name)
    if probe.stand_in is not None:
        monkeypatch.setattr(module, name, probe.stand_in)
        limit = probe.stand_in
    _CAPTURE[:] = [capsys]
    assert not probe.refused(limit, tmp_path), f"{key}: a value of exactly {limit} is refused"
    assert probe.refused(limit + 1, tmp_path), f"{key}: a value of {limit + 1} is not refused"


def _module(path: str) -> Any:
    import importlib

    dotted = "ruleproof." + path.removesuffix(".py").replace("/", ".")
    return importlib.import_module(dotted)


def test_limits_passed_as_parameters_are_the_named_ones() -> None:
    """The file kinds read with a bound passed along (not read from the module when they run) pass the
    named constant."""
    assert inputs.RECORD_LIMITS.max_bytes == inputs.MAX_RECORD_BYTES
    assert inputs.READING_LIMITS.max_bytes == inputs.MAX_READING_BYTES
    assert inputs.DOCUMENT_LIMITS.max_bytes == inputs.MAX_DOCUMENT_BYTES
    assert inputs.RECORD_LIMITS.max_value_chars == inputs.MAX_VALUE_BYTES
    assert cli_checks.MAX_SIMULATE_GAMES >= 1 and bigfive_components.MAX_COORD == cc_bigfive.MAX_COORD


#: Each game's player-count limits: the largest count starts a game, one more is refused.
SPEC_PLAYERS: dict[str, tuple[str, dict[str, Any]]] = {
    "spec/take5.py:MAX_PLAYERS": ("take5", {}),
    "spec/ikebana_readings.py:MAX_PLAYERS": ("ikebana", {}),
    "spec/bigpoints_parts.py:MAX_PLAYERS": ("bigpoints", {}),
    "spec/cinco.py:MAX_PLAYERS": ("cinco", {}),
    "spec/bigfive_components.py:MAX_PLAYERS": ("bigfive", {"allow_five": True}),
    "spec/bigfive_components.py:MAX_PLAYERS_USUAL": ("bigfive", {}),
}


@pytest.mark.parametrize("key", sorted(SPEC_PLAYERS))
def test_a_games_player_count_limit(key: str) -> None:
    game_id, flags = SPEC_PLAYERS[key]
    path, name = key.split(":")
    limit = getattr(_module(path), name)
    game = game_for(game_id)
    variant = game.variant_type(**flags)
    assert game.initial_state(limit, variant) is not None
    assert refused_naming(lambda: game.initial_state(limit + 1, variant), str(limit + 1))


# -- limits on the size of a file, read when the command runs: set to a real file's size, then one byte less --


@pytest.fixture(scope="module")
def campaign_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished campaign of two chunks, with a failure record of its chunk 0 beside it."""
    folder = tmp_path_factory.mktemp("limits") / "c"
    assert main(["campaign", "simulate", "take5", "--players", "2", "--games", "4", "--chunk", "2", "--workers", "0",
                 "-q", "--dir", str(folder)]) == 0
    chunk = json.loads((folder / "chunks" / "000000.json").read_text(encoding="utf-8"))
    failure = {"format": "ruleproof.campaign-failure", "version": 2, "chunk": 0, "range": chunk["range"],
               "campaign": chunk["campaign"], "error": "a planted failure", "attempts": 1}
    (folder / "failed").mkdir(exist_ok=True)
    (folder / "failed" / "000000.json").write_text(json.dumps(failure), encoding="utf-8")
    return folder


def _largest(files: list[Path]) -> int:
    return max(p.stat().st_size for p in files)


FILE_LIMITS = {
    "checkers/campaign/store.py:MAX_MANIFEST_BYTES": lambda folder: [folder / "campaign.json"],
    "checkers/campaign/store.py:MAX_CHUNK_BYTES": lambda folder: sorted((folder / "chunks").glob("*.json")),
    "checkers/campaign/store.py:MAX_FAILURE_BYTES": lambda folder: sorted((folder / "failed").glob("*.json")),
}


@pytest.mark.parametrize("key", sorted(FILE_LIMITS))
def test_a_campaign_file_limit_accepts_a_file_of_its_size(key: str, campaign_folder: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path, name = key.split(":")
    module = _module(path)
    size = _largest(FILE_LIMITS[key](campaign_folder))
    outcomes = {}
    for limit in (size, size - 1):
        monkeypatch.setattr(module, name, limit)
        code = main(["campaign", "status", str(campaign_folder), "--json"])
        text = capsys.readouterr()
        outcomes[limit] = code == 2 and f"bytes, more than {limit}" in text.out + text.err
    assert outcomes == {size: False, size - 1: True}, (key, size)


def test_a_finding_file_limit_accepts_a_file_of_its_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ruleproof.checkers.view import sources

    finding = next((layer_folder("checkers") / "data" / "findings").glob("*.json"))
    size = finding.stat().st_size
    for limit, refused in ((size, False), (size - 1, True)):
        monkeypatch.setattr(sources, "MAX_FINDING_BYTES", limit)
        assert refused_naming(lambda: sources.load_sources(finding), f"more than {limit}") == refused, limit
