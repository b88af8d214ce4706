"""Issue 23, findings 5 and 8: the match sockets are bounded.

Sockets on finished matches do not pin a copy each in memory past `max_cached_matches`; an
address and a match may hold only so many sockets open, and an address may open only so many a
minute; a hello is short and flat; after its hello a socket may send only a few frames.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import sockets
from ludoteca.server.errors import ApiError
from ludoteca.server.hub import MatchHub
from tests.server.support import POLL_SECONDS, TestClient, create, serve, wait_for

CACHED = 5
FINISHED = 20
BOTS_ONLY = {
    "players": 2, "seed": 4, "seats": [{"type": "bot", "bot": "heuristic"}] * 2,
}
"""A bot-only match that ends within a few dozen moves (heuristic bots, seed 4)."""


def hub_of(client: TestClient) -> MatchHub:
    hub: MatchHub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def url(match_id: str) -> str:
    return f"/api/matches/{match_id}/ws"


def receive_within(socket: Any, seconds: float = POLL_SECONDS) -> Any:
    """Return the next message of `socket`; fail if none comes within `seconds`."""
    received: queue.Queue[Any] = queue.Queue()

    def receive() -> None:
        try:
            received.put(socket.receive_json())
        except Exception as error:  # closed (WebSocketDisconnect), or torn down after a failure
            received.put(error)

    threading.Thread(target=receive, daemon=True).start()
    try:
        message = received.get(timeout=seconds)
    except queue.Empty:
        raise AssertionError(f"no message within {seconds} s") from None
    if isinstance(message, Exception):
        raise message
    return message


def assert_refused(socket: Any, code: str, close: int) -> str:
    """Assert the socket gets an error `code` and is closed with `close`; return the message."""
    message = receive_within(socket)
    while message["type"] != "error":  # views and messages sent before the refusal
        message = receive_within(socket)
    assert message["error"]["code"] == code, message
    with pytest.raises(WebSocketDisconnect) as closed:
        receive_within(socket)
    assert closed.value.code == close
    text: str = message["error"]["message"]
    return text


@contextlib.contextmanager
def spectator(client: TestClient, match_id: str) -> Iterator[Any]:
    """Yield a spectator's socket on the match, past its first view."""
    with client.websocket_connect(url(match_id)) as socket:
        socket.send_json({"token": None})
        assert receive_within(socket)["type"] == "view"
        yield socket


# -- finding 5: finished matches' sockets and the cache -------------------------------------------


def test_sockets_on_finished_matches_keep_the_cache_within_its_bound(tmp_path: Path) -> None:
    with serve(tmp_path, max_cached_matches=CACHED) as client:
        hub = hub_of(client)
        ids = [create(client, **BOTS_ONLY)["match_id"] for _ in range(FINISHED)]
        for match_id in ids:
            wait_for(
                lambda match_id=match_id: client.get(f"/api/matches/{match_id}").json()[
                    "status"] == "finished",
                f"match {match_id} to finish",
            )
        with contextlib.ExitStack() as stack:
            watching = []
            for match_id in ids:
                socket = stack.enter_context(client.websocket_connect(url(match_id)))
                socket.send_json({"token": None})
                first = receive_within(socket)
                assert first["match"]["status"] == "finished", first
                watching.append(socket)
                assert len(hub.cache.copies()) <= CACHED
            # The first match's copy has left memory; its socket still hears of a new message.
            assert hub.cache.cached(ids[0]) is None
            posted = client.post(
                f"/api/matches/{ids[0]}/chat", json={"text": "good game", "name": "Ann"}
            )
            assert posted.status_code == 201, posted.text
            assert receive_within(watching[0])["text"] == "good game"
            assert len(hub.cache.copies()) <= CACHED
        wait_for(lambda: not hub.cache.copies() or len(hub.cache.copies()) <= CACHED,
                 "the sockets to close")
        assert len(hub.cache.copies()) <= CACHED


def test_another_process_s_message_reaches_a_socket_whose_finished_match_left_memory(
    tmp_path: Path,
) -> None:
    # Two apps on one database stand in for two processes; the Redis event is handed over.
    with serve(tmp_path, max_cached_matches=1) as here, serve(tmp_path) as there:
        hub = hub_of(here)
        match_id = create(here, **BOTS_ONLY)["match_id"]
        wait_for(lambda: here.get(f"/api/matches/{match_id}").json()["status"] == "finished",
                 "the match to finish")
        with spectator(here, match_id) as socket:
            create(here)  # the finished match's copy makes room for it
            assert hub.cache.cached(match_id) is None
            posted = there.post(
                f"/api/matches/{match_id}/chat", json={"text": "rematch?", "name": "Bo"}
            )
            assert posted.status_code == 201, posted.text
            event = {"match": match_id, "kind": "message", "message": posted.json()}
            assert here.portal is not None
            here.portal.call(hub.on_event, event)
            assert receive_within(socket)["text"] == "rematch?"
            live = hub.cache.cached(match_id)
            assert live is not None  # loaded to pass the message on, which it holds once
            assert [m.id for m in live.messages].count(posted.json()["id"]) == 1


