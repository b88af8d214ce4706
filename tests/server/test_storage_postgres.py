"""The storage functions behave alike on SQLite and on a real PostgreSQL (psycopg 3)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError

from ludoteca.core.chance import SEED_BITS
from ludoteca.server import storage, tables

LARGEST_SEED = 2**SEED_BITS - 1
START = dt.datetime(2026, 3, 29, 1, 30, 15, 123456, tzinfo=dt.UTC)
"""A moment with microseconds, on a night when Europe's clocks change: stored as naive UTC."""


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[storage.Database]:
    """Yield a migrated database holding match m1: 2 human seats and a bot, open, no action."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ludoteca.sqlite3'}"
    else:
        url = request.getfixturevalue("fresh_postgres_url")
    database = storage.Database(url)
    with database.session() as session:
        storage.insert_match(session, tables.MatchRow(
            id="m1", game="keezen", players=3, options={"teams": [[0, 2], [1]], "note": "ü"},
            seed=LARGEST_SEED, rules_version="1", hotseat=False, status="open", state_id=0,
            current_player=2, result=None, created_at=START, updated_at=START,
            seats=[tables.SeatRow(seat=0, type="human"), tables.SeatRow(seat=1, type="human"),
                   tables.SeatRow(seat=2, type="bot", bot="random")],
        ))
    yield database
    database.dispose()


def summary(state_id: int, minutes: int = 0) -> dict[str, Any]:
    """Return the summary columns of a running match at `state_id`, `minutes` after START."""
    return {
        "status": "running", "state_id": state_id, "current_player": state_id % 3,
        "result": None, "updated_at": START + dt.timedelta(minutes=minutes),
    }


def load(database: storage.Database) -> tuple[tables.MatchRow, list[str]]:
    """Return match m1 and its action texts."""
    with database.session() as session:
        stored = storage.load_match(session, "m1")
    assert stored is not None
    return stored


def test_a_match_reads_back_as_stored(database: storage.Database) -> None:
    match, actions = load(database)
    assert match.seed == LARGEST_SEED
    assert match.options == {"teams": [[0, 2], [1]], "note": "ü"}
    assert match.created_at == START
    assert match.created_at.tzinfo is not None
    assert [(seat.seat, seat.type, seat.bot) for seat in match.seats] == [
        (0, "human", None), (1, "human", None), (2, "bot", "random"),
    ]
    assert actions == []


def test_a_second_action_at_one_index_is_refused_and_stores_nothing(
    database: storage.Database,
) -> None:
    storage.append_action(database.engine, "m1", 0, 2, "play 1", summary(1, minutes=1), undos=0)
    with pytest.raises(storage.ActionAlreadyStored):
        storage.append_action(database.engine, "m1", 0, 0, "play 2", summary(1, minutes=2), undos=0)
    match, actions = load(database)
    assert actions == ["play 1"]
    assert (match.state_id, match.updated_at) == (1, START + dt.timedelta(minutes=1))
    # The refused transaction left the pooled connection usable.
    storage.append_action(database.engine, "m1", 1, 1, "play 3", summary(2, minutes=3), undos=0)
    assert load(database)[1] == ["play 1", "play 3"]


def test_an_action_of_an_expired_match_is_refused(database: storage.Database) -> None:
    with database.session() as session:
        assert storage.expire_idle(session, START + dt.timedelta(seconds=1)) == ["m1"]
    with pytest.raises(storage.MatchClosed):
        storage.append_action(database.engine, "m1", 0, 2, "play 1", summary(1), undos=0)
    assert load(database)[1] == []


def test_the_last_action_is_removed_only_at_the_stored_state(database: storage.Database) -> None:
    storage.append_action(database.engine, "m1", 0, 2, "play 1", summary(1), undos=0)
    storage.append_action(database.engine, "m1", 1, 0, "play 2", summary(2), undos=0)
    with pytest.raises(storage.NotLastAction):
        storage.remove_last_action(database.engine, "m1", 0, summary(0), undos=0)
    assert load(database)[1] == ["play 1", "play 2"]
    storage.remove_last_action(database.engine, "m1", 1, summary(1, minutes=5), undos=0)
    match, actions = load(database)
    assert actions == ["play 1"]
    assert (match.state_id, match.undos) == (1, 1)
    assert match.updated_at == START + dt.timedelta(minutes=5)
    # A copy that has not seen that undo acts on an index that now names another state.
    with pytest.raises(storage.ActionAlreadyStored):
        storage.append_action(database.engine, "m1", 1, 0, "play 4", summary(2), undos=0)
    storage.append_action(database.engine, "m1", 1, 0, "play 4", summary(2), undos=1)
    assert load(database)[1] == ["play 1", "play 4"]


def test_a_stored_row_at_the_index_is_refused_by_the_key_and_the_summary_rolled_back(
    database: storage.Database,
) -> None:
    # The unique (match_id, index) is the last guard: PostgreSQL's UniqueViolation arrives
    # as SQLAlchemy's IntegrityError, like SQLite's.
    with database.engine.begin() as connection:
        connection.execute(insert(tables.ActionRow), {
            "match_id": "m1", "index": 0, "seat": 0, "text": "play 0", "created_at": START,
        })
    with pytest.raises(storage.ActionAlreadyStored) as refused:
        storage.append_action(database.engine, "m1", 0, 2, "play 1", summary(1), undos=0)
    assert isinstance(refused.value.__cause__, IntegrityError)
    match, actions = load(database)
    assert actions == ["play 0"]
    assert (match.state_id, match.status) == (0, "open")


def test_a_claimed_seat_is_refused_to_a_second_claim_that_then_stores_nothing(
    database: storage.Database,
) -> None:
    with database.session() as session:
        storage.claim_seats(session, "m1", {0: ("hash-a", "Ann")}, "open", START)
    with database.session() as session, pytest.raises(storage.SeatAlreadyClaimed):
        storage.claim_seats(session, "m1", {1: ("hash-b", "Bo"), 0: ("hash-b", "Bo")}, "open",
                            START)
    seats = {seat.seat: seat for seat in load(database)[0].seats}
    assert (seats[0].claimed, seats[0].token_hash, seats[0].name) == (True, "hash-a", "Ann")
    assert (seats[1].claimed, seats[1].token_hash) == (False, None)
    with database.session() as session, pytest.raises(storage.SeatAlreadyClaimed):
        storage.claim_seats(session, "m1", {2: ("hash-c", "Cy")}, "open", START)  # a bot's


def test_only_matches_idle_since_before_the_limit_expire(database: storage.Database) -> None:
    with database.session() as session:
        assert storage.expire_idle(session, START) == []  # not strictly before
        assert storage.matches_waiting_for_bots(session) == ["m1"]
        assert storage.expire_idle(session, START + dt.timedelta(microseconds=1)) == ["m1"]
        assert storage.expire_idle(session, START + dt.timedelta(days=1)) == []
        assert storage.matches_waiting_for_bots(session) == []
    assert load(database)[0].status == "expired"


def test_messages_keep_their_order_and_parameters(database: storage.Database) -> None:
    for step, text in enumerate(["hello", "undo asked"]):
        storage.add_message(database.engine, {
            "match_id": "m1", "step": step, "kind": "chat", "seat": 0, "name": "Ann",
            "text": text, "params": {"step": step}, "created_at": START,
        })
    with database.session() as session:
        messages = storage.load_messages(session, "m1", limit=10)
    assert [(message.text, message.params) for message in messages] == [
        ("hello", {"step": 0}), ("undo asked", {"step": 1}),
    ]
