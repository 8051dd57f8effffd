"""Findings from a saved ``ruleproof audit --json`` output (``$RULEPROOF_AUDIT_JSON``).

When the build is given an audit's JSON, the findings on the pages are the
audit's, not re-solved: the site and the audit then show the same verdicts
and the same witnesses, and the build skips the solver. The file is hostile
input: it is read once, limited in size, and every finding row is checked;
a problem is reported with the file and the JSON path at fault.

Accepted forms: one JSON object with a ``rows`` list (``ruleproof audit
--json``), or JSON Lines (one row object a line, summary lines ignored). A
finding row has ``"check": "finding"`` and the finding under ``"data"``.

>>> import json, tempfile, pathlib
>>> row = {"check": "finding", "game": "take5", "data": {"id": "T5-F-1", "game": "take5",
...        "question": "Q?", "verdict": "unsat", "answer": "No.", "rule_ids": ["T5-LOW-1"]}}
>>> path = pathlib.Path(tempfile.mkdtemp()) / "audit.json"
>>> _ = path.write_text(json.dumps({"rows": [row]}), encoding="utf-8")
>>> found = load_audit_findings(path)
>>> [(g, [f.id for f in fs]) for g, fs in found.items()]
[('take5', ['T5-F-1'])]
>>> _ = path.write_text('{"rows": [{"check": "finding", "data": {"id": 3}}]}', encoding="utf-8")
>>> load_audit_findings(path)
Traceback (most recent call last):
...
ruleproof_docs.audit_input.AuditInputError: ...audit.json: $.rows[0].data.id: expected a string, got 3
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: The largest audit file read (bytes).
MAX_BYTES = 64 * 1024 * 1024

_STRINGS = ("id", "game", "question", "verdict", "answer")
_OPTIONAL_STRINGS = ("method", "bounds", "reason", "picture", "reading")


class AuditInputError(ValueError):
    """The audit JSON is unreadable or malformed (the message names the file and JSON path)."""


def _rows(path: Path, text: str) -> list[tuple[str, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict):
        rows = data.get("rows")
        if not isinstance(rows, list):
            raise AuditInputError(f"{path}: $.rows: expected a list of audit rows")
        return [(f"$.rows[{i}]", row) for i, row in enumerate(rows)]
    if data is not None and not isinstance(data, dict):
        raise AuditInputError(f"{path}: $: expected an object with 'rows' or JSON Lines")
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append((f"line {number}: $", json.loads(line)))
        except json.JSONDecodeError as exc:
            raise AuditInputError(f"{path}: line {number}: not JSON ({exc.msg})") from None
    return out


def finding_from_json(path: Path | str, where: str, data: Any) -> Any:
    """A :class:`~ruleproof.checkers.catalogue.findings.Finding` from its JSON (``Finding.to_json``), checked."""
    from ruleproof.checkers.catalogue.findings import VERDICTS, Finding

    if not isinstance(data, dict):
        raise AuditInputError(f"{path}: {where}: expected an object")
    for key in _STRINGS:
        if not isinstance(data.get(key), str):
            raise AuditInputError(f"{path}: {where}.{key}: expected a string, got {data.get(key)!r}")
    if data["verdict"] not in VERDICTS:
        raise AuditInputError(f"{path}: {where}.verdict: expected one of {VERDICTS}, got {data['verdict']!r}")
    kwargs: dict[str, Any] = {key: data[key] for key in _STRINGS}
    for key in _OPTIONAL_STRINGS:
        value = data.get(key, "")
        if not isinstance(value, str):
            raise AuditInputError(f"{path}: {where}.{key}: expected a string, got {value!r}")
        if key != "reading" or "reading" in Finding.__dataclass_fields__:
            kwargs[key] = value
    rules = data.get("rule_ids", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise AuditInputError(f"{path}: {where}.rule_ids: expected a list of strings")
    seconds = data.get("seconds", 0.0)
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        raise AuditInputError(f"{path}: {where}.seconds: expected a number, got {seconds!r}")
    expected = data.get("expected")
    if expected is not None and not isinstance(expected, str):
        raise AuditInputError(f"{path}: {where}.expected: expected a string or null, got {expected!r}")
    return Finding(**kwargs, witness=data.get("witness"), rule_ids=tuple(rules), seconds=float(seconds),
                   expected=expected)


def load_audit_findings(path: Path) -> dict[str, list[Any]]:
    """The findings in an audit's JSON, by game, in the audit's order.

    :raises AuditInputError: the file is missing, too large or malformed.
    """
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise AuditInputError(f"{path}: cannot read the audit JSON ({exc.strerror})") from None
    if size > MAX_BYTES:
        raise AuditInputError(f"{path}: {size} bytes, more than the {MAX_BYTES} an audit JSON may have")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise AuditInputError(f"{path}: cannot read the audit JSON ({exc})") from None
    found: dict[str, list[Any]] = {}
    for where, row in _rows(path, text):
        if not isinstance(row, dict):
            raise AuditInputError(f"{path}: {where}: expected an object")
        if row.get("check") != "finding":
            continue
        finding = finding_from_json(path, f"{where}.data", row.get("data"))
        found.setdefault(finding.game, []).append(finding)
    return found
