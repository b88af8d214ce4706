"""Time controls: the clock arithmetic (pure functions), and a seat out of time given to a bot,
also when its deadline passed while the server was down; a staller cannot defeat the clock (a
return never restarts a turn that ran out, time is granted once per turn, and after
MAX_TIMEOUTS time-outs the bot keeps the seat). Time is moved by the tests, never waited for:
`storage.utc_now` is replaced by a clock the test sets."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from ludoteca.server import storage
from ludoteca.server.clocks import (
    MAX_TIMEOUTS,
    RETURN_SECONDS,
    Clock,
    TimeControl,
    after_action,
    grant_return,
    new_clock,
    stop,
    time_out,
)
from tests.server.support import act, assert_error, create, serve, view, wait_for

START = dt.datetime(2030, 1, 1, 12, 0, tzinfo=dt.UTC)
TWO_HUMANS = [{"type": "human"}, {"type": "human"}]
PER_MOVE = {"mode": "move", "seconds": 30}


def at(seconds: float) -> dt.datetime:
    """Return the moment `seconds` after START."""
    return START + dt.timedelta(seconds=seconds)


class FakeTime:
    """A clock the test moves: replaces `storage.utc_now` for the server."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the time on."""
        self.now += dt.timedelta(seconds=seconds)


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    """Return the server's clock, set to START."""
    time = FakeTime()
    monkeypatch.setattr(storage, "utc_now", time)
    return time


# -- arithmetic ---------------------------------------------------------------------------------


def test_per_move_a_turn_keeps_its_start_over_consecutive_actions_of_its_seat() -> None:
    clock = new_clock(TimeControl("move", seconds=30), players=2)
    clock = after_action(clock, None, 0, timed=True, now=at(0))
    assert clock.deadline() == at(30)
    clock = after_action(clock, 0, 0, timed=True, now=at(20))  # the same turn goes on
    assert clock.deadline() == at(30)
    clock = after_action(clock, 0, 1, timed=True, now=at(25))  # the turn passes
    assert (clock.running, clock.deadline()) == (1, at(55))
    assert clock.remaining == (30.0, 30.0)


def test_a_game_clock_charges_each_action_and_adds_the_increment_when_the_turn_passes() -> None:
    clock = new_clock(TimeControl("game", minutes=5, increment=10), players=2)
    clock = after_action(clock, None, 0, timed=True, now=at(0))
    assert clock.deadline() == at(300)
    clock = after_action(clock, 0, 0, timed=True, now=at(40))  # charged, no increment yet
    assert clock.remaining == (260.0, 300.0)
    assert clock.deadline() == at(300)
    clock = after_action(clock, 0, 1, timed=True, now=at(50))  # charged, then the increment
    assert clock.remaining == (260.0, 300.0)
    assert (clock.running, clock.deadline()) == (1, at(350))
    assert clock.left(1, at(110)) == 240.0
    assert clock.left(0, at(110)) == 260.0


def test_a_bot_or_a_finished_match_runs_no_clock_and_a_stop_charges_without_increment() -> None:
    clock = new_clock(TimeControl("game", minutes=1, increment=5), players=2)
    clock = after_action(clock, None, 0, timed=True, now=at(0))
    to_bot = after_action(clock, 0, 1, timed=False, now=at(10))
    assert (to_bot.running, to_bot.deadline(), to_bot.remaining) == (None, None, (55.0, 60.0))
    stopped = stop(clock, at(70))
    assert (stopped.running, stopped.remaining) == (None, (0.0, 60.0))
    back = grant_return(stopped, 0)  # at least RETURN_SECONDS for the seat's next turn
    assert (back.running, back.remaining) == (None, (RETURN_SECONDS, 60.0))
    turn = after_action(back, 1, 0, timed=True, now=at(100))
    assert turn.deadline() == at(100 + RETURN_SECONDS)


def test_a_clock_reads_back_what_it_stored() -> None:
    clock = after_action(
        new_clock(TimeControl("game", minutes=3, increment=2), 3), None, 2, True, at(5)
    )
    assert Clock.from_json(clock.to_json()) == clock
    counted = grant_return(time_out(clock, 2, at(9)), 2)
    assert Clock.from_json(counted.to_json()) == counted


