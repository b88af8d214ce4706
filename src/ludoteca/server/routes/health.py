"""GET /healthz and GET /readyz: liveness and readiness for a load balancer or orchestrator.

`/healthz` answers while the process serves requests; `/readyz` also needs the database to
answer `SELECT 1` within `READY_TIMEOUT` seconds. Both live outside `/api`, so the request
rate limits never turn a probe away, and neither says more than which check failed.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ludoteca.server.deps import Hub

router = APIRouter(tags=["health"])
log = logging.getLogger(__name__)

READY_TIMEOUT = 2.0
"""Seconds the database has to answer a readiness probe."""


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """Return that the process is alive."""
    return {"status": "ok"}


@router.get("/readyz", response_model=None)
async def readyz(hub: Hub) -> dict[str, object] | JSONResponse:
    """Return 200 if the database answers, else 503 naming the failed check."""
    try:
        # In a worker thread: a slow database never blocks the event loop.
        await asyncio.wait_for(asyncio.to_thread(hub.db.ping), READY_TIMEOUT)
    except Exception as error:  # any failure of the probe means "not ready", and is logged
        log.warning("readiness: the database did not answer: %s", type(error).__name__)
        return JSONResponse({"status": "unavailable", "checks": {"database": "unreachable"}},
                            status_code=503)
    return {"status": "ready", "checks": {"database": "ok"}}
