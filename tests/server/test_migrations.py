"""The schema's Alembic migrations (server/migrate.py) on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

from ludoteca.server import storage, tables
from ludoteca.server.migrate import BASELINE, alembic_config, migrate
from ludoteca.server.migrations.versions import r0001_baseline

HEAD = "0004_presence"
TABLES = {
    "matches", "seats", "actions", "messages", "bot_leases", "presence", "alembic_version",
}


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """Return the URL of a new SQLite file."""
    return f"sqlite:///{tmp_path / 'ludoteca.sqlite3'}"


@pytest.fixture(params=["sqlite_url", "fresh_postgres_url"])
def empty_engine(request: pytest.FixtureRequest) -> Engine:
    """Return an engine on an empty database: a SQLite file, then a new PostgreSQL database."""
    engine = storage._make_engine(request.getfixturevalue(request.param))
    request.addfinalizer(engine.dispose)
    return engine


def schema_differences(engine: Engine) -> list[object]:
    """Return what Alembic's autogenerate finds between the database and storage's models."""
    with engine.connect() as connection:
        return list(compare_metadata(MigrationContext.configure(connection), tables.Base.metadata))


def make_legacy_database(engine: Engine) -> None:
    """Write what a version before migrations left: baseline tables less some later additions.

    No `alembic_version`, no `messages` table (made by create_all when first added), no
    `matches.rematch_id` and no indexed `matches.deadline` (added by add_missing_columns); one
    running match.
    """
    r0001_baseline.metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(text("DROP TABLE messages"))
        connection.execute(text("DROP INDEX ix_matches_deadline"))
        connection.execute(text("ALTER TABLE matches DROP COLUMN deadline"))
        connection.execute(text("ALTER TABLE matches DROP COLUMN rematch_id"))
        connection.execute(text(
            "INSERT INTO matches (id, game, players, options, seed, rules_version, hotseat, "
            "status, state_id, created_at, updated_at) VALUES ('m1', 'keezen', 2, '{}', 7, "
            "'1', false, 'running', 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        ))


def test_an_empty_database_is_migrated_to_head_and_matches_the_models(
    empty_engine: Engine,
) -> None:
    assert migrate(empty_engine) == HEAD
    assert set(inspect(empty_engine).get_table_names()) == TABLES
    assert schema_differences(empty_engine) == []


def test_a_database_from_before_migrations_is_brought_to_the_baseline_then_upgraded(
    empty_engine: Engine,
) -> None:
    make_legacy_database(empty_engine)
    assert "alembic_version" not in inspect(empty_engine).get_table_names()

    assert migrate(empty_engine) == HEAD

    assert schema_differences(empty_engine) == []
    with storage.Session(empty_engine) as session:
        stored = storage.load_match(session, "m1")
    assert stored is not None
    match, actions = stored
    assert (match.seed, match.status) == (7, "running")
    assert (match.rematch_id, match.deadline) == (None, None)
    assert actions == []


def test_a_database_at_the_baseline_differs_from_the_models_by_the_later_tables(
    sqlite_url: str,
) -> None:
    engine = storage._make_engine(sqlite_url)
    with engine.connect() as connection:
        command.upgrade(alembic_config(connection), BASELINE)
        connection.commit()
    differences = schema_differences(engine)
    engine.dispose()
    added_tables = [entry[1].name for entry in differences if entry[0] == "add_table"]
    assert sorted(added_tables) == ["bot_leases", "presence"]


def test_migrating_twice_changes_nothing(empty_engine: Engine) -> None:
    assert migrate(empty_engine) == HEAD
    with empty_engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO matches (id, game, players, options, seed, rules_version, hotseat, "
            "status, state_id, created_at, updated_at) VALUES ('m1', 'keezen', 2, '{}', 7, "
            "'1', false, 'open', 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        ))

    assert migrate(empty_engine) == HEAD

    with empty_engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM matches")).scalar_one() == 1
        versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    assert [row[0] for row in versions] == [HEAD]
    assert schema_differences(empty_engine) == []


def test_processes_starting_at_once_on_one_postgresql_all_migrate_it(
    fresh_postgres_url: str,
) -> None:
    engines = [storage._make_engine(fresh_postgres_url) for _ in range(4)]
    start = threading.Barrier(len(engines))
    reached: list[str] = []
    failures: list[BaseException] = []

    def start_process(engine: Engine) -> None:
        start.wait()
        try:
            reached.append(migrate(engine))
        except BaseException as error:  # the test reports it below
            failures.append(error)

    # Daemon threads and a bounded join: without the advisory lock, racing migrations deadlock.
    threads = [
        threading.Thread(target=start_process, args=(engine,), daemon=True) for engine in engines
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    try:
        assert not any(thread.is_alive() for thread in threads), "a migration never finished"
        assert failures == []
        assert reached == [HEAD] * len(engines)
        assert schema_differences(engines[0]) == []
    finally:
        for engine in engines:
            engine.dispose()
