"""Votes with two processes on PostgreSQL and Redis (issue 23): the player of the target seat has
the match open on B; a process A that has just loaded the match heard nothing of that socket
(Redis told it before A held the match, or Redis is down), yet a vote through A must not put
out a present player. A asks the database, where every process keeps its open seats
(server/presence.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.processes import Server
from tests.server.support import assert_error, wait_for
from tests.server.test_cluster import open_socket
from tests.services import RedisServer

TWO_HUMANS = [{"type": "human"}, {"type": "human"}]
VOTER, TARGET = 0, 1


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[RedisServer]:
    """Yield a redis-server of this test's own, which it may stop."""
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def shown_present(server: Server, match_id: str, seat: int) -> bool:
    """Return True if `server` shows `seat` present."""
    return bool(server.get(f"/api/matches/{match_id}")["seats"][seat]["present"])


def vote_once_known(server: Server, match_id: str, token: str) -> Any:
    """Vote through `server` against TARGET; ask again while the process cannot tell yet who
    has the match open (just started). Return the answer."""
    def answer() -> Any:
        response = server.post(f"/api/matches/{match_id}/votes", {"token": token, "seat": TARGET})
        unknown = response.status_code == 409 and "cannot tell yet" in response.text
        return None if unknown else response
    return wait_for(answer, "a process that can tell who has the match open")


def check_a_vote_through_a_fresh_copy(a: Server, b: Server) -> None:
    """Make a match through B with TARGET's socket open there; A loads it when VOTER's socket
    opens there; a vote through A against TARGET is refused, and stores nothing."""
    created = b.post("/api/matches", {
        "game": "keezen", "players": 2, "seats": TWO_HUMANS, "claim": [VOTER, TARGET],
    })
    assert created.status_code == 201, created.text
    match_id, tokens = created.json()["match_id"], created.json()["tokens"]
    with open_socket(b, match_id, tokens[str(TARGET)]):
        wait_for(lambda: shown_present(b, match_id, TARGET), "B to show the target")
        with open_socket(a, match_id, tokens[str(VOTER)]):  # A loads the match now
            wait_for(lambda: shown_present(a, match_id, VOTER), "A to show the voter")
            refused = vote_once_known(a, match_id, tokens[str(VOTER)])
            message = assert_error(refused, 409, "cannot_vote")
            assert "is here" in message, message
    for server in (a, b):
        seat = server.get(f"/api/matches/{match_id}")["seats"][TARGET]
        assert (seat["type"], seat["votes"]) == ("human", []), seat


def test_a_vote_through_a_process_that_just_loaded_the_match_cannot_put_out_a_present_player(
    tmp_path: Path, fresh_postgres_url: str, redis: RedisServer
) -> None:
    a, b = (
        Server(tmp_path, name=name, database_url=fresh_postgres_url,
               extra_args=("--redis-url", redis.url))
        for name in ("a", "b")
    )
    try:
        a.start()
        b.start()
        check_a_vote_through_a_fresh_copy(a, b)
        redis.stop()  # from now on no process hears of another's sockets
        check_a_vote_through_a_fresh_copy(a, b)
    finally:
        a.close()
        b.close()
