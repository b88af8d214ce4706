"""Fan-out between server processes: Redis pub/sub tells every process that a match changed.

Several `ludoteca serve` processes share one database, which holds the truth; each process keeps
its own copies of the matches its clients use. After every committed change a process publishes
`{"match": id, "kind": "change"}` (a chat line carries the message itself) on one channel; every
other process that holds a copy of that match catches up from the database and sends the new
views to its own sockets (MatchHub.on_event).

Pub/sub delivers at most once: an event lost while Redis was unreachable is made up for by
catching up every copy after reconnecting, and by the database refusing any change made on an
old copy (the process then catches up before it answers).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis

log = logging.getLogger("ludoteca.server")

CHANNEL = "ludoteca:matches"
PUBLISH_SECONDS = 2.0
"""Longest wait for Redis to take one event: a change is committed already, so a slow Redis
delays the other processes' sockets, never the answer to the client."""
RETRY_SECONDS = (0.1, 0.5, 1.0, 2.0, 5.0)
"""Pauses before each attempt to listen again after Redis went away (the last one repeats)."""

Event = dict[str, Any]
Handler = Callable[[Event], Awaitable[None]]


class Fanout:
    """One process's connection to the shared channel: publishes its events, hears the others'."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.origin = secrets.token_hex(8)
        """This process's name in its events (it skips its own)."""
        self._client = redis.Redis.from_url(url)
        self._listener: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(
        self, on_event: Handler, on_reconnect: Callable[[], Awaitable[None]]
    ) -> None:
        """Subscribe, then hear events in the background: `on_event` for each event of another
        process, `on_reconnect` after listening again (events may have been lost meanwhile)."""
        pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)  # before returning: no event after start() is missed
        self._listener = asyncio.get_running_loop().create_task(
            self._listen(pubsub, on_event, on_reconnect)
        )

    async def publish(self, match_id: str, kind: str = "change", **fields: Any) -> None:
        """Tell the other processes that match `match_id` changed; a failure is logged only."""
        event = {"origin": self.origin, "match": match_id, "kind": kind, **fields}
        try:
            async with asyncio.timeout(PUBLISH_SECONDS):
                await self._client.publish(CHANNEL, json.dumps(event, separators=(",", ":")))
        except (redis.RedisError, OSError, TimeoutError) as error:
            log.warning("cannot publish a change of match %s to Redis: %r", match_id, error)

    async def ping(self) -> None:
        """Ask Redis for PONG; its error if it does not answer (for /readyz)."""
        await self._client.ping()

    async def close(self) -> None:
        """Stop listening and close the connections."""
        tasks = [task for task in (self._listener, *self._handlers) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._client.aclose()

    async def _listen(
        self,
        pubsub: Any,
        on_event: Handler,
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        failures = 0
        while True:
            try:
                if failures:
                    pubsub = self._client.pubsub(ignore_subscribe_messages=True)
                    await pubsub.subscribe(CHANNEL)
                    log.info("listening to Redis again after %d failed attempts", failures)
                    failures = 0
                    await _caught_up(on_reconnect)
                async for message in pubsub.listen():
                    self._dispatch(message, on_event)
            except asyncio.CancelledError:
                await pubsub.aclose()
                raise
            except Exception as error:  # Redis went away (or worse): never stop listening
                pause = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
                failures += 1
                if isinstance(error, redis.RedisError | OSError):
                    log.warning("lost Redis (%r); listening again in %g s", error, pause)
                else:
                    log.exception("the Redis listener failed; listening again in %g s", pause)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(pause)

    def _dispatch(self, message: dict[str, Any], on_event: Handler) -> None:
        """Handle one event in its own task, so that a slow match does not hold up the others
        (the handler takes the match's lock, which queues a match's events in order)."""
        try:
            event = json.loads(message["data"])
        except (TypeError, ValueError):
            log.warning("ignored a message on %s that is not JSON", CHANNEL)
            return
        if not isinstance(event, dict) or event.get("origin") == self.origin:
            return
        task = asyncio.get_running_loop().create_task(_logged(on_event, event))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)


async def _caught_up(on_reconnect: Callable[[], Awaitable[None]]) -> None:
    """Catch up after listening again; a failure (the database may be down as well) is logged,
    never the end of the listener: each copy then catches up at its next event or request."""
    try:
        await on_reconnect()
    except Exception:
        log.exception("cannot catch up after listening to Redis again")


async def _logged(on_event: Handler, event: Event) -> None:
    try:
        await on_event(event)
    except Exception:
        log.exception("cannot follow the change of match %s", event.get("match"))
