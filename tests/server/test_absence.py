"""Absent players: presence from the open sockets, votes to give an absent player's seat to a
bot (refused for a present player, decided when every other present player voted, kept over a
restart, lapsed when the player comes back), and taking the seat back.

Votes through two processes: tests/server/test_presence_cluster.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from tests.server.support import TestClient, assert_error, create, serve, wait_for

THREE_PEOPLE_AND_A_BOT = [{"type": "human"}] * 3 + [{"type": "bot", "bot": "random"}]


@contextmanager
def connected(client: TestClient, match_id: str, *tokens: str | None) -> Iterator[None]:
    """Hold the match's socket open for each token (those seats are present) in the block."""
    with ExitStack() as stack:
        for token in tokens:
            socket = stack.enter_context(client.websocket_connect(f"/api/matches/{match_id}/ws"))
            socket.send_json({"token": token})
            socket.receive_json()  # the view: the server has the subscriber
        yield


def summary(client: TestClient, match_id: str) -> dict[str, Any]:
    """Return the match's summary."""
    answer: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
    return answer


def wait_present(client: TestClient, match_id: str, seats: set[int]) -> None:
    """Wait until exactly `seats` are shown present."""
    def shown() -> bool:
        present = {s["seat"] for s in summary(client, match_id)["seats"] if s["present"]}
        return present == seats
    wait_for(shown, f"seats {sorted(seats)} shown present")


def vote(client: TestClient, match_id: str, token: str, seat: int) -> Any:
    """Post a vote and return the raw answer."""
    return client.post(f"/api/matches/{match_id}/votes", json={"token": token, "seat": seat})


def three_people(client: TestClient) -> tuple[str, dict[str, str]]:
    """Create a started Keezen match of three people (the test holds them) and a bot."""
    created = create(client, seats=THREE_PEOPLE_AND_A_BOT, claim=[0, 1, 2])
    return created["match_id"], created["tokens"]


