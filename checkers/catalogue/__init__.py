"""The catalogue of named questions about each rulebook, their findings and manifests.

May import: spec, model. Question modules of higher wings are named by the game descriptor and imported by name.
"""
