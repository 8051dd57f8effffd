"""The SMT layer: the only package that imports z3.

:mod:`ruleproof.checkers.smt.core` wraps the solver so that rules enter as
assertions tracked by rule id (an unsat core reads as rule ids), every query
is bounded by a deterministic resource limit (:mod:`ruleproof.checkers.smt.budgets`;
no clock decides a verdict) and reports its units and time, and results are
three-valued.
"""
