"""``ruleproof games`` and ``ruleproof rules GAME [RULE_ID…] [--section S] [--kind K]``.

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


def cmd_rules(args: argparse.Namespace) -> int:
    """A game's rules (all, or those asked for), ambiguities and variant flags."""
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_choices, variant_to_dict

    spec = game_for(game_arg(args.game)).spec
    selected = _select_rules(spec, args)
    whole = not (args.rule_ids or args.kind or args.section)
    rules = [{"id": r.id, "title": r.title, "kind": r.kind.value, "text": r.text, "source": str(r.source),
              "flags": list(r.flags)} for r in selected]
    ids = {r.id for r in selected}
    ambiguities: list[dict[str, Any]] = [
        {"id": a.id, "question": a.question, "quote": a.quote, "source": str(a.source),
         "readings": [{"value": x.value, "description": x.description} for x in a.readings],
         "default": a.default, "flag": a.flag, "rules": list(a.rule_ids)}
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
    t = table("id", "kind", "rule", "source", show_lines=True)
    for r in rules:
        flagged = f"\n[dim]flags: {', '.join(r['flags'])}[/dim]" if r["flags"] else ""
        t.add_row(r["id"], r["kind"], f"[bold]{r['title']}[/bold]: {r['text']}{flagged}", r["source"])
    console.print(t)
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
                       description="Print a game's rules. Name rule ids to show only those, or narrow with "
                                   "--section (a part of the rulebook heading) and --kind.")
    p.add_argument("game", help="game id (see `ruleproof games`; any case)")
    p.add_argument("rule_ids", nargs="*", metavar="RULE_ID", help="show only these rules (any case)")
    p.add_argument("--section", action="append", metavar="TEXT",
                   help="only rules whose source section contains TEXT (repeatable)")
    p.add_argument("--kind", action="append", type=str.lower, choices=RULE_KINDS,
                   help="only rules of this kind (repeatable)")
    add_json(p)
    p.set_defaults(func=cmd_rules)
