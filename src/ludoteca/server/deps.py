"""FastAPI dependencies: the hub, a database session, the match of the path, the viewer."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from typing import Annotated

from fastapi import Depends, Header, Request
from sqlalchemy.orm import Session
from starlette.requests import HTTPConnection

from ludoteca.core import Seat
from ludoteca.server.errors import ApiError
from ludoteca.server.hub import MatchHub
from ludoteca.server.live import LiveMatch

TOKEN_IN_URL = (
    "a seat token is not accepted in the URL (access logs and browser errors keep URLs): "
    "send it in the header Authorization: Bearer <token>"
)

# Every dependency is `async`: FastAPI would run a plain `def` in a worker thread, which costs
# more than these few lines (a session does no I/O until it is used).


def hub_of(request: Request) -> MatchHub:
    """Return the match hub of the app serving `request`."""
    hub: MatchHub = request.app.state.hub
    return hub


async def get_hub(request: Request) -> MatchHub:
    """Return the app's match hub."""
    return hub_of(request)


async def get_session(request: Request) -> AsyncIterator[Session]:
    """Yield a database session for one request."""
    with hub_of(request).db.session() as session:
        yield session


Hub = Annotated[MatchHub, Depends(get_hub)]
DbSession = Annotated[Session, Depends(get_session)]


async def get_match(match_id: str, request: Request) -> LiveMatch:
    """Return the match named in the path; 404 no_such_match if there is none."""
    # The hub is read here rather than declared as a sub-dependency: each dependency FastAPI
    # solves costs more than the lookup, and this one runs on every request about a match.
    return await hub_of(request).get(match_id)


Match = Annotated[LiveMatch, Depends(get_match)]


def refuse_token_in_url(query: Mapping[str, str]) -> None:
    """Raise ApiError bad_request if the query string carries a seat token."""
    if "token" in query:
        raise ApiError("bad_request", TOKEN_IN_URL)


async def no_token_in_url(connection: HTTPConnection) -> None:
    """Refuse (bad_request) an HTTP request whose query string carries a seat token.

    A dependency of every router under /api (app.py), so a new route cannot forget it. The
    socket refuses it itself, after accepting, so the client reads why (routes/live.py).
    """
    if connection.scope["type"] == "http":
        refuse_token_in_url(connection.query_params)


NoTokenInUrl = Depends(no_token_in_url)
"""The dependency of every API router: a seat token travels in a header or a body, never a URL."""


def bearer_token(authorization: str | None) -> str | None:
    """Return the token of an `Authorization: Bearer <token>` header (None without a header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            "bad_request", "the Authorization header must read 'Bearer <seat token>'"
        )
    return token.strip()


async def get_viewer(
    match: Match,
    request: Request,
    authorization: Annotated[
        str | None, Header(description="Bearer <seat token>; none: a spectator")
    ] = None,
) -> Seat | None:
    """Return the seat whose token the Authorization header presents (none: a spectator)."""
    token = bearer_token(authorization)
    return None if token is None else await hub_of(request).seat_of_token(match, token)


Viewer = Annotated[Seat | None, Depends(get_viewer)]
