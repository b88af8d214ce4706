"""Bounds on what one request may make the server read, parse, build or echo (issue 9)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from ludoteca.server import joining
from ludoteca.server import seats as seats_module
from tests.processes import Server
from tests.server.support import (
    FOUR_HUMANS,
    POLL_SECONDS,
    TestClient,
    assert_error,
    create,
    serve,
)

LIMIT = 65_536
"""The default `max_body_bytes`."""
ECHO = 400
"""No error message is longer than this, whatever the request held."""


def post_raw(client: TestClient, path: str, content: Any) -> Any:
    """POST `content` (bytes or an iterator of chunks) as JSON to `path`."""
    return client.post(path, content=content, headers={"content-type": "application/json"})


# -- body size at the edge ----------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_by_its_length(client: TestClient) -> None:
    options = {f"o{i}": i for i in range(LIMIT // 8)}
    body = json.dumps({"game": "keezen", "options": options}).encode()
    assert len(body) > LIMIT
    message = assert_error(post_raw(client, "/api/matches", body), 413, "too_large")
    assert str(LIMIT) in message


def test_a_streamed_body_is_counted_and_refused_past_the_limit(client: TestClient) -> None:
    chunks = [b'{"game": "keezen", "name": "'] + [b"x" * 4096] * 20 + [b'"}']
    response = post_raw(client, "/api/matches", iter(chunks))  # chunked: no Content-Length
    assert_error(response, 413, "too_large")


def test_a_body_at_the_limit_still_reaches_the_schema(client: TestClient) -> None:
    body = b'{"game": "keezen", "x": "' + b"y" * (LIMIT - 40) + b'"}'
    assert len(body) <= LIMIT
    assert post_raw(client, "/api/matches", body).status_code == 201


def test_the_limit_is_a_setting(tmp_path: Path) -> None:
    body = {"game": "keezen", "seats": FOUR_HUMANS}
    with serve(tmp_path, max_body_bytes=40) as client:
        assert_error(client.post("/api/matches", json=body), 413, "too_large")


# -- every list and string of a request is bounded --------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"game": "keezen", "options": {f"o{i}": i for i in range(100)}},
        {"game": "keezen", "options": {"k" * 1000: 1}},
        {"game": "keezen", "options": {"max_deals": "x" * 1000}},
        {"game": "keezen", "options": {"max_deals": [1] * 1000}},
        {"game": "keezen", "options": {"max_deals": {"a": 1}}},
        {"game": "g" * 5000},
        {"game": "keezen", "seats": [{"type": "human"}] * 1000},
        {"game": "keezen", "seats": [{"type": "bot", "bot": "b" * 5000}] * 4},
        {"game": "keezen", "claim": list(range(1000))},
        {"game": "keezen", "players": 10**100},
        {"game": "keezen", "claim": [-1]},
    ],
    ids=["many options", "long option name", "long option text", "option list",
         "option object", "long game", "many seats", "long bot name", "long claim",
         "huge players", "negative claim"],
)
def test_create_refuses_unbounded_fields_without_echoing_them(
    client: TestClient, body: dict[str, Any]
) -> None:
    message = assert_error(client.post("/api/matches", json=body), 422, "malformed")
    assert len(message) <= ECHO


def test_join_and_action_fields_are_bounded(client: TestClient) -> None:
    created = create(client)
    match_id, token = created["match_id"], created["tokens"]["0"]
    join = client.post(f"/api/matches/{match_id}/join", json={"seat": 10**30})
    assert len(assert_error(join, 422, "malformed")) <= ECHO
    action = {"token": token, "state_id": 10**30, "action": "x"}
    answer = client.post(f"/api/matches/{match_id}/actions", json=action)
    assert len(assert_error(answer, 422, "malformed")) <= ECHO


def test_validation_messages_never_include_the_input(client: TestClient) -> None:
    secret = "s3cr3t-" * 1000
    body = {"game": "keezen", "options": {secret: 1}, "hotseat": secret, "seats": secret}
    message = assert_error(client.post("/api/matches", json=body), 422, "malformed")
    assert "s3cr3t" not in message and len(message) <= ECHO


def test_engine_refusals_are_bounded_too(client: TestClient) -> None:
    body = {"game": "keezen", "options": {"no_such_option_" + "z" * 20: True}}
    message = assert_error(client.post("/api/matches", json=body), 400, "bad_request")
    assert len(message) <= ECHO


# -- building a game never runs on the event loop -----------------------------------------------


def on_event_loop() -> bool:
    """Return whether the caller runs in a thread with a running asyncio loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def test_games_and_bots_are_built_in_worker_threads(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, bool]] = []
    load, make_bot = joining.load, seats_module.make_bot

    def spy_load(*args: Any, **kwargs: Any) -> Any:
        calls.append(("load", on_event_loop()))
        return load(*args, **kwargs)

    def spy_make_bot(*args: Any, **kwargs: Any) -> Any:
        calls.append(("make_bot", on_event_loop()))
        return make_bot(*args, **kwargs)

    monkeypatch.setattr(joining, "load", spy_load)
    monkeypatch.setattr(seats_module, "make_bot", spy_make_bot)
    create(client, seats=[{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 3)
    assert ("load", False) in calls and ("make_bot", False) in calls
    assert not [call for call in calls if call[1]], calls


# -- bodies that are not JSON ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        b'{"game": "keezen", "name": "\xff\xfe"}',
        b'{"game": "keezen", "players": ' + b"9" * 5000 + b"}",
        b'{"game": "keezen", "options": {"a": ' + b"[" * 30_000 + b"]" * 30_000 + b"}}",
    ],
    ids=["invalid utf-8", "5000-digit integer", "deep nesting"],
)
def test_bodies_json_cannot_read_are_malformed(client: TestClient, content: bytes) -> None:
    message = assert_error(post_raw(client, "/api/matches", content), 422, "malformed")
    assert "JSON" in message and len(message) <= ECHO


