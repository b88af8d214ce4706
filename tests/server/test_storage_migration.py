"""A database written before migrations existed gains the columns added since and keeps its rows."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect, text
from sqlalchemy.dialects import sqlite

from ludoteca.server import migrate, storage
from ludoteca.server.migrations.versions import r0001_baseline


def _columns(database: storage.Database, table: str) -> set[str]:
    return {column["name"] for column in inspect(database.engine).get_columns(table)}


def test_an_older_database_gains_the_missing_columns_and_keeps_its_rows(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = storage._make_engine(url)
    # What an earlier version wrote: its tables by create_all, without a column added later,
    # and no alembic_version.
    r0001_baseline.metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE matches DROP COLUMN rematch_id"))
        connection.execute(text(
            "INSERT INTO matches (id, game, players, options, seed, rules_version, hotseat, "
            "status, state_id, created_at, updated_at) VALUES ('m1', 'keezen', 2, '{}', 1, "
            "'1', 0, 'running', 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        ))
    engine.dispose()

    reopened = storage.Database(url)
    assert "rematch_id" in _columns(reopened, "matches")
    with reopened.session() as session:
        stored = storage.load_match(session, "m1")
    assert stored is not None
    assert stored[0].rematch_id is None
    assert stored[0].undos == 0  # a later revision's column, with its server default
    reopened.dispose()


def test_a_required_column_without_a_default_is_refused_by_name() -> None:
    from sqlalchemy import Column, Integer, MetaData, Table

    table = Table("t", MetaData(), Column("needed", Integer, nullable=False))
    try:
        migrate._add_column_sql(sqlite.dialect(), "t", table.c.needed)
    except RuntimeError as error:
        assert "t.needed" in str(error)
    else:
        raise AssertionError("a required column without a default was accepted")
