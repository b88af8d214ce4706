"""Who may hold a seat and how its token travels (issue 9): fixed seeds only where the creator
holds every human seat, rematch seats kept for their previous holders, and seat tokens never in a
URL (an `Authorization` header for HTTP, a hello message on the WebSocket)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from ludoteca.server.routes import live as live_route
from tests.processes import Server
from tests.server.support import (
    FOUR_HUMANS,
    HUMAN_AND_BOTS,
    TestClient,
    assert_error,
    bearer,
    create,
    view,
)

TWO_HUMANS_TWO_BOTS = [{"type": "human"}, {"type": "bot"}, {"type": "human"}, {"type": "bot"}]


def join(client: TestClient, match_id: str, **body: Any) -> Any:
    """Post a join request and return the raw response."""
    return client.post(f"/api/matches/{match_id}/join", json=body)


def rematch(client: TestClient, match_id: str, *tokens: str) -> Any:
    """Ask for the rematch with the given seat tokens and return the raw response."""
    return client.post(f"/api/matches/{match_id}/rematch", json={"tokens": list(tokens)})


# -- finding 4: a fixed seed only where nobody else can sit ---------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"seed": 7},  # four human seats, the creator takes the first
        {"seed": 7, "claim": []},
        {"seed": 7, "hotseat": True, "claim": [0, 1]},
        {"seed": 7, "seats": TWO_HUMANS_TWO_BOTS},
    ],
)
def test_a_fixed_seed_is_refused_while_a_human_seat_is_left_for_others(
    client: TestClient, body: dict[str, Any]
) -> None:
    response = client.post("/api/matches", json={"game": "keezen", "seats": FOUR_HUMANS, **body})
    message = assert_error(response, 400, "bad_request")
    assert "seed" in message and "every human seat" in message


@pytest.mark.parametrize(
    "body",
    [
        {"seed": 7, "hotseat": True},
        {"seed": 7, "seats": HUMAN_AND_BOTS},
        {"seed": 7, "claim": [0, 1, 2, 3]},
        {"seed": 7, "seats": [{"type": "bot", "bot": "random"}] * 4},
    ],
)
def test_a_fixed_seed_is_allowed_when_the_creator_holds_every_human_seat(
    client: TestClient, body: dict[str, Any]
) -> None:
    created = create(client, **body)
    assert created["match"]["status"] in ("running", "finished")


# -- finding 5: rematch seats belong to their previous holders ------------------------------------


def test_a_rematch_seat_waits_for_its_previous_holder(client: TestClient) -> None:
    created = create(client, seats=TWO_HUMANS_TWO_BOTS, name="Ann")
    match_id = created["match_id"]
    bo = join(client, match_id, name="Bo").json()
    first = rematch(client, match_id, created["tokens"]["0"])
    assert first.status_code == 200, first.text
    new = first.json()
    new_id = new["match_id"]
    assert list(new["tokens"]) == ["0"]
    seat = new["match"]["seats"][2]
    assert seat["reserved"] and not seat["claimed"] and seat["name"] == "Bo"
    # A stranger (with or without a seat number) does not get Bo's seat.
    assert "previous" in assert_error(join(client, new_id, seat=2), 409, "seat_taken")
    assert_error(join(client, new_id), 409, "seat_taken")
    # Bo's old token plays nothing in the rematch until Bo asks for it.
    assert_error(client.get(f"/api/matches/{new_id}/view", headers=bearer(bo["token"])), 403,
                 "bad_token")
    second = rematch(client, match_id, bo["token"])
    assert second.status_code == 200, second.text
    assert second.json()["match_id"] == new_id and list(second.json()["tokens"]) == ["2"]
    assert view(client, new_id, second.json()["tokens"]["2"])["seat"] == 2
    summary = client.get(f"/api/matches/{new_id}").json()
    assert summary["status"] == "running"
    assert [(s["claimed"], s["reserved"]) for s in summary["seats"]] == [
        (True, False), (False, False), (True, False), (False, False)]


def test_a_seat_nobody_held_is_free_to_join_in_the_rematch(client: TestClient) -> None:
    created = create(client, seats=[{"type": "human"}, {"type": "human"}, {"type": "bot"},
                                    {"type": "bot"}])
    match_id = created["match_id"]
    new_id = rematch(client, match_id, created["tokens"]["0"]).json()["match_id"]
    assert not client.get(f"/api/matches/{new_id}").json()["seats"][1]["reserved"]
    joined = join(client, new_id)
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1


def test_a_hotseat_rematch_gives_each_caller_only_the_seats_it_held(client: TestClient) -> None:
    created = create(client, hotseat=True, claim=[0, 1, 2], name="Ann")
    match_id, host = created["match_id"], created["tokens"]
    guest = join(client, match_id, seat=3, name="Cy").json()
    by_guest = rematch(client, match_id, guest["token"])
    assert by_guest.status_code == 200, by_guest.text
    assert list(by_guest.json()["tokens"]) == ["3"]
    new_id = by_guest.json()["match_id"]
    by_host = rematch(client, match_id, host["0"], host["1"], host["2"])
    assert by_host.status_code == 200, by_host.text
    assert by_host.json()["match_id"] == new_id
    assert sorted(by_host.json()["tokens"]) == ["0", "1", "2"]
    assert client.get(f"/api/matches/{new_id}").json()["status"] == "running"
    assert_error(rematch(client, match_id, guest["token"]), 409, "seat_taken")


def test_a_rematch_request_names_at_least_one_token(client: TestClient) -> None:
    created = create(client, hotseat=True)
    match_id = created["match_id"]
    assert_error(rematch(client, match_id), 422, "malformed")
    assert_error(rematch(client, match_id, "guess"), 403, "bad_token")
    single = client.post(f"/api/matches/{match_id}/rematch",
                         json={"token": created["tokens"]["1"]})
    assert single.status_code == 200, single.text
    assert list(single.json()["tokens"]) == ["1"]


# -- finding 7: seat tokens never in a URL --------------------------------------------------------


def test_views_take_the_seat_token_from_the_authorization_header(client: TestClient) -> None:
    created = create(client, hotseat=True, seed=3)
    match_id, token = created["match_id"], created["tokens"]["2"]
    own = client.get(f"/api/matches/{match_id}/view", headers=bearer(token))
    assert own.status_code == 200 and own.json()["seat"] == 2
    past = client.get(f"/api/matches/{match_id}/history/0", headers=bearer(token))
    assert past.status_code == 200 and past.json()["seat"] == 2
    assert client.get(f"/api/matches/{match_id}/view").json()["seat"] is None
    assert_error(client.get(f"/api/matches/{match_id}/view", headers=bearer("guess")), 403,
                 "bad_token")
    assert_error(client.get(f"/api/matches/{match_id}/view",
                            headers={"Authorization": f"Basic {token}"}), 400, "bad_request")


@pytest.mark.parametrize("path", ["view", "history/0"])
def test_a_token_in_the_url_is_refused(client: TestClient, path: str) -> None:
    created = create(client, hotseat=True)
    token = created["tokens"]["0"]
    response = client.get(f"/api/matches/{created['match_id']}/{path}", params={"token": token})
    message = assert_error(response, 400, "bad_request")
    assert "Authorization" in message
    assert token not in message


def test_the_socket_takes_the_seat_token_from_its_first_message(client: TestClient) -> None:
    created = create(client, hotseat=True)
    match_id, token = created["match_id"], created["tokens"]["1"]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_json({"token": token})
        assert socket.receive_json()["seat"] == 1
    for hello in ({"token": None}, {}):
        with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
            socket.send_json(hello)
            assert socket.receive_json()["seat"] is None


def test_a_socket_without_a_hello_watches_as_a_spectator(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_route, "HELLO_SECONDS", 0.05)
    match_id = create(client, hotseat=True)["match_id"]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        assert socket.receive_json()["seat"] is None


@pytest.mark.parametrize(
    ("url", "hello", "code", "close"),
    [
        ("{match}/ws?token={token}", None, "bad_request", 4400),
        ("{match}/ws", {"token": "guess"}, "bad_token", 4403),
        ("{match}/ws", {"token": 5}, "malformed", 4422),
        ("{match}/ws", [1], "malformed", 4422),
    ],
)
def test_the_socket_refuses_a_token_in_the_url_and_a_bad_hello(
    client: TestClient, url: str, hello: Any, code: str, close: int
) -> None:
    created = create(client, hotseat=True)
    token = created["tokens"]["0"]
    path = url.format(match=f"/api/matches/{created['match_id']}", token=token)
    with client.websocket_connect(path) as socket:
        if hello is not None:
            socket.send_json(hello)
        message = socket.receive_json()
        assert message["type"] == "error" and message["error"]["code"] == code
        assert token not in message["error"]["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == close


def test_the_access_log_of_a_seat_view_holds_no_token(tmp_path: Path) -> None:
    server = Server(tmp_path, log_level="info")
    server.start()
    try:
        created = server.post("/api/matches", {"game": "keezen", "seats": FOUR_HUMANS,
                                               "hotseat": True}).json()
        match_id, token = created["match_id"], created["tokens"]["0"]
        assert server.get(f"/api/matches/{match_id}/view", token=token)["seat"] == 0
    finally:
        server.close()
    log = (tmp_path / "server-1.log").read_text()
    assert f"GET /api/matches/{match_id}/view" in log
    assert token not in log
