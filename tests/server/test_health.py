"""GET /healthz and GET /readyz: liveness always; readiness only while the database (and Redis,
when processes share the database) answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine

from ludoteca.server.app import create_app
from ludoteca.server.fanout import Fanout
from tests.server.support import TestClient, serve
from tests.services import free_port


def test_healthz_answers_while_the_process_serves(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_checks_the_database(client: TestClient) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ready", "checks": {"database": "ok"}}


def test_readyz_is_503_when_the_database_cannot_be_reached(
    client: TestClient, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = client.app.state.hub.db  # type: ignore[attr-defined]
    working = database.engine
    # a real failure: SQLite cannot open a file in a folder that does not exist
    database.engine = create_engine(f"sqlite:///{tmp_path / 'gone' / 'x.sqlite3'}")
    try:
        response = client.get("/readyz")
        assert response.status_code == 503
        assert response.json() == {"status": "unavailable",
                                   "checks": {"database": "unreachable"}}
        assert "OperationalError" in caplog.text
        assert client.get("/healthz").status_code == 200
    finally:
        database.engine.dispose()
        database.engine = working
    assert client.get("/readyz").status_code == 200


def test_probes_are_not_rate_limited(tmp_path: Path) -> None:
    with serve(tmp_path, request_rate="2/minute") as client:
        answers = {client.get(path).status_code for path in ("/healthz", "/readyz") * 5}
        assert answers == {200}
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games").status_code == 429


def test_readyz_checks_redis_when_processes_share_the_database(
    tmp_path: Path, redis_url: str
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'shared.sqlite3'}", bot_delay=0, bot_seconds=0.05,
                     redis_url=redis_url)
    with TestClient(app) as client:
        response = client.get("/readyz")
        assert response.status_code == 200
        assert response.json() == {"status": "ready",
                                   "checks": {"database": "ok", "redis": "ok"}}


def test_readyz_is_503_naming_redis_when_redis_does_not_answer(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    address = f"127.0.0.1:{free_port()}"  # nothing listens there
    fanout = Fanout(f"redis://{address}/0")
    hub.fanout = fanout
    try:
        response = client.get("/readyz")
        assert response.status_code == 503
        assert response.json() == {"status": "unavailable",
                                   "checks": {"database": "ok", "redis": "unreachable"}}
        assert address not in response.text  # the error stays in the log
        assert "ConnectionError" in caplog.text
    finally:
        hub.fanout = None
        client.portal.call(fanout.close)  # type: ignore[union-attr]
