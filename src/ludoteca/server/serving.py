"""Running the web app under uvicorn (`ludoteca serve`): in one process, or in several worker
processes sharing one listening socket.

uvicorn's workers each import the app by name (APP_FACTORY) instead of receiving it, so the
parent hands its settings over as JSON in the environment variable SETTINGS_VARIABLE, which
the workers inherit. Each worker keeps its own matches in memory: they hear each other's
changes only through Redis (server/fanout.py), and need a database they can all write,
PostgreSQL (docs/deploy.md).
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import asdict, dataclass
from typing import Any

import uvicorn
from fastapi import FastAPI
from sqlalchemy.engine import make_url
from uvicorn.supervisors import Multiprocess

from ludoteca.server.app import create_app, tune_garbage_collector
from ludoteca.server.logs import json_log_config
from ludoteca.server.settings import ServerLimits
from ludoteca.server.storage import Database

SETTINGS_VARIABLE = "LUDOTECA_APP_SETTINGS"
"""Where `ludoteca serve --workers N` puts the app's settings for its workers."""
APP_FACTORY = "ludoteca.server.serving:app_from_environment"


@dataclass(frozen=True, slots=True)
class AppSettings:
    """What `create_app` is given, as plain values that travel as JSON."""

    database_url: str
    bot_delay: float
    bot_seconds: float
    bot_processes: int
    redis_url: str | None
    limits: ServerLimits
    bot_root_parallel: int = 1

    def to_json(self) -> str:
        """Return the settings as one JSON object (the limits nested)."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> AppSettings:
        """Return the settings `to_json` wrote."""
        values = json.loads(text)
        return cls(**{**values, "limits": ServerLimits(**values["limits"])})

    def create_app(self) -> FastAPI:
        """Return the app these settings describe."""
        return create_app(
            self.database_url, bot_delay=self.bot_delay, bot_seconds=self.bot_seconds,
            limits=self.limits, bot_processes=self.bot_processes, redis_url=self.redis_url,
            bot_root_parallel=self.bot_root_parallel,
        )


def app_from_environment() -> FastAPI:
    """Return one worker's app, built from the settings its parent put in SETTINGS_VARIABLE."""
    tune_garbage_collector()
    return AppSettings.from_json(os.environ[SETTINGS_VARIABLE]).create_app()


def migrate_database(url: str) -> str:
    """Bring the database at `url` to the newest schema; return the revision it is at."""
    database = Database(url)  # opening a Database migrates it (server/migrate.py)
    try:
        return database.revision
    finally:
        database.dispose()


def shown_url(url: str) -> str:
    """Return a database URL fit for printing: its password, if any, as ***."""
    return make_url(url).render_as_string(hide_password=True)


def serve(
    settings: AppSettings, host: str, port: int, workers: int = 1,
    log_level: str = "warning", log_format: str = "text",
) -> None:
    """Serve the app on `host`:`port` (0: any free port) until stopped, in this process or in
    `workers` processes; ValueError if several workers could not see each other's changes."""
    if workers > 1 and settings.redis_url is None:
        raise ValueError(
            f"--workers {workers} needs --redis-url: each worker keeps its own copies of the "
            "matches, and only Redis tells it when another worker changed one"
        )
    if workers > 1:
        # Once here, before the workers race to it (each one's Database then finds it done).
        migrate_database(settings.database_url)
    sock = _listening_socket(host, port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    processes = f" with {workers} worker processes" if workers > 1 else ""
    print(f"Ludoteca is serving on http://{shown}:{port}/{processes} (Ctrl-C to stop)",
          flush=True)
    # No permessage-deflate: compressing each view for each socket cost about a tenth of the
    # server's CPU per action (and as much again in every client) to save a few kilobytes per
    # message; see docs/benchmarks.md.
    # A socket message is bounded like a request body (uvicorn's own default is 16 MiB).
    # Text keeps uvicorn's own log format; json replaces it for uvicorn and Ludoteca alike.
    options: dict[str, Any] = {
        "log_level": log_level, "timeout_graceful_shutdown": 5, "ws_per_message_deflate": False,
        "ws_max_size": settings.limits.max_body_bytes,
        "log_config": (json_log_config(log_level) if log_format == "json"
                       else uvicorn.config.LOGGING_CONFIG),
    }
    if workers == 1:
        tune_garbage_collector()
        uvicorn.Server(uvicorn.Config(settings.create_app(), **options)).run(sockets=[sock])
        return
    os.environ[SETTINGS_VARIABLE] = settings.to_json()
    config = uvicorn.Config(APP_FACTORY, factory=True, workers=workers, **options)
    Multiprocess(config, sockets=[sock]).run()


def _listening_socket(host: str, port: int) -> socket.socket:
    """Return a socket bound to `host`:`port`, ready to be handed to uvicorn."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    return sock
