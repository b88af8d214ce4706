"""A database written by an earlier version gains the columns this version added."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect, text

from ludoteca.server import storage


def _columns(database: storage.Database, table: str) -> set[str]:
    return {column["name"] for column in inspect(database.engine).get_columns(table)}


def test_an_older_database_gains_the_missing_columns_and_keeps_its_rows(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    database = storage.Database(url)
    with database.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO matches (id, game, players, options, seed, rules_version, hotseat, "
            "status, state_id, created_at, updated_at) VALUES ('m1', 'keezen', 2, '{}', 1, "
            "'1', 0, 'running', 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        ))
        # What an earlier version wrote: the same tables without a column added later.
        connection.execute(text("ALTER TABLE matches DROP COLUMN rematch_id"))
        assert "rematch_id" not in {
            column["name"] for column in inspect(connection).get_columns("matches")
        }
    database.dispose()

    reopened = storage.Database(url)
    assert "rematch_id" in _columns(reopened, "matches")
    with reopened.session() as session:
        stored = storage.load_match(session, "m1")
    assert stored is not None
    assert stored[0].rematch_id is None
    reopened.dispose()


def test_a_required_column_without_a_default_is_refused_by_name() -> None:
    from sqlalchemy import Column, Integer, MetaData, Table

    table = Table("t", MetaData(), Column("needed", Integer, nullable=False))
    database = storage.Database("sqlite://")
    try:
        storage._add_column_sql(database.engine, "t", table.c.needed)
    except RuntimeError as error:
        assert "t.needed" in str(error)
    else:
        raise AssertionError("a required column without a default was accepted")
    finally:
        database.dispose()
