"""Code the user did not name does not run (issue 32, point 5) and plugins cannot crash ruleproof (point 6).

* ``--plugin FOLDER`` leaves ``sys.path`` alone: a stray ``fractions.py`` or
  ``hypothesis.py`` beside the package is never imported in place of the real
  module; a plugin named like an importable module is refused.
* One broken installed plugin (entry point) is reported on standard error and
  skipped: ``games``, ``validate``, ``simulate`` and ``rules`` still work for
  the five built-in games.
* A plugin module with no ``GAME``, and a plugin raising ``SystemExit(7)``,
  end in exit 2 with a message, never in a traceback or ruleproof exiting 7.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any
from importlib import metadata
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.spec import registry
from patience import PATIENCE

GAMES = ("bigfive", "bigpoints", "take5", "ikebana", "cinco")

#: What a stray module beside the plugin package does when it is (wrongly) imported.
STRAY = 'raise SystemExit("the stray {name}.py beside the plugin was imported instead of the real module")\n'


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Forget what a test's plugins registered, imported or broke."""
    modules = set(sys.modules)
    registered = dict(registry._REGISTERED)
    yield
    from ruleproof.model.registry import game_for

    registry._REGISTERED.clear()
    registry._REGISTERED.update(registered)
    registry._BROKEN.clear()
    registry._DISCOVERED = None
    game_for.cache_clear()
    for name in set(sys.modules) - modules:
        if name.split(".")[0] not in ("ruleproof", "hypothesis", "_pytest"):
            del sys.modules[name]


@pytest.fixture
def pebbles_beside_strays(tmp_path: Path, clean_registry: None) -> Path:
    """A scaffolded package with a stray ``fractions.py`` and ``hypothesis.py`` in the same folder."""
    folder = tmp_path / "plugins"
    assert main(["new-game", "pebbles", "--dir", str(folder), "--json"]) == 0
    for name in ("fractions", "hypothesis"):
        (folder / f"{name}.py").write_text(STRAY.format(name=name), encoding="utf-8")
    return folder / "pebbles"


