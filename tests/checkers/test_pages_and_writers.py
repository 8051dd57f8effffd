"""Pages show only what they checked, and no command replaces a file without ``--force`` (issue 32, point 4).

``replay --html`` of a certificate whose verdict was flipped (which ``check-proof`` rejects, exit 1) used to
render "… is illegal" and exit 0. A page now re-checks a certificate with the independent checker first and
shows a rejected one as rejected, with the checker's reason, and exits 1. Every command that writes a file the
user names refuses an existing file (exit 2, naming it, the file untouched, nothing computed) unless given
``--force``.
"""

from __future__ import annotations

import argparse
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from ruleproof.checkers.cli.main import build_parser, main

DATA = Path(__file__).resolve().parent.parent / "data"
PROOFS = DATA / "proofs"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _notes(page: str) -> tuple[str, list[str]]:
    """The page's headline and the lines under it (unescaped enough to read)."""
    title = re.search(r"<h1>(.*?)</h1>", page)
    assert title is not None
    lines = re.findall(r"<p>(.*?)</p>", page)
    return html.unescape(title.group(1)), [html.unescape(line) for line in lines]


# -- certificates on pages ---------------------------------------------------------------------------------


def test_replay_of_a_flipped_certificate_says_rejected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The attack of the issue: a legal move's certificate with its verdict flipped to "illegal"."""
    cert = json.loads((PROOFS / "bigpoints_move.json").read_text())
    assert cert["verdict"] == "legal"
    cert["verdict"] = "illegal"
    flipped = tmp_path / "flipped.json"
    flipped.write_text(json.dumps(cert))
    code, out, _ = run(capsys, "check-proof", str(flipped))
    assert code == 1 and "rejected" in out
    page_path = tmp_path / "flipped.html"
    code, out, err = run(capsys, "replay", str(flipped), "--html", str(page_path))
    assert code == 1, (out, err)
    assert "rejected by the independent checker" in err
    title, notes = _notes(page_path.read_text())
    reason = "the certificate's verdict is 'illegal' but re-checking the rules gives 'legal'"
    assert title.startswith("Rejected certificate flipped.json")
    assert notes[0] == f"REJECTED by the independent checker: {reason}"
    assert not any(n.startswith("certificate:") and n.endswith("is illegal") for n in notes)
    # --json carries the checker's verdict.
    code, out, _ = run(capsys, "replay", str(flipped), "--html", str(page_path), "--force", "--json")
    body = json.loads(out)
    assert code == 1 and body["certificate"]["ok"] is False and body["certificate"]["reasons"] == [reason]


def test_replay_of_a_valid_certificate_says_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page_path = tmp_path / "ok.html"
    code, out, _ = run(capsys, "replay", str(PROOFS / "take5_illegal_row.json"), "--html", str(page_path), "--json")
    assert code == 0 and json.loads(out)["certificate"]["ok"] is True
    title, notes = _notes(page_path.read_text())
    assert "Rejected" not in title
    assert "is illegal; checked by the independent checker: valid:" in notes[0]


