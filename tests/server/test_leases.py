"""Bot leases (server/leases.py) on SQLite and on a real PostgreSQL: one holder at a time, renewed
by its holder, taken over once it runs out, and the matches nobody attends are found."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from ludoteca.server import leases, storage, tables


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> Iterator[storage.Database]:
    """Yield a database (in-memory SQLite, or a fresh PostgreSQL one) with two running matches
    whose seat 0 is to move: a bot's in "bot", a person's in "human"."""
    sqlite = request.param == "sqlite"
    url = "sqlite://" if sqlite else request.getfixturevalue("fresh_postgres_url")
    database = storage.Database(url)
    now = storage.utc_now()
    for match_id, kind in (("bot", "bot"), ("human", "human")):
        with database.session() as session:
            storage.insert_match(session, tables.MatchRow(
                id=match_id, game="keezen", players=2, options={}, seed=1, rules_version="1",
                hotseat=False, status="running", state_id=0, current_player=0, result=None,
                created_at=now, updated_at=now, rematch_id=None,
                seats=[tables.SeatRow(seat=0, type=kind), tables.SeatRow(seat=1, type="human")],
            ))
    yield database
    database.dispose()


def unattended(database: storage.Database, now: dt.datetime | None = None) -> list[str]:
    """Return the matches whose bots nobody attends at `now` (default: the present)."""
    with database.session() as session:
        return leases.unattended(session, now or storage.utc_now())


def test_one_process_holds_a_lease_and_renews_it_while_the_other_is_refused(
    database: storage.Database,
) -> None:
    engine = database.engine
    assert unattended(database) == ["bot"]  # a bot to move and nobody on it
    assert leases.take(engine, "bot", "A", 30)
    assert unattended(database) == []
    assert not leases.take(engine, "bot", "B", 30)
    assert leases.take(engine, "bot", "A", 30)  # its holder renews it
    leases.give_up(engine, "bot", "B")  # not B's to give up
    assert not leases.take(engine, "bot", "B", 30)
    leases.give_up(engine, "bot", "A")
    assert unattended(database) == ["bot"]
    assert leases.take(engine, "bot", "B", 30)


def test_a_lease_that_ran_out_is_taken_over(
    database: storage.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = database.engine
    now = [storage.utc_now()]
    monkeypatch.setattr(leases, "utc_now", lambda: now[0])  # the test moves the time on
    assert leases.take(engine, "bot", "A", 5)
    now[0] += dt.timedelta(seconds=6)  # A died: it renews no more
    assert unattended(database, now[0]) == ["bot"]
    assert leases.take(engine, "bot", "B", 30)
    assert not leases.take(engine, "bot", "A", 30)  # A, were it alive, now stops


def test_shutting_down_gives_up_every_lease_of_the_process(database: storage.Database) -> None:
    engine = database.engine
    assert leases.take(engine, "bot", "A", 30)
    assert leases.take(engine, "human", "A", 30)
    assert leases.take(engine, "human", "A", 30)
    leases.give_up_all(engine, "A")
    assert leases.take(engine, "bot", "B", 30)
    assert leases.take(engine, "human", "B", 30)
