"""Exhaustive exploration of reduced configurations as networkx graphs.

May import: spec, model.
"""
