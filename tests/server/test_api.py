"""The HTTP and WebSocket API of docs/web-api.md, through starlette's TestClient."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import ludoteca
from ludoteca.core.registry import game_spec
from ludoteca.server.app import create_app, web_directory
from tests.server.support import (
    FOUR_HUMANS,
    HUMAN_AND_BOTS,
    TestClient,
    act,
    assert_error,
    bearer,
    create,
    play_turn,
    serve,
    view,
    wait_for,
)


def first(actions: list[str]) -> str:
    return actions[0]


# -- games and matches ------------------------------------------------------------------------


def test_games_lists_keezen_with_players_options_and_bots(client: TestClient) -> None:
    games = client.get("/api/games").json()
    keezen = next(game for game in games if game["name"] == "keezen")
    assert keezen["players"] == [2, 4, 6]
    assert keezen["default_players"] == 4
    options = {option["name"]: option for option in keezen["options"]}
    assert "num_players" not in options
    assert options["two_player_track"] == {
        "name": "two_player_track", "kind": "choice", "default": 32, "choices": [32, 64],
        "minimum": None, "maximum": None, "nullable": False, "label": "Two-player track",
        "help": options["two_player_track"]["help"],
    }
    assert "K4" in options["two_player_track"]["help"]
    assert options["max_deals"]["kind"] == "integer"
    assert (options["max_deals"]["minimum"], options["max_deals"]["maximum"]) == (1, 100_000)
    assert options["first_dealer"]["kind"] == "seat" and options["first_dealer"]["nullable"]
    assert [bot["name"] for bot in keezen["bots"]] == ["random", "heuristic", "ismcts"]
    assert [bot["level"] for bot in keezen["bots"]] == [0, 1, 2]
    assert keezen["default_bot"] == "heuristic"
    assert keezen["teams"]["4"] == [[0, 2], [1, 3]] and keezen["teams"]["2"] == [[0], [1]]
    assert keezen["seat_markers"] == ["dealer"]


def test_games_publish_every_declared_option_of_every_game(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        spec = game_spec(game["name"])
        assert [option["name"] for option in game["options"]] == [o.name for o in spec.options]
        assert game["has_board_data"] == (spec.board_data is not None)


def test_create_claims_first_human_seat_and_summarizes_the_match(client: TestClient) -> None:
    created = create(client, name="Ann")
    assert list(created["tokens"]) == ["0"]
    match = created["match"]
    assert match["match_id"] == created["match_id"]
    assert match["status"] == "open"
    assert match["state_id"] == 0
    assert match["result"] is None and match["rematch_id"] is None
    assert [s["claimed"] for s in match["seats"]] == [True, False, False, False]
    assert match["seats"][0]["name"] == "Ann"
    assert client.get(f"/api/matches/{created['match_id']}").json() == match


def test_hotseat_claims_every_human_seat(client: TestClient) -> None:
    created = create(client, hotseat=True)
    assert sorted(created["tokens"]) == ["0", "1", "2", "3"]
    assert len(set(created["tokens"].values())) == 4
    assert created["match"]["status"] == "running"


def test_join_claims_free_seats_and_refuses_taken_bot_and_missing_ones(
    client: TestClient,
) -> None:
    seats = [{"type": "human"}, {"type": "human"}, {"type": "bot"}, {"type": "human"}]
    created = create(client, seats=seats, claim=[])
    match_id = created["match_id"]
    assert created["tokens"] == {}
    joined = client.post(f"/api/matches/{match_id}/join", json={"seat": 3, "name": "Bo"})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 3
    token = joined.json()["token"]
    assert view(client, match_id, token)["seat"] == 3
    anywhere = client.post(f"/api/matches/{match_id}/join", json={})
    assert anywhere.json()["seat"] == 0
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "open"
    assert_error(client.post(f"/api/matches/{match_id}/join", json={"seat": 3}), 409,
                 "seat_taken")
    assert_error(client.post(f"/api/matches/{match_id}/join", json={"seat": 2}), 409,
                 "seat_taken")
    assert_error(client.post(f"/api/matches/{match_id}/join", json={"seat": 9}), 400,
                 "bad_request")
    client.post(f"/api/matches/{match_id}/join", json={"seat": 1})
    summary = client.get(f"/api/matches/{match_id}").json()
    assert summary["status"] == "running"
    assert summary["seats"][3]["name"] == "Bo"
    assert_error(client.post(f"/api/matches/{match_id}/join", json={}), 409, "seat_taken")


def test_list_shows_open_then_running_and_filters_by_status(client: TestClient) -> None:
    running = create(client, hotseat=True)["match_id"]
    open_ = create(client)["match_id"]
    listed = [m["match_id"] for m in client.get("/api/matches").json()]
    assert listed.index(open_) < listed.index(running)
    only_open = client.get("/api/matches", params={"status": "open"}).json()
    assert [m["match_id"] for m in only_open] == [open_]
    assert len(client.get("/api/matches", params={"limit": 1}).json()) == 1
    assert_error(client.get("/api/matches", params={"status": "lost"}), 422, "malformed")


def test_spectator_sees_no_hand_and_no_legal_actions(client: TestClient) -> None:
    created = create(client, hotseat=True, seed=3)
    spectator = view(client, created["match_id"])
    assert spectator["seat"] is None
    assert spectator["observation"]["hand"] is None
    assert spectator["observation"]["legal_actions"] == []
    assert all(hand is None for hand in spectator["observation"]["log"][0]["hands"])
    seat = spectator["match"]["current_player"]
    own = view(client, created["match_id"], created["tokens"][str(seat)])
    assert own["observation"]["hand"] and own["observation"]["legal_actions"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "keezen", "players": 5}, "2, 4 or 6"),
        ({"game": "keezen", "options": {"max_deals": 0}}, "max_deals"),
        ({"game": "keezen", "seats": [{"type": "human"}]}, "4 seats"),
        ({"game": "keezen", "seats": [{"type": "bot", "bot": "genius"}] * 4}, "genius"),
        ({"game": "keezen", "seats": [{"type": "bot"}] * 4, "claim": [0]}, "human seat"),
    ],
)
def test_create_refuses_impossible_matches(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    assert message in assert_error(client.post("/api/matches", json=body), 400, "bad_request")


@pytest.mark.parametrize(
    "body",
    [
        {"players": 4},
        {"game": "keezen", "players": "4"},
        {"game": "keezen", "seats": [{"type": "alien"}] * 4},
        {"game": "keezen", "hotseat": "yes"},
    ],
)
def test_create_refuses_bodies_off_the_schema(client: TestClient, body: dict[str, Any]) -> None:
    assert_error(client.post("/api/matches", json=body), 422, "malformed")


# -- refused actions change nothing -------------------------------------------------------------


def everything_seen(client: TestClient, match_id: str, tokens: dict[str, str]) -> list[Any]:
    """Return the summary and the view of every seat and of a spectator."""
    views = [view(client, match_id, token) for token in tokens.values()]
    return [client.get(f"/api/matches/{match_id}").json(), view(client, match_id), *views]


def refusals(state_id: int, mover: str, waiter: str, foreign: str, hand: list[str]) -> list[Any]:
    """Return (case, request kwargs builder, status, code, message part) of every refusal."""
    missing_card = next(c for c in ["A", "K", "2", "3", "5", "6", "8", "9", "10", "Q", "J", "4",
                                     "7"] if c not in hand)
    return [
        ("foreign token", {"json": {"token": foreign, "state_id": state_id, "action": "x"}},
         403, "bad_token", "token"),
        ("not your turn", {"json": {"token": waiter, "state_id": state_id, "action": "K: s-0"}},
         403, "not_your_turn", "turn"),
        ("stale state", {"json": {"token": mover, "state_id": state_id - 1, "action": "x"}},
         409, "stale_state", "state"),
        ("future state", {"json": {"token": mover, "state_id": state_id + 5, "action": "x"}},
         409, "stale_state", "state"),
        ("malformed json", {"content": b'{"token": "', "headers": {
            "content-type": "application/json"}}, 422, "malformed", "JSON"),
        ("not an object", {"json": [1, 2]}, 422, "malformed", "object"),
        ("wrong types", {"json": {"token": mover, "state_id": str(state_id), "action": 7}},
         422, "malformed", "state_id"),
        ("missing field", {"json": {"token": mover, "action": "K: s-0"}}, 422, "malformed",
         "state_id"),
        ("invalid text", {"json": {"token": mover, "state_id": state_id, "action": "move!"}},
         400, "invalid_action", "notation"),
        ("illegal action", {"json": {"token": mover, "state_id": state_id,
                                     "action": f"{missing_card}: 5-6"}},
         400, "illegal_action", "5-6"),
    ]


def test_refused_actions_get_their_code_and_change_nothing(client: TestClient) -> None:
    created = create(client, hotseat=True, seed=11)
    match_id, tokens = created["match_id"], created["tokens"]
    for _ in range(3):
        play_turn(client, match_id, tokens, first)
    foreign = create(client, hotseat=True)["tokens"]["0"]
    before = everything_seen(client, match_id, tokens)
    state_id = before[0]["state_id"]
    mover_seat = before[0]["current_player"]
    mover = tokens[str(mover_seat)]
    waiter = tokens[str((mover_seat + 1) % 4)]
    hand = view(client, match_id, mover)["observation"]["hand"]
    for case, request, status, code, part in refusals(state_id, mover, waiter, foreign, hand):
        response = client.post(f"/api/matches/{match_id}/actions", **request)
        message = assert_error(response, status, code)
        assert part.lower() in message.lower(), (case, message)
        assert everything_seen(client, match_id, tokens) == before, case
    assert_error(act(client, "nosuchmatch", mover, state_id, "x"), 404, "no_such_match")
    assert everything_seen(client, match_id, tokens) == before


def test_unknown_match_and_bad_view_token(client: TestClient) -> None:
    assert_error(client.get("/api/matches/nope"), 404, "no_such_match")
    assert_error(client.get("/api/matches/nope/view"), 404, "no_such_match")
    created = create(client)
    assert_error(client.get(f"/api/matches/{created['match_id']}/view",
                            headers=bearer("guess")), 403, "bad_token")


def test_unknown_route_and_method_get_the_error_shape(client: TestClient) -> None:
    assert_error(client.get("/api/teapot"), 404, "not_found")
    assert_error(client.delete("/api/games"), 405, "method_not_allowed")


def test_simultaneous_actions_on_one_state_accept_exactly_one(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'race.sqlite3'}", bot_delay=0)

    async def race() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            made = await http.post("/api/matches", json={
                "game": "keezen", "seats": FOUR_HUMANS, "hotseat": True, "seed": 5})
            match_id, tokens = made.json()["match_id"], made.json()["tokens"]
            seat = made.json()["match"]["current_player"]
            token = tokens[str(seat)]
            current = (await http.get(f"/api/matches/{match_id}/view",
                                      headers=bearer(token))).json()
            body = {"token": token, "state_id": 0,
                    "action": current["observation"]["legal_actions"][0]}
            answers = await asyncio.gather(*[
                http.post(f"/api/matches/{match_id}/actions", json=body) for _ in range(8)
            ])
            after = (await http.get(f"/api/matches/{match_id}")).json()
            assert after["state_id"] == 1
            return sorted(answer.status_code for answer in answers)

    # In a thread of its own: a browser test in the same worker may leave Playwright's loop
    # running in this one, where asyncio.run refuses to start.
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, race()).result() == [200] + [409] * 7


# -- bots, game over, history, record ------------------------------------------------------------


def test_bots_move_by_themselves_until_the_human_is_to_move(client: TestClient) -> None:
    created = create(client, seats=HUMAN_AND_BOTS, seed=3)
    match_id, token = created["match_id"], created["tokens"]["0"]
    assert created["match"]["current_player"] != 0  # seed 3: a bot starts

    def human_to_move() -> dict[str, Any] | None:
        current = view(client, match_id, token)
        return current if current["observation"]["current_player"] in (0, None) else None

    current = wait_for(human_to_move, "the bots to hand over to seat 0")
    assert current["state_id"] > 0
    for _ in range(3):
        if current["observation"]["terminal"]:
            break
        response = act(client, match_id, token, current["state_id"],
                       current["observation"]["legal_actions"][0])
        assert response.status_code == 200, response.text
        assert response.json()["state_id"] == current["state_id"] + 1
        current = wait_for(human_to_move, "the bots to hand over to seat 0")
    history = client.get(f"/api/matches/{match_id}/history/1").json()
    assert history["step"] == 1 and history["state_id"] == current["state_id"]


def test_finished_match_refuses_actions_publishes_its_record_and_replays(
    client: TestClient,
) -> None:
    created = create(client, seats=HUMAN_AND_BOTS, seed=21)
    match_id, token = created["match_id"], created["tokens"]["0"]
    assert_error(client.get(f"/api/matches/{match_id}/record"), 409, "game_not_over")
    rng = random.Random(4)

    def human_to_move() -> dict[str, Any] | None:
        current = view(client, match_id, token)
        return current if current["observation"]["current_player"] in (0, None) else None

    while not (current := wait_for(human_to_move, "seat 0's turn"))["observation"]["terminal"]:
        response = act(client, match_id, token, current["state_id"],
                       rng.choice(current["observation"]["legal_actions"]))
        assert response.status_code == 200, response.text
    summary = current["match"]
    assert summary["status"] == "finished" and summary["current_player"] is None
    assert summary["result"]["returns"].count(1.0) >= 1
    assert_error(act(client, match_id, token, summary["state_id"], "K: s-0"), 409, "game_over")
    assert_error(client.post(f"/api/matches/{match_id}/join", json={}), 409, "game_over")
    record = client.get(f"/api/matches/{match_id}/record").json()
    assert record["seed"] == 21 and len(record["actions"]) == summary["state_id"]
    states = ludoteca.replay(record)
    game = ludoteca.load("keezen", players=4)
    assert current["observation"] == game.observation(states[-1], 0)
    step = 5
    past = client.get(f"/api/matches/{match_id}/history/{step}", headers=bearer(token)).json()
    assert past["step"] == step and past["state_id"] == summary["state_id"]
    assert past["observation"] == game.observation(states[step], 0)
    spectator = client.get(f"/api/matches/{match_id}/history/{step}").json()
    assert spectator["observation"] == game.observation(states[step], None)
    assert_error(client.get(f"/api/matches/{match_id}/history/{summary['state_id'] + 1}"), 404,
                 "no_such_step")


def test_rematch_links_the_next_match_and_claims_each_callers_seat(client: TestClient) -> None:
    seats = [{"type": "human"}, {"type": "bot"}, {"type": "human"}, {"type": "bot"}]
    created = create(client, seats=seats, name="Ann")
    match_id = created["match_id"]
    bo = client.post(f"/api/matches/{match_id}/join", json={"name": "Bo"}).json()
    first_call = client.post(f"/api/matches/{match_id}/rematch",
                             json={"token": created["tokens"]["0"]})
    assert first_call.status_code == 200, first_call.text
    rematch = first_call.json()
    assert list(rematch["tokens"]) == ["0"]
    assert rematch["match"]["seats"][0]["name"] == "Ann"
    assert [s["type"] for s in rematch["match"]["seats"]] == ["human", "bot", "human", "bot"]
    assert rematch["match"]["status"] == "open"
    assert client.get(f"/api/matches/{match_id}").json()["rematch_id"] == rematch["match_id"]
    second = client.post(f"/api/matches/{match_id}/rematch", json={"token": bo["token"]}).json()
    assert second["match_id"] == rematch["match_id"] and list(second["tokens"]) == ["2"]
    summary = client.get(f"/api/matches/{rematch['match_id']}").json()
    assert summary["status"] == "running" and summary["seats"][2]["name"] == "Bo"
    again = client.post(f"/api/matches/{match_id}/rematch", json={"token": bo["token"]})
    assert_error(again, 409, "seat_taken")
    assert_error(client.post(f"/api/matches/{match_id}/rematch", json={"token": "x"}), 403,
                 "bad_token")


# -- WebSocket --------------------------------------------------------------------------------


def test_socket_sends_the_view_on_connect_after_each_action_and_on_reconnect(
    client: TestClient,
) -> None:
    created = create(client, hotseat=True, seed=9)
    match_id, tokens = created["match_id"], created["tokens"]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_json({"token": tokens["1"]})
        hello = socket.receive_json()
        assert hello["type"] == "view" and hello["seat"] == 1 and hello["state_id"] == 0
        assert hello == {"type": "view", **view(client, match_id, tokens["1"])}
        for expected in (1, 2):
            play_turn(client, match_id, tokens, first)
            message = socket.receive_json()
            assert message["state_id"] == expected
            assert message["observation"] == view(client, match_id, tokens["1"])["observation"]
    play_turn(client, match_id, tokens, first)
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_json({"token": None})
        again = socket.receive_json()
        assert again["state_id"] == 3 and again["seat"] is None


@pytest.mark.parametrize(
    ("path", "code", "close"),
    [("/api/matches/nope/ws", "no_such_match", 4404), ("{match}/ws", "bad_token", 4403)],
)
def test_socket_refuses_unknown_match_and_bad_token(
    client: TestClient, path: str, code: str, close: int
) -> None:
    from starlette.websockets import WebSocketDisconnect

    match_id = create(client)["match_id"]
    with client.websocket_connect(path.format(match=f"/api/matches/{match_id}")) as socket:
        socket.send_json({"token": "guess"})
        message = socket.receive_json()
        assert message["type"] == "error" and message["error"]["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == close


# -- static front end and restart in-process ------------------------------------------------------


def test_index_page_and_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "<html" in page.text.lower()
    web = web_directory()
    files = sorted(path for path in web.rglob("*") if path.is_file())
    if files:  # the front end is installed
        static = client.get(f"/static/{files[0].relative_to(web).as_posix()}")
        assert static.status_code == 200
        assert static.content == files[0].read_bytes()
    assert_error(client.get("/static/no/such/file.js"), 404, "not_found")


def test_a_new_app_on_the_same_database_rebuilds_every_view(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = create(client, hotseat=True, seed=13)
        match_id, tokens = created["match_id"], created["tokens"]
        for _ in range(12):
            play_turn(client, match_id, tokens, first)
        before = everything_seen(client, match_id, tokens)
    with serve(tmp_path) as client:
        assert everything_seen(client, match_id, tokens) == before
        play_turn(client, match_id, tokens, first)
        assert view(client, match_id)["state_id"] == before[0]["state_id"] + 1


def test_bots_to_move_resume_at_start_up_without_any_request(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    seats = [{"type": "bot", "bot": "random"}] * 4
    with TestClient(create_app(database, bot_delay=60)) as client:  # bots wait; then stopped
        match_id = create(client, seats=seats, seed=1)["match_id"]
        assert view(client, match_id)["state_id"] == 0
    with TestClient(create_app(database, bot_delay=0)) as client:

        def moved_on() -> bool:  # the listing reads the database and loads no match
            listed = client.get("/api/matches").json()
            return any(m["match_id"] == match_id and m["state_id"] > 0 for m in listed)

        wait_for(moved_on, "the bots to move after the restart")
