"""Checks on the engines: conformance with the spec, fuzzing, record validation, simulation, properties;
and how long work runs: worker pools that report progress as they go (``workers``) and stop on one Ctrl-C
(``interrupt``, which every later wing and the command line use).

May import: spec, model, policies (the players of ``simulate --policy``). No other wing.
"""
