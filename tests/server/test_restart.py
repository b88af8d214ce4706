"""Kill the server (SIGKILL) at any moment, restart it on the same file: every match goes on.

The server runs as `python -m ludoteca.cli serve` on a free port with a temporary SQLite file.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import ludoteca
from tests.processes import Server
from tests.server.support import FOUR_HUMANS, wait_for


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path)
    server.start()
    yield server
    server.close()


def everything_seen(server: Server, match_id: str, tokens: dict[str, str]) -> list[Any]:
    """Return the spectator's view and every seat's view of a match."""
    views = [server.get(f"/api/matches/{match_id}/view")]
    views += [server.get(f"/api/matches/{match_id}/view", token=t) for t in tokens.values()]
    return views


def expected_views(seed: int, texts: list[str]) -> list[Any]:
    """Return the engine's observations (spectator, seats 0-3) after `texts` from `seed`."""
    game = ludoteca.load("keezen", players=4)
    record = ludoteca.make_record(game, seed, texts)
    state = ludoteca.replay(record)[-1]
    return [game.observation(state, seat) for seat in (None, 0, 1, 2, 3)]


def play_one(server: Server, match_id: str, tokens: dict[str, str], rng: random.Random) -> str:
    """Play a random legal action of the seat to move; return its text."""
    spectator = server.get(f"/api/matches/{match_id}/view")
    token = tokens[str(spectator["match"]["current_player"])]
    own = server.get(f"/api/matches/{match_id}/view", token=token)
    text = rng.choice(own["observation"]["legal_actions"])
    body = {"token": token, "state_id": own["state_id"], "action": text}
    response = server.post(f"/api/matches/{match_id}/actions", body)
    assert response.status_code == 200, response.text
    return text


def test_human_match_survives_kills_mid_action_and_between_actions(server: Server) -> None:
    rng = random.Random(31)
    seed = 77
    created = server.post("/api/matches", {
        "game": "keezen", "seats": FOUR_HUMANS, "hotseat": True, "seed": seed,
    }).json()
    match_id, tokens = created["match_id"], created["tokens"]
    texts = [play_one(server, match_id, tokens, rng) for _ in range(rng.randrange(5, 25))]

    # Kill while one more action is on its way: it is either stored or not, never half.
    spectator = server.get(f"/api/matches/{match_id}/view")
    token = tokens[str(spectator["match"]["current_player"])]
    own = server.get(f"/api/matches/{match_id}/view", token=token)
    in_flight = own["observation"]["legal_actions"][0]
    body = {"token": token, "state_id": own["state_id"], "action": in_flight}
    sender = threading.Thread(target=lambda: _post_quietly(server, match_id, body))
    sender.start()
    time.sleep(rng.uniform(0, 0.01))  # the random moment of the kill (no timing is asserted)
    server.kill()
    sender.join()
    server.start()
    views = everything_seen(server, match_id, tokens)
    state_id = views[0]["state_id"]
    assert state_id in (len(texts), len(texts) + 1)
    if state_id == len(texts) + 1:
        texts.append(in_flight)
    assert [view["state_id"] for view in views] == [state_id] * 5
    assert [view["observation"] for view in views] == expected_views(seed, texts)

    # Play on, then kill between actions: the restarted server shows exactly the same.
    texts += [play_one(server, match_id, tokens, rng) for _ in range(5)]
    before = everything_seen(server, match_id, tokens)
    server.kill()
    server.start()
    assert everything_seen(server, match_id, tokens) == before
    assert [view["observation"] for view in before] == expected_views(seed, texts)
    play_one(server, match_id, tokens, rng)


def _post_quietly(server: Server, match_id: str, body: dict[str, Any]) -> None:
    with contextlib.suppress(httpx.TransportError):  # the server died under the request
        server.post(f"/api/matches/{match_id}/actions", body)


def test_bots_resume_after_a_kill_and_the_match_finishes_consistently(server: Server) -> None:
    rng = random.Random(5)
    seed = 8
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "heuristic"}] * 3
    created = server.post("/api/matches", {"game": "keezen", "seats": seats, "seed": seed})
    match_id, token = created.json()["match_id"], created.json()["tokens"]["0"]
    mine: dict[int, str] = {}

    def human_to_move() -> dict[str, Any] | None:
        view = server.get(f"/api/matches/{match_id}/view", token=token)
        return view if view["observation"]["current_player"] in (0, None) else None

    def act(view: dict[str, Any]) -> None:
        text = rng.choice(view["observation"]["legal_actions"])
        body = {"token": token, "state_id": view["state_id"], "action": text}
        response = server.post(f"/api/matches/{match_id}/actions", body)
        assert response.status_code == 200, response.text
        mine[view["state_id"]] = text

    kills = 0
    while not (view := wait_for(human_to_move, "seat 0's turn"))["observation"]["terminal"]:
        act(view)
        if kills < 2 and len(mine) in (2, 6):
            server.kill()  # the bots are (most likely) thinking or moving now
            server.start()
            kills += 1
            resumed = wait_for(human_to_move, "the bots to resume")
            assert resumed["state_id"] > view["state_id"] or resumed["observation"]["terminal"]
    assert kills == 2
    record = server.get(f"/api/matches/{match_id}/record")
    assert record["seed"] == seed
    assert all(record["actions"][index] == text for index, text in mine.items())
    game = ludoteca.load("keezen", players=4)
    final = ludoteca.replay(record)[-1]
    assert view["observation"] == game.observation(final, 0)
    assert view["match"]["result"]["returns"] == list(game.returns(final))
