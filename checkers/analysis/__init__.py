"""Analyses across games and readings: well-formedness, reading comparison, audit, traceability, plots.

May import: spec, model, checks, catalogue, explore, smt, render.
"""