@pytest.mark.parametrize("name", sorted(p.name for p in PROOFS.glob("tampered_*.json")))
def test_replay_agrees_with_check_proof_on_tampered_certificates(name: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check-proof", str(PROOFS / name), "--json")
    verdict = json.loads(out)
    assert code == 1 and not verdict["ok"]
    page_path = tmp_path / "page.html"
    code, out, err = run(capsys, "replay", str(PROOFS / name), "--html", str(page_path))
    assert code == 1, (out, err)
    title, notes = _notes(page_path.read_text())
    assert title.startswith("Rejected certificate")
    assert notes[0] == "REJECTED by the independent checker: " + "; ".join(verdict["reasons"])


def test_replay_of_an_unverifiable_plugin_certificate_is_refused(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Under a derived engine the checker has no rules to check with: neither valid nor rejected (exit 2, as
    ``check-proof``), and no page claims anything."""
    cert = json.loads((PROOFS / "take5_play.json").read_text())
    cert["reading"] = {"title": "house", "rules": [], "engine": "HouseTake5", "plugin_sha256": "a" * 64}
    path = tmp_path / "plugin.json"
    path.write_text(json.dumps(cert))
    assert run(capsys, "check-proof", str(path))[0] == 2
    code, _, err = run(capsys, "replay", str(path), "--html", str(tmp_path / "p.html"))
    assert code == 2 and "derived engine" in err and not (tmp_path / "p.html").exists()


def test_replay_of_a_finding_file_says_its_claim_is_not_checked(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A finding file's verdict and answer are the file's words: the page says so, it does not vouch for them."""
    moves = [m["move"] for m in json.loads((PROOFS / "record_take5.json").read_text())["moves"][:3]]
    finding = {"id": "T5-F-99", "game": "take5", "question": "Can a row hold a hundred cards?", "verdict": "sat",
               "answer": "yes, easily", "witness": {"players": 3, "moves": moves}}
    path = tmp_path / "claim.json"
    path.write_text(json.dumps(finding))
    page_path = tmp_path / "claim.html"
    assert run(capsys, "replay", str(path), "--html", str(page_path))[0] == 0
    _, notes = _notes(page_path.read_text())
    assert notes[0] == ("as stated by claim.json, not re-checked here (`ruleproof audit` answers the catalogue's "
                        "questions): T5-F-99: Can a row hold a hundred cards?")
    assert notes[1] == "sat: yes, easily"


# -- every writer needs --force ---------------------------------------------------------------------------

RECORD = str(PROOFS / "record_take5.json")
#: The shortest stored record (BigPoints, 21 moves), for the page: the subject is ``--force``, and a page of the
#: Take 5 record's 470 moves cost 0.6 s of pictures (session 43).
SHORT_RECORD = str(PROOFS / "record_bigpoints.json")


def _writers(tmp: Path) -> dict[str, tuple[list[str], Path]]:
    """Each command that writes a file the user names: its arguments (with ``{out}`` for the file) and the file."""
    return {
        "show --output": (["show", RECORD, "--output", "{out}", "--format", "text"], tmp / "show.txt"),
        "replay --html": (["replay", SHORT_RECORD, "--html", "{out}"], tmp / "replay.html"),
        "simulate --record": (["simulate", "take5", "--players", "2", "--games", "1", "--record", "{out}", "-q"],
                              tmp / "sim.json"),
        "diff --plot": (["diff", "take5", "--b-variant", "end_rule=>", "--games", "2", "--no-findings", "-q",
                         "--plot", "{out}"], tmp / "plot.svg"),
        "diff --records": (["diff", "take5", "--b-variant", "threshold=30", "--games", "4", "--no-findings", "-q",
                            "--records", str(tmp / "pair")], tmp / "pair-a.json"),
        "prove --output": (["prove", str(PROOFS / "record_take5.json"), "--move", "0", "--output", "{out}"],
                           tmp / "cert.json"),
        "schema --output": (["schema", "certificate", "--output", "{out}"], tmp / "schema.json"),
        # the smallest built-in configuration (3,959 states; bigpoints/tiny has 24,250): the subject is --force
        "graph --output": (["graph", "bigfive", "--config", "small", "--output", "{out}"], tmp / "g.graphml"),
        "play --record": (["play", "take5", "--seed", "1", "--record", "{out}"], tmp / "play.json"),
        "sweep --dir": (["sweep", "take5", "row_capacity=4", "--games", "1", "--no-findings", "-q",
                         "--dir", str(tmp)], tmp / "sweep.json"),
        "metrics --plot": (["metrics", "take5", "--games", "2", "-q", "--plot", "{out}"], tmp / "metrics.svg"),
    }


WRITERS = sorted(_writers(Path("/x")))


@pytest.mark.parametrize("writer", WRITERS)
def test_invalid_writer_refuses_an_existing_file_without_force(writer: str, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    args, target = _writers(tmp_path)[writer]
    argv = [str(target) if a == "{out}" else a for a in args]
    target.write_text("keep me\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))  # play: leave the game at once
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert f"{target}: the file exists; give --force to replace it" in err and "Traceback" not in out + err
    assert target.read_text() == "keep me\n"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, err = run(capsys, *argv, "--force")
    assert code in (0, 1), (out, err)
    assert target.read_text() != "keep me\n"


def test_play_save_at_the_prompt_needs_force(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # one line per message
    target = tmp_path / "saved.json"
    target.write_text("keep me\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {target}\nquit\n"))
    code, out, _ = run(capsys, "play", "take5", "--seed", "1")
    assert code == 0 and f"not saved: {target}: the file exists" in out and target.read_text() == "keep me\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {target} --force\nquit\n"))
    code, out, _ = run(capsys, "play", "take5", "--seed", "1")
    assert code == 0 and f"written to {target}; it validates" in out
    assert json.loads(target.read_text())["game"] == "take5"


def test_invalid_folder_writers_refuse_a_folder_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``new-game --dir`` (without --force) and ``campaign KIND --dir`` (always: two campaigns never share a
    folder) refuse a folder that holds anything, naming it."""
    folder = tmp_path / "busy"
    folder.mkdir()
    (folder / "mine.txt").write_text("keep me\n")
    code, _, err = run(capsys, "new-game", "pebbles", "--dir", str(folder))
    assert code == 2 and str(folder) in err
    code, _, err = run(capsys, "campaign", "simulate", "take5", "--players", "2", "--games", "2", "--workers", "0",
                       "--dir", str(folder))
    assert code == 2 and str(folder) in err and "not empty" in err
    assert sorted(p.name for p in folder.iterdir()) == ["mine.txt"]


def test_invalid_new_game_refuses_a_file_as_its_folder_even_with_force(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``new-game --dir FILE --force`` writes into folders only: a file given as the folder (or standing where one
    of the package's folders goes) is refused with exit 2 naming it, and left as it was (it once crashed with a
    traceback, found by the CLI fuzzer)."""
    existing = tmp_path / "existing.json"
    existing.write_text("{}\n")
    code, _, err = run(capsys, "new-game", "pebbles", "--dir", str(existing), "--force")
    assert code == 2 and str(existing) in err and "Traceback" not in err
    folder = tmp_path / "pkg"
    folder.mkdir()
    (folder / "tests").write_text("a file where the tests folder goes\n")
    code, _, err = run(capsys, "new-game", "pebbles", "--dir", str(folder), "--force")
    assert code == 2 and str(folder / "tests") in err and "Traceback" not in err
    assert existing.read_text() == "{}\n" and (folder / "tests").is_file()
    assert sorted(p.name for p in folder.iterdir()) == ["tests"]  # refused before anything was written


#: Options that name a file or folder a command writes; each command that has one must have --force
#: (``campaign KIND --dir`` refuses any folder in use instead: see the test above).
OUTPUT_OPTIONS = {"--output", "--html", "--record", "--plot", "--records", "--dir"}
FOLDER_REFUSED = {("campaign", "simulate"), ("campaign", "diff"), ("campaign", "fuzz"), ("campaign", "search")}


def _subcommands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out.append(((*path, name), sub))
                out += _subcommands(sub, (*path, name))
    return out


def test_every_command_that_writes_a_named_file_has_force() -> None:
    seen: list[tuple[str, ...]] = []
    for path, sub in _subcommands(build_parser()):
        options = {s for a in sub._actions for s in a.option_strings}
        if options & OUTPUT_OPTIONS and path not in FOLDER_REFUSED:
            assert "--force" in options, f"`ruleproof {' '.join(path)}` writes a file but has no --force"
            seen.append(path)
    assert {p[0] for p in seen} >= {"show", "replay", "simulate", "diff", "prove", "schema", "graph", "play",
                                    "new-game"}
    assert {w.split()[0] for w in WRITERS} | {"new-game"} >= {p[0] for p in seen}

