"""One copy of each match per process, and a database that refuses a second claim or action.

The hub keeps at most `max_cached_matches` matches in memory; these tests make it hold 2 while
sockets keep other matches busy, then claim, submit and listen across more matches than that.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import queue
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ludoteca.server import storage, tables
from tests.server.support import (
    POLL_SECONDS,
    TestClient,
    act,
    assert_error,
    create,
    serve,
    view,
)

CACHED = 2
RACERS = 6
"""Identical requests sent at once on one match."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with serve(tmp_path, max_cached_matches=CACHED) as client:
        yield client


@contextlib.contextmanager
def busy_matches(client: TestClient) -> Iterator[list[str]]:
    """Yield the ids of CACHED matches each kept busy by an open spectator socket."""
    ids = [create(client)["match_id"] for _ in range(CACHED)]
    with contextlib.ExitStack() as stack:
        for match_id in ids:
            socket = stack.enter_context(client.websocket_connect(f"/api/matches/{match_id}/ws"))
            socket.send_json({"token": None})
            assert socket.receive_json()["state_id"] == 0
        yield ids


def at_once(requests: list[Any]) -> list[Any]:
    """Return the answers of `requests` (functions of no argument) sent concurrently."""
    with ThreadPoolExecutor(len(requests)) as pool:
        return [future.result() for future in [pool.submit(request) for request in requests]]


def receive_within(socket: Any, seconds: float) -> Any:
    """Return the next message of `socket`; fail if none comes within `seconds`."""
    message: queue.Queue[Any] = queue.Queue()
    threading.Thread(target=lambda: message.put(socket.receive_json()), daemon=True).start()
    try:
        return message.get(timeout=seconds)
    except queue.Empty:
        raise AssertionError(f"no message within {seconds} s") from None


def test_one_claim_of_a_seat_wins_when_the_cache_is_full_of_busy_matches(
    client: TestClient,
) -> None:
    with busy_matches(client):
        ids = [create(client)["match_id"] for _ in range(3)]
        answers = at_once([
            (lambda match_id=match_id: client.post(
                f"/api/matches/{match_id}/join", json={"seat": 1, "name": "Bo"}))
            for match_id in ids for _ in range(RACERS)
        ])
        for number, match_id in enumerate(ids):
            mine = answers[number * RACERS:(number + 1) * RACERS]
            assert sorted(a.status_code for a in mine) == [200] + [409] * (RACERS - 1)
            for answer in mine:
                if answer.status_code == 409:
                    assert_error(answer, 409, "seat_taken")
            token = next(a.json()["token"] for a in mine if a.status_code == 200)
            assert view(client, match_id, token)["seat"] == 1  # the winner's token plays
            assert view(client, match_id)["match"]["seats"][1]["claimed"]


def test_one_submit_at_a_state_wins_when_the_cache_is_full_of_busy_matches(
    client: TestClient,
) -> None:
    with busy_matches(client):
        made = [create(client, hotseat=True) for _ in range(3)]
        requests = []
        for created in made:
            match_id, seat = created["match_id"], created["match"]["current_player"]
            token = created["tokens"][str(seat)]
            action = view(client, match_id, token)["observation"]["legal_actions"][0]
            requests += [
                (lambda m=match_id, t=token, a=action: act(client, m, t, 0, a))
            ] * RACERS
        answers = at_once(requests)
        for number, created in enumerate(made):
            mine = answers[number * RACERS:(number + 1) * RACERS]
            assert sorted(a.status_code for a in mine) == [200] + [409] * (RACERS - 1)
            for answer in mine:
                if answer.status_code == 409:
                    assert_error(answer, 409, "stale_state")
            assert view(client, created["match_id"])["state_id"] == 1


def test_a_socket_on_a_match_beyond_the_cache_gets_every_new_view(client: TestClient) -> None:
    with busy_matches(client):
        made = [create(client, hotseat=True) for _ in range(3)]
        with contextlib.ExitStack() as stack:
            sockets = []
            for created in made:
                socket = stack.enter_context(
                    client.websocket_connect(f"/api/matches/{created['match_id']}/ws"))
                socket.send_json({"token": None})
                assert socket.receive_json()["state_id"] == 0
                sockets.append(socket)
            for created, socket in zip(made, sockets, strict=True):
                match_id, seat = created["match_id"], created["match"]["current_player"]
                token = created["tokens"][str(seat)]
                action = view(client, match_id, token)["observation"]["legal_actions"][0]
                assert act(client, match_id, token, 0, action).status_code == 200
                assert receive_within(socket, POLL_SECONDS)["state_id"] == 1


def test_a_socket_whose_match_left_memory_before_its_hello_gets_every_new_view(
    client: TestClient,
) -> None:
    with busy_matches(client):
        created = create(client, hotseat=True)
        match_id, seat = created["match_id"], created["match"]["current_player"]
        token = created["tokens"][str(seat)]
        with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
            for _ in range(CACHED):  # while the client is silent, its idle match is dropped
                create(client)
            socket.send_json({"token": None})
            assert socket.receive_json()["state_id"] == 0
            action = view(client, match_id, token)["observation"]["legal_actions"][0]
            assert act(client, match_id, token, 0, action).status_code == 200
            assert receive_within(socket, POLL_SECONDS)["state_id"] == 1


# -- the database's own guards ----------------------------------------------------------------


@pytest.fixture
def database() -> Iterator[storage.Database]:
    database = storage.Database("sqlite://")
    now = storage.utc_now()
    with database.session() as session:
        storage.insert_match(session, tables.MatchRow(
            id="m1", game="keezen", players=4, options={}, seed=1, rules_version="1",
            hotseat=False, status="open", state_id=0, current_player=0, result=None,
            created_at=now, updated_at=now, rematch_id=None,
            seats=[tables.SeatRow(seat=seat, type="human") for seat in range(4)],
        ))
    yield database
    database.dispose()


def seat_row(database: storage.Database, seat: int) -> tables.SeatRow:
    with database.session() as session:
        row = session.get(tables.SeatRow, ("m1", seat))
        assert row is not None
        return row


def test_storage_refuses_a_second_claim_of_a_seat(database: storage.Database) -> None:
    now = storage.utc_now()
    with database.session() as session:
        storage.claim_seats(session, "m1", {1: ("first", "Ann")}, "open", now)
    with database.session() as session, pytest.raises(storage.SeatAlreadyClaimed):
        storage.claim_seats(session, "m1", {2: ("second", "Bo"), 1: ("second", "Bo")}, "open", now)
    assert (seat_row(database, 1).token_hash, seat_row(database, 1).name) == ("first", "Ann")
    assert not seat_row(database, 2).claimed  # the refused claim stored nothing


def test_storage_refuses_a_second_action_at_one_index(database: storage.Database) -> None:
    summary = {"status": "open", "state_id": 1, "current_player": 1, "result": None,
               "updated_at": storage.utc_now()}
    storage.append_action(database.engine, "m1", 0, 0, "first", summary, undos=0)
    later = {**summary, "updated_at": summary["updated_at"] + dt.timedelta(seconds=1)}
    with pytest.raises(storage.ActionAlreadyStored):
        storage.append_action(database.engine, "m1", 0, 0, "second", later, undos=0)
    with database.session() as session:
        stored = storage.load_match(session, "m1")
        assert stored is not None
        assert stored[1] == ["first"]
        assert stored[0].updated_at == summary["updated_at"]
