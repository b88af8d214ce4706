"""Outages: the database or Redis is unreachable for a while (a restart, a network cut).

An outage is not a bug. A request that meets one is answered `503 unavailable` with a
Retry-After header (errors.py), and a background loop logs it and tries again later: it never
ends, since nothing would start it again (`keep_running`). Any other failure of a loop's round
is logged with its traceback, and the loop goes on as well.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg
import redis
import sqlalchemy.exc

log = logging.getLogger("ludoteca.server")

OUTAGE_ERRORS: tuple[type[Exception], ...] = (
    sqlalchemy.exc.OperationalError,  # PostgreSQL is down, restarting, or cut the connection
    sqlalchemy.exc.InterfaceError,
    sqlalchemy.exc.TimeoutError,  # no pooled connection came back in time
    psycopg.OperationalError,
    redis.ConnectionError,
    redis.TimeoutError,
    ConnectionError,
)
"""What the database's and Redis's clients raise when the server cannot be reached."""
RETRY_AFTER_SECONDS = 5
"""What a 503 answer during an outage asks the client to wait (its Retry-After)."""
BACKOFF_SECONDS = (0.5, 1.0, 2.0, 5.0)
"""Pauses of a loop after rounds that failed in a row (the last one repeats)."""


def is_outage(error: BaseException) -> bool:
    """Return True if `error` means the database or Redis cannot be reached just now."""
    return isinstance(error, OUTAGE_ERRORS)


def backoff(failures: int) -> float:
    """Return the pause after `failures` rounds that failed in a row (at least one)."""
    return BACKOFF_SECONDS[min(failures, len(BACKOFF_SECONDS)) - 1]


def log_failure(what: str, error: BaseException) -> None:
    """Log a failed round of `what`: an outage in one line, anything else with its traceback."""
    if is_outage(error):
        log.warning("%s: the database or Redis is unreachable (%s); trying again",
                    what, type(error).__name__)
    else:
        log.error("%s failed; trying again", what, exc_info=error)


async def keep_running(
    what: str, round_: Callable[[], Awaitable[object]], period: float
) -> None:
    """Run `round_` every `period` seconds for ever; a failed round is logged and tried again
    after the period or, if longer, the backoff: an outage never ends the loop."""
    failures = 0
    while True:
        try:
            await round_()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            failures += 1
            log_failure(what, error)
            await asyncio.sleep(max(period, backoff(failures)))
            continue
        failures = 0
        await asyncio.sleep(period)
