"""Interoperation with other frameworks: the OpenSpiel adapter (codecs and game/state wrappers).

May import: spec, model.
"""
