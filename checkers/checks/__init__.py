"""Checks on the engines: conformance with the spec, fuzzing, record validation, simulation, properties.

May import: spec, model. No other wing.
"""