def test_presence_follows_the_open_sockets(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = three_people(client)
        with connected(client, match_id, tokens["0"], tokens["1"]):
            wait_present(client, match_id, {0, 1})
            with connected(client, match_id, tokens["2"]):
                wait_present(client, match_id, {0, 1, 2})
            wait_present(client, match_id, {0, 1})
        wait_present(client, match_id, set())


def test_votes_are_refused_for_a_present_player_ones_own_seat_a_bot_and_an_absent_voter(
    tmp_path: Path,
) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = three_people(client)
        assert_error(vote(client, match_id, tokens["0"], 2), 409, "cannot_vote")  # 0 is away
        with connected(client, match_id, tokens["0"], tokens["1"]):
            wait_present(client, match_id, {0, 1})
            assert_error(vote(client, match_id, tokens["0"], 1), 409, "cannot_vote")
            assert_error(vote(client, match_id, tokens["0"], 0), 409, "cannot_vote")
            assert_error(vote(client, match_id, tokens["0"], 3), 409, "cannot_vote")
            assert_error(vote(client, match_id, tokens["0"], 9), 400, "bad_request")
            assert_error(vote(client, match_id, "not a token", 2), 403, "bad_token")
            assert all(not s["votes"] for s in summary(client, match_id)["seats"])
            assert client.get(f"/api/matches/{match_id}/messages").json() == []


def test_an_absent_seat_goes_to_a_bot_when_every_other_present_player_voted(
    tmp_path: Path,
) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = three_people(client)
        with connected(client, match_id, tokens["0"], tokens["1"]):
            wait_present(client, match_id, {0, 1})
            first = vote(client, match_id, tokens["0"], 2)
            assert first.status_code == 200, first.text
            assert first.json()["seats"][2]["votes"] == [0]
            assert first.json()["seats"][2]["type"] == "human"
            second = vote(client, match_id, tokens["1"], 2)
            assert second.status_code == 200, second.text
            seat = second.json()["seats"][2]
            assert (seat["type"], seat["replaced"], seat["votes"]) == ("bot", True, [])
            notices = client.get(f"/api/matches/{match_id}/messages").json()
            assert [(m["kind"], m["params"]["seat"]) for m in notices] == [
                ("vote", 2), ("replaced", 2),
            ]
            assert notices[0]["params"]["by"] == 0
            # The seat's person takes it back (once the bot played the seat's turn, if it was).
            wait_for(lambda: summary(client, match_id)["current_player"] != 2, "the bot's move")
            back = client.post(f"/api/matches/{match_id}/return", json={"token": tokens["2"]})
            assert back.status_code == 200, back.text
            assert back.json()["seats"][2]["type"] == "human"


def test_a_single_other_player_decides_alone(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=[{"type": "human"}] * 2, claim=[0, 1])
        match_id, tokens = created["match_id"], created["tokens"]
        with connected(client, match_id, tokens["0"]):
            wait_present(client, match_id, {0})
            answer = vote(client, match_id, tokens["0"], 1)
            assert answer.status_code == 200, answer.text
            assert answer.json()["seats"][1]["replaced"] is True


def test_the_votes_against_a_player_lapse_when_they_come_back(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = three_people(client)
        with connected(client, match_id, tokens["0"], tokens["1"]):
            wait_present(client, match_id, {0, 1})
            assert vote(client, match_id, tokens["0"], 2).json()["seats"][2]["votes"] == [0]
            with connected(client, match_id, tokens["2"]):  # seat 2's player is back
                wait_present(client, match_id, {0, 1, 2})
                assert summary(client, match_id)["seats"][2]["votes"] == []
            wait_present(client, match_id, {0, 1})
            # Away again: the old vote of seat 0 does not count, so seat 1's alone decides nothing.
            again = vote(client, match_id, tokens["1"], 2)
            assert again.status_code == 200, again.text
            seat = again.json()["seats"][2]
            assert (seat["type"], seat["votes"]) == ("human", [1])


def test_votes_survive_a_restart(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        match_id, tokens = three_people(client)
        with connected(client, match_id, tokens["0"], tokens["1"]):
            wait_present(client, match_id, {0, 1})
            assert vote(client, match_id, tokens["0"], 2).status_code == 200
    with serve(tmp_path) as client:
        assert summary(client, match_id)["seats"][2]["votes"] == [0]
        with connected(client, match_id, tokens["0"], tokens["1"]):
            wait_present(client, match_id, {0, 1})
            decided = vote(client, match_id, tokens["1"], 2)
            assert decided.status_code == 200, decided.text
            assert decided.json()["seats"][2]["replaced"] is True


def test_a_hot_seat_match_has_nobody_present_and_no_votes(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=[{"type": "human"}] * 2, hotseat=True)
        match_id, tokens = created["match_id"], created["tokens"]
        # A hot-seat page listens as a spectator; even a socket with a seat's token publishes
        # no presence there (subscribing would have started the task that publishes it).
        with connected(client, match_id, None, tokens["0"]):
            live = client.app.state.hub.cache.cached(match_id)
            assert live.presence_task is None
            refused = vote(client, match_id, tokens["0"], 1)
            assert_error(refused, 409, "cannot_vote")
            assert not any(s["present"] for s in summary(client, match_id)["seats"])


def test_a_rematch_keeps_a_replaced_persons_seat_for_them(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=[{"type": "human"}] * 2, claim=[0, 1])
        match_id, tokens = created["match_id"], created["tokens"]
        with connected(client, match_id, tokens["0"]):
            wait_present(client, match_id, {0})
            assert vote(client, match_id, tokens["0"], 1).json()["seats"][1]["replaced"]
        rematch = client.post(f"/api/matches/{match_id}/rematch", json={"token": tokens["0"]})
        assert rematch.status_code == 200, rematch.text
        kept = rematch.json()["match"]["seats"][1]
        assert (kept["type"], kept["reserved"], kept["replaced"]) == ("human", True, False)
        mine = client.post(f"/api/matches/{match_id}/rematch", json={"token": tokens["1"]})
        assert mine.status_code == 200, mine.text
        assert mine.json()["match"]["seats"][1]["claimed"] is True
