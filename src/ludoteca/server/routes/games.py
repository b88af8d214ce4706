"""GET /api/games: the games on offer."""

from __future__ import annotations

from fastapi import APIRouter

from ludoteca.server.deps import Hub
from ludoteca.server.schemas import GameInfo

router = APIRouter(tags=["games"])


@router.get("/games")
async def list_games(hub: Hub) -> list[GameInfo]:
    """Return every game with its player counts, option defaults and bots."""
    return hub.games()
