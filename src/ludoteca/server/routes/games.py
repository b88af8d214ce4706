"""GET /api/games: the games on offer; GET /api/games/{name}/board: a game's static map."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from ludoteca.core import available_games, load
from ludoteca.server.deps import Hub
from ludoteca.server.errors import ApiError
from ludoteca.server.schemas import GameInfo

router = APIRouter(tags=["games"])


@router.get("/games")
async def list_games(hub: Hub) -> list[GameInfo]:
    """Return every game with its player counts, option defaults and bots."""
    return hub.games()


@router.get("/games/{name}/board")
async def board(name: str) -> dict[str, Any]:
    """Return the static board of a game that has one (Elfenland: towns, edges, chart)."""
    data = _board_data(name)
    if data is None:
        raise ApiError("not_found", f"the game {name!r} has no board data")
    return data


@cache
def _board_data(name: str) -> dict[str, Any] | None:
    """Return `game.board_data()` of game `name`, or None (unknown game, no such method)."""
    if name not in available_games():
        return None
    board_data = getattr(load(name), "board_data", None)
    if board_data is None:
        return None
    data: dict[str, Any] = board_data()
    return data
