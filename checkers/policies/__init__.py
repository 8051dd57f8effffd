"""Players: the policies that choose moves in simulations, paired comparisons, metrics and campaigns.

A policy sees one seat's view (:class:`~ruleproof.checkers.policies.core.SeatView`:
the seat's observation, its legal moves, the rules, and positions sampled to
agree with what the seat has seen), never the true position. Built in:
``random``, ``greedy`` (one documented heuristic per game,
:mod:`~ruleproof.checkers.policies.greedy`), ``mcts`` (UCT on sampled
positions) and ``ismcts`` (information-set MCTS,
:mod:`~ruleproof.checkers.policies.search`, valuing where an iteration stops by
a random playout or the game's evaluation, :mod:`~ruleproof.checkers.policies.leaf`);
a user's class is loaded from a
Python file named on the command line (:mod:`~ruleproof.checkers.policies.loading`).
Every random choice is keyed by ``(seed, game, seat, decision)``
(:mod:`~ruleproof.checkers.policies.draws`), so paired games stay paired.

May import: spec, model, certcheck, render. No later wing.
"""
