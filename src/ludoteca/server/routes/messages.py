"""The messages of a match: chat lines and the server's notices (undo, time-outs, bots)."""

from __future__ import annotations

from fastapi import APIRouter

from ludoteca.server.deps import Match
from ludoteca.server.routes.matches import ERRORS
from ludoteca.server.schemas import Message

router = APIRouter(prefix="/matches", tags=["messages"], responses=ERRORS)


@router.get("/{match_id}/messages")
async def list_messages(match: Match) -> list[Message]:
    """Return the match's recent messages, oldest first (every one is public)."""
    return list(match.messages)
