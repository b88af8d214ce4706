"""Issue 23, finding 1: an outage of the database or Redis ends no background loop, and a request
that meets one is answered 503 unavailable with Retry-After, not 500 internal.

(The chaos test, tests/server/test_chaos.py, restarts a real PostgreSQL and cuts a real Redis
under two processes; these tests make each loop meet the failure on purpose.)
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import psycopg
import pytest
import redis.asyncio as redis
import sqlalchemy.exc

from ludoteca.server import leases, storage
from ludoteca.server.fanout import Event, Fanout
from ludoteca.server.hub import MatchHub
from ludoteca.server.settings import ServerLimits
from tests.server.support import POLL_SECONDS, assert_error, create, serve
from tests.server.test_socket_limits import assert_refused


def outage() -> sqlalchemy.exc.OperationalError:
    """Return what SQLAlchemy raises when PostgreSQL refuses connections."""
    return sqlalchemy.exc.OperationalError(
        "SELECT 1", {}, psycopg.OperationalError("connection refused")
    )


def failing_then(result: Any, failures: int, calls: list[int]) -> Any:
    """Return a stand-in that raises an outage `failures` times, then returns `result`."""

    def stand_in(*args: Any) -> Any:
        calls.append(1)
        if len(calls) <= failures:
            raise outage()
        return result

    return stand_in


def test_the_loop_taking_up_unattended_bot_matches_survives_a_database_outage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    calls: list[int] = []
    monkeypatch.setattr(leases, "unattended", failing_then([], 2, calls))

    async def scenario() -> None:
        hub = MatchHub(
            storage.Database(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0,
            bot_seconds=0.05, limits=ServerLimits(bot_lease_seconds=0.6),
        )
        loop = asyncio.create_task(hub._attend_bots_forever())
        try:
            async with asyncio.timeout(POLL_SECONDS):
                while len(calls) < 4:  # two rounds failed, then two succeeded
                    assert not loop.done(), loop.exception()
                    await asyncio.sleep(0.05)
        finally:
            loop.cancel()
            await asyncio.gather(loop, return_exceptions=True)
            hub.db.dispose()

    with caplog.at_level(logging.WARNING, logger="ludoteca.server"):
        asyncio.run(scenario())
    assert "taking up unattended bot matches: the database or Redis is unreachable" in caplog.text


def test_a_request_during_an_outage_is_answered_503_unavailable_with_retry_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with serve(tmp_path) as client:
        match_id = create(client)["match_id"]
        hub: MatchHub = client.app.state.hub  # type: ignore[attr-defined]
        calls: list[int] = []
        monkeypatch.setattr(storage, "list_matches", failing_then([], 1, calls))
        listing = client.get("/api/matches")
        hub.cache._live.clear()  # the match must be loaded again: from a database that is down
        monkeypatch.setattr(storage, "load_match", failing_then(None, 1, []))
        loading = client.get(f"/api/matches/{match_id}/view")
    for response in (listing, loading):
        assert "database" in assert_error(response, 503, "unavailable")
        assert response.headers["Retry-After"] == "5"
    assert "Traceback" not in caplog.text


def test_a_socket_opened_during_an_outage_is_closed_4503_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve(tmp_path) as client:
        match_id = create(client)["match_id"]
        hub: MatchHub = client.app.state.hub  # type: ignore[attr-defined]
        hub.cache._live.clear()  # the match must be loaded again: from a database that is down
        monkeypatch.setattr(storage, "load_match", failing_then(None, 1, []))
        with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
            assert_refused(socket, "unavailable", 4503)


def test_the_redis_listener_survives_a_catch_up_that_fails(redis_url: str) -> None:
    """After Redis comes back, the listener catches every copy up from the database; if that
    fails too (the database is down as well), the listener must go on listening."""

    async def scenario() -> None:
        heard: asyncio.Queue[Event] = asyncio.Queue()
        attempts: list[int] = []

        async def on_event(event: Event) -> None:
            await heard.put(event)

        async def catch_up_fails() -> None:
            attempts.append(1)
            raise outage()

        async def ignore(event: Event) -> None:
            pass

        speaker, listener = Fanout(redis_url), Fanout(redis_url)
        admin = redis.Redis.from_url(redis_url)
        await speaker.start(ignore, catch_up_fails)
        await listener.start(on_event, catch_up_fails)
        try:
            await admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
            async with asyncio.timeout(POLL_SECONDS):
                while not attempts:
                    await asyncio.sleep(0.02)
                while True:  # the listener may subscribe again just after this publish
                    await speaker.publish("m1")
                    try:
                        event = await asyncio.wait_for(heard.get(), 0.5)
                    except TimeoutError:
                        continue
                    break
            assert event["match"] == "m1"
        finally:
            await admin.aclose()
            await speaker.close()
            await listener.close()

    asyncio.run(scenario())
