"""The WebSocket of a match: the client's own view on connect and after every change.

The client's first message is its hello, `{"token": "<seat token>"}` (or `{"token": null}`: a
spectator). The token travels in a message rather than the URL, which logs keep. After the hello
the client only listens: a socket that keeps sending is closed (server/sockets.py bounds the
sockets of an address and of a match, and what each may send).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from ludoteca.server.deps import refuse_token_in_url
from ludoteca.server.errors import ApiError
from ludoteca.server.hub import MatchHub
from ludoteca.server.middleware import client_address
from ludoteca.server.outages import OUTAGE_ERRORS
from ludoteca.server.sockets import MAX_HELLO_CHARS, FrameBudget, SocketLimits

router = APIRouter(prefix="/matches", tags=["live"])
log = logging.getLogger("ludoteca.server")

CLOSE_CODE_BASE = 4000
"""An error closes the socket with 4000 + the HTTP status (4403 bad_token, 4404 no match)."""
HELLO_SECONDS = 5.0
"""How long the server waits for the hello; a socket that sends none watches as a spectator."""
BAD_HELLO = (
    'the first message must be a JSON object {"token": "<seat token>" or null} of at most '
    f"{MAX_HELLO_CHARS} characters"
)


@router.websocket("/{match_id}/ws")
async def match_socket(websocket: WebSocket, match_id: str) -> None:
    """Send `{"type": "view", ...}` messages; after the hello the client only listens."""
    sockets: SocketLimits = websocket.app.state.sockets
    await websocket.accept()
    try:
        refuse_token_in_url(websocket.query_params)
        # Counted before the match is read: a refused socket costs no load.
        with sockets.held(client_address(websocket.scope), match_id):
            await _serve(websocket, match_id)
    except ApiError as error:
        await _refuse(websocket, error)
    except WebSocketDisconnect:
        pass
    except OUTAGE_ERRORS as error:  # the page opens the socket again a moment later
        log.warning("a socket of match %s: the database or Redis is unreachable (%s)",
                    match_id, type(error).__name__)
        await _refuse(websocket, ApiError(
            "unavailable", "the server cannot reach its database just now: try again soon"
        ))


async def _serve(websocket: WebSocket, match_id: str) -> None:
    """Take the hello, then send the client's views and messages until it leaves; ApiError if
    it is refused or sends too much."""
    hub: MatchHub = websocket.app.state.hub
    await hub.get(match_id)  # an unknown match is refused before the hello
    token = await _hello(websocket)
    # The match may have left memory while the client took its time (it was idle): listen
    # to the copy in memory now; nothing awaits between this and subscribing.
    live = await hub.get(match_id)
    seat = None if token is None else await hub.seat_of_token(live, token)
    subscriber = hub.subscribe(live, seat)
    sender = asyncio.create_task(_send_all(websocket, subscriber.queue))
    try:
        await _listen(websocket)
    finally:
        hub.unsubscribe(live, subscriber)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


async def _refuse(websocket: WebSocket, error: ApiError) -> None:
    """Send the error, then close with 4000 + its status and its code as the reason."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await websocket.send_json({"type": "error", **error.body()})
        await websocket.close(code=CLOSE_CODE_BASE + error.status, reason=error.code)


async def _hello(websocket: WebSocket) -> str | None:
    """Return the seat token of the client's hello (None: a spectator, or no hello in time)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
    except TimeoutError:
        return None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        text = (message.get("bytes") or b"")[: MAX_HELLO_CHARS + 1].decode("utf-8", "replace")
    if len(text) > MAX_HELLO_CHARS:
        raise ApiError("malformed", BAD_HELLO)
    try:
        hello = json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
        raise ApiError("malformed", BAD_HELLO) from error
    if not isinstance(hello, dict) or not isinstance(hello.get("token"), str | None):
        raise ApiError("malformed", BAD_HELLO)
    token: str | None = hello.get("token")
    return token


async def _listen(websocket: WebSocket) -> None:
    """Wait for the client to leave; ApiError rate_limited once it sends more than its budget
    (its frames are read and dropped: the client only listens after its hello)."""
    budget = FrameBudget()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        budget.spend()


async def _send_all(websocket: WebSocket, queue: asyncio.Queue[str]) -> None:
    """Send every queued message, in order, until the socket fails."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            await websocket.send_text(await queue.get())
