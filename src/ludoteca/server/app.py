"""The web app: `create_app()` builds the FastAPI application of docs/web-api.md."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from ludoteca.server.chat import ChatRates
from ludoteca.server.deps import NoTokenInUrl
from ludoteca.server.errors import install_error_handlers
from ludoteca.server.fanout import Fanout
from ludoteca.server.front_page import front_page
from ludoteca.server.hub import MatchHub
from ludoteca.server.middleware import (
    API_DOCS_PATHS,
    BodyLimit,
    RateLimits,
    SecurityHeaders,
    parse_rate,
)
from ludoteca.server.routes import (
    absence,
    chat,
    games,
    guides,
    health,
    live,
    matches,
    messages,
    play,
    rules,
)
from ludoteca.server.settings import ServerLimits
from ludoteca.server.sockets import SocketLimits
from ludoteca.server.storage import Database

DEFAULT_DATABASE_URL = "sqlite:///ludoteca.sqlite3"

PLACEHOLDER_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ludoteca</title></head>
<body><h1>Ludoteca</h1><p>The web front end is not installed; the API is under /api
(docs/web-api.md).</p></body></html>
"""


def tune_garbage_collector() -> None:
    """Make full garbage collections rare in a long-running server process.

    A server keeps every state of every live match, so each full collection walks a large,
    long-lived heap and stalls every request for tens of milliseconds (the latency tail in
    bench/server.py). Freezing what start-up created and collecting the young generation
    less often keeps the pauses short; reference counting still frees almost everything.
    """
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def web_directory() -> Path:
    """Return the folder of the static front end (package data `ludoteca/web`)."""
    return Path(str(files("ludoteca") / "web"))


def create_app(
    database_url: str = DEFAULT_DATABASE_URL,
    bot_delay: float = 0.4,
    bot_seconds: float = 1.0,
    limits: ServerLimits | None = None,
    bot_processes: int = 1,
    redis_url: str | None = None,
    bot_root_parallel: int = 1,
) -> FastAPI:
    """Return the Ludoteca app storing matches at `database_url`, bots spaced by `bot_delay`,
    hard bots thinking `bot_seconds` in `bot_processes` worker processes (one decision in
    `bot_root_parallel` of them at once); with `redis_url`, one of several processes serving
    the same database (server/fanout.py)."""
    limits = limits or ServerLimits()
    request_rate = parse_rate(limits.request_rate, "request_rate")
    create_rate = parse_rate(limits.create_rate, "create_rate")
    chat_rates = ChatRates.from_limits(limits)
    sockets = SocketLimits(limits)
    hub = MatchHub(
        Database(database_url), bot_delay=bot_delay, bot_seconds=bot_seconds, limits=limits,
        bot_processes=bot_processes, fanout=None if redis_url is None else Fanout(redis_url),
        bot_root_parallel=bot_root_parallel,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        """Resume the bots of stored matches; on shutdown stop them and close the database."""
        await hub.start()
        try:
            yield
        finally:
            await hub.close()
            hub.db.dispose()

    # The OpenAPI pages load Swagger UI from a CDN: only for development (`--api-docs`).
    docs = limits.api_docs
    app = FastAPI(
        title="Ludoteca", version="0.1.0", lifespan=lifespan,
        docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.hub = hub
    app.state.limits = limits
    app.state.chat_rates = chat_rates
    app.state.sockets = sockets
    install_error_handlers(app)
    # The last added runs first: headers on every answer, then rates, then the body's size.
    app.add_middleware(BodyLimit, max_bytes=limits.max_body_bytes)
    app.add_middleware(RateLimits, request_rate=request_rate, create_rate=create_rate)
    app.add_middleware(SecurityHeaders, relaxed_paths=API_DOCS_PATHS if docs else frozenset())
    for module in (games, guides, matches, play, messages, chat, absence, live):
        app.include_router(module.router, prefix="/api", dependencies=[NoTokenInUrl])
    app.include_router(rules.router)  # HTML pages: /rules/<game>
    app.include_router(health.router)  # /healthz and /readyz for load balancers

    web = web_directory()
    app.mount("/static", StaticFiles(directory=web, check_dir=False), name="static")

    page = front_page(web) or PLACEHOLDER_PAGE

    @app.get("/", include_in_schema=False)
    def index() -> Response:
        """Serve the front end's page (a placeholder if the front end is missing)."""
        return HTMLResponse(page)

    return app
