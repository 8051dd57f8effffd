"""``ruleproof games`` and ``ruleproof rules GAME [RULE_ID…] [--section S] [--kind K]``.

``rules`` with rule ids prints each rule in full: its restatement, its
source, the verbatim passage of the rulebook the package ships with it
(:mod:`ruleproof.spec.sources`) and the publisher note it cites (from the
copy of ``RULES-NOTES.md`` shipped with the package,
:mod:`ruleproof.checkers.analysis.notes`). Without ids it prints the table
of all rules; ``--json`` always carries the passages and notes.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ruleproof")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["rules", "take5", "T5-PLACE-2", "--kind", "Effect"])
>>> args.rule_ids, args.kind
(['T5-PLACE-2'], ['effect'])
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.checkers.cli.common import add_json, game_arg
from ruleproof.checkers.cli.output import EXIT_OK, out, print_json, table

#: The kinds of rule (:class:`ruleproof.spec.core.RuleKind` values).
RULE_KINDS = ("legality", "effect", "outcome")


def cmd_games(args: argparse.Namespace) -> int:
    """List the games."""
    from ruleproof.model.registry import available_games, game_for

    rows: list[dict[str, Any]] = []
    for game_id in available_games():
        spec = game_for(game_id).spec
        rows.append({"id": game_id, "title": spec.title, "players": [spec.min_players, spec.max_players],
                     "rules": len(spec.rules), "ambiguities": len(spec.ambiguities), "rulebook": spec.rulebook})
    if args.json:
        print_json("games", {"games": rows})
        return EXIT_OK
    t = table("id", "title", "players", "rules", "ambiguities", "rulebook")
    for r in rows:
        t.add_row(r["id"], r["title"], f"{r['players'][0]}–{r['players'][1]}", str(r["rules"]),
                  str(r["ambiguities"]), r["rulebook"])
    out().print(t)
    return EXIT_OK


def _select_rules(spec: Any, args: argparse.Namespace) -> list[Any]:
    """The rules ``args`` asks for (ids, sections and kinds narrow; unknown ones are usage errors)."""
    from ruleproof.checkers.cli.common import unknown_choice

    rules = list(spec.rules)
    by_id = {r.id.upper(): r for r in rules}
    if args.rule_ids:
        picked = []
        for rule_id in args.rule_ids:
            rule = by_id.get(rule_id.upper())
            if rule is None:
                raise unknown_choice("rule id", rule_id, [r.id for r in rules], f"see `ruleproof rules {spec.name}`")
            picked.append(rule)
        rules = picked
    if args.kind:
        rules = [r for r in rules if r.kind.value in set(args.kind)]
    if args.section:
        needles = [s.casefold() for s in args.section]
        rules = [r for r in rules if any(n in str(r.source).casefold() for n in needles)]
        if not rules:
            sections = sorted({r.source.section for r in spec.rules})
            raise unknown_choice("section", args.section[0], sections)
    return rules


def _cites(spec: Any) -> Any:
    """``item id → its recorded quotations`` for a built-in game; nothing for a plugin game without them."""
    from ruleproof.spec.errors import RuleproofError
    from ruleproof.spec.sources import source_book

    try:
        return source_book(spec.name).cites
    except (RuleproofError, ImportError, AttributeError):
        return lambda item_id: ()


def _passages(cites: Any, item_id: str, rulebook: str) -> list[dict[str, str]]:
    """The verbatim passages the package records for a rule or ambiguity, with where each lies."""
    from ruleproof.checkers.analysis.notes import NOTES_FILE

    return [{"text": c.text, "origin": c.origin, "file": NOTES_FILE if c.origin == "notes" else rulebook,
             "section": c.section} for c in cites(item_id)]


def _note(source: Any, rulebook: str) -> dict[str, Any] | None:
    """The publisher note a source cites (from the shipped copy of the notes), or ``None``."""
    from ruleproof.checkers.analysis.notes import NOTES_FILE, cited_note

    note = cited_note(source.note, rulebook)
    if note is None:
        return None
    return {"file": NOTES_FILE, "cites": source.note, "section": note.section, "text": str(note),
            "rows": [{"row": r.number, "point": r.point, "default": r.default, "flag": r.flag} for r in note.rows]}


def _indented(console: Any, text: Any, indent: int) -> None:
    """``text`` wrapped to the console's width less ``indent``, each line indented (no trailing spaces)."""
    from rich.text import Text

    for line in text.wrap(console, max(20, console.width - indent)):
        line.rstrip()
        console.print(Text(" " * indent) + line, soft_wrap=True)


