"""FastAPI dependencies: the hub, a database session, the match of the path, the viewer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Query, Request
from sqlalchemy.orm import Session

from ludoteca.core import Seat
from ludoteca.server.hub import MatchHub
from ludoteca.server.live import LiveMatch

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


async def get_viewer(
    match: Match,
    token: Annotated[str | None, Query(max_length=100, description="seat token")] = None,
) -> Seat | None:
    """Return the seat of the `token` query parameter (None without one: a spectator)."""
    return match.viewer(token)


Viewer = Annotated[Seat | None, Depends(get_viewer)]
