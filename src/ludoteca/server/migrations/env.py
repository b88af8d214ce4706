"""Alembic's environment: run the revisions on the connection that `migrate()` hands over.

Only the online mode is supported: `server/migrate.py` opens the connection (holding
PostgreSQL's advisory lock) and passes it as `config.attributes["connection"]`.
"""

from __future__ import annotations

from alembic import context

from ludoteca.server.tables import Base

connection = context.config.attributes.get("connection")
if connection is None or context.is_offline_mode():
    raise RuntimeError(
        "run Ludoteca's migrations with ludoteca.server.migrate.migrate(engine), "
        "which passes an open connection"
    )

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    # SQLite alters a table by copying it: batch mode does that for later revisions.
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
