"""GET /healthz and GET /readyz: liveness always; readiness only while the database answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from tests.server.support import TestClient, serve


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with serve(tmp_path) as client:
        yield client


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
