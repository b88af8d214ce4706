"""Per-client rate limits: match creation and API requests per address (issue 9)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from ludoteca.server.app import create_app
from ludoteca.server.settings import ServerLimits
from tests.server.support import FOUR_HUMANS, TestClient, assert_error, serve

NEW_MATCH = {"game": "keezen", "players": 4, "seats": FOUR_HUMANS}


def assert_rate_limited(response: object, window_seconds: int) -> None:
    """Assert a 429 `rate_limited` answer that says when to come back."""
    assert_error(response, 429, "rate_limited")
    retry_after = int(response.headers["retry-after"])  # type: ignore[attr-defined]
    assert 1 <= retry_after <= window_seconds


def test_the_default_limit_refuses_the_21st_match_within_a_minute(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'rate.sqlite3'}", bot_delay=0)
    with TestClient(app) as client:
        created = [client.post("/api/matches", json=NEW_MATCH) for _ in range(20)]
        assert [answer.status_code for answer in created] == [201] * 20
        assert_rate_limited(client.post("/api/matches", json=NEW_MATCH), 60)
        assert client.get("/api/matches").status_code == 200  # other requests still pass


def test_a_rematch_counts_as_a_creation(tmp_path: Path) -> None:
    with serve(tmp_path, create_rate="2/minute") as client:
        first = client.post("/api/matches", json={**NEW_MATCH, "hotseat": True}).json()
        client.post("/api/matches", json=NEW_MATCH).raise_for_status()
        rematch = client.post(f"/api/matches/{first['match_id']}/rematch",
                              json={"token": first["tokens"]["0"]})
        assert_rate_limited(rematch, 60)


def test_the_request_limit_counts_every_api_request_per_address(tmp_path: Path) -> None:
    with serve(tmp_path, request_rate="5/hour") as client:
        answers = [client.get("/api/games").status_code for _ in range(3)]
        answers += [client.get("/api/matches/nope").status_code for _ in range(2)]
        assert answers == [200, 200, 200, 404, 404]
        assert_rate_limited(client.get("/api/games"), 3600)
        assert client.get("/").status_code == 200  # the page and static files are not counted
        other = TestClient(client.app, client=("192.0.2.7", 50000))
        assert other.get("/api/games").status_code == 200


def test_a_rate_that_limits_cannot_read_is_refused_at_start(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="rate"):
        create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}",
                   limits=ServerLimits(create_rate="often"))


def test_a_socket_past_the_request_limit_is_closed_with_4429(tmp_path: Path) -> None:
    with serve(tmp_path, request_rate="1/hour") as client:
        assert client.get("/api/games").status_code == 200
        refused = pytest.raises(WebSocketDisconnect)
        with refused as closed, client.websocket_connect("/api/matches/nope/ws") as socket:
            socket.receive_json()
        assert closed.value.code == 4429
