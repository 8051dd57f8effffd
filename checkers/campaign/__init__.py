"""Campaigns: long work cut into deterministic chunks, run on Dask distributed, merged as a serial run would.

May import: spec, model, checks, catalogue, explore, smt, proofs, analysis.

A campaign is one of four kinds — ``simulate``, ``diff``, ``fuzz`` and
``search`` (:mod:`~ruleproof.checkers.campaign.kinds`,
:mod:`~ruleproof.checkers.campaign.search`). Its parameters fix a list of
chunks (ranges of game indices, fuzzing seeds, solver sub-problems); each chunk
is a pure function of its parameters, so a chunk run on any worker, twice, or
after a restart gives the same result. Finished chunks are written one file
each to the campaign folder (:mod:`~ruleproof.checkers.campaign.store`) and the
merge reads them in chunk order (:mod:`~ruleproof.checkers.campaign.runner`).
Dask itself is imported only when a campaign runs, and only by the runner.
"""