def _print_rule(console: Any, rule: dict[str, Any]) -> None:
    """One rule in full: restatement, source, verbatim passages, the publisher note, flags."""
    from rich.text import Text

    console.print(Text.assemble((rule["id"], "bold"), f" ({rule['kind']}): ", (rule["title"], "bold")))
    _indented(console, Text(rule["text"]), 2)
    _indented(console, Text.assemble(("source: ", "dim"), rule["source"]), 2)
    for passage in rule["passages"]:
        where = passage["file"] + (f" § {passage['section']}" if passage["section"] else "")
        _indented(console, Text.assemble((f"{where} says (verbatim): ", "dim"), f"«{passage['text']}»"), 2)
    if not rule["passages"]:
        _indented(console, Text("no verbatim passage is recorded for this rule", style="dim"), 2)
    if rule["note"] is not None:
        note = rule["note"]
        _indented(console, Text(f"the publisher note it cites ({note['file']} § {note['section']}):", style="dim"), 2)
        for line in note["text"].splitlines():
            _indented(console, Text(line), 4)
    if rule["flags"]:
        _indented(console, Text.assemble(("flags: ", "dim"), ", ".join(rule["flags"])), 2)
    console.print()


def cmd_rules(args: argparse.Namespace) -> int:
    """A game's rules (all, or those asked for), ambiguities and variant flags."""
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_choices, variant_to_dict

    spec = game_for(game_arg(args.game)).spec
    selected = _select_rules(spec, args)
    whole = not (args.rule_ids or args.kind or args.section)
    cites = _cites(spec)
    rules = [{"id": r.id, "title": r.title, "kind": r.kind.value, "text": r.text, "source": str(r.source),
              "flags": list(r.flags), "passages": _passages(cites, r.id, spec.rulebook),
              "note": _note(r.source, spec.rulebook)} for r in selected]
    ids = {r.id for r in selected}
    ambiguities: list[dict[str, Any]] = [
        {"id": a.id, "question": a.question, "quote": a.quote, "source": str(a.source),
         "readings": [{"value": x.value, "description": x.description} for x in a.readings],
         "default": a.default, "flag": a.flag, "rules": list(a.rule_ids),
         "note": _note(a.source, spec.rulebook)}
        for a in spec.ambiguities if whole or ids.intersection(a.rule_ids)]
    flags: list[dict[str, Any]] = [
        {"flag": name, "default": value, "choices": list(variant_choices(spec.variant_type, name))}
        for name, value in variant_to_dict(spec.variant_type()).items()]
    if args.json:
        print_json("rules", {"game": spec.name, "title": spec.title, "rulebook": spec.rulebook, "rules": rules,
                             "ambiguities": ambiguities, "flags": flags})
        return EXIT_OK
    console = out()
    shown = f"{len(rules)} rules" if whole else f"{len(rules)} of {len(spec.rules)} rules"
    console.print(f"[bold]{spec.title}[/bold] — rulebook {spec.rulebook}, {shown}\n")
    if args.rule_ids:
        for r in rules:
            _print_rule(console, r)
    else:
        t = table("id", "kind", "rule", "source", show_lines=True)
        for r in rules:
            flagged = f"\n[dim]flags: {', '.join(r['flags'])}[/dim]" if r["flags"] else ""
            t.add_row(r["id"], r["kind"], f"[bold]{r['title']}[/bold]: {r['text']}{flagged}", r["source"])
        console.print(t)
        if rules:
            console.print(f"[dim]name rule ids for the verbatim passages and the publisher notes, e.g. "
                          f"`ruleproof rules {spec.name} {rules[0]['id']}`[/dim]")
    if ambiguities:
        amb = table("id", "question", "readings", "default", "flag", show_lines=True, title="Ambiguities")
        for a in ambiguities:
            readings = "\n".join(f"{x['value']!r}: {x['description']}" for x in a["readings"])
            amb.add_row(a["id"], a["question"], readings, repr(a["default"]), a["flag"] or "(fixed)")
        console.print(amb)
    if whole:
        flag_table = table("flag", "default", "choices", title="Variant flags (--variant flag=value)")
        for f in flags:
            flag_table.add_row(f["flag"], repr(f["default"]), ", ".join(map(repr, f["choices"])) or "any")
        console.print(flag_table)
    return EXIT_OK


def add_subcommand(sub: Any) -> None:
    """Add ``games`` and ``rules``."""
    p = sub.add_parser("games", help="list the games with a specification and an engine")
    add_json(p)
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("rules", help="a game's rules (or some of them), ambiguities and variant flags",
                       description="Print a game's rules. Name rule ids to show only those in full (the verbatim "
                                   "passage of the rulebook and the publisher note each cites), or narrow with "
                                   "--section (a part of the rulebook heading) and --kind.")
    p.add_argument("game", help="game id (see `ruleproof games`; any case)")
    p.add_argument("rule_ids", nargs="*", metavar="RULE_ID", help="show only these rules (any case)")
    p.add_argument("--section", action="append", metavar="TEXT",
                   help="only rules whose source section contains TEXT (repeatable)")
    p.add_argument("--kind", action="append", type=str.lower, choices=RULE_KINDS,
                   help="only rules of this kind (repeatable)")
    add_json(p)
    p.set_defaults(func=cmd_rules)
