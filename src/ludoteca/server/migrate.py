"""Bring a database to this version's schema with Alembic (the revisions in migrations/).

Three cases: an empty database is upgraded from nothing; a database written before migrations
existed (it has `matches` but no `alembic_version`) is first brought to the baseline the old
way, then stamped `0001_baseline` and upgraded; a migrated one runs only its missing revisions.
Several server processes may start at once on one PostgreSQL database: each first takes the
same advisory lock, so one migrates and the others then find the schema at head.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, MetaData, inspect, text
from sqlalchemy.engine import Connection, Dialect, Engine

from ludoteca.server.migrations.versions import r0001_baseline

BASELINE = r0001_baseline.revision
"""The revision of the schema the last version without migrations made."""

MIGRATION_LOCK = 0x4C55_444F_5445_4341
"""PostgreSQL advisory lock key ("LUDOTECA" in ASCII) held while a process migrates."""


def migrate(engine: Engine) -> str:
    """Upgrade the database to the newest revision; return the revision reached."""
    with engine.connect() as connection, _migration_lock(connection):
        tables = set(inspect(connection).get_table_names())
        config = alembic_config(connection)
        if "matches" in tables and "alembic_version" not in tables:
            bring_legacy_to_baseline(connection)
            command.stamp(config, BASELINE)
        command.upgrade(config, "head")
        connection.commit()
        reached = current_revision(connection)
        if reached is None:
            raise RuntimeError("the database has no revision after migrating it")
        return reached


def current_revision(connection: Connection) -> str | None:
    """Return the revision the database is stamped with, None before any migration."""
    return MigrationContext.configure(connection).get_current_revision()


def alembic_config(connection: Connection) -> Config:
    """Return Alembic's configuration for our revisions, running them on `connection`."""
    config = Config()
    # The package folder itself: an installed wheel ships migrations/ as package data.
    config.set_main_option("script_location", str(resources.files("ludoteca.server.migrations")))
    config.set_main_option("path_separator", "os")
    config.attributes["connection"] = connection
    return config


@contextmanager
def _migration_lock(connection: Connection) -> Iterator[None]:
    """Hold PostgreSQL's advisory lock MIGRATION_LOCK on `connection` (nothing elsewhere).

    SQLite needs none: one process starts first and the others wait on its file lock.
    """
    if connection.dialect.name != "postgresql":
        yield
        return
    connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
    connection.commit()
    try:
        yield
    finally:
        connection.rollback()  # a failed migration leaves its transaction aborted
        connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
        connection.commit()


def bring_legacy_to_baseline(connection: Connection) -> list[str]:
    """Give a database written before migrations the baseline's missing tables and columns.

    Return the added columns as "table.column". Those versions made missing tables with
    `create_all` and added new nullable columns by hand (add_missing_columns): this repeats
    that, against the frozen baseline, so that stamping it `0001_baseline` is true.
    """
    r0001_baseline.metadata.create_all(connection, checkfirst=True)
    return add_missing_columns(connection, r0001_baseline.metadata)


def add_missing_columns(connection: Connection, metadata: MetaData) -> list[str]:
    """Add to existing tables every nullable column `metadata` declares and they lack.

    Used only for the legacy step (bring_legacy_to_baseline): the schema's later changes are
    Alembic revisions. Return the added columns as "table.column".
    """
    present = inspect(connection)
    tables = set(present.get_table_names())
    added = []
    for table in metadata.sorted_tables:
        if table.name not in tables:
            continue
        have = {column["name"] for column in present.get_columns(table.name)}
        for column in table.columns:
            if column.name in have:
                continue
            connection.execute(text(_add_column_sql(connection.dialect, table.name, column)))
            added.append(f"{table.name}.{column.name}")
        for index in table.indexes:  # an added column's index (matches.deadline)
            index.create(connection, checkfirst=True)
    return added


def _add_column_sql(dialect: Dialect, table: str, column: Column[Any]) -> str:
    """Return the ALTER TABLE statement adding `column` (nullable, or with its server default)."""
    if not column.nullable and column.server_default is None:
        raise RuntimeError(
            f"cannot add the required column {table}.{column.name} to an existing database: "
            "give it a server default or make it nullable"
        )
    kind = column.type.compile(dialect=dialect)
    default = ""
    if column.server_default is not None:
        default = f" DEFAULT {column.server_default.arg}"  # type: ignore[attr-defined]
    return f'ALTER TABLE {table} ADD COLUMN "{column.name}" {kind}{default}'
