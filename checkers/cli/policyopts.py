"""``--policy TEXT``: who plays, for ``simulate``, ``diff``, ``sweep``, ``metrics`` and ``campaign``.

The text is :func:`ruleproof.checkers.policies.loading.parse_policies`'s:
``random`` (the default), ``greedy``, ``mcts``, ``ismcts`` with parameters
(``mcts:iterations=400``), several joined by ``+`` seat by seat
(``mcts+random``), or a user's class ``FILE.py:ClassName`` — which runs that
file's code.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_policy(p)
>>> p.parse_args(["--policy", "greedy"]).policy
'greedy'
>>> seats_of("ismcts:iterations=20", None).describe()
'ismcts:iterations=20'
"""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["DEFAULT_MAX_GAMES", "POLICY_HELP", "add_policy", "add_precision", "seats_of"]

#: ``--max-games`` when not given: the cap of a precision-driven run.
DEFAULT_MAX_GAMES = 100_000

#: The help text of ``--policy``.
POLICY_HELP = ("who plays: random (default), greedy (the game's heuristic), mcts or ismcts (Monte-Carlo tree search "
               "on positions sampled from the seat's view; parameters as mcts:iterations=400,c=1.4), several joined "
               "by + seat by seat (mcts+random: seat 0 searches, the others play at random), or FILE.py:ClassName "
               "(a Policy class: this runs the file's code; give only files you trust). Every policy sees only its "
               "seat's observation; its random choices are keyed by (seed, game, seat, decision)")


def add_policy(parser: argparse.ArgumentParser) -> None:
    """The ``--policy`` option."""
    parser.add_argument("--policy", metavar="POLICY", help=POLICY_HELP)


def add_precision(parser: argparse.ArgumentParser) -> None:
    """``--ci-width``, ``--ci-on`` and ``--max-games``: play until the interval is narrow enough."""
    parser.add_argument("--ci-width", type=float, metavar="W",
                        help="play paired games in batches (looks after --first-look games, twice as many, ... and "
                             "at --max-games) "
                             "until the interval of --ci-on is at most W wide (high minus low; a share: 0.02 is two "
                             "points). Each look's interval has level 1-0.05/K for K planned looks (Bonferroni), so "
                             "the interval where the run stops covers with probability at least 95%% (Clopper-"
                             "Pearson for shares, exact; t for the score, asymptotic). --games is then ignored")
    parser.add_argument("--ci-on", choices=("winners", "score", "arises"), default="winners",
                        help="the figure --ci-width applies to: the share of games whose winner changes (default), "
                             "the mean score difference B-A, or the share of games in which the dispute arises")
    parser.add_argument("--max-games", type=int, default=DEFAULT_MAX_GAMES, metavar="N",
                        help=f"the most paired games a --ci-width run plays (default {DEFAULT_MAX_GAMES:,}); the "
                             "report says whether the target was reached")
    parser.add_argument("--first-look", type=int, default=100, metavar="N",
                        help="the games of the first look (default 100); the looks double from there")


def first_look(args: argparse.Namespace) -> int:
    """The first look of a ``--ci-width`` run (at most ``--max-games``).

    :raises RuleproofError: a first look below 1.
    """
    from ruleproof.spec.errors import RuleproofError

    if args.first_look < 1:
        raise RuleproofError(f"--first-look must be at least 1; got {args.first_look!r}")
    return min(int(args.first_look), int(args.max_games))


def seats_of(text: str | None, engine: Any) -> Any:
    """The seats' policies from ``--policy``, checked against ``engine`` (when given).

    :raises PolicyError: an unknown policy or parameter, a plugin that fails, a policy that cannot play the game.
    """
    from ruleproof.checkers.policies.loading import parse_policies

    seats = parse_policies(text)
    if engine is not None:
        seats.check(engine)
    return seats
