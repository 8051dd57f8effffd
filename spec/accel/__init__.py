"""The accelerations of the executable specifications: one module per game, beside the plain rules.

See :mod:`ruleproof.spec.accel.core`. A plain specification module never imports its acceleration
module; the acceleration module imports the plain one and attaches fast forms to its rules by id.
"""
