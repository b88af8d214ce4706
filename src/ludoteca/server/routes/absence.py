"""Absent players: votes to give an absent player's seat to a bot, and taking a seat back."""

from __future__ import annotations

from fastapi import APIRouter

from ludoteca.server import absence
from ludoteca.server.deps import Hub, Match
from ludoteca.server.routes.matches import ERRORS
from ludoteca.server.schemas import MatchSummary, ReturnRequest, VoteRequest

router = APIRouter(prefix="/matches", tags=["absence"], responses=ERRORS)


@router.post("/{match_id}/votes")
async def vote(body: VoteRequest, match: Match, hub: Hub) -> MatchSummary:
    """Vote to give the absent player's `seat` to a bot; return the match's summary after it."""
    voter = await hub.seat_of_token(match, body.token)
    await absence.vote(hub, match, voter, body.seat)
    return (await hub.get(match.match_id)).summary()


@router.post("/{match_id}/return")
async def take_back(body: ReturnRequest, match: Match, hub: Hub) -> MatchSummary:
    """Take back the token's seat from the bot that played it; return the match's summary."""
    seat = await hub.seat_of_token(match, body.token)
    await absence.take_back(hub, match, seat)
    return (await hub.get(match.match_id)).summary()
