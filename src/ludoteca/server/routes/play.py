"""Playing a match: the current view, submitting actions, and past views (replay)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from ludoteca.server.deps import Match, Viewer, hub_of
from ludoteca.server.errors import ApiError
from ludoteca.server.routes.matches import ERRORS
from ludoteca.server.schemas import ActionRequest, UndoRequest, View

router = APIRouter(prefix="/matches", tags=["play"], responses=ERRORS)


# Views are answered with the JSON the match caches per state and seat (the same object is
# broadcast on the sockets), so `response_model` documents them without a second validation.


def json_response(text: str) -> Response:
    """Return an HTTP answer whose body is JSON text made already."""
    return Response(content=text, media_type="application/json")


@router.get("/{match_id}/view", response_model=View)
async def get_view(match: Match, seat: Viewer) -> Response:
    """Return the current view of the token's seat (no token: the spectator's)."""
    return json_response(match.view_json(seat))


@router.post("/{match_id}/actions", response_model=View)
async def post_action(body: ActionRequest, match: Match, request: Request) -> Response:
    """Play one action for the token's seat; return that seat's view afterwards."""
    # The hot path: the hub comes from the request, not from one more dependency to solve.
    hub = hub_of(request)
    seat = await hub.seat_of_token(match, body.token)
    return json_response(await hub.act(match, seat, body.state_id, body.action))


@router.post("/{match_id}/undo", response_model=View)
async def post_undo(body: UndoRequest, match: Match, request: Request) -> Response:
    """Take back the token's seat's last action within its own turn; return its view after."""
    hub = hub_of(request)
    seat = await hub.seat_of_token(match, body.token)
    return json_response(await hub.undo(match, seat, body.state_id))


@router.get("/{match_id}/history/{step}")
async def get_history(match: Match, seat: Viewer, step: int) -> View:
    """Return the view as it was after `step` actions (the replay viewer)."""
    match.require_started()
    if not 0 <= step <= match.state_id:
        raise ApiError(
            "no_such_step", f"the match has steps 0 to {match.state_id}, not {step}"
        )
    return match.view(seat, step)
