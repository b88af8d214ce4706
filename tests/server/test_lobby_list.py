"""The lobby's list (GET /api/matches?status=lobby, issue 24): what it offers everyone.

Only online matches with a seat to join or people to watch; not one person's hot-seat game or
game against bots, not finished or expired matches, not a match nobody has touched for long.
"""

from __future__ import annotations

import datetime as dt

import pytest

from ludoteca.server import storage
from ludoteca.server.routes.matches import LOBBY_FRESH
from tests.server.support import TestClient, create, play_turn

HUMAN = {"type": "human"}
BOT = {"type": "bot", "bot": "random"}
MAX_TURNS = 200


def lobby(client: TestClient) -> list[str]:
    """Return the ids the lobby lists, in its order."""
    response = client.get("/api/matches", params={"status": "lobby"})
    assert response.status_code == 200, response.text
    return [summary["match_id"] for summary in response.json()]


def finished_match(client: TestClient) -> str:
    """Return the id of an online 2-player Keezen match played to its end (one deal)."""
    created = create(client, players=2, seats=[HUMAN] * 2, claim=[0, 1],
                     options={"max_deals": 1})
    match_id, tokens = created["match_id"], created["tokens"]
    for _ in range(MAX_TURNS):
        if client.get(f"/api/matches/{match_id}").json()["status"] == "finished":
            return match_id
        play_turn(client, match_id, tokens, lambda legal: legal[0])
    raise AssertionError("the one-deal match did not end")


def test_the_lobby_lists_only_online_matches_to_join_or_watch(client: TestClient) -> None:
    to_join = create(client, name="Ann")["match_id"]  # 4 human seats, 3 free
    between_people = create(client, players=2, seats=[HUMAN] * 2)["match_id"]
    joined = client.post(f"/api/matches/{between_people}/join", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    hidden = {
        "hot seat": create(client, players=2, seats=[HUMAN] * 2, hotseat=True)["match_id"],
        "one person against bots": create(client, players=2, seats=[HUMAN, BOT])["match_id"],
        "bots only": create(client, players=2, seats=[BOT] * 2)["match_id"],
        "finished": finished_match(client),
    }
    everything = {m["match_id"] for m in client.get("/api/matches").json()}
    assert set(hidden.values()) <= everything  # the plain list still has them all
    listed = lobby(client)
    assert listed == [to_join, between_people]  # open first, then running
    for what, match_id in hidden.items():
        assert match_id not in listed, what


def test_a_stale_match_leaves_the_lobby(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_ = create(client, name="Ann")["match_id"]
    running = create(client, players=2, seats=[HUMAN] * 2)["match_id"]
    client.post(f"/api/matches/{running}/join", json={"name": "Bo"})
    assert lobby(client) == [open_, running]
    now = storage.utc_now()
    monkeypatch.setattr(storage, "utc_now", lambda: now + LOBBY_FRESH + dt.timedelta(minutes=1))
    assert lobby(client) == []
    assert client.get(f"/api/matches/{running}").json()["status"] == "running"  # not expired

