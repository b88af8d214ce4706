"""Alembic's migrations of the server's schema: `env.py` and one module per revision in
`versions/`. Run them with `ludoteca.server.migrate.migrate(engine)`; no alembic.ini is needed.
"""
