"""How-to pages say what really happens (issue 35 point 7): the Cinco layout page's sample loads and its
commands and sample output hold; the reading tutorial's sample output names the seat the run names; no
page tells a reader to ``pip install ruleproof`` from an index that does not serve it.

The commands run as subprocesses of this checkout's ``ruleproof`` (the slow tests of
``test_howto_tutorials.py`` run the two tutorials from a wheel).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.model.io.inputs import load_layout_file
from tests.docs.test_howto_tutorials import console_commands, included_files

ROOT = Path(__file__).resolve().parents[2]
HOWTO = ROOT / "docs" / "howto"
LAYOUT_PAGE = HOWTO / "cinco-layout.rst"
SAMPLE = HOWTO / "layouts" / "small-hexagon.json"


def _run(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "200"
    return subprocess.run(command, shell=True, cwd=folder, env=env, capture_output=True, text=True)


def _literal_block_after(page: Path, marker: str) -> list[str]:
    """The indented ``::`` block that follows the paragraph ending in ``marker``."""
    lines = page.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.rstrip().endswith(marker))
    block = []
    for line in lines[start + 2:]:
        if line and not line.startswith("   "):
            break
        block.append(line[3:])
    while block and not block[-1]:
        block.pop()
    return block


def test_the_sample_layout_loads_through_the_cli_loader() -> None:
    layout = load_layout_file(SAMPLE)
    assert layout.size == 60 and layout.shape == "hex" and len(layout.directions) == 3
    assert SAMPLE in included_files(LAYOUT_PAGE)
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert sorted(cell["number"] for cell in data["cells"]) == list(range(1, 61))


def test_the_layout_pages_commands_and_sample_output_hold(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / SAMPLE.name)
    broken = json.loads(SAMPLE.read_text(encoding="utf-8"))
    broken["cells"][5]["number"] = 5  # "give cell 6 the number 5", as the page says
    (tmp_path / "broken.json").write_text(json.dumps(broken), encoding="utf-8")
    commands = console_commands(LAYOUT_PAGE)
    assert any("--layout small-hexagon.json" in c for c, _ in commands) and any(code == 2 for _, code in commands)
    results = {}
    for command, code in commands:
        done = _run(command, tmp_path)
        assert done.returncode == code, (command, done.stdout[-1500:], done.stderr[-1500:])
        assert "Traceback" not in done.stderr
        results[command] = done
    shown = results["ruleproof show small.json --move 60 --seat 0"].stdout.splitlines()
    sample = _literal_block_after(LAYOUT_PAGE, "numbers on free cells and chips as letters::")
    assert sample == shown[1:1 + len(sample)], "the page's board is not what `show` draws"
    error = results["ruleproof simulate cinco --players 2 --layout broken.json"].stderr
    assert "number 6 is missing; number 5 is repeated 2 times (the numbers must be 1..60, each once)" in error


def test_the_reading_tutorials_sample_output_is_the_runs(tmp_path: Path) -> None:
    page = HOWTO / "check-a-reading.rst"
    text = " ".join(page.read_text(encoding="utf-8").split())
    match = re.search(r"The last one reports ``(illegal move at index \d+: seat \d+ played '[^']+')``", text)
    assert match, "the tutorial no longer quotes the refused move"
    for source in included_files(page):
        shutil.copy(source, tmp_path / source.name)
    commands = dict(console_commands(page))
    simulate = "ruleproof simulate take5 --players 3 --games 1 --seed 1 --record plain.json --quiet"
    validate = "ruleproof validate plain.json --reading fewest.toml"
    assert simulate in commands and commands[validate] == 1
    assert _run(simulate, tmp_path).returncode == 0
    done = _run(validate, tmp_path)
    assert done.returncode == 1
    assert match.group(1) in done.stdout, done.stdout[-1500:]


def test_no_page_installs_ruleproof_from_an_index() -> None:
    """Every page source there is when the test runs, the generated ones included (read then, not listed at
    collection: a build in between replaces generated pages, say ``findings.rst`` by ``findings-1.rst``)."""
    pages = sorted((ROOT / "docs").rglob("*.rst"))
    assert any(p.name == "getting-started.rst" for p in pages)
    installing = [p for p in pages
                  if re.search(r"pip install (-\S+ )*ruleproof(?![\w./\[-])", " ".join(p.read_text(encoding="utf-8").split()))]
    assert not installing, installing
