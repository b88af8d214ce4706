"""The arena's `ray` engine: each game is a Ray task, on a cluster or a local Ray instance.

A task runs `play_job`, the very function the local process pool runs, so a game's record does
not depend on the engine. Ray is the optional `cluster` extra and is imported only here, only
when the engine is used.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoteca.arena.tournament import ArenaGame, GameJob

INSTALL_HINT = "pip install 'ludoteca[cluster]'"


def require_ray() -> None:
    """Return if Ray can be imported; ImportError naming the `cluster` extra if not."""
    try:
        import ray  # noqa: F401
    except ImportError as error:
        raise ImportError(
            f"the ray engine needs Ray, the cluster extra: {INSTALL_HINT} ({error})"
        ) from error


def init_options(address: str | None, processes: int) -> dict[str, Any]:
    """Return the `ray.init` arguments: join the cluster at `address` (or RAY_ADDRESS), or else
    start a local instance with `processes` CPUs and no dashboard."""
    address = address or os.environ.get("RAY_ADDRESS") or None
    quiet = {"logging_level": logging.WARNING}  # no INFO lines between the progress bar and table
    if address is not None:
        return {"address": address, **quiet}
    return {"num_cpus": processes, "include_dashboard": False, **quiet}


def play_on_ray(
    jobs: Sequence[GameJob], processes: int, address: str | None = None
) -> Generator[ArenaGame, None, None]:
    """Yield the games of `jobs` played as Ray tasks, in the order they finish.

    A Ray already started in this process (`ray.init` by the caller) is used as it is; otherwise
    Ray is started from `init_options` and shut down when the games are done or abandoned."""
    require_ray()
    import ray

    from ludoteca.arena.tournament import play_job

    started = not ray.is_initialized()
    if started:
        ray.init(**init_options(address, processes))
    pending: list[Any] = []
    try:
        play_remote = ray.remote(play_job)
        pending = [play_remote.remote(job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:  # after an error or an interruption, drop the games not yet played
        for ref in pending:
            ray.cancel(ref)
        if started:
            ray.shutdown()
