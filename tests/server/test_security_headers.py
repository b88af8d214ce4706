"""Every answer carries the browser's security headers; the OpenAPI pages are opt-in (issue 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.server.app import create_app
from tests.server.support import TestClient, serve

PATHS = ["/", "/static/js/main.js", "/api/games", "/api/matches", "/api/matches/nope",
         "/api/teapot", "/static/no/such/file.js"]


def directives(policy: str) -> dict[str, list[str]]:
    """Return a Content-Security-Policy as {directive: sources}."""
    parsed = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        parsed[name] = sources
    return parsed


@pytest.mark.parametrize("path", PATHS)
def test_every_answer_has_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    policy = directives(headers["content-security-policy"])
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]


def test_errors_and_refusals_have_them_too(client: TestClient) -> None:
    answer = client.post("/api/matches", json={"game": 1})
    assert answer.status_code == 422
    assert answer.headers["x-frame-options"] == "DENY"
    assert "content-security-policy" in answer.headers


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/openapi.json"])
def test_the_openapi_pages_are_off_by_default(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_api_docs_turns_them_on(tmp_path: Path) -> None:
    with serve(tmp_path, api_docs=True) as client:
        for path in ("/docs", "/redoc", "/openapi.json"):
            assert client.get(path).status_code == 200, path
        assert client.get("/docs").headers["x-frame-options"] == "DENY"


def test_an_internal_error_also_has_the_security_headers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug")

    app = create_app(f"sqlite:///{tmp_path / 'broken.sqlite3'}", bot_delay=0)
    monkeypatch.setattr(app.state.hub, "summaries", broken)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/api/matches")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
