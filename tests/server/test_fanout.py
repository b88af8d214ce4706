"""The fan-out between processes (server/fanout.py) on a real redis-server: another process's
events arrive, a process's own do not, and a listener that lost its connection listens again and
says so (its copies then catch up)."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as redis

from ludoteca.server.fanout import Event, Fanout
from tests.server.support import POLL_SECONDS


async def _two_fanouts(url: str) -> tuple[Fanout, Fanout, asyncio.Queue[Event], asyncio.Event]:
    heard: asyncio.Queue[Event] = asyncio.Queue()
    reconnected = asyncio.Event()

    async def on_event(event: Event) -> None:
        await heard.put(event)

    async def on_reconnect() -> None:
        reconnected.set()

    async def ignore(event: Event) -> None:
        pass

    async def nothing() -> None:
        pass

    speaker, listener = Fanout(url), Fanout(url)
    await speaker.start(ignore, nothing)
    await listener.start(on_event, on_reconnect)
    return speaker, listener, heard, reconnected


def test_an_event_reaches_the_other_process_and_not_its_own(redis_url: str) -> None:
    async def scenario() -> None:
        speaker, listener, heard, _ = await _two_fanouts(redis_url)
        try:
            await listener.publish("own", "change")  # its own: skipped
            await speaker.publish("m1", "message", message={"text": "hi"})
            event = await asyncio.wait_for(heard.get(), POLL_SECONDS)
            assert event["match"] == "m1" and event["kind"] == "message"
            assert event["message"] == {"text": "hi"} and event["origin"] == speaker.origin
            await speaker.publish("m2")  # events arrive in order: nothing came in between
            event = await asyncio.wait_for(heard.get(), POLL_SECONDS)
            assert (event["match"], event["kind"]) == ("m2", "change")
        finally:
            await speaker.close()
            await listener.close()

    asyncio.run(scenario())


def test_a_listener_whose_connection_is_cut_listens_again_and_catches_up(redis_url: str) -> None:
    async def scenario() -> None:
        speaker, listener, heard, reconnected = await _two_fanouts(redis_url)
        admin = redis.Redis.from_url(redis_url)
        try:
            await admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
            await asyncio.wait_for(reconnected.wait(), POLL_SECONDS)
            await speaker.publish("m2")
            event = await asyncio.wait_for(heard.get(), POLL_SECONDS)
            assert (event["match"], event["kind"]) == ("m2", "change")
        finally:
            await admin.aclose()
            await speaker.close()
            await listener.close()

    asyncio.run(scenario())


def test_a_publish_without_redis_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        gone = Fanout("redis://127.0.0.1:1/0")  # nothing listens on port 1
        await gone.publish("m3")  # the change is committed already: no error reaches the client
        await gone.close()

    asyncio.run(scenario())
    assert "cannot publish a change of match m3" in caplog.text
