"""Executable specifications: every rule of every game as a named predicate.

The spec layer is the oracle. It is written for clarity, never imports the
engines in :mod:`ruleproof.model`, and defines the plain data (variants, moves,
states) that the engines share.
"""
