"""0001_baseline: the schema of the last version without migrations.

Tables matches, seats, actions and messages, as `create_all` made them. The tables are declared
here, frozen, rather than taken from storage.py: the baseline must not change when the models
do. `server/migrate.py` also uses them to bring a database of that time up to the baseline.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None

metadata = sa.MetaData()

sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("rules_version", sa.String(32), nullable=False),
    sa.Column("hotseat", sa.Boolean, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("state_id", sa.Integer, nullable=False),
    sa.Column("current_player", sa.Integer),
    sa.Column("result", sa.JSON),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False, index=True),
    sa.Column("rematch_id", sa.String(32)),
    sa.Column("clock", sa.JSON),
    sa.Column("deadline", sa.DateTime, index=True),
)

sa.Table(
    "seats",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("type", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(64)),
    sa.Column("name", sa.String(64)),
    sa.Column("token_hash", sa.String(64)),
    sa.Column("claimed", sa.Boolean, nullable=False),
    sa.Column("replaced", sa.Boolean),
    sa.Column("votes", sa.JSON),
)

sa.Table(
    "actions",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("index", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String(256), nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
)

sa.Table(
    "messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), nullable=False, index=True),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer),
    sa.Column("name", sa.String(64)),
    sa.Column("text", sa.String(500), nullable=False),
    sa.Column("params", sa.JSON),
    sa.Column("created_at", sa.DateTime, nullable=False),
)


def upgrade() -> None:
    """Create the four tables and their indexes."""
    metadata.create_all(op.get_bind(), checkfirst=False)


def downgrade() -> None:
    """Drop the four tables."""
    metadata.drop_all(op.get_bind(), checkfirst=False)
