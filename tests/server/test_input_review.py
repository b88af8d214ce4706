"""Issue 23, finding 8: a seat token in a URL is refused on every API route, not some."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import iter_route_contexts

from ludoteca.server.app import create_app
from ludoteca.server.deps import TOKEN_IN_URL
from tests.server.support import TestClient, assert_error, bearer, create, serve, view


def api_routes() -> list[tuple[str, str]]:
    """Return (method, path) of every HTTP route under /api, read from the app's own table."""
    app = create_app("sqlite://")
    return sorted(
        (method, route.path)
        for route in iter_route_contexts(app.routes)
        if route.path and route.path.startswith("/api/")
        for method in route.methods or ()  # a socket has no methods (routes/live.py refuses)
    )


API_ROUTES = api_routes()


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Yield a client, an open match and a running hot-seat match with their tokens."""
    with serve(Path(tmp_path_factory.mktemp("token-in-url"))) as client:
        yield {
            "client": client,
            "open": create(client, name="Ann"),
            "running": create(client, hotseat=True, name="Ann"),
        }


def request_body(route: str, match: dict[str, Any], client: TestClient) -> dict[str, Any]:
    """Return a body the route would accept from the seat of token 0 (or the seat to move)."""
    token = match["tokens"]["0"]
    name = route.rsplit("/", 1)[-1]
    if name in ("actions", "undo"):
        current = view(client, match["match_id"])
        mover = match["tokens"][str(current["match"]["current_player"])]
        legal = view(client, match["match_id"], mover)["observation"]["legal_actions"]
        body = {"token": mover, "state_id": current["state_id"]}
        return body if name == "undo" else {**body, "action": legal[0]}
    bodies: dict[str, dict[str, Any]] = {
        "/api/matches": {"game": "keezen"},
        "join": {"name": "Bo"},
        "chat": {"token": token, "text": "hello"},
        "votes": {"token": token, "seat": 1},
    }
    return bodies.get(route, bodies.get(name, {"token": token}))


def everything(client: TestClient, matches: list[dict[str, Any]]) -> list[Any]:
    """Return what a request could change: the match list, and each match's summary, view
    and messages."""
    seen: list[Any] = [client.get("/api/matches", params={"limit": 200}).json()]
    for match in matches:
        base = f"/api/matches/{match['match_id']}"
        seen += [client.get(base).json(), client.get(f"{base}/messages").json(),
                 client.get(f"{base}/view", headers=bearer(match["tokens"]["0"])).json()]
    return seen


def test_every_api_route_is_enumerated() -> None:
    # A guard on the enumeration itself: an empty or partial table would test nothing.
    assert len(API_ROUTES) >= 17
    assert ("POST", "/api/matches/{match_id}/actions") in API_ROUTES


@pytest.mark.parametrize(("method", "path"), API_ROUTES)
def test_a_token_in_the_url_is_refused_on_every_api_route(
    tables: dict[str, Any], method: str, path: str
) -> None:
    client: TestClient = tables["client"]
    match = tables["open"] if path.endswith(("/join", "/start")) else tables["running"]
    params = {"match_id": match["match_id"], "step": "0", "name": "keezen"}
    url = re.sub(r"\{(\w+)(:\w+)?\}", lambda found: params[found[1]], path)
    token = match["tokens"]["0"]
    body = request_body(path, match, client) if method == "POST" else None
    before = everything(client, [tables["open"], tables["running"]])
    response = client.request(method, url, params={"token": token}, json=body)
    message = assert_error(response, 400, "bad_request")
    assert message == TOKEN_IN_URL
    assert everything(client, [tables["open"], tables["running"]]) == before
