"""Shell completion (issue 35 point 7): game names, rule ids and finding ids complete, and the README's
install line works when the folder is missing. Bash completions are exercised in a real bash.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.checkers.cli.completion import INSTALL_PATHS, script, words_to_complete
from ruleproof.checkers.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def _complete_in_bash(source: Path, *words: str) -> list[str]:
    """What bash completes for the last of ``words`` (the script sourced, its function called as bash does)."""
    program = (f"source {source}\n"
               f"COMP_WORDS=({' '.join(words)}); COMP_CWORD={len(words) - 1}; COMP_LINE=\"{' '.join(words)}\"; "
               "COMP_POINT=${#COMP_LINE}; COMPREPLY=(); _shtab_ruleproof; printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    done = subprocess.run(["bash", "-c", program], capture_output=True, text=True, check=True)
    return [w for w in done.stdout.split("\n") if w]


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    path = tmp_path_factory.mktemp("completion") / "ruleproof.bash"
    path.write_text(script("bash"), encoding="utf-8")
    return path


def test_bash_completes_game_names(bash_script: Path) -> None:
    assert _complete_in_bash(bash_script, "ruleproof", "rules", "take") == ["take5"]
    assert _complete_in_bash(bash_script, "ruleproof", "simulate", "bi") == ["bigfive", "bigpoints"]
    assert _complete_in_bash(bash_script, "ruleproof", "campaign", "simulate", "ci") == ["cinco"]


def test_bash_completes_rule_ids(bash_script: Path) -> None:
    found = _complete_in_bash(bash_script, "ruleproof", "rules", "take5", "T5-S")
    assert set(found) == {"T5-SETUP-1", "T5-SELECT-1", "T5-SELECT-2", "T5-SIX-1", "T5-SCORE-1"}
    assert _complete_in_bash(bash_script, "ruleproof", "rules", "take5", "T5-SIX-1", "T5-EN") == ["T5-END-1"]


def test_bash_completes_finding_ids(bash_script: Path) -> None:
    found = _complete_in_bash(bash_script, "ruleproof", "replay", "--finding", "CI-F-1")
    assert "CI-F-1" in found and "CI-F-16" in found and not [f for f in found if not f.startswith("CI-F-1")]
    assert _complete_in_bash(bash_script, "ruleproof", "audit", "--finding", "WF-T5-") == ["WF-T5-1", "WF-T5-2",
                                                                                             "WF-T5-3"]


def test_bash_completes_file_names_where_a_file_is_read(bash_script: Path, tmp_path: Path) -> None:
    (tmp_path / "game-one.json").write_text("{}", encoding="utf-8")
    os.chdir(tmp_path)
    try:
        assert _complete_in_bash(bash_script, "ruleproof", "show", "game-") == ["game-one.json"]
    finally:
        os.chdir(ROOT)


@pytest.mark.parametrize("shell", ["zsh", "fish", "tcsh"])
def test_other_shells_carry_the_same_words(shell: str) -> None:
    text = script(shell)
    for word in ("cinco", "T5-SIX-1", "CI-F-7", "WF-BF-3"):
        assert word in text, (shell, word)


def test_the_words_are_the_registries() -> None:
    from ruleproof.model.registry import game_for

    words = words_to_complete()
    assert words["games"][:5] == ["bigfive", "bigpoints", "take5", "ikebana", "cinco"]
    assert len(words["rules"]) == sum(len(game_for(g).spec.rules) for g in words["games"])
    assert all(re.fullmatch(r"(T5|BF|BP|IK|CI|WF-[A-Z0-9]+)-?F?-\d+", f) or f.startswith("WF-") for f in
               words["findings"])


def test_the_parser_that_runs_commands_keeps_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    # the choices are set on the completion's own parser only
    assert main(["rules", "take5", "t5-six-1"]) == 0
    capsys.readouterr()


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    env["HOME"] = str(home)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def _readme_completion_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return [line.split("#", 1)[0].strip() for line in readme.splitlines() if line.startswith("ruleproof completion")]


def test_the_readmes_completion_line_works_without_the_folder(tmp_path: Path) -> None:
    lines = _readme_completion_lines()
    assert lines, "the README shows no completion line"
    target = tmp_path / ".local" / "share" / "bash-completion" / "completions" / "ruleproof"
    assert not target.parent.exists()
    for line in lines:
        done = subprocess.run(line, shell=True, cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True)
        assert done.returncode == 0, (line, done.stderr)
    assert target.is_file() and "_shtab_ruleproof" in target.read_text(encoding="utf-8")


def test_install_puts_each_script_where_its_shell_looks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for shell in INSTALL_PATHS:
        assert main(["completion", shell, "--install"]) == 0
    said = capsys.readouterr().out
    assert (tmp_path / ".local/share/bash-completion/completions/ruleproof").is_file()
    assert (tmp_path / ".zfunc/_ruleproof").is_file() and "fpath+=~/.zfunc" in said
    assert (tmp_path / "config/fish/completions/ruleproof.fish").is_file()
    assert main(["completion", "bash", "--install"]) == 0  # a second install replaces the script
    assert main(["completion", "tcsh", "--install"]) == 2
    assert "no standard place for tcsh" in capsys.readouterr().err


def test_install_into_a_folder_that_cannot_be_made_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))  # a file where the folder should be
    assert main(["completion", "bash", "--install"]) == 2
    assert "cannot make the folder" in capsys.readouterr().err
