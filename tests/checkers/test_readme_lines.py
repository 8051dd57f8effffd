"""README lines that name files (issue 35 point 7): the ``--plugin`` line loads what the ``new-game`` line
before it writes, run as written in an empty folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_command(start: str) -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (line,) = [x for x in readme.splitlines() if x.startswith(start)]
    return line.split("  #", 1)[0].strip()


def test_the_plugin_line_loads_the_package_new_game_writes(tmp_path: Path) -> None:
    scaffold = _readme_command("ruleproof new-game ")
    plugin = _readme_command("ruleproof --plugin ")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    made = subprocess.run(scaffold, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    path = plugin.split()[2]
    assert (tmp_path / path / "__init__.py").is_file(), f"{path} is not the package {scaffold!r} wrote"
    checked = subprocess.run(plugin, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-2000:]
    assert "mygame" in checked.stdout and "Traceback" not in checked.stderr
