"""Issue 23's chaos test: two `ludoteca serve` processes on PostgreSQL and Redis behind nginx,
with bot-only, human-against-bot and human-only matches running, live through a restart of
PostgreSQL, Redis cut for 10 s and a `kill -9` of one process.

What must hold at the end: every acknowledged action is stored at its place, every match
finishes (the bots resume by themselves), every socket (reconnecting as the web page does)
reaches the final view, and every answer on the way was 200 or a typed error (503 with
Retry-After during the outage), never an untyped one.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from ludoteca.server.errors import STATUS_OF_CODE
from tests.nginx import nginx_proxy
from tests.processes import Server
from tests.server.support import POLL_SECONDS, wait_for
from tests.server.test_cluster import stored_actions
from tests.services import PostgresServer, RedisServer

pytestmark = pytest.mark.slow

BOT_DELAY = "0.1"
HUMAN_PAUSE_SECONDS = 0.3
"""Between two actions of the test's players: the matches last through the faults."""
POSTGRES_DOWN_SECONDS = 5.0
REDIS_DOWN_SECONDS = 10.0
FINISH_SECONDS = max(POLL_SECONDS, 240.0)
"""How long the matches have to finish after the last fault (they take about a minute)."""
KILL_CUT_SECONDS = 5.0
"""How soon after the kill a request it cut short ends on the client's side: the only
transport errors allowed (a process killed between a response's head and body cannot send the
body; nginx then closes the client's connection, and the client must ask again)."""
BOTS = {"type": "bot", "bot": "random"}
HUMAN = {"type": "human"}


@dataclass
class Answers:
    """Every answer the test's clients got that was not a 200, and what was wrong with any."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    refused: dict[str, int] = field(default_factory=dict)
    untyped: list[str] = field(default_factory=list)

    def check(self, response: httpx.Response) -> None:
        """Count a refusal by its code; remember it if it is not a typed error."""
        if response.status_code in (200, 201):
            return
        with self.lock:
            try:
                code = response.json()["error"]["code"]
            except (ValueError, KeyError, TypeError):
                self.untyped.append(f"{response.status_code} {response.text[:200]}")
                return
            if STATUS_OF_CODE.get(code) != response.status_code or code == "internal":
                self.untyped.append(f"{response.status_code} {code}")
            if response.status_code == 503 and "Retry-After" not in response.headers:
                self.untyped.append(f"503 {code} without Retry-After")
            self.refused[code] = self.refused.get(code, 0) + 1


@dataclass
class Player:
    """Plays the human seats of one match through nginx until it ends, keeping the actions the
    server acknowledged."""

    base: str
    match_id: str
    tokens: dict[str, str]
    answers: Answers
    acknowledged: list[tuple[int, str]] = field(default_factory=list)
    transport_errors: list[tuple[float, str]] = field(default_factory=list)
    """When (time.monotonic()) and what."""

    def play(self, stop: threading.Event) -> None:
        """Play until the match ends or `stop` is set."""
        rng = random.Random(self.match_id)
        with httpx.Client(base_url=self.base, timeout=POLL_SECONDS) as http:
            while not stop.is_set():
                try:
                    if self._one_action(http, rng):
                        return
                except httpx.TransportError as error:
                    self.transport_errors.append((time.monotonic(), repr(error)))
                    time.sleep(0.5)

    def _one_action(self, http: httpx.Client, rng: random.Random) -> bool:
        """Try one action of a seat this player holds; return True once the match is over."""
        path = f"/api/matches/{self.match_id}"
        shown = http.get(f"{path}/view")
        self.answers.check(shown)
        if shown.status_code != 200:
            time.sleep(0.5)  # an outage: Retry-After would say 5 s; the test is impatient
            return False
        match = shown.json()["match"]
        if match["status"] == "finished":
            return True
        token = self.tokens.get(str(match["current_player"]))
        if token is None:  # a bot's turn
            time.sleep(0.05)
            return False
        own = http.get(f"{path}/view", headers={"Authorization": f"Bearer {token}"})
        self.answers.check(own)
        if own.status_code != 200:
            return False
        legal = own.json()["observation"]["legal_actions"]
        if not legal:
            return False
        state_id, action = own.json()["state_id"], rng.choice(legal)
        posted = http.post(
            f"{path}/actions", json={"token": token, "state_id": state_id, "action": action}
        )
        self.answers.check(posted)
        if posted.status_code == 200:
            self.acknowledged.append((state_id, action))
            time.sleep(HUMAN_PAUSE_SECONDS)
        return False


@dataclass
class Watcher:
    """A spectator's socket on one match through nginx, opened again whenever it closes (as
    the web page does), until it shows the finished match."""

    base: str
    match_id: str
    last: dict[str, Any] = field(default_factory=dict)
    connections: int = 0

    def watch(self, stop: threading.Event) -> None:
        """Listen until a view of the finished match arrives or `stop` is set."""
        url = re.sub("^http", "ws", self.base) + f"/api/matches/{self.match_id}/ws"
        while not stop.is_set():
            try:
                with connect(url, open_timeout=POLL_SECONDS) as socket:
                    self.connections += 1
                    socket.send(json.dumps({"token": None}))
                    while not stop.is_set():
                        message = json.loads(socket.recv(timeout=POLL_SECONDS))
                        if message.get("type") == "view":
                            self.last = message
                            if message["match"]["status"] == "finished":
                                return
            except (OSError, TimeoutError, WebSocketException):
                time.sleep(0.2)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[PostgresServer, RedisServer, list[Server], str]]:
    """Yield PostgreSQL, Redis, two server processes on them and nginx's URL in front."""
    with ExitStack() as stack:
        postgres = PostgresServer(tmp_path)
        stack.callback(postgres.remove)
        postgres.create()
        redis = RedisServer(tmp_path)
        stack.callback(redis.stop)
        redis.start()
        servers = [
            Server(tmp_path, name=f"chaos-{name}", database_url=postgres.url, extra_args=(
                "--redis-url", redis.url, "--bot-lease-seconds", "3", "--bot-delay", BOT_DELAY,
                "--request-rate", "1000000/minute", "--create-rate", "1000/minute",
            ))
            for name in "ab"
        ]
        for server in servers:
            stack.callback(server.close)
            server.start()
        addresses = [server.base.removeprefix("http://") for server in servers]
        base = stack.enter_context(nginx_proxy(tmp_path / "nginx", addresses))
        yield postgres, redis, servers, base