def test_the_return_grant_comes_once_per_turn_of_the_seat() -> None:
    clock = new_clock(TimeControl("game", minutes=1), players=2)
    clock = time_out(after_action(clock, None, 0, timed=True, now=at(0)), 0, at(60))
    assert (clock.remaining, clock.timeouts) == ((0.0, 60.0), (1, 0))
    clock = after_action(clock, 0, 1, timed=True, now=at(61))  # the bot played seat 0's turn
    once = grant_return(clock, 0)
    assert once.remaining == (RETURN_SECONDS, 60.0)
    # Seat 0's turn comes and runs out again: no second grant before that turn has passed.
    turn = after_action(once, 1, 0, timed=True, now=at(70))
    assert grant_return(turn, 0) == turn  # its turn runs: a return never restarts it
    again = time_out(turn, 0, at(70 + RETURN_SECONDS))
    assert again.remaining[0] == 0.0
    assert grant_return(again, 0) == again
    passed = after_action(again, 0, 1, timed=True, now=at(200))  # the bot played that turn
    assert grant_return(passed, 0).remaining[0] == RETURN_SECONDS


# -- the API ------------------------------------------------------------------------------------


@pytest.mark.parametrize("clock", [
    {"mode": "move", "seconds": 4},
    {"mode": "move", "seconds": 86_401},
    {"mode": "game", "minutes": 0},
    {"mode": "game", "minutes": 601},
    {"mode": "game", "minutes": 5, "increment": -1},
    {"mode": "game", "minutes": 5, "increment": 3601},
    {"mode": "hourglass", "seconds": 30},
    {"mode": "move", "seconds": "30"},
])
def test_a_bad_time_control_is_refused(tmp_path: Path, clock: dict[str, Any]) -> None:
    with serve(tmp_path) as client:
        response = client.post("/api/matches", json={"game": "keezen", "clock": clock})
        assert_error(response, 422, "malformed")
        assert client.get("/api/matches").json() == []


def test_the_summary_shows_each_seats_time_and_the_deadline_of_the_seat_to_move(
    tmp_path: Path, fake_time: FakeTime
) -> None:
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=TWO_HUMANS, claim=[0, 1], clock={
            "mode": "game", "minutes": 2, "increment": 3,
        })
        clock = created["match"]["clock"]
        seat = created["match"]["current_player"]
        assert clock["mode"] == "game" and clock["remaining"] == [120.0, 120.0]
        assert clock["running"] == seat
        assert clock["deadline"] == "2030-01-01T12:02:00Z"
        none = create(client, players=2, seats=TWO_HUMANS, claim=[0, 1])
        assert none["match"]["clock"] is None


def _timed_match(client: Any, clock: dict[str, Any] = PER_MOVE) -> tuple[str, dict[str, str]]:
    """Create a started 2-player match of two people (the test holds both seats)."""
    created = create(client, players=2, seats=TWO_HUMANS, claim=[0, 1], clock=clock)
    return created["match_id"], created["tokens"]


def _replaced(client: Any, match_id: str, seat: int) -> dict[str, Any] | None:
    summary: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
    return summary if summary["seats"][seat]["replaced"] else None


def test_a_seat_out_of_time_is_given_to_a_bot_which_moves_and_the_person_takes_it_back(
    tmp_path: Path, fake_time: FakeTime
) -> None:
    with serve(tmp_path, clock_sweep_seconds=0.02) as client:
        match_id, tokens = _timed_match(client)
        before = view(client, match_id)
        seat = before["match"]["current_player"]
        before_own = view(client, match_id, tokens[str(seat)])
        fake_time.advance(31)
        summary = wait_for(lambda: _replaced(client, match_id, seat), "the time-out")
        info = summary["seats"][seat]
        assert (info["type"], info["claimed"]) == ("bot", True)
        notices = client.get(f"/api/matches/{match_id}/messages").json()
        assert [(m["kind"], m["params"]["seat"]) for m in notices] == [("timeout", seat)]
        # The bot plays the seat's turn (one action or more) to its end: the match moves on
        # without the person, who may come back once the turn has passed.
        wait_for(lambda: view(client, match_id)["match"]["current_player"] != seat,
                 "the bot to end the seat's turn")
        legal = before_own["observation"]["legal_actions"][0]
        late = act(client, match_id, tokens[str(seat)], before["state_id"], legal)
        assert_error(late, 409, "seat_replaced")

        back = client.post(f"/api/matches/{match_id}/return", json={"token": tokens[str(seat)]})
        assert back.status_code == 200, back.text
        info = back.json()["seats"][seat]
        assert (info["type"], info["replaced"], info["bot"]) == ("human", False, None)
        kinds = [m["kind"] for m in client.get(f"/api/matches/{match_id}/messages").json()]
        assert kinds == ["timeout", "returned"]
        again = client.post(f"/api/matches/{match_id}/return", json={"token": tokens[str(seat)]})
        assert_error(again, 409, "cannot_return")


