"""GET /healthz and GET /readyz: liveness and readiness for a load balancer or orchestrator.

`/healthz` answers while the process serves requests; `/readyz` also needs the database to
answer `SELECT 1` within `READY_TIMEOUT` seconds, and Redis to answer PING as fast when several
processes share the database (`--redis-url`). Both live outside `/api`, so the request
rate limits never turn a probe away, and neither says more than which check failed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ludoteca.server.deps import Hub

router = APIRouter(tags=["health"])
log = logging.getLogger(__name__)

READY_TIMEOUT = 2.0
"""Seconds the database, or Redis, has to answer a readiness probe."""


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """Return that the process is alive."""
    return {"status": "ok"}


@router.get("/readyz", response_model=None)
async def readyz(hub: Hub) -> dict[str, object] | JSONResponse:
    """Return 200 if the database (and Redis, with several processes) answers, else 503
    naming the failed check."""
    # In a worker thread: a slow database never blocks the event loop.
    checks = {"database": await _check("database", asyncio.to_thread(hub.db.ping))}
    if hub.fanout is not None:
        checks["redis"] = await _check("redis", hub.fanout.ping())
    if all(result == "ok" for result in checks.values()):
        return {"status": "ready", "checks": checks}
    return JSONResponse({"status": "unavailable", "checks": checks}, status_code=503)


async def _check(name: str, probe: Awaitable[object]) -> str:
    """Return "ok" if `probe` finishes within READY_TIMEOUT, else "unreachable" (logged)."""
    try:
        await asyncio.wait_for(probe, READY_TIMEOUT)
    except Exception as error:  # any failure of the probe means "not ready", and is logged
        log.warning("readiness: the %s did not answer: %s", name, type(error).__name__)
        return "unreachable"
    return "ok"
