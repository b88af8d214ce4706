"""POST /api/matches/{id}/undo: one's own last action within one's own turn, if it showed nothing
hidden (issue 10); refusals change nothing; the notice is stored and sent; a restart replays the
shortened record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludoteca.games.elfenland import ElfenlandGame
from ludoteca.games.elfenland.actions import action_text
from tests.server.support import TestClient, act, assert_error, serve, view

SEED = 5
TWO_HUMANS = [{"type": "human"}, {"type": "human"}]


def undo(client: TestClient, match_id: str, token: str, state_id: int) -> Any:
    """Post an undo and return the raw response."""
    body = {"token": token, "state_id": state_id}
    return client.post(f"/api/matches/{match_id}/undo", json=body)


def elfenland_hotseat(client: TestClient) -> tuple[str, dict[str, str]]:
    """Create a two-seat hot-seat Elfenland match with a fixed seed; return its id and tokens."""
    body = {"game": "elfenland", "players": 2, "seats": TWO_HUMANS, "hotseat": True,
            "seed": SEED, "name": "Ann"}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return created["match_id"], created["tokens"]


def preferred(legal: list[str]) -> str:
    """Return the action that brings the match soonest to a journey step: open counters placed."""
    for start in ("move ", "place ", "take ", "pass", "end"):
        for text in legal:
            if text.startswith(start) and "?" not in text:
                return text
    return legal[0]


def play_until(
    client: TestClient, match_id: str, tokens: dict[str, str], verb: str
) -> dict[str, Any]:
    """Play until the seat to move may take an action starting with `verb`; return its view."""
    for _ in range(200):
        seat = view(client, match_id)["match"]["current_player"]
        current = view(client, match_id, tokens[str(seat)])
        legal = current["observation"]["legal_actions"]
        if any(text.startswith(verb) for text in legal):
            return current
        response = act(client, match_id, tokens[str(seat)], current["state_id"], preferred(legal))
        assert response.status_code == 200, response.text
    raise AssertionError(f"no {verb!r} within 200 actions")


def first(legal: list[str], verb: str) -> str:
    """Return the first legal action starting with `verb`."""
    return next(text for text in legal if text.startswith(verb))


def test_a_journey_step_is_taken_back_and_the_match_is_as_before(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = elfenland_hotseat(client)
        before = play_until(client, match_id, tokens, "move")
        seat = before["seat"]
        token = tokens[str(seat)]
        spectator_before = view(client, match_id)
        moved = act(client, match_id, token, before["state_id"],
                    first(before["observation"]["legal_actions"], "move")).json()
        assert moved["can_undo"] is True
        assert view(client, match_id)["can_undo"] is False  # only the mover may

        response = undo(client, match_id, token, moved["state_id"])
        assert response.status_code == 200, response.text
        after = response.json()
        assert after["state_id"] == before["state_id"]
        assert after["observation"] == before["observation"]
        assert view(client, match_id)["observation"] == spectator_before["observation"]
        assert after["match"]["state_id"] == before["state_id"]


def test_a_draw_cannot_be_taken_back(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = elfenland_hotseat(client)
        current = view(client, match_id, tokens["0"])
        seat = current["match"]["current_player"]
        current = view(client, match_id, tokens[str(seat)])
        drawn = act(client, match_id, tokens[str(seat)], current["state_id"], "draw").json()
        # Phase 3 passes the turn after a pick: whoever is to move, nobody may take it back.
        assert drawn["can_undo"] is False
        message = assert_error(
            undo(client, match_id, tokens[str(seat)], drawn["state_id"]), 409, "cannot_undo"
        )
        assert "not yours" in message or "turn is over" in message
        assert view(client, match_id)["state_id"] == drawn["state_id"]


def test_the_engines_answer_is_enforced_within_ones_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every Elfenland action that keeps the turn and shows something hidden comes late in a
    # round; an engine that calls the journey step not undoable shows the same refusal.
    monkeypatch.setattr(ElfenlandGame, "undoable", lambda self, state, action: False)
    with serve(tmp_path) as client:
        match_id, tokens = elfenland_hotseat(client)
        current = play_until(client, match_id, tokens, "move")
        token = tokens[str(current["seat"])]
        moved = act(client, match_id, token, current["state_id"],
                    first(current["observation"]["legal_actions"], "move")).json()
        assert moved["can_undo"] is False
        message = assert_error(undo(client, match_id, token, moved["state_id"]), 409,
                               "cannot_undo")
        assert "showed something hidden" in message
        assert view(client, match_id, token)["state_id"] == moved["state_id"]


def test_undo_is_refused_after_the_turn_passed_by_another_seat_and_on_a_stale_state(
    tmp_path: Path,
) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = elfenland_hotseat(client)
        current = play_until(client, match_id, tokens, "move")
        seat = current["seat"]
        token, other = tokens[str(seat)], tokens[str(1 - seat)]
        moved = act(client, match_id, token, current["state_id"],
                    first(current["observation"]["legal_actions"], "move")).json()
        state_id = moved["state_id"]

        message = assert_error(undo(client, match_id, other, state_id), 409, "cannot_undo")
        assert "not yours" in message
        assert_error(undo(client, match_id, token, state_id - 1), 409, "stale_state")
        assert_error(undo(client, match_id, "no such token", state_id), 403, "bad_token")
        assert view(client, match_id, token)["state_id"] == state_id  # nothing changed

        ended = act(client, match_id, token, state_id, "end").json()
        message = assert_error(undo(client, match_id, token, ended["state_id"]), 409,
                               "cannot_undo")
        assert "turn is over" in message


def test_repeated_undos_go_back_to_the_start_of_the_turn_and_no_further(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = elfenland_hotseat(client)
        current = play_until(client, match_id, tokens, "move")
        token = tokens[str(current["seat"])]
        start = current["state_id"]
        moved = act(client, match_id, token, start,
                    first(current["observation"]["legal_actions"], "move")).json()
        later = moved
        if any(text.startswith("move") for text in moved["observation"]["legal_actions"]):
            later = act(client, match_id, token, moved["state_id"],
                        first(moved["observation"]["legal_actions"], "move")).json()
        state_id = later["state_id"]
        while state_id > start:
            response = undo(client, match_id, token, state_id)
            assert response.status_code == 200, response.text
            state_id = response.json()["state_id"]
        assert state_id == start
        assert view(client, match_id, token)["can_undo"] is False
        assert_error(undo(client, match_id, token, start), 409, "cannot_undo")


def test_the_notice_is_stored_and_sent_on_the_socket_and_a_restart_replays_the_shorter_record(
    tmp_path: Path,
) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = elfenland_hotseat(client)
        current = play_until(client, match_id, tokens, "move")
        seat = current["seat"]
        token = tokens[str(seat)]
        step = first(current["observation"]["legal_actions"], "move")
        moved = act(client, match_id, token, current["state_id"], step).json()
        with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
            socket.send_json({"token": None})
            assert socket.receive_json()["state_id"] == moved["state_id"]
            assert undo(client, match_id, token, moved["state_id"]).status_code == 200
            sent = socket.receive_json()
            while sent.get("type") != "message":
                sent = socket.receive_json()
        assert (sent["kind"], sent["seat"], sent["step"]) == ("undo", seat, current["state_id"])
        assert sent["params"] == {"seat": seat, "action": step}
        before_restart = view(client, match_id, token)

    with serve(tmp_path) as client:
        again = view(client, match_id, token)
        assert again["state_id"] == current["state_id"]
        assert again["observation"] == before_restart["observation"]
        stored = client.get(f"/api/matches/{match_id}/messages").json()
        notices = stored["messages"] if isinstance(stored, dict) else stored
        assert [m["params"] for m in notices if m["kind"] == "undo"] == [
            {"seat": seat, "action": step}
        ]
        # The record goes on from the shortened one: the same step can be made again.
        assert act(client, match_id, token, again["state_id"], step).status_code == 200


def test_after_an_undo_another_action_is_judged_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The engine's answer is kept per state: after an undo, another action leads to a state
    # with the same id, and must be asked about anew. Only the first step is undoable here.
    with serve(tmp_path) as client:
        match_id, tokens = elfenland_hotseat(client)
        current = play_until(client, match_id, tokens, "move")
        token = tokens[str(current["seat"])]
        start = current["state_id"]
        steps = [text for text in current["observation"]["legal_actions"]
                 if text.startswith("move ")]
        assert len(steps) >= 2
        monkeypatch.setattr(ElfenlandGame, "undoable",
                            lambda self, state, action: action_text(action) == steps[0])
        moved = act(client, match_id, token, start, steps[0]).json()
        assert moved["can_undo"] is True
        assert undo(client, match_id, token, moved["state_id"]).status_code == 200
        other = act(client, match_id, token, start, steps[1]).json()
        assert other["state_id"] == moved["state_id"]
        assert other["can_undo"] is False
        assert_error(undo(client, match_id, token, other["state_id"]), 409, "cannot_undo")