def test_invalid_plugin_folder_does_not_change_sys_path(pebbles_beside_strays: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from ruleproof.checkers.cli.plugins import load_game_plugin

    path_before = list(sys.path)
    assert load_game_plugin(pebbles_beside_strays) == ["pebbles"]
    assert sys.path == path_before
    assert str(pebbles_beside_strays.parent) not in sys.path
    import fractions

    assert Path(fractions.__file__).parent != pebbles_beside_strays.parent
    assert sys.modules["pebbles"].__path__ == [str(pebbles_beside_strays.resolve())]


def test_invalid_stray_modules_beside_a_plugin_are_not_imported(pebbles_beside_strays: Path, tmp_path: Path) -> None:
    """The exact attack: the commands that import ``fractions`` (statistics) and ``hypothesis`` (fuzz) after the
    plugin is loaded, in a fresh process."""
    record = tmp_path / "p.json"
    for command in (["simulate", "pebbles", "--players", "2", "--games", "3", "-q", "--record", str(record)],
                    ["fuzz", "pebbles", "--players", "2", "--examples", "2", "--steps", "5", "-q"]):
        done = subprocess.run([sys.executable, "-m", "ruleproof.checkers.cli.main", "--plugin",
                               str(pebbles_beside_strays), *command], capture_output=True, text=True, check=False,
                              cwd=tmp_path, timeout=PATIENCE)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "beside the plugin was imported" not in done.stdout + done.stderr


@pytest.mark.parametrize("name", ["fractions", "json", "hypothesis"])
def test_invalid_plugin_named_like_an_importable_module_is_refused(name: str, tmp_path: Path, clean_registry: None,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    plugin = tmp_path / f"{name}.py"
    plugin.write_text("raise SystemExit('plugin code ran')\n", encoding="utf-8")
    real = sys.modules.get(name)
    assert main(["--plugin", str(plugin), "games"]) == 2
    err = capsys.readouterr().err
    assert "already the name of an importable module" in err or "is taken by" in err, err
    assert sys.modules.get(name) is real
    package = tmp_path / "pkg" / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("raise SystemExit('plugin code ran')\n", encoding="utf-8")
    assert main(["--plugin", str(package), "games"]) == 2
    assert "plugin code ran" not in capsys.readouterr().err


def test_invalid_plugin_raising_systemexit_7_exits_2(tmp_path: Path, clean_registry: None,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    plugin = tmp_path / "quitter.py"
    plugin.write_text("raise SystemExit(7)\n", encoding="utf-8")
    assert main(["--plugin", str(plugin), "games"]) == 2
    err = capsys.readouterr().err
    assert "SystemExit: 7" in err and "Traceback" not in err
    assert "quitter" not in sys.modules
    package = tmp_path / "quitpkg"
    package.mkdir()
    (package / "__init__.py").write_text("raise SystemExit(7)\n", encoding="utf-8")
    assert main(["--plugin", str(package), "games"]) == 2
    assert "SystemExit: 7" in capsys.readouterr().err and "quitpkg" not in sys.modules
    reading = tmp_path / "quit.toml"
    reading.write_text('game = "take5"\ntitle = "quits"\nrules = "quitter.py"\n', encoding="utf-8")
    assert main(["simulate", "take5", "--players", "3", "--games", "1", "-q", "--reading", str(reading)]) == 2
    assert "SystemExit: 7" in capsys.readouterr().err


def test_invalid_plugin_module_with_no_game(tmp_path: Path, clean_registry: None,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    plugin = tmp_path / "nogame.py"
    plugin.write_text("from ruleproof.spec.registry import GameParts\n"
                      "from ruleproof.spec.take5 import SPEC\n"
                      "PARTS = GameParts(id='nogame', spec='nogame', engine='nogame')\n", encoding="utf-8")
    for command in (["games"], ["simulate", "nogame", "--players", "2"], ["rules", "take5"]):
        assert main(["--plugin", str(plugin), *command]) == 2
        err = capsys.readouterr().err
        assert "defines no GAME" in err and "Traceback" not in err, err


# -- a broken installed plugin ------------------------------------------------------------------------


class _BrokenPoint:
    """An installed entry point whose module fails on import (the shape of importlib.metadata's EntryPoint)."""

    name, value, group = "broken", "broken_plugin:PARTS", registry.ENTRY_POINT_GROUP

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def load(self) -> object:
        raise self.error


ERRORS = [RuntimeError("boom"), SystemExit(7), ImportError("no module named broken")]


def _broken_point_cases() -> list[Any]:
    """Each error an entry point can raise, with the games then simulated, validated and explained: every game
    after the first error, one game (each a different one) after the others, and every game after each of them
    under ``-m slow`` (session 42: about 0.8 s of CPU less; the games listed after each error are all checked)."""
    cases = [pytest.param(ERRORS[0], GAMES, id="error0")]
    for index, error in enumerate(ERRORS[1:], start=1):
        cases.append(pytest.param(error, GAMES[index:index + 1], id=f"error{index}"))
        cases.append(pytest.param(error, GAMES, id=f"error{index}-every-game", marks=pytest.mark.slow))
    return cases


@pytest.mark.parametrize(("error", "games"), _broken_point_cases())
def test_invalid_broken_entry_point_is_skipped_with_a_warning(error: BaseException, games: tuple[str, ...],
                                                              tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              clean_registry: None,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(metadata, "entry_points", lambda group: [_BrokenPoint(error)])
    registry._DISCOVERED = None
    registry._WARNED.clear()
    assert main(["games", "--json"]) == 0
    captured = capsys.readouterr()
    assert sorted(g["id"] for g in json.loads(captured.out)["games"]) == sorted(GAMES)
    assert "warning: skipping the ruleproof.games entry point 'broken'" in captured.err
    record = tmp_path / "r.json"
    for game in games:
        players = str(registry.spec_for(game).min_players)
        assert main(["simulate", game, "--players", players, "--games", "1", "-q", "--record", str(record),
                     "--force"]) == 0
        assert main(["validate", str(record)]) == 0
        assert main(["rules", game]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_invalid_entry_point_naming_a_broken_game_is_skipped(monkeypatch: pytest.MonkeyPatch, clean_registry: None,
                                                             tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The entry point loads, but the game's spec module raises and its engine module has no GAME."""
    (tmp_path / "halfbroken_spec.py").write_text("raise SystemExit(7)\n", encoding="utf-8")
    (tmp_path / "halfbroken_engine.py").write_text("SPEC = None\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    parts = registry.GameParts(id="halfbroken", spec="halfbroken_spec", engine="halfbroken_engine")
    point = type("Point", (), {"name": "halfbroken", "value": "x:PARTS", "load": lambda self: parts})()
    monkeypatch.setattr(metadata, "entry_points", lambda group: [point])
    registry._DISCOVERED = None
    registry._WARNED.clear()
    assert main(["games"]) == 0
    assert "skipping the plugin game 'halfbroken'" in capsys.readouterr().err
    registry._WARNED.clear()  # as in a fresh process: the reason is given beside the refusal
    assert main(["rules", "halfbroken"]) == 2
    err = capsys.readouterr().err
    assert "SystemExit: 7" in err and "Traceback" not in err


def test_invalid_installed_broken_plugin_in_a_fresh_process(tmp_path: Path) -> None:
    """A real installed distribution (a dist-info folder on the path) whose entry point's module raises."""
    info = tmp_path / "broken_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[ruleproof.games]\nbroken = broken_plugin_mod:PARTS\n", encoding="utf-8")
    (tmp_path / "broken_plugin_mod.py").write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    assert any(ep.name == "broken" for ep in metadata.entry_points(group="ruleproof.games")) is False
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "ruleproof.checkers.cli.main", "games"], capture_output=True,
                          text=True, check=False, env=env, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr
    assert all(game in done.stdout for game in GAMES)
    assert "warning: skipping the ruleproof.games entry point 'broken'" in done.stderr
    assert "Traceback" not in done.stderr
