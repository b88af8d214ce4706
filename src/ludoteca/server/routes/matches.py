"""Matches as a resource: create, list, show, join, start, rematch, record."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request

from ludoteca.server import storage
from ludoteca.server.deps import DbSession, Hub, Match
from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveMatch, MatchInfo
from ludoteca.server.middleware import client_address
from ludoteca.server.schemas import (
    CreatedMatch,
    CreateMatchRequest,
    ErrorResponse,
    Joined,
    JoinRequest,
    MatchRecord,
    MatchSummary,
    RematchRequest,
    StartRequest,
)

LOBBY_FRESH = dt.timedelta(minutes=30)
"""A match with no change for this long is stale: the lobby no longer offers it (people play
within minutes of each other; the expiry sweep retires it much later)."""

ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorResponse} for code in (400, 403, 404, 409, 422)
}
router = APIRouter(prefix="/matches", tags=["matches"], responses=ERRORS)


@router.post("", status_code=201)
async def create_match(
    body: CreateMatchRequest, hub: Hub, session: DbSession, request: Request
) -> CreatedMatch:
    """Create a match; return its id, summary and the tokens of the claimed seats."""
    live, tokens = await hub.create(session, body)
    record_owner(live, request)
    return CreatedMatch(
        match_id=live.match_id,
        tokens={str(seat): token for seat, token in tokens.items()},
        match=live.summary(),
    )


@router.get("")
def list_matches(
    hub: Hub,
    session: DbSession,
    status: Literal["open", "running", "finished", "expired", "lobby"] | None = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[MatchSummary]:
    """Return matches: open ones first, then running, then recently finished, then expired.

    `status=lobby`: only what the lobby offers everyone (storage.lobby_matches): online matches
    with a seat to join or people to watch, changed within LOBBY_FRESH.
    """
    if status == "lobby":
        since = storage.utc_now() - LOBBY_FRESH
        rows = storage.lobby_matches(session, since, limit)
        return [MatchInfo.from_row(row).summary() for row in rows]
    return hub.summaries(session, status, limit)


@router.get("/{match_id}")
async def get_match(match: Match) -> MatchSummary:
    """Return the summary of one match."""
    return match.summary()


@router.post("/{match_id}/join")
async def join_match(body: JoinRequest, match: Match, hub: Hub, session: DbSession) -> Joined:
    """Claim a free human seat; return it with its token."""
    seat, token = await hub.join(session, match, body.seat, body.name)
    return Joined(match_id=match.match_id, seat=seat, token=token)


@router.post("/{match_id}/start")
async def start_match(
    body: StartRequest, match: Match, hub: Hub, session: DbSession
) -> MatchSummary:
    """Start an open match now, with bots in its empty seats; any seated player may."""
    await hub.seat_of_token(match, body.token)
    await hub.start_match(session, match)
    return match.summary()


@router.post("/{match_id}/rematch")
async def rematch(
    body: RematchRequest, match: Match, hub: Hub, session: DbSession, request: Request
) -> CreatedMatch:
    """Return the next match (made on the first request) with new tokens for the caller's seats."""
    held = sorted({await hub.seat_of_token(match, token) for token in body.presented()})
    new, tokens = await hub.rematch(session, match, held)
    if new.owner is None:
        record_owner(new, request)
    return CreatedMatch(
        match_id=new.match_id,
        tokens={str(s): token for s, token in tokens.items()},
        match=new.summary(),
    )


@router.get("/{match_id}/record")
async def get_record(match: Match) -> MatchRecord:
    """Return the game record of a finished or expired match (its seed is secret until then)."""
    match.require_started()
    if not match.finished and match.info.status != "expired":
        raise ApiError("game_not_over", "the record is published when the match is over")
    return MatchRecord.model_validate(match.record())


def record_owner(live: LiveMatch, request: Request) -> None:
    """Note the client address that made the match (the one the rate limits count): its bots
    take turns fairly with other addresses' (server/bots.py).

    No await lies between the match's bot loop starting and this: its first turn already
    queues under the owner.
    """
    live.owner = client_address(request.scope)
