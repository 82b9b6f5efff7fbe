"""Turn-based tables: a table's pace, and the next deadline of a turn-based game in play.

Tables made before this revision are live (kept in memory while in play, as before).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("pace", sa.String(16), nullable=False, server_default="live"))
        batch.add_column(sa.Column("next_deadline", sa.Float, nullable=True))
    op.create_index("ix_tables_pace_status_deadline", "tables", ["pace", "status", "next_deadline"])


def downgrade() -> None:
    op.drop_index("ix_tables_pace_status_deadline", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("next_deadline")
        batch.drop_column("pace")
