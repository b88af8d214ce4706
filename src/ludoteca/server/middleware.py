"""The app's edge: security headers, per-client rate limits and the request-body limit.

Each is a small pure-ASGI middleware, so a refused request costs the server no routing, JSON
parsing or validation, and every answer, refusals included, leaves with the headers:

    SecurityHeaders -> RateLimits -> BodyLimit -> FastAPI's routing and handlers
"""

from __future__ import annotations

import math
import re
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from ludoteca.server.errors import error_response
from ludoteca.server.headers import SECURITY_HEADERS

API_DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
"""The OpenAPI pages (`--api-docs`): they load Swagger UI and ReDoc from a CDN with inline
scripts, so they get every header but the Content-Security-Policy."""

CREATING = re.compile(r"/api/matches(/[^/]+/rematch)?/?")
"""The paths whose POST makes a match (counted by the creation rate)."""

RATE_LIMITED_CLOSE = 4429
"""WebSocket close code of a refused connection (4000 + the HTTP status, as in routes/live)."""


class SecurityHeaders:
    """Add SECURITY_HEADERS to every HTTP answer (without the CSP on `relaxed_paths`)."""

    def __init__(self, app: ASGIApp, relaxed_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.relaxed_paths = relaxed_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        relaxed = scope["path"] in self.relaxed_paths

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if not (relaxed and name == "Content-Security-Policy"):
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


def parse_rate(text: str, setting: str) -> RateLimitItem:
    """Return the rate `text` ("20/minute"); ValueError naming `setting` if it is not one."""
    try:
        return parse(text)
    except ValueError as error:
        raise ValueError(f"{setting}: {text!r} is not a rate such as 20/minute") from error


def client_address(scope: Scope) -> str:
    """Return the client's address as the ASGI server reports it (behind a proxy it trusts, the
    address in `X-Forwarded-For`): the key of every per-client bound."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class RateLimits:
    """Refuse a client address past `request_rate` API requests or `create_rate` new matches.

    Windows move (the last minute, not the current clock minute) and live in this process's
    memory. The key is the client's address as the ASGI server reports it: behind a reverse
    proxy, run uvicorn with its proxy headers trusted, or every client shares one budget.
    """

    def __init__(
        self, app: ASGIApp, request_rate: RateLimitItem, create_rate: RateLimitItem
    ) -> None:
        self.app = app
        self.request_rate = request_rate
        self.create_rate = create_rate
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] not in ("http", "websocket") or not (
            path == "/api" or path.startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        address = client_address(scope)
        rates = [("request", self.request_rate)]
        if scope.get("method") == "POST" and CREATING.fullmatch(path):
            rates.append(("create", self.create_rate))
        for name, rate in rates:
            if not self.limiter.hit(rate, name, address):
                await self._refuse(scope, receive, send, name, rate, address)
                return
        await self.app(scope, receive, send)

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, name: str, rate: RateLimitItem,
        address: str,
    ) -> None:
        if scope["type"] == "websocket":
            await WebSocketClose(code=RATE_LIMITED_CLOSE, reason="rate_limited")(
                scope, receive, send
            )
            return
        reset = self.limiter.get_window_stats(rate, name, address).reset_time
        retry_after = max(1, math.ceil(reset - time.time()))
        what = "new matches" if name == "create" else "requests"
        allowed = str(rate).replace(" per 1 ", " per ")  # "20 per minute"
        message = (
            f"too many {what} from your address (at most {allowed}); "
            f"try again in {retry_after} s"
        )
        response = error_response(
            "rate_limited", message, headers={"Retry-After": str(retry_after)}
        )
        await response(scope, receive, send)


CLOSE_AFTER = {"Connection": "close"}
"""The header of a 413: the rest of the body is never read, so the connection cannot carry
another request. uvicorn (httptools and h11 alike) closes it after an answer that says so; without
it, uvicorn would read and throw away the whole remaining body to keep the connection alive."""


class BodyTooLarge(HTTPException):
    """A request body past the limit (raised while the body is read; answered 413 with
    CLOSE_AFTER by the app's handler of HTTP errors, server/errors.py)."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(
            413, f"the request body is larger than {max_bytes} bytes", headers=CLOSE_AFTER
        )


class BodyLimit:
    """Refuse request bodies longer than `max_bytes` with 413 `too_large`.

    A declared Content-Length is checked before the app runs; a body without one (chunked) is
    counted as it arrives, and reading past the limit raises BodyTooLarge, so at most
    `max_bytes` (plus one chunk) are ever held. Either answer closes the connection, so the
    server reads no more of the body.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        received = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLarge(self.max_bytes)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:  # FastAPI's handlers answer it; this is for any other reader
            if started:
                raise
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        # Closing the connection spares the server the rest of the body.
        error = BodyTooLarge(self.max_bytes)
        response = error_response("too_large", error.detail, headers=CLOSE_AFTER)
        await response(scope, receive, send)
