"""GET /api/games: the games on offer; GET /api/games/{name}/board: a game's static board."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from ludoteca.core import available_games
from ludoteca.core.registry import game_spec
from ludoteca.server.deps import Hub
from ludoteca.server.errors import ApiError
from ludoteca.server.schemas import GameInfo

router = APIRouter(tags=["games"])


@router.get("/games")
async def list_games(hub: Hub) -> list[GameInfo]:
    """Return every game with its player counts, declared options, bots and teams."""
    return hub.games()


@router.get("/games/{name}/board")
async def board(name: str) -> dict[str, Any]:
    """Return the static board of a game whose `GameSpec` declares one (Elfenland's map)."""
    data = _board_data(name) if name in available_games() else None
    if data is None:
        raise ApiError("not_found", f"the game {name[:40]!r} has no board data")
    return data


@cache
def _board_data(name: str) -> dict[str, Any] | None:
    """Return the board data game `name` declares, or None."""
    board_data = game_spec(name).board_data
    return None if board_data is None else board_data()
