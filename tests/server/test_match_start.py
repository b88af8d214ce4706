"""A match waits for its players: no state, no bot move and no action until its last human seat
is claimed or a seated player starts it with bots in the empty seats (issue 10)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.core.registry import game_spec
from ludoteca.server import storage, tables
from ludoteca.server.hub import MatchHub
from tests.processes import Server
from tests.server.support import (
    TestClient,
    act,
    assert_error,
    create,
    serve,
    view,
    wait_for,
)

TWO_HUMANS = [{"type": "human"}] * 2
HUMAN_BOT_HUMAN_BOT = [{"type": "human"}, {"type": "bot", "bot": "random"}] * 2


def summary(client: TestClient, match_id: str) -> dict[str, Any]:
    """Return the match's summary."""
    response = client.get(f"/api/matches/{match_id}")
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def start(client: TestClient, match_id: str, token: Any) -> Any:
    """Ask for the start of the match with `token`; return the raw response."""
    return client.post(f"/api/matches/{match_id}/start", json={"token": token})


def test_an_open_match_has_no_state_and_refuses_actions_history_and_record(
    client: TestClient,
) -> None:
    created = create(client, players=2, seats=TWO_HUMANS, name="Ann")
    match_id, token = created["match_id"], created["tokens"]["0"]
    assert created["match"]["status"] == "open"
    for seen in (view(client, match_id, token), view(client, match_id)):
        assert (seen["state_id"], seen["observation"]) == (0, None)
        assert seen["match"]["current_player"] is None
    assert_error(act(client, match_id, token, 0, "K: s-16"), 409, "not_started")
    assert_error(client.get(f"/api/matches/{match_id}/history/0"), 409, "not_started")
    assert_error(client.get(f"/api/matches/{match_id}/record"), 409, "not_started")
    assert summary(client, match_id)["status"] == "open"


def test_no_bot_moves_before_the_start(client: TestClient) -> None:
    created = create(client, seats=HUMAN_BOT_HUMAN_BOT, name="Ann")
    match_id = created["match_id"]
    hub: MatchHub = client.app.state.hub
    live = client.portal.call(hub.get, match_id)
    assert live.bot_to_move() is None and live.bot_task is None
    with hub.db.session() as session:
        assert match_id not in storage.matches_waiting_for_bots(session)
    seen = view(client, match_id)
    assert (seen["state_id"], seen["match"]["current_player"], seen["observation"]) == (
        0, None, None
    )


