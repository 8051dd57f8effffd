"""Issue 16: a reading file names its plugin, so that name is confined (an input never points anywhere).

The decision (documented in ``docs/howto/check-a-reading.rst``): ``rules`` stays in the reading file, but
only as a relative ``.py`` path inside the reading file's folder (or below it): no absolute path, no ``..``,
no symbolic link leading out; the file is read as a regular file, bounded, and hashed into the reading's
identity. Each refusal exits 2 and names the reading file and the key ``$.rules``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.model.io.readings import MAX_PLUGIN_BYTES, load_reading

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "reading"


def _reading(folder: Path, rules: str, name: str = "r.toml") -> Path:
    path = folder / name
    path.write_text(f'game = "take5"\ntitle = "fewest"\nrules = {rules!r}\n'.replace("'", '"'), encoding="utf-8")
    return path


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    """A folder with the tutorial's plugin at its top and in a sub-folder, and a copy outside it."""
    folder = tmp_path / "club"
    (folder / "plugins").mkdir(parents=True)
    shutil.copy(HOWTO / "fewest.py", folder / "fewest.py")
    shutil.copy(HOWTO / "fewest.py", folder / "plugins" / "fewest.py")
    shutil.copy(HOWTO / "fewest.py", tmp_path / "outside.py")
    return folder


def test_a_plugin_in_the_folder_or_below_loads_and_is_hashed(club: Path) -> None:
    top = load_reading(_reading(club, "fewest.py"))
    below = load_reading(_reading(club, "plugins/fewest.py", "below.toml"))
    assert top.rule_ids == below.rule_ids == ("HOUSE-LOW-1",)
    assert top.plugin_sha256 == below.plugin_sha256 and len(top.plugin_sha256) == 64
    (club / "fewest.py").write_text((club / "fewest.py").read_text() + "\n# edited\n")
    assert load_reading(_reading(club, "fewest.py")).plugin_sha256 != top.plugin_sha256


@pytest.mark.parametrize(("rules", "expected"), [
    ("/etc/passwd.py", "an absolute path is refused"),
    ("../outside.py", "'..' is refused"),
    ("plugins/../../outside.py", "'..' is refused"),
    ("~/fewest.py", "an absolute path is refused"),
    ("C:/fewest.py", "an absolute path is refused"),
    ("plugins\\\\fewest.py", "a backslash is refused"),
    ("fewest.txt", "ending in .py"),
    ("", "not a file name"),
    ("x" * 300 + ".py", "MAX_PLUGIN_NAME"),
    ("missing.py", "cannot read the plugin"),
    ("plugins", "ending in .py"),
])
def test_a_plugin_name_outside_the_folder_is_refused(club: Path, rules: str, expected: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _reading(club, rules)
    code = main(["simulate", "take5", "--players", "2", "--games", "1", "--reading", str(path), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert str(path) in err and "$.rules" in err and expected in err, err


def test_a_symbolic_link_out_of_the_folder_is_refused(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.symlink(club.parent / "outside.py", club / "link.py")
    path = _reading(club, "link.py")
    assert main(["audit", "take5", "--reading", str(path), "--check", "finding", "--finding", "T5-F-3",
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "$.rules" in err and "symbolic link" in err and str(path) in err


def test_a_plugin_that_is_not_a_regular_file_or_too_large_is_refused(club: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (club / "dir.py").mkdir()
    fifo = club / "fifo.py"
    os.mkfifo(fifo)
    (club / "big.py").write_bytes(b"#" * (MAX_PLUGIN_BYTES + 1))
    for name, expected in (("dir.py", "regular file"), ("fifo.py", "regular file"), ("big.py", "MAX_PLUGIN_BYTES")):
        path = _reading(club, name)
        assert main(["simulate", "take5", "--players", "2", "--games", "1", "--reading", str(path), "--quiet"]) == 2
        err = capsys.readouterr().err
        assert "$.rules" in err and expected in err, (name, err)
