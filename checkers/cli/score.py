"""``ruleproof score ikebana R1 R2 R3 R4 W2``: explain a hand's score.

Only Ikebana scores a hand on its own; the command takes the game id so that
other games can join later.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ruleproof.spec.errors import RuleproofError

SCORABLE = ("ikebana",)


def cmd_score(args: argparse.Namespace) -> int:
    """Print the explanation; exit 0, or 2 for unparsable or impossible cards."""
    if args.game not in SCORABLE:
        raise RuleproofError(f"scoring a hand is available for {', '.join(SCORABLE)}; got {args.game!r}")
    from ruleproof.spec.ikebana import explain_bouquet

    score = explain_bouquet(" ".join(args.cards))
    if args.json:
        data: dict[str, Any] = {
            "cards": list(score.cards),
            "combinations": [{"name": combo.name, "points": combo.points, "cards": list(cards)}
                             for combo, cards in score.combinations],
            "unused": list(score.unused), "base": score.base, "multiplier": score.multiplier,
            "reason": score.reason, "total": score.total,
        }
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:
        sys.stdout.write(str(score) + "\n")
    return 0


def add_subcommand(sub: Any) -> None:
    """Register ``score`` on the CLI's subparsers."""
    p = sub.add_parser("score", help="explain the score of a hand (Ikebana bouquets)",
                       description="Explain a bouquet's score: combinations used, colour multiplier and total. "
                                   "Cards are a colour letter (R G Y B W) and a value, e.g. R1 W5.")
    p.add_argument("game", help="game id (ikebana)")
    p.add_argument("cards", nargs="+", help="up to five cards, e.g. R1 R2 R3 R4 W2")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_score)
