"""The stored side of absent players (server/absence.py), each function one transaction: the
matches out of time, a seat changed only if the match is still where the hub saw it, and the
votes to give a seat to a bot."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.core import Seat
from ludoteca.server import storage, tables


class SeatChanged(storage.Refused):
    """The match or the seat changed since the hub looked (an action, a return, another
    process): nothing was stored."""



def matches_out_of_time(session: Session, now: dt.datetime) -> list[str]:
    """Return the ids of running matches whose seat to move ran out of time before `now`."""
    query = select(tables.MatchRow.id).where(
        tables.MatchRow.status == "running", tables.MatchRow.deadline <= now
    )
    return list(session.scalars(query).all())


def store_seat(
    engine: Engine,
    match_id: str,
    state_id: int,
    seat: Seat,
    values: dict[str, Any],
    clock: dict[str, Any],
    *,
    replaced: bool,
) -> None:
    """Store `values` (if any) in a claimed seat that is a replaced one (`replaced` True) or a
    person's, and the match's clock columns `clock`, if the match is still unfinished at
    `state_id`.

    Raise SeatChanged otherwise; nothing is stored then.
    """
    seats, matches = tables.SeatRow, tables.MatchRow
    was = seats.replaced.is_(True) if replaced else seats.type == "human"
    with engine.begin() as connection:
        changed = 1
        if values:  # none: only the clock changes
            changed = storage.changed_rows(connection.execute(
                update(seats)
                .where(
                    seats.match_id == match_id, seats.seat == seat, seats.claimed.is_(True), was
                )
                .values(**values)
            ))
        changed += storage.changed_rows(connection.execute(
            update(matches)
            .where(
                matches.id == match_id, matches.status.in_(storage.UNFINISHED),
                matches.state_id == state_id,
            )
            .values(**clock)
        ))
        if changed != 2:  # leaving the block by an exception rolls back
            raise SeatChanged(f"seat {seat} of match {match_id} changed meanwhile")


def clear_votes(engine: Engine, match_id: str, seats: list[Seat]) -> bool:
    """Drop the votes against the person's seats `seats` (their player came back); return
    True if there were any."""
    seat_rows = tables.SeatRow
    those = (
        (seat_rows.match_id == match_id) & seat_rows.seat.in_(seats) & (seat_rows.type == "human")
    )
    with engine.begin() as connection:
        stored = connection.execute(select(seat_rows.votes).where(those)).scalars().all()
        if not any(stored):
            return False
        connection.execute(update(seat_rows).where(those).values(votes=None))
    return True


def store_vote(engine: Engine, match_id: str, seat: Seat, voter: Seat) -> list[Seat]:
    """Add `voter` to the seats that voted to give `seat` to a bot; return them all.

    The stored votes are read with a row lock (PostgreSQL): votes cast through two processes
    at once are both kept. SeatChanged if the seat is no person's.
    """
    seats = tables.SeatRow
    mine = (seats.match_id == match_id) & (seats.seat == seat) & (seats.type == "human")
    with engine.begin() as connection:
        stored = connection.execute(select(seats.votes).where(mine).with_for_update()).first()
        if stored is None:
            raise SeatChanged(f"seat {seat} of match {match_id} is no person's seat")
        votes = sorted({*(stored[0] or []), voter})
        connection.execute(update(seats).where(mine).values(votes=votes))
    return votes

