"""The how-to tutorials run as written (issue 17): "Check your own reading" and "Write a game".

The slow tests build the wheel from this checkout, install it with ``--no-deps``
into a virtual environment made with ``--system-site-packages`` from the test's
own Python (so no network is needed), copy the files the tutorial
literal-includes into an empty folder outside the checkout, and run every
``$ `` line of the tutorial's ``console`` blocks there, checking the exit code
written as ``# exit N`` (default 0). Run them with
``.venv/bin/pytest -p no:cacheprovider -m slow tests/docs/test_howto_tutorials.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import site
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest
from wheels import build_wheel

ROOT = Path(__file__).resolve().parents[2]
HOWTO = ROOT / "docs" / "howto"


def console_commands(rst: Path) -> list[tuple[str, int]]:
    """The ``$`` lines of a page's ``.. code-block:: console`` blocks, with their expected exit codes."""
    commands: list[tuple[str, int]] = []
    inside = False
    for line in rst.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith(".. code-block:: console"):
            inside = True
            continue
        if inside and line and not line.startswith(" "):
            inside = False
        if inside and line.strip().startswith("$ "):
            text = line.strip()[2:]
            match = re.search(r"\s+#\s*exit\s+(\d+)\s*$", text)
            code = int(match.group(1)) if match else 0
            commands.append((text[: match.start()] if match else text, code))
    return commands


def included_files(rst: Path) -> list[Path]:
    """The files a page shows with ``literalinclude``."""
    found = re.findall(r"^\.\. literalinclude:: (\S+)", rst.read_text(encoding="utf-8"), re.M)
    return [(rst.parent / name).resolve() for name in found]