def test_an_action_after_the_deadline_is_refused_before_the_sweep_comes(
    tmp_path: Path, fake_time: FakeTime
) -> None:
    with serve(tmp_path, clock_sweep_seconds=3600) as client:
        match_id, tokens = _timed_match(client)
        seat = view(client, match_id)["match"]["current_player"]
        current = view(client, match_id, tokens[str(seat)])
        fake_time.advance(30)
        legal = current["observation"]["legal_actions"][0]
        refused = act(client, match_id, tokens[str(seat)], current["state_id"], legal)
        assert_error(refused, 409, "out_of_time")
        assert view(client, match_id)["state_id"] == current["state_id"]


def test_a_deadline_that_passed_while_the_server_was_down_times_out_after_the_restart(
    tmp_path: Path, fake_time: FakeTime
) -> None:
    with serve(tmp_path, clock_sweep_seconds=3600) as client:
        match_id, _ = _timed_match(client)
        seat = view(client, match_id)["match"]["current_player"]
    fake_time.advance(600)  # the server is down meanwhile
    with serve(tmp_path, clock_sweep_seconds=3600) as client:
        # Nothing asks for the match: the start-up sweep finds it in the database.
        summary = wait_for(lambda: _replaced(client, match_id, seat), "the time-out")
        assert summary["seats"][seat]["type"] == "bot"
        kinds = [m["kind"] for m in client.get(f"/api/matches/{match_id}/messages").json()]
        assert kinds == ["timeout"]


def test_a_rematch_keeps_the_time_control(tmp_path: Path, fake_time: FakeTime) -> None:
    clock = {"mode": "game", "minutes": 7, "increment": 2}
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=[{"type": "human"}, {"type": "bot"}],
                         claim=[0], clock=clock)
        rematch = client.post(f"/api/matches/{created['match_id']}/rematch",
                              json={"token": created["tokens"]["0"]})
        assert rematch.status_code == 200, rematch.text
        kept = rematch.json()["match"]["clock"]
        assert (kept["mode"], kept["minutes"], kept["increment"]) == ("game", 7, 2)
        assert kept["remaining"] == [420.0, 420.0]


def test_the_clock_starts_with_the_match_and_only_for_a_persons_turn(
    tmp_path: Path, fake_time: FakeTime
) -> None:
    with serve(tmp_path, clock_sweep_seconds=3600) as client:
        created = create(client, players=2, seats=TWO_HUMANS, claim=[0], clock=PER_MOVE)
        match_id = created["match_id"]
        waiting = created["match"]
        assert waiting["status"] == "open"
        assert (waiting["clock"]["running"], waiting["clock"]["deadline"]) == (None, None)
        fake_time.advance(100)  # waiting for the second player costs nobody time
        joined = client.post(f"/api/matches/{match_id}/join", json={"seat": 1})
        assert joined.status_code == 200, joined.text
        started = client.get(f"/api/matches/{match_id}").json()
        assert started["status"] == "running"
        assert started["clock"]["running"] == started["current_player"]
        assert started["clock"]["deadline"] == "2030-01-01T12:02:10Z"  # START + 100 s + 30 s

        # Started with a bot in the empty seat: a bot's turn runs no clock.
        alone = create(client, players=2, seats=TWO_HUMANS, claim=[0], clock=PER_MOVE)
        start = client.post(f"/api/matches/{alone['match_id']}/start",
                            json={"token": alone["tokens"]["0"]})
        assert start.status_code == 200, start.text
        summary = client.get(f"/api/matches/{alone['match_id']}").json()
        running = summary["clock"]["running"]
        assert running is None or summary["seats"][running]["type"] == "human"


