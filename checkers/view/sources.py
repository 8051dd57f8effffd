"""What the replay viewer can open: a record, a certificate, a finding (witness) file, or a finding id.

Each becomes a list of :class:`Source` entries (a title, notes and a record);
a finding with several witness games gives several. Files are read through
the loader of their kind (:func:`ruleproof.model.io.records.load_record`,
:func:`ruleproof.checkers.certcheck.load_certificate`); a finding file (a
:class:`~ruleproof.checkers.catalogue.findings.Finding` as JSON, e.g. a row's
``data`` of ``ruleproof audit --json``) is read with a size bound. The kind is
told by the document's ``format`` field, else by a ``witness`` field.

>>> import json, tempfile, os
>>> from ruleproof.model.io.records import GameRecord, RecordedMove
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "r.json")
...     _ = open(path, "w").write(GameRecord("take5", 2, {}, (RecordedMove(-1, "deal 5"),)).dumps())
...     [(s.title, len(s.record.moves)) for s in load_sources(path)]
[('Take 5 (6 nimmt!): r.json', 1)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruleproof.checkers.catalogue.findings import Finding
from ruleproof.checkers.certcheck import CheckResult
from ruleproof.checkers.view.witness import Witness, finding_witness, witness_records
from ruleproof.model.io.inputs import Limits, load_json_file
from ruleproof.model.io.records import GameRecord, RecordedMove, load_record, record_from_json
from ruleproof.model.registry import game_for
from ruleproof.spec.core import CHANCE
from ruleproof.spec.errors import RecordError

#: The largest finding file read (witness games are a few thousand moves at most).
MAX_FINDING_BYTES = 20_000_000
_FORMAT = re.compile(rb'"format"\s*:\s*"(ruleproof-[a-z]+)"')


@dataclass(frozen=True)
class Source:
    """One game to replay, with a title and lines of explanation.

    :param check: for a certificate, the independent checker's verdict on it (a rejected
        certificate's claim is never shown as true).
    """

    title: str
    notes: tuple[str, ...]
    record: GameRecord
    check: CheckResult | None = None

    @property
    def rejected(self) -> bool:
        """A certificate the independent checker rejects."""
        return self.check is not None and not self.check.ok


def _head(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(4096)
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror}", source=str(path)) from None


def _title(game: str) -> str:
    try:
        return game_for(game).spec.title
    except Exception:  # an unknown game: the record loader reports it
        return game


def from_witness(witness: Witness) -> list[Source]:
    """One source per witness game of a finding."""
    notes = (f"{witness.id}: {witness.question}", f"{witness.verdict}: {witness.answer}")
    count = len(witness.records)
    return [Source(f"{witness.id} witness" + (f" {k + 1} of {count}" if count > 1 else ""), notes, record)
            for k, record in enumerate(witness.records)]


def _certificate(path: Path) -> list[Source]:
    """A certificate's record prefix and move, checked first by the independent checker: the page names the
    checker's verdict, and shows a rejected certificate as rejected, with the checker's reasons."""
    from ruleproof.checkers.certcheck import load_certificate
    from ruleproof.checkers.proofs.recheck import recheck

    data = load_certificate(path)
    check = recheck(data, str(path))
    try:
        prefix = record_from_json({"format": "ruleproof-record", "version": 1, "game": data["game"],
                                   "players": data["players"], "variant": data["variant"],
                                   "moves": data["record"]["moves"]})
        actor = data["actor"]
        move = RecordedMove(CHANCE if actor == "chance" else int(actor), str(data["move"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a certificate with a record prefix and a move ({type(exc).__name__}: {exc})",
                          source=str(path)) from None
    record = GameRecord(prefix.game, prefix.players, prefix.variant, prefix.moves + (move,))
    claim = f"move {len(prefix.moves)} ({move.move}) is {data.get('verdict', '?')}"
    notes: tuple[str, ...]
    if not check.ok:
        notes = (f"REJECTED by the independent checker: {'; '.join(check.reasons)}",
                 f"the certificate claims that {claim}; the claim is not shown as true")
        return [Source(f"Rejected certificate {path.name} ({_title(record.game)})", notes, record, check)]
    notes = (f"certificate: {claim}; checked by the independent checker: {check}",)
    return [Source(f"{_title(record.game)}: certificate {path.name}", notes, record, check)]


def _finding(path: Path) -> list[Source]:
    # The input boundary: a regular file, bounded size, depth and integers (exit 2 with the JSON path).
    data: Any = load_json_file(path, Limits(max_bytes=MAX_FINDING_BYTES))
    if isinstance(data, dict) and isinstance(data.get("data"), dict) and "witness" in data["data"]:
        data = data["data"]  # an audit row
    if not (isinstance(data, dict) and isinstance(data.get("id"), str) and isinstance(data.get("game"), str)
            and "witness" in data):
        raise RecordError("not a record, a certificate or a finding (a finding has id, game and witness)",
                          "$", source=str(path))
    finding = Finding(data["id"], data["game"], str(data.get("question", "")), "sat" if data.get("verdict") not in
                      ("sat", "unsat", "unknown") else data["verdict"], str(data.get("answer", "")),
                      witness=data["witness"])
    records = witness_records(finding)
    if not records:
        raise RecordError(f"finding {finding.id} has no witness that can be replayed", "$.witness", source=str(path))
    # The file's question, verdict and answer are its own words: the page says so (the games themselves are
    # replayed move by move, so an illegal move still shows as illegal).
    stated = [Source(s.title, (f"as stated by {path.name}, not re-checked here (`ruleproof audit` answers the "
                               f"catalogue's questions): {s.notes[0]}", *s.notes[1:]), s.record)
              for s in from_witness(Witness(finding.id, finding.game, finding.question, finding.verdict,
                                            finding.answer, tuple(records)))]
    return stated


def load_sources(path: str | Path) -> list[Source]:
    """The games in a record, certificate or finding file.

    :raises RecordError: an unreadable or malformed file (exit 2), naming the file.
    """
    p = Path(path)
    match = _FORMAT.search(_head(p))
    kind = match.group(1).decode() if match else ""
    if kind == "ruleproof-record":
        record = load_record(p)
        return [Source(f"{_title(record.game)}: {p.name}", (), record)]
    if kind == "ruleproof-certificate":
        return _certificate(p)
    return _finding(p)


def finding_sources(finding_id: str, *, solve: bool = True, reading: Any = None) -> list[Source]:
    """The witness games of a catalogue finding (stored first; answered now with ``solve``; under a ``reading``
    other than the default, answered under it)."""
    return from_witness(finding_witness(finding_id, solve=solve, reading=reading))
