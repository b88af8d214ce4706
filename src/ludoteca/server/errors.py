"""API errors: one exception type and the handlers that turn every failure into
`{"error": {"code", "message"}}` with the status of docs/web-api.md."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ludoteca.server.headers import SECURITY_HEADERS
from ludoteca.server.outages import OUTAGE_ERRORS, RETRY_AFTER_SECONDS

log = logging.getLogger("ludoteca.server")

STATUS_OF_CODE: dict[str, int] = {
    "illegal_action": 400,
    "invalid_action": 400,
    "bad_request": 400,
    "not_your_turn": 403,
    "bad_token": 403,
    "no_such_match": 404,
    "no_such_step": 404,
    "not_found": 404,
    "method_not_allowed": 405,
    "too_large": 413,
    "stale_state": 409,
    "cannot_undo": 409,
    "seat_taken": 409,
    "game_over": 409,
    "game_not_over": 409,
    "expired": 409,
    "out_of_time": 409,
    "seat_replaced": 409,
    "cannot_vote": 409,
    "cannot_return": 409,
    "not_started": 409,
    "already_started": 409,
    "malformed": 422,
    "rate_limited": 429,
    "too_busy": 429,
    "internal": 500,
    "unavailable": 503,
}


OBJECT_EXPECTED = ("model_attributes_type", "dict_type", "model_type")
MAX_MESSAGE_LENGTH = 300
"""Longest error message: a message may quote what the client sent, never all of it."""
MAX_PROBLEMS = 3
"""Validation problems described in one message; the rest are counted."""
MAX_PLACE_PART = 40
"""Longest part of a field's place quoted in a message (an option name); longer ones show
as "…"."""
UNREADABLE_JSON = (
    (UnicodeDecodeError, "it is not UTF-8 text"),
    (RecursionError, "it is nested too deeply"),
    (ValueError, "a number in it is too long"),
)
"""What json.loads raises, besides JSONDecodeError, for a body it cannot read (FastAPI then
refuses with a bare 400), and how to say it."""


class ApiError(Exception):
    """A refused request: a code of docs/web-api.md and a message a player understands."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = STATUS_OF_CODE[code]

    def body(self) -> dict[str, Any]:
        """Return the JSON error body."""
        return error_body(self.code, self.message)


def error_body(code: str, message: str) -> dict[str, Any]:
    """Return `{"error": {"code": code, "message": message}}`, the message cut to its limit."""
    return {"error": {"code": code, "message": shortened(message, MAX_MESSAGE_LENGTH)}}


def error_response(
    code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """Return the JSON answer of an error with the status of its code."""
    return JSONResponse(error_body(code, message), STATUS_OF_CODE[code], headers=headers)


def shortened(text: str, limit: int) -> str:
    """Return `text`, or its first `limit` - 1 characters and an ellipsis if it is longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def validation_message(errors: Any) -> str:
    """Return one readable line from pydantic/FastAPI validation errors."""
    parts = []
    for error in errors:
        if error.get("type") == "json_invalid":
            reason = (error.get("ctx") or {}).get("error", "")
            return f"the request body is not valid JSON ({reason})".replace(" ()", "")
        if tuple(error.get("loc", ())) == ("body",) and error.get("type") in OBJECT_EXPECTED:
            return "the request body must be a JSON object (Content-Type: application/json)"
        # The place may hold the client's own text (an option name): a long one is not quoted.
        loc = [
            str(part) if len(str(part)) <= MAX_PLACE_PART else "…"
            for part in error.get("loc", ()) if part not in ("body", "query", "path")
        ]
        where = ".".join(loc) or "body"
        reason = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{where}: {shortened(reason, 100)}")
    if len(parts) > MAX_PROBLEMS:
        parts[MAX_PROBLEMS:] = [f"and {len(parts) - MAX_PROBLEMS} more"]
    return "; ".join(parts) or "the request does not match the schema"


def unreadable_json(error: StarletteHTTPException) -> str | None:
    """Return why a body JSON could not read, if that is what FastAPI's bare 400 means."""
    if error.status_code != 400:
        return None
    for kind, reason in UNREADABLE_JSON:
        if isinstance(error.__cause__, kind):
            return f"the request body is not valid JSON: {reason}"
    return None


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers that give every error the documented JSON shape."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.body(), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def _malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response("malformed", validation_message(error.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        reason = unreadable_json(error)
        if reason is not None:
            return error_response("malformed", reason)
        codes = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}
        code = codes.get(error.status_code, "bad_request")
        message = str(error.detail) if error.detail else "request refused"
        if error.status_code == 404:
            message = f"there is nothing at {request.url.path}"
        return JSONResponse(
            error_body(code, message), status_code=error.status_code, headers=error.headers
        )

    async def _unavailable(request: Request, error: Exception) -> JSONResponse:
        # An outage, not a bug (server/outages.py): one line in the log, no traceback.
        log.warning("%s %s: the database or Redis is unreachable (%s)",
                    _method(request), request.url.path, type(error).__name__)
        return error_response(
            "unavailable",
            "the server cannot reach its database just now: "
            f"try again in {RETRY_AFTER_SECONDS} seconds",
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )

    for outage in OUTAGE_ERRORS:
        app.add_exception_handler(outage, _unavailable)

    @app.exception_handler(Exception)
    async def _internal(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", _method(request), request.url.path)
        # Starlette answers an unhandled error outside every middleware: add the headers here.
        return JSONResponse(
            error_body("internal", "internal server error"), status_code=500,
            headers=SECURITY_HEADERS,
        )


def _method(request: Request) -> str:
    """Return the request's HTTP method ("WEBSOCKET" for a socket, which has none)."""
    return str(request.scope.get("method", "WEBSOCKET"))
