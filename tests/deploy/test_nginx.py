"""docs/deploy.md's recipe, run: two `ludoteca serve` processes on one PostgreSQL and one Redis,
behind Debian's nginx configured from deploy/nginx.conf.template.

Everything a browser does goes through nginx: the probes, creating a match, its WebSocket and
the actions. Actions are also posted to each process directly, so the socket (held by one of
them) must hear the other's changes through Redis whichever way nginx balanced.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.nginx import nginx_proxy
from tests.processes import Server
from tests.server.support import FOUR_HUMANS, POLL_SECONDS


@pytest.fixture
def upstreams(
    tmp_path: Path, fresh_postgres_url: str, redis_url: str
) -> Iterator[list[Server]]:
    """Yield two started `ludoteca serve` processes sharing a new database and Redis."""
    servers = [Server(tmp_path, log_level="info", database_url=fresh_postgres_url,
                      extra_args=("--redis-url", redis_url), name=f"ludoteca-{letter}")
               for letter in "ab"]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.close()


@pytest.fixture
def nginx(tmp_path: Path, upstreams: list[Server]) -> Iterator[str]:
    """Yield the base URL of nginx in front of `upstreams`."""
    addresses = [server.base.removeprefix("http://") for server in upstreams]
    with nginx_proxy(tmp_path / "nginx", addresses) as base:
        yield base


def receive_view(socket: ClientConnection) -> dict[str, Any]:
    """Return the next message of the socket, asserting it is a view."""
    message: dict[str, Any] = json.loads(socket.recv(timeout=POLL_SECONDS))
    assert message["type"] == "view", message
    return message


def play(base: str, match_id: str, tokens: dict[str, str]) -> int:
    """Post the first legal action of the seat to move at `base`; return the new state id."""
    current = httpx.get(f"{base}/api/matches/{match_id}/view").json()
    token = tokens[str(current["match"]["current_player"])]
    own = httpx.get(f"{base}/api/matches/{match_id}/view",
                    headers={"Authorization": f"Bearer {token}"}).json()
    body = {"token": token, "state_id": own["state_id"],
            "action": own["observation"]["legal_actions"][0]}
    response = httpx.post(f"{base}/api/matches/{match_id}/actions", json=body)
    assert response.status_code == 200, response.text
    state_id: int = response.json()["state_id"]
    return state_id


def test_two_processes_behind_nginx_serve_one_match(
    nginx: str, upstreams: list[Server]
) -> None:
    assert httpx.get(f"{nginx}/healthz").json() == {"status": "ok"}
    for _ in range(4):  # least_conn: both processes answer some of these
        ready = httpx.get(f"{nginx}/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json()["checks"] == {"database": "ok", "redis": "ok"}

    created = httpx.post(f"{nginx}/api/matches",
                         json={"game": "keezen", "seats": FOUR_HUMANS, "hotseat": True})
    assert created.status_code == 201, created.text
    match_id, tokens = created.json()["match_id"], created.json()["tokens"]

    socket_url = re.sub("^http", "ws", nginx) + f"/api/matches/{match_id}/ws"
    with connect(socket_url, open_timeout=POLL_SECONDS) as socket:
        socket.send(json.dumps({"token": None}))
        assert receive_view(socket)["state_id"] == 0
        # Through nginx, then on each process directly: whichever holds the socket, the other
        # made one of these changes.
        for base in (nginx, upstreams[0].base, upstreams[1].base):
            state_id = play(base, match_id, tokens)
            seen = receive_view(socket)
            assert seen["state_id"] == state_id
            assert seen == {"type": "view", **httpx.get(
                f"{nginx}/api/matches/{match_id}/view").json()}
    access = (Path(upstreams[0].tmp_path) / "nginx" / "logs" / "access.log").read_text()
    assert f"GET /api/matches/{match_id}/ws HTTP/1.1\" 101" in access
