"""0004_presence: the seats each server process has a socket open for (server/presence.py)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_presence"
down_revision = "0003_undos"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `presence`, indexed by expiry so that lapsed rows are found fast."""
    op.create_table(
        "presence",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("holder", sa.String(64), primary_key=True),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_presence_expires_at", "presence", ["expires_at"])


def downgrade() -> None:
    """Drop `presence` and its index."""
    op.drop_index("ix_presence_expires_at", table_name="presence")
    op.drop_table("presence")
