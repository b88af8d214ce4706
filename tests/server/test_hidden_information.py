"""No client ever receives what its seat may not know: whole games over the API of every
registered game (a 4-player Keezen game, a 3-player Elfenland game, 3-player Thurn und Taxis
games, with and without blind_draw, a 3-player Suitors' Paths game, and a game at its default
player count for any other game)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca.bots import make_bot
from ludoteca.core.registry import available_games, game_spec
from tests.server.support import TestClient, act, create, serve, view

TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "keezen": [(4, {})], "elfenland": [(3, {})], "suitors_paths": [(3, {})],
    "thurn_und_taxis": [(3, {}), (3, {"blind_draw": True})],
}
"""Per game, the player counts and options of the games played (default: the default count)."""
SEEDS = {"keezen": 2025, "elfenland": 31, "thurn_und_taxis": 11, "suitors_paths": 12}
"""With random.Random(7) choosing: whole games (default seed 1)."""
BOT_PLAYED = {"thurn_und_taxis": "heuristic"}
"""Games whose every seat this bot plays: random Thurn und Taxis players rarely close a route
and a game would last thousands of actions, while the bot's games end in some 20 rounds."""
CASES = [(name, players, options) for name in available_games()
         for players, options in TABLES.get(name, [(game_spec(name).default_players, {})])]
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
        assert observation.get("hand") is None and observation["legal_actions"] == []
    keys = keys_under({**message, "observation": {**observation, "log": None}})
    log_keys = keys_under(observation["log"])
    if observation["game"] == "thurn_und_taxis":
        log_keys.discard("token")  # an entry's notation (`T3:MUE`, `TD`), not a seat token
    if observation["game"] == "suitors_paths":
        keys.discard("supply")  # the blocks left in the shared supply, public (P14)
    secret = (keys | log_keys) & set(SECRET_KEYS)
    assert not secret, f"secret keys {sorted(secret)} in a message"
    outside_log = {key: value for key, value in observation.items() if key != "log"}
    if observation["game"] == "thurn_und_taxis":
        outside_log.pop("hands")  # the cards every seat saw taken (T8): check_unseen_cards
    assert "hands" not in keys_under(outside_log) | keys_under(message["match"])
    if observation["game"] == "elfenland" and seat is None:
        assert observation["secret_counters"] is None
    for entry in observation["log"]:
        if entry.get("seat") != seat and entry.get("token", "").startswith("TD"):
            assert entry["token"] == "TD" and entry["city"] is None, "a blind card was shown"
        if observation["game"] == "elfenland" and entry.get("seat") != seat:
            # cards drawn, secret kinds, cards kept
            assert entry["kind"] != "refill" or entry["cards"] is None
            assert entry["kind"] != "secret" or entry["counter"] is None
            assert entry["kind"] != "keep-cards" or entry["kept"] is None
            if entry["kind"] == "keep-counter" and entry["secret"]:
                assert entry["counter"] is None
        if observation["game"] == "suitors_paths" and entry["kind"] == "take_deck":
            assert (entry["colour"] is None) == (entry["seat"] != seat), "a deck draw was shown"
        if entry["kind"] == "deal" and observation["game"] != "suitors_paths":
            # (Suitors' Paths logs no hands at the deal, only the display.)
            for other, hand in enumerate(entry["hands"]):
                if other != seat:
                    assert hand is None, f"a deal shows seat {other}'s hand"
                    assert f" {other}=?" in entry["text"], f"a deal text shows seat {other}'s hand"
    return message


@pytest.mark.parametrize(("game_name", "players", "options"), CASES)
def test_every_socket_message_of_a_whole_game_shows_only_the_own_seat(
    tmp_path: Path, game_name: str, players: int, options: dict[str, Any]
) -> None:
    game = ludoteca.load(game_name, players=players, **options)
    seed = SEEDS.get(game_name, 1)
    state = game.initial_state(seed)
    rng = random.Random(7)
    with serve(tmp_path) as client:
        # A fixed seed needs every human seat held by the creator (the test plays them all).
        created = create(client, game=game_name, players=players,
                         seats=[{"type": "human"}] * players, seed=seed,
                         claim=list(range(players)), name="Ann", options=options)
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
        text = choose(game, state, rng, own["observation"]["legal_actions"])
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
            if game.name == "thurn_und_taxis":
                check_unseen_cards(game, state, seat, message["observation"])
            if game.name == "suitors_paths":
                check_suitors_cards(state, seat, message["observation"])
        assert response.json()["observation"] == game.observation(state, mover)
    final = view(client, match_id)
    assert final["match"]["status"] == "finished"
    assert final["match"]["result"]["returns"] == list(game.returns(state))


def choose(game: Any, state: Any, rng: random.Random, legal: list[str]) -> str:
    """Return the text of the action to play: random, or the bot of `BOT_PLAYED` (Thurn und
    Taxis with `blind_draw`: a blind draw at random)."""
    if game.name not in BOT_PLAYED:
        return rng.choice(legal)
    if "TD" in legal and rng.random() < 0.3:
        return "TD"  # the bot never draws blind; a third of the chances make the test's cards
    action = make_bot(BOT_PLAYED[game.name], game).choose(game, state, game.current_player(state),
                                                         rng)
    text: str = game.action_to_text(state, action)
    assert text in legal
    return text


def check_unseen_cards(game: Any, state: Any, seat: int | None, observation: Any) -> None:
    """Assert a Thurn und Taxis view shows of each other hand only the cards seen taken (T8)
    and of the deck only its size."""
    board = game.board
    assert observation["deck_size"] == len(state.deck)
    for other, shown in enumerate(observation["hands"]):
        seen = [h - b for h, b in zip(state.hands[other], state.blind[other], strict=True)]
        assert shown == sorted(code for city, code in enumerate(board.city_codes)
                               for _ in range(seen[city])), f"seat {other}'s hand is shown wrongly"
        assert observation["blind_counts"][other] == sum(state.blind[other])
    own = None if seat is None else board.cards_text(state.hands[seat])
    assert observation["hand"] == (None if own is None else own.split(",") if own else [])


def check_suitors_cards(state: Any, seat: int | None, observation: Any) -> None:
    """Assert a Suitors' Paths view shows of each other hand only the cards seen taken from
    the display (`known_cards`) and how many others it holds, and of the deck only its size."""
    letters = "GYRKBM"
    assert observation["deck_size"] == len(state.deck)
    assert observation["discard_pile"] == [letters[c] for c in state.discards]
    for other, (hand, known) in enumerate(zip(state.hands, state.known, strict=True)):
        assert observation["known_cards"][other] == "".join(
            letter * count for letter, count in zip(letters, known, strict=True))
        assert observation["unseen_counts"][other] == sum(hand) - sum(known)
    own = None if seat is None else "".join(
        letter * count for letter, count in zip(letters, state.hands[seat], strict=True))
    assert observation["hand"] == own
