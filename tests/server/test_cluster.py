"""Two `ludoteca serve` processes on one PostgreSQL database and one Redis (issue 15): a socket
on one process sees what the other accepted, the database accepts a contested action once, a
bot-only match survives the death of the process playing it, and nothing accepted is lost."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

import ludoteca
from tests.processes import Server
from tests.server.support import POLL_SECONDS, wait_for

LEASE_SECONDS = "2"
TWO_HUMANS = [{"type": "human"}, {"type": "human"}]


@pytest.fixture
def cluster(
    tmp_path: Path, fresh_postgres_url: str, redis_url: str
) -> Iterator[tuple[Server, Server]]:
    """Yield two started servers, A and B, sharing a new PostgreSQL database and Redis."""
    servers = [
        Server(
            tmp_path, name=name, database_url=fresh_postgres_url,
            extra_args=("--redis-url", redis_url, "--bot-lease-seconds", LEASE_SECONDS),
        )
        for name in ("a", "b")
    ]
    try:
        for server in servers:
            server.start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.close()


def hot_seat_match(server: Server) -> tuple[str, dict[str, str]]:
    """Create a 2-player Keezen hot-seat match; return its id and both seats' tokens."""
    response = server.post(
        "/api/matches", {"game": "keezen", "players": 2, "seats": TWO_HUMANS, "hotseat": True}
    )
    assert response.status_code == 201, response.text
    return response.json()["match_id"], response.json()["tokens"]


@contextmanager
def open_socket(server: Server, match_id: str, token: str | None) -> Iterator[ClientConnection]:
    """Open the match's socket on `server`, say hello, and yield it."""
    with connect(f"{server.base.replace('http', 'ws', 1)}/api/matches/{match_id}/ws") as socket:
        socket.send(json.dumps({"token": token}))
        yield socket


def view_at(socket: ClientConnection, state_id: int) -> dict[str, Any]:
    """Return the first view the socket receives at `state_id` (other messages are skipped)."""
    while True:
        message = json.loads(socket.recv(timeout=POLL_SECONDS))
        if message.get("state_id") == state_id and "observation" in message:
            return message