def test_sockets_closed_on_running_matches_bring_the_cache_back_within_its_bound(
    tmp_path: Path,
) -> None:
    with serve(tmp_path, max_cached_matches=CACHED) as client:
        hub = hub_of(client)
        ids = [create(client)["match_id"] for _ in range(CACHED + 3)]
        with contextlib.ExitStack() as stack:
            for match_id in ids:
                stack.enter_context(spectator(client, match_id))
            assert len(hub.cache.copies()) == CACHED + 3  # each is waiting: in use
        wait_for(lambda: len(hub.cache.copies()) <= CACHED, "the copies to leave memory")


# -- finding 5: how many sockets ------------------------------------------------------------------


def test_an_address_with_its_most_sockets_open_is_refused_too_busy(tmp_path: Path) -> None:
    with serve(tmp_path, max_sockets_per_address=2) as client:
        match_id = create(client, hotseat=True)["match_id"]
        with spectator(client, match_id), spectator(client, match_id) as second:
            with client.websocket_connect(url(match_id)) as third:
                assert "2 match connections" in assert_refused(third, "too_busy", 4429)
            second.close()
        with spectator(client, match_id):  # closed sockets are not counted
            pass


def test_a_match_with_its_most_sockets_open_is_refused_too_busy(tmp_path: Path) -> None:
    with serve(tmp_path, max_sockets_per_match=2) as client:
        match_id = create(client, hotseat=True)["match_id"]
        other = create(client, hotseat=True)["match_id"]
        with spectator(client, match_id), spectator(client, match_id):
            with client.websocket_connect(url(match_id)) as third:
                assert "this match" in assert_refused(third, "too_busy", 4429)
            with spectator(client, other):
                pass


def test_an_address_that_opens_sockets_too_often_is_refused_rate_limited(
    tmp_path: Path,
) -> None:
    with serve(tmp_path, socket_rate="3/minute") as client:
        match_id = create(client, hotseat=True)["match_id"]
        for _ in range(3):
            with spectator(client, match_id):
                pass
        with client.websocket_connect(url(match_id)) as fourth:
            assert "3 per minute" in assert_refused(fourth, "rate_limited", 4429)


# -- finding 8: the hello and the frames after it --------------------------------------------------


@pytest.mark.parametrize(
    "hello", ["[" * 60_000, '{"token": null, "pad": "' + "x" * 2_000 + '"}'],
    ids=["nested", "long"],
)
def test_a_deep_or_long_hello_is_refused_malformed(tmp_path: Path, hello: str) -> None:
    with serve(tmp_path) as client:
        match_id = create(client, hotseat=True)["match_id"]
        with client.websocket_connect(url(match_id)) as socket:
            socket.send_text(hello)
            assert "at most 1000 characters" in assert_refused(socket, "malformed", 4422)
        assert client.get(f"/api/matches/{match_id}/view").status_code == 200


def test_a_socket_that_keeps_sending_after_its_hello_is_closed_rate_limited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sockets, "monotonic", lambda: 100.0)  # no frame is earned back
    with serve(tmp_path) as client:
        match_id = create(client, hotseat=True)["match_id"]
        with spectator(client, match_id) as socket:
            for number in range(sockets.FRAME_BURST + 1):
                socket.send_text(f"frame {number}")
            assert "too many messages" in assert_refused(socket, "rate_limited", 4429)
        assert client.get(f"/api/matches/{match_id}/view").status_code == 200
        with spectator(client, match_id):  # the server still serves sockets
            pass


def test_the_frame_budget_allows_a_burst_then_a_frame_a_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [0.0]
    monkeypatch.setattr(sockets, "monotonic", lambda: now[0])
    budget = sockets.FrameBudget()
    for _ in range(sockets.FRAME_BURST):
        budget.spend()
    with pytest.raises(ApiError) as refused:
        budget.spend()
    assert refused.value.code == "rate_limited"
    now[0] += 1 / sockets.FRAMES_PER_SECOND
    budget.spend()
    with pytest.raises(ApiError):
        budget.spend()
