"""The start-up of each worker of a campaign's local Dask cluster: it ignores SIGINT.

:func:`ruleproof.checkers.campaign.runner.run` names this module as the
workers' preload (``LocalCluster(preload=[...])``); Dask imports it in every
worker process it starts and calls :func:`dask_setup` there once the worker
is up. A Ctrl-C in the terminal reaches every process of the foreground group:
a worker that did not ignore it would shut itself down with tracebacks while
the campaign's own process stops the cluster anyway (``_stop_cluster``).
A worker still starting (its first second or so) has not ignored it yet.
Dask's own workers of a remote ``--scheduler`` are not touched.
"""

from __future__ import annotations

from typing import Any

from ruleproof.checkers.checks.interrupt import ignore_interrupts

__all__ = ["dask_setup"]


def dask_setup(worker: Any) -> None:
    """Dask's preload hook, run in the worker process's main thread: ignore SIGINT from now on."""
    ignore_interrupts()
