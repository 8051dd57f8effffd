"""Legal-move certificates: the generic producer (``core``) and one fact extractor per game.

May import: spec, model, certcheck, checks.
"""
