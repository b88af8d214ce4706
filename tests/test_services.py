"""The test services of tests/services.py: a real redis-server, and clear errors when missing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import redis.asyncio

from tests import services


async def ping_and_relay(url: str) -> tuple[bool, dict[str, object] | None]:
    """Return the server's PING answer and the first message a subscriber hears on a channel."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        answered = await client.ping()
        async with client.pubsub() as pubsub:
            await pubsub.subscribe("ludoteca-test")
            await pubsub.get_message(timeout=5)  # the subscribe confirmation
            assert await client.publish("ludoteca-test", b"hello") == 1
            heard = await pubsub.get_message(ignore_subscribe_messages=True, timeout=5)
    finally:
        await client.aclose()
    return answered, heard


def test_redis_answers_ping_and_relays_a_published_message(redis_url: str) -> None:
    answered, heard = asyncio.run(ping_and_relay(redis_url))
    assert answered is True
    assert heard is not None
    assert (heard["channel"], heard["data"]) == (b"ludoteca-test", b"hello")


def test_a_missing_redis_server_is_an_error_naming_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services.shutil, "which", lambda name: None)
    with pytest.raises(services.ServiceMissing, match="install Debian's postgresql and redis"), \
            services.redis_server(tmp_path):
        raise AssertionError("a server started without its binary")


def test_a_missing_postgresql_is_an_error_naming_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(services.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(services.shutil, "which", lambda name: None)
    with pytest.raises(services.ServiceMissing, match="install Debian's postgresql"):
        services.postgres_bin()