# -- issue 23, finding 8: a chunked body past the limit is not read to its end --------------------

BODY_CHUNK = b"x" * 65_536
ENDLESS = 256 * 1024 * 1024
"""How much a client keeps sending: far more than the kernel's buffers on both ends hold, so it
can only all go if the server reads it."""


def send_chunks(connection: socket.socket, sent: list[int]) -> None:
    """Send one chunk after another until ENDLESS bytes went or the server cuts the connection."""
    frame = b"%x\r\n%s\r\n" % (len(BODY_CHUNK), BODY_CHUNK)
    try:
        while sent[0] < ENDLESS:
            connection.sendall(frame)
            sent[0] += len(frame)
    except OSError:  # broken pipe or reset: the server closed the connection
        pass


def read_until_closed(connection: socket.socket) -> bytes:
    """Return every byte the server sends until it closes the connection (an end or a reset)."""
    received = b""
    while True:
        try:
            data = connection.recv(65_536)
        except ConnectionResetError:
            return received
        except TimeoutError as error:
            raise AssertionError(f"the connection stayed open after {received[:40]!r}") from error
        if not data:
            return received
        received += data


def test_a_chunked_body_past_the_limit_is_answered_and_the_connection_closed(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path, extra_args=("--max-body-bytes", "4096"))
    server.start()
    try:
        address = urlsplit(server.base)
        assert address.hostname is not None and address.port is not None
        with socket.create_connection(
            (address.hostname, address.port), timeout=POLL_SECONDS
        ) as connection:
            connection.sendall(
                b"POST /api/matches HTTP/1.1\r\nHost: ludoteca\r\n"
                b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            )
            sent = [0]
            sender = threading.Thread(target=send_chunks, args=(connection, sent))
            sender.start()
            answer = read_until_closed(connection)
            sender.join()
    finally:
        server.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b"connection: close" in head.lower()
    assert json.loads(body)["error"]["code"] == "too_large"
    # The server stopped reading: the client could not hand over its endless body.
    assert sent[0] < ENDLESS
