"""``new-game`` embeds the user's title in code only escaped, and refuses ids that cannot name a package
(issue 32, point 5: "a crafted title runs on import; Python keywords are accepted as game ids")."""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from ruleproof.checkers.cli.main import main
from ruleproof.spec import registry

#: Titles that would run code, break a file or change its markup if pasted raw.
HOSTILE_TITLES = [
    'x", rulebook=__import__("os").system("touch PWNED"), title="y',  # closes the Python string literal
    '"""; __import__("os").system("touch PWNED"); """',  # closes the docstring
    "'''\"\"\" \\\" \\ \\N{BULLET} \\x41 \\u0041 trailing backslash \\",  # Python escapes and a last backslash
    'a", evil = "b',  # closes the TOML string
    "Пешки «шашки» *bold* _em_ `code` [link](javascript:alert(1)) <script>x</script> # | :role:",  # markup (not a rulebook quotation)
    "$game ${title} {package} %s",  # template and format placeholders
]


@pytest.fixture
def clean() -> Iterator[None]:
    modules = set(sys.modules)
    registered = dict(registry._REGISTERED)
    yield
    from ruleproof.model.registry import game_for

    registry._REGISTERED.clear()
    registry._REGISTERED.update(registered)
    registry._BROKEN.clear()
    game_for.cache_clear()
    for name in set(sys.modules) - modules:
        if name.split(".")[0] not in ("ruleproof", "hypothesis", "_pytest", "docutils", "markdown_it"):
            del sys.modules[name]


def _markdown_heading(text: str) -> str:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(text)
    inline = tokens[tokens.index(next(t for t in tokens if t.type == "heading_open")) + 1]
    assert inline.children is not None
    return "".join(child.content for child in inline.children if child.type in ("text", "code_inline"))


def _rest_text(text: str) -> str:
    from docutils.core import publish_doctree

    return str(publish_doctree(text, settings_overrides={"report_level": 5}).astext())


@pytest.mark.parametrize("number", range(len(HOSTILE_TITLES)))
def test_invalid_title_is_escaped_in_every_file(number: int, tmp_path: Path, clean: None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    title = HOSTILE_TITLES[number]
    game = f"pebbles_t{number}"
    monkeypatch.chdir(tmp_path)
    assert main(["new-game", game, "--dir", str(tmp_path / "pkg"), "--title", title]) == 0
    package = tmp_path / "pkg" / game
    for path in package.glob("*.py"):
        ast.parse(path.read_text(encoding="utf-8"), str(path))  # still Python
    from ruleproof.checkers.cli.plugins import load_game_plugin

    assert load_game_plugin(package) == [game]  # runs the generated code
    assert not (tmp_path / "PWNED").exists(), "the title ran as code"
    assert registry.spec_for(game).title == title
    pyproject = tomllib.loads((tmp_path / "pkg" / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["description"] == f"{title}: a game for ruleproof"
    assert set(pyproject) == {"build-system", "project", "tool"}
    assert _markdown_heading((tmp_path / "pkg" / "README.md").read_text(encoding="utf-8")) == title
    spec_doc = ast.get_docstring(ast.parse((package / "spec.py").read_text(encoding="utf-8")))
    assert spec_doc is not None
    assert _rest_text(spec_doc.splitlines()[0]) == f"{title}: the executable specification (made by ruleproof " \
                                                   "new-game; edit the rules to make the game yours)."


@pytest.mark.parametrize("title", ["two\nlines", "nul\x00", "line\u2028separator", "bidi\u202eoverride", "",
                                   "   ", "x" * 101])
def test_invalid_title_that_is_not_one_printable_line_is_refused(title: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-game", "pebbles", "--dir", str(tmp_path / "pkg"), "--title", title]) == 2
    assert "--title" in capsys.readouterr().err
    assert not (tmp_path / "pkg").exists()


@pytest.mark.parametrize("name", ["class", "import", "if", "lambda", "yield", "none", "match"])
def test_invalid_python_keyword_as_game_id_is_refused(name: str, tmp_path: Path, clean: None,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["new-game", name, "--dir", str(tmp_path / "pkg")])
    err = capsys.readouterr().err
    if name in ("none", "match"):  # not keywords (None is; match is a soft keyword, a valid module name): accepted
        assert code == 0, err
        return
    assert code == 2 and "Python keyword" in err, err
    assert not (tmp_path / "pkg").exists()


def test_title_at_the_limit_is_accepted(tmp_path: Path, clean: None) -> None:
    from ruleproof.checkers.cli.newgame import MAX_TITLE

    assert main(["new-game", "pebbles_max", "--dir", str(tmp_path / "pkg"), "--title", "x" * MAX_TITLE]) == 0
