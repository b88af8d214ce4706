"""Helpers of the server tests: a TestClient on a temporary database, matches, polling."""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    # starlette's TestClient warns that it will move from httpx to httpx2.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

from ludoteca.server.app import create_app
from ludoteca.server.settings import ServerLimits

T = TypeVar("T")
POLL_SECONDS = float(os.environ.get("LUDOTECA_TEST_PATIENCE_SECONDS", "60"))
"""How long a test waits for what comes sooner or later (a view, a bot's move, a server's start,
a worker's decision): generous, since a loaded machine is slow; the waits poll, so a fast one
does not wait it out. LUDOTECA_TEST_PATIENCE_SECONDS sets it."""
FOUR_HUMANS = [{"type": "human"}] * 4
HUMAN_AND_BOTS = [{"type": "human"}, {"type": "bot", "bot": "random"},
                  {"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "random"}]
GENEROUS_RATES = {"create_rate": "100000/minute", "request_rate": "1000000/minute"}

__all__ = ["TestClient"]


@contextmanager
def serve(
    tmp_path: Path, name: str = "ludoteca.sqlite3", **limits: Any
) -> Iterator[TestClient]:
    """Yield a client of a fresh app (bot delay 0) storing matches in `tmp_path / name`.

    `limits` are ServerLimits fields; the rate limits are generous unless told, since tests
    make many requests from one address (tests/server/test_rate_limits.py checks the defaults).
    A hard bot's worker has POLL_SECONDS to answer: on a loaded machine spawning it takes longer
    than the server's margin, and the stand-in bot would move instead.
    """
    settings = ServerLimits(**{**GENEROUS_RATES, **limits})
    app = create_app(
        f"sqlite:///{tmp_path / name}", bot_delay=0, bot_seconds=0.05, limits=settings
    )
    app.state.hub.bots.pool.answer_margin_seconds = POLL_SECONDS
    with TestClient(app) as client:
        yield client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a Keezen match (4 human seats unless told) and return the 201 answer."""
    body = {"game": "keezen", "players": 4, "seats": FOUR_HUMANS, **body}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def bearer(token: str | None) -> dict[str, str]:
    """Return the headers that present a seat token (none for None: a spectator)."""
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def view(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    """Return the current view of `token`'s seat (None: the spectator's)."""
    response = client.get(f"/api/matches/{match_id}/view", headers=bearer(token))
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def act(client: TestClient, match_id: str, token: str, state_id: int, action: str) -> Any:
    """Post one action and return the raw response."""
    body = {"token": token, "state_id": state_id, "action": action}
    return client.post(f"/api/matches/{match_id}/actions", json=body)


def play_turn(client: TestClient, match_id: str, tokens: dict[str, str], pick: Callable[
        [list[str]], str]) -> dict[str, Any]:
    """Play one action of the seat to move (a human with a token); return its new view."""
    seat = view(client, match_id)["match"]["current_player"]
    token = tokens[str(seat)]
    current = view(client, match_id, token)
    response = act(client, match_id, token, current["state_id"],
                   pick(current["observation"]["legal_actions"]))
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def assert_error(response: Any, status: int, code: str) -> str:
    """Assert the documented error shape, status and code; return the message."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    assert len(message) > 10
    return message


def wait_for(condition: Callable[[], T | None], what: str, seconds: float = POLL_SECONDS) -> T:
    """Poll `condition` until it returns something other than None/False, within a deadline."""
    deadline = time.monotonic() + seconds
    while True:
        result = condition()
        if result is not None and result is not False:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)
