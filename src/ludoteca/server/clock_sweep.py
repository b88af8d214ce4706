"""The clock sweep: every `limits.clock_sweep_seconds` the database names the running matches
whose seat to move is past its deadline, and each such seat goes to the game's default bot
(server/absence.py). The database decides, so deadlines that passed while the server was down
are met at start, and a late action and a time-out cannot both win."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING

from ludoteca.server import clocks, outages, storage
from ludoteca.server.absence import called, notice, replace_by_bot, store_change
from ludoteca.server.bot_play import kick_bots
from ludoteca.server.following import level
from ludoteca.server.live import LiveMatch
from ludoteca.server.seat_presence import presence_forever
from ludoteca.server.seat_records import SeatChanged, matches_out_of_time

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

log = logging.getLogger("ludoteca.server")


async def sweep_forever(hub: MatchHub) -> None:
    """Give every seat out of time to a bot: at once (deadlines that passed while the server was
    down), then every `limits.clock_sweep_seconds`; with other processes, keep this one's
    presence known to them meanwhile (`presence_forever`)."""
    if hub.fanout is None:
        return await _sweep_forever(hub)
    async with asyncio.TaskGroup() as group:  # neither ends: both are cancelled together
        group.create_task(_sweep_forever(hub))
        group.create_task(presence_forever(hub))


async def _sweep_forever(hub: MatchHub) -> None:
    await outages.keep_running(
        "the clock sweep", functools.partial(sweep, hub), hub.limits.clock_sweep_seconds
    )


async def sweep(hub: MatchHub) -> list[str]:
    """Give the seat to move of every match out of time to a bot; return those matches' ids."""
    now = storage.utc_now()

    def due() -> list[str]:
        with hub.db.session() as session:
            return matches_out_of_time(session, now)

    timed_out = []
    for match_id in await asyncio.to_thread(due):
        try:
            if await time_out(hub, await hub.cache.get(match_id)):
                timed_out.append(match_id)
        except Exception:  # one broken record must not stop the others
            log.exception("cannot time out match %s", match_id)
    return timed_out


async def time_out(hub: MatchHub, live: LiveMatch) -> bool:
    """Give the seat whose time ran out to a bot and say so; return False if none ran out."""
    async with live.lock:
        if not hub.cache.is_current(live):
            return await time_out(hub, await hub.cache.get(live.match_id))
        clock, deadline = live.clock(), live.info.deadline
        if (
            clock is None or clock.running is None or deadline is None
            or live.info.status != "running" or storage.utc_now() < deadline
        ):
            return False
        seat = live.info.seats[clock.running]
        try:
            if seat.type != "human":  # a bot's turn has no clock: stop it
                await store_change(hub, live, seat.seat, {}, clocks.stop(clock, storage.utc_now()))
                return False
            clock = clocks.time_out(clock, seat.seat, storage.utc_now())
            await replace_by_bot(hub, live, seat, clock)
        except SeatChanged:  # another process moved the match on: its next sweep decides
            log.info("match %s changed before its time-out was stored", live.match_id)
            await level(hub, live)
            return False
    log.info("seat %s of match %s ran out of time: a bot plays it", seat.seat, live.match_id)
    count = clock.timeouts_of(seat.seat)
    if clock.kept_by_bot(seat.seat):
        await notice(hub, live, "kept", seat, f"{called(seat)} ran out of time {count} times; "
                      "a bot plays the seat to the end of the match", timeouts=count)
    else:
        await notice(hub, live, "timeout", seat,
                      f"{called(seat)} ran out of time; a bot plays on", timeouts=count)
    kick_bots(hub, live)
    return True