def create(base: str, players: int, seats: list[dict[str, str]], **more: Any) -> dict[str, Any]:
    """Create a Keezen match through nginx; return the 201 answer."""
    body = {"game": "keezen", "players": players, "seats": seats, **more}
    response = httpx.post(f"{base}/api/matches", json=body, timeout=POLL_SECONDS)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def progress(base: str, match_ids: list[str]) -> dict[str, tuple[str, int]]:
    """Return each match's status and state id, read through nginx (asked again while the
    answer is a 503: the database may be coming back)."""
    seen = {}
    for match_id in match_ids:

        def read(match_id: str = match_id) -> dict[str, Any] | None:
            response = httpx.get(f"{base}/api/matches/{match_id}", timeout=POLL_SECONDS)
            if response.status_code == 503:
                return None
            assert response.status_code == 200, response.text
            match: dict[str, Any] = response.json()
            return match

        match = wait_for(read, f"match {match_id} to be readable")
        seen[match_id] = (match["status"], match["state_id"])
    return seen


def wait_for_progress(base: str, match_ids: list[str], what: str) -> None:
    """Wait until every unfinished match has moved on (or ended) since now."""
    before = progress(base, match_ids)

    def moved() -> bool:
        now = progress(base, match_ids)
        return all(
            now[m][0] == "finished" or now[m][1] > before[m][1] for m in match_ids
        )

    wait_for(moved, f"every match to move on {what}")


def test_matches_live_through_a_postgres_restart_a_redis_cut_and_a_killed_process(
    cluster: tuple[PostgresServer, RedisServer, list[Server], str],
) -> None:
    postgres, redis, (_, b), base = cluster
    answers = Answers()
    bot_only = [create(base, 4, [BOTS] * 4)["match_id"] for _ in range(2)]
    players = []
    for _ in range(2):  # a person against a bot
        created = create(base, 2, [HUMAN, BOTS])
        players.append(Player(base, created["match_id"], created["tokens"], answers))
    created = create(base, 2, [HUMAN, HUMAN], hotseat=True)  # two people on one screen
    players.append(Player(base, created["match_id"], created["tokens"], answers))
    match_ids = bot_only + [player.match_id for player in players]
    watchers = [Watcher(base, match_id) for match_id in match_ids]
    stop = threading.Event()
    threads = [threading.Thread(target=p.play, args=(stop,)) for p in players] + [
        threading.Thread(target=w.watch, args=(stop,)) for w in watchers
    ]
    for thread in threads:
        thread.start()
    try:
        wait_for_progress(base, match_ids, "before the faults")
        postgres.stop()
        time.sleep(POSTGRES_DOWN_SECONDS)
        postgres.start()
        wait_for_progress(base, match_ids, "after PostgreSQL's restart")
        redis.stop()
        time.sleep(REDIS_DOWN_SECONDS)
        redis.start()
        wait_for_progress(base, match_ids, "after Redis came back")
        running = [m for m, (status, _) in progress(base, match_ids).items()
                   if status != "finished"]
        killed_at = time.monotonic()
        b.kill()

        def all_finished() -> bool:
            return all(s == "finished" for s, _ in progress(base, match_ids).values())

        wait_for(all_finished, "every match to finish", seconds=FINISH_SECONDS)
        for thread in threads:
            thread.join(timeout=POLL_SECONDS)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=POLL_SECONDS)

    assert running, "no match was still running when the process was killed"
    assert not answers.untyped, answers.untyped
    assert answers.refused.get("unavailable", 0) > 0, answers.refused  # the outage was met
    for player in players:
        # Only requests in flight when the process was killed may have been cut short.
        cut = [error for at, error in player.transport_errors
               if not killed_at <= at <= killed_at + KILL_CUT_SECONDS]
        assert not cut, player.transport_errors
        assert len(player.transport_errors) <= 1, player.transport_errors
        stored = dict(stored_actions(postgres.url, player.match_id))
        assert player.acknowledged, player.match_id
        for index, action in player.acknowledged:
            assert stored.get(index) == action, (player.match_id, index, action)
    final = progress(base, match_ids)
    for watcher in watchers:
        assert watcher.last["match"]["status"] == "finished", watcher.match_id
        assert watcher.last["state_id"] == final[watcher.match_id][1], watcher.match_id
