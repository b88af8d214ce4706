"""The server's limits: every bound a client cannot push past, each a `ludoteca serve` setting.

Each field becomes a command-line option of `ludoteca serve` (`max_body_bytes` ->
`--max-body-bytes`) with its help text; docs/web-api.md lists them with their reasons.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


def _setting(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """Bounds on what clients may make the server hold or do."""

    max_cached_matches: int = _setting(
        1000, "live matches kept in memory; idle ones beyond this are dropped and reloaded"
    )
    max_body_bytes: int = _setting(65_536, "largest request body accepted (larger: 413)")
    max_sockets_per_address: int = _setting(
        32, "match sockets one client address may hold open at once (more: closed 4429 too_busy)"
    )
    max_sockets_per_match: int = _setting(
        64, "sockets open on one match at once, all addresses together (more: closed 4429 "
        "too_busy)"
    )
    socket_rate: str = _setting(
        "120/minute", "match sockets one client address may open (a `limits` rate; more: "
        "closed 4429 rate_limited)"
    )
    create_rate: str = _setting(
        "20/minute", "matches one client address may create (a `limits` rate, e.g. 20/minute)"
    )
    request_rate: str = _setting(
        "600/minute", "API requests one client address may make (a `limits` rate)"
    )
    chat_rate: str = _setting(
        "10/minute", "chat lines one client address may post in one match (a `limits` rate)"
    )
    chat_total_rate: str = _setting(
        "30/minute", "chat lines one client address may post over all matches (a `limits` rate)"
    )
    max_bot_matches: int = _setting(
        100, "matches played by bots only that may run at once, also those whose people's seats "
        "bots took over (more: 429 too_busy on creation; such a running match waits)"
    )
    idle_hours: float = _setting(
        72.0, "an unfinished match with no action for this many hours expires"
    )
    clock_sweep_seconds: float = _setting(
        1.0, "how often the server looks for players out of time (a bot then takes the seat)"
    )
    bot_lease_seconds: float = _setting(
        15.0, "with several processes (--redis-url): how long one process holds a match's bots "
        "before another may take them over (a dead process's matches resume after this)"
    )
    api_docs: bool = _setting(False, "serve the OpenAPI pages at /docs (for development)")


def limit_fields() -> tuple[Any, ...]:
    """Return the fields of ServerLimits (for building command-line options)."""
    return fields(ServerLimits)
