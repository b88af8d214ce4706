"""0002_bot_leases: the table of which server process plays a match's bots (server/leases.py)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_bot_leases"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `bot_leases`, indexed by expiry so that expired leases are found fast."""
    op.create_table(
        "bot_leases",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_bot_leases_expires_at", "bot_leases", ["expires_at"])


def downgrade() -> None:
    """Drop `bot_leases` and its index."""
    op.drop_index("ix_bot_leases_expires_at", table_name="bot_leases")
    op.drop_table("bot_leases")