def test_the_tutorials_have_commands_and_their_files_exist() -> None:
    reading = console_commands(HOWTO / "check-a-reading.rst")
    game = console_commands(HOWTO / "write-a-game.rst")
    assert any("--reading fewest.toml" in c for c, _ in reading) and any(code == 1 for _, code in reading)
    assert any(c.startswith("ruleproof diff take5 --b-reading") for c, _ in reading)
    assert any(c.startswith("ruleproof audit take5 --reading") for c, _ in reading)
    assert any(c.startswith("ruleproof new-game") for c, _ in game) and any(code == 2 for _, code in game)
    files = included_files(HOWTO / "check-a-reading.rst")
    data_only = {"four.toml", "fewest_data.toml", "fours.toml", "colours.toml", "steep.toml"}
    assert {f.name for f in files} == {"fewest.py", "fewest.toml", *data_only} and all(f.is_file() for f in files)
    assert any(c.startswith("ruleproof sweep take5 row_capacity=") for c, _ in reading)
    for name in data_only:  # data only: no plugin
        assert "rules" not in (HOWTO / "reading" / name).read_text(encoding="utf-8"), name
        assert any(f"--reading {name}" in c or f"--b-reading {name}" in c for c, _ in reading), name
    # the house rule as a plugin of at most 30 lines
    assert len((HOWTO / "reading" / "fewest.py").read_text(encoding="utf-8").splitlines()) <= 30
    assert console_commands(Path(__file__)) == []  # the parser reads only console blocks


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A virtual environment with the wheel of this checkout installed; yields its ``bin`` folder."""
    base = tmp_path_factory.mktemp("wheel")
    built = build_wheel(ROOT, base / "dist")  # as `pip wheel --no-build-isolation` builds it (tests/wheels.py)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (base / "dist").glob("ruleproof-*.whl")
    env_dir = base / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    # The dependencies come from this interpreter's site-packages (a venv's "system" packages are those of the
    # base interpreter): a path line in a .pth file adds the folder without running its own .pth files, so the
    # checkout's editable install stays out and ruleproof comes from the wheel.
    (own,) = [Path(p) for p in site.getsitepackages() if Path(p).is_dir()][:1]
    (target,) = (env_dir / "lib").glob("python3*/site-packages")
    (target / "zz_test_dependencies.pth").write_text(f"{own}\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True)
    where = subprocess.run([str(python), "-c", "import ruleproof.checkers as c; print(c.__file__)"],
                           check=True, capture_output=True, text=True, cwd=base).stdout.strip()
    assert where.startswith(str(env_dir)), f"ruleproof imports from {where}, not from the wheel"
    yield env_dir / "bin"


def _run_tutorial(rst: Path, folder: Path, bin_dir: Path) -> dict[str, subprocess.CompletedProcess[str]]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "200"
    results = {}
    for command, code in console_commands(rst):
        result = subprocess.run(command, shell=True, cwd=folder, env=env, capture_output=True, text=True)
        assert result.returncode == code, (f"{command!r} exited {result.returncode}, the tutorial says {code}:\n"
                                           f"{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
        assert "Traceback" not in result.stderr, result.stderr
        results[command] = result
    return results


@pytest.mark.slow
def test_check_your_own_reading_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    page = HOWTO / "check-a-reading.rst"
    for source in included_files(page):
        shutil.copy(source, tmp_path / source.name)
    out = _run_tutorial(page, tmp_path, installed)
    refused = out["ruleproof validate house.json"].stdout
    assert "HOUSE-LOW-1" in refused and "another reading" in refused
    reverse = out["ruleproof validate plain.json --reading fewest.toml"].stdout
    assert "rules broken: HOUSE-LOW-1" in reverse
    diff = next(r.stdout for c, r in out.items() if c.startswith("ruleproof diff take5 --b-reading fewest.toml"))
    assert "Fewest cards" in diff or "HOUSE-LOW-1" in diff
    assert "catalogue" in diff and "re-run under both readings" in diff
    assert re.search(r"play diverges in \d+ of 30 games", diff)
    audit = out["ruleproof audit take5 --reading fewest.toml --check finding --quick --quiet"].stdout
    for n in range(1, 9):
        assert f"T5-F-{n} " in audit
    assert "HOUSE-LOW-1" in audit and "defect found" not in audit
    dead = next(r.stdout for c, r in out.items() if "row_choice=auto" in c and "--allow" not in c)
    assert "defect found" in dead and "no legal move" in dead
    allowed = next(r.stdout for c, r in out.items() if "--allow WF-T5-2" in c)
    assert "defect accepted" in allowed
    four = out["ruleproof audit take5 --reading four.toml --check finding --quick --quiet"].stdout
    assert "Four cards a row" in four and "T5-F-5" in four and "22:" in four  # four cards a row: at most 22
    assert "107, exactly" in four  # T5-F-6: the 40 richest cards in one round
    assert "unknown" not in four and "not applicable" not in four
    same = next(r.stdout for c, r in out.items() if "--b-reading fewest_data.toml" in c)
    assert "no measurable change" in same and "0 verdict(s) change" in same
    data_fewest = out["ruleproof audit take5 --reading fewest_data.toml --check finding --quick --quiet"].stdout
    assert "unknown" not in data_fewest and "not applicable" not in data_fewest
    fours = next(r.stdout for c, r in out.items() if c.startswith("ruleproof audit bigfive --reading fours.toml"))
    assert "10 bonus" in fours and "20 bonus" in fours and "unknown" not in fours
    colours = out["ruleproof audit ikebana --reading colours.toml --check finding --quick --quiet"].stdout
    assert "100 points" in colours and "unknown" not in colours and "not applicable" not in colours
    steep = next(r.stdout for c, r in out.items() if c.startswith("ruleproof audit bigpoints --reading steep.toml"))
    assert "125" in steep and "unknown" not in steep
    shown = out["ruleproof show four.json --move 300"].stdout
    assert shown.count("row ") >= 4
    sweep = json.loads((tmp_path / "capacity" / "sweep.json").read_text(encoding="utf-8"))
    assert sweep["values"] == [3, 4, 5, 6] and (tmp_path / "capacity" / "sweep.svg").exists()



@pytest.mark.slow
def test_write_a_game_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    out = _run_tutorial(HOWTO / "write-a-game.rst", tmp_path, installed)
    assert "pebbles" in out["ruleproof games"].stdout
    audits = [r.stdout for c, r in out.items() if c.startswith("ruleproof audit pebbles")]
    assert all("conformance" in a and "not run" in a and " fail " not in a for a in audits)
    assert "no proofs part" in out["ruleproof prove pebbles.json --move 0"].stderr
    assert "no renderer part" in out["ruleproof show pebbles.json --format svg --output end.svg"].stderr
    assert (tmp_path / "pebbles.dot").is_file()
