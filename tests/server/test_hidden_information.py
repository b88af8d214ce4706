"""No client ever receives what its seat may not know: whole games over the API (a 4-player
Keezen game and a 3-player Elfenland game)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from tests.server.support import TestClient, act, create, serve, view

SEEDS = {"keezen": 2025, "elfenland": 31}  # with random.Random(7) choosing: whole games
SECRET_KEYS = ("pack", "seed", "deck", "token", "tokens", "draw_pile", "supply")


def keys_under(value: Any) -> set[str]:
    """Return every key of every object nested in a JSON value."""
    keys: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            keys.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return keys


def check_message(
    text: str, seat: int | None, expected: dict[str, Any], tokens: dict[str, str]
) -> dict[str, Any]:
    """Assert one socket message shows `seat` exactly its own observation and nothing secret."""
    for token in tokens.values():
        assert token not in text, "a seat token was sent to a client"
    message = json.loads(text)
    assert message["type"] == "view" and message["seat"] == seat
    observation = message["observation"]
    assert observation == expected
    assert observation["seat"] == seat
    if seat is None:
        assert observation["hand"] is None and observation["legal_actions"] == []
    assert not keys_under(message) & set(SECRET_KEYS)
    outside_log = {key: value for key, value in observation.items() if key != "log"}
    assert "hands" not in keys_under(outside_log) | keys_under(message["match"])
    if observation["game"] == "elfenland" and seat is None:
        assert observation["secret_counters"] is None
    for entry in observation["log"]:
        if entry.get("seat") != seat:  # Elfenland: cards drawn, secret kinds, cards kept
            assert entry["kind"] != "refill" or entry["cards"] is None
            assert entry["kind"] != "secret" or entry["counter"] is None
            assert entry["kind"] != "keep-cards" or entry["kept"] is None
            if entry["kind"] == "keep-counter" and entry["secret"]:
                assert entry["counter"] is None
        if entry["kind"] == "deal":
            for other, hand in enumerate(entry["hands"]):
                if other != seat:
                    assert hand is None, f"a deal shows seat {other}'s hand"
                    assert f" {other}=?" in entry["text"], f"a deal text shows seat {other}'s hand"
    return message


@pytest.mark.parametrize(("game_name", "players"), [("keezen", 4), ("elfenland", 3)])
def test_every_socket_message_of_a_whole_game_shows_only_the_own_seat(
    tmp_path: Path, game_name: str, players: int
) -> None:
    game = ludoteca.load(game_name, players=players)
    seed = SEEDS[game_name]
    state = game.initial_state(seed)
    rng = random.Random(7)
    with serve(tmp_path) as client:
        # A fixed seed needs every human seat held by the creator (the test plays them all).
        created = create(client, game=game_name, players=players,
                         seats=[{"type": "human"}] * players, seed=seed,
                         claim=list(range(players)), name="Ann")
        match_id = created["match_id"]
        tokens = dict(created["tokens"])
        watched: list[tuple[int | None, str | None]] = [
            (0, tokens["0"]), (1, tokens["1"]), (None, None)
        ]
        sockets = [
            (seat, token, client.websocket_connect(f"/api/matches/{match_id}/ws"))
            for seat, token in watched
        ]
        opened = []
        for seat, token, socket in sockets:
            connected = socket.__enter__()
            connected.send_json({"token": token})
            opened.append((seat, connected))
        try:
            play_whole_game(client, match_id, tokens, opened, game, state, rng)
        finally:
            for _, _, socket in reversed(sockets):
                socket.__exit__(None, None, None)


def play_whole_game(
    client: TestClient,
    match_id: str,
    tokens: dict[str, str],
    sockets: list[tuple[int | None, Any]],
    game: Any,
    state: Any,
    rng: random.Random,
) -> None:
    """Play random legal actions through the API, checking every message on every socket."""
    state_id = 0
    for seat, socket in sockets:
        hello = check_message(socket.receive_text(), seat, game.observation(state, seat), tokens)
        assert hello["state_id"] == 0
    while not game.is_terminal(state):
        mover = game.current_player(state)
        token = tokens[str(mover)]
        own = view(client, match_id, token)
        assert own["observation"] == game.observation(state, mover)
        text = rng.choice(own["observation"]["legal_actions"])
        response = act(client, match_id, token, state_id, text)
        assert response.status_code == 200, response.text
        before, state = state, game.apply(state, game.action_from_text(state, text))
        state_id += 1
        for seat, socket in sockets:
            received = socket.receive_text()
            while json.loads(received)["state_id"] == state_id - 1:
                # A seat's socket came or went (its presence is published): the same state
                # again, checked as any view.
                check_message(received, seat, game.observation(before, seat), tokens)
                received = socket.receive_text()
            message = check_message(received, seat, game.observation(state, seat), tokens)
            assert message["state_id"] == state_id
        assert response.json()["observation"] == game.observation(state, mover)
    final = view(client, match_id)
    assert final["match"]["status"] == "finished"
    assert final["match"]["result"]["returns"] == list(game.returns(state))
