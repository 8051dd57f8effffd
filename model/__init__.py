"""The engines: fast legal-move generation, chance, hidden information and scoring.

Every game implements :class:`ruleproof.model.core.Game`; find one by id with
:func:`ruleproof.model.registry.game_for`.
"""
