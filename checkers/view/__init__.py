"""Seeing games: step-by-step replays of records, certificates and findings' witnesses (an HTML viewer), interactive play.

May import: spec, model, certcheck, render, checks, catalogue, explore, smt, proofs, analysis, interop.
"""
