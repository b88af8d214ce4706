"""Two apps on one database, without Redis: a copy that fell behind is refused by the database,
changes nothing and catches up before it answers (server/catch_up.py); an action taken back and
replaced elsewhere makes the copy rebuild."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from ludoteca.server import seat_records, storage
from tests.server.support import (
    TestClient,
    act,
    assert_error,
    create,
    serve,
    view,
    wait_for,
)
from tests.server.test_absence import (
    THREE_PEOPLE_AND_A_BOT,
    connected,
    summary,
    vote,
    wait_present,
)
from tests.server.test_undo import elfenland_hotseat, play_until, preferred, undo


@contextmanager
def two_apps(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Yield clients of two apps (two processes, as far as the hub knows) on one SQLite file."""
    with ExitStack() as stack:
        yield stack.enter_context(serve(tmp_path)), stack.enter_context(serve(tmp_path))


def step(client: TestClient, match_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Play one action of the seat to move through `client`; return its view after."""
    seat = view(client, match_id)["match"]["current_player"]
    current = view(client, match_id, tokens[str(seat)])
    legal = current["observation"]["legal_actions"]
    response = act(client, match_id, tokens[str(seat)], current["state_id"], preferred(legal))
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def test_a_copy_behind_the_database_is_refused_then_shows_the_stored_state(
    tmp_path: Path,
) -> None:
    with two_apps(tmp_path) as (a, b):
        match_id, tokens = elfenland_hotseat(a)
        seat = view(b, match_id)["match"]["current_player"]  # b holds a copy at state 0
        stale = view(b, match_id, tokens[str(seat)])
        moved = step(a, match_id, tokens)  # a moves on; b hears nothing of it
        assert view(b, match_id)["state_id"] == 0

        refused = act(b, match_id, tokens[str(seat)], 0, preferred(
            stale["observation"]["legal_actions"]
        ))
        assert_error(refused, 409, "stale_state")
        assert view(b, match_id) == view(a, match_id)  # caught up before answering
        assert view(b, match_id)["state_id"] == moved["state_id"] == 1


def test_a_client_ahead_of_the_copy_is_served_after_it_catches_up(tmp_path: Path) -> None:
    with two_apps(tmp_path) as (a, b):
        match_id, tokens = elfenland_hotseat(a)
        view(b, match_id)  # b's copy at state 0
        for _ in range(3):
            step(a, match_id, tokens)
        seat = view(a, match_id)["match"]["current_player"]
        current = view(a, match_id, tokens[str(seat)])  # what the client saw through a
        response = act(b, match_id, tokens[str(seat)], current["state_id"],
                       preferred(current["observation"]["legal_actions"]))
        assert response.status_code == 200, response.text
        assert response.json()["state_id"] == 4
        assert view(a, match_id)["state_id"] == 3  # a, in turn, is behind now
        assert view(a, match_id, tokens["0"])["state_id"] == 3
        assert step(b, match_id, tokens)["state_id"] == 5


def test_an_action_taken_back_and_replaced_elsewhere_makes_the_copy_rebuild(
    tmp_path: Path,
) -> None:
    with two_apps(tmp_path) as (a, b):
        match_id, tokens = elfenland_hotseat(a)
        before = play_until(a, match_id, tokens, "move")
        token = tokens[str(before["seat"])]
        moves = [text for text in before["observation"]["legal_actions"] if text.startswith("move")]
        assert len(moves) >= 2
        moved = act(a, match_id, token, before["state_id"], moves[0]).json()
        copy_at = view(b, match_id, token)  # b holds the first move
        assert copy_at["state_id"] == moved["state_id"]

        assert undo(a, match_id, token, moved["state_id"]).status_code == 200
        replaced = act(a, match_id, token, before["state_id"], moves[1]).json()
        assert replaced["state_id"] == moved["state_id"]  # same state id, another state
        assert replaced["observation"] != moved["observation"]

        # b's copy holds the first move at that state id: its next action, legal there, would
        # follow a state the match never reached. The database refuses it (the match's history
        # changed since b's copy: matches.undos), and b rebuilds from the record.
        legal_on_b = copy_at["observation"]["legal_actions"]
        refused = act(b, match_id, token, copy_at["state_id"], legal_on_b[0])
        assert_error(refused, 409, "stale_state")
        assert view(b, match_id, token) == view(a, match_id, token)
        assert view(b, match_id, token)["observation"] == replaced["observation"]


def test_a_seat_taken_back_elsewhere_is_refused_on_the_old_copy_which_catches_up(
    tmp_path: Path,
) -> None:
    with two_apps(tmp_path) as (a, b):
        created = create(a, players=2, seats=[{"type": "human"}] * 2, claim=[0, 1])
        match_id, tokens = created["match_id"], created["tokens"]
        with connected(a, match_id, tokens["0"]):
            wait_present(a, match_id, {0})
            assert vote(a, match_id, tokens["0"], 1).json()["seats"][1]["replaced"] is True
        assert summary(b, match_id)["seats"][1]["replaced"] is True  # b's copy from now
        # A return is refused while the bot plays the seat's turn (server/absence.py): let it.
        wait_for(lambda: summary(a, match_id)["current_player"] != 1, "the bot's turn to pass")
        back = {"token": tokens["1"]}
        assert a.post(f"/api/matches/{match_id}/return", json=back).status_code == 200

        assert_error(b.post(f"/api/matches/{match_id}/return", json=back), 409, "cannot_return")
        assert summary(b, match_id)["seats"][1] == summary(a, match_id)["seats"][1]
        assert summary(b, match_id)["seats"][1]["replaced"] is False


def test_votes_stored_through_two_copies_at_once_are_both_kept(tmp_path: Path) -> None:
    with two_apps(tmp_path) as (a, _):
        created = create(a, seats=THREE_PEOPLE_AND_A_BOT, claim=[0, 1, 2])
        engine = storage.Database(f"sqlite:///{tmp_path / 'ludoteca.sqlite3'}").engine
        # Each copy saw no vote yet; each stores its own: the second finds the first's.
        assert seat_records.store_vote(engine, created["match_id"], 2, 1) == [1]
        assert seat_records.store_vote(engine, created["match_id"], 2, 0) == [0, 1]
        engine.dispose()
