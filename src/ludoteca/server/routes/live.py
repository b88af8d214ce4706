"""The WebSocket of a match: the client's own view on connect and after every change."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from ludoteca.server.errors import ApiError
from ludoteca.server.hub import MatchHub

router = APIRouter(prefix="/matches", tags=["live"])

CLOSE_CODE_BASE = 4000
"""An error closes the socket with 4000 + the HTTP status (4403 bad_token, 4404 no match)."""


@router.websocket("/{match_id}/ws")
async def match_socket(websocket: WebSocket, match_id: str, token: str | None = None) -> None:
    """Send `{"type": "view", ...}` messages; the socket is server-to-client only."""
    hub: MatchHub = websocket.app.state.hub
    await websocket.accept()
    try:
        live = await hub.get(match_id)
        seat = live.viewer(token)
    except ApiError as error:
        await websocket.send_json({"type": "error", **error.body()})
        await websocket.close(code=CLOSE_CODE_BASE + error.status, reason=error.code)
        return
    subscriber = hub.subscribe(live, seat)
    sender = asyncio.create_task(_send_all(websocket, subscriber.queue))
    try:
        while True:  # messages from the client are ignored; wait for it to leave
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
    except WebSocketDisconnect:
        pass
    finally:
        hub.unsubscribe(live, subscriber)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


async def _send_all(websocket: WebSocket, queue: asyncio.Queue[str]) -> None:
    """Send every queued message, in order, until the socket fails."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            await websocket.send_text(await queue.get())
