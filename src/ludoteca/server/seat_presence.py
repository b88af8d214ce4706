"""Which seats' players are here, as the pages show it: published a moment after a socket came
or went, told to and heard from the other processes through Redis, repeated so that a process
loading a match later learns it. When a seat's player comes back, the votes against it lapse.

A vote does not trust this (a process hears nothing of the sockets opened before it loaded
the match): it asks server/presence.py, which reads every process's open seats from the
database. Hot-seat pages listen as spectators, so a hot-seat match has nobody present.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from ludoteca.core import Seat
from ludoteca.server import presence
from ludoteca.server.listeners import broadcast, tell_others
from ludoteca.server.live import LiveMatch, SeatState
from ludoteca.server.seat_records import clear_votes

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

log = logging.getLogger("ludoteca.server")

PRESENCE_SECONDS = 0.3
"""How long a change of presence waits before it is published: a reloading page leaves and
comes back within it, and nobody sees it blink."""
PRESENCE_REPEAT_SECONDS = 10.0
"""With other processes: how often each repeats which seats have a socket open on it (a process
that loads a match later learns it so); one silent for three times this has died."""


async def presence_forever(hub: MatchHub) -> None:
    """With other processes: store the seats with a socket open here every
    presence.REFRESH_SECONDS (for their votes), and repeat them through Redis every
    PRESENCE_REPEAT_SECONDS (for their pages)."""
    repeated = time.monotonic()
    while True:
        await presence.refresh(hub, {
            live.match_id: _seats_open(live) for live in hub.cache.copies()
        })
        if time.monotonic() - repeated >= PRESENCE_REPEAT_SECONDS:
            repeated = time.monotonic()
            try:
                repeat_presence(hub)
            except Exception:  # tried again next time
                log.exception("repeating this process's presence failed")
        await asyncio.sleep(presence.REFRESH_SECONDS)


def presence_changed(hub: MatchHub, live: LiveMatch) -> None:
    """Publish, a moment later, which seats have an open socket (after one came or went).

    Not in a hot-seat match: one screen holds its seats, so nobody there is ever away.
    """
    if live.info.hotseat:
        return
    if live.presence_task is None or live.presence_task.done():
        live.presence_task = asyncio.get_running_loop().create_task(_publish(hub, live))


async def _publish(hub: MatchHub, live: LiveMatch) -> None:
    """Set every seat's `present` from the sockets now open; broadcast if one changed, and tell
    the other processes if the seats with a socket here changed.

    A seat that came is stored for the other processes' votes at once; one that left only
    after the pause (a reloading page is still there)."""
    await presence.store(hub, live.match_id, _seats_open(live))
    await asyncio.sleep(PRESENCE_SECONDS)
    async with live.lock:
        here = seats_here(live)
        if here != live.announced:
            live.announced = here
            tell_others(hub, live.match_id, "presence", seats=sorted(here))
        await _show_presence(hub, live)
    await presence.store(hub, live.match_id, _seats_open(live))


async def heard_presence(hub: MatchHub, live: LiveMatch, origin: str, seats: Any) -> None:
    """Take another process's word on which seats of the match have a socket open there."""
    if not isinstance(seats, list):
        return
    there = frozenset(seat for seat in seats if isinstance(seat, int))
    async with live.lock:
        live.elsewhere[origin] = (there, time.monotonic())
        await _show_presence(hub, live)


def repeat_presence(hub: MatchHub) -> None:
    """Tell the other processes again which seats have a socket open here, and forget what
    processes silent for too long said (they died)."""
    silent_since = time.monotonic() - 3 * PRESENCE_REPEAT_SECONDS
    for live in hub.cache.copies():
        if live.info.hotseat:
            continue
        if live.announced:
            tell_others(hub, live.match_id, "presence", seats=sorted(live.announced))
        dead = [name for name, (_, heard) in live.elsewhere.items() if heard < silent_since]
        for name in dead:
            del live.elsewhere[name]
        if dead:
            presence_changed(hub, live)


def seats_here(live: LiveMatch) -> frozenset[Seat]:
    return frozenset(s.seat for s in live.subscribers if s.seat is not None)


def _seats_open(live: LiveMatch) -> frozenset[Seat]:
    """Return the seats this process stores as open here: those with a socket now or a moment
    ago (none in a hot-seat match)."""
    return frozenset() if live.info.hotseat else seats_here(live) | live.announced


async def _show_presence(hub: MatchHub, live: LiveMatch) -> None:
    """Set every seat's `present` from the sockets open here and elsewhere (the caller holds
    the lock); broadcast if one changed."""
    here = seats_here(live)
    present_seats = here.union(*(seats for seats, _ in live.elsewhere.values()))
    changed, back = False, []
    for seat in live.info.seats:
        present = seat.claimed and seat.seat in present_seats
        changed |= present != seat.present
        # The process the player came back to asks the database: votes cast through another
        # process may not have reached this copy (Redis down). Others clear what they know.
        if present and not seat.present and (
            seat.votes or (hub.fanout is not None and seat.seat in here)
        ):
            back.append(seat)
        seat.present = present
    lapsed = await _lapse_votes(hub, live, back)
    if changed or lapsed:
        live.changed()
        # Presence is not stored: the others heard of it already, nothing to catch up with;
        # lapsed votes are, and the other processes read them.
        await broadcast(hub, live, announce=lapsed)


async def _lapse_votes(hub: MatchHub, live: LiveMatch, back: list[SeatState]) -> bool:
    """Drop the votes against the seats whose player came `back` (the caller holds the lock);
    return True if there were any. A failure is logged: the votes stay, in memory too."""
    if not back:
        return False
    try:
        dropped = await asyncio.to_thread(
            clear_votes, hub.db.engine, live.match_id, [seat.seat for seat in back]
        )
    except Exception as error:
        log.warning("cannot drop the votes against seats that came back to match %s: %r",
                    live.match_id, error)
        return False
    dropped |= any(seat.votes for seat in back)
    for seat in back:
        seat.votes = []
    return dropped

