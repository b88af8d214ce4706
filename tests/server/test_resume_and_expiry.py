"""Start-up that answers at once while bot matches resume behind it; idle matches expire."""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from ludoteca.server import hub as hub_module
from ludoteca.server.app import create_app
from ludoteca.server.hub import MatchHub
from ludoteca.server.match_cache import MatchCache
from ludoteca.server.settings import ServerLimits
from ludoteca.server.storage import Database
from ludoteca.server.tables import MatchRow
from tests.server.support import (
    GENEROUS_RATES,
    POLL_SECONDS,
    TestClient,
    act,
    assert_error,
    create,
    serve,
    view,
    wait_for,
)

TWO_BOTS = [{"type": "bot", "bot": "random"}] * 2
BOT_MATCHES = 10
LIMITS = ServerLimits(**GENEROUS_RATES)


def app_on(database: str, bot_delay: float, **limits: Any) -> Any:
    """Return an app on `database` with generous rates and the given limits."""
    return create_app(database, bot_delay=bot_delay, bot_seconds=0.05,
                      limits=ServerLimits(**{**GENEROUS_RATES, **limits}))


def bot_match(client: TestClient) -> str:
    """Create a 2-player Elfenland match of two random bots; return its id."""
    return create(client, game="elfenland", players=2, seats=TWO_BOTS)["match_id"]


def backdate(database: str, match_id: str, hours: float) -> None:
    """Make the stored match look idle for `hours` (its last change that long ago)."""
    db = Database(database)
    try:
        with db.session() as session:
            moment = dt.datetime.now(dt.UTC) - dt.timedelta(hours=hours)
            session.execute(
                update(MatchRow).where(MatchRow.id == match_id).values(updated_at=moment)
            )
            session.commit()
    finally:
        db.dispose()


def summary(client: TestClient, match_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}")
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


# -- resuming bot matches after a restart -------------------------------------------------------


def test_start_up_answers_at_once_and_resumes_bot_matches_a_few_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    with TestClient(app_on(database, bot_delay=60)) as client:  # bots wait; then stopped
        ids = {bot_match(client) for _ in range(BOT_MATCHES)}

    # Loads are held back until the API has answered: the answer must not wait for them.
    gate, guard = threading.Event(), threading.Lock()
    events: list[str] = []
    running = [0, 0]  # loads under way, most at once
    load = MatchCache._load

    def held_back_load(cache: MatchCache, match_id: str) -> Any:
        with guard:
            running[0] += 1
            running[1] = max(running)
        gate.wait(timeout=POLL_SECONDS)  # bounded: a start-up that waits for it still ends
        with guard:
            running[0] -= 1
            events.append("load")
        return load(cache, match_id)

    monkeypatch.setattr(MatchCache, "_load", held_back_load)
    with TestClient(app_on(database, bot_delay=0)) as client:
        assert client.get("/api/games").status_code == 200
        with guard:
            events.append("games")
        gate.set()

        def all_finished() -> bool:
            listed = client.get("/api/matches", params={"status": "finished", "limit": 200})
            return {m["match_id"] for m in listed.json()} == ids

        wait_for(all_finished, "every resumed bot match to finish")
    assert events[0] == "games"
    assert events.count("load") == BOT_MATCHES
    assert running[1] <= hub_module.RESUME_AT_ONCE


# -- expiry of abandoned matches ----------------------------------------------------------------


def test_an_idle_match_expires_refuses_play_and_stays_readable(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'ludoteca.sqlite3'}"
    with serve(tmp_path) as client:
        # Every seat claimed: the match has started (an open one expires too: test_match_start).
        created = create(client, claim=[0, 1, 2, 3])
        match_id, token = created["match_id"], created["tokens"]["0"]
        fresh = create(client)["match_id"]
        backdate(database, match_id, hours=LIMITS.idle_hours + 1)
        hub: MatchHub = client.app.state.hub
        assert client.portal.call(hub.expire_idle) == [match_id]

        assert summary(client, match_id)["status"] == "expired"
        assert summary(client, fresh)["status"] == "open"
        listed = client.get("/api/matches", params={"status": "expired"}).json()
        assert [m["match_id"] for m in listed] == [match_id]
        assert match_id not in {m["match_id"] for m in client.get(
            "/api/matches", params={"status": "open"}).json()}

        current = view(client, match_id, token)
        assert current["match"]["status"] == "expired"
        action = (current["observation"]["legal_actions"] or ["K: s-16"])[0]
        assert_error(act(client, match_id, token, 0, action), 409, "expired")
        assert_error(client.post(f"/api/matches/{match_id}/join", json={"seat": 1}), 409,
                     "expired")
        record = client.get(f"/api/matches/{match_id}/record")
        assert record.status_code == 200 and record.json()["actions"] == []
        assert view(client, match_id)["state_id"] == 0


def test_expiry_stops_the_bots_of_a_match_in_memory(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    with TestClient(app_on(database, bot_delay=60)) as client:
        match_id = bot_match(client)
        hub: MatchHub = client.app.state.hub
        live = client.portal.call(hub.get, match_id)
        assert live.bot_task is not None and not live.bot_task.done()  # waiting to move
        backdate(database, match_id, hours=LIMITS.idle_hours + 1)
        assert client.portal.call(hub.expire_idle) == [match_id]
        wait_for(lambda: live.bot_task is not None and live.bot_task.done(), "the bots to stop")
        assert live.bot_to_move() is None
        assert summary(client, match_id)["status"] == "expired"


def test_start_up_expires_idle_matches_before_resuming_their_bots(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    with TestClient(app_on(database, bot_delay=60)) as client:
        idle, recent = bot_match(client), bot_match(client)
    backdate(database, idle, hours=LIMITS.idle_hours + 1)
    with TestClient(app_on(database, bot_delay=0)) as client:
        wait_for(lambda: summary(client, recent)["status"] == "finished", "the recent match")
        after = summary(client, idle)
        assert (after["status"], after["state_id"]) == ("expired", 0)


def test_the_background_expiry_check_expires_matches_left_alone(tmp_path: Path) -> None:
    with serve(tmp_path, idle_hours=0.0001) as client:  # 0.36 seconds
        match_id = create(client)["match_id"]
        wait_for(lambda: summary(client, match_id)["status"] == "expired", "the expiry check")