def test_the_last_join_starts_the_match_with_the_initial_state_of_its_seed(
    client: TestClient,
) -> None:
    created = create(client, players=2, seats=TWO_HUMANS, name="Ann")
    match_id, token = created["match_id"], created["tokens"]["0"]
    joined = client.post(f"/api/matches/{match_id}/join", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    mine = view(client, match_id, token)
    assert mine["match"]["status"] == "running"
    assert [s["name"] for s in mine["match"]["seats"]] == ["Ann", "Bo"]
    assert mine["observation"]["current_player"] == mine["match"]["current_player"]
    assert mine["observation"]["current_player"] is not None
    # The deal's forced steps happened only now, and they are those of the secret seed.
    hub: MatchHub = client.app.state.hub
    live = client.portal.call(hub.get, match_id)
    game = ludoteca.load("keezen", players=2)
    expected = game.initial_state(live.info.seed)
    assert game.to_json(live.state) == game.to_json(expected)
    assert mine["observation"] == game.observation(expected, 0)
    assert_error(start(client, match_id, token), 409, "already_started")


def test_start_gives_the_empty_seats_to_the_default_bot_and_the_bots_move(
    client: TestClient,
) -> None:
    created = create(client, name="Ann")  # four human seats, seat 0 claimed
    match_id, token = created["match_id"], created["tokens"]["0"]
    response = start(client, match_id, token)
    assert response.status_code == 200, response.text
    started = response.json()
    bot = game_spec("keezen").default_bot
    assert started["status"] == "running"
    assert [(s["type"], s["bot"], s["name"]) for s in started["seats"]] == [
        ("human", None, "Ann")] + [("bot", bot, bot)] * 3
    assert_error(start(client, match_id, token), 409, "already_started")
    assert_error(client.post(f"/api/matches/{match_id}/join", json={}), 409, "seat_taken")

    # The bots play: seat 0 moves whenever it is its turn until a bot's move is in the log (a
    # bot without a playable card hands in inside the action before it, so count plays).
    rng = random.Random(3)

    def bot_played() -> bool | None:
        seen = view(client, match_id, token)
        observation = seen["observation"]
        if any(e["kind"] in ("play", "swap") and e["seat"] != 0 for e in observation["log"]):
            return True
        if observation["current_player"] == 0:
            text = rng.choice(observation["legal_actions"])
            assert act(client, match_id, token, seen["state_id"], text).status_code == 200
        return None

    wait_for(bot_played, "a bot's move")


def test_only_a_seated_player_may_start_and_a_refusal_changes_nothing(
    client: TestClient,
) -> None:
    created = create(client, name="Ann")
    match_id = created["match_id"]
    other = create(client, name="Bo")
    before = summary(client, match_id)
    assert_error(start(client, match_id, "not-a-token"), 403, "bad_token")
    assert_error(start(client, match_id, other["tokens"]["0"]), 403, "bad_token")
    assert_error(start(client, match_id, None), 422, "malformed")  # a spectator has no token
    assert_error(client.post(f"/api/matches/{match_id}/start", json={}), 422, "malformed")
    token = created["tokens"]["0"]  # the right token, but in the URL, which logs keep
    assert_error(client.post(f"/api/matches/{match_id}/start", params={"token": token},
                             json={"token": token}), 400, "bad_request")
    assert summary(client, match_id) == before
    assert view(client, match_id)["observation"] is None


def test_a_creator_who_claims_every_seat_starts_at_once_with_the_seed_s_first_state(
    client: TestClient,
) -> None:
    created = create(client, players=2, seats=TWO_HUMANS, claim=[0, 1], seed=1234)
    match_id, tokens = created["match_id"], created["tokens"]
    assert created["match"]["status"] == "running"
    game = ludoteca.load("keezen", players=2)
    first = game.initial_state(1234)
    assert created["match"]["current_player"] == game.current_player(first)
    for seat in (0, 1):
        assert view(client, match_id, tokens[str(seat)])["observation"] == (
            game.observation(first, seat)
        )
    assert_error(start(client, match_id, tokens["0"]), 409, "already_started")


def test_a_rematch_waits_for_the_reserved_player_and_starts_when_they_claim(
    client: TestClient,
) -> None:
    created = create(client, players=2, seats=TWO_HUMANS, name="Ann")
    match_id, ann = created["match_id"], created["tokens"]["0"]
    bo = client.post(f"/api/matches/{match_id}/join", json={"name": "Bo"}).json()["token"]
    first = client.post(f"/api/matches/{match_id}/rematch", json={"token": ann}).json()
    rematch_id = first["match_id"]
    assert first["match"]["status"] == "open"
    assert first["match"]["seats"][1]["reserved"] is True
    assert view(client, rematch_id)["observation"] is None
    second = client.post(f"/api/matches/{match_id}/rematch", json={"token": bo}).json()
    assert second["match_id"] == rematch_id
    assert second["match"]["status"] == "running"
    assert view(client, rematch_id, first["tokens"]["0"])["observation"] is not None


def test_an_open_match_still_expires(tmp_path: Path) -> None:
    with serve(tmp_path, idle_hours=0.0001) as client:  # 0.36 seconds
        created = create(client, name="Ann")
        match_id, token = created["match_id"], created["tokens"]["0"]
        wait_for(lambda: summary(client, match_id)["status"] == "expired", "the expiry check")
        assert_error(start(client, match_id, token), 409, "expired")
        assert view(client, match_id)["observation"] is None


def test_a_restart_keeps_an_open_match_waiting_and_a_started_one_started(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        body = {"game": "keezen", "players": 2, "seats": TWO_HUMANS, "name": "Ann"}
        waiting = server.post("/api/matches", body).json()
        begun = server.post("/api/matches", body).json()
        joined = server.post(f"/api/matches/{begun['match_id']}/join", {"name": "Bo"})
        assert joined.status_code == 200, joined.text
        before = server.get(f"/api/matches/{begun['match_id']}/view")
        server.kill()
        server.start()

        still = server.get(f"/api/matches/{waiting['match_id']}/view")
        assert (still["match"]["status"], still["observation"]) == ("open", None)
        assert still["match"]["current_player"] is None
        after = server.get(f"/api/matches/{begun['match_id']}/view")
        assert after["match"]["status"] == "running"
        assert after["observation"] == before["observation"]
        joined = server.post(f"/api/matches/{waiting['match_id']}/join", {"name": "Cy"})
        assert joined.status_code == 200, joined.text
        assert server.get(f"/api/matches/{waiting['match_id']}/view")["observation"] is not None
    finally:
        server.close()


def test_an_open_match_stored_with_actions_by_an_earlier_version_has_started(
    tmp_path: Path,
) -> None:
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=TWO_HUMANS, claim=[0, 1])
        match_id, tokens = created["match_id"], created["tokens"]
        seat = str(created["match"]["current_player"])
        mine = view(client, match_id, tokens[seat])
        text = mine["observation"]["legal_actions"][0]
        assert act(client, match_id, tokens[seat], 0, text).status_code == 200
        expected = view(client, match_id)["observation"]
        database = storage.Database(f"sqlite:///{tmp_path / 'ludoteca.sqlite3'}")
    # An earlier version started every match at once and called it open while a seat was free.
    with database.session() as session:
        session.execute(
            storage.update(tables.MatchRow)
            .where(tables.MatchRow.id == match_id).values(status="open")
        )
        session.commit()
    database.dispose()
    with serve(tmp_path) as client:
        seen = view(client, match_id)
        assert seen["observation"] == expected
        assert seen["match"]["status"] == "running"
