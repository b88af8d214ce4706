"""0003_undos: count each match's undos, so that a copy acts only on the history it has seen."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_undos"
down_revision = "0002_bot_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `matches.undos`, 0 for every stored match (the undos before it were not counted:
    only a copy loaded before this migration could have seen them, and none outlives it)."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop `matches.undos`."""
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("undos")
