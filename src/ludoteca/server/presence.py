"""Shared presence: with several server processes, which seats of a match have a socket open on
any of them, as a vote needs to know it at the moment it is cast.

A seat is present when a page holding it has the match's socket open, on this process or on
another. Redis tells the other processes when that changes (server/seat_presence.py), but an event
is heard only by a process that holds the match then, and not at all while Redis is down: a
process that has just loaded a match knows nothing of the others' sockets, and counted a
present player absent. So each process also keeps its open seats in the database, the store
every process already shares and a vote already writes to (table `presence`, one row per
match and process):

    a seat's socket opens here ──► its row is written at once  ─┐
    every REFRESH_SECONDS      ──► every row of this process is ├─► rows of live processes
                                   written again, with a new    │   (expires_at > now)
                                   expiry LAPSE_SECONDS ahead  ─┘         │
    a vote ──► this process's sockets ∪ the other processes' rows ◄───────┘

A process that dies stops writing, and its rows lapse. The database, not Redis, answers, so a
vote is as good while Redis is down. A vote is refused (cannot_vote, "try again in a few
seconds") when the answer may be incomplete: the read fails, or this process's own writes
have not all succeeded for TRUST_SECONDS. After a database outage (which every process sees)
the other processes' rows may have lapsed until their next write, within REFRESH_SECONDS; and
after this process starts it cannot tell whether such an outage just ended.

With one process (no Redis, `hub.fanout` None) its own sockets are the whole truth, and
nothing is stored.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, or_, select
from sqlalchemy.engine import Engine

from ludoteca.core import Seat
from ludoteca.server import storage, tables
from ludoteca.server.errors import ApiError

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub
    from ludoteca.server.live import LiveMatch

log = logging.getLogger("ludoteca.server")

REFRESH_SECONDS = 2.0
"""How often a process writes all its rows again (pushing their expiry on)."""
LAPSE_SECONDS = 10.0
"""How long a row holds after it was written: a process silent this long has died."""
TRUST_SECONDS = 2.5 * REFRESH_SECONDS
"""How long this process's writes must have succeeded before a vote may rely on the rows:
every other live process has written its own again meanwhile."""
UNKNOWN = "cannot tell yet who has the match open; try again in a few seconds"

_PRESENCE = tables.Base.metadata.tables["presence"]


# -- storage (each function one transaction) ---------------------------------------------------


def store_match(
    engine: Engine, holder: str, match_id: str, seats: frozenset[Seat], until: dt.datetime
) -> None:
    """Store that `holder` has a socket open for `seats` of the match (none: drop its row)."""
    with engine.begin() as connection:
        connection.execute(
            delete(_PRESENCE)
            .where(_PRESENCE.c.match_id == match_id, _PRESENCE.c.holder == holder)
        )
        if seats:
            connection.execute(insert(_PRESENCE).values(
                match_id=match_id, holder=holder, seats=sorted(seats), expires_at=until
            ))


def store_all(
    engine: Engine, holder: str, open_seats: Mapping[str, frozenset[Seat]],
    now: dt.datetime, until: dt.datetime,
) -> None:
    """Replace every row of `holder` by `open_seats` (match id -> seats), until `until`; drop
    the rows of any process that lapsed before `now`."""
    rows = [
        {"match_id": match_id, "holder": holder, "seats": sorted(seats), "expires_at": until}
        for match_id, seats in open_seats.items() if seats
    ]
    with engine.begin() as connection:
        connection.execute(
            delete(_PRESENCE)
            .where(or_(_PRESENCE.c.holder == holder, _PRESENCE.c.expires_at <= now))
        )
        if rows:
            connection.execute(insert(_PRESENCE), rows)


def seats_elsewhere(engine: Engine, match_id: str, holder: str, now: dt.datetime) -> set[Seat]:
    """Return the seats of the match with a socket open on a process other than `holder`
    whose row had not lapsed at `now`."""
    query = select(_PRESENCE.c.seats).where(
        _PRESENCE.c.match_id == match_id, _PRESENCE.c.holder != holder,
        _PRESENCE.c.expires_at > now,
    )
    with engine.connect() as connection:
        return {int(seat) for (seats,) in connection.execute(query) for seat in seats or []}


# -- this process's book ------------------------------------------------------------------------


@dataclass(eq=False)
class Book:
    """What this process stored of its sockets, and since when its writes all succeeded."""

    holder: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One write at a time: a write must not overtake a newer one."""
    stored: dict[str, frozenset[Seat]] = field(default_factory=dict)
    trusted_since: float | None = None
    """`time.monotonic()` of the first of the writes that all succeeded since (None: the
    last one failed, or none was made yet)."""

    def trusted(self) -> bool:
        """Return True if this process's writes all succeeded for TRUST_SECONDS."""
        since = self.trusted_since
        return since is not None and time.monotonic() - since >= TRUST_SECONDS


def _book(hub: MatchHub) -> Book | None:
    """Return this process's book (None with no other process: nothing is stored)."""
    return hub.presence_book


async def store(hub: MatchHub, match_id: str, seats: frozenset[Seat]) -> None:
    """Store the seats of a match with a socket open here, if they changed; a failure is
    logged (the next refresh writes them again)."""
    book = _book(hub)
    if book is None:
        return
    async with book.lock:
        if book.stored.get(match_id, frozenset()) == seats:
            return
        until = storage.utc_now() + dt.timedelta(seconds=LAPSE_SECONDS)
        try:
            await asyncio.to_thread(
                store_match, hub.db.engine, book.holder, match_id, seats, until
            )
        except Exception as error:
            book.trusted_since = None
            log.warning("cannot store who has match %s open: %r", match_id, error)
            return
        book.stored[match_id] = seats
        if not seats:
            del book.stored[match_id]


async def refresh(hub: MatchHub, open_seats: Mapping[str, frozenset[Seat]]) -> None:
    """Write every row of this process again (`open_seats`: match id -> seats open here),
    every REFRESH_SECONDS; a failure is logged and tried next time."""
    book = _book(hub)
    if book is None:
        return
    async with book.lock:
        started = time.monotonic()
        now = storage.utc_now()
        until = now + dt.timedelta(seconds=LAPSE_SECONDS)
        try:
            await asyncio.to_thread(
                store_all, hub.db.engine, book.holder, open_seats, now, until
            )
        except Exception as error:
            book.trusted_since = None
            log.warning("cannot store who has the matches open here: %r", error)
            return
        book.stored = {match_id: seats for match_id, seats in open_seats.items() if seats}
        if book.trusted_since is None:
            book.trusted_since = started


async def present_elsewhere(hub: MatchHub, live: LiveMatch) -> set[Seat]:
    """Return the seats of the match with a socket open on another process (none without
    one); ApiError cannot_vote if this process cannot tell now."""
    book = _book(hub)
    if book is None:
        return set()
    if not book.trusted():
        raise ApiError("cannot_vote", UNKNOWN)
    try:
        return await asyncio.to_thread(
            seats_elsewhere, hub.db.engine, live.match_id, book.holder, storage.utc_now()
        )
    except Exception as error:
        book.trusted_since = None
        log.warning("cannot read who has match %s open: %r", live.match_id, error)
        raise ApiError("cannot_vote", UNKNOWN) from error
