"""The start of a match that waits for its players.

A match whose human seats are not all claimed is open: it has its (secret) seed but no game
state yet, so nothing happens in it, not even the automatic steps of the deal. It starts when
its last human seat is claimed (a join, or a rematch claim), or when a seated player asks for
the start: then every human seat still empty (free, or reserved for a rematch player) is given
to the game's default bot. The initial state is `game.initial_state(seed)` either way, so
records and replays are those of a match that started at once.

The database decides, whatever a process holds in memory: a start is one transaction,
conditional on the match being open and on every seat it gives to a bot still being empty.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import Session

from ludoteca.core import Game, Seat
from ludoteca.core.registry import game_spec
from ludoteca.server import storage, tables
from ludoteca.server.live import SeatState


class NotOpen(storage.Refused):
    """The match is no longer open (started by another request, or expired): no start."""

    def __init__(self, match_id: str, status: str | None) -> None:
        super().__init__(f"match {match_id} is {status or 'unknown'}, not open")
        self.status = status


def waiting_columns(now: dt.datetime) -> dict[str, Any]:
    """Return the stored summary columns of a match that waits for its players."""
    return {
        "status": "open", "state_id": 0, "current_player": None, "result": None,
        "updated_at": now,
    }


def with_bots_in_empty_seats(game: Game[Any, Any], seats: Sequence[SeatState]) -> list[SeatState]:
    """Return copies of `seats` with every unclaimed human seat played by the default bot."""
    bot = game_spec(game.name).default_bot
    return [
        SeatState(s.seat, "bot", bot, bot) if s.type == "human" and not s.claimed
        else SeatState(**vars(s))
        for s in seats
    ]


def store_start(
    session: Session, match_id: str, bots: dict[Seat, str], columns: dict[str, Any]
) -> None:
    """Store the start of an open match: seats `bots` (seat -> bot) become bot seats and the
    match takes its summary `columns` (status running, the first player to move).

    Raise NotOpen if the match is not open any more, storage.SeatAlreadyClaimed if one of the
    seats is no longer an empty human seat; a refused call stores nothing.
    """
    try:
        started = _changed(session.execute(
            update(tables.MatchRow)
            .where(tables.MatchRow.id == match_id, tables.MatchRow.status == "open")
            .values(**columns)
        ))
        if started != 1:
            status = session.scalar(
                select(tables.MatchRow.status).where(tables.MatchRow.id == match_id)
            )
            raise NotOpen(match_id, status)
        for seat, bot in bots.items():
            given = _changed(session.execute(
                update(tables.SeatRow)
                .where(
                    tables.SeatRow.match_id == match_id, tables.SeatRow.seat == seat,
                    tables.SeatRow.type == "human", tables.SeatRow.claimed.is_(False),
                )
                .values(type="bot", bot=bot, name=bot, token_hash=None)
            ))
            if given != 1:
                raise storage.SeatAlreadyClaimed(f"seat {seat} of match {match_id} was taken")
    except storage.Refused:
        session.rollback()
        raise
    session.commit()


def _changed(result: Any) -> int:
    """Return how many rows an UPDATE statement changed."""
    count: int = cast(CursorResult[Any], result).rowcount
    return count
