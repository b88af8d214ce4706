"""Chat per match: a seated player or a spectator adds a line to the match's messages."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from ludoteca.server.chat import CHAT_KIND, ChatRates, author_of, refuse_if_closed
from ludoteca.server.deps import Match, hub_of
from ludoteca.server.errors import error_response
from ludoteca.server.middleware import client_address
from ludoteca.server.routes.matches import ERRORS
from ludoteca.server.schemas import ChatRequest, ErrorResponse, Message

router = APIRouter(
    prefix="/matches", tags=["messages"],
    responses={**ERRORS, 429: {"model": ErrorResponse}},
)


@router.post("/{match_id}/chat", status_code=201, response_model=Message)
async def post_chat(body: ChatRequest, match: Match, request: Request) -> Message | Response:
    """Post a chat line as the token's seat (no token: a spectator named `name`); return it."""
    if body.token is not None:  # a seat claimed through another process: catch up first
        await hub_of(request).seat_of_token(match, body.token)
    author = author_of(match, body)
    refuse_if_closed(match)
    rates: ChatRates = request.app.state.chat_rates
    refused = rates.refusal(client_address(request.scope), match.match_id)
    if refused is not None:
        reason, wait = refused
        return error_response("rate_limited", reason, headers={"Retry-After": str(wait)})
    return await hub_of(request).post_message(
        match, CHAT_KIND, body.text, seat=author.seat, name=author.name
    )
