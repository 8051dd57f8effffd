"""The SMT layer: the only package that imports z3.

:mod:`ruleproof.checkers.smt.core` wraps the solver so that rules enter as
assertions tracked by rule id (an unsat core reads as rule ids), every query
has a time limit and reports its time, and results are three-valued.
"""