# -- a staller cannot defeat the clock ------------------------------------------------------------


def _summary(client: Any, match_id: str) -> dict[str, Any]:
    summary: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
    return summary


def _run_out(client: Any, match_id: str, seat: int, fake_time: FakeTime) -> None:
    """Let `seat`, to move, run out of time; return once a bot plays it."""
    assert _summary(client, match_id)["current_player"] == seat
    clock = _summary(client, match_id)["clock"]
    fake_time.advance(clock["seconds"] or clock["remaining"][seat])
    fake_time.advance(1)
    wait_for(lambda: _replaced(client, match_id, seat), "the time-out")


def _return_at_once(client: Any, match_id: str, token: str) -> dict[str, Any]:
    """Take the seat back as soon as the server allows it, asking again and again (as a
    staller would); return the summary of the return that was accepted."""
    def taken_back() -> dict[str, Any] | None:
        back = client.post(f"/api/matches/{match_id}/return", json={"token": token})
        if back.status_code == 200:
            summary: dict[str, Any] = back.json()
            return summary
        assert_error(back, 409, "cannot_return")
        return None
    return wait_for(taken_back, "the return")


@pytest.mark.parametrize("clock", [PER_MOVE, {"mode": "game", "minutes": 1, "increment": 0}])
def test_a_return_in_the_bots_delay_does_not_give_back_the_turn_that_ran_out(
    tmp_path: Path, fake_time: FakeTime, clock: dict[str, Any]
) -> None:
    with serve(tmp_path, clock_sweep_seconds=0.02) as client:
        client.app.state.hub.bot_delay = 0.3  # the staller's chance to come back first
        match_id, tokens = _timed_match(client, clock)
        before = _summary(client, match_id)
        seat = before["current_player"]
        _run_out(client, match_id, seat, fake_time)
        back = _return_at_once(client, match_id, tokens[str(seat)])
        # The bot played the turn that ran out; the person is back for the next one, and no
        # clock of theirs runs meanwhile.
        assert back["state_id"] > before["state_id"]
        assert back["current_player"] != seat
        assert back["clock"]["running"] != seat
        if clock["mode"] == "game":  # time for the next turn, given once
            assert back["clock"]["remaining"][seat] == RETURN_SECONDS
        assert back["seats"][seat]["type"] == "human"


def test_a_seat_out_of_time_again_and_again_stays_the_bots_to_the_end(
    tmp_path: Path, fake_time: FakeTime
) -> None:
    with serve(tmp_path, clock_sweep_seconds=0.02) as client:
        match_id, tokens = _timed_match(client)
        staller = _summary(client, match_id)["current_player"]
        other = tokens[str(1 - staller)]
        for count in range(1, MAX_TIMEOUTS + 1):
            _run_out(client, match_id, staller, fake_time)
            wait_for(lambda: _summary(client, match_id)["current_player"] != staller,
                     "the bot's move")
            if count < MAX_TIMEOUTS:
                _return_at_once(client, match_id, tokens[str(staller)])
                while (summary := _summary(client, match_id))["current_player"] != staller:
                    mine = view(client, match_id, other)
                    legal = mine["observation"]["legal_actions"][0]
                    assert act(client, match_id, other, summary["state_id"], legal).status_code \
                        == 200
        refused = client.post(f"/api/matches/{match_id}/return",
                              json={"token": tokens[str(staller)]})
        message = assert_error(refused, 409, "cannot_return")
        assert "to the end of the match" in message
        assert _summary(client, match_id)["seats"][staller]["type"] == "bot"
        notices = client.get(f"/api/matches/{match_id}/messages").json()
        assert [m["kind"] for m in notices] == [
            "timeout", "returned", "timeout", "returned", "kept",
        ]
        assert notices[-1]["params"]["timeouts"] == MAX_TIMEOUTS