def stored_actions(database_url: str, match_id: str) -> list[tuple[int, str]]:
    """Return the match's stored actions as (index, text), in order."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text('SELECT "index", text FROM actions WHERE match_id = :m ORDER BY "index"'),
                {"m": match_id},
            ).all()
    finally:
        engine.dispose()
    return [(index, action) for index, action in rows]


def test_a_socket_on_one_process_sees_every_action_posted_to_the_other(
    cluster: tuple[Server, Server],
) -> None:
    a, b = cluster
    match_id, tokens = hot_seat_match(a)
    with open_socket(a, match_id, None) as on_a, open_socket(b, match_id, tokens["0"]) as on_b:
        accepted, view = play_over_both(cluster, match_id, tokens, (on_a, on_b))
    assert [action for _, action in stored_actions(a.database_url, match_id)] == accepted
    record = a.get(f"/api/matches/{match_id}/record")
    final = ludoteca.replay(record)[-1]
    game = ludoteca.load("keezen", players=2)
    assert view["observation"] == game.observation(final, view["seat"])


def play_over_both(
    cluster: tuple[Server, Server], match_id: str, tokens: dict[str, str],
    sockets: tuple[ClientConnection, ...],
) -> tuple[list[str], dict[str, Any]]:
    """Play the match to its end, each action posted to either process at random; check that
    every socket sees every action. Return the accepted actions and the last view."""
    b = cluster[1]
    rng = random.Random(3)
    accepted: list[str] = []
    view = b.get(f"/api/matches/{match_id}/view", token=tokens["0"])
    while not view["observation"]["terminal"]:
        seat = view["observation"]["current_player"]
        server = rng.choice(cluster)  # each action to either process: they take turns at random
        state_id = view["state_id"]
        mine = server.get(f"/api/matches/{match_id}/view", token=tokens[str(seat)])
        assert mine["state_id"] == state_id  # a copy never answers with an older state
        action = rng.choice(mine["observation"]["legal_actions"])
        body = {"token": tokens[str(seat)], "state_id": state_id, "action": action}
        response = server.post(f"/api/matches/{match_id}/actions", body)
        assert response.status_code == 200, response.text
        accepted.append(action)
        view = response.json()
        for socket in sockets:  # every socket sees it, whichever process took it
            assert view_at(socket, state_id + 1)["match"]["state_id"] == state_id + 1
    return accepted, view


def test_two_hundred_duplicate_submissions_over_both_processes_are_accepted_once(
    cluster: tuple[Server, Server],
) -> None:
    a, b = cluster
    match_id, tokens = hot_seat_match(a)
    view = a.get(f"/api/matches/{match_id}/view")
    seat = view["observation"]["current_player"]
    mine = a.get(f"/api/matches/{match_id}/view", token=tokens[str(seat)])
    action = mine["observation"]["legal_actions"][0]
    body = {"token": tokens[str(seat)], "state_id": 0, "action": action}

    async def submit_all() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=30) as client:
            return await asyncio.gather(*(
                client.post(f"{server.base}/api/matches/{match_id}/actions", json=body)
                for _ in range(100) for server in (a, b)
            ))

    responses = asyncio.run(submit_all())
    statuses = [response.status_code for response in responses]
    assert statuses.count(200) == 1, sorted(set(statuses))
    refused = [
        response.json()["error"]["code"] for response in responses if response.status_code != 200
    ]
    assert set(refused) == {"stale_state"}
    assert stored_actions(a.database_url, match_id) == [(0, action)]
    for server in (a, b):  # both copies end level with the database
        assert server.get(f"/api/matches/{match_id}/view")["state_id"] == 1


def test_a_bot_match_resumes_on_the_other_process_when_its_process_is_killed(
    tmp_path: Path, fresh_postgres_url: str, redis_url: str
) -> None:
    slow_bots = ("--redis-url", redis_url, "--bot-lease-seconds", LEASE_SECONDS,
                 "--bot-delay", "0.05")
    a, b = (Server(tmp_path, name=name, database_url=fresh_postgres_url, extra_args=slow_bots)
            for name in ("a", "b"))
    try:
        a.start()
        b.start()
        seats = [{"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "random"}]
        created = a.post("/api/matches", {"game": "keezen", "players": 2, "seats": seats})
        assert created.status_code == 201, created.text
        match_id = created.json()["match_id"]

        def lease_holder() -> str | None:
            engine = create_engine(fresh_postgres_url)
            try:
                with engine.connect() as connection:
                    return connection.execute(
                        text("SELECT holder FROM bot_leases WHERE match_id = :m"), {"m": match_id}
                    ).scalar()
            finally:
                engine.dispose()

        def moved_a_little() -> bool:
            return len(stored_actions(fresh_postgres_url, match_id)) >= 10

        wait_for(moved_a_little, "A's bots to make ten moves")
        holder = lease_holder()
        assert holder is not None
        a.kill()
        before = stored_actions(fresh_postgres_url, match_id)

        def finished() -> dict[str, Any] | None:
            view = b.get(f"/api/matches/{match_id}/view")
            return view if view["match"]["status"] == "finished" else None

        view = wait_for(finished, "B to finish the match", seconds=120)
        after = stored_actions(fresh_postgres_url, match_id)
        assert after[: len(before)] == before  # nothing accepted before the kill is lost
        assert len(after) > len(before)  # and B, the only process left, played on
        assert [index for index, _ in after] == list(range(len(after)))
        record = b.get(f"/api/matches/{match_id}/record")
        assert record["actions"] == [action for _, action in after]
        game = ludoteca.load("keezen", players=2)
        final = ludoteca.replay(record)[-1]
        assert game.is_terminal(final)
        assert view["match"]["result"]["returns"] == list(game.returns(final))
        assert lease_holder() is None  # given up once no bot is to move
    finally:
        a.close()
        b.close()


def test_players_on_two_processes_see_each_others_presence_chat_and_seats(
    cluster: tuple[Server, Server],
) -> None:
    a, b = cluster
    created = a.post("/api/matches", {"game": "keezen", "players": 2, "seats": TWO_HUMANS})
    assert created.status_code == 201, created.text
    match_id, first_token = created.json()["match_id"], created.json()["tokens"]["0"]
    joined = b.post(f"/api/matches/{match_id}/join", {"name": "Bo"})
    assert joined.status_code == 200, joined.text
    second_token = joined.json()["token"]

    def on(socket: ClientConnection, wanted: Any) -> dict[str, Any]:
        """Return the first message on the socket for which `wanted` is true."""
        while True:
            message = json.loads(socket.recv(timeout=POLL_SECONDS))
            if wanted(message):
                return message

    def seat_present(seat: int, present: bool) -> Any:
        return lambda message: message.get("type") == "view" and (
            message["match"]["seats"][seat]["present"] is present
        )

    with open_socket(a, match_id, first_token) as on_a:
        # The claim through b reaches a through Redis, a moment after b answered: a's first view
        # may still show the match open; the next one shows it started.
        on(on_a, lambda m: m.get("type") == "view" and m["match"]["status"] == "running")
        with open_socket(b, match_id, second_token):
            on(on_a, seat_present(1, True))  # b's socket, told to a through Redis
            said = b.post(f"/api/matches/{match_id}/chat", {"token": second_token, "text": "hi"})
            assert said.status_code == 201, said.text
            line = on(on_a, lambda m: m.get("kind") == "chat")
            assert (line["seat"], line["name"], line["text"]) == (1, "Bo", "hi")
        on(on_a, seat_present(1, False))  # b's socket closed
