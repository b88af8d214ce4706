"""Idle matches expire: an open or running match with no action for `idle_hours` is closed.

The expiry check runs at start-up and then every EXPIRY_CHECK_SECONDS (a tenth of idle_hours
when that is shorter). The database decides (one conditional UPDATE); a copy in memory then
follows: it shows status "expired", refuses actions and claims, and its bots stop. (Players out
of time are another matter: the clock sweep, server/clock_sweep.py.)
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging
from typing import TYPE_CHECKING

from ludoteca.server import outages, storage
from ludoteca.server.errors import ApiError
from ludoteca.server.listeners import broadcast, tell_others
from ludoteca.server.live import LiveMatch
from ludoteca.server.match_cache import in_thread
from ludoteca.server.settings import ServerLimits

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

log = logging.getLogger("ludoteca.server")

EXPIRY_CHECK_SECONDS = 600.0
"""Longest time between two expiry checks (a tenth of idle_hours when that is shorter)."""


async def check_forever(hub: MatchHub) -> None:
    """Expire idle matches every EXPIRY_CHECK_SECONDS (sooner for a short idle_hours)."""
    period = max(1.0, min(EXPIRY_CHECK_SECONDS, hub.limits.idle_hours * 3600 / 10))
    await asyncio.sleep(period)
    await outages.keep_running("the expiry check", functools.partial(expire_idle, hub), period)


async def check(hub: MatchHub) -> None:
    """Expire idle matches; a failure is logged (and the check tried again next time)."""
    try:
        await expire_idle(hub)
    except Exception as error:
        outages.log_failure("the expiry check", error)


async def expire_idle(hub: MatchHub) -> list[str]:
    """Expire every open or running match with no action for `idle_hours`; return their ids."""
    idle_since = storage.utc_now() - dt.timedelta(hours=hub.limits.idle_hours)

    def expire() -> list[str]:
        with hub.db.session() as session:
            return storage.expire_idle(session, idle_since)

    expired = await in_thread(expire)
    for match_id in expired:
        await hub.cache.loaded(match_id)  # a load may have read the match before it expired
        live = hub.cache.cached(match_id)
        if live is None:
            tell_others(hub, match_id)  # (a copy here announces it by broadcasting)
        else:
            if live.bot_task is not None:
                live.bot_task.cancel()
            async with live.lock:
                await mark_expired(hub, live)
    if expired:
        log.info("%d matches expired after %g idle hours", len(expired), hub.limits.idle_hours)
    return expired


async def mark_expired(hub: MatchHub, live: LiveMatch) -> None:
    """Show the match as expired in memory (the caller holds its lock)."""
    if live.info.status != "expired":
        live.info.status = "expired"
        live.changed()
        await broadcast(hub, live)


def expired_error(limits: ServerLimits) -> ApiError:
    """Return the refusal of a change to an expired match."""
    return ApiError(
        "expired",
        f"the match expired after {limits.idle_hours:g} hours without an action; "
        "it can be viewed but not played",
    )
